"""``strategy risk simulate A D``: Monte Carlo estimates beside the exact values."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from strategy.cli.common import (
    CliError,
    add_output_options,
    nonnegative_int,
    positive_int,
    write_json,
    write_text,
)
from strategy.cli.risk.editions import add_blitz_options, blitz_from_args
from strategy.cli.risk.options import (
    add_battle_arguments,
    add_play_options,
    add_rule_options,
    battle_from_args,
    play_asked,
)
from strategy.risk.serialise import battle_json, blitz_json, rules_json

if TYPE_CHECKING:
    from strategy.risk.battle import Battle
    from strategy.risk.objectives import Objective
    from strategy.risk.play.dice_policy import Policy
    from strategy.risk.rules import Rules
    from strategy.risk.simulate import Estimate, Simulation
    from strategy.risk.variants.blitz import Blitz

#: ``(JSON key, label, objective)`` of every quantity estimated, as ``risk odds`` names them.
QUANTITIES = (
    ("win_probability", "P(attacker captures)", "capture"),
    ("expected_attacker_left", "expected attackers left", "attacker-left"),
    ("expected_defender_left", "expected defenders left", "defender-left"),
    ("expected_signed", "expected signed outcome", "signed"),
)

#: Below this many battles the normal approximation behind the means' intervals is poor.
FEW_TRIALS = 30

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
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must lie strictly between 0 and 1")
    if not (1 + value) / 2 < 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} is too close to 1 for floats (at most 1 - 2e-16)"
        )
    return value


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``simulate`` to the ``risk`` group."""
    parser = commands.add_parser(
        "simulate",
        help="Monte Carlo estimates with confidence intervals, checked against the exact values",
        description="Simulate battles, both sides rolling the most dice they may or, with "
        "--choice, --objective or --no-stop, playing as the optimal-play table says, and "
        "print each estimate with its confidence interval beside the exact value; a FLAG "
        "line marks any exact value outside its interval.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_battle_arguments(parser)
    parser.add_argument(
        "--trials",
        type=positive_int,
        default=100_000,
        metavar="N",
        help="battles to simulate (default 100000)",
    )
    parser.add_argument(
        "--seed",
        type=nonnegative_int,
        metavar="S",
        help="seed of the random generator: the same seed gives the same output "
        "(default: a fresh seed, printed so the run can be repeated)",
    )
    parser.add_argument(
        "--confidence",
        type=confidence_level,
        default=0.95,
        metavar="C",
        help="confidence level of the intervals (default 0.95)",
    )
    add_play_options(parser)
    add_rule_options(parser)
    add_blitz_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Simulate, compare with the exact engine, and print."""
    from strategy.engine.progress import ProgressBar
    from strategy.risk.objectives import Objective
    from strategy.risk.simulate import simulate

    battle = battle_from_args(args)
    asked = play_asked(args)
    blitz = blitz_from_args(args)
    how = play_text(battle, asked)
    check_time(args, battle.rules)
    if blitz.plain:
        policy, exact_value = (optimal_play if asked else classic_play)(args, battle)
        with ProgressBar("simulate") as progress:
            result = simulate(
                args.attackers,
                args.defenders,
                battle.rules,
                trials=args.trials,
                seed=args.seed,
                policy=policy,
                progress=progress,
            )
    else:
        if asked:
            raise CliError(f"{blitz.describe()}: not with --choice, --objective or --no-stop")
        result, exact_value = blitz_play(args, battle.rules, blitz)
        how = blitz.describe() + (
            " (the in-game draw: one uniform number per battle)" if blitz.balanced else ""
        )
    objective = battle.objective
    quantities = list(QUANTITIES)
    if objective.kind not in [kind for _, _, kind in QUANTITIES]:
        quantities.append(("value", f"value ({objective.label})", objective.label))
    rows: list[Row] = []
    for key, label, kind in quantities:
        estimated = Objective.parse(kind)
        estimate = result.estimate(estimated, args.confidence)
        rows.append((key, label, estimate, exact_value(estimated)))
    if args.format == "json":
        obj = simulation_json(result, rows, args.confidence)
        if asked:
            obj |= {key: value for key, value in battle_json(battle).items() if key != "rules"}
        write_json(args, obj | blitz_json(blitz))
    else:
        write_text(args, simulation_text(result, rows, args.confidence, how))
    return 0


Row = tuple[str, str, "Estimate", float | None]
Play = tuple["Policy", Callable[["Objective"], float | None]]


def check_time(args: argparse.Namespace, rules: Rules) -> None:
    """Refuse, before computing the exact values, a run whose simulation alone is too long."""
    from strategy.engine.resources import require
    from strategy.risk.classic import battle_odds_seconds
    from strategy.risk.simulate import simulation_seconds

    armies = args.attackers + args.defenders
    exact = battle_odds_seconds(args.attackers, args.defenders, rules, exact=False)
    require(
        f"simulating {args.trials:,} battles of {armies:,} armies",
        seconds=simulation_seconds(args.trials, armies) + exact,
    )


def classic_play(args: argparse.Namespace, battle: Battle) -> Play:
    """Both sides roll the most dice; every quantity has an exact value."""
    from strategy.risk.classic import battle_odds
    from strategy.risk.play.dice_policy import MOST_DICE

    # Floats from the exact engine: exact to 1e-15, far below any simulation's noise, and
    # fast for battles too long for fractions.
    odds = battle_odds(args.attackers, args.defenders, battle.rules, exact=False)
    return MOST_DICE, lambda objective: float(odds.expectation(objective))


def blitz_play(
    args: argparse.Namespace, rules: Rules, blitz: Blitz
) -> tuple[Simulation, Callable[[Objective], float | None]]:
    """Battles fought as the blitz fights them, and the exact (float) values to compare."""
    from strategy.risk.variants.draw import simulate_blitz

    odds = blitz.odds(args.attackers, args.defenders, rules, exact=False).odds
    result = simulate_blitz(
        args.attackers, args.defenders, rules, blitz, trials=args.trials, seed=args.seed
    )
    return result, lambda objective: float(odds.expectation(objective))


def optimal_play(args: argparse.Namespace, battle: Battle) -> Play:
    """Both sides play as the optimal-play table says; only the objective they optimise
    has an exact value (the optimal value)."""
    from strategy.risk import api
    from strategy.risk.optimal import optimal_table
    from strategy.risk.play.dice_policy import MOST_DICE, optimal_policy

    value = float(api.odds(args.attackers, args.defenders, battle, exact=False).value)
    # Where no one can move, no one is asked; where no one has a real choice, the most dice.
    policy: Policy = MOST_DICE
    if args.attackers >= 1 and args.defenders >= 1 and not battle.classic:
        policy = optimal_policy(optimal_table(args.attackers, args.defenders, battle=battle))
    return policy, lambda objective: value if objective == battle.objective else None


def play_text(battle: Battle, asked: bool) -> str:
    """How the battles are played, for the text header."""
    if not asked:
        return "both sides always rolling the most dice"
    stop = "the attacker may stop" if battle.allow_stop else "no stopping"
    return (
        f"optimal play for {battle.objective.label}, choice {battle.choice}: "
        f"{battle.choice.summary}; {stop}"
    )


def simulation_json(result: Simulation, rows: list[Row], confidence: float) -> dict[str, Any]:
    """The JSON form: the capture estimate at the top level, every quantity under
    ``estimates``, the names of those whose exact value is outside in ``flags``."""
    estimates = {
        key: {
            "estimate": estimate.value,
            "ci_low": estimate.low,
            "ci_high": estimate.high,
            "exact": exact,
            "inside": None if exact is None else estimate.contains(exact),
        }
        for key, _, estimate, exact in rows
    }
    return {
        "attackers": result.attackers,
        "defenders": result.defenders,
        "trials": result.trials,
        "seed": result.seed,
        "confidence": confidence,
        "win_probability": estimates["win_probability"]["estimate"],
        "ci_low": estimates["win_probability"]["ci_low"],
        "ci_high": estimates["win_probability"]["ci_high"],
        "exact": estimates["win_probability"]["exact"],
        "estimates": estimates,
        "flags": [key for key, value in estimates.items() if value["inside"] is False],
        "final_states": [
            {"attacker": a, "defender": d, "battles": n} for a, d, n in result.final_states
        ],
        "rules": rules_json(result.rules),
    }


def simulation_text(result: Simulation, rows: list[Row], confidence: float, how: str) -> str:
    """The text form: one line per quantity, then a FLAG line per exact value outside."""
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
    for _, label, estimate, exact in rows:
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
