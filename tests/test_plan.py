"""Optimal turn plans (strategy.risk.turns): against attack chains, a brute force over every
policy, every fixed chain, the engine's own solver and a Monte Carlo run.

Deep imports: the turn planner's parts (:mod:`strategy.risk.turns`), against attack chains, brute
force, the engine's solver and Monte Carlo runs.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import product
from typing import NamedTuple

from hypothesis import given, settings
from hypothesis import strategies as st

from strategy import solve
from strategy.engine import check_game
from strategy.risk import classic_map
from strategy.risk.paths import chain_odds
from strategy.risk.turns.baselines import AttackEverything, Chain, chains, compare
from strategy.risk.turns.building import build_turn, parse_armies, path_turn
from strategy.risk.turns.follow import play_forward
from strategy.risk.turns.game import TurnGame
from strategy.risk.turns.maps import map_from_json
from strategy.risk.turns.model import MoveIn, Turn
from strategy.risk.turns.objectives import TurnObjective
from strategy.risk.turns.rollouts import simulate_plan
from strategy.risk.turns.size import state_bound
from strategy.risk.turns.solve import plan_turn

OBJECTIVES = [TurnObjective.parse(t) for t in ("capture-all", "territories", "value:2", "keep:3")]
MOVE_INS: tuple[MoveIn, ...] = ("classic", "any")


# --- On a path with one stack the plan is the attack chain -------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 12), st.lists(st.integers(1, 4), min_size=1, max_size=3))
def test_a_path_is_the_chain(origin: int, defenders: list[int]) -> None:
    odds = chain_odds(origin, defenders)
    turn = path_turn(origin, defenders)
    chain = Chain(0, tuple(range(1, len(defenders) + 1)))
    # Restricted to the order with all but one moving in, and left free: both are the chain
    # (on a path leaving armies behind or stopping can only lower these objectives).
    assert plan_turn(turn, restriction=chain).value == odds.win_probability
    assert plan_turn(turn).value == odds.win_probability
    expected_taken = sum(odds.capture_probabilities, Fraction(0))
    territories = path_turn(origin, defenders, objective=TurnObjective("territories"))
    assert plan_turn(territories, restriction=chain).value == expected_taken
    assert plan_turn(territories).value == expected_taken


# --- A brute force over every policy, written from the rules alone ------------------------


@cache
def roll(attacker_dice: int, defender_dice: int) -> tuple[tuple[int, int, Fraction], ...]:
    """(attacker losses, defender losses, probability), from every throw of six-sided dice."""
    counts: dict[tuple[int, int], int] = {}
    throws = list(product(range(1, 7), repeat=attacker_dice + defender_dice))
    for faces in throws:
        high = sorted(faces[:attacker_dice], reverse=True)
        low = sorted(faces[attacker_dice:], reverse=True)
        killed = sum(a > d for a, d in zip(high, low, strict=False))
        key = (min(attacker_dice, defender_dice) - killed, killed)
        counts[key] = counts.get(key, 0) + 1
    return tuple((a, d, Fraction(n, len(throws))) for (a, d), n in sorted(counts.items()))


class Tiny(NamedTuple):
    """A tiny map: borders, the attacker's armies, the others', and the target."""

    edges: list[tuple[int, int]]
    mine: dict[int, int]
    theirs: dict[int, int]
    target: set[int]


def brute_force(tiny: Tiny, objective: TurnObjective, move_in: MoveIn) -> set[Fraction]:
    """The expected payoff of every policy (any history-dependent rule of stopping,
    attacking and moving in), by walking the whole tree of the turn."""
    edges, mine, theirs, target = tiny
    near = {i: {j for e in edges for j in e if i in e and j != i} for i in {*mine, *theirs}}
    start = sum(mine.values())

    def payoff(owned: frozenset[int], armies: tuple[tuple[int, int], ...]) -> Fraction:
        counts = dict(armies)
        held = target <= owned
        taken = len((owned - set(mine)) & target)
        left = sum(counts[i] for i in owned)
        if objective.kind == "capture-all":
            return Fraction(held)
        if objective.kind == "territories":
            return Fraction(taken)
        if objective.kind == "value":
            return Fraction(objective.amount * held + taken - (start - left))
        return Fraction(held and max(counts[i] for i in owned) >= objective.amount)

    @cache
    def values(owned: frozenset[int], armies: tuple[tuple[int, int], ...]) -> frozenset[Fraction]:
        counts = dict(armies)
        found = {payoff(owned, armies)}  # stopping
        for s in owned:
            for t in near[s] - owned:
                if counts[s] < 2:
                    continue
                dice = min(3, counts[s] - 1)
                sums = {Fraction(0)}
                for lost, killed, p in roll(dice, min(2, counts[t])):
                    after = dict(counts)
                    after[s] -= lost
                    after[t] -= killed
                    if after[t] == 0:
                        low = 1 if move_in == "any" else dice
                        options: set[Fraction] = set()
                        for m in range(low, after[s]):
                            moved = after | {s: after[s] - m, t: m}
                            options |= values(owned | {t}, tuple(sorted(moved.items())))
                    else:
                        options = set(values(owned, tuple(sorted(after.items()))))
                    sums = {x + p * v for x in sums for v in options}
                found |= sums
        return frozenset(found)

    armies = tuple(sorted((mine | theirs).items()))
    return set(values(frozenset(mine), armies))


def tiny_turn(tiny: Tiny, objective: TurnObjective, move_in: MoveIn = "classic") -> Turn:
    edges, mine, theirs, target = tiny
    names = sorted({*mine, *theirs})
    board = map_from_json(
        {
            "territories": [str(i) for i in names],
            "adjacency": {
                str(i): [str(j) for e in edges for j in e if i in e and j != i] for i in names
            },
        }
    )
    return build_turn(
        board,
        {str(i): a for i, a in mine.items()},
        {str(i): d for i, d in theirs.items()},
        [str(i) for i in sorted(target)],
        [str(i) for i in names],
        objective=objective,
        move_in=move_in,
    )


TINY = [
    # A triangle: one stack, two enemies bordering it and each other.
    Tiny([(0, 1), (0, 2), (1, 2)], {0: 5}, {1: 1, 2: 2}, {1, 2}),
    # Two stacks, one enemy between them and one beyond.
    Tiny([(0, 2), (1, 2), (2, 3)], {0: 3, 1: 4}, {2: 2, 3: 1}, {2, 3}),
    # A star: the enemies border only the stack; the target is one of them.
    Tiny([(0, 1), (0, 2)], {0: 6}, {1: 1, 2: 1}, {2}),
]


def test_the_plan_is_the_best_of_every_policy() -> None:
    for tiny in TINY:
        for objective in OBJECTIVES:
            for move_in in MOVE_INS:
                every = brute_force(tiny, objective, move_in)
                turn = tiny_turn(tiny, objective, move_in)
                plan = plan_turn(turn)
                assert plan.value == max(every), (tiny, objective, move_in)
                # The baselines are policies too: their values are among the brute force's.
                for restriction in (*chains(turn), AttackEverything()):
                    assert plan_turn(turn, restriction=restriction).value in every


# --- Random small maps -------------------------------------------------------------------


def random_borders(draw: st.DrawFn, size: int) -> set[tuple[int, int]]:
    """The borders of a random connected map of ``size`` territories."""
    # A random tree keeps the map connected; extra borders make it a graph.
    edges = {(draw(st.integers(0, i - 1)), i) for i in range(1, size)}
    for i in range(size):
        for j in range(i + 1, size):
            if draw(st.booleans()) and draw(st.booleans()):
                edges.add((i, j))
    return edges


@st.composite
def small_turns(draw: st.DrawFn) -> Turn:
    size = draw(st.integers(3, 5))
    edges = random_borders(draw, size)
    mine_count = draw(st.integers(1, 2))
    mine = {i: draw(st.integers(2, 7)) for i in range(mine_count)}
    theirs = {i: draw(st.integers(1, 3)) for i in range(mine_count, size)}
    target = set(draw(st.lists(st.sampled_from(sorted(theirs)), min_size=1, unique=True)))
    objective = draw(st.sampled_from(OBJECTIVES))
    move_in = draw(st.sampled_from(MOVE_INS))
    return tiny_turn(Tiny(sorted(edges), mine, theirs, target), objective, move_in)


@settings(max_examples=20, deadline=None)
@given(small_turns())
def test_the_plan_beats_every_fixed_order(turn: Turn) -> None:
    plan = plan_turn(turn)
    for chain in chains(turn):
        assert plan.value >= plan_turn(turn, restriction=chain).value
    assert plan.value >= plan_turn(turn, restriction=AttackEverything()).value
    comparison = compare(plan)
    assert comparison.chain_value is None or comparison.chain_value <= plan.value


@settings(max_examples=15, deadline=None)
@given(small_turns())
def test_the_engine_agrees_and_probability_is_conserved(turn: Turn) -> None:
    plan = plan_turn(turn)
    game = TurnGame(turn)
    assert solve(game).value == plan.value
    # The level solver does not split fronts: its states are bounded without them.
    assert plan.states <= state_bound(turn, fronts=False)
    assert sum(play_forward(plan).ends.values()) == 1
    floats = plan_turn(turn, exact=False)
    # Round-off, and float ties (within 1e-12 of the largest payoff) taken either way.
    assert abs(floats.value - float(plan.value)) <= 1e-9 * max(1.0, abs(float(plan.value)))
    # Without the classic minimum the attacker has more choice, never less.
    if turn.move_in == "classic":
        freer = replace(turn, move_in="any")
        assert plan_turn(freer).value >= plan.value


def test_the_game_keeps_the_protocol() -> None:
    report = check_game(TurnGame(tiny_turn(TINY[1], OBJECTIVES[2])))
    assert report.ok, report.problems


# --- The classic board -------------------------------------------------------------------


def classic(attacker: str, defenders: str, target: str, **options: object) -> Turn:
    board = classic_map(disputed=bool(options.pop("disputed", True)))
    return build_turn(
        board,
        parse_armies(board, attacker),
        parse_armies(board, defenders),
        target,
        **options,  # type: ignore[arg-type]
    )


def test_australia_and_south_america_are_the_same_graph() -> None:
    # Siam-Indonesia-{New Guinea, Western Australia}-Eastern Australia is Central
    # America-Venezuela-{Brazil, Peru}-Argentina, border for border, unless the disputed
    # New Guinea-Western Australia border (Brazil-Peru's twin) is left out.
    south = classic("Central America=9", "Venezuela=2,Brazil=1,Peru=3,Argentina=2", "South America")
    east = "Indonesia=2,New Guinea=1,Western Australia=3,Eastern Australia=2"
    assert plan_turn(classic("Siam=9", east, "Australia")).value == plan_turn(south).value
    cut = plan_turn(classic("Siam=9", east, "Australia", disputed=False)).value
    assert cut <= plan_turn(south).value  # fewer borders never help the attacker


def test_monte_carlo_agrees_with_the_exact_value() -> None:
    # Seeded, so this cannot flake; each interval misses a correct value 5% of the time at
    # most, so a fresh seed would fail about once in 20 runs per check.
    turn = classic("Central America=14", "Venezuela=2,Brazil=3,Peru=1,Argentina=2", "South America")
    plan = plan_turn(turn)
    assert simulate_plan(plan, trials=20_000, seed=11).estimate.contains(plan.value)
    # Two stacks and the value objective: switching attacks, banked armies, a mean.
    two = classic(
        "Central America=7,North Africa=6",
        "Venezuela=2,Brazil=2,Peru=1,Argentina=1",
        "South America",
        objective=TurnObjective("value", 2),
    )
    plan = plan_turn(two)
    assert simulate_plan(plan, trials=20_000, seed=12).estimate.contains(plan.value)


def test_a_plan_report_is_a_dataframe_and_a_table_in_notebooks() -> None:
    """Like odds, tables and placements: to_pandas() and an HTML table, not text in <pre>."""
    from strategy import risk
    from strategy.risk.turns.report import BASELINE_ZERO

    report = risk.plan(
        attackers={"Brazil": 8}, target="Africa",
        defenders="North Africa=1,Egypt=1,East Africa=1,Congo=1,South Africa=1,Madagascar=1",
    )  # fmt: skip
    c = report.comparison
    assert c is not None and c.chain_value is not None
    frame = report.to_pandas(fractions=True)
    assert list(frame["value"]) == [report.plan.value, c.chain_value, c.attack_everything]
    assert list(frame["optimal gains"]) == [report.plan.value - v for v in frame["value"]]
    assert frame.index[0] == "optimal plan" and frame.index[1].startswith("best fixed chain (")
    assert list(report.to_pandas()["value"]) == [float(v) for v in frame["value"]]
    page = report._repr_html_()
    assert "<pre>" not in page and page.count("<tr>") == 4 and "First decision: attack" in page
    # Moving everything in never holds Africa from Brazil: said why, not left to look a bug.
    assert c.attack_everything == 0 < report.plan.value
    assert BASELINE_ZERO in report.text()
