"""Risk maps: territories, which border which, and continents with their bonuses.

The classic 42-territory board ships as package data (``classic.json``): its adjacency and
continents come from dartlangfr/risk-codelab (Apache-2.0; the same graph as chronitis/pyrisk),
83 borders, 14 of them between continents. One border is disputed: New Guinea-Western
Australia, which three of five published map files draw and two leave out; it is in by
default and ``classic_map(disputed=False)`` drops it. Any other map is read from a JSON file
of the same shape and checked, each problem one line.

>>> board = classic_map()
>>> len(board.territories), board.edge_count, board.bonus("South America")
(42, 83, 2)
>>> board.borders("Alaska", "Kamchatka"), classic_map(disputed=False).edge_count
(True, 82)
>>> board.territory("venezuela")
'Venezuela'
>>> board.territory("Venezuala")
Traceback (most recent call last):
...
strategy.engine.errors.InputError: unknown territory 'Venezuala' on the classic map (did you ...
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from difflib import get_close_matches
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from strategy.engine.errors import InputError, echo
from strategy.risk.objectives import MAX_PARAMETER


@dataclass(frozen=True)
class Continent:
    """A continent: its name, its bonus and its territories."""

    name: str
    bonus: int
    territories: tuple[str, ...]


@dataclass(frozen=True)
class Map:
    """A board: territories in a fixed order, borders as sorted neighbour tuples, continents.

    >>> board = map_from_json({"territories": ["A", "B"], "adjacency": {"A": ["B"], "B": ["A"]}})
    >>> board.neighbours["A"], board.continents
    (('B',), ())
    """

    name: str
    territories: tuple[str, ...]
    neighbours: dict[str, tuple[str, ...]]
    continents: tuple[Continent, ...]
    source: str = ""
    disputed: tuple[tuple[str, str], ...] = ()

    @property
    def edge_count(self) -> int:
        """How many borders the board has (each counted once)."""
        return sum(len(n) for n in self.neighbours.values()) // 2

    def borders(self, first: str, second: str) -> bool:
        """Whether two territories share a border."""
        return second in self.neighbours[first]

    def territory(self, name: str) -> str:
        """The territory called ``name`` (any case), or a one-line ``ValueError``."""
        found = self._lookup().get(name.strip().casefold())
        if found is None or found not in self.neighbours:
            if self.continent(name) is not None:
                raise InputError(f"{echo(name.strip())} is a continent, not a territory")
            raise InputError(
                f"unknown territory {echo(name.strip())} on {self._what()}{self._hint(name)}"
            )
        return found

    def continent(self, name: str) -> Continent | None:
        """The continent called ``name`` (any case), if there is one."""
        for continent in self.continents:
            if continent.name.casefold() == name.strip().casefold():
                return continent
        return None

    def bonus(self, name: str) -> int:
        """A continent's bonus."""
        continent = self.continent(name)
        if continent is None:
            raise InputError(f"unknown continent {echo(name)} on {self._what()}")
        return continent.bonus

    def places(self, text: str) -> tuple[str, ...]:
        """Territories named in ``text``: comma-separated territory or continent names.

        >>> classic_map().places("Australia, Siam")
        ('Eastern Australia', 'Indonesia', 'New Guinea', 'Western Australia', 'Siam')
        >>> classic_map().places("Atlantis")
        Traceback (most recent call last):
        ...
        strategy.engine.errors.InputError: unknown territory or continent 'Atlantis' on the \
classic map; its continents: North America, South America, Europe, Africa, Asia, Australia
        """
        names: list[str] = []
        for part in (p for p in text.split(",") if p.strip()):
            continent = self.continent(part)
            if continent is None and part.strip().casefold() not in self._lookup():
                known = ", ".join(c.name for c in self.continents)
                raise InputError(
                    f"unknown territory or continent {echo(part.strip())} on {self._what()}"
                    f"{self._hint(part)}" + (f"; its continents: {known}" if known else "")
                )
            for name in continent.territories if continent else (self.territory(part),):
                if name not in names:
                    names.append(name)
        if not names:
            raise InputError(f"no territory named in {echo(text)}")
        return tuple(names)

    def without(self, edges: tuple[tuple[str, str], ...]) -> Map:
        """The same board with some borders removed."""
        gone = {frozenset(edge) for edge in edges}
        neighbours = {
            name: tuple(n for n in near if frozenset((name, n)) not in gone)
            for name, near in self.neighbours.items()
        }
        return Map(self.name, self.territories, neighbours, self.continents, self.source)

    def _what(self) -> str:
        return f"the {self.name} map" if self.name else "the map"

    def _lookup(self) -> dict[str, str]:
        return {
            name.casefold(): name
            for name in (*self.territories, *(c.name for c in self.continents))
        }

    def _hint(self, name: str) -> str:
        close = get_close_matches(name.strip().casefold(), list(self._lookup()), n=1)
        return f" (did you mean {self._lookup()[close[0]]}?)" if close else ""


@cache
def classic_map(*, disputed: bool = True) -> Map:
    """The classic board; ``disputed=False`` leaves out the New Guinea-Western Australia border.

    >>> classic_map().continent("Asia").bonus
    7
    """
    text = files("strategy.risk.turns").joinpath("classic.json").read_text(encoding="utf-8")
    board = map_from_json(json.loads(text), "the classic map")
    return board if disputed else board.without(board.disputed)


def load_map(path: Path) -> Map:
    """A board from a JSON file, checked (one-line ``ValueError`` on any problem)."""
    return map_from_json(read_json(path, "map"), f"map {echo(str(path))}")


#: The largest map or position file read: the classic board takes 4 KiB.
MAX_JSON_BYTES = 16 * 2**20


def read_json(path: Path, what: str) -> Any:
    """A JSON file's contents, or a one-line ``InputError`` saying why not: unreadable, not
    JSON, not UTF-8, larger than :data:`MAX_JSON_BYTES`, nested deeper than Python's parser
    goes, or holding a number too long for Python to read (more than 4,300 digits).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     deep = Path(folder) / "deep.json"
    ...     _ = deep.write_text("[" * 100_000 + "]" * 100_000)
    ...     read_json(deep, "map")
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: map ... is nested too deeply (lists or objects inside ...
    """
    where = f"{what} {echo(str(path))}"
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_JSON_BYTES + 1)  # /dev/zero, say, would never end
    except OSError as error:
        raise InputError(f"cannot read {where}: {error.strerror or error}") from None
    if len(data) > MAX_JSON_BYTES:
        raise InputError(f"{where} is larger than {MAX_JSON_BYTES // 2**20} MiB")
    try:
        return json.loads(data.decode("utf-8"))
    except json.JSONDecodeError as error:
        raise InputError(f"{where} is not JSON: {error.msg} at line {error.lineno}") from None
    except UnicodeDecodeError:
        raise InputError(f"{where} is not text in UTF-8") from None
    except RecursionError:
        raise InputError(
            f"{where} is nested too deeply (lists or objects inside one another) to read"
        ) from None
    except ValueError:  # the only other: an integer longer than int() reads
        limit = sys.get_int_max_str_digits()
        raise InputError(f"{where} holds a number of more than {limit:,} digits") from None


def map_from_json(data: Any, where: str = "the map") -> Map:
    """A board from parsed JSON: ``territories`` (list), ``adjacency`` (territory -> list of
    neighbours, both ways), optional ``continents`` (name -> {bonus, territories}), ``name``,
    ``source`` and ``disputed`` (borders that not every source draws).

    >>> map_from_json({"territories": ["A", "B"], "adjacency": {"A": ["B"]}})
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: the map: A borders B but B does not border A
    """
    if not isinstance(data, dict):
        raise InputError(f"{where}: expected a JSON object with territories and adjacency")
    territories = _names(data.get("territories"), f"{where}: territories")
    if len(set(territories)) != len(territories):
        raise InputError(f"{where}: a territory is listed twice")
    known = set(territories)
    adjacency = data.get("adjacency")
    if not isinstance(adjacency, dict):
        raise InputError(f"{where}: adjacency must map each territory to its neighbours")
    neighbours: dict[str, tuple[str, ...]] = {}
    for name in territories:
        near = _names(adjacency.get(name, []), f"{where}: neighbours of {name}")
        for other in near:
            if other not in known:
                raise InputError(f"{where}: {name} borders unknown territory {echo(other)}")
            if other == name:
                raise InputError(f"{where}: {name} borders itself")
        neighbours[name] = tuple(sorted(set(near)))
    for name in adjacency:
        if name not in known:
            raise InputError(f"{where}: adjacency names unknown territory {echo(name)}")
    # Sets, not the tuples: a dense map of n territories has n^2 borders to check.
    bordering = {name: set(near) for name, near in neighbours.items()}
    for name, near in neighbours.items():
        for other in near:
            if name not in bordering[other]:
                raise InputError(
                    f"{where}: {name} borders {other} but {other} does not border {name}"
                )
    continents = _continents(data.get("continents", {}), known, where)
    listed = data.get("disputed", [])
    if not isinstance(listed, list):
        raise InputError(f"{where}: disputed must be a list of borders, as [[A, B]]")
    disputed = tuple(_edge(e, neighbours, where) for e in listed)
    name, source = data.get("name", ""), data.get("source", "")
    if not isinstance(name, str) or not isinstance(source, str):
        raise InputError(f"{where}: name and source must be strings")
    return Map(name, territories, neighbours, continents, source, disputed)


def _names(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise InputError(f"{what} must be a list of names")
    return tuple(value)


def _continents(value: Any, known: set[str], where: str) -> tuple[Continent, ...]:
    if not isinstance(value, dict):
        raise InputError(f"{where}: continents must map each name to its bonus and territories")
    seen: dict[str, str] = {}
    continents = []
    for name, spec in value.items():
        if not isinstance(spec, dict):
            raise InputError(f"{where}: continent {name} needs a bonus and territories")
        bonus = spec.get("bonus")
        if isinstance(bonus, bool) or not isinstance(bonus, int) or not 0 <= bonus <= MAX_PARAMETER:
            raise InputError(
                f"{where}: the bonus of {name} must be a whole number from 0 to "
                f"{MAX_PARAMETER:,}, not {echo(bonus)}"
            )
        members = _names(spec.get("territories"), f"{where}: territories of {name}")
        for member in members:
            if member not in known:
                raise InputError(
                    f"{where}: continent {name} names unknown territory {echo(member)}"
                )
            if member in seen:
                raise InputError(
                    f"{where}: {member} is in two continents, {seen[member]} and {name}"
                )
            seen[member] = name
        continents.append(Continent(name, bonus, members))
    return tuple(continents)


def _edge(value: Any, neighbours: dict[str, tuple[str, ...]], where: str) -> tuple[str, str]:
    if not (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(name, str) for name in value)
        and value[1] in neighbours.get(value[0], ())
    ):
        raise InputError(f"{where}: a disputed border {echo(value)} is not a border of the map")
    return value[0], value[1]
