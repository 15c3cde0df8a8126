"""Playing a solved plan forward: where each choice leads, and how likely each state is.

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

from strategy.risk.turns.induction import Choice
from strategy.risk.turns.model import TurnState
from strategy.risk.turns.solve import TurnPlan, Value

Attack = tuple[int, int]


@dataclass(frozen=True)
class Move:
    """One way the plan's choice at a state can turn out."""

    probability: Value
    state: TurnState
    reward: int
    captured: bool


def moves(plan: TurnPlan, state: TurnState, choice: Choice) -> list[Move]:
    """The outcomes of ``choice`` at ``state`` (none where it stops)."""
    if choice.attack is None:
        return []
    turn = plan.turn
    source, target = choice.attack
    found = []
    for lost, killed, p in turn.steps(state, source, target):
        probability: Value = p if plan.exact else float(p)
        if killed == state.armies[target]:
            assert choice.move_in is not None  # set wherever a roll can capture
            child, reward = turn.after_move_in(state, source, target, choice.move_in)
            found.append(Move(probability, child, reward, True))
        else:
            child, reward = turn.after_roll(state, source, target, lost, killed)
            found.append(Move(probability, child, reward, False))
    return found


@dataclass(frozen=True)
class Flow:
    """The plan played forward from its start.

    ``arrivals[state]`` maps the attack whose roll led to ``state`` (None: a capture, or
    the start) to the probability of arriving that way; the plan's choice there is
    ``plan.policy[state].following(attack)``. ``ends`` is P(the turn ends at each state).
    """

    arrivals: dict[TurnState, dict[Attack | None, Value]]
    ends: dict[TurnState, Value]

    def reach(self, state: TurnState) -> Value:
        """P(play passes through ``state``)."""
        return sum(self.arrivals[state].values())


def play_forward(plan: TurnPlan) -> Flow:
    """Push probability from the start through the plan's choices, armies in play falling."""
    one: Value = Fraction(1) if plan.exact else 1.0
    arrivals: dict[TurnState, dict[Attack | None, Value]] = {plan.start: {None: one}}
    ends: dict[TurnState, Value] = {}
    queue = [(-plan.turn.key(plan.start), plan.start)]
    while queue:
        _, state = heapq.heappop(queue)
        for previous, mass in list(arrivals[state].items()):
            choice = plan.policy[state].following(previous)
            outcomes = moves(plan, state, choice)
            if not outcomes:
                ends[state] = ends.get(state, 0 * mass) + mass
            for move in outcomes:
                flow = mass * move.probability
                if move.state not in arrivals:
                    arrivals[move.state] = {}
                    heapq.heappush(queue, (-plan.turn.key(move.state), move.state))
                way = None if move.captured else choice.attack
                here = arrivals[move.state]
                here[way] = here.get(way, 0 * flow) + flow
    return Flow(arrivals, ends)
