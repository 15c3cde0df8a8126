"""``strategy risk chain A D1 D2 …``: attack a path of territories, one after another."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import colour_wanted, decimal
from strategy.cli.risk import text_command
from strategy.cli.risk.paths import rules_text
from strategy.engine.numbers import fraction_text

if TYPE_CHECKING:
    from strategy.risk.paths import ChainOdds

ABOUT = (
    "Attack territories holding D1, D2, … defenders one after another, "
    "moving all armies but --leave into each territory taken (the 'blitz' plan). "
    "Both sides always roll the most dice they may."
)
EPILOG = """examples:
  strategy risk chain 10 5 3 2
  strategy risk chain 30 5 3 2 --leave 2 --json
  strategy risk chain 5 3 2 1 --defender-sides 6,8,6
  strategy risk chain 20 5 3 8 --capital no,no,yes --dice balanced-blitz"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``chain`` to the ``risk`` group."""
    text_command(commands, "chain", ABOUT, EPILOG, None, text)


def text(args: argparse.Namespace, odds: ChainOdds) -> str:
    """The chain as the command prints it: :func:`chain_text`, and the dice if not plain."""
    text = chain_text(odds, colour=colour_wanted(args))
    return text if odds.resolution is None else f"{text}\ndice: {odds.resolution.describe()}"


def chain_text(odds: ChainOdds, *, colour: bool = False) -> str:
    """The chain for people: the odds of each step, then where the attack ends."""
    from strategy.present.render import paint

    n = len(odds.defenders)
    lines = [
        f"Attack chain: {odds.attackers} armies against "
        f"{', '.join(map(str, odds.defenders))} defenders "
        f"({odds.rules[0].stay_behind} left in the origin and {odds.leave} in each territory "
        "taken; all the others move on)",
        *rules_text(odds.rules),
        "",
    ]
    win = odds.win_probability
    exact = f"  = {fraction_text(win)}" if odds.exact else ""
    label = f"P(conquering all {n})" if n > 1 else "P(conquering it)"
    lines.append(f"{label:<26}{paint(f'{decimal(win):>12}', float(win), colour)}{exact}")
    lines += ["", "territory  defenders  P(taken)"]
    for i, (d, p) in enumerate(
        zip(odds.defenders, odds.capture_probabilities, strict=True), start=1
    ):
        lines.append(f"{i:>9}  {d:>9}  {paint(f'{decimal(p):>8}', float(p), colour)}")
    lines += ["", "where the attack ends       armies there  defenders  armies left  probability"]
    for o in odds.outcomes:
        where = f"took all {n}" if o.captured == n else f"stopped at territory {o.captured + 1}"
        lines.append(
            f"  {where:<26}{o.armies:>12}  {o.defenders:>9}  {odds.armies_left(o):>11}"
            f"  {decimal(o.probability):>11}"
        )
    lines.append(
        "armies there: in the last territory the attacker holds on the path; "
        "armies left: on the whole path, the origin's included"
    )
    return "\n".join(lines)
