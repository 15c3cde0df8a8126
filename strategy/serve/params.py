"""The API's parameters: one table says which parameters of which capability each endpoint
takes.

An endpoint answers one capability of :mod:`strategy.risk` (the ``strategy risk`` command of
the same name answers it too); a query parameter is one of the parameters the library
declares for it (:data:`strategy.params.commands.CAPABILITIES`), named by the parameter's
destination (``--attacker-dice`` is ``attacker_dice``). The query becomes an argument list
that the declared parser checks, so the API accepts exactly what the command accepts and
refuses the rest in the command's words, with each option named as the API names it. Types,
defaults, choices and help texts come from the declarations too: the page's form and the
OpenAPI document are built from them, and a new parameter added to ``PARAMS`` and an
endpoint's list appears in all three at once.

>>> validate("odds", [("attackers", "10"), ("defenders", "6"), ("choice", "sees-roll")])["choice"]
'sees-roll'
>>> validate("odds", [("attackers", "10"), ("defenders", "6"), ("attacker_dice", "0")])
Traceback (most recent call last):
...
strategy.serve.params.BadRequest: attacker_dice: '0' must be at least 1
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, NoReturn

from strategy.engine.errors import echo
from strategy.params import nonnegative_int, positive_int, yes_no
from strategy.params.commands import CAPABILITIES
from strategy.risk.rules import EDITION_FIELDS, MODIFIERS


class BadRequest(ValueError):
    """A request the API refuses: one clear message, HTTP 422."""


@dataclass(frozen=True)
class Param:
    """One query parameter: the option it names, and how the page's form shows it.

    ``page_default`` is what the form starts with when it should differ from the command's
    default (the page asks for floats, which answer fast at any size).
    """

    name: str
    label: str
    group: str
    form: bool = True
    page_default: str | None = None
    suggestions: tuple[str, ...] = ()


#: Every parameter of every endpoint, in the order the form shows them.
PARAMS: dict[str, Param] = {
    p.name: p
    for p in (
        Param("attackers", "Attacking armies", "battle", page_default="5"),
        Param("defenders", "Defending armies", "battle", page_default="3"),
        Param("choice", "Choice rule", "play", page_default="max"),
        Param(
            "objective",
            "Objective",
            "play",
            suggestions=("capture", "signed", "keep:3", "balance:2"),
        ),
        Param("allow_stop", "The attacker may stop", "play"),
        Param("target", "Target P(capture)", "need", page_default="0.8"),
        Param("leave", "Armies left in each territory taken", "chain"),
        Param("edition", "Edition", "rules"),
        Param("attacker_dice", "Attacker's dice", "rules"),
        Param("defender_dice", "Defender's dice", "rules"),
        Param("attacker_sides", "Sides of the attacker's dice", "rules"),
        Param("defender_sides", "Sides of the defender's dice", "rules"),
        Param("ties", "Ties go to", "rules"),
        Param("stay_behind", "Armies that stay behind", "rules"),
        Param("count", "A counts", "rules"),
        Param("capital", "The defender is on a capital", "rules"),
        Param("wall", "The attack crosses a wall", "rules"),
        Param("zombie_defender", "The defender is a zombie", "rules"),
        Param("zombie_attacker", "The attacker is a zombie", "rules"),
        Param("dice", "Dice", "blitz"),
        Param("stop_until", "Stop until S armies stay home", "blitz"),
        Param("retreat_at", "Retreat at K armies", "blitz"),
        Param("balance", "Balanced Blitz's constants", "blitz", form=False),
        Param("exact", "Exact fractions", "output", page_default="false"),
        Param("move_in", "Armies moved in after a capture", "plan"),
        Param("no_disputed", "Classic board without New Guinea-Western Australia", "plan"),
        Param("attacker", "The attacker's territories", "plan", form=False),
        Param("region", "More territories in play", "plan", form=False),
        Param("max_states", "Most states", "plan", form=False),
        Param("detail", "Lines shown down to P", "plan", form=False),
        Param("no_compare", "Skip the fixed chains", "plan", form=False),
        Param("reinforce", "New armies the attacker places first", "plan"),
        Param("reinforce_on", "Where the new armies may go", "plan"),
        Param("armies", "Fortify: armies the defender places", "plan"),
        Param("at_least", "At least K left", "tails", form=False),
        Param("at_most", "Defender at most K", "tails", form=False),
        Param("metric", "Metric", "table", form=False),
    )
}

RULES = ("edition", *EDITION_FIELDS, *MODIFIERS)
PLAY = ("choice", "objective", "allow_stop")
BLITZ = ("dice", "balance", "stop_until", "retreat_at")
#: The plan's options that name no file and start no simulation.
PLAN = (
    "attacker",
    "defenders",
    "target",
    "region",
    "no_disputed",
    "objective",
    "move_in",
    "exact",
    "max_states",
    "detail",
    "no_compare",
    "reinforce",
    "reinforce_on",
)
#: What fortify takes: the plan's position (its ``defenders`` fixed) and how the attacker
#: plans, and the defender's armies; none of what only shows a plan.
FORTIFY = (*PLAN[:3], "armies", *(p for p in PLAN[3:] if p not in ("detail", "no_compare")))


@dataclass(frozen=True)
class Endpoint:
    """``/api/<name>``: the command that answers the same (its last word names the
    capability), and the parameters of that capability the endpoint takes."""

    name: str
    command: tuple[str, ...]
    params: tuple[str, ...]

    @property
    def capability(self) -> str:
        """The name of the capability in :data:`strategy.params.commands.CAPABILITIES`."""
        return self.command[-1]


ENDPOINTS: dict[str, Endpoint] = {
    e.name: e
    for e in (
        Endpoint(
            "odds",
            ("risk", "odds"),
            ("attackers", "defenders", *PLAY, "exact", "at_least", "at_most", *RULES, *BLITZ),
        ),
        Endpoint(
            "table",
            ("risk", "table"),
            ("attackers", "defenders", "metric", *PLAY, "exact", *RULES, *BLITZ),
        ),
        Endpoint(
            "strategy",
            ("risk", "strategy"),
            ("attackers", "defenders", *PLAY, "exact", *RULES),
        ),
        Endpoint(
            "chain",
            ("risk", "chain"),
            ("attackers", "defenders", "leave", "exact", *RULES, "dice", "balance"),
        ),
        Endpoint(
            "need",
            ("risk", "need"),
            ("defenders", "target", *PLAY, "leave", "exact", *RULES, *BLITZ[:3]),
        ),
        Endpoint(
            "left",
            ("risk", "left"),
            ("attackers", "defenders", "at_least", "at_most", *RULES, *BLITZ),
        ),
        Endpoint("plan", ("risk", "plan"), (*PLAN, *RULES)),
        Endpoint("fortify", ("risk", "fortify"), (*FORTIFY, *RULES)),
    )
}

TRUE, FALSE = ("true", "1", "yes", "on"), ("false", "0", "no", "off")


class _ApiParser(argparse.ArgumentParser):
    """A capability's declared parser, raising its error message instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise BadRequest(message)


@cache
def endpoint_parser(name: str) -> argparse.ArgumentParser:
    """The parser of the endpoint's capability, from the library's declaration (the one the
    command builds its parser from)."""
    endpoint = ENDPOINTS[name]
    parser = _ApiParser(prog=f"strategy {' '.join(endpoint.command)}", add_help=False)
    CAPABILITIES[endpoint.capability].declare(parser)
    return parser


def summary(name: str) -> str:
    """The endpoint's one-line summary: its capability's (the command's ``--help`` line).

    >>> summary("need")
    'minimum troops: the fewest attacking armies with P(capture) >= a target'
    """
    return CAPABILITIES[ENDPOINTS[name].capability].summary


def _actions(endpoint: Endpoint) -> dict[str, list[argparse.Action]]:
    """The parser's actions for each of the endpoint's parameters (``exact`` may have two:
    ``--exact`` and ``--float``)."""
    found: dict[str, list[argparse.Action]] = {name: [] for name in endpoint.params}
    for action in endpoint_parser(endpoint.name)._actions:
        if action.dest in found:
            found[action.dest].append(action)
    missing = [name for name, actions in found.items() if not actions]
    assert not missing, f"{endpoint.command} has no option for {missing}"
    return found


def _is_flag(actions: list[argparse.Action]) -> bool:
    return all(isinstance(a.const, bool) and a.nargs == 0 for a in actions)


def to_argv(name: str, given: Mapping[str, str]) -> list[str]:
    """The capability's arguments for a query.

    Options are written ``--option=value`` and positionals after ``--``, so that no value,
    whatever it holds, can be read as another option.

    >>> to_argv("chain", {"attackers": "10", "defenders": "3,2", "exact": "false"})
    ['--float', '--', '10', '3', '2']
    """
    endpoint = ENDPOINTS[name]
    actions = _actions(endpoint)
    options: list[str] = []
    positionals: list[str] = []
    for key, text in given.items():
        if key not in actions:
            known = ", ".join(endpoint.params)
            raise BadRequest(f"unknown parameter {echo(key)} for /api/{name}; it takes {known}")
        found = actions[key]
        if _is_flag(found):
            value = _boolean(key, text)
            if value != found[0].default:
                options.append(next(a for a in found if a.const == value).option_strings[0])
        elif not found[0].option_strings:
            positionals += text.split(",") if found[0].nargs == "+" else [text]
        else:
            options.append(f"{found[0].option_strings[0]}={text}")
    return [*options, "--", *positionals] if positionals else options


def _boolean(key: str, text: str) -> bool:
    if text.strip().lower() in TRUE:
        return True
    if text.strip().lower() in FALSE:
        return False
    raise BadRequest(f"{key}: {echo(text)} is not true or false")


def validate(name: str, query: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """The endpoint's parameters, checked and converted by its capability's declared parser
    (the command's); every parameter is present, with its default where the query left it
    out."""
    given: dict[str, str] = {}
    for key, text in query:
        if key in given:
            raise BadRequest(f"give {echo(key)} once, not several times")
        given[key] = text
    endpoint = ENDPOINTS[name]
    try:
        parsed = endpoint_parser(endpoint.name).parse_args(to_argv(name, given))
    except BadRequest as error:
        raise BadRequest(api_words(endpoint, str(error))) from None
    values = {key: getattr(parsed, key) for key in endpoint.params}
    # Tuples, so that the values can key a cache.
    return {key: tuple(v) if isinstance(v, list) else v for key, v in values.items()}


def query_text(value: Any) -> str:
    """A validated value as query text again: ``validate`` reads it back unchanged.

    >>> query_text((6, 8, 6)), query_text(False), query_text(7)
    ('6,8,6', 'false', '7')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return ",".join(map(str, value))
    return str(value)


def api_words(endpoint: Endpoint, message: str) -> str:
    """The command's error message, naming each option as the API names it.

    >>> api_words(ENDPOINTS["odds"], "argument --defender-dice: 'x' is not a whole number")
    "defender_dice: 'x' is not a whole number"
    >>> api_words(ENDPOINTS["odds"], "the exact odds need 9 GiB; use --float")
    'the exact odds need 9 GiB; use exact=false'
    """
    names: dict[str, str] = {}
    for key, actions in _actions(endpoint).items():
        for action in actions:
            spelled = "/".join(action.option_strings) or str(action.metavar or key)
            flag = f"={query_text(action.const)}" if _is_flag(actions) else ""
            names[spelled] = key + flag
            names.update((option, key + flag) for option in action.option_strings)
    head, colon, rest = message.partition(": ")
    if head.startswith("argument ") and head[9:] in names:
        message = f"{names[head[9:]].partition('=')[0]}: {rest}"
    elif colon and head == "the following arguments are required":
        message = f"{head}: {', '.join(names.get(m, m) for m in rest.split(', '))}"
    return re.sub(r"--[a-z][a-z-]*", lambda m: names.get(m.group(), m.group()), message)


@dataclass(frozen=True)
class ParamInfo:
    """One parameter of one endpoint, as its capability's declaration describes it."""

    name: str
    kind: str
    required: bool
    default: Any
    minimum: int | None
    choices: tuple[str, ...] | None
    help: str


def describe(name: str) -> tuple[ParamInfo, ...]:
    """The endpoint's parameters: kind (``integer``, ``boolean``, ``string`` or ``list`` of
    whole numbers), default, least value, choices and the command's help text.

    >>> [p.kind for p in describe("chain")][:3]
    ['integer', 'list', 'integer']
    """
    infos = []
    for key, actions in _actions(ENDPOINTS[name]).items():
        first = actions[0]
        minimum = 1 if first.type is positive_int else 0 if first.type is nonnegative_int else None
        kind = "integer" if minimum is not None else "string"
        if _is_flag(actions) or first.type is yes_no:
            kind = "boolean"
        elif first.nargs == "+":
            kind = "list"
        helps = [a.help for a in actions if a.help]
        infos.append(
            ParamInfo(
                name=key,
                kind=kind,
                required=not first.option_strings or first.required,
                default=None if first.default is argparse.SUPPRESS else first.default,
                minimum=minimum,
                choices=tuple(map(str, first.choices)) if first.choices else None,
                help=api_words(ENDPOINTS[name], "; ".join(helps).replace("%%", "%")),
            )
        )
    return tuple(infos)
