"""``strategy risk plan``: the optimal attack phase to take a continent (or any territories).

>>> from strategy.cli.common import Parser
>>> commands = Parser(prog="strategy risk").add_subparsers(dest="command")
>>> register(commands)
>>> args = commands.choices["plan"].parse_args(
...     ["--from", "Central America=14", "--target", "South America", "--move-in", "any"])
>>> args.attackers, args.move_in
(['Central America=14'], 'any')
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from strategy.cli.common import CliError, add_output_options, write_json, write_text
from strategy.cli.declared import request_of
from strategy.cli.options import nonnegative_int, positive_int
from strategy.cli.risk import capability_parser

if TYPE_CHECKING:
    from strategy.risk.turns.maps import Map
    from strategy.risk.turns.solve import TurnPlan

ABOUT = (
    "The optimal plan to take a continent (or any territories) this turn: "
    "which territory attacks which, when to stop, and how many armies move in after each "
    "capture, with P(success) compared with the best fixed chain and with attacking "
    "everything."
)
EPILOG = """examples:
  strategy risk plan --from "Central America=14" --target "South America" \\
      --defenders "Venezuela=2,Brazil=3,Peru=1,Argentina=2"
  strategy risk plan --from "Siam=12" --target Australia --objective value \\
      --defenders "Indonesia=3,New Guinea=2,Western Australia=2,Eastern Australia=1" --json
  strategy risk plan --position turn.json --objective keep:4 --simulate 100000 --seed 1
  strategy risk plan --from "Central America=8,North Africa=7" --target "South America" \\
      --defenders "Venezuela=2,Brazil=3,Peru=1,Argentina=2" --reinforce 5 --reinforce-on any
  strategy risk plan --map mymap.json --from "A=9" --defenders "B=2,C=3" --target "B,C"
  strategy risk plan --from "Central America=6" --defenders "Venezuela=1,Brazil=1,Peru=1,\\
Argentina=1" --target "South America" --graph plan.graphml

A position file is JSON: {"attackers": {"Central America": 14}, "defenders": {"Venezuela":
2, ...}, "target": "South America", "region": ["..."]} (region optional); options given
on the command line add to it. The region in play is the target and --region (a path to
it, say) with the attacker's territories bordering them; armies elsewhere are ignored.
Both sides always roll the most dice they may (--choice max; other timing rules are not
planned). The plan decides roll by roll: which territory attacks which, when to break off
or stop, and how many armies move in after each capture."""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``plan`` to the ``risk`` group."""
    parser = capability_parser(commands, "plan", ABOUT, EPILOG, run)
    files = add_file_options(parser)
    files.add_argument(
        "--graph",
        type=Path,
        metavar="FILE",
        help="write the solved state graph (.graphml, .gexf, .json or .dot)",
    )
    files.add_argument(
        "--graph-max-states",
        type=positive_int,
        default=20_000,
        metavar="N",
        help="refuse graphs of turns with more than N states (default 20000)",
    )
    add_output_options(parser)


def add_file_options(
    parser: argparse.ArgumentParser, simulate: str | None = None
) -> argparse._ArgumentGroup:
    """What only the command takes (``plan`` and ``fortify``): a position file, a map
    file, the dice rule, and (where the capability has none) a simulation: ``simulate``
    says what it checks."""
    files = parser.add_argument_group("files and checks")
    files.add_argument("--position", type=Path, metavar="FILE", help="a JSON position file")
    files.add_argument(
        "--map", type=Path, metavar="FILE", help="a JSON map (default: the classic board)"
    )
    files.add_argument(
        "--choice",
        choices=("max",),
        default="max",
        help="dice: both sides roll the most they may (the only rule plan supports)",
    )
    if simulate is not None:
        files.add_argument("--simulate", type=positive_int, metavar="N", help=simulate)
        files.add_argument("--seed", type=nonnegative_int, help="seed of --simulate")
    return files


def run(args: argparse.Namespace) -> int:
    """Build the turn, place any reinforcements, solve it, compare, and write the report."""
    from strategy.engine.progress import ProgressBar
    from strategy.engine.resources import TooLarge
    from strategy.risk.planning import placed_turn, refusal_bounds
    from strategy.risk.requests.plans import Plan, plan_position, run_plan
    from strategy.risk.turns.level_compiled import speed_note
    from strategy.risk.turns.size import state_bound

    request = request_of(Plan, args)
    where = plan_position(request, *files_of(args))
    placed = placed_turn(where.turn, args.reinforce, args.reinforce_on)
    graph = _graph_target(args, state_bound(placed))
    note = speed_note(placed)
    if note is not None:
        print(f"strategy risk plan: {note}", file=sys.stderr)
    try:
        with ProgressBar("plan") as progress:
            report = run_plan(request, progress, where=where)
    except TooLarge as refused:
        # At a terminal the bounds are worth their seconds; the library and the server
        # refuse at once.
        bounds = refusal_bounds(where.turn)
        raise TooLarge(f"{refused}{bounds}", refused.resource, refused.option) from None
    written = _write_graph(graph, report.plan) if graph is not None else None
    if args.format == "json":
        obj = report.to_json()
        if written is not None:
            obj["graph"] = written
        write_json(args, obj)
    else:
        text = report.text()
        if written is not None:
            text += (
                f"\n\nwrote {written['file']}: {written['nodes']} nodes, {written['edges']} edges"
            )
        write_text(args, text)
    return 0


def files_of(args: argparse.Namespace) -> tuple[Map | None, dict[str, Any] | None]:
    """The map and the position file the options name (``None`` where not given)."""
    from strategy.risk.turns.building import load_position
    from strategy.risk.turns.maps import load_map

    board = None if args.map is None else load_map(args.map)
    return board, None if args.position is None else load_position(args.position)


def _graph_target(args: argparse.Namespace, bound: int) -> Path | None:
    """Check the graph's file and size before any solving."""
    if args.graph is None:
        return None
    from strategy.present.graph_io import format_of

    format_of(args.graph)
    if bound > args.graph_max_states:
        raise CliError(
            f"the turn may have up to {bound:,} states, more than --graph-max-states "
            f"({args.graph_max_states:,}) allows for a graph"
        )
    path: Path = args.graph
    return path


def _write_graph(path: Path, plan: TurnPlan) -> dict[str, Any]:
    from strategy.present.graph import state_graph
    from strategy.present.graph_io import write_graph
    from strategy.present.graph_views import turn_view
    from strategy.risk.turns.game import TurnGame

    game = TurnGame(plan.turn)
    graph = state_graph(game, view=turn_view(game), max_states=1_000_000)
    try:
        write_graph(graph, path)
    except OSError as error:
        raise CliError(f"cannot write {path}: {error.strerror or error}") from None
    return {"file": str(path), "nodes": len(graph), "edges": graph.number_of_edges()}
