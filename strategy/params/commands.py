"""Each capability's parameters, declared once: the ``strategy risk`` command and the web
API's endpoint of the same name both build their parser from :data:`CAPABILITIES`.

A declaration adds what the library call takes (the battle, its size, exactness, the
capability's own terms); the command adds only what is its own (output format, files,
colour), so the endpoint, which writes no file, takes exactly the declared parameters.

>>> parser = argparse.ArgumentParser()
>>> CAPABILITIES["chain"].declare(parser)
>>> parser.parse_args(["10", "3", "2", "--float"]).exact
False
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from strategy.params import Option, add_options, calls, nonnegative_int, positive_int
from strategy.params.risk import (
    ATTACKERS,
    add_battle_arguments,
    add_battle_options,
    add_blitz_options,
    add_path_rule_options,
    add_play_options,
    add_rule_options,
    add_tail_options,
)

if TYPE_CHECKING:
    from strategy.risk.kernels.geometry import Progress

#: The classic table's ``--metric``: one more way to name what a cell holds.
METRICS = ("capture", "signed", "attacker-left", "defender-left")


def _to_json(args: argparse.Namespace, result: Any) -> Any:
    return result.to_json()


@dataclass(frozen=True)
class Capability:
    """One capability: its one-line summary (the command's help), its parameters, the
    library call they make (:mod:`strategy.params.calls`) and the JSON of its result."""

    name: str
    summary: str
    declare: Callable[[argparse.ArgumentParser], None]
    call: Callable[[argparse.Namespace, Progress | None], Any]
    json: Callable[[argparse.Namespace, Any], Any] = _to_json


def add_grid_size_options(parser: argparse.ArgumentParser) -> None:
    """``--attackers N`` and ``--defenders M``: the rows and columns of a grid."""
    parser.add_argument(
        "--attackers", type=positive_int, metavar="N", help="rows A = 1..N (default 20)"
    )
    parser.add_argument(
        "--defenders",
        type=positive_int,
        metavar="M",
        help="columns D = 1..M (default 20; on a narrower terminal, as many as fit)",
    )


def _float_option(parser: argparse.ArgumentParser, text: str) -> None:
    parser.add_argument("--float", dest="exact", action="store_false", help=text)


def _odds(parser: argparse.ArgumentParser) -> None:
    add_battle_arguments(parser)
    _float_option(parser, "floats only: skip the exact fractions (faster for huge battles)")
    parser.add_argument(
        "--exact",
        dest="exact",
        action="store_true",
        help="exact fractions as well as decimals (the default; Balanced Blitz: balance "
        "the exact true-random distribution, by default only up to 1000 armies)",
    )
    add_tail_options(parser, "also")
    add_battle_options(parser)
    # None: exact, except where Balanced Blitz chooses floats for a large battle.
    parser.set_defaults(exact=None)


def _table(parser: argparse.ArgumentParser) -> None:
    add_grid_size_options(parser)
    parser.add_argument(
        "--metric",
        choices=METRICS,
        help="capture: P(attacker captures) (default); signed: seed 000's expected outcome; "
        "attacker-left / defender-left: expected armies left in the battle fought to the end "
        "with the most dice (the same as --objective for capture and signed)",
    )
    parser.add_argument(
        "--exact",
        action="store_true",
        help="compute every cell as an exact fraction (JSON/CSV show them)",
    )
    add_battle_options(parser)


def _strategy(parser: argparse.ArgumentParser) -> None:
    add_grid_size_options(parser)
    parser.add_argument(
        "--exact",
        action="store_true",
        help="decide with exact fractions (ties exactly; JSON shows exact values)",
    )
    add_play_options(parser)
    add_rule_options(parser)


def _path(parser: argparse.ArgumentParser, limits: tuple[str, ...]) -> None:
    """What ``chain`` and ``need`` share: ``--leave``, ``--float``, the rules of each
    territory, the dice and the ``limits`` (``stop-until``, ``retreat-at``) offered."""
    parser.add_argument(
        "--leave",
        type=positive_int,
        default=1,
        metavar="L",
        help="on a path: armies left behind in each territory taken (default 1)",
    )
    _float_option(parser, "floats only (faster)")
    add_path_rule_options(parser)
    add_blitz_options(parser, limits=limits)


def _path_defenders(text: str) -> Option:
    """The positional ``D ...`` of a path of territories; ``text`` says what they are."""
    return Option("defenders", type=positive_int, nargs="+", metavar="D", help=text)


def _chain(parser: argparse.ArgumentParser) -> None:
    ATTACKERS.add(parser)
    _path_defenders("defenders on the path, in order").add(parser)
    _path(parser, ())


def _need(parser: argparse.ArgumentParser) -> None:
    _path_defenders("defenders of the territory; several for a path of territories").add(parser)
    parser.add_argument(
        "--target", required=True, metavar="P", help="the probability to reach: 0.8, 80%% or 4/5"
    )
    _path(parser, ("stop-until",))
    add_play_options(parser)


def _left(parser: argparse.ArgumentParser) -> None:
    add_battle_arguments(parser)
    add_tail_options(parser, "only")
    add_rule_options(parser)
    add_blitz_options(parser)


def _position(parser: argparse.ArgumentParser, defenders: str) -> None:
    """Where the armies are and what to take; ``defenders`` says what ``--defenders``
    gives."""
    add_options(
        parser.add_argument_group("the position"),
        (
            Option(
                "--from",
                dest="attacker",
                action="append",
                default=[],
                metavar="T=N,...",
                help='the attacker\'s territories and armies, as "Central America=14" (repeatable)',
            ),
            Option(
                "--defenders",
                action="append",
                default=[],
                metavar="T=N,...",
                help=f'{defenders}, as "Venezuela=2,Brazil=3" (repeatable)',
            ),
            Option("--target", help='what to take: a continent or territories, as "South America"'),
            Option(
                "--region", help="more territories in play (a path to the target), as the target is"
            ),
            Option(
                "--no-disputed",
                action="store_true",
                help="classic board without the New Guinea-Western Australia border, as "
                "TotalRisk and hacker_risk draw it",
            ),
        ),
    )


def _planning(parser: argparse.ArgumentParser) -> None:
    """How the attacker plans: objective, move-in, exact or float, size limit, and the
    reinforcements it places first."""
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
    play.add_argument(
        "--reinforce",
        type=nonnegative_int,
        default=0,
        metavar="R",
        help="first place R new armies where the plan does best (the best placement, "
        "compared with all on the strongest stack and all nearest the target)",
    )
    play.add_argument(
        "--reinforce-on",
        choices=("border", "any"),
        default="border",
        help="border: only territories bordering the target (default); any: any of the "
        "attacker's territories in the region",
    )


def _plan(parser: argparse.ArgumentParser) -> None:
    _position(parser, "the other territories' armies")
    _planning(parser)
    shown = parser.add_argument_group("what is shown")
    shown.add_argument(
        "--detail",
        type=float,
        default=0.02,
        metavar="P",
        help="show the plan's lines taken with probability P or more (default 0.02)",
    )
    shown.add_argument("--no-compare", action="store_true", help="skip the fixed chains")
    add_rule_options(parser)


def _fortify(parser: argparse.ArgumentParser) -> None:
    _position(parser, "enemy territories whose armies are fixed (not placed)")
    parser.add_argument(
        "--armies",
        type=positive_int,
        required=True,
        metavar="D",
        help="the armies the defender places on its territories of the region, at least one "
        "on each",
    )
    _planning(parser)
    add_rule_options(parser)


#: Every capability the command line and the web API share, by name.
CAPABILITIES = {
    c.name: c
    for c in (
        Capability(
            "odds",
            "P(capture), expected armies left and the final-state distribution of one battle",
            _odds,
            calls.odds,
            calls.odds_json,
        ),
        Capability(
            "table",
            "a table of battle values: rows are attacking armies, columns defending armies",
            _table,
            calls.table,
        ),
        Capability(
            "strategy",
            "optimal play at every state: the defender's rule, the attacker's dice, stops",
            _strategy,
            calls.strategy_matrix,
        ),
        Capability(
            "chain",
            "attack a path of territories in turn: P(conquering all) and where the attack ends",
            _chain,
            calls.chain,
        ),
        Capability(
            "need",
            "minimum troops: the fewest attacking armies with P(capture) >= a target",
            _need,
            calls.need,
        ),
        Capability(
            "left",
            "P(capture with at least K armies left) and P(defender worn down to at most K)",
            _left,
            calls.left,
        ),
        Capability(
            "plan",
            "plan a whole attack phase on the map: P(taking a continent) under optimal play",
            _plan,
            calls.plan,
        ),
        Capability(
            "fortify",
            "place the defender's armies before the attacker's turn: the placement that "
            "holds the attacker's optimal plan lowest",
            _fortify,
            calls.fortify,
            calls.fortify_json,
        ),
    )
}
