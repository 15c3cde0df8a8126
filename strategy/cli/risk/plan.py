"""``strategy risk plan``: the optimal attack phase to take a continent (or any territories).

>>> from strategy.cli.common import Parser
>>> commands = Parser(prog="strategy risk").add_subparsers(dest="command")
>>> register(commands)
>>> args = commands.choices["plan"].parse_args(
...     ["--from", "Central America=14", "--target", "South America", "--move-in", "any"])
>>> args.attacker, args.move_in
(['Central America=14'], 'any')
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from strategy.cli.common import (
    CliError,
    add_output_options,
    nonnegative_int,
    positive_int,
    write_json,
    write_text,
)
from strategy.cli.risk.options import add_rule_options, rules_from_args

if TYPE_CHECKING:
    from strategy.risk.plan.model import Turn
    from strategy.risk.plan.solve import TurnPlan

EPILOG = """examples:
  strategy risk plan --from "Central America=14" --target "South America" \\
      --defenders "Venezuela=2,Brazil=3,Peru=1,Argentina=2"
  strategy risk plan --from "Siam=12" --target Australia --objective value \\
      --defenders "Indonesia=3,New Guinea=2,Western Australia=2,Eastern Australia=1" --json
  strategy risk plan --position turn.json --objective keep:4 --simulate 100000 --seed 1
  strategy risk plan --map mymap.json --from "A=9" --defenders "B=2,C=3" --target "B,C"
  strategy risk plan --from "Central America=6" --defenders "Venezuela=1,Brazil=1,Peru=1,\\
Argentina=1" --target "South America" --graph plan.graphml

A position file is JSON: {"attacker": {"Central America": 14}, "defenders": {"Venezuela":
2, ...}, "target": "South America", "region": ["..."]} (region optional); options given
on the command line add to it. The region in play is the target and --region (a path to
it, say) with the attacker's territories bordering them; armies elsewhere are ignored.
Both sides always roll the most dice they may (--choice max; other timing rules are not
planned). The plan decides roll by roll: which territory attacks which, when to break off
or stop, and how many armies move in after each capture."""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``plan`` to the ``risk`` group."""
    parser = commands.add_parser(
        "plan",
        help="plan a whole attack phase on the map: P(taking a continent) under optimal play",
        description="The optimal plan to take a continent (or any territories) this turn: "
        "which territory attacks which, when to stop, and how many armies move in after each "
        "capture, with P(success) compared with the best fixed chain and with attacking "
        "everything.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    where = parser.add_argument_group("the position")
    where.add_argument(
        "--from",
        dest="attacker",
        action="append",
        default=[],
        metavar="T=N,...",
        help='the attacker\'s territories and armies, as "Central America=14" (repeatable)',
    )
    where.add_argument(
        "--defenders",
        action="append",
        default=[],
        metavar="T=N,...",
        help='the other territories\' armies, as "Venezuela=2,Brazil=3" (repeatable)',
    )
    where.add_argument(
        "--target", help='what to take: a continent or territories, as "South America"'
    )
    where.add_argument(
        "--region", help="more territories in play (a path to the target), as the target is"
    )
    where.add_argument("--position", type=Path, metavar="FILE", help="a JSON position file")
    where.add_argument(
        "--map", type=Path, metavar="FILE", help="a JSON map (default: the classic board)"
    )
    where.add_argument(
        "--no-disputed",
        action="store_true",
        help="classic board without the New Guinea-Western Australia border, as TotalRisk "
        "and hacker_risk draw it",
    )
    play = parser.add_argument_group("the plan")
    play.add_argument(
        "--objective",
        default="capture-all",
        metavar="OBJ",
        help="capture-all (P(holding the whole target), default), territories (expected "
        "territories taken), value[:BONUS] (BONUS if all held, +1 per territory, -1 per army "
        "lost; BONUS defaults to the continent's), keep:K (hold all with K+ armies on one)",
    )
    play.add_argument(
        "--move-in",
        choices=("classic", "any"),
        default="classic",
        help="classic: at least the dice of the last roll (1993 rules, default); any: from 1 "
        "(editions without the minimum, e.g. Conquer Club)",
    )
    play.add_argument(
        "--choice",
        choices=("max",),
        default="max",
        help="dice: both sides roll the most they may (the only rule plan supports)",
    )
    mode = play.add_mutually_exclusive_group()
    mode.add_argument(
        "--exact",
        dest="exact",
        action="store_const",
        const=True,
        help="exact Fractions (default up to 1,000,000 states)",
    )
    mode.add_argument(
        "--float", dest="exact", action="store_const", const=False, help="floats (default beyond)"
    )
    play.add_argument(
        "--max-states",
        type=positive_int,
        metavar="N",
        help="refuse plans that may visit more than N states (default 1,000,000 exact, "
        "3,000,000 float)",
    )
    shown = parser.add_argument_group("what is shown")
    shown.add_argument(
        "--detail",
        type=float,
        default=0.02,
        metavar="P",
        help="show the plan's lines taken with probability P or more (default 0.02)",
    )
    shown.add_argument("--no-compare", action="store_true", help="skip the fixed chains")
    shown.add_argument(
        "--simulate", type=positive_int, metavar="N", help="check the plan with N random turns"
    )
    shown.add_argument("--seed", type=nonnegative_int, help="seed of --simulate")
    shown.add_argument(
        "--graph",
        type=Path,
        metavar="FILE",
        help="write the solved state graph (.graphml, .gexf, .json or .dot)",
    )
    shown.add_argument(
        "--graph-max-states",
        type=positive_int,
        default=20_000,
        metavar="N",
        help="refuse graphs of turns with more than N states (default 20000)",
    )
    add_rule_options(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Build the turn, solve it, compare, and write the report."""
    from strategy.engine.progress import ProgressBar
    from strategy.risk.battle import Battle
    from strategy.risk.plan.maps import load_map
    from strategy.risk.plan.position import load_position
    from strategy.risk.plan.size import state_bound
    from strategy.risk.planning import plan, position

    if not 0 <= args.detail <= 1:
        raise CliError(f"--detail must be a probability from 0 to 1, not {args.detail}")
    if args.map is not None and args.no_disputed:
        raise CliError("--no-disputed is for the classic board; edit your map instead")
    file = load_position(args.position) if args.position else {}
    if not (args.target or file.get("target")):
        raise CliError("name what to take with --target (a continent or territories)")
    where = position(
        attackers=args.attacker,
        defenders=args.defenders,
        target=args.target,
        region=args.region,
        map=None if args.map is None else load_map(args.map),
        disputed=not args.no_disputed,
        objective=args.objective,
        move_in=args.move_in,
        file=file,
        battle=Battle(rules_from_args(args)),
    )
    graph = _graph_target(args, where.turn, state_bound(where.turn))
    with ProgressBar("plan") as progress:
        report = plan(
            where,
            exact=args.exact,
            max_states=args.max_states,
            compare=not args.no_compare,
            simulate=args.simulate,
            seed=args.seed,
            detail=args.detail,
            progress=progress,
        )
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


def _graph_target(args: argparse.Namespace, turn: Turn, bound: int) -> Path | None:
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
    from strategy.risk.plan.game import TurnGame

    game = TurnGame(plan.turn)
    graph = state_graph(game, view=turn_view(game), max_states=1_000_000)
    try:
        write_graph(graph, path)
    except OSError as error:
        raise CliError(f"cannot write {path}: {error.strerror or error}") from None
    return {"file": str(path), "nodes": len(graph), "edges": graph.number_of_edges()}
