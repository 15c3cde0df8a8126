"""From a position on a map to the :class:`~strategy.risk.turns.model.Turn` to plan.

A position gives the armies on some territories, the attacker's (``--from``) and the
others (``--defenders``); the whole board may be given. The *region* in play is the target
and the territories of ``--region`` (a path to the target, say), with the attacker's
territories that border them. Territories outside the region take no part.

>>> from strategy.risk.turns.maps import classic_map
>>> board = classic_map()
>>> turn = build_turn(
...     board,
...     parse_armies(board, "Central America=14"),
...     parse_armies(board, "Venezuela=2, Brazil=3, Peru=1, Argentina=2"),
...     "South America",
... )
>>> turn.names, turn.armies, turn.target_name
(('Central America', 'Argentina', 'Brazil', 'Peru', 'Venezuela'), (14, 2, 3, 1, 2), 'South America')
>>> parse_armies(board, "Peru=0")
Traceback (most recent call last):
...
strategy.engine.errors.InputError: armies on Peru must be a whole number >= 1, not '0'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from strategy.engine.errors import InputError, echo
from strategy.risk.rules import DEFAULT_RULES, Rules
from strategy.risk.turns.maps import Map, read_json
from strategy.risk.turns.model import MoveIn, Turn
from strategy.risk.turns.objectives import CAPTURE_ALL, TurnObjective

#: Territories in a region: each is a bit of a state's ``owned`` mask, and the size bound
#: walks the subsets of the enemy territories among them.
MAX_REGION = 24
MAX_ENEMIES = 16


def parse_armies(board: Map, text: str) -> dict[str, int]:
    """``"Venezuela=2, Brazil=3"``: territories and their armies."""
    armies: dict[str, int] = {}
    for part in (p for p in text.split(",") if p.strip()):
        name, sign, number = part.partition("=")
        if not sign:
            raise InputError(f"write territory=armies, as in Venezuela=2, not {echo(part.strip())}")
        territory = board.territory(name)
        armies[territory] = _armies(territory, number.strip())
    return armies


def armies_from_json(board: Map, value: Any, what: str) -> dict[str, int]:
    """``{"Venezuela": 2, ...}`` from a position file."""
    if not isinstance(value, dict):
        raise InputError(f"{what} must map territories to armies")
    return {board.territory(str(name)): _armies(str(name), count) for name, count in value.items()}


#: The fields of a position file.
POSITION_FIELDS = ("attackers", "defenders", "target", "region")


def load_position(path: Path) -> dict[str, Any]:
    """A position file: a JSON object with some of :data:`POSITION_FIELDS`."""
    data = read_json(path, "position")
    where = f"position {echo(str(path))}"
    if not isinstance(data, dict):
        raise InputError(f"{where}: expected a JSON object ({', '.join(POSITION_FIELDS)})")
    unknown = set(data) - set(POSITION_FIELDS)
    if unknown:
        raise InputError(
            f"{where}: unknown field {echo(min(unknown))} ({', '.join(POSITION_FIELDS)})"
        )
    for field in ("target", "region"):
        if field in data:
            _check_names(data[field], f"{where}: {field}")
    return data


def _armies(name: str, value: Any) -> int:
    number = value
    if isinstance(value, str) and value.isdigit():
        number = int(value)
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise InputError(f"armies on {name} must be a whole number >= 1, not {echo(value)}")
    return number


def build_turn(
    board: Map,
    attacker: Mapping[str, int],
    defenders: Mapping[str, int],
    target: str | Sequence[str],
    region: str | Sequence[str] | None = None,
    *,
    objective: TurnObjective = CAPTURE_ALL,
    rules: Rules = DEFAULT_RULES,
    move_in: MoveIn = "classic",
) -> Turn:
    """The turn: ``target`` and ``region`` are names (territories or continents), as a
    comma-separated string or a list. Every territory of the region needs its armies."""
    if not attacker:
        raise InputError("name the attacker's territories and armies (--from T=N)")
    both = set(attacker) & set(defenders)
    if both:
        raise InputError(f"{min(both)} is given to both the attacker and the defender")
    goal = _places(board, target, "the target")
    continent = board.continent(target) if isinstance(target, str) else None
    if set(goal) <= set(attacker):
        where = continent.name if continent else ", ".join(goal)
        raise InputError(f"the attacker already holds {where}: there is nothing to take")
    places = set(goal) | (set() if region is None else set(_places(board, region, "the region")))
    places |= {t for t in attacker if any(board.borders(t, p) for p in places)}
    names = tuple(t for t in board.territories if t in places)
    if len(names) > MAX_REGION:
        raise InputError(f"the region has {len(names)} territories; at most {MAX_REGION}")
    for name in names:
        if name not in attacker and name not in defenders:
            raise InputError(f"no armies given for {name} (add it to --from or --defenders)")
    mine = sum(1 << i for i, t in enumerate(names) if t in attacker)
    if not mine:
        where = continent.name if continent else ", ".join(goal)
        raise InputError(
            f"none of the attacker's territories borders {where}; name a path with --region"
        )
    if len(names) - bin(mine).count("1") > MAX_ENEMIES:
        raise InputError(f"the region has more than {MAX_ENEMIES} enemy territories")
    index = {t: i for i, t in enumerate(names)}
    neighbours = tuple(tuple(index[n] for n in board.neighbours[t] if n in index) for t in names)
    return Turn(
        names=names,
        neighbours=neighbours,
        armies=tuple(attacker.get(t) or defenders[t] for t in names),
        attacker=mine,
        target=sum(1 << index[t] for t in goal),
        target_name=continent.name if continent else ", ".join(goal),
        objective=objective,
        rules=rules,
        move_in=move_in,
    )


def left_out(turn: Turn, *positions: Mapping[str, int]) -> tuple[str, ...]:
    """Territories a position gives armies for that are not in the turn's region."""
    return tuple(sorted({t for p in positions for t in p} - set(turn.names)))


def path_turn(
    origin: int,
    defenders: Sequence[int],
    *,
    objective: TurnObjective = CAPTURE_ALL,
    rules: Rules = DEFAULT_RULES,
    move_in: MoveIn = "classic",
) -> Turn:
    """A path: the attacker's origin, then territories holding ``defenders``, each
    bordering the next; the target is the whole path.

    >>> path_turn(5, (3, 2)).neighbours
    ((1,), (0, 2), (1,))
    """
    size = len(defenders) + 1
    return Turn(
        names=("origin", *(f"territory {i}" for i in range(1, size))),
        neighbours=tuple(tuple(j for j in (i - 1, i + 1) if 0 <= j < size) for i in range(size)),
        armies=(origin, *defenders),
        attacker=1,
        target=(1 << size) - 2,
        target_name="the path",
        objective=objective,
        rules=rules,
        move_in=move_in,
    )


def _check_names(names: object, what: str) -> None:
    """A target or region is a comma-separated string or a list of names (as JSON gives)."""
    if not (
        isinstance(names, str)
        or (isinstance(names, list | tuple) and all(isinstance(n, str) for n in names))
    ):
        raise InputError(
            f"{what} must be names, as a string or a list of strings, not {echo(names)}"
        )


def _places(board: Map, names: str | Sequence[str], what: str) -> tuple[str, ...]:
    _check_names(names, what)
    return board.places(names if isinstance(names, str) else ",".join(names))
