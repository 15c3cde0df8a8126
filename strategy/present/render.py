"""Render a labelled grid of numbers as text, CSV, LaTeX or HTML.

Cells may carry a *shade*, a probability in [0, 1] that colours them the way
seed 000's table does (:mod:`strategy.engine.shades`).

>>> grid = Grid("P(capture)", "A", "D", (1, 2), (1, 2), (("0.0", "0.0"), ("0.417", "0.106")))
>>> print(to_text(grid))
P(capture)
A\\D      1      2
  1    0.0    0.0
  2  0.417  0.106
"""

from __future__ import annotations

import csv
import html
import io
import os
import sys
import textwrap
from dataclasses import dataclass, replace
from typing import TextIO

from strategy.engine.shades import paint, shade_rgb

Label = int | str


@dataclass(frozen=True)
class Grid:
    """A table of preformatted cells with row and column labels, and optional shades."""

    title: str
    row_name: str
    column_name: str
    rows: tuple[Label, ...]
    columns: tuple[Label, ...]
    cells: tuple[tuple[str, ...], ...]
    shades: tuple[tuple[float, ...], ...] | None = None
    caption: str = ""


def use_colour(stream: TextIO = sys.stdout, choice: str = "auto") -> bool:
    """Colour a terminal, never a pipe or file; ``NO_COLOR`` (no-color.org) turns it off.

    >>> use_colour(io.StringIO())
    False
    """
    if choice != "auto":
        return choice == "always"
    return stream.isatty() and not os.environ.get("NO_COLOR")


def to_text(grid: Grid, *, colour: bool = False) -> str:
    """An aligned table; with ``colour``, ANSI 24-bit backgrounds from the shades."""
    corner = f"{grid.row_name}\\{grid.column_name}"
    width = max(
        [len(str(c)) for c in grid.columns] + [len(cell) for row in grid.cells for cell in row]
    )
    label_width = max([len(corner)] + [len(str(r)) for r in grid.rows])
    lines = [grid.title] if grid.title else []
    lines.append(corner.ljust(label_width) + "".join(f"  {c!s:>{width}}" for c in grid.columns))
    for i, (label, row) in enumerate(zip(grid.rows, grid.cells, strict=True)):
        parts = [str(label).rjust(label_width)]
        for j, cell in enumerate(row):
            text = f"{cell:>{width}}"
            if grid.shades is not None:
                text = paint(text, grid.shades[i][j], colour)
            parts.append("  " + text)
        lines.append("".join(parts))
    if grid.caption:
        lines.append(grid.caption)
    return "\n".join(lines)


def text_width(grid: Grid) -> int:
    """Characters in the widest line ``to_text`` writes for the table itself.

    >>> text_width(Grid("", "A", "D", (1, 2), (1, 2), (("0.5", "0.25"), ("1", "0"))))
    15
    """
    return len(to_text(replace(grid, title="", caption="")).splitlines()[0])


def _number_or_none(cell: str) -> float | None:
    try:
        return float(cell)
    except ValueError:
        return None


def abbreviate(grid: Grid) -> Grid:
    """Shorter cells: odds as two decimals without the leading zero, other numbers rounded
    to whole numbers; cells that are not plain decimals stay as they are. Odds that round
    to 0 or 1 read ``~0`` and ``~1`` (as narrow as ``.42``): rounded from three decimals,
    0.002 and 0.997 would read as impossible and certain.

    >>> abbreviate(Grid("", "A", "D", (1,), (1, 2), (("0.417", "1"),))).cells
    (('.42', '1'),)
    >>> abbreviate(Grid("", "A", "D", (1,), (1, 2, 3), (("0.997", "0.002", "0.000"),))).cells
    (('~1', '~0', '~0'),)
    >>> abbreviate(Grid("", "A", "D", (1,), (1, 2), (("-12.3", "+2.6"),))).cells
    (('-12', '3'),)
    """
    values = [_number_or_none(cell) for row in grid.cells for cell in row]
    odds = all(v is not None and 0 <= v <= 1 for v in values)

    def short(cell: str) -> str:
        value = _number_or_none(cell)
        if value is None:
            return cell
        if odds:
            text = f"{value:.2f}"
            if text in ("0.00", "1.00"):
                return cell if cell in ("0", "1") else "~" + text[0]
            return text.removeprefix("0")
        text = f"{value:.0f}"
        return "0" if text == "-0" else text

    return replace(grid, cells=tuple(tuple(short(c) for c in row) for row in grid.cells))


def every(grid: Grid, step: int) -> Grid:
    """Every ``step``-th row and column, from the first: a coarser view of the same table.

    >>> every(Grid("", "A", "D", (1, 2, 3), (1, 2, 3), (("a", "b", "c"),) * 3), 2).columns
    (1, 3)
    """
    rows = range(0, len(grid.rows), step)
    columns = range(0, len(grid.columns), step)
    return replace(
        grid,
        rows=tuple(grid.rows[i] for i in rows),
        columns=tuple(grid.columns[j] for j in columns),
        cells=tuple(tuple(grid.cells[i][j] for j in columns) for i in rows),
        shades=None
        if grid.shades is None
        else tuple(tuple(grid.shades[i][j] for j in columns) for i in rows),
    )


def compact(grid: Grid, width: int, *, sampled: int = 1) -> tuple[Grid, str]:
    """The table abbreviated and, if still wider than ``width``, banded: every k-th row and
    column. Returns the grid and a note saying what was left out; ``sampled`` says the
    grid already holds only one row and column in that many of the full table.

    >>> wide = Grid("", "A", "D", tuple(range(1, 41)), tuple(range(1, 41)), (("0.5",) * 40,) * 40)
    >>> small, note = compact(wide, 60)
    >>> small.columns[:3], text_width(small) <= 60
    ((1, 5, 9), True)
    >>> note
    'compact view: cells rounded; 1 row and column in 4 shown; --format csv has them all'
    """
    short = abbreviate(grid)
    step = 1
    while step < len(grid.columns) and text_width(every(short, step)) > width:
        step += 1
    note = "compact view: cells rounded"
    if step * sampled > 1:
        note += f"; 1 row and column in {step * sampled} shown; --format csv has them all"
    return every(short, step), note


def first_columns(grid: Grid, width: int) -> tuple[Grid, str]:
    """The table abbreviated and, if still wider than ``width``, cut to its first columns:
    every row and the leading columns, whole. Returns the grid and a note saying so.

    >>> wide = Grid("", "A", "D", (1, 2), tuple(range(1, 21)), (("0.417",) * 20,) * 2)
    >>> fitted, note = first_columns(wide, 80)
    >>> fitted.columns[-1], text_width(fitted) <= 80
    (15, True)
    >>> note
    'fitted to 80 columns: cells rounded, D = 1..15 of 20 shown (--compact or --format html: all)'
    """
    short = abbreviate(grid)
    keep = len(grid.columns)
    while keep > 1 and text_width(_leading(short, keep)) > width:
        keep -= 1
    done = ["cells rounded"] if short.cells != grid.cells else []
    if keep < len(grid.columns):
        first, last = grid.columns[0], grid.columns[keep - 1]
        done.append(
            f"{grid.column_name} = {first}..{last} of {len(grid.columns)} shown "
            "(--compact or --format html: all)"
        )
    return _leading(short, keep), f"fitted to {width} columns: {', '.join(done)}"


def _wrap(text: str, width: int) -> str:
    """Each line of ``text`` wrapped to ``width``, continuations indented."""
    return "\n".join(
        textwrap.fill(line, width, subsequent_indent="  ") if line else line
        for line in text.splitlines()
    )


def _leading(grid: Grid, keep: int) -> Grid:
    return replace(
        grid,
        columns=grid.columns[:keep],
        cells=tuple(row[:keep] for row in grid.cells),
        shades=None if grid.shades is None else tuple(row[:keep] for row in grid.shades),
    )


def to_terminal(
    grid: Grid,
    *,
    colour: bool,
    width: int | None,
    compact_view: bool,
    sampled: int = 1,
    fit: bool = False,
) -> str:
    """The text table for a terminal ``width`` characters wide (``None``: a file or pipe).

    ``compact_view`` fits the table to the width (``sampled`` as for :func:`compact`);
    ``fit`` (for a table nobody asked the size of) rounds it and keeps the columns that fit
    (:func:`first_columns`); otherwise a table wider than the terminal is printed whole,
    followed by a hint.

    >>> wide = Grid("", "A", "D", (1,), tuple(range(1, 31)), (("0.500",) * 30,))
    >>> to_terminal(wide, colour=False, width=80, compact_view=False).splitlines()[-1]
    'hint: this table is 213 characters wide, the terminal 80: try --compact or --format html'
    """
    if compact_view and width is not None:
        small, note = compact(grid, width, sampled=sampled)
        return to_text(small, colour=colour) + "\n" + note
    if fit and width is not None and text_width(grid) > width:
        small, note = first_columns(grid, width)
        small = replace(small, title=_wrap(small.title, width), caption=_wrap(small.caption, width))
        return to_text(small, colour=colour) + "\n" + _wrap(note, width)
    text = to_text(grid, colour=colour)
    wide = text_width(grid)
    if width is not None and wide > width:
        text += (
            f"\nhint: this table is {wide} characters wide, the terminal {width}: "
            "try --compact or --format html"
        )
    return text


def to_csv(grid: Grid) -> str:
    """Comma-separated values with a header row; the corner cell names both axes.

    >>> to_csv(Grid("", "A", "D", (1,), (1, 2), (("0.5", "0.25"),))).splitlines()
    ['A\\\\D,1,2', '1,0.5,0.25']
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([f"{grid.row_name}\\{grid.column_name}", *grid.columns])
    for label, row in zip(grid.rows, grid.cells, strict=True):
        writer.writerow([label, *row])
    return buffer.getvalue()


def _latex_escape(text: str) -> str:
    for char, escaped in (("\\", r"\textbackslash{}"), ("&", r"\&"), ("%", r"\%"), ("_", r"\_")):
        text = text.replace(char, escaped)
    return text


def to_latex(grid: Grid) -> str:
    """A ``tabular`` (booktabs rules) with the title as a comment and the caption below.

    >>> print(to_latex(Grid("t", "A", "D", (1,), (1,), (("0.5",),))).splitlines()[1])
    \\begin{tabular}{r|r}
    """
    head = " & ".join([f"${grid.row_name}\\backslash {grid.column_name}$", *map(str, grid.columns)])
    lines = [
        f"% {_latex_escape(grid.title)}",
        "\\begin{tabular}{r|" + "r" * len(grid.columns) + "}",
        "\\toprule",
        head + r" \\",
        "\\midrule",
    ]
    for label, row in zip(grid.rows, grid.cells, strict=True):
        lines.append(" & ".join([str(label), *(_latex_escape(c) for c in row)]) + r" \\")
    lines += ["\\bottomrule", "\\end{tabular}"]
    if grid.caption:
        lines.append(f"% {_latex_escape(grid.caption)}")
    return "\n".join(lines)


def html_table(grid: Grid, *, mark: tuple[Label, Label] | None = None) -> str:
    """An HTML ``<table>`` with seed 000's colours as inline styles; the cell at ``mark``
    (row label, column label) gets ``class="mark"``.

    >>> 'class="mark"' in html_table(Grid("", "A", "D", (1,), (1,), (("x",),)), mark=(1, 1))
    True
    """
    rows = [
        "<tr><th>{}</th>{}</tr>".format(
            html.escape(f"{grid.row_name}\\{grid.column_name}"),
            "".join(f"<th>{html.escape(str(c))}</th>" for c in grid.columns),
        )
    ]
    for i, (label, row) in enumerate(zip(grid.rows, grid.cells, strict=True)):
        cells = []
        for j, cell in enumerate(row):
            style = ""
            if grid.shades is not None:
                style = ' style="background-color:#{:02x}{:02x}{:02x}"'.format(
                    *shade_rgb(grid.shades[i][j])
                )
            marked = ' class="mark"' if (label, grid.columns[j]) == mark else ""
            cells.append(f"<td{marked}{style}>{html.escape(cell)}</td>")
        rows.append(f"<tr><th>{html.escape(str(label))}</th>{''.join(cells)}</tr>")
    caption = f"<caption>{html.escape(grid.caption)}</caption>" if grid.caption else ""
    return f'<table class="grid">{caption}\n' + "\n".join(rows) + "\n</table>"


def to_html(grid: Grid) -> str:
    """A complete, self-contained HTML page holding the table.

    >>> "<td" in to_html(Grid("t", "A", "D", (1,), (1,), (("0.5",),), ((0.5,),)))
    True
    """
    style = (
        "body{font-family:sans-serif}table.grid{border-collapse:collapse}"
        "table.grid td,table.grid th{padding:2px 6px;text-align:right;border:1px solid #ccc}"
        "caption{caption-side:bottom;text-align:left;padding-top:6px}"
    )
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f"<title>{html.escape(grid.title)}</title><style>{style}</style></head>\n"
        f"<body><h1>{html.escape(grid.title)}</h1>\n{html_table(grid)}\n</body></html>"
    )


def format_number(value: float, digits: int, *, signed: bool = False) -> str:
    """A float with fixed digits; ``signed`` adds '+' to positives, as seed 000 does.

    >>> format_number(0.41666, 3), format_number(2.0, 1, signed=True)
    ('0.417', '+2.0')
    """
    text = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    # A value that rounds to zero reads as zero, without a sign.
    return text.lstrip("+-") if float(text) == 0 else text
