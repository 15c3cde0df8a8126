"""Reading a payoff matrix for ``strategy matrix``: JSON or CSV text, a ``.npy`` file, or a
Gambit ``.nfg`` file of a two-player zero-sum game (:mod:`strategy.interop.nfg`).

Entries are exact: ``0.1`` is one tenth, as written, and an entry may be a fraction such as
``"1/3"`` (in JSON as a string). Every problem is a :class:`~strategy.cli.common.CliError`
of one line.

>>> parse_matrix_text("[[1, -1], [-1, 1]]", "the argument")
[[Fraction(1, 1), Fraction(-1, 1)], [Fraction(-1, 1), Fraction(1, 1)]]
>>> parse_matrix_text("1, 1/2\\n0, 0.25\\n", "m.csv")
[[Fraction(1, 1), Fraction(1, 2)], [Fraction(0, 1), Fraction(1, 4)]]
"""

from __future__ import annotations

import csv
import io
import json
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np

from strategy.cli.common import CliError
from strategy.engine.errors import InputError
from strategy.engine.numbers import parse_fraction
from strategy.engine.resources import require

__all__ = ["parse_matrix_text", "read_matrix"]

_NPY_MAGIC = b"\x93NUMPY"
#: Peak bytes per entry read into exact numbers (tracemalloc: 145 for CSV integers, 260 for
#: JSON decimals), rounded up.
ENTRY_BYTES = 300
_EXAMPLE = "JSON rows such as [[1,-1],[-1,1]], CSV rows, a .npy file or a Gambit .nfg file"


def read_matrix(path: str) -> list[list[Fraction]]:
    """The matrix in the file ``path`` (``-`` for standard input), by its extension or content.

    >>> read_matrix("/nonexistent/m.json")
    Traceback (most recent call last):
    ...
    strategy.cli.common.CliError: cannot read /nonexistent/m.json: No such file or directory
    """
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror}") from None
    source = "standard input" if path == "-" else path
    if not data.startswith(_NPY_MAGIC):  # every entry but a row's last ends in a comma
        _require_entries(data.count(b",") + data.count(b"\n") + 1, source)
    if data.startswith(_NPY_MAGIC):
        return _from_npy(data, source)
    if path.endswith(".npy"):
        raise CliError(f"{source} is not a .npy file (it does not start as one)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CliError(f"{source} is not text: give {_EXAMPLE}") from None
    if path.endswith(".nfg") or text.lstrip().startswith("NFG"):
        return _from_nfg(text, source)
    return parse_matrix_text(text, source)


def _from_nfg(text: str, source: str) -> list[list[Fraction]]:
    from strategy.interop.nfg import NormalFormGame

    try:
        return [list(row) for row in NormalFormGame.from_nfg(text).matrix]
    except InputError as error:
        raise CliError(f"{_shown(source)}: {error}") from None


def parse_matrix_text(text: str, source: str) -> list[list[Fraction]]:
    """JSON (text starting with ``[``) or CSV rows of numbers and fractions."""
    try:
        if text.lstrip().startswith("["):
            rows = json.loads(text)
            if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
                raise ValueError
        else:
            rows = [row for row in csv.reader(io.StringIO(text)) if any(c.strip() for c in row)]
        return [[_entry(entry) for entry in row] for row in rows]
    except InputError as error:  # an entry that is no number, or too large to hold
        raise CliError(f"{_shown(source)!r} is not a matrix: {error}") from None
    except RecursionError:
        raise CliError(
            f"{_shown(source)!r} is nested too deeply (lists inside one another) to read"
        ) from None
    except (ValueError, ZeroDivisionError, TypeError):
        raise CliError(f"{_shown(source)!r} is not a matrix: give {_EXAMPLE}") from None


def _require_entries(entries: int, source: str) -> None:
    """Refuse, before reading them, more entries than the memory allowed holds."""
    require(f"reading {_shown(source)} (about {entries:,} entries)", memory=entries * ENTRY_BYTES)


def _shown(source: str) -> str:
    return source if len(source) < 60 else source[:57] + "..."


def _entry(entry: object) -> Fraction:
    if isinstance(entry, bool) or not isinstance(entry, int | float | str):
        raise TypeError(entry)
    return parse_fraction(str(entry).strip(), "number in a matrix")


def _from_npy(data: bytes, source: str) -> list[list[Fraction]]:
    try:
        array = np.load(io.BytesIO(data), allow_pickle=False)
    except ValueError as error:
        raise CliError(f"cannot read {source} as .npy: {error}") from None
    except Exception as error:
        # A damaged header is Python text numpy evaluates: it fails as a tokenizer, syntax
        # or recursion error, whatever the damage happens to be.
        raise CliError(
            f"cannot read {source} as .npy: its header is damaged ({type(error).__name__})"
        ) from None
    _require_entries(array.size, source)
    if array.ndim != 2 or array.dtype.kind not in "iuf":
        raise CliError(
            f"{source} holds a {array.ndim}-dimensional {array.dtype} array: "
            "a matrix game needs a 2-dimensional array of numbers"
        )
    try:
        return [[_entry(entry) for entry in row] for row in array.tolist()]
    except ValueError:
        raise CliError(f"{source} has an entry that is not a finite number") from None
