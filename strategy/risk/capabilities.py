"""The questions beyond one battle's odds, one library call each: the armies left
(:func:`left`), and their results, each with ``to_json()`` (the CLI's ``--json``).

Each takes the battle as :func:`~strategy.risk.api.odds` does: a
:class:`~strategy.risk.battle.Battle` or plain keywords (``edition="rgd"``,
``dice="balanced-blitz"``, ``stop_until=3``, ``count="attacking"``).

>>> tails = left(3, 1, at_least=3)  # capture with all 3: (5/6)^3 = 125/216 (sipolac/risk)
>>> tails.attacker
((3, Fraction(125, 216)),)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from strategy.engine.display import Summarised
from strategy.risk.api import fought_odds
from strategy.risk.battle import Battle
from strategy.risk.kernels.geometry import Progress
from strategy.risk.outcomes import capture_with_at_least, cumulative, defender_down_to
from strategy.risk.results import Value
from strategy.risk.variants.blitz import BlitzOdds

Tails = tuple[tuple[int, Value], ...]


@dataclass(frozen=True, repr=False)
class Left(Summarised):
    """Cumulative odds of one battle's end: ``attacker`` lists ``(K, P(capture with at
    least K armies left))``, ``defender`` ``(K, P(the defender worn down to at most K))``;
    ``fought`` is the battle they come from."""

    fought: BlitzOdds
    attacker: Tails
    defender: Tails

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``left --json`` shape."""
        from strategy.risk.serialise import left_json

        return left_json(self)

    def to_pandas(self) -> Any:
        """One row per tail: ``tail`` (``at_least`` or ``at_most``), ``armies``,
        ``probability`` (pandas: the ``notebook`` extra)."""
        from strategy.engine.extras import require

        pandas = require("pandas", "notebook", "Left.to_pandas")
        rows = [("at_least", k, float(p)) for k, p in self.attacker]
        rows += [("at_most", k, float(p)) for k, p in self.defender]
        return pandas.DataFrame(rows, columns=["tail", "armies", "probability"])


def left(
    attackers: int,
    defenders: int,
    battle: Battle | None = None,
    *,
    at_least: int | None = None,
    at_most: int | None = None,
    progress: Progress | None = None,
    **terms: Any,
) -> Left:
    """P(capture with at least K armies left) and P(the defender worn down to at most K):
    for every K, or only the K asked for. Exact for true random dice, floats under
    Balanced Blitz beyond 1000 armies.

    >>> tails = left(10, 6)
    >>> tails.defender[0] == (0, tails.fought.win_probability)  # at most 0: a capture
    True
    """
    fought = fought_odds(attackers, defenders, Battle.of(battle, **terms), progress=progress)
    finals = fought.odds.final_states
    if at_least is None and at_most is None:
        both = cumulative(finals)
        return Left(fought, both.attacker, both.defender)
    return Left(
        fought,
        () if at_least is None else ((at_least, capture_with_at_least(finals, at_least)),),
        () if at_most is None else ((at_most, defender_down_to(finals, at_most)),),
    )
