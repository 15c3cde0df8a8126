"""Line charts as inline SVG, for curves such as how many troops to commit.

>>> svg = line_chart_svg([1, 2, 3], [("P(capture)", [0.1, 0.5, 0.9])], x_label="troops")
>>> svg.startswith("<svg") and svg.count("<polyline") == 1 and "troops" in svg
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

#: One colour per series, in order.
COLOURS = ("#1a4fd6", "#c0392b", "#27ae60", "#8e44ad")


def line_chart_svg(
    xs: Sequence[float],
    series: Sequence[tuple[str, Sequence[float | None]]],
    *,
    x_label: str,
    mark: float | None = None,
    width: int = 720,
    height: int = 260,
) -> str:
    """Each series as a line over ``xs`` (``None`` leaves a gap), on one axis from the
    smallest value to the largest; ``mark`` draws a vertical line at that ``x``."""
    left, bottom, top, right = 56, 40, 20, 150
    plot_w, plot_h = width - left - right, height - bottom - top
    values = [v for _, ys in series for v in ys if v is not None]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    high = high if high > low else low + 1.0
    x0, x1 = min(xs), max(xs)
    span = x1 - x0 or 1.0

    def at(x: float, y: float) -> str:
        return (
            f"{left + plot_w * (x - x0) / span:.1f},{top + plot_h * (high - y) / (high - low):.1f}"
        )

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(x_label)}">',
        f'<path d="M{left},{top}h{plot_w}v{plot_h}h{-plot_w}Z" fill="none" stroke="#888"/>',
    ]
    for tick in range(5):
        value = low + (high - low) * tick / 4
        y = top + plot_h - plot_h * tick / 4
        parts.append(
            f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="10" text-anchor="end">'
            f"{value:.3g}</text>"
        )
    for x in (x0, x1):
        parts.append(
            f'<text x="{left + plot_w * (x - x0) / span:.1f}" y="{top + plot_h + 14}" '
            f'font-size="10" text-anchor="middle">{x:g}</text>'
        )
    if mark is not None:
        x = left + plot_w * (mark - x0) / span
        parts.append(
            f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + plot_h}" stroke="#555" '
            'stroke-dasharray="4 3"/>'
        )
    for index, (name, ys) in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        points = " ".join(at(x, y) for x, y in zip(xs, ys, strict=True) if y is not None)
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>'
        )
        parts.append(
            f'<text x="{left + plot_w + 8}" y="{top + 14 + 16 * index}" font-size="11" '
            f'fill="{colour}">{html.escape(name)}</text>'
        )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" font-size="11" '
        f'text-anchor="middle">{html.escape(x_label)}</text></svg>'
    )
    return "\n".join(parts)
