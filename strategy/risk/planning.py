"""A whole attack phase on the map as one library call: :func:`position` builds the turn
from plain names and armies, :func:`plan` solves it, compares it with the fixed chains
and, if asked, checks it by simulation (``risk plan``).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from strategy.engine.errors import InputError
from strategy.risk.battle import Battle
from strategy.risk.kernels.geometry import Progress
from strategy.risk.plan.baselines import compare as compare_chains
from strategy.risk.plan.maps import Map, classic_map
from strategy.risk.plan.model import MoveIn, Turn
from strategy.risk.plan.objectives import TurnObjective
from strategy.risk.plan.placement import place
from strategy.risk.plan.position import armies_from_json, build_turn, left_out, parse_armies
from strategy.risk.plan.reinforcement import On, best_reinforcement, eligible
from strategy.risk.plan.report import PlanReport
from strategy.risk.plan.simulate import simulate_plan
from strategy.risk.plan.size import state_bound
from strategy.risk.plan.solve import EXACT_LIMIT, plan_turn

#: Armies on the map: ``{"Central America": 14}``, ``"Central America=14,Mexico=3"``, or
#: a list of such strings.
Armies = Mapping[str, int] | str | Sequence[str]


@dataclass(frozen=True)
class Position:
    """A turn to plan (:class:`~strategy.risk.plan.model.Turn`: the region in play, its
    armies, the target, the objective, the rules) and the territories given but left out
    of the region (armies elsewhere do not take part)."""

    turn: Turn
    left_out: tuple[str, ...] = ()


def position(
    *,
    attackers: Armies = (),
    defenders: Armies = (),
    target: str | Sequence[str] | None = None,
    region: str | Sequence[str] | None = None,
    map: Map | None = None,
    disputed: bool = True,
    objective: str = "capture-all",
    move_in: MoveIn = "classic",
    file: Mapping[str, Any] | None = None,
    battle: Battle | None = None,
    **terms: Any,
) -> Position:
    """The turn to plan: the attacker's and the other territories' armies (a mapping,
    ``"T=N,..."`` or a list of those), what to take (a continent or territories) and more
    territories in play (``region``: a path to the target, say), on ``map`` (the classic
    board; ``disputed=False`` drops the New Guinea-Western Australia border). ``file`` is
    a position file's JSON (``attacker``, ``defenders``, ``target``, ``region``); what is
    given here adds to it. ``objective`` is ``capture-all``, ``territories``,
    ``value[:BONUS]`` (BONUS defaults to the continent's) or ``keep:K``. The battle's
    rules come as ``odds`` takes them; both sides roll the most dice.

    >>> where = position(attackers="Siam=12", defenders="Indonesia=3,New Guinea=2,"
    ...                  "Western Australia=2,Eastern Australia=1", target="Australia")
    >>> len(where.turn.names), where.left_out  # Siam and the four of Australia
    (5, ())
    """
    fought = Battle.of(battle, **terms)
    if not fought.choice.fixed or not fought.plain:
        raise InputError(
            "a plan has both sides roll the most dice, true random, each battle to its "
            "end or its break-off: no choice rule, Balanced Blitz or limit"
        )
    if map is not None and not disputed:
        raise InputError("disputed=False is for the classic board; edit your map instead")
    board = classic_map(disputed=disputed) if map is None else map
    file = file or {}
    mine = armies_from_json(board, file.get("attacker", {}), "the position's attacker")
    theirs = armies_from_json(board, file.get("defenders", {}), "the position's defenders")
    mine |= armies(board, attackers)
    theirs |= armies(board, defenders)
    target = target or file.get("target")
    if not target:
        raise InputError("name what to take: target= a continent or territories")
    turn = build_turn(
        board,
        mine,
        theirs,
        target,
        region or file.get("region"),
        objective=TurnObjective.parse(_with_bonus(board, objective, target)),
        rules=fought.rules,
        move_in=move_in,
    )
    return Position(turn, left_out(turn, mine, theirs))


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
    **terms: Any,
) -> PlanReport:
    """The optimal attack phase: which territory attacks which, when to stop, how many
    armies move in; for the :class:`Position` given, or one :func:`position` builds from
    ``terms``.

    ``exact=None`` is exact up to 1,000,000 states; ``compare`` sets the plan beside the
    best fixed chain and attacking everything; ``simulate`` checks it with that many
    random turns (``seed``); ``detail`` is the probability from which the plan's lines are
    listed. ``reinforce`` new armies are placed first where the plan does best, on the
    territories bordering the target (``reinforce_on="border"``) or on ``"any"`` of the
    attacker's (:func:`~strategy.risk.plan.reinforcement.best_reinforcement`).

    >>> report = plan(attackers={"Siam": 12}, target="Australia",
    ...               defenders="Indonesia=3,New Guinea=2,Western Australia=2,Eastern Australia=1")
    >>> report.first_move()["target"]
    'Indonesia'
    """
    if not 0 <= detail <= 1:
        raise InputError(f"detail must be a probability from 0 to 1, not {detail}")
    where = position(**terms) if where is None else where
    turn = where.turn
    bound = plan_bound(where, reinforce, reinforce_on)
    # Exact plans cost about what float ones do; floats serve where exact ones are refused.
    exact = bound <= EXACT_LIMIT if exact is None else exact
    began = time.perf_counter()
    found = None
    if reinforce:
        found = best_reinforcement(
            turn, reinforce, on=reinforce_on, exact=exact, max_states=max_states, progress=progress
        )
        solved = found.plan
    else:
        solved = plan_turn(turn, exact=exact, max_states=max_states, progress=progress)
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


def plan_bound(where: Position, reinforce: int = 0, reinforce_on: On = "border") -> int:
    """The most states the plan may visit, after placing ``reinforce`` armies (wherever
    they go, the plan after them has the same bound).

    >>> where = position(attackers="Siam=4", defenders="Indonesia=1", target="Indonesia")
    >>> plan_bound(where, 2) > plan_bound(where)
    True
    """
    turn = where.turn
    if reinforce:
        on = eligible(turn, reinforce_on)[:1]
        turn = place(turn, on, (reinforce,) * len(on))
    return state_bound(turn)


def armies(board: Map, given: Armies) -> dict[str, int]:
    """Armies by territory from a mapping, a ``"T=N,..."`` string or a list of them.

    >>> armies(classic_map(), ["Peru=2", "Brazil=3,Venezuela=1"])
    {'Peru': 2, 'Brazil': 3, 'Venezuela': 1}
    """
    if isinstance(given, Mapping):
        return armies_from_json(board, dict(given), "armies")
    found: dict[str, int] = {}
    for text in [given] if isinstance(given, str) else given:
        found |= parse_armies(board, text)
    return found


def _with_bonus(board: Map, objective: str, target: str | Sequence[str]) -> str:
    """``value`` with the continent's bonus filled in."""
    if objective != "value":
        return objective
    continent = board.continent(target) if isinstance(target, str) else None
    if continent is None:
        raise InputError("value needs a bonus (value:BONUS) unless the target is a continent")
    return f"value:{continent.bonus}"


__all__ = ["Map", "Position", "armies", "classic_map", "plan", "plan_bound", "position"]
