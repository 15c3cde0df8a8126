"""``strategy risk simulate A D``: Monte Carlo estimates beside the exact values."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import (
    CliError,
    add_output_options,
    add_parser,
    number,
    write_json,
    write_text,
)
from strategy.params import Option, add_options, nonnegative_int, positive_int
from strategy.params.calls import blitz_battle
from strategy.params.risk import (
    add_battle_arguments,
    add_battle_options,
    battle_from_args,
    play_asked,
)

if TYPE_CHECKING:
    from strategy.risk.battle import Battle
    from strategy.risk.montecarlo import SimulationCheck

#: Below this many battles the normal approximation behind the means' intervals is poor.
FEW_TRIALS = 30

SUMMARY = "Monte Carlo estimates with confidence intervals, checked against the exact values"
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


def confidence_level(text: str) -> float:
    """An argparse type for a confidence level strictly between 0 and 1.

    >>> confidence_level("0.99")
    0.99
    """
    value = number(text, f"{text!r} is not a number")
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must lie strictly between 0 and 1")
    if not (1 + value) / 2 < 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} is too close to 1 for floats (at most 1 - 2e-16)"
        )
    return value


#: How many battles, from which seed, and the confidence of the intervals.
SIMULATION = (
    Option(
        "--trials",
        type=positive_int,
        default=100_000,
        metavar="N",
        help="battles to simulate (default 100000)",
    ),
    Option(
        "--seed",
        type=nonnegative_int,
        metavar="S",
        help="seed of the random generator: the same seed gives the same output "
        "(default: a fresh seed, printed so the run can be repeated)",
    ),
    Option(
        "--confidence",
        type=confidence_level,
        default=0.95,
        metavar="C",
        help="confidence level of the intervals (default 0.95)",
    ),
)


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``simulate`` to the ``risk`` group."""
    parser = add_parser(commands, "simulate", SUMMARY, ABOUT, EPILOG)
    add_battle_arguments(parser)
    add_options(parser, SIMULATION)
    add_battle_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Simulate, compare with the exact engine, and print."""
    from strategy.engine.progress import ProgressBar
    from strategy.risk.montecarlo import simulate

    asked = play_asked(args)
    battle = blitz_battle(args, battle_from_args(args))
    if not battle.plain and asked:
        raise CliError(
            f"{battle.resolution.describe()}: not with --choice, --objective or --no-stop"
        )
    with ProgressBar("simulate") as progress:
        checked = simulate(
            args.attackers,
            args.defenders,
            battle,
            trials=args.trials,
            seed=args.seed,
            confidence=args.confidence,
            optimal=asked,
            progress=progress,
        )
    if args.format == "json":
        write_json(args, checked.to_json())
        return 0
    how = play_text(battle, asked)
    if not battle.plain:
        blitz = battle.resolution
        how = blitz.describe() + (
            " (the in-game draw: one uniform number per battle)" if blitz.balanced else ""
        )
    write_text(args, simulation_text(checked, how))
    return 0


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
