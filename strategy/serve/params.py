"""The API's parameters: each endpoint is a capability of :mod:`strategy.risk`, and its
query parameters are the fields of the capability's request, named as the library names
them (:data:`strategy.risk.requests.CAPABILITIES`).

A query is validated into the request itself, field by field, by the readers the
declaration gives (:meth:`~strategy.engine.fields.Param.read`), so the API accepts exactly
what the library's request holds and refuses the rest in the library's words; the checks
across fields are the library's, made when the request is answered. Types, defaults,
choices and help come from the same declaration: the page's form and the OpenAPI document
are built from them.

>>> validate("odds", [("attackers", "10"), ("defenders", "6"), ("choice", "sees-roll")]).choice
'sees-roll'
>>> validate("odds", [("attackers", "10"), ("defenders", "6"), ("attacker_dice", "0")])
Traceback (most recent call last):
...
strategy.serve.params.BadRequest: attacker_dice: '0' must be at least 1
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from strategy.engine.errors import InputError, cut_quotations, echo
from strategy.engine.fields import Param
from strategy.risk.requests import CAPABILITIES
from strategy.risk.requests.terms import declared

#: Every endpoint: one per capability.
ENDPOINTS = tuple(CAPABILITIES)


class BadRequest(ValueError):
    """A request the API refuses: one clear message, HTTP 422."""


def fields(name: str) -> list[tuple[str, Param, Any]]:
    """The endpoint's parameters: its capability's request fields, with their defaults."""
    return declared(CAPABILITIES[name].request)


def validate(name: str, query: Iterable[tuple[str, str]]) -> Any:
    """The endpoint's request for ``query``: every parameter read by its field's reader,
    the others at their defaults (``BadRequest`` naming the parameter, in the library's
    words, for a value the field cannot hold, an unknown or repeated parameter, or a
    required one left out)."""
    declared_here = {key: spec for key, spec, _ in fields(name)}
    values: dict[str, Any] = {}
    for key, text in query:
        if key not in declared_here:
            known = ", ".join(declared_here)
            raise BadRequest(f"unknown parameter {echo(key)} for /api/{name}; it takes {known}")
        if key in values:
            raise BadRequest(f"give {echo(key)} once, not several times")
        try:
            values[key] = declared_here[key].read(text)
        except InputError as error:
            raise BadRequest(f"{key}: {error}") from None
    missing = [key for key, spec in declared_here.items() if spec.required and key not in values]
    if missing:
        said = "; ".join(f"{key} ({declared_here[key].help})" for key in missing)
        raise BadRequest(f"give {said}")
    return CAPABILITIES[name].request(**values)


def summary(name: str) -> str:
    """The endpoint's one-line summary: its capability's (the command's ``--help`` line).

    >>> summary("need")
    'minimum troops: the fewest attacking armies with P(capture) >= a target'
    """
    return CAPABILITIES[name].summary


@cache
def _names(name: str) -> dict[str, str]:
    """Each command-line spelling the library's messages may use, as the API names it."""
    spelled: dict[str, str] = {}
    for key, spec, _ in fields(name):
        spelled["--" + key.replace("_", "-")] = key
        if spec.alias:
            spelled[spec.alias] = key
        if spec.off:
            spelled[spec.off] = f"{key}=false"
    return spelled


def api_words(name: str, message: str) -> str:
    """A message in the API's words: each option named as the API names it, each quoted
    value cut to :data:`~strategy.engine.errors.ECHO_LIMIT` characters.

    >>> api_words("odds", "the exact odds need 9 GiB; use --float")
    'the exact odds need 9 GiB; use exact=false'
    """
    spelled = _names(name)
    message = re.sub(r"--[a-z][a-z-]*", lambda m: spelled.get(m.group(), m.group()), message)
    return cut_quotations(message)


@dataclass(frozen=True)
class ParamInfo:
    """One parameter of one endpoint, as its field's declaration describes it."""

    name: str
    kind: str
    item: str
    required: bool
    default: Any
    minimum: int | None
    choices: tuple[str, ...] | None
    help: str
    label: str
    group: str
    form: bool
    page_default: str | None
    suggestions: tuple[str, ...]


def describe(name: str) -> tuple[ParamInfo, ...]:
    """The endpoint's parameters: kind (``integer``, ``number``, ``boolean``, ``string``,
    or ``list`` of whole numbers or text), default, least value, choices and help.

    >>> [p.kind for p in describe("chain")][:3]
    ['integer', 'list', 'integer']
    """
    return tuple(
        ParamInfo(
            name=key,
            kind="list" if spec.many else spec.kind,
            item=spec.kind,
            required=spec.required,
            default=default,
            minimum=spec.minimum,
            choices=spec.choices,
            help=api_words(name, spec.help),
            label=spec.label or key,
            group=spec.group,
            form=spec.form,
            page_default=spec.page_default,
            suggestions=spec.suggestions,
        )
        for key, spec, default in fields(name)
    )
