"""The registered games on the command line: a tool's subcommands, one per game.

``strategy mcts GAME`` and ``strategy graph GAME`` take their games from
:mod:`strategy.engine.registry`: every game a tool can handle, with options made from the
game's parameters (an ``int`` with ``minimum`` 1 takes whole numbers >= 1, a ``bool`` is a
flag, ``many`` takes several values). The game modules load when such a command is first
used, never to build the rest of the command line.

>>> from strategy.cli.common import Parser
>>> parser = Parser(prog="demo")
>>> add_game_commands(parser, "cyclic", "{}", lambda _: 0)
>>> parser.parse_args(["nim", "1", "2", "--misere"]).heaps
[1, 2]
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from strategy.cli.common import CliError, Parser, add_commands, add_parser
from strategy.cli.options import nonnegative_int, positive_int, whole_number
from strategy.engine.registry import Parameter, RegisteredGame, discover

Handler = Callable[[argparse.Namespace], int]


def add_game_commands(
    parser: argparse.ArgumentParser,
    without: str,
    summary: str,
    run: Handler,
    options: Callable[[argparse.ArgumentParser], None] = lambda parser: None,
) -> None:
    """Give the tool's ``parser`` a ``GAME`` subcommand per registered game that has not the
    flag ``without`` (the kind of game the tool cannot handle), added when ``parser`` is
    first used: ``summary`` with the game's summary in its ``{}`` is each one's line,
    ``options`` adds the tool's own options and ``run`` runs it."""
    assert isinstance(parser, Parser)

    def add_games(parser: Parser) -> None:
        commands = add_commands(parser, "game", "GAME")
        for game in discover().values():
            if without in game.flags:
                continue
            line = summary.format(game.summary)
            example = f"{parser.prog} {game.name} {game.example}".rstrip()
            command = add_parser(commands, game.name, line, line, f"example:\n  {example}")
            for parameter in game.parameters:
                _add_parameter(command, parameter)
            options(command)
            command.set_defaults(handler=run)

    parser.later.append(add_games)


def _add_parameter(parser: argparse.ArgumentParser, parameter: Parameter) -> None:
    if parameter.kind is bool:
        parser.add_argument(f"--{parameter.name}", action="store_true", help=parameter.help)
        return
    options: dict[str, Any] = {"help": parameter.help, "type": _text_type(parameter)}
    if parameter.choices:
        options["choices"] = parameter.choices
    if parameter.many:
        options["nargs"] = "+"
    name = parameter.name.upper() if parameter.many else None
    if parameter.positional:
        if parameter.default is not None:
            options |= {"nargs": "?", "default": parameter.default}
        parser.add_argument(parameter.name, metavar=name, **options)
    else:
        flag = "--" + parameter.name.replace("_", "-")
        parser.add_argument(flag, dest=parameter.name, default=parameter.default, **options)


def _text_type(parameter: Parameter) -> Callable[[str], Any]:
    if parameter.kind is int:
        checked: dict[int | None, Callable[[str], int]] = {1: positive_int, 0: nonnegative_int}
        return checked.get(parameter.minimum, whole_number)
    return parameter.kind


def chosen_game(args: argparse.Namespace) -> tuple[RegisteredGame, dict[str, Any], Any]:
    """The game the command line names, its arguments, and the game built from them."""
    from strategy.engine.registry import load_game, registered

    game = registered()[args.game]
    arguments = {
        p.name: tuple(getattr(args, p.name)) if p.many else getattr(args, p.name)
        for p in game.parameters
    }
    return game, arguments, load_game(game.name, **arguments)


def refuse_exact(game: RegisteredGame, arguments: dict[str, Any], option: str) -> None:
    """Refuse ``option`` (an exact solve) where the game says it is too large."""
    reason = game.exact_limit(**arguments) if game.exact_limit else None
    if reason:
        raise CliError(f"{option}: {reason}")
