"""One battle as requests: its odds and the armies left at its end; each with the function
that answers it through the library (:mod:`strategy.risk`), in the library's words, and the
fields other requests share (a battle's ``A D``, the tails, exactness). The grids of battles
are in :mod:`~strategy.risk.requests.grids`, the paths in :mod:`~strategy.risk.requests.paths`:
a command loads only the requests it answers.

>>> answer = run_left(Left(attackers=3, defenders=1, at_least=3))
>>> answer.to_json()["capture_with_at_least"][0]["probability_exact"]  # (5/6)^3 (sipolac/risk)
'125/216'
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
    asked,
    battle_of,
    fought,
    play_asked,
    rules_of,
)

if TYPE_CHECKING:
    from strategy.risk.capabilities import Left as LeftAnswer
    from strategy.risk.kernels.geometry import Progress
    from strategy.risk.results import BattleOdds

BATTLE = "the battle"
SHOWN = "what is computed"
NOT_WITH_PLAY = "not with --choice, --objective or --no-stop"

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
_TAIL = {"kind": "integer", "minimum": 0, "metavar": "K", "group": SHOWN}
#: The tails of a battle's end, which ``odds`` shows as well and ``left`` alone.
AT_LEAST = "P(capture with at least K armies left in the attacking territory)"
AT_MOST = "P(the defender is worn down to at most K armies; 0 is a capture)"
_AT_LEAST = {"label": "At least K left", **_TAIL}
_AT_MOST = {"label": "Defender at most K", **_TAIL}
FLOAT = {"kind": "boolean", "off": "--float", "label": "Exact fractions", "group": SHOWN,
         "form": True, "page_default": "false"}  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class Odds(PlayTerms, RuleTerms, BlitzDice, StopUntil, RetreatAt):
    """One battle's odds: P(capture), armies left and every final state; under optimal
    play (a choice rule, an objective, no stopping) its value and both sides' first
    choices."""

    attackers: int = param(**ATTACKERS)
    defenders: int = param(**DEFENDERS)
    exact: bool | None = param(
        None, help="print the exact fractions beside the decimals (odds are exact by default "
        "and --json always has the fractions, as *_exact; --float: floats only, faster for "
        "huge battles; Balanced Blitz: balance the exact true-random distribution, by default "
        "only up to 1000 armies)", **FLOAT,
    )  # fmt: skip
    at_least: int | None = param(None, help=f"also {AT_LEAST}", **_AT_LEAST)
    at_most: int | None = param(None, help=f"also {AT_MOST}", **_AT_MOST)


def run_odds(request: Odds, progress: Progress | None = None) -> BattleOdds:
    """One battle: as its resolution fights it (the plain battle's too), or under the
    optimal play asked for (the classic kernels' where nobody has a real choice)."""
    from strategy.risk import api
    from strategy.risk.variants.blitz import fight_odds

    battle = fought(request, battle_of(request))
    asked = play_asked(request)
    if asked and (request.at_least is not None or request.at_most is not None):
        raise InputError(f"--at-least and --at-most describe the classic battle: {NOT_WITH_PLAY}")
    a, d = request.attackers, request.defenders
    if not battle.plain:
        if asked:
            raise InputError(f"{battle.resolution.describe()}: {NOT_WITH_PLAY}")
        try:
            return fight_odds(a, d, battle, exact=request.exact, progress=progress)
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
class Left(RuleTerms, BlitzDice, StopUntil, RetreatAt):
    """P(capture with at least K armies left) and P(the defender worn down to at most K)."""

    attackers: int = param(**ATTACKERS)
    defenders: int = param(**DEFENDERS)
    at_least: int | None = param(None, help=f"only {AT_LEAST}", **_AT_LEAST)
    at_most: int | None = param(None, help=f"only {AT_MOST}", **_AT_MOST)


def run_left(request: Left, progress: Progress | None = None) -> LeftAnswer:
    """The armies-left tails of one battle."""
    from strategy.risk.capabilities import left

    battle = fought(request, Battle(rules_of(request)))
    try:
        return left(**asked(request), battle=battle, progress=progress)
    except TooLarge as error:
        raise InputError(f"{error}; use --float") from None
