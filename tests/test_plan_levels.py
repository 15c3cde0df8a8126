"""The level solver (strategy.risk.turns.levels and the level_* modules), the planner's
float path, against the general induction it must agree with: the same states reached and
the same values (within 1e-12) on random maps under every objective and move-in rule, with
reinforcement and fortification built on it, and the exact plans' values on classic
positions.

Deep imports: the level solver, against the general induction.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.engine import Budget, TooLarge, use_budget
from strategy.risk.turns.building import path_turn
from strategy.risk.turns.fortification import fortify_turn
from strategy.risk.turns.level_cost import level_cost
from strategy.risk.turns.level_memo import Memo
from strategy.risk.turns.level_numpy import NumpySolver
from strategy.risk.turns.level_values import LevelValues
from strategy.risk.turns.levels import solve_levels
from strategy.risk.turns.model import Turn
from strategy.risk.turns.reinforcement import Searching, best_reinforcement
from strategy.risk.turns.rollouts import simulate_plan
from strategy.risk.turns.size import state_bound
from strategy.risk.turns.solve import plan_turn
from tests.test_plan import classic
from tests.test_plan_exact import turns


def assert_same(turn: Turn) -> None:
    """Every state the general induction visits is reached, with its value."""
    general = plan_turn(turn, exact=False, method="states")
    levels = solve_levels(turn)
    assert len(levels) == general.states <= level_cost(turn)[0] == state_bound(turn, fronts=False)
    for state, value in general.values.items():
        assert abs(levels[state] - value) <= 1e-12, state
    plan = plan_turn(turn, exact=False)
    assert isinstance(plan.values, LevelValues)
    assert plan.policy[plan.start].attack == general.policy[general.start].attack or (
        abs(plan.value - general.value) <= 1e-12
    )


@settings(max_examples=40, deadline=None)
@given(turns())
def test_random_maps_give_the_general_values(turn: Turn) -> None:
    assert_same(turn)


@settings(max_examples=10, deadline=None)
@given(turns(), st.integers(1, 2))
def test_reinforcement_and_fortification_agree_with_the_exact_plans(turn: Turn, extra: int) -> None:
    exact = best_reinforcement(turn, extra, on="any")
    floats = best_reinforcement(turn, extra, on="any", searching=Searching(exact=False))
    assert abs(floats.value - float(exact.value)) <= 1e-9
    enemies = sum(not turn.attacker >> t & 1 for t in range(turn.size))
    fortified = fortify_turn(turn, enemies + extra, searching=Searching(exact=False))
    assert abs(fortified.value - float(fortify_turn(turn, enemies + extra).value)) <= 1e-9


@settings(max_examples=20, deadline=None)
@given(turns(), st.sampled_from([0, 3_000, 30_000]))
def test_the_numpy_path_gives_the_same_values_whatever_its_memo_keeps(
    turn: Turn, room: int
) -> None:
    # None, some or all of the forward pass's rolls and landings kept: the solve works out
    # the rest itself, to the bit.
    solver = NumpySolver(turn, None)
    solver.memo = Memo(room)
    kept = solver.run()
    everything = NumpySolver(turn, None).run()
    assert len(kept) == len(everything)
    for state, value in everything.items():
        assert kept[state] == value, state


@settings(max_examples=30, deadline=None)
@given(turns())
def test_the_compiled_loops_give_the_numpy_values(turn: Turn) -> None:
    pytest.importorskip("numba")
    numpy_path = solve_levels(turn, compiled=False)
    compiled = solve_levels(turn, compiled=True, threads=2)
    alone = solve_levels(turn, compiled=True, threads=1)
    assert len(compiled) == len(numpy_path) == len(alone)
    for state, value in numpy_path.items():
        # To the bit: which path a plan takes depends on what the process has loaded.
        assert compiled[state] == value, state
        assert compiled[state] == alone[state], state  # the threads change nothing


def test_small_turns_take_the_compiled_loops_once_a_process_has_loaded_them() -> None:
    pytest.importorskip("numba")
    # And the tiny turn that loads them compiles the only types a turn gives them: a server's
    # worker that loaded them must not compile again for its first plan (seconds on a fresh
    # install, past the server's time limit).
    script = (
        "import sys\n"
        "from strategy.risk.turns import build_turn, classic_map\n"
        "from strategy.risk.turns.level_compiled import loops_for\n"
        "from strategy.risk.turns.levels import load_compiled, solve_levels\n"
        "print(loops_for(10) is None, 'numba' in sys.modules)\n"
        "print(load_compiled(), loops_for(10) is not None)\n"
        "board = classic_map()\n"
        "armies = {'Venezuela': 1, 'Peru': 1, 'Brazil': 2, 'Argentina': 1}\n"
        "turn = build_turn(board, {'Central America': 9}, armies, 'South America')\n"
        "solve_levels(turn, compiled=True)\n"
        "from strategy.risk.turns import kernels\n"
        "loops = (kernels.reach_group, kernels.solve_group, kernels.land)\n"
        "print(*(len(loop.signatures) for loop in loops))\n"
    )
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert ran.stdout.split() == ["True", "False", "True", "True", "1", "1", "1"]


def test_the_classic_positions_give_the_exact_values() -> None:
    south = classic(
        "Central America=7,North Africa=6",
        "Venezuela=2,Brazil=2,Peru=1,Argentina=2",
        "South America",
    )
    east = "Indonesia=2,New Guinea=1,Western Australia=3,Eastern Australia=2"
    for turn in (south, classic("Siam=9", east, "Australia")):
        exact = plan_turn(turn, exact=True)
        levels = solve_levels(turn)
        for state in list(exact.values)[:2000]:
            if state in levels:
                assert abs(levels[state] - float(exact.values[state])) <= 1e-12
        assert abs(plan_turn(turn, exact=False).value - float(exact.value)) <= 1e-12


def test_dice_rolled_by_a_large_float_plan_bracket_its_value() -> None:
    # North America from Kamchatka 20 (benchmarks/bench_plan.py, 4.8 million states, too
    # many for the general induction to check): 100,000 turns played by the level solver's
    # plan with numpy's dice (strategy.risk.turns.rollouts, which uses none of the plan's
    # probabilities) take the continent as often as its value says, within 5 standard
    # deviations of a binomial count (the seed is fixed).
    plan = plan_turn(
        classic(
            "Kamchatka=20",
            "Alaska=2, Northwest Territory=2, Greenland=1, Alberta=2, Ontario=3, Quebec=1, "
            "Western United States=2, Eastern United States=2, Central America=2",
            "North America",
        ),
        exact=False,
    )
    assert isinstance(plan.values, LevelValues) and plan.states > 4_000_000
    trials = 100_000
    p = plan.value
    estimate = simulate_plan(plan, trials=trials, seed=7).estimate.value
    assert 0.1 < p < 0.9 and abs(estimate - p) <= 5 * (p * (1 - p) / trials) ** 0.5


def test_memory_and_time_are_checked_before_any_work() -> None:
    africa = classic(
        "Brazil=20",
        "North Africa=3, Egypt=2, East Africa=2, Congo=2, South Africa=2, Madagascar=1",
        "Africa",
    )
    bound, memory, seconds = level_cost(africa)
    assert bound == state_bound(africa, fronts=False)
    with use_budget(Budget(seconds=seconds / 2)), pytest.raises(TooLarge, match="would take"):
        plan_turn(africa, exact=False)
    with use_budget(Budget(memory=memory / 2)), pytest.raises(TooLarge, match="states"):
        plan_turn(africa, exact=False)


def test_reach_first_solves_a_turn_its_bound_refuses() -> None:
    # 71 states by the bound, 55 reached: refused by the bound, solved by the reach.
    turn = path_turn(10, (3, 2, 2))
    reached = plan_turn(turn, method="states").states
    assert reached < state_bound(turn, fronts=False)
    with pytest.raises(TooLarge):
        plan_turn(turn, exact=True, max_states=reached)
    plan = plan_turn(turn, exact=False, max_states=reached)
    assert plan.value == pytest.approx(float(plan_turn(turn, method="states").value), abs=1e-12)


def test_reach_first_refuses_after_the_pass_with_the_figures() -> None:
    turn = path_turn(10, (3, 2, 2))
    reached = plan_turn(turn, method="states").states
    with pytest.raises(
        TooLarge, match=f"reached {reached} states, more than .* \\({reached - 1}\\)"
    ):
        plan_turn(turn, exact=False, max_states=reached - 1)
    with use_budget(Budget(memory=10**6)), pytest.raises(TooLarge, match="pass finding"):
        plan_turn(turn, exact=False, max_states=reached)


def test_a_pass_past_the_sized_bound_counts_every_state(monkeypatch: pytest.MonkeyPatch) -> None:
    # Past UNSIZED the groups are not sized; the pass must not then look nearly free (Asia
    # from Ukraine 15 and Indonesia 10 was admitted on 256 MiB and filled 24 GB).
    import strategy.risk.turns.level_cost as cost

    turn = path_turn(10, (3, 2, 2))
    bound = state_bound(turn, fronts=False)
    monkeypatch.setattr(cost, "UNSIZED", bound - 1)
    memory, _ = cost.reach_cost(turn)
    assert memory >= bound * cost.STATE_BYTES
