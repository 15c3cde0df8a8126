"""``strategy risk need D … --target P``: the fewest attacking armies that reach a target."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from strategy.cli.common import colour_wanted, decimal
from strategy.cli.risk import text_command
from strategy.cli.risk.paths import rules_text
from strategy.cli.risk.terms import play_asked
from strategy.engine.numbers import fraction_text

if TYPE_CHECKING:
    from strategy.risk.capabilities import Needed

ABOUT = (
    "The fewest armies in the attacking territory (see --count) that capture "
    "the territory, or conquer a whole path of territories as 'chain' does, with "
    "probability at least --target. The comparison with the target is exact."
)
EPILOG = """examples:
  strategy risk need 10 --target 0.8
  strategy risk need 3 2 1 --target 95% --defender-sides 6,8,6
  strategy risk need 50 --target 0.8 --float --json
  strategy risk need 10 --target 0.8 --choice sees-roll
  strategy risk need 5 --target 0.5 --objective keep:4
  strategy risk need 50 --target 0.8 --dice balanced-blitz --count attacking
  strategy risk need 50 --target 80% --edition rgd --capital --json
  strategy risk need 10 --target 0.5 --stop-until 4"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``need`` to the ``risk`` group."""
    text_command(commands, "need", ABOUT, EPILOG, "need", text)


def _rounds_to_one(value: Fraction | float) -> bool:
    """Whether ``value`` prints as 1.000000 without being certain: below 1, or a float, which
    rounds (Balanced Blitz's chances are floats, and come within 1e-16 of 1).

    >>> _rounds_to_one(0.9999999999999999), _rounds_to_one(1.0), _rounds_to_one(Fraction(1))
    (True, True, False)
    """
    return decimal(value) == "1.000000" and (isinstance(value, float) or value < 1)


def text(args: argparse.Namespace, found: Needed) -> str:
    """The fewest armies as the command prints them."""
    from strategy.present.render import paint

    need, battle, rules = found.need, found.battle, found.rules
    blitz = battle.resolution
    exact = args.exact and not blitz.balanced
    against = ", ".join(map(str, need.defenders))
    kept = battle.objective.parameter
    keeping = f", keeping at least {kept} armies," if battle.objective.kind == "keep" else ""
    armies = (
        "armies in the attacking territory" if rules[0].count == "territory" else "attacking armies"
    )
    lines = [
        f"{need.attackers} {armies} capture "
        f"{'the path ' if len(need.defenders) > 1 else ''}{against}{keeping} with probability "
        f"{paint(decimal(need.win_probability), float(need.win_probability), colour_wanted(args))}"
        f" >= {args.target}"
        + (" (rounded: just below 1, not certain)" if _rounds_to_one(need.win_probability) else ""),
    ]
    if need.previous_probability is not None:
        lines.append(f"{need.attackers - 1} armies would give {decimal(need.previous_probability)}")
    if exact:
        lines.append(f"exact: {fraction_text(need.win_probability)}")
    lines += rules_text(rules)
    if not blitz.plain:
        lines.append(f"dice: {blitz.describe()}")
    if blitz.balanced and len(need.defenders) == 1:
        lines.append(
            "compared with the target to 50 digits, from the exact true-random win chance "
            "up to 1000 armies in all"
        )
    if play_asked(args):
        lines.append(f"optimal play under --choice {battle.choice}: {battle.objective.description}")
    return "\n".join(lines)
