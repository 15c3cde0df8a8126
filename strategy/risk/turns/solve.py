"""Optimal turn plans: backward induction over a turn's states, exact or in floats.

The value of a state is the best of stopping (the objective's payoff there) and, for each
attack the attacker may make, the expected value after one roll, where a capturing roll
is followed by the best number of armies to move in. Every move lowers the armies in play,
so the states form a DAG; they are visited depth first with an explicit stack (no
recursion limit) and each is evaluated once, after its successors. Ties go to stopping,
then to the attack listed first, so plans do not hop between equal moves.

A :class:`Restriction` narrows the moves (a fixed chain, say); the same induction then
optimises what is left, or, with one move everywhere, evaluates a fixed plan.

>>> from strategy.risk.turns.building import path_turn
>>> plan = plan_turn(path_turn(3, (1,)))
>>> plan.value, plan.policy[plan.start], plan.states  # seed 003: Pr(3,1) = 1955/2592
(Fraction(1955, 2592), Choice(attack=(0, 1), move_in=2, ties=()), 4)
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from types import MappingProxyType
from typing import Any, Literal

from strategy.engine.numbers import Value as Value  # re-exported: the results speak of it
from strategy.engine.resources import TooLarge, human_bytes, human_seconds, require
from strategy.engine.walk import post_order
from strategy.risk.turns.exact import ExactValues
from strategy.risk.turns.groups import held_sets
from strategy.risk.turns.induction import (
    Choice,
    EveryMove,
    Induction,
    Option,
    Policy,
    Restriction,
)
from strategy.risk.turns.level_cost import level_cost, reach_cost, reached_cost
from strategy.risk.turns.levels import solve_levels
from strategy.risk.turns.model import Turn, TurnState
from strategy.risk.turns.size import state_bound

Progress = Callable[[int, int], None]
Method = Literal["compact", "states"]

#: The most states an exact plan may visit, and a float one (the memory and time they need,
#: below, are checked too).
EXACT_LIMIT = 20_000_000
FLOAT_LIMIT = 150_000_000
#: Memory per state: the general induction's (peak per state measured on Africa by
#: benchmarks/bench_plan.py: 600 bytes), and what an exact plan adds to the level solver's
#: (:func:`strategy.risk.turns.level_cost.level_cost`): the floats by the states' numbers, and
#: the numerators of the states worked out exactly (tracemalloc's peak: 30-45 bytes a
#: state met on South America with two stacks and Africa; asking every state's Fraction
#: afterwards, 360-380 bytes a state in all, the Fractions kept).
STATE_BYTES = 700
EXACT_BYTES = 250
#: What an exact plan takes beyond the level solver's estimate, which counts its work per
#: state: seconds for each set of territories held (the level solver's numpy calls, which
#: small turns are made of: 2.2-2.6 ms each beyond the rest, measured on South America from
#: Central America 14 and Australia from Siam 10 and 20, 8 sets each, at load 3; under 1 ms
#: on another machine at load 0-1, where the whole exact plan of South America from 14 took
#: 7 ms), and states of the bound per second of the whole-number pass (3 to 4.5 million on
#: South America with two stacks and Africa, the optimal plan meeting a small part of the
#: states).
EXACT_SECONDS_PER_SET = 0.001
EXACT_STATES_PER_SECOND = 3_000_000
#: A plan not told whether to be exact is exact up to this state bound (seconds of work, a
#: few hundred MB at most: the level solver's floats, then the whole-number pass); floats
#: answer beyond, where the exact values' memory would grow to gigabytes.
EXACT_DEFAULT = 2_000_000
#: A float plan past its bound runs its forward pass only when the pass takes at most this
#: share of the time allowed: solving what it reaches may take as long again (Asia from
#: Ukraine 20 v 1-2: a pass of 90 s of processor time, then 111 s), and a pass that leaves
#: too little time is minutes of work thrown away.
PASS_SHARE = 0.5


def exact_by_default(bound: int) -> bool:
    """Whether a plan of up to ``bound`` states is exact when not told.

    >>> exact_by_default(100_000), exact_by_default(10_000_000)
    (True, False)
    """
    return bound <= EXACT_DEFAULT


@dataclass(frozen=True)
class TurnPlan:
    """A solved turn: the value and choice at every state visited.

    ``values`` leave out rewards banked before a state; ``bank`` is what the start banks
    (armies that can never attack, under ``value``), so ``value`` is the whole turn's.
    """

    turn: Turn
    start: TurnState
    bank: int
    values: Mapping[TurnState, Value]
    policy: Mapping[TurnState, Choice]
    exact: bool

    @property
    def value(self) -> Value:
        """The objective's expected value under the plan, from the start."""
        return self.bank + self.values[self.start]

    @property
    def states(self) -> int:
        """States visited."""
        return len(self.values)


def check_size(
    turn: Turn, *, exact: bool, max_states: int | None = None, method: Method = "compact"
) -> int:
    """The state bound, or ``TooLarge`` (a ``ValueError``) naming it when over the limit or
    when the memory or time it may take (:func:`plan_cost`) is over the budget
    (:mod:`strategy.engine.resources`).

    >>> from strategy.risk.turns.building import path_turn
    >>> check_size(path_turn(3, (1,)), exact=True)
    4
    """
    bound, memory, seconds = plan_cost(turn, exact=exact, method=method)
    limit = max_states or (EXACT_LIMIT if exact else FLOAT_LIMIT)
    if bound > limit:
        kind = "an exact" if exact else "a float"
        hint = "; --float allows more" if exact and bound <= FLOAT_LIMIT else ""
        raise TooLarge(
            f"this turn may have up to {bound:,} states, more than {kind} plan takes "
            f"({limit:,}){hint}: give fewer armies or a smaller region",
            option="--max-states N",
        )
    require(f"a plan of up to {bound:,} states", memory=memory, seconds=seconds)
    return bound


def reach_first(turn: Turn, *, max_states: int | None = None) -> Callable[[int], None] | None:
    """How a float plan is admitted: ``None`` when its bound fits (:func:`check_size`);
    else, when the level solver's forward pass alone fits the budget, a check of the
    states that pass reaches (``admit`` of :func:`strategy.risk.turns.levels.solve_levels`),
    which raises ``TooLarge`` with the figures when solving them would not fit what is left;
    else ``TooLarge`` at once, naming what the pass alone needs.

    >>> from strategy.risk.turns.building import path_turn
    >>> reach_first(path_turn(3, (1,))) is None
    True
    >>> check = reach_first(path_turn(4, (1, 1)), max_states=5)
    >>> check(9)
    Traceback (most recent call last):
    ...
    strategy.engine.resources.TooLarge: this turn reached 9 states, more than a float plan \
takes (5); give fewer armies or a smaller region
    """
    try:
        check_size(turn, exact=False, max_states=max_states)
        return None
    except TooLarge as refused:
        memory, seconds = reach_cost(turn)
        bound = state_bound(turn, fronts=False)
        try:
            require(
                f"the pass finding which of up to {bound:,} states are reached",
                memory=memory,
                seconds=seconds / PASS_SHARE,
            )
        except TooLarge as short:
            raise TooLarge(
                f"{refused}; even the pass finding which states are reached would take "
                f"about {human_seconds(seconds)} and {human_bytes(memory)}, and solving "
                "what it reaches may take as long again",
                short.resource,
            ) from None
    # Unless a limit was asked for, the states reached are held to the budget's memory and
    # time alone: FLOAT_LIMIT guards bounds no pass has checked, and Asia from Ukraine 20
    # reaches 268 million states that fit in 7 GiB.

    def admit(reached: int) -> None:
        if max_states is not None and reached > max_states:
            raise TooLarge(
                f"this turn reached {reached:,} states, more than a float plan takes "
                f"({max_states:,}); give fewer armies or a smaller region",
                option="--max-states N",
            )
        memory, seconds = reached_cost(turn, reached)
        require(f"solving the {reached:,} states reached", memory=memory, seconds=seconds)

    return admit


def plan_cost(turn: Turn, *, exact: bool, method: Method = "compact") -> tuple[int, float, float]:
    """Before any work: the state bound, and the most memory (bytes) and time (seconds)
    solving may take at that bound (the states met are often far fewer).

    >>> from strategy.risk.turns.building import path_turn
    >>> bound, memory, seconds = plan_cost(path_turn(3, (1,)), exact=True)
    >>> bound, memory - plan_cost(path_turn(3, (1,)), exact=False)[1]
    (4, 1000)
    """
    if method == "states":
        bound = state_bound(turn, fronts=False)
        return bound, bound * STATE_BYTES, 0.0
    bound, memory, seconds = level_cost(turn)
    if not exact:
        return bound, memory, seconds
    seconds += len(held_sets(turn)) * EXACT_SECONDS_PER_SET + bound / EXACT_STATES_PER_SECOND
    return bound, memory + bound * EXACT_BYTES, seconds


def plan_turn(
    turn: Turn,
    *,
    exact: bool = True,
    restriction: Restriction | None = None,
    max_states: int | None = None,
    progress: Progress | None = None,
    method: Method = "compact",
) -> TurnPlan:
    """Solve ``turn``: the optimal plan, or the best one ``restriction`` allows.

    ``method`` picks the induction of an unrestricted turn: ``compact`` (the level solver,
    :mod:`strategy.risk.turns.levels`, and if exact the whole numbers it guides,
    :mod:`strategy.risk.turns.exact`; both work choices out when asked for) or
    ``states`` (the general induction, every state and choice kept as objects, which
    restricted plans always use). Both give the same values.

    Unrestricted turns are refused up front (:func:`check_size`) when too large, but float
    ones by the level solver whose bound is too large are admitted if its forward pass
    alone fits and then judged by the states it reached (:func:`reach_first`); restricted
    ones visit few states and are stopped only if they pass the limit.
    """
    limit = max_states or (EXACT_LIMIT if exact else FLOAT_LIMIT)
    total, admit = limit, None
    if restriction is None and method == "compact" and not exact:
        # The forward pass often reaches a small part of the bound: when the bound does
        # not fit, the reached count decides, if the pass alone fits.
        admit = reach_first(turn, max_states=max_states)
    elif restriction is None:
        total = check_size(turn, exact=exact, max_states=max_states, method=method)
    start, bank = turn.start()
    induction = Induction(turn, restriction or EveryMove(), exact, turn.key(start))
    if restriction is None and method == "compact":
        levels = solve_levels(turn, progress=progress, admit=admit)
        if not exact:
            choices = Policy(partial(induction.choice, levels), levels)
            return TurnPlan(turn, start, bank, levels, choices, exact)
        with _collector_paused():
            found = ExactValues(turn, induction, levels)
            found.numerator(start)
        return TurnPlan(turn, start, bank, found, found.policy, exact)
    values, policy = induction.values, induction.policy

    def expand(state: TurnState) -> tuple[tuple[Any, list[Option]], list[TurnState]]:
        found = induction.expand(state)
        return found, Induction.children(found[1])

    def finish(state: TurnState, found: tuple[Any, list[Option]]) -> None:
        values[state], policy[state] = induction.evaluate(*found)
        if len(values) > limit:
            raise TooLarge(
                f"the plan passed {limit:,} states; give fewer armies", option="--max-states N"
            )
        if progress is not None and not len(values) % 4096:
            progress(len(values), total)

    with _collector_paused():
        post_order(start, expand, finish, done=values)
    shown = _Scaled(values, induction.powers, turn) if exact else values
    return TurnPlan(turn, start, bank, MappingProxyType(shown), MappingProxyType(policy), exact)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector: the induction makes millions of tuples, none in a
    cycle, and each collection would walk all the states kept so far."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class _Scaled(Mapping[TurnState, Value]):
    """Exact values as Fractions, made from the scaled numerators when asked for."""

    def __init__(self, numerators: dict[TurnState, int], powers: list[int], turn: Turn) -> None:
        self.numerators, self.powers, self.turn = numerators, powers, turn

    def __getitem__(self, state: TurnState) -> Fraction:
        return Fraction(self.numerators[state], self.powers[self.turn.key(state)])

    def __iter__(self) -> Iterator[TurnState]:
        return iter(self.numerators)

    def __len__(self) -> int:
        return len(self.numerators)
