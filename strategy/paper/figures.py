"""Figures for the paper, drawn with matplotlib's Agg canvas (no display, no global state):
heat maps over the battle grid and curves over army counts.

Each figure is written as a PDF without a creation date, so rebuilding it on the same
matplotlib gives the same bytes; its numbers are also written as CSV next to it, and those
are what the reproducibility test compares byte for byte.

>>> panel = Panel("P", ((0.1, 0.9), (0.2, 0.8)), "probability")
>>> data_csv(panel).splitlines()[1]
'1,0.100000,0.900000'
>>> colour_scale(Panel("d", ((-0.2, 0.0),), "difference"))
((-0.2, 0.0), 'Oranges_r', 'difference')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from strategy.engine.atomic import atomic_path

#: Fixed PDF metadata: no creation date, no version string, so rebuilds are identical.
PDF_METADATA: dict[str, str | None] = {
    "Creator": "strategy paper",
    "Producer": None,
    "CreationDate": None,
}
#: How the lines drawn over a map, or the curves of a plot, are told apart: colour and dash.
STYLES = (("black", "-"), ("#1f4fa0", "--"), ("#b2182b", ":"), ("#4d4d4d", "-."))
#: One type size for every tick label, colour bars' included.
TICK_SIZE = 6


@dataclass(frozen=True)
class Panel:
    """One heat map: rows are attacking armies 1..n, columns defending armies 1..m.

    ``kind`` is ``probability`` (0..1, red to green through white, as seed 000 colours
    it) or ``difference`` (one-sided when every value has the same sign, else symmetric
    around 0). ``lines`` are ``(label, slope, offset)`` rules drawn over the map.
    """

    title: str
    values: tuple[tuple[float, ...], ...]
    kind: str
    lines: tuple[tuple[str, float, float], ...] = field(default=())


@dataclass(frozen=True)
class Curves:
    """One plot of curves over a shared x axis (log scale): ``series`` are ``(label, ys,
    points)``, drawn as markers when ``points`` else as lines; a ``None`` y is not drawn."""

    title: str
    xs: tuple[int, ...]
    series: tuple[tuple[str, tuple[float | None, ...], bool], ...]
    x_label: str
    y_label: str


def data_csv(panel: Panel) -> str:
    """The panel's numbers, one row per attacking army count, six decimals."""
    columns = len(panel.values[0])
    lines = ["A\\D," + ",".join(str(d) for d in range(1, columns + 1))]
    for a, row in enumerate(panel.values, start=1):
        lines.append(f"{a}," + ",".join(f"{v:.6f}" for v in row))
    return "\n".join(lines) + "\n"


def curves_csv(plots: Sequence[Curves]) -> str:
    """Every curve's numbers, one row per plot, series and x, six decimals.

    >>> print(curves_csv([Curves("t", (1, 2), (("a", (0.5, None), True),), "x", "y")]), end="")
    plot,series,x,y
    t,a,1,0.500000
    """
    lines = ["plot,series,x,y"]
    for plot in plots:
        for label, ys, _ in plot.series:
            lines += [
                f"{plot.title},{label},{x},{y:.6f}"
                for x, y in zip(plot.xs, ys, strict=True)
                if y is not None
            ]
    return "\n".join(lines) + "\n"


def colour_scale(panel: Panel) -> tuple[tuple[float, float], str, str]:
    """The colour limits, colour map and colour-bar label of a panel: a one-sided scale
    when no value crosses zero, so that no half of the scale goes unused."""
    if panel.kind == "probability":
        return (0.0, 1.0), "RdYlGn", "P(capture)"
    low = min(min(row) for row in panel.values)
    high = max(max(row) for row in panel.values)
    if high <= 0 < -low:
        return (low, 0.0), "Oranges_r", "difference"
    if low >= 0 < high:
        return (0.0, high), "Purples", "difference"
    bound = max(-low, high) or 1.0
    return (-bound, bound), "PuOr", "difference"


def _figure(panels: int, width: float = 3.3, height: float = 3.1) -> tuple[Any, Any]:
    """A figure of ``panels`` axes side by side, each ``width`` by ``height`` inches."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width * panels, height), layout="constrained")
    FigureCanvasAgg(figure)
    return figure, figure.subplots(1, panels, squeeze=False)[0]


def _label(ax: Any, title: str, x_label: str, y_label: str) -> None:
    ax.set_title(title, fontsize=8)
    ax.set_xlabel(x_label, fontsize=7)
    ax.set_ylabel(y_label, fontsize=7)
    ax.tick_params(labelsize=TICK_SIZE)


def heatmaps(path: Path, panels: Sequence[Panel], *, row_label: str = "attacking armies n") -> None:
    """Draw the panels side by side into one PDF."""
    import numpy as np

    figure, axes = _figure(len(panels))
    for ax, panel in zip(axes, panels, strict=True):
        values = np.array(panel.values)
        rows, columns = values.shape
        limits, cmap, label = colour_scale(panel)
        image = ax.imshow(
            values,
            origin="lower",
            extent=(0.5, columns + 0.5, 0.5, rows + 0.5),
            cmap=cmap,
            vmin=limits[0],
            vmax=limits[1],
            aspect="auto",
            interpolation="nearest",
        )
        for (name, slope, offset), (colour, dash) in zip(panel.lines, STYLES, strict=False):
            m = np.array([0.5, columns + 0.5])
            ax.plot(m, slope * m + offset, color=colour, linestyle=dash, linewidth=1.0, label=name)
        if panel.lines:
            ax.legend(loc="upper left", fontsize=6, frameon=True)
        ax.set_xlim(0.5, columns + 0.5)
        ax.set_ylim(0.5, rows + 0.5)
        _label(ax, panel.title, "defending armies m", row_label)
        bar = figure.colorbar(image, ax=ax, shrink=0.85)
        bar.set_label(label, fontsize=7)
        bar.ax.tick_params(labelsize=TICK_SIZE)
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="pdf", metadata=PDF_METADATA)


def curve_plots(path: Path, plots: Sequence[Curves]) -> None:
    """Draw the plots side by side into one PDF, each with its legend."""
    figure, axes = _figure(len(plots), width=2.4, height=2.4)
    for ax, plot in zip(axes, plots, strict=True):
        for index, (label, ys, points) in enumerate(plot.series):
            drawn = [(x, y) for x, y in zip(plot.xs, ys, strict=True) if y is not None]
            colour, dash = STYLES[index % len(STYLES)]
            style = {"marker": "o", "markersize": 3, "linestyle": "none"} if points else {}
            ax.plot(
                [x for x, _ in drawn],
                [y for _, y in drawn],
                color=colour,
                linewidth=1.0,
                **({"linestyle": dash} | style),
                label=label,
            )
        ax.set_xscale("log")
        ax.axhline(0.0, color="#999999", linewidth=0.5)
        ax.legend(loc="best", fontsize=6, frameon=True)
        _label(ax, plot.title, plot.x_label, plot.y_label)
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="pdf", metadata=PDF_METADATA)
