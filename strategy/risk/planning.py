"""A whole attack phase on the map as one library call: :func:`position` builds the turn
from plain names and armies (:mod:`strategy.risk.turns.calls`), :func:`plan` solves it,
compares it with the fixed chains and, if asked, checks it by simulation (``risk plan``).
"""

from __future__ import annotations

import time
from typing import Unpack

from strategy.engine.errors import InputError
from strategy.engine.keywords import spelled_out
from strategy.engine.resources import TooLarge
from strategy.risk.kernels.geometry import Progress
from strategy.risk.turns.baselines import compare as compare_chains
from strategy.risk.turns.bounds import plan_bounds
from strategy.risk.turns.calls import TURN, Position, TurnKeywords, named, position
from strategy.risk.turns.maps import Map, classic_map
from strategy.risk.turns.model import Turn
from strategy.risk.turns.placement import place
from strategy.risk.turns.reinforcement import (
    On,
    Reinforcement,
    Searching,
    best_reinforcement,
    eligible,
)
from strategy.risk.turns.report import PlanReport
from strategy.risk.turns.rollouts import require_trials, simulate_plan
from strategy.risk.turns.size import state_bound
from strategy.risk.turns.solve import exact_by_default, plan_turn


@spelled_out(TurnKeywords, TURN)
def plan(
    where: Position | None = None,
    *,
    exact: bool | None = None,
    max_states: int | None = None,
    compare: bool = True,
    simulate: int | None = None,
    seed: int | None = None,
    detail: float = 0.02,
    reinforce: int = 0,
    reinforce_on: On = "border",
    progress: Progress | None = None,
    **turn: Unpack[TurnKeywords],
) -> PlanReport:
    """The optimal attack phase: which territory attacks which, when to stop, how many
    armies move in; for the :class:`Position` given, or the one :func:`position` builds
    from the position's keywords (``attackers``, ``defenders``, ``target``, ``region``,
    ``map``, ``disputed``, ``file``: :func:`~strategy.risk.turns.calls.named`'s), the
    turn's ``objective`` and ``move_in``, and the ``battle``'s rules as the rule keywords
    (``edition``, ``attacker_dice``, ... ``zombie_attacker``, as
    :func:`~strategy.risk.api.odds` names them) change them.

    ``exact=None`` is exact up to 2,000,000 states
    (:func:`~strategy.risk.turns.solve.exact_by_default`), floats beyond; ``compare`` sets
    the plan beside the best fixed chain and attacking everything; ``simulate`` checks it
    with that many random turns (``seed``); ``detail`` is the probability from which the
    plan's lines are listed. ``reinforce`` places that many new armies first, where the plan
    does best (``reinforce_on``: ``border``, the territories bordering the target, or
    ``any``), and the report compares the placements
    (:func:`~strategy.risk.turns.reinforcement.best_reinforcement`). A turn too large to
    solve is refused before any work (:func:`refusal_bounds` says what bounds prove of its
    value, at the cost of seconds on a large turn, which is why the refusal itself leaves it
    out).

    >>> report = plan(attackers={"Siam": 12}, target="Australia",
    ...               defenders="Indonesia=3,New Guinea=2,Western Australia=2,Eastern Australia=1")
    >>> report.first_move()["target"]
    'Indonesia'
    """
    if not 0 <= detail <= 1:
        raise InputError(f"detail must be a probability from 0 to 1, not {detail}")
    if simulate:
        require_trials(simulate)
    if where is None:
        where = position(**turn)
    bound = placed_bound(where.turn, reinforce, reinforce_on)
    exact = exact_by_default(bound) if exact is None else exact
    began = time.perf_counter()
    found: Reinforcement | None = None
    if reinforce:
        searching = Searching(exact, max_states, progress)
        found = best_reinforcement(where.turn, reinforce, on=reinforce_on, searching=searching)
        solved = found.plan
    else:
        solved = plan_turn(where.turn, exact=exact, max_states=max_states, progress=progress)
    seconds = time.perf_counter() - began
    return PlanReport(
        solved,
        comparison=compare_chains(solved) if compare else None,
        simulation=simulate_plan(solved, trials=simulate, seed=seed) if simulate else None,
        left_out=where.left_out,
        bound=bound,
        seconds=seconds,
        threshold=detail,
        reinforcement=found,
    )


def placed_turn(turn: Turn, reinforce: int = 0, on: On = "border") -> Turn:
    """``turn`` after ``reinforce`` armies are placed on one territory they may go to: its
    size is the same wherever they go, so this one placement tells what a plan costs."""
    where = eligible(turn, on)[:1] if reinforce else ()
    return place(turn, where, (reinforce,) * len(where))


def placed_bound(turn: Turn, reinforce: int = 0, on: On = "border") -> int:
    """The state bound of the plan after ``reinforce`` armies are placed."""
    return state_bound(placed_turn(turn, reinforce, on))


def refusal_bounds(turn: Turn) -> str:
    """What a capture-all turn too large to plan is proven to be worth, as words to add to
    its refusal (:func:`strategy.risk.turns.bounds.plan_bounds`); nothing for other
    objectives, or for a turn too large even to bound.

    >>> from strategy.risk.turns.building import path_turn
    >>> turn = path_turn(6, (2, 1))  # one stack on a path: the two bounds meet at the value
    >>> f"{float(plan_turn(turn).value):.6f} <= P <= " in refusal_bounds(turn)
    True
    """
    if turn.objective.kind != "capture-all":
        return ""
    try:
        bounds = plan_bounds(turn)
    except TooLarge:  # a turn far out of reach: its refusal is enough
        return ""
    return (
        f"; without solving, {float(bounds.lower):.6f} <= P <= {float(bounds.upper):.6f} "
        f"(below: {bounds.lower_plan}; above: the armies as one pool)"
    )


__all__ = [
    "Map",
    "Position",
    "classic_map",
    "named",
    "placed_bound",
    "placed_turn",
    "plan",
    "position",
    "refusal_bounds",
]
