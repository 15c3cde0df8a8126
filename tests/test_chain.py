"""Attack chains: published values, an independent step-by-step recursion, the command line.

Deep imports: the chain and classic kernels (:mod:`strategy.risk.paths`,
:mod:`strategy.risk.classic`), against published values and an independent step-by-step recursion.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.risk import Rules
from strategy.risk.classic import battle_odds, classic_steps
from strategy.risk.paths import chain_odds
from tests.helpers import run, run_example

ROOT = Path(__file__).resolve().parent.parent
SIPOLAC_RULES = [Rules(defender_sides=s) for s in (6, 8, 6)]


def test_sipolac_readme_three_territories() -> None:
    # sipolac/risk README: `battle.py 5 3 2 1 --dsides 6 8 6 --all`. Its outcomes are
    # (territory index, troops on the attacking territory, defenders); after taking the
    # last territory we count the armies moved into it, one fewer than its "attack" column.
    published = {
        (0, 1, 1): 0.08332453584748056,
        (0, 1, 2): 0.1438941163997636,
        (0, 1, 3): 0.13115845129680434,
        (1, 1, 1): 0.09612780006053091,
        (1, 1, 2): 0.38715323159729165,
        (2, 1, 1): 0.09326837465921452,
        (3, 1, 0): 0.03540994291874709,
        (3, 2, 0): 0.029663547220175827,
    }
    odds = chain_odds(5, (3, 2, 1), SIPOLAC_RULES)
    got = {(o.captured, o.armies, o.defenders): o.probability for o in odds.outcomes}
    assert got.keys() == published.keys()
    for key, value in published.items():
        assert float(got[key]) == pytest.approx(value, rel=1e-12)
    wins = (0.64162289645596, 0.15834186479813744, 0.06507349013892291)
    assert [float(p) for p in odds.capture_probabilities] == pytest.approx(wins, rel=1e-12)
    assert sum(got.values()) == 1


def reference(
    attackers: int, path: tuple[int, ...], rules: tuple[Rules, ...], leave: int
) -> dict[tuple[int, int, int], Fraction]:
    """The chain as one Markov chain over (territory, armies, defenders), roll by roll."""

    @cache
    def ends(t: int, armies: int, d: int) -> tuple[tuple[tuple[int, int, int], Fraction], ...]:
        here = rules[t] if t == 0 else replace(rules[t], stay_behind=leave)
        stay = here.stay_behind
        count = armies - stay + here.offset
        if armies <= stay or here.attacker_dice_for(count) == 0:
            return (((t, armies, d), Fraction(1)),)
        out: dict[tuple[int, int, int], Fraction] = {}
        for lost_a, lost_d, p in classic_steps(here, count, d):
            after, left = armies - lost_a, d - lost_d
            if left > 0:
                nxt: tuple[tuple[tuple[int, int, int], Fraction], ...] = ends(t, after, left)
            elif t + 1 == len(path):
                nxt = (((t + 1, after - stay, 0), Fraction(1)),)
            else:
                nxt = ends(t + 1, after - stay, path[t + 1])
            for key, q in nxt:
                out[key] = out.get(key, Fraction(0)) + p * q
        return tuple(out.items())

    start = attackers + rules[0].stay_behind - rules[0].offset
    return dict(ends(0, start, path[0]))


@settings(max_examples=40, deadline=None)
@given(
    attackers=st.integers(1, 12),
    path=st.lists(st.integers(1, 4), min_size=1, max_size=3),
    leave=st.integers(1, 3),
    sides=st.lists(st.sampled_from((6, 8)), min_size=3, max_size=3),
    stay=st.integers(1, 2),
    count=st.sampled_from(("territory", "attacking")),
)
def test_chain_matches_a_roll_by_roll_recursion(
    attackers: int, path: list[int], leave: int, sides: list[int], stay: int, count: str
) -> None:
    rules = tuple(
        Rules(defender_sides=s, stay_behind=stay, count=count)  # type: ignore[arg-type]
        for s in sides[: len(path)]
    )
    if attackers < rules[0].min_attackers:
        return
    odds = chain_odds(attackers, path, rules, leave=leave)
    got = {(o.captured, o.armies, o.defenders): o.probability for o in odds.outcomes}
    assert got == reference(attackers, tuple(path), rules, leave)


@settings(max_examples=30, deadline=None)
@given(attackers=st.integers(1, 15), defenders=st.integers(1, 8), dice=st.integers(1, 3))
def test_one_territory_is_one_battle(attackers: int, defenders: int, dice: int) -> None:
    rules = Rules(defender_dice=dice)
    battle = battle_odds(attackers, defenders, rules)
    chain = chain_odds(attackers, (defenders,), rules)
    assert chain.win_probability == battle.win_probability
    # After the capture every army but the one that stays behind moves in.
    expected = {(int(d == 0), a - (d == 0), d): p for a, d, p in battle.final_states}
    assert {(o.captured, o.armies, o.defenders): o.probability for o in chain.outcomes} == expected


def test_armies_are_conserved_or_lost() -> None:
    odds = chain_odds(12, (2, 2, 2), leave=2)
    assert sum(o.probability for o in odds.outcomes) == 1
    assert all(1 <= odds.armies_left(o) <= 12 for o in odds.outcomes)
    # A full conquest without a loss keeps all 12: 1 + 2 + 2 behind, 7 in the last territory.
    assert (3, 7, 0) in {(o.captured, o.armies, o.defenders) for o in odds.outcomes}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"defenders": ()}, "at least one territory"),
        ({"defenders": (2, 0)}, ">= 1 defender"),
        ({"leave": 0}, "leave must be"),
        ({"rules": [Rules()] * 2}, "one per territory (3)"),
    ],
)
def test_bad_chains(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"attackers": 5, "defenders": (1, 1, 1)} | kwargs
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        chain_odds(**args)  # type: ignore[arg-type]


def test_cli_chain_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "risk", "chain", "5", "3", "2", "1", "--defender-sides", "6,8,6", "--json"
    )
    assert status == 0
    obj = json.loads(out)
    assert obj["win_probability"] == pytest.approx(0.06507349013892291, rel=1e-12)  # sipolac
    assert sum(Fraction(o["probability_exact"]) for o in obj["outcomes"]) == 1
    assert [c["defenders"] for c in obj["capture_probabilities"]] == [3, 2, 1]
    assert [r["defender_sides"] for r in obj["rules"]] == [6, 8, 6]


def test_cli_chain_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "risk", "chain", "10", "5", "3", "2", "--leave", "2")
    assert status == 0
    assert "P(conquering all 3)" in out and "took all 3" in out and "\x1b[" not in out


def test_attack_plan_example_runs() -> None:
    result = run_example("attack_plan.py")
    assert result.returncode == 0, result.stderr
    assert "17 armies" in result.stdout
