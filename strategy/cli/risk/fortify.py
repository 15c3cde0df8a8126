"""``strategy risk fortify``: where the defender should put its armies before the attack.

>>> from strategy.cli.common import Parser
>>> commands = Parser(prog="strategy risk").add_subparsers(dest="command")
>>> register(commands)
>>> args = commands.choices["fortify"].parse_args(
...     ["--from", "Siam=12", "--target", "Australia", "--armies", "8", "--reinforce", "3"])
>>> args.armies, args.reinforce, args.reinforce_on
(8, 3, 'border')
"""

from __future__ import annotations

import argparse
from typing import Any

from strategy.cli.common import add_output_options, nonnegative_int, positive_int, write_text
from strategy.cli.risk.options import add_rule_options, rules_from_args
from strategy.cli.risk.plan import (
    add_plan_options,
    add_position_options,
    add_reinforce_options,
    position_terms,
)

EPILOG = """examples:
  strategy risk fortify --from "Siam=12" --target Australia --armies 8
  strategy risk fortify --from "Siam=9" --target Australia --armies 6 --reinforce 3 --json
  strategy risk fortify --from "Central America=10" --target "South America" --armies 9 \\
      --objective territories --simulate 20000 --seed 1

The defender places --armies on every enemy territory of the region (the target, --region
and the attacker's territories bordering them) not given in --defenders, at least one on
each; the attacker, seeing them, places any --reinforce armies and plays its optimal plan
(as strategy risk plan does). The best fortification is the one that holds the attacker's
best value lowest, found exactly: placements that differ only where the attacker can never
use the armies are one, and a placement against which a fixed chain (a plan the attacker
may play) already does as well as against the best one found is settled without planning
it in full. Work too large for the budget is refused up front, with the number of
placements and plans."""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``fortify`` to the ``risk`` group."""
    parser = commands.add_parser(
        "fortify",
        help="place the defender's armies before the attacker's turn: the placement that "
        "holds the attacker's optimal plan lowest",
        description="The defender's best placement of its armies before the attacker's turn "
        "(a minimax over the defender's placements and the attacker's plans), compared with "
        "spreading them evenly and stacking the border.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_position_options(parser, "enemy territories whose armies are fixed (not placed)")
    parser.add_argument(
        "--armies",
        type=positive_int,
        required=True,
        metavar="D",
        help="the armies the defender places on its territories of the region, at least one "
        "on each",
    )
    add_reinforce_options(add_plan_options(parser))
    shown = parser.add_argument_group("what is shown")
    shown.add_argument(
        "--simulate",
        type=positive_int,
        metavar="N",
        help="check the attacker's value against the best fortification with N random turns",
    )
    shown.add_argument("--seed", type=nonnegative_int, help="seed of --simulate")
    add_rule_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Find the best fortification and write it."""
    from strategy.engine.progress import ProgressBar
    from strategy.risk.plan.calls import fortify
    from strategy.risk.plan.placement_report import dumps
    from strategy.risk.plan.report import simulation_json, simulation_lines
    from strategy.risk.plan.simulate import require_trials, simulate_plan
    from strategy.risk.planning import named

    if args.simulate:
        require_trials(args.simulate)
    board, attacker, fixed, target, region = named(**position_terms(args))
    with ProgressBar("fortify") as progress:
        found = fortify(
            attackers=attacker,
            armies=args.armies,
            target=target,
            defenders=fixed,
            region=region,
            map=board,
            objective=args.objective,
            move_in=args.move_in,
            rules=rules_from_args(args),
            reinforce=args.reinforce,
            reinforce_on=args.reinforce_on,
            exact=args.exact is not False,
            max_states=args.max_states,
            progress=progress,
        )
    run = simulate_plan(found.plan, trials=args.simulate, seed=args.seed) if args.simulate else None
    if args.format == "json":
        obj = found.to_json()
        if run is not None:
            obj["simulation"] = simulation_json(run, found.value)
        write_text(args, dumps(obj))
    else:
        lines = [found.text()]
        if run is not None:
            lines += ["", "The attacker's value against it:", *simulation_lines(run, found.value)]
        write_text(args, "\n".join(lines))
    return 0
