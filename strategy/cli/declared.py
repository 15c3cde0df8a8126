"""A capability's command-line options, derived from its request's declaration.

Each field of a request (:mod:`strategy.risk.requests`) becomes one option (or a positional)
named as the field is, ``--attacker-dice`` for ``attacker_dice``, with the field's help,
default, placeholder and choices, in the help section its group names; a player's alias
(``--from``) and the flag that sets a boolean off (``--float``, ``--no-stop``) come from the
declaration too. :func:`request_of` turns what was parsed back into the request.

>>> from strategy.risk.requests.paths import Chain
>>> parser = argparse.ArgumentParser()
>>> add_request_options(parser, Chain)
>>> request_of(Chain, parser.parse_args(["10", "3", "2", "--float"]))
... # doctest: +ELLIPSIS
Chain(..., attackers=10, defenders=(3, 2), leave=1, exact=False)
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from strategy.engine.errors import InputError
from strategy.engine.fields import Param
from strategy.risk.requests.terms import declared


def option(name: str) -> str:
    """The long option of a field.

    >>> option("attacker_dice")
    '--attacker-dice'
    """
    return "--" + name.replace("_", "-")


@dataclass(frozen=True)
class Typed:
    """A field's reader as an argparse type: its ``InputError`` as argparse's one-line
    error; ``spec`` is the field read (so that tools can tell what values it takes)."""

    spec: Param
    read: Callable[[str], Any]

    def __call__(self, text: str) -> Any:
        try:
            return self.read(text)
        except InputError as error:
            raise argparse.ArgumentTypeError(str(error)) from None


def _metavar(spec: Param) -> str | None:
    if spec.metavar is not None:
        return spec.metavar
    if spec.choices is not None and not spec.many:
        return "{" + ",".join(spec.choices) + "}"
    return None


def _add(target: Any, name: str, spec: Param, default: Any) -> None:
    """Add the field ``name`` to ``target``, a parser or one of its groups."""
    spec = replace(spec, help=spec.help.replace("%", "%%"))  # argparse formats help with %
    if spec.positional:
        one = Typed(spec, spec.read_one)
        if spec.required:
            many = {"nargs": "+"} if spec.many else {}
            target.add_argument(name, type=one, metavar=spec.metavar, help=spec.help, **many)
            return
        target.add_argument(
            name, nargs="?", action=_Once, type=one, metavar=spec.metavar, help=spec.help
        )
        spec = replace(spec, help=f"the same as {spec.metavar}")
    names = [option(name)] + ([spec.alias] if spec.alias else [])
    if spec.alias:  # the player's alias first: it is the one the examples use
        names.reverse()
    if spec.kind == "boolean" and not spec.optional_value:
        # A field on by default keeps its own name too, unlisted: the off flag is the one
        # a player needs.
        said = argparse.SUPPRESS if default is True else spec.help
        target.add_argument(
            *names, dest=name, action="store_const", const=True, default=default, help=said
        )
        if spec.off is not None:
            said = spec.help if default is True else f"the opposite of {names[0]}"
            target.add_argument(
                spec.off, dest=name, action="store_const", const=False, default=default,
                help=said,
            )  # fmt: skip
        return
    keywords: dict[str, Any] = {"dest": name, "default": default, "help": spec.help}
    keywords["metavar"] = _metavar(spec)
    read = spec.read if spec.many else spec.read_one
    if spec.optional_value:
        keywords |= {"nargs": "?", "const": True}
    if spec.repeat:
        keywords |= {"action": "append", "default": None}
    if spec.required:
        keywords["required"] = True
    if spec.positional:
        keywords["action"] = _Once
    target.add_argument(*names, type=Typed(spec, read), **keywords)


class _Once(argparse.Action):
    """Store a field that may be given by position or by its option, but only once."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        if values is None:  # the position left empty: argparse still calls its action
            return
        if getattr(namespace, self.dest) is not None:
            parser.error(f"{self.metavar} is given twice: by position or as an option, not both")
        setattr(namespace, self.dest, values)


def add_request_options(parser: argparse.ArgumentParser, request: type[Any]) -> None:
    """The request's fields as ``parser``'s options, in the sections their groups name
    (positionals first, as the usage line shows them)."""
    groups: dict[str, Any] = {}
    fields = declared(request)
    for name, spec, default in sorted(fields, key=lambda f: not f[1].positional):
        if spec.positional or not spec.group:
            target: Any = parser
        else:
            if spec.group not in groups:
                groups[spec.group] = parser.add_argument_group(spec.group)
            target = groups[spec.group]
        _add(target, name, spec, default)


def request_of(request: type[Any], args: argparse.Namespace) -> Any:
    """The request the parsed ``args`` describe."""
    values = {}
    for name, spec, _ in declared(request):
        value = getattr(args, name)
        if spec.repeat and value is not None:
            value = ",".join(value)
        elif isinstance(value, list):
            value = tuple(value)
        values[name] = value
    return request(**values)
