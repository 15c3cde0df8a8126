"""The battle's terms for the ``strategy risk`` commands that are not a capability's
request (``report``, ``rule``, ``graph``, ``export``): the same fields, declared once in
:mod:`strategy.risk.requests.terms`, as options, and read back as the library's values.

>>> parser = argparse.ArgumentParser()
>>> add_rule_options(parser)
>>> add_blitz_options(parser)
>>> args = parser.parse_args(["--edition", "rgd", "--capital"])
>>> rules = rules_from_args(args)
>>> rules.count, rules.defender_dice, blitz_battle(args, Battle()).dice
('attacking', 3, 'balanced-blitz')
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from strategy.cli.common import add_parser
from strategy.cli.declared import add_request_options, request_of
from strategy.engine.fields import param
from strategy.risk.battle import Battle
from strategy.risk.requests import terms
from strategy.risk.requests.battles import ATTACKERS, DEFENDERS
from strategy.risk.rules import Rules

if TYPE_CHECKING:
    from strategy.risk.game import BattleGame


@dataclass(frozen=True, kw_only=True)
class _Played(terms.PlayTerms, terms.RuleTerms):
    pass


@dataclass(frozen=True, kw_only=True)
class _Blitz(terms.BlitzDice, terms.StopUntil, terms.RetreatAt):
    pass


@dataclass(frozen=True, kw_only=True)
class _Battle:
    attackers: int = param(**ATTACKERS)
    defenders: int = param(**DEFENDERS)


def add_battle_arguments(parser: argparse.ArgumentParser) -> None:
    """The positional ``A D`` of a single battle (as the capabilities declare them)."""
    add_request_options(parser, _Battle)


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """The rule options: dice, faces, ties, armies left behind, the count, the edition and
    RGD's modifiers."""
    add_request_options(parser, terms.RuleTerms)


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules the options describe."""
    return terms.rules_of(request_of(terms.RuleTerms, args))


def add_play_options(parser: argparse.ArgumentParser) -> None:
    """``--choice``, ``--objective`` and ``--no-stop``: the game under optimal play."""
    add_request_options(parser, terms.PlayTerms)


def battle_from_args(args: argparse.Namespace, metric: str | None = None) -> Battle:
    """The battle the rule and play options describe (``metric``: the classic one's)."""
    return terms.battle_of(request_of(_Played, args), metric)


def add_game_command(
    commands: argparse._SubParsersAction[Any],
    name: str,
    about: tuple[str, str, str],
    options: Callable[[argparse.ArgumentParser], None],
    run: Callable[[argparse.Namespace], int],
) -> argparse.ArgumentParser:
    """A command on one battle's game (``graph``, ``export``): its summary, description and
    examples (``about``), ``A D``, the play and rule options, then the command's own."""
    parser = add_parser(commands, name, *about)
    add_battle_arguments(parser)
    add_play_options(parser)
    add_rule_options(parser)
    options(parser)
    parser.set_defaults(handler=run)
    return parser


def battle_game(args: argparse.Namespace) -> BattleGame:
    """The game of the battle ``A D`` the options describe."""
    from strategy.risk.game import BattleGame

    return BattleGame(args.attackers, args.defenders, battle=battle_from_args(args))


def play_asked(args: argparse.Namespace) -> bool:
    """Whether ``--choice``, ``--objective`` or ``--no-stop`` was given."""
    return terms.play_asked(request_of(terms.PlayTerms, args))


def add_blitz_options(parser: argparse.ArgumentParser) -> None:
    """``--dice``, ``--balance``, ``--stop-until`` and ``--retreat-at``."""
    add_request_options(parser, _Blitz)


def blitz_battle(args: argparse.Namespace, battle: Battle) -> Battle:
    """``battle`` fought as the blitz options say."""
    blitz = request_of(_Blitz, args)
    return terms.fought(_Fought(edition=getattr(args, "edition", None), **vars(blitz)), battle)


@dataclass(frozen=True, kw_only=True)
class _Fought(terms.RuleTerms, terms.BlitzDice, terms.StopUntil, terms.RetreatAt):
    pass
