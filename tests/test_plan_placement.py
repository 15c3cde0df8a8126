"""Placing armies before a turn (strategy.risk.turns.reinforcement, .fortification): against
every placement followed by the plan, against a from-scratch recursion over the dice on tiny
maps, and against Monte Carlo runs.

Deep imports: the placement searches, against every placement, a from-scratch recursion and Monte
Carlo runs.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import pairwise, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.engine import Budget, InputError, TooLarge, use_budget
from strategy.risk import fortify
from strategy.risk.turns.calls import reinforce
from strategy.risk.turns.fortification import fortify_turn
from strategy.risk.turns.model import Turn
from strategy.risk.turns.objectives import TurnObjective
from strategy.risk.turns.placement import live_mask, place, slots
from strategy.risk.turns.reinforcement import On, Reinforcement, best_reinforcement, eligible
from strategy.risk.turns.rollouts import simulate_plan
from strategy.risk.turns.solve import Value, plan_turn
from tests.test_plan import MOVE_INS, OBJECTIVES, Tiny, random_borders, roll, tiny_turn


def every_placement(total: int, parts: int, least: int = 0) -> list[tuple[int, ...]]:
    """Every way to share ``total`` among ``parts`` with ``least`` or more each, by brute
    force over all tuples (not the package's enumeration)."""
    return [
        armies for armies in product(range(least, total + 1), repeat=parts) if sum(armies) == total
    ]


def plan_value(turn: Turn, where: tuple[int, ...], armies: tuple[int, ...]) -> Value:
    return plan_turn(place(turn, where, armies)).value


def reply_value(turn: Turn, reinforcements: int, on: On) -> Value:
    """The attacker's best over every placement of its reinforcements, each planned."""
    places = eligible(turn, on)
    return max(plan_value(turn, places, a) for a in every_placement(reinforcements, len(places)))


@st.composite
def small_turns(draw: st.DrawFn) -> Turn:
    """A random connected map of 3 to 8 territories, one to five of them the attacker's,
    sometimes with a part that cannot reach the target (which the dominance merges); any
    objective and move-in rule."""
    size = draw(st.integers(3, 5))
    edges = random_borders(draw, size)
    mine_count = draw(st.integers(1, min(3, size - 1)))
    mine = {i: draw(st.integers(1, 5)) for i in range(mine_count)}
    theirs = {i: draw(st.integers(1, 2)) for i in range(mine_count, size)}
    target = set(draw(st.lists(st.sampled_from(sorted(theirs)), min_size=1, unique=True)))
    if draw(st.booleans()):
        # A side part no army of which can reach the target: two territories of the
        # attacker's bordering its first, and perhaps an enemy beyond them.
        mine |= {size: draw(st.integers(1, 5)), size + 1: draw(st.integers(1, 5))}
        edges |= {(0, size), (0, size + 1)}
        if draw(st.booleans()):
            theirs[size + 2] = draw(st.integers(1, 2))
            edges |= {(size, size + 2), (size + 1, size + 2)}
    objective = draw(st.sampled_from(OBJECTIVES))
    move_in = draw(st.sampled_from(MOVE_INS))
    return tiny_turn(Tiny(sorted(edges), mine, theirs, target), objective, move_in)


# --- Reinforcement: the best of every placement ------------------------------------------


@settings(max_examples=25, deadline=None)
@given(small_turns(), st.integers(0, 3), st.sampled_from(("border", "any")))
def test_reinforce_is_the_best_of_every_placement(turn: Turn, total: int, on: On) -> None:
    try:
        places = eligible(turn, on)
    except InputError:
        return  # no territory borders the target: refused, as the test below checks
    found = best_reinforcement(turn, total, on=on)
    every = {a: plan_value(turn, places, a) for a in every_placement(total, len(places))}
    assert found.value == max(every.values())
    assert found.best.value == every[found.best.added]
    assert found.placements == len(every)
    assert (
        found.plan.value == found.value
        and found.plan.turn.armies == place(turn, places, found.best.added).armies
    )
    for naive in (found.strongest, found.nearest):
        assert naive.value == every[naive.added] and sum(naive.added) == total
        assert sum(a > 0 for a in naive.added) <= 1
    others = [v for a, v in every.items() if a != found.best.added]
    if found.searched == found.placements:  # nothing merged: the runner-up is the second
        assert (found.runner_up is None) == (not others)
        if found.runner_up is not None:
            assert found.runner_up.value == max(others)
    elif found.runner_up is not None:
        assert found.runner_up.value == every[found.runner_up.added]


def test_dominance_merges_what_cannot_reach_the_target() -> None:
    # 0 (the attacker's) borders only 1 (the attacker's); 2 borders enemy 4, which is not in
    # the target and borders nothing else; 3 borders the target 5.
    edges = [(0, 1), (1, 3), (2, 4), (3, 5), (1, 2)]
    tiny = Tiny(edges, {0: 4, 1: 1, 2: 2, 3: 3}, {4: 2, 5: 2}, {5})
    turn = tiny_turn(tiny, TurnObjective.parse("keep:5"))
    live = [turn.names[t] for t in range(turn.size) if live_mask(turn) >> t & 1]
    assert live == ["3", "5"]
    mine = eligible(turn, "any")
    # 0, 1 and 2 are merged into the strongest of them, 0.
    assert [turn.names[t] for t in slots(turn, mine, attacker=True)] == ["0", "3"]
    found = best_reinforcement(turn, 2, on="any")
    assert found.searched == 3 and found.placements == 10
    every = [plan_value(turn, mine, a) for a in every_placement(2, len(mine))]
    assert found.value == max(every)


# --- Fortification: the minimum over every placement of the attacker's best -------------


@settings(max_examples=15, deadline=None)
@given(small_turns(), st.integers(0, 2), st.integers(0, 1), st.sampled_from(("border", "any")))
def test_fortify_is_the_minimum_of_every_placement(
    turn: Turn, spare: int, total: int, on: On
) -> None:
    enemies = tuple(t for t in range(turn.size) if not turn.attacker >> t & 1)
    try:
        eligible(turn, on)
    except InputError:
        return
    armies = len(enemies) + spare
    found = fortify_turn(turn, armies, reinforcements=total, on=on)
    base = place(turn, enemies, tuple(1 - turn.armies[t] for t in enemies))
    every = {
        added: reply_value(place(base, enemies, added), total, on)
        for added in every_placement(spare, len(enemies))
    }
    assert found.value == min(every.values())
    assert found.value == every[found.best.added]
    assert found.even.value == every[found.even.added]
    assert found.border.value == every[found.border.added]
    assert found.placements == len(every)
    assert found.plan.value == found.value


# --- A from-scratch recursion over the dice, on tiny maps --------------------------------


def optimal_value(tiny: Tiny, objective: TurnObjective) -> Fraction:
    """The best expected payoff of the turn, by recursion over every roll and choice,
    written from the rules (no code of the planner)."""
    edges, mine, theirs, target = tiny
    near = {i: {j for e in edges for j in e if i in e and j != i} for i in {*mine, *theirs}}
    start = sum(mine.values())

    def payoff(owned: frozenset[int], counts: dict[int, int]) -> Fraction:
        held = target <= owned
        taken = len((owned - set(mine)) & target)
        if objective.kind == "capture-all":
            return Fraction(held)
        if objective.kind == "territories":
            return Fraction(taken)
        if objective.kind == "value":
            return Fraction(objective.amount * held + taken - start + sum(counts[i] for i in owned))
        return Fraction(held and max(counts[i] for i in owned) >= objective.amount)

    @cache
    def value(owned: frozenset[int], armies: tuple[tuple[int, int], ...]) -> Fraction:
        counts = dict(armies)
        best = payoff(owned, counts)
        for s in owned:
            for t in near[s] - owned:
                if counts[s] < 2:
                    continue
                dice = min(3, counts[s] - 1)
                total = Fraction(0)
                for lost, killed, p in roll(dice, min(2, counts[t])):
                    after = counts | {s: counts[s] - lost, t: counts[t] - killed}
                    if after[t]:
                        total += p * value(owned, tuple(sorted(after.items())))
                        continue
                    total += p * max(
                        value(owned | {t}, tuple(sorted((after | {s: after[s] - m, t: m}).items())))
                        for m in range(dice, after[s])
                    )
                best = max(best, total)
        return best

    return value(frozenset(mine), tuple(sorted((mine | theirs).items())))


def minimax(tiny: Tiny, objective: TurnObjective, armies: int, reinforcements: int) -> Fraction:
    """min over the defender's placements (one army or more each) of max over the
    attacker's placements (on any of its territories) of the optimal value."""
    edges, mine, theirs, target = tiny
    enemies, own = sorted(theirs), sorted(mine)
    return min(
        max(
            optimal_value(
                Tiny(
                    edges,
                    {t: mine[t] + a for t, a in zip(own, extra, strict=True)},
                    dict(zip(enemies, placed, strict=True)),
                    target,
                ),
                objective,
            )
            for extra in every_placement(reinforcements, len(own))
        )
        for placed in every_placement(armies, len(enemies), least=1)
    )


TINY_GAMES = [
    # A path: the attacker, then two territories to take.
    (Tiny([(0, 1), (1, 2)], {0: 4}, {1: 1, 2: 1}, {1, 2}), 3, 0),
    (Tiny([(0, 1), (1, 2)], {0: 3}, {1: 1, 2: 1}, {1, 2}), 3, 1),
    # A triangle: both enemies border the attacker and each other.
    (Tiny([(0, 1), (0, 2), (1, 2)], {0: 5}, {1: 1, 2: 1}, {1, 2}), 4, 0),
    # Two of the attacker's territories around one enemy; reinforcements choose between them.
    (Tiny([(0, 2), (1, 2)], {0: 2, 1: 3}, {2: 1}, {2}), 3, 2),
]


@pytest.mark.parametrize(("tiny", "armies", "reinforcements"), TINY_GAMES)
def test_fortify_agrees_with_a_recursion_over_the_dice(
    tiny: Tiny, armies: int, reinforcements: int
) -> None:
    for objective in (*OBJECTIVES[:3], TurnObjective("keep", 2)):
        turn = tiny_turn(tiny, objective)
        found = fortify_turn(turn, armies, reinforcements=reinforcements, on="any")
        assert found.value == minimax(tiny, objective, armies, reinforcements), objective


# --- Monte Carlo -------------------------------------------------------------------------


def into_south_america(attackers: str, reinforcements: int, on: On = "border") -> Reinforcement:
    """The attacker's best reinforcement against South America held with 2, 2, 1, 1."""
    return reinforce(
        attackers=attackers,
        defenders="Venezuela=2, Brazil=2, Peru=1, Argentina=1",
        target="South America",
        reinforcements=reinforcements,
        on=on,
    )


def test_monte_carlo_brackets_the_exact_values() -> None:
    # Seeded, so this cannot flake; each 95% interval would miss a correct value one run in
    # twenty with a fresh seed.
    found = into_south_america("Central America=5, North Africa=4", 3, on="any")
    run = simulate_plan(found.plan, trials=20_000, seed=21)
    assert run.estimate.contains(found.value)
    game = fortify(attackers="Siam=9", armies=6, target="Australia", objective="territories")
    run = simulate_plan(game.plan, trials=20_000, seed=22)
    assert run.estimate.contains(game.value)


def test_fortify_along_a_path_needs_no_territory_on_the_target() -> None:
    # Central America borders Venezuela, not Brazil: without reinforcements nothing needs
    # to border the target.
    game = fortify(attackers="Central America=8", armies=3, target="Brazil", region="Venezuela")
    assert game.names == ("Brazil", "Venezuela")
    every = [
        reinforce(
            attackers="Central America=8",
            defenders=f"Brazil={b}, Venezuela={3 - b}",
            target="Brazil",
            region="Venezuela",
            reinforcements=0,
            on="any",
        ).value
        for b in (1, 2)
    ]
    assert game.value == min(every)


# --- Bad input and refusals --------------------------------------------------------------


def test_bad_requests_say_why() -> None:
    turn = tiny_turn(TINY_GAMES[0][0], OBJECTIVES[0])
    with pytest.raises(InputError, match="at least one army on each of its 2 territories"):
        fortify_turn(turn, 1)
    with pytest.raises(InputError, match="whole number >= 0"):
        best_reinforcement(turn, -1)
    with pytest.raises(InputError, match="'border' or 'any'"):
        best_reinforcement(turn, 1, on="edge")  # type: ignore[arg-type]
    path = Tiny([(0, 1), (1, 2)], {0: 4}, {1: 1, 2: 1}, {2})
    with pytest.raises(InputError, match="none of the attacker's territories borders"):
        best_reinforcement(tiny_turn(path, OBJECTIVES[0]), 1)
    with pytest.raises(InputError, match="it is the attacker's"):
        fortify_turn(turn, 3, territories=(0, 1))


def test_too_much_work_is_refused_up_front() -> None:
    with use_budget(Budget(seconds=1)), pytest.raises(TooLarge, match=r"[\d,]+ plans of up to"):
        fortify(attackers="Siam=30", armies=40, target="Australia", reinforce=10)


def test_progress_is_reported_to_the_end() -> None:
    seen: list[tuple[int, int]] = []
    fortify(
        attackers="Siam=6",
        armies=7,
        target="Australia",
        reinforce=1,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen and seen[-1][0] == seen[-1][1]
    assert all(a <= b for (a, _), (b, _) in pairwise(seen))


# --- What the results show -----------------------------------------------------------------


def test_results_show_as_json_and_in_notebooks() -> None:
    found = into_south_america("Central America=3, North Africa=3", 2)
    data = found.to_json()
    assert Fraction(data["best"]["value_exact"]) == found.value
    assert data["best"]["placement"] == found.best.named(found.names)
    assert len(data["scores"]) == found.searched == data["placements"] == 3
    page = found._repr_html_()
    assert page.count("<tr>") == 5 and f"{float(found.value):.6f}" in page
    game = fortify(attackers="Siam=6", armies=5, target="Australia")
    data = game.to_json()
    assert Fraction(data["best"]["value_exact"]) == game.value
    assert sum(data["best"]["placement"].values()) == 5
    assert game._repr_html_().count("<tr>") == 4
    assert "plan=" not in repr(game) and "best=Placed(" in repr(game)
    frame = game.to_pandas(fractions=True)
    assert frame.loc["best fortification", "value"] == game.value
    assert frame.loc["best fortification", list(game.names)].sum() == 5


def test_a_fortifications_repr_counts_the_armies_as_its_report_does() -> None:
    """The defender's one army each is part of what it holds: repr and text say the same."""
    from strategy import risk

    found = risk.fortify(attackers={"Siam": 8}, target="Australia", armies=9)
    held = found.fortified.armies  # the turn after the best fortification
    expected = {found.turn.names[t]: held[t] for t in found.territories}
    assert sum(expected.values()) == 9
    assert f"best=Placed(armies={expected!r}" in repr(found)
    assert ", ".join(f"{n} {a}" for n, a in expected.items()) in found.text()
