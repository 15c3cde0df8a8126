"""Paths of territories as requests: an attack chain and the fewest troops for a target;
each with the function that answers it through the library. Their rule fields take one
value or one per territory (``PER_TERRITORY``).

>>> answer = run_chain(Chain(attackers=3, defenders=(1,)))
>>> answer.to_json()["win_probability_exact"]  # 3 v 1 wins 1955/2592
'1955/2592'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategy.engine.errors import InputError
from strategy.engine.fields import param
from strategy.risk.battle import Battle
from strategy.risk.requests import terms
from strategy.risk.requests.battles import ATTACKERS, BATTLE, FLOAT, NOT_WITH_PLAY

if TYPE_CHECKING:
    from strategy.risk.capabilities import Needed
    from strategy.risk.kernels.geometry import Progress
    from strategy.risk.paths import ChainOdds

_PATH = {
    "label": "Defending armies", "kind": "integer", "minimum": 1, "many": True, "metavar": "D",
    "positional": True, "group": BATTLE, "form": True,
}  # fmt: skip
_LEAVE = {
    "help": "on a path: armies left behind in each territory taken (default 1)",
    "label": "Armies left in each territory taken", "kind": "integer", "minimum": 1,
    "metavar": "L", "group": BATTLE, "form": True,
}  # fmt: skip
_PATH_EXACT = {"help": "exact fractions (the default; --float: floats only, faster)", **FLOAT}


@dataclass(frozen=True, kw_only=True)
class Chain(terms.RuleTerms, terms.BlitzDice):
    """Attack a path of territories in turn."""

    PER_TERRITORY = True

    attackers: int = param(**ATTACKERS)
    defenders: tuple[int, ...] = param(help="defenders on the path, in order", **_PATH)
    leave: int = param(1, **_LEAVE)
    exact: bool = param(True, **_PATH_EXACT)


def run_chain(request: Chain, progress: Progress | None = None) -> ChainOdds:
    """A path of territories attacked in turn (``progress`` unused: a chain is quick)."""
    from strategy.risk.capabilities import chain

    rules = terms.path_rules(request, len(request.defenders))
    battle = terms.fought(request, Battle(rules[0]))
    return chain(**terms.asked(request), battle=battle, path_rules=rules)


@dataclass(frozen=True, kw_only=True)
class Need(terms.PlayTerms, terms.RuleTerms, terms.BlitzDice, terms.StopUntil):
    """The fewest attacking armies that capture with at least the target probability."""

    PER_TERRITORY = True

    defenders: tuple[int, ...] = param(
        help="defenders of the territory; several for a path of territories", **_PATH
    )
    target: str = param(
        help="the probability to reach: 0.8, 80% or 4/5", label="Target P(capture)",
        metavar="P", group=BATTLE, form=True, page_default="0.8",
    )  # fmt: skip
    leave: int = param(1, **_LEAVE)
    exact: bool = param(True, **_PATH_EXACT)


def run_need(request: Need, progress: Progress | None = None) -> Needed:
    """The fewest armies that reach the target."""
    from strategy.risk.capabilities import need
    from strategy.risk.fewest import parse_target

    target = parse_target(request.target)
    rules = terms.path_rules(request, len(request.defenders))
    battle = terms.fought(request, terms.battle_of(request, rules=rules[0]))
    if not battle.plain and terms.play_asked(request):
        raise InputError(f"{battle.resolution.describe()}: {NOT_WITH_PLAY}")
    return need(
        request.defenders,
        battle,
        target=target,
        leave=request.leave,
        exact=request.exact,
        path_rules=rules,
        progress=progress,
    )
