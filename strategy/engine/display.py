"""How results show themselves: short reprs and a plain HTML record for notebooks.

A result can hold a whole table, a million states or a three-dimensional array; its
``repr`` stays short: sequences are summarised by their size (``1..20`` for a run of
whole numbers), arrays by their shape, mappings by their length, long exact fractions by
their decimal, and nested values keep only the fields that differ from their defaults.
:func:`record_html` shows the same fields as a two-column table for Jupyter.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo:
...     armies: tuple[int, ...]
...     value: Fraction
>>> short_repr(Demo(tuple(range(1, 21)), Fraction(533142437640507817, 660123187103394274)))
'Demo(armies=1..20, value=Fraction(≈0.807641))'
>>> "<th>armies</th><td>1..3</td>" in record_html(Demo((1, 2, 3), Fraction(1, 2)))
True
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

#: Characters of a value's repr shown before it is summarised.
LONG = 40
#: Items of a sequence listed in full.
LISTED = 8


def summary(value: object) -> str:
    """A short text for one field's value (see the module's rules).

    >>> summary(((1, 2, 3), (4, 5, 6))), summary(list(range(100))), summary({1: 2})
    ('<2 x 3>', '0..99', '<1 entry>')
    """
    shape = getattr(value, "shape", None)
    if isinstance(shape, tuple) and hasattr(value, "dtype"):
        return f"<array {' x '.join(map(str, shape))} {value.dtype}>"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # A value that names itself (a choice rule says 'sees-roll') is shown by its name.
        if type(value).__str__ is not object.__str__:
            return repr(str(value))
        return _changed_fields(value)
    if isinstance(value, Fraction) and len(repr(value)) > LONG:
        return f"Fraction(≈{float(value):.6g})"
    if isinstance(value, Mapping):
        return f"<{len(value)} {'entry' if len(value) == 1 else 'entries'}>"
    if isinstance(value, tuple) and hasattr(value, "_fields") and len(repr(value)) <= 2 * LONG:
        return repr(value)  # a named tuple, such as a game's state
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return _sequence(value)
    text = repr(value)
    return text if len(text) <= LONG else text[: LONG - 1] + "…"


def _sequence(value: Sequence[Any]) -> str:
    # Rows of a large table are computed when read: look at the first one only.
    items = len(value)
    if items and isinstance(value[0], Sequence) and not isinstance(value[0], str | bytes):
        return f"<{items} x {len(value[0])}>"
    if (
        items > 2
        and type(value[0]) is int
        and list(value) == list(range(value[0], value[0] + items))
    ):
        return f"{value[0]}..{value[-1]}"
    if items <= LISTED:
        inside = ", ".join(summary(v) for v in value)
        text = f"[{inside}]" if isinstance(value, list) else f"({inside}{',' * (items == 1)})"
        if len(text) <= 2 * LONG:
            return text
    return f"<{items} items>"


def _changed_fields(value: Any) -> str:
    """A dataclass with only the fields that differ from their defaults."""
    parts = []
    for field in dataclasses.fields(value):
        if not field.repr:
            continue
        current = getattr(value, field.name)
        if field.default is not dataclasses.MISSING and current == field.default:
            continue
        parts.append(f"{field.name}={summary(current)}")
    return f"{type(value).__name__}({', '.join(parts)})"


def short_repr(value: Any) -> str:
    """``Name(field=summary, ...)`` for a dataclass instance's fields shown in its repr."""
    body = ", ".join(
        f"{field.name}={summary(getattr(value, field.name))}"
        for field in dataclasses.fields(value)
        if field.repr
    )
    return f"{type(value).__name__}({body})"


def _html_text(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value} ≈ {float(value):.6g}" if len(str(value)) <= 2 * LONG else summary(value)
    return summary(value)


def record_html(
    value: Any, shown: Sequence[str] = (), extra: Sequence[tuple[str, str]] = ()
) -> str:
    """A dataclass instance as a two-column HTML table: its fields, the attributes named in
    ``shown`` (properties, say), then the ``extra`` rows."""
    import html  # only a notebook asks: not at start-up

    named = [
        *(f.name for f in dataclasses.fields(value) if f.repr),
        *shown,
    ]
    texts = [(name, _html_text(getattr(value, name))) for name in named]
    rows = "".join(
        f"<tr><th>{html.escape(name)}</th><td>{html.escape(text)}</td></tr>"
        for name, text in [*texts, *extra]
    )
    return (
        f'<table class="strategy-record"><caption>{html.escape(type(value).__name__)}'
        f"</caption>{rows}</table>"
    )


class Summarised:
    """A result whose ``repr`` and notebook view summarise its fields: the base of a
    dataclass decorated with ``repr=False`` (so that its own repr does not replace ours).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, repr=False)
    ... class Solved(Summarised):
    ...     values: tuple[int, ...]
    >>> Solved(tuple(range(100)))
    Solved(values=0..99)
    """

    #: Attributes beyond the fields that the notebook view shows (properties, say).
    SHOWN: ClassVar[tuple[str, ...]] = ()

    def __repr__(self) -> str:
        return short_repr(self)

    def _repr_html_(self) -> str:
        return record_html(self, self.SHOWN)


#: The module that draws results. Presentation sits above the games, so a result reaches it
#: by name, at the moment it is asked to show itself, and never imports it.
PRESENTER = "strategy.present.views"


def drawn(result: object, form: str, **options: Any) -> Any:
    """``result`` drawn as ``form`` (``"html"``, ``"pandas"``, ``"numpy"`` or ``"sympy"``).

    The one seam between the games' results and their presentation: a result's
    ``_repr_html_``, ``to_pandas``, ``to_numpy`` and ``to_sympy`` call this, and
    :data:`PRESENTER` holds, per result type, the function that draws each form.

    >>> from strategy.risk.classic import battle_odds
    >>> drawn(battle_odds(2, 1), "numpy").tolist()  # seed 003: 15/36 and 21/36
    [[2.0, 0.0, 0.4166666666666667], [1.0, 1.0, 0.5833333333333334]]
    """
    return importlib.import_module(PRESENTER).draw(result, form, **options)
