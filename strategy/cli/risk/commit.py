"""``strategy risk commit A D``: how many troops to commit (RGD's slider, or stop-until)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.risk import text_command

if TYPE_CHECKING:
    from strategy.present.report import Section
    from strategy.risk.commitment import CommitCurve

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


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``commit`` to the ``risk`` group."""
    text_command(commands, "commit", ABOUT, EPILOG, "commit", text, colour=False)


def text(args: argparse.Namespace, curve: CommitCurve) -> str:
    """The curve as the command prints it (the same whatever the options)."""
    return curve.text()


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
