"""``strategy risk commit A D``: how many troops to commit (RGD's slider, or stop-until)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.risk import text_command

if TYPE_CHECKING:
    from strategy.present.report import Section
    from strategy.risk.commitment import CommitCurve

#: Points of the curve text shows; beyond, every k-th (JSON has them all).
TEXT_POINTS = 40

ABOUT = (
    "For every number of troops committed to the attack (the rest stay home: "
    "stop-until A - c), P(capture), the attackers lost and the balance; and for each "
    "objective the best number. Under Balanced Blitz committing fewer troops can lose "
    "fewer; under true random dice it cannot."
)
EPILOG = """examples:
  strategy risk commit 60 10 --edition rgd
  strategy risk commit 31 15 --capital --dice balanced-blitz --worth 3
  strategy risk commit 20 5 --json

Committing c troops is stop-until A - c: the battle c v D (troops that may attack), the
others staying home."""

DESCRIPTIONS = {
    "capture": "most likely to capture",
    "lost-given-capture": "fewest attackers lost given a capture, as likely to capture",
    "balance": "most expected balance: {worth} per capture + defenders killed - attackers lost",
}


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``commit`` to the ``risk`` group."""
    text_command(commands, "commit", ABOUT, EPILOG, "commit", text, colour=False)


def text(args: argparse.Namespace, curve: CommitCurve) -> str:
    """The text of ``commit``: :func:`curve_text`."""
    return curve_text(curve)


def curve_text(curve: CommitCurve) -> str:
    """The best commitment per objective, then the curve (sampled when long)."""
    lines = [
        f"Troops to commit: {curve.attackers} v {curve.defenders}, {curve.resolution.describe()}",
        f"rules: {curve.rules.describe()}",
        "",
        f"{'objective':<20}{'commit':>7}{'stop-until':>12}{'value':>12}  meaning",
    ]
    for best in curve.best:
        meaning = DESCRIPTIONS[best.objective.partition(":")[0]].format(worth=curve.worth)
        lines.append(
            f"{best.objective:<20}{best.committed:>7}{best.stop_until:>12}{best.value:>12.6f}"
            f"  {meaning}"
        )
    step = max(1, -(-len(curve.points) // TEXT_POINTS))
    lines += [
        "",
        f"{'commit':>7}{'stop-until':>12}{'P(capture)':>12}{'E[lost]':>10}"
        f"{'E[lost|capture]':>17}{'balance':>10}",
    ]
    for point in curve.points[::step]:
        given = point.expected_lost_given_capture
        lines.append(
            f"{point.committed:>7}{point.stop_until:>12}{point.win_probability:>12.6f}"
            f"{point.expected_lost:>10.4f}{'-' if given is None else f'{given:.4f}':>17}"
            f"{point.balance:>10.4f}"
        )
    if step > 1:
        lines.append(f"(every {step}th commitment; --json lists them all)")
    lines.append(f"each point's final states are within {curve.error_bound:.2g} in all of exact")
    return "\n".join(lines)


def commit_section(curve: CommitCurve) -> Section:
    """The curve for the report: P(capture) and the losses against the troops committed,
    the best commitment for the fewest losses marked."""
    from strategy.present.curves import line_chart_svg
    from strategy.present.report import Section

    xs = [p.committed for p in curve.points]
    label = "troops committed"
    by_loss = next(b for b in curve.best if b.objective == "lost-given-capture")
    charts = [
        line_chart_svg(
            xs,
            [("P(capture)", [p.win_probability for p in curve.points])],
            x_label="troops committed",
        ),
        line_chart_svg(
            xs,
            [
                ("E[lost | capture]", [p.expected_lost_given_capture for p in curve.points]),
                ("E[lost]", [p.expected_lost for p in curve.points]),
            ],
            x_label=label,
            mark=by_loss.committed,
        ),
    ]
    best = "; ".join(f"{b.objective}: commit {b.committed} ({b.value:.4f})" for b in curve.best)
    intro = (
        f"Committing c of the troops is stop-until {curve.attackers} - c "
        f"({curve.resolution.describe()}). Best: {best}."
    )
    return Section("How many troops to commit", intro, "\n".join(charts))
