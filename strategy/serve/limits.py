"""What one request may ask of a shared server, checked before any work.

The command line refuses only what this machine's memory cannot hold; a server shared by
many players refuses much less, so that every answer comes in seconds. Each computation is
measured in the unit its time grows with (states of a battle, cells of an optimal-play
grid, characters of a table's JSON), and a request over the limit is refused with the
amount it would need. The time limit of :mod:`strategy.serve.pool` stops what these
estimates let through and still runs long.

>>> from strategy.serve.params import validate
>>> cost("odds", validate("odds", [("attackers", "2000"), ("defenders", "2000")]), Limits())
Traceback (most recent call last):
...
strategy.serve.limits.TooLargeRequest: the exact odds of 2000 v 2000 would visit 4,004,001 \
states; this server allows 251,001 per request (ask for exact=false, or run `strategy risk \
odds` on your own machine, which has no such limit)
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from strategy.params.calls import grid_size
from strategy.params.risk import battle_from_args, path_rules, rules_from_args
from strategy.risk.battle import Battle
from strategy.risk.classic import output_chars
from strategy.risk.rules import Rules
from strategy.serve.params import ENDPOINTS, PLAY, RULES

#: The endpoints that plan a turn, and search placements when asked.
PLANS = ("plan", "fortify")


@dataclass(frozen=True)
class Limits:
    """The most one request may need, in each computation's unit (each about a second of
    work on one core)."""

    #: The classic battle in exact fractions: (A + 1)(D + 1) states (500 v 500).
    exact_states: int = 251_001
    #: The classic battle in floats, memory and time growing with A + D armies.
    float_armies: int = 400_000
    #: Optimal play in exact fractions: (A + 1)(D + 1) cells (100 x 100).
    optimal_exact_cells: int = 10_201
    #: Optimal play in floats (1000 x 1000).
    optimal_float_cells: int = 1_002_001
    #: A strategy matrix's cells: each is a few hundred bytes to 2 KB of JSON.
    strategy_cells: int = 2_500
    #: A table's JSON, as ``strategy risk table`` estimates it.
    table_chars: int = 16 * 1024**2
    #: A chain: up to A + 1 battles of up to (A + 1)(D + 1) states per territory.
    chain_exact_states: int = 2_000_000
    chain_float_states: int = 50_000_000
    #: A turn plan's states (the plan refuses more itself, with the bound it found).
    plan_states: int = 100_000
    #: The estimated seconds of a placement search (a plan's reinforcements, a
    #: fortification): the library refuses a longer one before planning, with the number
    #: of placements and plans. Half the server's default time limit.
    placement_seconds: float = 5.0
    #: The JSON of any answer, checked once it is computed.
    response_bytes: int = 16 * 1024**2


class TooLargeRequest(ValueError):
    """A request over a limit: the message says what it would need."""

    def __init__(self, message: str, needed: int, limit: int) -> None:
        super().__init__(message)
        self.needed = needed
        self.limit = limit


@dataclass(frozen=True)
class Cost:
    """What a request needs, and the share of its limit: ``load`` near 1 is a heavy job."""

    needed: int
    limit: int

    @property
    def load(self) -> float:
        return self.needed / self.limit


def _admit(name: str, what: str, needed: int, unit: str, limit: int, exact: bool = False) -> Cost:
    """``what`` ends in a verb: "the exact odds of 9 v 9 would visit" 100 "states"."""
    if needed <= limit:
        return Cost(needed, limit)
    command = " ".join(ENDPOINTS[name].command)
    hint = "ask for exact=false, or " if exact and "exact" in ENDPOINTS[name].params else ""
    raise TooLargeRequest(
        f"{what} {needed:,} {unit}; this server allows {limit:,} per request "
        f"({hint}run `strategy {command}` on your own machine, which has no such limit)",
        needed,
        limit,
    )


def _battle_of(values: Mapping[str, Any], rules: Rules) -> Battle:
    return battle_from_args(argparse.Namespace(**values), values.get("metric"), rules)


def _cells(attackers: int, defenders: int) -> int:
    return (attackers + 1) * (defenders + 1)


def _optimal(name: str, what: str, cells: int, exact: bool, limits: Limits) -> Cost:
    kind = "exact" if exact else "float"
    limit = limits.optimal_exact_cells if exact else limits.optimal_float_cells
    what = f"{what} under optimal play ({kind}) would fill"
    return _admit(name, what, cells, "cells", limit, exact)


def _battle(name: str, a: int, d: int, exact: bool, limits: Limits, what: str = "") -> Cost:
    if exact:
        what = f"{what or f'the exact odds of {a} v {d}'} would visit"
        return _admit(name, what, _cells(a, d), "states", limits.exact_states, True)
    what = f"{what or f'the float odds of {a} v {d}'} would push"
    return _admit(name, what, a + d, "armies", limits.float_armies)


def _chain(name: str, a: int, path: tuple[int, ...], exact: bool, limits: Limits) -> Cost:
    states = (a + 1) * sum(_cells(a, d) for d in path)
    limit = limits.chain_exact_states if exact else limits.chain_float_states
    what = f"a chain of {a} armies against {', '.join(map(str, path))} would visit"
    return _admit(name, what, states, "states", limit, exact)


def bounded(name: str, values: Mapping[str, Any], limits: Limits) -> dict[str, Any]:
    """The values with this server's own caps where the command takes one: a plan's
    ``max_states`` (the command then refuses a larger turn with the bound it found)."""
    if name in PLANS and values["max_states"] is None:
        return {**values, "max_states": limits.plan_states}
    return dict(values)


def seconds(name: str, limits: Limits) -> float | None:
    """The time budget the library checks its own estimate against, for the endpoints
    that search placements (``None``: the time limit of the pool alone)."""
    return limits.placement_seconds if name in PLANS else None


def cost(name: str, values: Mapping[str, Any], limits: Limits) -> Cost:
    """What the request needs; ``TooLargeRequest`` if over a limit, ``ValueError`` (the
    command's words) for rules or options the command would refuse."""
    if name in PLANS:
        asked = values["max_states"] or limits.plan_states
        what = "max_states asks for a plan of up to"
        return _admit(name, what, asked, "states", limits.plan_states)
    if name in ("chain", "need"):
        rules = path_rules(argparse.Namespace(**values), len(values["defenders"]))[0]
    else:
        rules = rules_from_args(argparse.Namespace(**{k: values[k] for k in RULES}))
    battle = _battle_of(values, rules) if set(PLAY) <= values.keys() else None
    # The commands' exact=None: exact by default (for a plan, a blitz: up to a size).
    exact = values.get("exact") is not False
    if name == "chain":
        return _chain(name, values["attackers"], values["defenders"], exact, limits)
    if name == "need":
        return _need(values["defenders"], battle, exact, limits)
    a, d = values["attackers"], values["defenders"]
    if name in ("table", "strategy"):
        a, d = grid_size(argparse.Namespace(**values))
    if name == "left":
        return _battle(name, a, d, True, limits)
    assert battle is not None
    if name == "odds":
        if battle.classic:  # the classic kernel answers, asked for optimal play or not
            return _battle(name, a, d, exact, limits)
        return _optimal(name, f"the odds of {a} v {d}", _cells(a, d), exact, limits)
    if name == "strategy":
        matrix = f"a {a} x {d} strategy matrix"
        _admit(name, f"{matrix} would have", a * d, "cells", limits.strategy_cells)
        return _optimal(name, f"a {a} x {d} strategy matrix", _cells(a, d), exact, limits)
    chars = output_chars(a, d, rules, "json", exact)
    what = f"a {a} x {d} table as JSON would take"
    shown = _admit(name, what, chars, "characters", limits.table_chars)
    if battle.classic:
        return shown
    return _optimal(name, f"a {a} x {d} table", _cells(a, d), exact, limits)


def _need(path: tuple[int, ...], battle: Battle | None, exact: bool, limits: Limits) -> Cost:
    """The search for the fewest armies fights battles up to about twice the defenders;
    the time limit catches a target so close to 1 that it needs more."""
    guess = 2 * sum(path) + 10
    if len(path) > 1:
        return _chain("need", guess, path, exact, limits)
    what = f"finding the fewest armies against {path[0]} (battles of about {guess} v {path[0]})"
    if battle is not None and (not battle.choice.fixed or battle.objective.kind != "capture"):
        return _optimal("need", what, _cells(guess, path[0]), exact, limits)
    return _battle("need", guess, path[0], exact, limits, what)
