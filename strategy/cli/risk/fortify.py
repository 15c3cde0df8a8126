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

from strategy.cli.common import add_output_options, write_text
from strategy.cli.declared import request_of
from strategy.cli.risk import capability_parser
from strategy.cli.risk.plan import add_file_options, files_of

ABOUT = (
    "The defender's best placement of its armies before the attacker's turn "
    "(a minimax over the defender's placements and the attacker's plans), compared with "
    "spreading them evenly and stacking the border."
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
    parser = capability_parser(commands, "fortify", ABOUT, EPILOG, run)
    add_file_options(
        parser, "check the attacker's value against the best fortification with N random turns"
    )
    add_output_options(parser)


def run(args: argparse.Namespace) -> int:
    """Find the best fortification and write it."""
    from strategy.engine.progress import ProgressBar
    from strategy.risk.requests.plans import Fortify, run_fortify
    from strategy.risk.turns.placement_report import dumps
    from strategy.risk.turns.report import simulation_json, simulation_lines
    from strategy.risk.turns.rollouts import require_trials, simulate_plan

    if args.simulate:
        require_trials(args.simulate)
    board, file = files_of(args)
    with ProgressBar("fortify") as progress:
        found = run_fortify(request_of(Fortify, args), progress, board=board, file=file)
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
