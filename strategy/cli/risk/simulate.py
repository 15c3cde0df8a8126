"""``strategy risk simulate A D``: Monte Carlo estimates beside the exact values."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.risk import text_command
from strategy.cli.risk.terms import play_asked

if TYPE_CHECKING:
    from strategy.risk.battle import Battle
    from strategy.risk.montecarlo import SimulationCheck

#: Below this many battles the normal approximation behind the means' intervals is poor.
FEW_TRIALS = 30

ABOUT = (
    "Simulate battles, both sides rolling the most dice they may or, with "
    "--choice, --objective or --no-stop, playing as the optimal-play table says, and "
    "print each estimate with its confidence interval beside the exact value; a FLAG "
    "line marks any exact value outside its interval."
)
EPILOG = """examples:
  strategy risk simulate 10 10 --trials 1000000 --seed 1
  strategy risk simulate 5 3 --defender-dice 3 --seed 7 --json
  strategy risk simulate 10 10 --count attacking --confidence 0.99
  strategy risk simulate 8 6 --choice sees-roll --objective balance:2
  strategy risk simulate 31 15 --capital --dice balanced-blitz --seed 4
  strategy risk simulate 21 10 --stop-until 5 --seed 1

Each interval holds the true value with the chosen confidence, so a correct exact engine
still misses a 95% interval about once in 20: a FLAG is a reason to rerun with another
seed or more trials, and a FLAG that stays is a bug."""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``simulate`` to the ``risk`` group."""
    text_command(commands, "simulate", ABOUT, EPILOG, "simulate", text, colour=False)


def text(args: argparse.Namespace, checked: SimulationCheck) -> str:
    """The estimates beside the exact values, and how the battles were played."""
    battle = checked.battle
    how = play_text(battle, play_asked(args))
    if not battle.plain:
        blitz = battle.resolution
        how = blitz.describe() + (
            " (the in-game draw: one uniform number per battle)" if blitz.balanced else ""
        )
    return simulation_text(checked, how)


def play_text(battle: Battle, asked: bool) -> str:
    """How the battles are played, for the text header."""
    if not asked:
        return "both sides always rolling the most dice"
    stop = "the attacker may stop" if battle.allow_stop else "no stopping"
    return (
        f"optimal play for {battle.objective.label}, choice {battle.choice}: "
        f"{battle.choice.summary}; {stop}"
    )


def simulation_text(checked: SimulationCheck, how: str) -> str:
    """The text form: one line per quantity, then a FLAG line per exact value outside."""
    result, confidence = checked.simulation, checked.confidence
    level = f"{confidence * 100:.6g}%"
    lines = [
        f"Simulated battle {result.attackers} v {result.defenders}: {result.trials:,} "
        f"battle{'s' if result.trials > 1 else ''}, seed {result.seed}",
        how,
        f"rules: {result.rules.describe()}",
        "",
        f"{'':<26}{'estimate':>10}   {level + ' interval':<24}{'exact':>10}",
    ]
    flags = []
    for quantity in checked.estimates:
        label, estimate, exact = quantity.label, quantity.estimate, quantity.exact
        interval = f"[{estimate.low:.6f}, {estimate.high:.6f}]"
        shown = "-" if exact is None else f"{exact:.6f}"
        lines.append(f"{label:<26}{estimate.value:>10.6f}   {interval:<24}{shown:>10}")
        if exact is not None and not estimate.contains(exact):
            flags.append(f"FLAG: {label}: exact value {exact:.6f} lies outside {interval}")
    lines += [
        "",
        "intervals: Clopper-Pearson for the probability, normal (Agresti-Coull adjusted) "
        "for the means",
        *flags,
    ]
    if not flags:
        lines.append(f"every exact value lies inside its {level} interval")
    if result.trials < FEW_TRIALS:
        lines.append(f"note: below {FEW_TRIALS} battles the normal intervals are unreliable")
    return "\n".join(lines)
