"""Armies-left tails: sipolac/risk's cumulative tables, the keep:K objective, the command line.

Deep imports: the tail sums (:mod:`strategy.risk.outcomes`) and the classic kernels, against
sipolac/risk's tables and the keep:K objective.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_chain import run

from strategy.risk import Objective, Rules
from strategy.risk.classic import battle_odds
from strategy.risk.outcomes import capture_with_at_least, cumulative, defender_down_to


def test_sipolac_readme_cumulative_tables() -> None:
    # sipolac/risk README, `battle.py 5 3 --all`: "attack (cumulative)" lists P(troops on the
    # attacking territory >= k) and "defense (cumulative)" P(defenders >= k); we report
    # captures with at least k, and the defender down to at most k (one minus the next tail).
    tails = cumulative(battle_odds(5, 3).final_states)
    attack = {5: 0.24518997199359854, 4: 0.4534162413379672, 3: 0.5821053708506083}
    attack[2] = 0.6416228964559516
    assert dict(tails.attacker).keys() == attack.keys()
    for k, p in tails.attacker:
        assert float(p) == pytest.approx(attack[k], rel=1e-12)
    defence_at_least = {3: 0.13115845129680434, 2: 0.27505256769656794, 1: 0.3583771035440485}
    for k, p in tails.defender:
        above = defence_at_least.get(k + 1, 0.0)
        assert float(p) == pytest.approx(1 - above, rel=1e-12)


@settings(max_examples=40, deadline=None)
@given(
    attackers=st.integers(1, 14),
    defenders=st.integers(1, 8),
    k=st.integers(0, 15),
    count=st.sampled_from(("territory", "attacking")),
)
def test_tails_agree_with_objectives(attackers: int, defenders: int, k: int, count: str) -> None:
    rules = Rules(count=count)  # type: ignore[arg-type]
    if attackers < rules.min_attackers:
        return
    odds = battle_odds(attackers, defenders, rules)
    assert capture_with_at_least(odds.final_states, k) == odds.expectation(Objective("keep", k))
    # Down to at most k: one minus P(more than k defenders), summed state by state.
    more = sum((p for _, d, p in odds.final_states if d > k), Fraction(0))
    assert defender_down_to(odds.final_states, k) == 1 - more
    assert defender_down_to(odds.final_states, 0) == odds.win_probability


def test_float_distributions_give_floats() -> None:
    finals = battle_odds(4, 2, exact=False).final_states
    assert isinstance(capture_with_at_least(finals, 99), float)


def test_cli_left(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "risk", "left", "5", "3", "--at-least", "4", "--json")
    assert status == 0
    obj = json.loads(out)
    (entry,) = obj["capture_with_at_least"]
    assert entry["armies"] == 4
    assert entry["probability"] == pytest.approx(0.4534162413379672, rel=1e-12)  # sipolac
    assert obj["defender_at_most"] == []
    status, out, _ = run(capsys, "risk", "left", "5", "3")
    assert status == 0 and "P(defender worn down to at most K armies)" in out


def test_cli_left_error_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "risk", "left", "5", "3", "--at-most", "-1")
    assert status == 2 and "must not be negative" in err and len(err.strip().splitlines()) == 1
