"""Placement searches as library calls on a position named as players name it.

``reinforce`` and ``fortify`` take the position as ``strategy risk plan`` reads it: armies
as ``"Central America=14"`` or ``{"Central America": 14}``, the target and an optional
region as names, the classic board unless ``map`` gives another (a :class:`Map` or a path
to a JSON map). ``objective="value"`` takes the target continent's bonus.

>>> found = reinforce(
...     attackers="Siam=4",
...     defenders="Indonesia=1, New Guinea=1, Western Australia=1, Eastern Australia=1",
...     target="Indonesia",
...     reinforcements=2,
... )
>>> found.best.named(found.names)
{'Siam': 2}
>>> fortify(attackers="Siam=5", armies=3, target="Indonesia").best.added  # one territory
(2,)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from strategy.engine.errors import InputError
from strategy.risk.plan.fortification import Fortification, fortify_turn
from strategy.risk.plan.maps import Map, classic_map, load_map
from strategy.risk.plan.model import MoveIn, Turn
from strategy.risk.plan.objectives import TurnObjective
from strategy.risk.plan.position import armies_from_json, build_turn, parse_armies
from strategy.risk.plan.reinforcement import On, Reinforcement, best_reinforcement
from strategy.risk.plan.solve import Progress
from strategy.risk.rules import DEFAULT_RULES, Rules

Armies = str | Mapping[str, int]
Names = str | Sequence[str]


def board_of(board: Map | str | Path | None, *, disputed: bool = True) -> Map:
    """The board: the classic one (``disputed=False`` drops its disputed border), a
    :class:`Map`, or a JSON map file."""
    if board is None:
        return classic_map(disputed=disputed)
    if not disputed:
        raise InputError("disputed=False is for the classic board; edit your map instead")
    return board if isinstance(board, Map) else load_map(Path(board))


def armies_of(board: Map, armies: Armies | None) -> dict[str, int]:
    """Armies by territory, from ``"T=N, ..."`` or a mapping (names in any case)."""
    if armies is None:
        return {}
    if isinstance(armies, str):
        return parse_armies(board, armies)
    return armies_from_json(board, dict(armies), "the armies")


def objective_of(board: Map, target: Names, objective: str | TurnObjective) -> TurnObjective:
    """The objective; ``value`` alone takes the bonus of the target continent."""
    if isinstance(objective, TurnObjective):
        return objective
    if objective.strip() == "value":
        continent = board.continent(target) if isinstance(target, str) else None
        if continent is None:
            raise InputError("value needs a bonus (value:BONUS) unless the target is a continent")
        return TurnObjective("value", continent.bonus)
    return TurnObjective.parse(objective)


def turn_of(
    board: Map,
    attackers: Mapping[str, int],
    defenders: Mapping[str, int],
    target: Names,
    region: Names | None = None,
    *,
    objective: str | TurnObjective = "capture-all",
    move_in: MoveIn = "classic",
    rules: Rules = DEFAULT_RULES,
) -> Turn:
    """:func:`~strategy.risk.plan.position.build_turn` with the objective named."""
    return build_turn(
        board,
        attackers,
        defenders,
        target,
        region,
        objective=objective_of(board, target, objective),
        rules=rules,
        move_in=move_in,
    )


def reinforce(
    *,
    attackers: Armies,
    defenders: Armies,
    target: Names,
    reinforcements: int,
    on: On = "border",
    region: Names | None = None,
    map: Map | str | Path | None = None,
    disputed: bool = True,
    objective: str | TurnObjective = "capture-all",
    move_in: MoveIn = "classic",
    rules: Rules = DEFAULT_RULES,
    exact: bool = True,
    max_states: int | None = None,
    progress: Progress | None = None,
) -> Reinforcement:
    """Where to place ``reinforcements`` before the turn
    (:func:`~strategy.risk.plan.reinforcement.best_reinforcement`)."""
    board = board_of(map, disputed=disputed)
    turn = turn_of(
        board,
        armies_of(board, attackers),
        armies_of(board, defenders),
        target,
        region,
        objective=objective,
        move_in=move_in,
        rules=rules,
    )
    return best_reinforcement(
        turn, reinforcements, on=on, exact=exact, max_states=max_states, progress=progress
    )


def fortify(
    *,
    attackers: Armies,
    armies: int,
    target: Names,
    defenders: Armies | None = None,
    region: Names | None = None,
    map: Map | str | Path | None = None,
    disputed: bool = True,
    objective: str | TurnObjective = "capture-all",
    move_in: MoveIn = "classic",
    rules: Rules = DEFAULT_RULES,
    reinforce: int = 0,
    reinforce_on: On = "border",
    exact: bool = True,
    max_states: int | None = None,
    progress: Progress | None = None,
) -> Fortification:
    """Where the defender should put ``armies`` on its territories of the region, at least
    one each, against an attacker who places ``reinforce`` armies and plans optimally
    (:func:`~strategy.risk.plan.fortification.fortify_turn`). ``defenders`` fixes the armies
    of some enemy territories; the defender places on all the others in the region."""
    board = board_of(map, disputed=disputed)
    mine = armies_of(board, attackers)
    fixed = armies_of(board, defenders)
    # Every other territory gets a placeholder army: the region decides which are placed.
    every = {t: 1 for t in board.territories if t not in mine} | fixed
    turn = turn_of(
        board, mine, every, target, region, objective=objective, move_in=move_in, rules=rules
    )
    placed = [t for t, name in enumerate(turn.names) if name not in mine and name not in fixed]
    if not placed:
        raise InputError("every enemy territory of the region has fixed armies: none to place")
    return fortify_turn(
        turn,
        armies,
        territories=placed,
        reinforcements=reinforce,
        on=reinforce_on,
        exact=exact,
        max_states=max_states,
        progress=progress,
    )
