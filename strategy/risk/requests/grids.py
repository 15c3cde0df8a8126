"""Grids of battles as requests: a table of values and a strategy matrix, rows A = 1..N and
columns D = 1..M; each with the function that answers it through the library.

>>> run_table(Table(max_attackers=2, max_defenders=1, exact=True)).values
((Fraction(0, 1),), (Fraction(5, 12),))

(Seed 003: Pr(1,1) = 0, Pr(2,1) = 15/36.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategy.engine.fields import param
from strategy.risk.battle import Battle
from strategy.risk.requests import terms
from strategy.risk.requests.battles import BATTLE, SHOWN

if TYPE_CHECKING:
    from strategy.risk.kernels.geometry import Progress
    from strategy.risk.play.matrices import StrategyMatrix
    from strategy.risk.tables import BattleTable

#: Rows and columns of a grid nobody asked the size of: seed 000's table.
DEFAULT_SIZE = 20
#: The classic table's metrics: one more way to name what a cell holds.
METRICS = ("capture", "signed", "attacker-left", "defender-left")
_ROWS = {"kind": "integer", "minimum": 1, "metavar": "N", "positional": True, "group": BATTLE}


@dataclass(frozen=True, kw_only=True)
class Grid:
    """The rows A = 1..max_attackers and columns D = 1..max_defenders of a grid of battles
    (the command line's ``N M``, or ``--attackers`` and ``--defenders``)."""

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
class Table(
    terms.PlayTerms, terms.RuleTerms, terms.BlitzDice, terms.StopUntil, terms.RetreatAt, Grid
):
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


def table_battle(request: Table) -> Battle:
    """The battle of every cell of the table asked for (a blitz with a choice rule refused
    before any work)."""
    from strategy.risk.variants.blitz import refuse_choice

    battle = terms.fought(request, terms.battle_of(request, request.metric))
    if not battle.plain:
        refuse_choice(battle)
    return battle


def run_table(request: Table, progress: Progress | None = None) -> BattleTable:
    """The table of the grid asked for, as the battle's resolution fights each battle."""
    from strategy.risk import api

    attackers, defenders = request.size
    battle = table_battle(request)
    return api.table(attackers, defenders, battle, exact=request.exact, progress=progress)


@dataclass(frozen=True, kw_only=True)
class Strategy(terms.PlayTerms, terms.RuleTerms, Grid):
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
        attackers, defenders, terms.battle_of(request), exact=request.exact, progress=progress
    )
