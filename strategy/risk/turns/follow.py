"""Playing a solved plan forward: where each choice leads, and how likely each state is.

An exact plan's probabilities are whole numbers, as in the induction
(:class:`~strategy.risk.turns.induction.Induction`): every roll has a probability of a
whole number over ``T``, the throws of all the dice, and removes an army from play, so
the probability of arriving at a state with ``k`` armies in play is a whole number over
``T**(K - k)``, ``K`` the armies in play at the start. A float plan's are floats over 1.

>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.solve import plan_turn
>>> plan = plan_turn(path_turn(3, (1,)))
>>> flow = play_forward(plan)
>>> flow.reach(plan.start), sum(flow.ends.values()) == 1
(Fraction(1, 1), True)
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from strategy.risk.turns.induction import EveryMove, Induction
from strategy.risk.turns.model import Turn, TurnState
from strategy.risk.turns.solve import TurnPlan, Value

Attack = tuple[int, int]


@dataclass(frozen=True)
class Flow:
    """The plan played forward from its start.

    ``arrivals[state]`` maps the attack whose roll led to ``state`` (None: a capture, or
    the start) to the probability of arriving that way, over ``scale(state)`` (a whole
    number if exact; :meth:`chance` is it as a float); the plan's choice there is
    ``plan.policy[state].following(attack)``. ``stops[state]`` is the probability,
    over the same scale, that the turn ends at ``state``.
    """

    turn: Turn
    exact: bool
    scales: list[Any]
    arrivals: dict[TurnState, dict[Attack | None, Any]]
    stops: dict[TurnState, Any]

    def scale(self, state: TurnState) -> Any:
        """What the probabilities at ``state`` are over: ``T**(K - k)``, or 1.0."""
        return self.scales[self.turn.key(state)]

    def chance(self, state: TurnState, mass: Any) -> float:
        """``mass`` at ``state`` (one arrival's, or their sum) as a probability."""
        return float(mass / self.scale(state))

    def value(self, state: TurnState, mass: Any) -> Value:
        """``mass`` at ``state`` as an exact probability (a Fraction), or a float."""
        return Fraction(mass, self.scale(state)) if self.exact else mass

    def reach(self, state: TurnState) -> Value:
        """P(play passes through ``state``)."""
        return self.value(state, sum(self.arrivals[state].values()))

    @cached_property
    def ends(self) -> dict[TurnState, Value]:
        """P(the turn ends at each state)."""
        return {state: self.value(state, mass) for state, mass in self.stops.items()}


def play_forward(plan: TurnPlan) -> Flow:
    """Push probability from the start through the plan's choices, armies in play falling."""
    turn, start = plan.turn, plan.start
    top = turn.key(start)
    induction = Induction(turn, EveryMove(), plan.exact, top)
    powers = induction.powers
    arrivals: dict[TurnState, dict[Attack | None, Any]] = {start: {None: powers[0]}}
    stops: dict[TurnState, Any] = {}
    queue = [(-top, start)]
    while queue:
        k, state = heapq.heappop(queue)
        k = -k
        for previous, mass in list(arrivals[state].items()):
            choice = plan.policy[state].following(previous)
            if choice.attack is None:
                stops[state] = stops.get(state, 0) + mass
                continue
            source, target = choice.attack
            for lost, killed, p in induction.roll(state, source, target):
                if killed == state.armies[target]:
                    assert choice.move_in is not None  # set wherever a roll can capture
                    child, _ = turn.after_move_in(state, source, target, choice.move_in)
                    way = None
                else:
                    child, _ = turn.after_roll(state, source, target, lost, killed)
                    way = choice.attack
                below = turn.key(child)
                # Over T**(top - k) times T, and over T**(top - below) at the child.
                flow = mass * p * powers[k - below - 1]
                here = arrivals.get(child)
                if here is None:
                    here = arrivals[child] = {}
                    heapq.heappush(queue, (-below, child))
                here[way] = here.get(way, 0) + flow
    scales = [powers[top - k] for k in range(top + 1)]
    return Flow(turn, plan.exact, scales, arrivals, stops)
