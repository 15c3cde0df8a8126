"""A position named as players name it, and the placement searches on it, as library calls.

:func:`position` builds the turn to plan; :func:`reinforce` and :func:`fortify` search its
placements. All three take the position as ``strategy risk plan`` reads it (the keywords
of :func:`named`): armies as ``"Central America=14"`` or ``{"Central America": 14}``, the
target and an optional region as names, the classic board unless ``map`` gives another (a
:class:`Map` or a path to a JSON map). ``objective="value"`` takes the target continent's
bonus.

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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, TypedDict, Unpack

from strategy.engine.errors import InputError
from strategy.engine.keywords import spelled_out
from strategy.risk.battle import Battle, RuleKeywords, with_terms
from strategy.risk.turns.building import armies_from_json, build_turn, left_out, parse_armies
from strategy.risk.turns.fortification import Fortification, fortify_turn
from strategy.risk.turns.maps import Map, classic_map, load_map
from strategy.risk.turns.model import MoveIn, Turn
from strategy.risk.turns.objectives import TurnObjective
from strategy.risk.turns.reinforcement import On, Reinforcement, Searching, best_reinforcement
from strategy.risk.turns.solve import Progress

#: Armies on the map: ``{"Central America": 14}``, ``"Central America=14,Mexico=3"``, or
#: a list of such strings (the command line's repeated options).
Armies = str | Mapping[str, int] | Sequence[str]
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
    """Armies by territory, from ``"T=N, ..."``, a list of those, or a mapping (names in any
    case).

    >>> armies_of(classic_map(), ["Peru=2", "Brazil=3,Venezuela=1"])
    {'Peru': 2, 'Brazil': 3, 'Venezuela': 1}
    """
    if armies is None:
        return {}
    if isinstance(armies, Mapping):
        return armies_from_json(board, dict(armies), "the armies")
    found: dict[str, int] = {}
    for text in [armies] if isinstance(armies, str) else armies:
        found |= parse_armies(board, text)
    return found


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


class Named(NamedTuple):
    """The board and the position as named, before any turn is built: the armies of both
    sides by territory, the target and the region."""

    board: Map
    attackers: dict[str, int]
    defenders: dict[str, int]
    target: Names
    region: Names | None


class PositionKeywords(TypedDict, total=False):
    """A position as players name it (:func:`named`'s keywords; defaults in
    :data:`NAMED`)."""

    attackers: Armies
    defenders: Armies
    target: Names | None
    region: Names | None
    map: Map | str | Path | None
    disputed: bool
    file: Mapping[str, Any] | None


class TurnTerms(TypedDict, total=False):
    """What the turn is played for, how armies move in, and the battle whose rules the
    rule keywords change."""

    objective: str | TurnObjective
    move_in: MoveIn
    battle: Battle | None


class TurnKeywords(PositionKeywords, TurnTerms, RuleKeywords):
    """The turn as :func:`position`, :func:`reinforce`, :func:`fortify` and
    :func:`~strategy.risk.planning.plan` take it (defaults in :data:`TURN`)."""


#: The defaults of the position's keywords that are not ``None``.
NAMED: dict[str, Any] = {"attackers": (), "defenders": (), "disputed": True}
#: The defaults of the turn's keywords that are not ``None``.
TURN = NAMED | {"objective": "capture-all", "move_in": "classic"}


@spelled_out(PositionKeywords, NAMED)
def named(**where: Unpack[PositionKeywords]) -> Named:
    """The position from ``file`` (a position file's JSON: ``attackers``, ``defenders``,
    ``target``, ``region``) and what is given here, which adds to it: the attacker's and
    the other territories' armies (a mapping, ``"T=N,..."`` or a list of those), what to
    take (a continent or territories) and more territories in play (``region``: a path to
    the target, say), on ``map`` (the classic board; ``disputed=False`` drops the New
    Guinea-Western Australia border).

    >>> board, mine, theirs, target, region = named(attackers="Siam=12", target="Australia")
    >>> mine, target, region
    ({'Siam': 12}, 'Australia', None)
    """
    return located(where)


def located(where: Mapping[str, Any]) -> Named:
    """The position :func:`named` makes of the keywords ``where`` holds (its defaults
    filled in)."""
    board = board_of(where.get("map"), disputed=where["disputed"])
    file = where.get("file") or {}
    mine = armies_from_json(board, file.get("attackers", {}), "the position's attackers")
    theirs = armies_from_json(board, file.get("defenders", {}), "the position's defenders")
    mine |= armies_of(board, where["attackers"])
    theirs |= armies_of(board, where["defenders"])
    target = where.get("target") or file.get("target")
    if not target:
        raise InputError("name what to take: target= a continent or territories")
    return Named(board, mine, theirs, target, where.get("region") or file.get("region"))


@dataclass(frozen=True)
class Position:
    """A turn to plan (:class:`~strategy.risk.turns.model.Turn`: the region in play, its
    armies, the target, the objective, the rules) and the territories given but left out
    of the region (armies elsewhere do not take part)."""

    turn: Turn
    left_out: tuple[str, ...] = ()


@spelled_out(TurnKeywords, TURN)
def position(given: Named | None = None, **turn: Unpack[TurnKeywords]) -> Position:
    """The turn to plan, on the position ``given`` or the one :func:`named` makes of the
    keywords it takes (``attackers`` to ``file``); the rule keywords (``edition`` to
    ``zombie_attacker``, as :func:`~strategy.risk.api.odds` names them) change the
    ``battle``'s rules (both sides roll the most dice). ``objective`` is ``capture-all``,
    ``territories``, ``value[:BONUS]`` (BONUS defaults to the continent's) or ``keep:K``.

    >>> where = position(attackers="Siam=12", defenders="Indonesia=3,New Guinea=2,"
    ...                  "Western Australia=2,Eastern Australia=1", target="Australia")
    >>> len(where.turn.names), where.left_out  # Siam and the four of Australia
    (5, ())
    """
    fought = with_terms(turn.get("battle"), turn, RuleKeywords)
    if given is not None and (
        changed := [n for n in PositionKeywords.__annotations__ if turn.get(n) != NAMED.get(n)]
    ):
        raise InputError(f"the position is given: {', '.join(changed)} cannot change it")
    if not fought.choice.fixed or not fought.plain:
        raise InputError(
            "a plan has both sides roll the most dice, true random, each battle to its "
            "end or its break-off: no choice rule, Balanced Blitz or limit"
        )
    board, mine, theirs, target, region = given or located(turn)
    built = build_turn(
        board,
        mine,
        theirs,
        target,
        region,
        objective=objective_of(board, target, turn["objective"]),
        rules=fought.rules,
        move_in=turn["move_in"],
    )
    return Position(built, left_out(built, mine, theirs))


@spelled_out(TurnKeywords, TURN)
def reinforce(
    *,
    reinforcements: int,
    on: On = "border",
    exact: bool = True,
    max_states: int | None = None,
    progress: Progress | None = None,
    **turn: Unpack[TurnKeywords],
) -> Reinforcement:
    """Where to place ``reinforcements`` before the turn on the position :func:`position`
    makes of the turn's keywords
    (:func:`~strategy.risk.turns.reinforcement.best_reinforcement`)."""
    searching = Searching(exact, max_states, progress)
    return best_reinforcement(position(**turn).turn, reinforcements, on=on, searching=searching)


def fortified(
    given: Named,
    *,
    objective: str | TurnObjective = "capture-all",
    move_in: MoveIn = "classic",
    battle: Battle | None = None,
) -> tuple[Turn, list[int]]:
    """The turn :func:`fortify` searches on the position ``given`` (its ``defenders`` fixed)
    and the territories the defender places on: every enemy territory of the region whose
    armies are not fixed."""
    board, mine, fixed, target, region = given
    # Every other territory gets a placeholder army: the region decides which are placed.
    every = {t: 1 for t in board.territories if t not in mine} | fixed
    where = Named(board, mine, every, target, region)
    turn = position(where, objective=objective, move_in=move_in, battle=battle).turn
    placed = [t for t, name in enumerate(turn.names) if name not in mine and name not in fixed]
    if not placed:
        raise InputError("every enemy territory of the region has fixed armies: none to place")
    return turn, placed


@spelled_out(TurnKeywords, TURN)
def fortify(
    *,
    armies: int,
    reinforce: int = 0,
    reinforce_on: On = "border",
    exact: bool = True,
    max_states: int | None = None,
    progress: Progress | None = None,
    **turn: Unpack[TurnKeywords],
) -> Fortification:
    """Where the defender should put ``armies`` on its territories of the region, at least
    one each, against an attacker who places ``reinforce`` armies and plans optimally
    (:func:`~strategy.risk.turns.fortification.fortify_turn`), on the position
    :func:`named` makes of its keywords (``attackers``, ``defenders``, ``target``,
    ``region``, ``map``, ``disputed``, ``file``), with the turn's ``objective`` and
    ``move_in`` and the ``battle``'s rules as the rule keywords (``edition``,
    ``attacker_dice``, ... ``zombie_attacker``, as :func:`~strategy.risk.api.odds` names
    them) change them. Its ``defenders`` fix the armies of some enemy
    territories; the defender places on all the others in the region."""
    battle = with_terms(turn.get("battle"), turn, RuleKeywords)
    placing, placed = fortified(
        located(turn), objective=turn["objective"], move_in=turn["move_in"], battle=battle
    )
    return fortify_turn(
        placing,
        armies,
        territories=placed,
        reinforcements=reinforce,
        on=reinforce_on,
        searching=Searching(exact, max_states, progress),
    )
