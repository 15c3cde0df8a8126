"""Heat maps for the paper, drawn with matplotlib's Agg canvas (no display, no global state).

Each figure is written as a PDF without a creation date, so rebuilding it on the same
matplotlib gives the same bytes; its numbers are also written as CSV next to it, and those
are what the reproducibility test compares byte for byte.

>>> panel = Panel("P", ((0.1, 0.9), (0.2, 0.8)), "probability")
>>> data_csv(panel).splitlines()[1]
'1,0.100000,0.900000'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from strategy.engine.atomic import atomic_path

#: Fixed PDF metadata: no creation date, no version string, so rebuilds are identical.
PDF_METADATA: dict[str, str | None] = {
    "Creator": "strategy paper",
    "Producer": None,
    "CreationDate": None,
}


@dataclass(frozen=True)
class Panel:
    """One heat map: rows are attacking armies 1..n, columns defending armies 1..m.

    ``kind`` is ``probability`` (0..1, red to green through white, as seed 000 colours
    it) or ``difference`` (symmetric around 0). ``lines`` are ``(label, slope, offset)``
    rules drawn over the map.
    """

    title: str
    values: tuple[tuple[float, ...], ...]
    kind: str
    lines: tuple[tuple[str, float, float], ...] = field(default=())


def data_csv(panel: Panel) -> str:
    """The panel's numbers, one row per attacking army count, six decimals."""
    columns = len(panel.values[0])
    lines = ["A\\D," + ",".join(str(d) for d in range(1, columns + 1))]
    for a, row in enumerate(panel.values, start=1):
        lines.append(f"{a}," + ",".join(f"{v:.6f}" for v in row))
    return "\n".join(lines) + "\n"


def heatmaps(path: Path, panels: Sequence[Panel], *, row_label: str = "attacking armies n") -> None:
    """Draw the panels side by side into one PDF."""
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(3.3 * len(panels), 3.1), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(1, len(panels), squeeze=False)[0]
    for ax, panel in zip(axes, panels, strict=True):
        values = np.array(panel.values)
        rows, columns = values.shape
        if panel.kind == "probability":
            limits, cmap, label = (0.0, 1.0), "RdYlGn", "P(capture)"
        else:
            bound = float(np.abs(values).max()) or 1.0
            limits, cmap, label = (-bound, bound), "PuOr", "difference"
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
        for name, slope, offset in panel.lines:
            m = np.array([0.5, columns + 0.5])
            ax.plot(m, slope * m + offset, "k--", linewidth=0.8, label=name)
        if panel.lines:
            ax.legend(loc="upper left", fontsize=6, frameon=True)
        ax.set_xlim(0.5, columns + 0.5)
        ax.set_ylim(0.5, rows + 0.5)
        ax.set_title(panel.title, fontsize=8)
        ax.set_xlabel("defending armies m", fontsize=7)
        ax.set_ylabel(row_label, fontsize=7)
        ax.tick_params(labelsize=6)
        figure.colorbar(image, ax=ax, shrink=0.85).set_label(label, fontsize=6)
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="pdf", metadata=PDF_METADATA)
