"""The compact induction (strategy.risk.turns.compact, the exact path) and its split into
fronts (strategy.risk.turns.fronts) against the general induction it replaces for
unrestricted exact plans: the same Fractions at every state that induction visits, the
same choices, and the size bound still a bound (floats: tests/test_plan_levels.py).

Deep imports: the compact induction and its fronts, against the general induction.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from strategy.engine import Budget, TooLarge, use_budget
from strategy.risk.turns.compact import Codec
from strategy.risk.turns.fronts import Fronts
from strategy.risk.turns.model import Turn, TurnState
from strategy.risk.turns.objectives import TurnObjective
from strategy.risk.turns.size import _one_front_sizes, state_bound
from strategy.risk.turns.solve import COMPACT_BYTES, TurnPlan, plan_cost, plan_turn
from tests.test_plan import MOVE_INS, OBJECTIVES, Tiny, classic, tiny_turn


def assert_same(turn: Turn, *, exact: bool) -> TurnPlan:
    """Both inductions on ``turn``: every value the general one found, and (exact) every
    choice, must come out of the compact one."""
    general = plan_turn(turn, exact=exact, method="states")
    compact = plan_turn(turn, exact=exact)
    assert compact.start == general.start and compact.bank == general.bank
    for state, value in general.values.items():
        if exact:
            assert compact.values[state] == value, state
            assert compact.policy[state] == general.policy[state], state
        else:
            assert abs(compact.values[state] - value) <= 1e-12, state
    assert compact.value == general.value if exact else abs(compact.value - general.value) <= 1e-12
    assert general.states <= state_bound(turn, fronts=False)
    assert compact.states <= state_bound(turn)
    return compact


#: The most states (the general solver's bound) a random map of the property tests may have.
MAX_RANDOM_STATES = 20_000


@st.composite
def turns(draw: st.DrawFn) -> Turn:
    """Random connected maps of 3 to 7 territories, one to three stacks: with several
    stacks and branches, states split into fronts."""
    size = draw(st.integers(3, 7))
    edges = {(draw(st.integers(0, i - 1)), i) for i in range(1, size)}
    for i in range(size):
        for j in range(i + 1, size):
            if draw(st.integers(0, 5)) == 0:
                edges.add((i, j))
    stacks = draw(st.integers(1, min(3, size - 1)))
    mine = {i: draw(st.integers(2, 6)) for i in range(stacks)}
    theirs = {i: draw(st.integers(1, 3)) for i in range(stacks, size)}
    target = set(draw(st.lists(st.sampled_from(sorted(theirs)), min_size=1, unique=True)))
    kind = draw(st.sampled_from([OBJECTIVES[0], OBJECTIVES[0], *OBJECTIVES[1:]]))
    turn = tiny_turn(
        Tiny(sorted(edges), mine, theirs, target), kind, draw(st.sampled_from(MOVE_INS))
    )
    # One map in thirty bounds more than 20,000 states and took 85% of the time (up to 14 s
    # each, measured over 300); the classic positions below check the larger turns.
    assume(state_bound(turn, fronts=False) <= MAX_RANDOM_STATES)
    return turn


@settings(max_examples=40, deadline=None)
@given(turns())
def test_random_maps_give_the_same_values_exact(turn: Turn) -> None:
    assert_same(turn, exact=True)


def test_the_classic_positions_give_the_same_values() -> None:
    south = classic(
        "Central America=14", "Venezuela=2,Brazil=3,Peru=1,Argentina=2", "South America"
    )
    assert_same(south, exact=True)
    east = "Indonesia=2,New Guinea=1,Western Australia=3,Eastern Australia=2"
    assert_same(classic("Siam=9", east, "Australia"), exact=True)
    two = classic(
        "Central America=7,North Africa=6",
        "Venezuela=2,Brazil=2,Peru=1,Argentina=1",
        "South America",
        objective=TurnObjective("value", 2),
    )
    assert_same(two, exact=True)
    africa = classic(
        "Brazil=10",
        "North Africa=2, Egypt=1, East Africa=2, Congo=1, South Africa=1, Madagascar=1",
        "Africa",
    )
    assert_same(africa, exact=True)


def test_a_split_turn_is_the_product_of_its_fronts() -> None:
    # B (the attacker, 4 armies) between A (2) and C (1): once B can no longer attack, the
    # rest is A's and C's fronts, and a state with stacks next to both splits.
    line = Tiny([(0, 1), (1, 2), (2, 3), (3, 4)], {0: 5, 4: 5}, {1: 2, 2: 1, 3: 2}, {1, 2, 3})
    turn = tiny_turn(line, OBJECTIVES[0])
    plan = assert_same(turn, exact=True)
    fronts = Fronts(turn)
    codec = Codec(turn)
    # After taking the middle territory with both ends still held, two fronts remain.
    state = TurnState(0b10101, (5, 2, 0, 2, 5))
    parts = codec.parts(fronts, state)
    assert parts is not None and len(parts) == 2
    left, right = (plan.values[part] for part, _ in parts)
    assert plan.values[state] == left * right
    # Each front alone is the one-stack battle of 5 against 2 (the same on either side).
    assert (
        left
        == right
        == plan_turn(tiny_turn(Tiny([(0, 1)], {0: 5}, {1: 2}, {1}), OBJECTIVES[0])).value
    )


def test_the_codec_numbers_each_state_once() -> None:
    turn = classic("Central America=9", "Venezuela=2,Brazil=1,Peru=3,Argentina=2", "South America")
    plan = plan_turn(turn)
    codec = Codec(turn)
    keys = {codec.encode(state) for state in plan.values}
    assert len(keys) == plan.states
    assert all(codec.decode(codec.encode(s) or 0) == s for s in plan.values)


def test_memory_and_time_are_checked_before_any_work() -> None:
    africa = classic(
        "Brazil=20",
        "North Africa=3, Egypt=2, East Africa=2, Congo=2, South Africa=2, Madagascar=1",
        "Africa",
    )
    bound, memory, seconds = plan_cost(africa, exact=True)
    assert bound == state_bound(africa) and memory == bound * COMPACT_BYTES
    with use_budget(Budget(seconds=seconds / 2)), pytest.raises(TooLarge, match="would take"):
        plan_turn(africa, exact=True, max_states=bound)
    with use_budget(Budget(memory=memory / 2)), pytest.raises(TooLarge, match="states"):
        plan_turn(africa, exact=True, max_states=bound)


@settings(max_examples=30, deadline=None)
@given(turns())
def test_the_bound_counts_one_front_sets_as_trying_every_set_does(turn: Turn) -> None:
    # size.py tries only the territories that join two enemy groups; here every set of
    # territories that may attack is tried, for each set of territories held.
    fronts = Fronts(turn)
    enemies = [i for i in range(turn.size) if not turn.attacker >> i & 1]
    for subset in range(1 << len(enemies)):
        owned = turn.attacker | sum(1 << e for k, e in enumerate(enemies) if subset >> k & 1)
        live = [i for i in range(turn.size) if owned >> i & 1 and fronts.near[i] & ~owned]
        if fronts.split(owned, 0) is None:
            continue
        every = [0] * (len(live) + 1)
        for chosen in range(1 << len(live)):
            mask = sum(1 << i for k, i in enumerate(live) if chosen >> k & 1)
            every[bin(chosen).count("1")] += fronts.split(owned, mask) is None
        assert _one_front_sizes(fronts, owned, live) == every
