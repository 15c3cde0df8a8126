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
from inspect import signature
from pathlib import Path
from typing import Any, NamedTuple

from strategy.engine.errors import InputError
from strategy.risk.battle import RULE_TERMS, Battle, with_terms
from strategy.risk.rules import Count, Ties
from strategy.risk.turns.building import armies_from_json, build_turn, left_out, parse_armies
from strategy.risk.turns.fortification import Fortification, fortify_turn
from strategy.risk.turns.maps import Map, classic_map, load_map
from strategy.risk.turns.model import MoveIn, Turn
from strategy.risk.turns.objectives import TurnObjective
from strategy.risk.turns.reinforcement import On, Reinforcement, best_reinforcement
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


def named(
    *,
    attackers: Armies = (),
    defenders: Armies = (),
    target: Names | None = None,
    region: Names | None = None,
    map: Map | str | Path | None = None,
    disputed: bool = True,
    file: Mapping[str, Any] | None = None,
) -> Named:
    """The position from ``file`` (a position file's JSON: ``attacker``, ``defenders``,
    ``target``, ``region``) and what is given here, which adds to it: the attacker's and
    the other territories' armies (a mapping, ``"T=N,..."`` or a list of those), what to
    take (a continent or territories) and more territories in play (``region``: a path to
    the target, say), on ``map`` (the classic board; ``disputed=False`` drops the New
    Guinea-Western Australia border).

    >>> board, mine, theirs, target, region = named(attackers="Siam=12", target="Australia")
    >>> mine, target, region
    ({'Siam': 12}, 'Australia', None)
    """
    board = board_of(map, disputed=disputed)
    file = file or {}
    mine = armies_from_json(board, file.get("attacker", {}), "the position's attacker")
    theirs = armies_from_json(board, file.get("defenders", {}), "the position's defenders")
    mine |= armies_of(board, attackers)
    theirs |= armies_of(board, defenders)
    target = target or file.get("target")
    if not target:
        raise InputError("name what to take: target= a continent or territories")
    return Named(board, mine, theirs, target, region or file.get("region"))


#: The keywords that name a position, :func:`named`'s, and their defaults.
NAMED = {name: p.default for name, p in signature(named).parameters.items()}
NAMING = tuple(NAMED)


@dataclass(frozen=True)
class Position:
    """A turn to plan (:class:`~strategy.risk.turns.model.Turn`: the region in play, its
    armies, the target, the objective, the rules) and the territories given but left out
    of the region (armies elsewhere do not take part)."""

    turn: Turn
    left_out: tuple[str, ...] = ()


def position(
    given: Named | None = None,
    *,
    objective: str | TurnObjective = "capture-all",
    move_in: MoveIn = "classic",
    battle: Battle | None = None,
    attackers: Armies = (), defenders: Armies = (), target: Names | None = None,
    region: Names | None = None, map: Map | str | Path | None = None, disputed: bool = True,
    file: Mapping[str, Any] | None = None,
    edition: str | None = None, attacker_dice: int | None = None,
    defender_dice: int | None = None, attacker_sides: int | None = None,
    defender_sides: int | None = None, ties: Ties | None = None, stay_behind: int | None = None,
    count: Count | None = None, capital: bool | None = None, wall: bool | None = None,
    zombie_defender: bool | None = None, zombie_attacker: bool | None = None,
) -> Position:  # fmt: skip
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
    fought = with_terms(battle, locals(), RULE_TERMS)
    names: dict[str, Any] = dict(attackers=attackers, defenders=defenders, target=target)
    names |= dict(region=region, map=map, disputed=disputed, file=file)
    if given is not None and (changed := [n for n, v in names.items() if v != NAMED[n]]):
        raise InputError(f"the position is given: {', '.join(changed)} cannot change it")
    if not fought.choice.fixed or not fought.plain:
        raise InputError(
            "a plan has both sides roll the most dice, true random, each battle to its "
            "end or its break-off: no choice rule, Balanced Blitz or limit"
        )
    board, mine, theirs, target, region = given or named(**names)
    turn = build_turn(
        board,
        mine,
        theirs,
        target,
        region,
        objective=objective_of(board, target, objective),
        rules=fought.rules,
        move_in=move_in,
    )
    return Position(turn, left_out(turn, mine, theirs))


def reinforce(
    *,
    reinforcements: int,
    on: On = "border",
    exact: bool = True,
    max_states: int | None = None,
    progress: Progress | None = None,
    **terms: Any,
) -> Reinforcement:
    """Where to place ``reinforcements`` before the turn on the position :func:`position`
    makes of ``terms`` (:func:`~strategy.risk.turns.reinforcement.best_reinforcement`)."""
    turn = position(**terms).turn
    return best_reinforcement(
        turn, reinforcements, on=on, exact=exact, max_states=max_states, progress=progress
    )


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


def fortify(
    *,
    armies: int,
    reinforce: int = 0,
    reinforce_on: On = "border",
    exact: bool = True,
    max_states: int | None = None,
    progress: Progress | None = None,
    attackers: Armies = (),
    defenders: Armies = (),
    target: Names | None = None,
    region: Names | None = None,
    map: Map | str | Path | None = None,
    disputed: bool = True,
    file: Mapping[str, Any] | None = None,
    objective: str | TurnObjective = "capture-all",
    move_in: MoveIn = "classic",
    battle: Battle | None = None,
    edition: str | None = None, attacker_dice: int | None = None,
    defender_dice: int | None = None, attacker_sides: int | None = None,
    defender_sides: int | None = None, ties: Ties | None = None, stay_behind: int | None = None,
    count: Count | None = None, capital: bool | None = None, wall: bool | None = None,
    zombie_defender: bool | None = None, zombie_attacker: bool | None = None,
) -> Fortification:  # fmt: skip
    """Where the defender should put ``armies`` on its territories of the region, at least
    one each, against an attacker who places ``reinforce`` armies and plans optimally
    (:func:`~strategy.risk.turns.fortification.fortify_turn`), on the position
    :func:`named` makes of its keywords (``attackers``, ``defenders``, ``target``,
    ``region``, ``map``, ``disputed``, ``file``), with the turn's ``objective`` and
    ``move_in`` and the ``battle``'s rules as the rule keywords (``edition``,
    ``attacker_dice``, ... ``zombie_attacker``, as :func:`~strategy.risk.api.odds` names
    them) change them. Its ``defenders`` fix the armies of some enemy
    territories; the defender places on all the others in the region."""
    battle = with_terms(battle, locals(), RULE_TERMS)
    given = named(
        attackers=attackers,
        defenders=defenders,
        target=target,
        region=region,
        map=map,
        disputed=disputed,
        file=file,
    )
    turn, placed = fortified(given, objective=objective, move_in=move_in, battle=battle)
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
