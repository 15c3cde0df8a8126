"""The battle questions as requests: one battle's odds, a table, a strategy matrix, the
armies left, an attack chain and the fewest troops; each with the function that answers
it through the library (:mod:`strategy.risk`), in the library's words.

>>> answer = run_chain(Chain(attackers=3, defenders=(1,)))
>>> answer.to_json()["win_probability_exact"]  # 3 v 1 wins 1955/2592
'1955/2592'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from strategy.engine.errors import InputError
from strategy.engine.fields import param
from strategy.engine.resources import TooLarge
from strategy.risk.battle import Battle
from strategy.risk.requests.terms import (
    BlitzDice,
    PlayTerms,
    RetreatAt,
    RuleTerms,
    StopUntil,
    battle_of,
    fought,
    path_rules,
    play_asked,
    rules_of,
)

if TYPE_CHECKING:
    from strategy.risk.capabilities import Left as LeftAnswer
    from strategy.risk.capabilities import Needed
    from strategy.risk.kernels.geometry import Progress
    from strategy.risk.paths import ChainOdds
    from strategy.risk.play.matrices import StrategyMatrix
    from strategy.risk.results import BattleOdds
    from strategy.risk.tables import BattleTable

#: Rows and columns of a grid nobody asked the size of: seed 000's table.
DEFAULT_SIZE = 20
#: The classic table's metrics: one more way to name what a cell holds.
METRICS = ("capture", "signed", "attacker-left", "defender-left")
BATTLE = "the battle"
SHOWN = "what is computed"
_NOT_WITH_PLAY = "not with --choice, --objective or --no-stop"

ATTACKERS = {
    "help": "armies in the attacking territory (see --count)", "label": "Attacking armies",
    "kind": "integer", "minimum": 0, "metavar": "A", "positional": True, "group": BATTLE,
    "form": True, "page_default": "5",
}  # fmt: skip
DEFENDERS = {
    "help": "armies in the defending territory", "label": "Defending armies",
    "kind": "integer", "minimum": 0, "metavar": "D", "positional": True, "group": BATTLE,
    "form": True, "page_default": "3",
}  # fmt: skip
_PATH = {
    "label": "Defending armies", "kind": "integer", "minimum": 1, "many": True, "metavar": "D",
    "positional": True, "group": BATTLE, "form": True,
}  # fmt: skip
_TAIL = {"kind": "integer", "minimum": 0, "metavar": "K", "group": SHOWN}
_FLOAT = {"kind": "boolean", "off": "--float", "label": "Exact fractions", "group": SHOWN,
          "form": True, "page_default": "false"}  # fmt: skip
_ROWS = {"kind": "integer", "minimum": 1, "metavar": "N", "group": BATTLE}


@dataclass(frozen=True, kw_only=True)
class Odds(PlayTerms, RuleTerms, BlitzDice, StopUntil, RetreatAt):
    """One battle's odds: P(capture), armies left and every final state; under optimal
    play (a choice rule, an objective, no stopping) its value and both sides' first
    choices."""

    attackers: int = param(**ATTACKERS)
    defenders: int = param(**DEFENDERS)
    exact: bool | None = param(
        None, help="exact fractions as well as decimals (the default; --float: floats only, "
        "faster for huge battles; Balanced Blitz: balance the exact true-random distribution, "
        "by default only up to 1000 armies)", **_FLOAT,
    )  # fmt: skip
    at_least: int | None = param(
        None, help="also P(capture with at least K armies left in the attacking territory)",
        label="At least K left", **_TAIL,
    )  # fmt: skip
    at_most: int | None = param(
        None, help="also P(the defender is worn down to at most K armies; 0 is a capture)",
        label="Defender at most K", **_TAIL,
    )  # fmt: skip


def run_odds(request: Odds, progress: Progress | None = None) -> BattleOdds:
    """One battle: as its resolution fights it (the plain battle's too), or under the
    optimal play asked for (the classic kernels' where nobody has a real choice)."""
    from strategy.risk import api

    battle = fought(request, battle_of(request))
    asked = play_asked(request)
    if asked and (request.at_least is not None or request.at_most is not None):
        raise InputError(f"--at-least and --at-most describe the classic battle: {_NOT_WITH_PLAY}")
    a, d = request.attackers, request.defenders
    if not battle.plain:
        if asked:
            raise InputError(f"{battle.resolution.describe()}: {_NOT_WITH_PLAY}")
        try:
            return api.fought_odds(a, d, battle, exact=request.exact, progress=progress)
        except TooLarge as error:
            raise InputError(f"{error}; use --float") from None
    exact = request.exact is not False
    try:
        return api.odds(a, d, battle, exact=exact, progress=progress)
    except TooLarge as error:
        if not exact:
            raise
        raise TooLarge(f"{error}; use --float", error.resource) from None


def odds_json(request: Odds, found: BattleOdds) -> Any:
    """The JSON of :func:`run_odds`'s answer: the battle under the optimal play asked for,
    or the fought battle's with the tails asked for."""
    if play_asked(request):
        return found.play_json()
    return found.to_json(at_least=request.at_least, at_most=request.at_most)


@dataclass(frozen=True, kw_only=True)
class Grid:
    """The rows A = 1..max_attackers and columns D = 1..max_defenders of a grid of battles
    (the command line's ``--attackers`` and ``--defenders``)."""

    max_attackers: int | None = param(
        None, help="rows A = 1..N (default 20)", label="Rows", alias="--attackers", **_ROWS
    )
    max_defenders: int | None = param(
        None, help="columns D = 1..M (default 20; on a narrower terminal, as many as fit)",
        label="Columns", alias="--defenders", **{**_ROWS, "metavar": "M"},
    )  # fmt: skip

    @property
    def size(self) -> tuple[int, int]:
        """The rows and columns asked for, :data:`DEFAULT_SIZE` where not given."""
        return self.max_attackers or DEFAULT_SIZE, self.max_defenders or DEFAULT_SIZE


@dataclass(frozen=True, kw_only=True)
class Table(PlayTerms, RuleTerms, BlitzDice, StopUntil, RetreatAt, Grid):
    """A table of battle values: rows A = 1..attackers, columns D = 1..defenders."""

    metric: str | None = param(
        None, help="capture: P(attacker captures) (default); signed: seed 000's expected "
        "outcome; attacker-left / defender-left: expected armies left in the battle fought to "
        "the end with the most dice (the same as --objective for capture and signed)",
        label="Metric", choices=METRICS, group=SHOWN,
    )  # fmt: skip
    exact: bool = param(
        False, help="compute every cell as an exact fraction (JSON/CSV show them)",
        kind="boolean", label="Exact fractions", group=SHOWN,
    )  # fmt: skip


def refuse_play(battle: Battle) -> None:
    """A blitz resolves the battle with the most dice: refuse another choice rule."""
    if not battle.plain and not battle.choice.fixed:
        raise InputError(
            f"{battle.resolution.describe()} is fought with the most dice: --choice is for "
            "manual rolls"
        )


def table_battle(request: Table) -> Battle:
    """The battle of every cell of the table asked for."""
    battle = fought(request, battle_of(request, request.metric))
    refuse_play(battle)
    return battle


def run_table(request: Table, progress: Progress | None = None) -> BattleTable:
    """The table of the grid asked for, as the battle's resolution fights each battle."""
    from strategy.risk import api

    attackers, defenders = request.size
    battle = table_battle(request)
    return api.table(attackers, defenders, battle, exact=request.exact, progress=progress)


@dataclass(frozen=True, kw_only=True)
class Strategy(PlayTerms, RuleTerms, Grid):
    """Optimal play at every state of a grid, as short codes explained in a legend."""

    exact: bool = param(
        False, help="decide with exact fractions (ties exactly; JSON shows exact values)",
        kind="boolean", label="Exact fractions", group=SHOWN,
    )  # fmt: skip


def run_strategy(request: Strategy, progress: Progress | None = None) -> StrategyMatrix:
    """Optimal play at every state of the grid asked for."""
    from strategy.risk import api

    attackers, defenders = request.size
    return api.strategy_matrix(
        attackers, defenders, battle_of(request), exact=request.exact, progress=progress
    )


@dataclass(frozen=True, kw_only=True)
class Left(RuleTerms, BlitzDice, StopUntil, RetreatAt):
    """P(capture with at least K armies left) and P(the defender worn down to at most K)."""

    attackers: int = param(**ATTACKERS)
    defenders: int = param(**DEFENDERS)
    at_least: int | None = param(
        None, help="only P(capture with at least K armies left in the attacking territory)",
        label="At least K left", **_TAIL,
    )  # fmt: skip
    at_most: int | None = param(
        None, help="only P(the defender is worn down to at most K armies; 0 is a capture)",
        label="Defender at most K", **_TAIL,
    )  # fmt: skip


def run_left(request: Left, progress: Progress | None = None) -> LeftAnswer:
    """The armies-left tails of one battle."""
    from strategy.risk.capabilities import left

    battle = fought(request, Battle(rules_of(request)))
    try:
        return left(
            request.attackers,
            request.defenders,
            battle,
            at_least=request.at_least,
            at_most=request.at_most,
            progress=progress,
        )
    except TooLarge as error:
        raise InputError(f"{error}; use --float") from None


_LEAVE = {
    "help": "on a path: armies left behind in each territory taken (default 1)",
    "label": "Armies left in each territory taken", "kind": "integer", "minimum": 1,
    "metavar": "L", "group": BATTLE, "form": True,
}  # fmt: skip
_PATH_EXACT = {"help": "exact fractions (the default; --float: floats only, faster)", **_FLOAT}


@dataclass(frozen=True, kw_only=True)
class Chain(RuleTerms, BlitzDice):
    """Attack a path of territories in turn."""

    PER_TERRITORY = True

    attackers: int = param(**ATTACKERS)
    defenders: tuple[int, ...] = param(help="defenders on the path, in order", **_PATH)
    leave: int = param(1, **_LEAVE)
    exact: bool = param(True, **_PATH_EXACT)


def run_chain(request: Chain, progress: Progress | None = None) -> ChainOdds:
    """A path of territories attacked in turn (``progress`` unused: a chain is quick)."""
    from strategy.risk.capabilities import chain

    rules = path_rules(request, len(request.defenders))
    battle = fought(request, Battle(rules[0]))
    return chain(
        request.attackers,
        request.defenders,
        battle,
        leave=request.leave,
        exact=request.exact,
        path_rules=rules,
    )


@dataclass(frozen=True, kw_only=True)
class Need(PlayTerms, RuleTerms, BlitzDice, StopUntil):
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
    rules = path_rules(request, len(request.defenders))
    battle = fought(request, battle_of(request, rules=rules[0]))
    if not battle.plain and play_asked(request):
        raise InputError(f"{battle.resolution.describe()}: {_NOT_WITH_PLAY}")
    return need(
        request.defenders,
        battle,
        target=target,
        leave=request.leave,
        exact=request.exact,
        path_rules=rules,
        progress=progress,
    )
