"""Optimal turn plans: backward induction over a turn's states, exact or in floats.

The value of a state is the best of stopping (the objective's payoff there) and, for each
attack the attacker may make, the expected value after one roll, where a capturing roll
is followed by the best number of armies to move in. Every move lowers the armies in play,
so the states form a DAG; they are visited depth first with an explicit stack (no
recursion limit) and each is evaluated once, after its successors. Ties go to stopping,
then to the attack listed first, so plans do not hop between equal moves.

A :class:`Restriction` narrows the moves (a fixed chain, say); the same induction then
optimises what is left, or, with one move everywhere, evaluates a fixed plan.

>>> from strategy.risk.plan.position import path_turn
>>> plan = plan_turn(path_turn(3, (1,)))
>>> plan.value, plan.policy[plan.start], plan.states  # seed 003: Pr(3,1) = 1955/2592
(Fraction(1955, 2592), Choice(attack=(0, 1), move_in=2, ties=()), 4)
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Literal, Protocol

from strategy.engine.numbers import Value as Value  # re-exported: the results speak of it
from strategy.engine.resources import TooLarge, require
from strategy.engine.walk import post_order
from strategy.risk.plan.compact import Policy, Values, solve_values
from strategy.risk.plan.levels import level_cost, solve_levels
from strategy.risk.plan.model import Turn, TurnState
from strategy.risk.plan.size import state_bound

Progress = Callable[[int, int], None]
Method = Literal["compact", "states"]

#: The most states an exact plan may visit, and a float one (the memory and time they need,
#: below, are checked too).
EXACT_LIMIT = 20_000_000
FLOAT_LIMIT = 150_000_000
#: Memory per state: the general induction's, and the compact (exact) one's (peak per state
#: measured on Africa by benchmarks/bench_plan.py is 600 and 130 bytes; an exact value grows
#: with the armies in play). Float plans: :func:`strategy.risk.plan.levels.level_cost`.
STATE_BYTES = 700
COMPACT_BYTES = 200
#: States the compact induction solves per second of one core (measured 30,000 to 90,000).
STATES_PER_SECOND = 25_000
#: Float moves within this fraction of the largest payoff count as tied with the best.
TIE_TOLERANCE = 1e-12


@dataclass(frozen=True)
class Choice:
    """What the attacker does at a state: roll from ``attack = (source, target)``, or stop
    (``attack`` is None); ``move_in`` armies move in if that roll takes the territory.
    ``ties`` are the other attacks exactly as good (within float round-off).

    >>> best = Choice((0, 1), 3, ties=(Choice((0, 2), 3),))
    >>> best.following((0, 2)).attack, best.following((5, 6)).attack
    ((0, 2), (0, 1))
    """

    attack: tuple[int, int] | None = None
    move_in: int | None = None
    ties: tuple[Choice, ...] = ()

    def following(self, previous: tuple[int, int] | None) -> Choice:
        """This choice, or the tied one that goes on with the attack just rolled, so that
        a plan breaks off a battle only when going on is worse."""
        if previous is not None and previous != self.attack:
            for other in self.ties:
                if other.attack == previous:
                    return other
        return self


STOP = Choice()


class Restriction(Protocol):
    """The moves a plan may use, out of those the rules allow."""

    def attacks(
        self, turn: Turn, state: TurnState, legal: tuple[tuple[int, int], ...]
    ) -> Sequence[tuple[int, int]]:
        """The attacks allowed at ``state``."""
        ...

    def may_stop(self, turn: Turn, state: TurnState) -> bool:
        """Whether the attacker may stop at ``state`` while it could still attack."""
        ...

    def move_ins(self, turn: Turn, state: TurnState, legal: range) -> Sequence[int]:
        """The armies that may move in after a capture from ``state``."""
        ...


class EveryMove:
    """No restriction: the optimal plan."""

    def attacks(
        self, turn: Turn, state: TurnState, legal: tuple[tuple[int, int], ...]
    ) -> Sequence[tuple[int, int]]:
        """Every legal attack."""
        return legal

    def may_stop(self, turn: Turn, state: TurnState) -> bool:
        """Always."""
        return True

    def move_ins(self, turn: Turn, state: TurnState, legal: range) -> Sequence[int]:
        """Every legal number."""
        return legal


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


# One option: the attack; the rolls that do not capture as (probability, scaled reward,
# state, scale of the state's value); and the capture as (probability, [(armies moved,
# scaled reward, state, scale), ...]) if a roll can.
_Landing = tuple[Any, Any, TurnState, Any]
_Option = tuple[tuple[int, int], list[_Landing], tuple[Any, list[_Landing]] | None]


def check_size(
    turn: Turn, *, exact: bool, max_states: int | None = None, method: Method = "compact"
) -> int:
    """The state bound, or ``TooLarge`` (a ``ValueError``) naming it when over the limit or
    when the memory or time it may take (:func:`plan_cost`) is over the budget
    (:mod:`strategy.engine.resources`).

    >>> from strategy.risk.plan.position import path_turn
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


def plan_cost(turn: Turn, *, exact: bool, method: Method = "compact") -> tuple[int, float, float]:
    """Before any work: the state bound, and the most memory (bytes) and time (seconds)
    solving may take at that bound (the states met are often far fewer).

    >>> from strategy.risk.plan.position import path_turn
    >>> plan_cost(path_turn(3, (1,)), exact=True)
    (4, 800, 0.00016)
    """
    if method == "states":
        bound = state_bound(turn, fronts=False)
        return bound, bound * STATE_BYTES, 0.0
    if not exact:
        return level_cost(turn)
    bound = state_bound(turn)
    return bound, bound * COMPACT_BYTES, bound / STATES_PER_SECOND


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

    ``method`` picks the induction of an unrestricted turn: ``compact`` (in floats the
    level solver, :mod:`strategy.risk.plan.levels`; exact, :mod:`strategy.risk.plan.compact`,
    states as numbers; both work choices out when asked for) or ``states`` (the general
    induction, every state and choice kept as objects,
    which restricted plans always use). Both give the same values.

    Unrestricted turns are refused up front (:func:`check_size`) when too large; restricted
    ones visit few states and are stopped only if they pass the limit.
    """
    limit = max_states or (EXACT_LIMIT if exact else FLOAT_LIMIT)
    total = limit
    if restriction is None:
        total = check_size(turn, exact=exact, max_states=max_states, method=method)
    start, bank = turn.start()
    induction = _Induction(turn, restriction or EveryMove(), exact, turn.key(start))
    if restriction is None and method == "compact" and not exact:
        levels = solve_levels(turn, progress=progress)
        return TurnPlan(turn, start, bank, levels, Policy(induction, levels), exact)
    if restriction is None and method == "compact":
        with _collector_paused():
            memo = solve_values(turn, induction, limit=limit, total=total, progress=progress)
        raw = Values(turn, memo, None)
        numbers = Values(turn, memo, induction.powers) if exact else raw
        return TurnPlan(turn, start, bank, numbers, Policy(induction, raw), exact)
    values, policy = induction.values, induction.policy

    def expand(state: TurnState) -> tuple[tuple[Any, list[_Option]], list[TurnState]]:
        found = induction.expand(state)
        return found, _Induction.children(found[1])

    def finish(state: TurnState, found: tuple[Any, list[_Option]]) -> None:
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


class _Induction:
    """One solve's arithmetic, exact or float, in one code path.

    Exact values are whole numbers over a power of ``T``, the number of equally likely
    throws of all the dice (6**5 in the classic game), so no Fraction is made during the
    induction: a state with ``k`` armies in play holds the numerator of its value over
    ``T**k``. Each roll removes an army, so a successor's power is lower, and every
    probability is a whole number over ``T``. Floats take the same path with every power 1.
    """

    def __init__(self, turn: Turn, moves: Restriction, exact: bool, top: int) -> None:
        self.turn, self.moves, self.exact = turn, moves, exact
        rules = turn.rules
        throws = (
            rules.attacker_sides**rules.attacker_dice * rules.defender_sides**rules.defender_dice
        )
        self.throws = throws if exact else 1.0
        self.powers: list[Any] = [throws**k for k in range(top + 1)] if exact else [1.0] * (top + 1)
        # Exact values tie only when equal; floats within round-off of the largest payoff.
        objective = turn.objective
        largest = (
            1 if objective.is_probability else turn.initial_armies + objective.amount + turn.size
        )
        self.tie: Any = 0 if exact else TIE_TOLERANCE * largest
        self.values: dict[TurnState, Any] = {}
        self.policy: dict[TurnState, Choice] = {}
        self.rolls: dict[tuple[int, int], tuple[tuple[int, int, Any], ...]] = {}

    def roll(self, state: TurnState, source: int, target: int) -> tuple[tuple[int, int, Any], ...]:
        """One roll's (losses, losses, probability), the probability over ``T`` if exact."""
        return self.roll_armies(state.armies[source], state.armies[target])

    def roll_armies(self, attacking: int, defending: int) -> tuple[tuple[int, int, Any], ...]:
        """:meth:`roll` for ``attacking`` armies against ``defending`` ones."""
        key = attacking, defending
        found = self.rolls.get(key)
        if found is None:
            steps = self.turn.roll_steps(attacking, defending)
            if self.exact:
                throws = self.throws
                found = tuple((a, d, int(p * throws)) for a, d, p in steps)
            else:
                found = tuple((a, d, float(p)) for a, d, p in steps)
            self.rolls[key] = found
        return found

    def expand(self, state: TurnState) -> tuple[Any, list[_Option]]:
        """The scaled payoff of stopping (None if not allowed) and each attack's options."""
        turn, moves, powers = self.turn, self.moves, self.powers
        below = turn.key(state) - 1
        options: list[_Option] = []
        for source, target in moves.attacks(turn, state, turn.attacks(state)):
            normal: list[_Landing] = []
            capture = None
            for lost, killed, p in self.roll(state, source, target):
                if killed == state.armies[target]:
                    allowed = moves.move_ins(turn, state, turn.move_ins(state, source))
                    landed = [
                        (m, r * powers[below], c, powers[below - turn.key(c)])
                        for m, (c, r) in zip(
                            allowed, turn.landings(state, source, target, allowed), strict=True
                        )
                    ]
                    capture = (p, landed)
                else:
                    child, reward = turn.after_roll(state, source, target, lost, killed)
                    normal.append(
                        (p, reward * powers[below], child, powers[below - turn.key(child)])
                    )
            options.append(((source, target), normal, capture))
        stop = None
        if not options or moves.may_stop(turn, state):
            stop = turn.payoff(state) * powers[below + 1]
        return stop, options

    @staticmethod
    def children(options: list[_Option]) -> list[TurnState]:
        """The states the options of a state lead to."""
        found = []
        for _, normal, capture in options:
            found += [child for _, _, child, _ in normal]
            if capture is not None:
                found += [child for _, _, child, _ in capture[1]]
        return found

    def evaluate(self, stop: Any, options: list[_Option]) -> tuple[Any, Choice]:
        """The best value at a state and the choice that gets it (ties to stopping, then to
        the first attack, with the other tied attacks noted)."""
        values, tie = self.values, self.tie
        scored: list[tuple[Any, Choice]] = []
        for attack, normal, capture in options:
            value: Any = sum([p * (r + values[c] * scale) for p, r, c, scale in normal])
            moved = None
            if capture is not None:
                gain: Any = None
                for m, r, c, scale in reversed(capture[1]):  # ties: move the most in
                    here = r + values[c] * scale
                    if gain is None or here > gain + tie:
                        gain, moved = here, m
                value += capture[0] * gain
            scored.append((value, Choice(attack, moved)))
        best_value, best = stop, STOP
        for value, choice in scored:
            if best_value is None or value > best_value + tie:
                best_value, best = value, choice
        assert best_value is not None  # a state with no option may always stop
        if best.attack is not None:
            ties = tuple(c for v, c in scored if c is not best and not best_value > v + tie)
            if ties:
                best = replace(best, ties=ties)
        return best_value, best


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
