"""Every surface of a capability is derived from its one declaration, and they agree.

For each capability of :data:`strategy.risk.requests.CAPABILITIES` this derives, from the
running program rather than from the declarations themselves, the names each surface
uses: the long options of ``strategy risk <name> --help`` (a player's alias such as
``--from`` aside), the parameters of the OpenAPI document and of the page's schema, and
the keywords the Python function of :mod:`strategy.risk` names; and holds them to the
request's fields (the Python keywords all of them, but for the few :data:`SURFACE_ONLY`).
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
from typing import Any

import pytest

from strategy import risk
from strategy.cli.main import build_parser
from strategy.risk.requests import CAPABILITIES
from strategy.risk.requests.terms import declared
from strategy.serve.params import ENDPOINTS
from strategy.serve.schema import openapi, page_schema

#: The Python function of each capability, where its name is not the capability's.
FUNCTIONS = {"strategy": "strategy_matrix"}
#: Keywords a Python function takes beyond its request's fields: the battle, the position
#: and each territory's rules as values (the request holds their terms), the board and a
#: position file's contents (the command reads them from --map and --position files, which
#: the web API does not read), and a progress callback.
VALUES = {"battle", "where", "path_rules", "map", "file", "progress"}
#: Fields the command line and the web API take that the Python function leaves to its
#: result or to another keyword: the tails ``odds`` shows (the result's ``to_json(at_least=,
#: at_most=)``; :func:`strategy.risk.left` answers them) and the classic table's ``metric``
#: (one more name for ``objective``, as the command line offers it).
SURFACE_ONLY = {"odds": {"at_least", "at_most"}, "table": {"metric"}}


def fields(name: str) -> list[str]:
    """The request's fields, in the order its surfaces list them (its own first)."""
    found = [f.name for f in dataclasses.fields(CAPABILITIES[name].request)]
    listed = [key for key, _, _ in declared(CAPABILITIES[name].request)]
    assert sorted(found) == sorted(listed)
    return listed


def command(name: str) -> argparse.ArgumentParser:
    parser = build_parser()
    risk_group = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    group = risk_group.choices["risk"]
    commands = next(a for a in group._actions if isinstance(a, argparse._SubParsersAction))
    found: argparse.ArgumentParser = commands.choices[name]
    return found


def cli_names(name: str) -> set[str]:
    """The fields the command's options and positionals set, by the name spelled: each long
    option ``--x-y`` names ``x_y``; a positional names its destination."""
    names = set()
    for action in command(name)._actions:
        if not action.option_strings:
            names.add(action.dest)
        for spelled in action.option_strings:
            word = spelled.removeprefix("--").replace("-", "_")
            if spelled.startswith("--") and word == action.dest:
                names.add(word)
    return names


@pytest.mark.parametrize("name", sorted(CAPABILITIES))
def test_the_command_line_names_every_field(name: str) -> None:
    # The command adds its own options (output format, files, colour): every field is an
    # option or positional of the same name, and each such option sets its field.
    assert set(fields(name)) <= cli_names(name)
    for action in command(name)._actions:
        for spelled in action.option_strings:
            word = spelled.removeprefix("--").replace("-", "_")
            if word in fields(name):
                assert action.dest == word, (spelled, action.dest)


@pytest.mark.parametrize("name", sorted(CAPABILITIES))
def test_the_api_names_every_field_and_nothing_else(name: str) -> None:
    operation = openapi()["paths"][f"/api/{name}"]["get"]
    assert [p["name"] for p in operation["parameters"]] == fields(name)
    assert page_schema()["endpoints"][name]["params"] == fields(name)


def test_every_capability_has_an_endpoint_and_a_command() -> None:
    assert (
        set(ENDPOINTS)
        == set(CAPABILITIES)
        == {path.removeprefix("/api/") for path in openapi()["paths"]}
    )
    help_text = command("odds").format_help()  # a command per capability, as for odds
    assert "strategy risk odds" in help_text
    for name in CAPABILITIES:
        assert command(name).prog == f"strategy risk {name}"


@pytest.mark.parametrize("name", sorted(CAPABILITIES))
def test_the_python_function_names_every_field(name: str) -> None:
    function: Any = getattr(risk, FUNCTIONS.get(name, name))
    named = set(inspect.signature(function).parameters) - VALUES
    assert named == set(fields(name)) - SURFACE_ONLY.get(name, set())


def test_no_exported_function_hides_keywords() -> None:
    # Every keyword is visible to help() and editors: no **kwargs on an exported function
    # (the capabilities' among them), nor a *args.
    exported = [getattr(risk, name) for name in risk.__all__]
    functions = [f for f in exported if inspect.isfunction(f)]
    capabilities = {getattr(risk, FUNCTIONS.get(name, name)) for name in CAPABILITIES}
    assert capabilities <= set(functions)
    for function in functions:
        kinds = {p.kind for p in inspect.signature(function).parameters.values()}
        assert not kinds & {inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL}, (
            function.__name__
        )


@pytest.mark.parametrize("name", ["plan", "fortify"])
def test_the_turn_functions_name_the_position(name: str) -> None:
    parameters = inspect.signature(getattr(risk, name)).parameters
    assert {"attackers", "defenders", "target"} <= parameters.keys()


def test_the_page_form_fields_are_parameters_of_some_endpoint() -> None:
    every = {f for name in CAPABILITIES for f in fields(name)}
    assert {field["name"] for field in page_schema()["form"]} <= every


@pytest.mark.parametrize(
    ("keywords", "group"),
    [
        ("RuleKeywords", "RuleTerms"),
        ("PlayKeywords", "PlayTerms"),
        ("DiceKeywords", "BlitzDice"),
        ("StopKeyword", "StopUntil"),
        ("RetreatKeyword", "RetreatAt"),
    ],
)
def test_each_group_of_battle_keywords_is_a_group_of_request_fields(
    keywords: str, group: str
) -> None:
    # The Python keywords of the battle's terms are declared once per group, as TypedDicts,
    # beside the requests' own groups of fields: the two name the same terms.
    from strategy.risk import battle
    from strategy.risk.requests import terms

    declared_fields = {f.name for f in dataclasses.fields(getattr(terms, group))}
    assert set(getattr(battle, keywords).__annotations__) == declared_fields


#: The exported functions that take a group of keywords as ``**terms: Unpack[...]``.
def _takes_terms(function: Any) -> bool:
    if not inspect.isfunction(getattr(function, "__wrapped__", function)):
        return False  # a class or a table among the exports
    written = inspect.signature(getattr(function, "__wrapped__", function)).parameters
    return any(p.kind is inspect.Parameter.VAR_KEYWORD for p in written.values())


SPELLED_OUT = sorted(n for n in risk.__all__ if _takes_terms(getattr(risk, n)))


def test_every_capability_takes_its_terms_typed_once() -> None:
    assert {FUNCTIONS.get(name, name) for name in CAPABILITIES} <= set(SPELLED_OUT)


@pytest.mark.parametrize("name", SPELLED_OUT)
def test_spelled_out_keywords_are_the_typed_ones_and_no_others(name: str) -> None:
    # A function that takes **terms: Unpack[SomeTerms] shows SomeTerms' keys in its
    # signature, no more and no fewer, and refuses any other keyword as Python would.
    function: Any = getattr(risk, name)
    *own, rest = inspect.signature(function.__wrapped__).parameters.values()
    typed = function.__wrapped__.__globals__[rest.annotation.removeprefix("Unpack[")[:-1]]
    spelled = set(inspect.signature(function).parameters) - {p.name for p in own}
    assert spelled == set(typed.__annotations__)
    with pytest.raises(TypeError, match=f"{name}\\(\\) got an unexpected keyword argument 'sides'"):
        function(sides=3)
