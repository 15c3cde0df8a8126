"""``strategy risk report``: one self-contained HTML page about a battle and its table."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from strategy.cli.common import CliError, add_parser, output_file, write_text
from strategy.cli.options import nonnegative_int, positive_int
from strategy.cli.risk.editions import blitz_from_args, fight
from strategy.cli.risk.terms import (
    add_blitz_options,
    add_play_options,
    add_rule_options,
    battle_from_args,
    blitz_battle,
    play_asked,
)

if TYPE_CHECKING:
    from strategy.present.report import Section
    from strategy.risk.battle import Battle
    from strategy.risk.resolution import Resolution
    from strategy.risk.results import Value
    from strategy.risk.rules import Rules

SUMMARY = "an HTML page: a battle's odds, its outcomes as a bar chart, the coloured table"
ABOUT = (
    "Write one self-contained HTML page (no scripts, no network): the odds "
    "of the battle A v D, its final states as a bar chart, the armies-left tails, "
    "the colour-coded table of battles 1..N v 1..M and the defender's strategy matrix "
    "(for --choice; for sees-roll, seed 003's rule, when the battle is the classic one)."
)
EPILOG = """examples:
  strategy risk report --out report.html
  strategy risk report 20 15 --attackers 30 --defenders 30 --out report.html
  strategy risk report 5 3 --metric signed --defender-dice 3 --out risiko.html
  strategy risk report --choice respond --out respond.html
  strategy risk report 31 15 --capital --dice balanced-blitz --out rgd.html
  strategy risk report 10 6 --choice sees-roll --objective balance:2 --out balance.html"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``report`` to the ``risk`` group."""
    parser = add_parser(commands, "report", SUMMARY, ABOUT, EPILOG)
    for name, default, what in (
        ("attackers", 10, "armies in the attacking territory of the battle shown"),
        ("defenders", 6, "armies in the defending territory"),
    ):
        parser.add_argument(
            name,
            type=nonnegative_int,
            nargs="?",
            default=default,
            metavar=name[0].upper(),
            help=f"{what} (default {default})",
        )
    for option, dest, metavar, axis in (
        ("--attackers", "rows", "N", "rows A"),
        ("--defenders", "columns", "M", "columns D"),
    ):
        parser.add_argument(
            option,
            dest=dest,
            type=positive_int,
            default=20,
            metavar=metavar,
            help=f"table {axis} = 1..{metavar} (default 20)",
        )
    parser.add_argument(
        "--metric",
        choices=("capture", "signed", "attacker-left", "defender-left"),
        help="what the table shows (default capture), as for 'table'",
    )
    parser.add_argument(
        "--digits", type=nonnegative_int, metavar="K", help="decimals shown in the table"
    )
    add_rule_options(parser)
    add_blitz_options(parser)
    add_play_options(parser)
    plan = parser.add_argument_group(
        "a turn plan (optional): a section with `strategy risk plan`'s plan on the classic board"
    )
    plan.add_argument(
        "--plan-from", metavar="T=N,…", help='the attacker\'s territories, "Central America=14"'
    )
    plan.add_argument(
        "--plan-defenders", metavar="T=N,…", help='the defenders, "Venezuela=2,Brazil=3,…"'
    )
    plan.add_argument("--plan-target", metavar="NAME", help='the goal, "South America"')
    parser.add_argument("--out", metavar="FILE", type=output_file, help="write to FILE, not stdout")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Compute everything the page shows and write it."""
    from dataclasses import replace

    from strategy.cli.risk.commit import commit_section
    from strategy.cli.risk.grids import compute_table, table_grid
    from strategy.cli.risk.table import check_digits
    from strategy.present.report import report_html, strategy_section, table_section
    from strategy.risk import api
    from strategy.risk.choices import CHOICE_RULES
    from strategy.risk.commitment import commit_curve
    from strategy.risk.objectives import CAPTURE
    from strategy.risk.variants.blitz import refuse_choice

    check_digits(args.digits, exact=False)  # the page's table holds floats
    battle = battle_from_args(args, args.metric)
    blitz = blitz_from_args(args)
    fought = blitz_battle(args, battle)
    if not fought.plain:
        refuse_choice(fought)
    rules = battle.rules
    start = (args.attackers, args.defenders)
    sections = battle_part(args, battle, blitz)
    table = compute_table(args.rows, args.columns, battle, exact=False, blitz=blitz)
    asked = play_asked(args)
    grid = table_grid(table, table.objective.label, args.digits, False, asked, blitz=blitz)
    sections.append(table_section("The table", table, grid.cells, start, grid.caption))
    # Under the classic rule the defender has no choice to show: seed 003's rule instead.
    shown = replace(
        battle,
        objective=battle.objective if battle.objective.optimisable else CAPTURE,
        choice=CHOICE_RULES["sees-roll"] if battle.choice.fixed else battle.choice,
        allow_stop=args.allow_stop,
    )
    title = "The defender's strategy matrix" + (
        ", for comparison: when it sees the roll (seed 003)" if battle.choice.fixed else ""
    )
    optimal = api.strategy_matrix(args.rows, args.columns, shown)
    sections.append(strategy_section(optimal, mark=start, title=title))
    # The commitment curve is the blitz's (the most dice, stop-until): not for optimal play.
    blitzing = battle.classic or not blitz.plain
    if blitzing and blitz.limit is None and args.attackers - rules.offset >= 1 and args.defenders:
        sections.append(commit_section(commit_curve(args.attackers, args.defenders, rules, blitz)))
    plan_options = (args.plan_from, args.plan_defenders, args.plan_target)
    if any(plan_options):
        sections.append(plan_section(*plan_options, rules))
    write_text(args, report_html(args.attackers, args.defenders, rules, sections))
    return 0


def plan_section(
    attacker: str | None, defenders: str | None, target: str | None, rules: Rules
) -> Section:
    """The optimal turn plan on the classic board, as ``strategy risk plan`` prints it."""
    import html

    from strategy.present.report import Section
    from strategy.risk.turns import build_turn, classic_map, parse_armies, plan_turn
    from strategy.risk.turns.baselines import compare
    from strategy.risk.turns.report import PlanReport

    if attacker is None or defenders is None or target is None:
        raise CliError("a turn plan needs --plan-from, --plan-defenders and --plan-target")
    board = classic_map()
    turn = build_turn(
        board, parse_armies(board, attacker), parse_armies(board, defenders), target, rules=rules
    )
    plan = plan_turn(turn)
    text = PlanReport(plan, comparison=compare(plan)).text()
    intro = (
        f"Optimal play of the attack phase against {target}: every attack, stop and move-in "
        "chosen after every roll, against the best fixed chain and attacking everything."
    )
    return Section("A turn plan", intro, f"<pre>{html.escape(text)}</pre>")


def battle_part(args: argparse.Namespace, battle: Battle, blitz: Resolution) -> list[Section]:
    """The sections on the one battle, fought as the options ask: the classic battle or a
    blitz, or optimal play played out (its final states, for battles small enough)."""
    from strategy.present.grids import play_text
    from strategy.present.report import battle_sections, value_section
    from strategy.risk import api
    from strategy.risk.game import BattleGame
    from strategy.risk.play.cells import describe_cell
    from strategy.risk.played import played_odds

    objective = battle.objective
    attackers, defenders = args.attackers, args.defenders
    if battle.classic or not blitz.plain:
        fought = fight(args, blitz_battle(args, battle), None)
        more: list[tuple[str, Value]] = []
        if blitz.balanced:
            more.append(("true-random P(attacker captures)", fought.true_random.win_probability))
        if objective.kind not in ("capture", "signed", "attacker-left", "defender-left"):
            more.append((objective.description, fought.expectation(objective)))
        how = "the classic battle: both sides always roll the most dice"
        return battle_sections(fought, how if blitz.plain else blitz.describe(), more)
    optimal = api.odds(attackers, defenders, battle, exact=True)
    how = play_text(optimal)
    more = [(f"value of optimal play: {objective.description}", optimal.value)]
    cell = describe_cell(optimal.play, battle.rules, battle.choice, attackers, defenders)
    moves = [("the attacker, first", cell.attacker), ("the defender, first", cell.defender)]
    try:
        played = played_odds(BattleGame(attackers, defenders, battle=battle))
    except ValueError as why:
        note = f"The value is exact; the final states are not computed: {why}."
        return [value_section(attackers, defenders, how, more, moves, note)]
    return battle_sections(played, how, more, moves)
