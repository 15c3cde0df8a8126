"""Zero-sum matrix games in Gambit's strategic-form file format (``.nfg``), exactly.

:meth:`NormalFormGame.to_nfg` writes the payoff version of the format with rational
numbers; :meth:`NormalFormGame.from_nfg` reads both versions Gambit writes (a list of
payoffs, or named outcomes and a list of outcome numbers) and both ways of giving the
strategies (counts or names). Only two-player zero-sum games are read: ``strategy``
solves those, and a file whose second player's payoffs are not the negation of the first's
is refused rather than silently misread.

>>> game = NormalFormGame.of([[1, -1], [-1, 1]], title="matching pennies")
>>> print(game.to_nfg(), end="")
NFG 1 R "matching pennies" { "Max" "Min" }
{ { "1" "2" } { "1" "2" } }
""
<BLANKLINE>
1 -1 -1 1 -1 1 1 -1
>>> NormalFormGame.from_nfg(game.to_nfg()) == game
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from strategy.engine.errors import InputError
from strategy.engine.numbers import MAX_FILE_NUMBER_TEXT, fraction_text, parse_fraction

__all__ = ["NormalFormGame", "gambit_quote"]

# A quoted string (with \" inside), a brace, or a bare word (a number or the header's words).
_TOKEN = re.compile(r'\s*(?:"((?:[^"\\]|\\.)*)"|([{}])|([^\s{}"]+))', re.DOTALL)
_STRING, _BRACE, _WORD = 1, 2, 3


@dataclass(frozen=True)
class NormalFormGame:
    """A two-player zero-sum game in strategic form: payoffs to the row player (Max).

    >>> NormalFormGame.of([[0, 1]], rows=("only",)).columns
    ('1', '2')
    """

    title: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    matrix: tuple[tuple[Fraction, ...], ...]

    @classmethod
    def of(
        cls,
        matrix: Sequence[Sequence[Fraction | int]],
        *,
        title: str = "strategy matrix game",
        rows: Sequence[str] | None = None,
        columns: Sequence[str] | None = None,
    ) -> NormalFormGame:
        """The game of ``matrix`` (entries exact), its strategies named ``1, 2, ...`` unless
        given.

        >>> NormalFormGame.of([[1], [2, 3]])
        Traceback (most recent call last):
        ...
        strategy.engine.errors.InputError: a matrix game needs rows of equal length, not 1, 2
        """
        lengths = {len(row) for row in matrix}
        if not matrix or 0 in lengths:
            raise InputError("a matrix game needs at least one row and one column")
        if len(lengths) != 1:
            raise InputError(
                "a matrix game needs rows of equal length, not "
                + ", ".join(str(len(row)) for row in matrix)
            )
        exact = tuple(tuple(Fraction(entry) for entry in row) for row in matrix)
        names = (
            tuple(rows) if rows is not None else _numbered(len(exact)),
            tuple(columns) if columns is not None else _numbered(len(exact[0])),
        )
        if (len(names[0]), len(names[1])) != (len(exact), len(exact[0])):
            raise InputError("a matrix game needs one name per row and per column")
        return cls(title, names[0], names[1], exact)

    def to_nfg(self) -> str:
        """The game as Gambit ``.nfg`` text: strategy names, then every profile's payoffs
        (Max's strategy varying fastest, as the format orders them)."""
        strategies = " ".join(
            "{ " + " ".join(gambit_quote(name) for name in names) + " }"
            for names in (self.rows, self.columns)
        )
        payoffs = " ".join(
            f"{_number(row[j])} {_number(-row[j])}"
            for j in range(len(self.columns))
            for row in self.matrix
        )
        return (
            f'NFG 1 R {gambit_quote(self.title)} {{ "Max" "Min" }}\n'
            f'{{ {strategies} }}\n""\n\n{payoffs}\n'
        )

    @classmethod
    def from_nfg(cls, text: str) -> NormalFormGame:
        """Read ``.nfg`` text; :class:`InputError` (one line) when it is not a two-player
        zero-sum game in that format.

        >>> NormalFormGame.from_nfg('NFG 1 R "" { "A" "B" } { 1 2 } 1 -1 2 0').matrix
        Traceback (most recent call last):
        ...
        strategy.engine.errors.InputError: not zero-sum: at row 1, column 2 the payoffs are \
2 and 0; strategy reads two-player zero-sum games only
        """
        return _Reader(text).game()

    def to_json(self) -> dict[str, Any]:
        """Title, strategy names and the payoff matrix (entries as exact fraction strings).

        >>> NormalFormGame.of([[Fraction(1, 2)]]).to_json()["matrix"]
        [['1/2']]
        """
        return {
            "title": self.title,
            "rows": list(self.rows),
            "columns": list(self.columns),
            "matrix": [[fraction_text(entry) for entry in row] for row in self.matrix],
        }


def gambit_quote(text: str) -> str:
    r"""``text`` as a Gambit string: in double quotes, inner quotes and backslashes escaped.

    >>> print(gambit_quote('say "hi"'))
    "say \"hi\""
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _number(value: Fraction) -> str:
    """A payoff as Gambit writes it (``3``, ``-1/2``), at any length: ``1e-5000`` is a
    matrix entry like any other."""
    return fraction_text(value).removesuffix("/1")


def _numbered(count: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(1, count + 1))


class _Reader:
    """The tokens of one ``.nfg`` text, read front to back."""

    def __init__(self, text: str) -> None:
        self.tokens = self._tokens(text)
        self.length = len(text)

    @staticmethod
    def _tokens(text: str) -> Iterator[tuple[int, str]]:
        position = 0
        while True:
            match = _TOKEN.match(text, position)
            if match is None:
                if text[position:].strip():
                    raise InputError(
                        f"not a Gambit .nfg game: cannot read {text[position:][:20]!r}"
                    )
                return
            position = match.end()
            kind = match.lastindex or 0
            yield kind, match.group(kind)
            if position == len(text):
                return

    def take(self) -> tuple[int, str]:
        token = next(self.tokens, None)
        if token is None:
            raise InputError("not a Gambit .nfg game: the file ends early")
        return token

    def next(self, kind: int, what: str) -> str:
        found_kind, value = self.take()
        if found_kind != kind:
            raise InputError(f"not a Gambit .nfg game: expected {what}, found {value!r}")
        return value if kind != _STRING else re.sub(r"\\(.)", r"\1", value)

    def brace(self, which: str) -> None:
        if self.next(_BRACE, repr(which)) != which:
            raise InputError(f"not a Gambit .nfg game: expected {which!r}")

    def strings(self) -> list[str]:
        """A braced list of strings (the brace already read)."""
        found: list[str] = []
        for kind, value in self.tokens:
            if kind == _BRACE and value == "}":
                return found
            if kind != _STRING:
                raise InputError(f"not a Gambit .nfg game: expected a name, found {value!r}")
            found.append(re.sub(r"\\(.)", r"\1", value))
        raise InputError("not a Gambit .nfg game: the file ends early")

    def number(self, word: str) -> Fraction:
        return parse_fraction(
            word.rstrip(","), "payoff in a .nfg file", longest=MAX_FILE_NUMBER_TEXT
        )

    def game(self) -> NormalFormGame:
        if self.next(_WORD, "NFG") != "NFG":
            raise InputError("not a Gambit .nfg game: it does not start with NFG")
        self.next(_WORD, "the version")
        self.next(_WORD, "R or D")
        title = self.next(_STRING, "the title")
        self.brace("{")
        if len(self.strings()) != 2:
            raise InputError("strategy reads two-player games only; this .nfg has other players")
        rows, columns = self.strategies()
        profiles = len(rows) * len(columns)
        kind, value = self.take()
        if kind == _STRING:  # the optional comment
            kind, value = self.take()
        if kind == _BRACE and value == "{":
            pairs = self.outcome_pairs(profiles)
        else:
            words = [value, *(self.next(_WORD, "a payoff") for _ in range(2 * profiles - 1))]
            numbers = [self.number(word) for word in words]
            pairs = list(zip(numbers[::2], numbers[1::2], strict=True))
        if next(self.tokens, None) is not None:
            raise InputError("not a Gambit .nfg game: more numbers than strategy profiles")
        matrix = [[pairs[j * len(rows) + i] for j in range(len(columns))] for i in range(len(rows))]
        for i, row in enumerate(matrix):
            for j, (mine, theirs) in enumerate(row):
                if mine != -theirs:
                    raise InputError(
                        f"not zero-sum: at row {i + 1}, column {j + 1} the payoffs are "
                        f"{mine} and {theirs}; strategy reads "
                        "two-player zero-sum games only"
                    )
        return NormalFormGame(
            title, rows, columns, tuple(tuple(mine for mine, _ in row) for row in matrix)
        )

    def strategies(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        self.brace("{")
        kind, value = self.take()
        if kind == _WORD:  # counts: { 3 2 }
            counts = [value, self.next(_WORD, "a strategy count")]
            self.brace("}")
            sizes = [int(count) if count.isascii() and count.isdigit() else 0 for count in counts]
            # Each profile's payoffs take at least two characters of the text: a count past
            # that cannot be meant, and would only fill memory with names.
            if min(sizes) < 1 or sizes[0] * sizes[1] > self.length:
                raise InputError(
                    f"not a Gambit .nfg game: bad strategy counts {' '.join(counts)[:40]} "
                    "(whole numbers from 1, as many profiles as the file gives payoffs)"
                )
            return _numbered(sizes[0]), _numbered(sizes[1])
        if (kind, value) != (_BRACE, "{"):
            raise InputError(f"not a Gambit .nfg game: expected strategies, found {value!r}")
        rows = tuple(self.strings())
        self.brace("{")
        columns = tuple(self.strings())
        self.brace("}")
        if not rows or not columns:
            raise InputError("not a Gambit .nfg game: a player has no strategies")
        return rows, columns

    def outcome_pairs(self, profiles: int) -> list[tuple[Fraction, Fraction]]:
        """Named outcomes ``{ "name" p1 p2 }`` (brace already read), then one outcome number
        per profile; outcome 0 pays nothing."""
        outcomes: list[tuple[Fraction, Fraction]] = [(Fraction(0), Fraction(0))]
        for kind, value in self.tokens:
            if kind == _BRACE and value == "}":
                break
            if (kind, value) != (_BRACE, "{"):
                raise InputError(f"not a Gambit .nfg game: expected an outcome, found {value!r}")
            self.next(_STRING, "an outcome's name")
            first = self.number(self.next(_WORD, "a payoff"))
            second = self.number(self.next(_WORD, "a payoff"))
            self.brace("}")
            outcomes.append((first, second))
        chosen = []
        for _ in range(profiles):
            word = self.next(_WORD, "an outcome number")
            if not word.isdigit() or int(word) >= len(outcomes):
                raise InputError(f"not a Gambit .nfg game: no outcome {word!r}")
            chosen.append(outcomes[int(word)])
        return chosen
