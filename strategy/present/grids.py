"""Seed 000's colours for grids of battles, with a colour key: shared by notebooks and reports.

Seed 000 shades a cell green where the attacker is favoured and red where the defender is,
white near even. A :class:`Scale` says where a value sits on that scale: odds around 1/2,
other quantities around 0 out to the largest shown. :func:`coloured_grid` writes an HTML
grid of a table's cells coloured by the values shown (or by another table's), followed by
its key, and says what battle the table describes.

>>> from strategy.risk.classic import battle_table
>>> page = coloured_grid(battle_table(2, 2), (("0", "0"), ("0.417", "0.106")))
>>> page.count("<td"), "colour key" in page, "the classic battle" in page
(4, True, True)
>>> Scale("P(capture)", 0.0, 1.0, 0.5).shade(0.9), Scale("signed", -4.0, 4.0, 0.0).shade(-4.0)
(0.9, 0.0)
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from math import ceil
from typing import Any

import numpy as np

from strategy.engine.shades import shade_rgb
from strategy.present.render import Grid, format_number, html_table
from strategy.risk.battle import Battle
from strategy.risk.objectives import Objective
from strategy.risk.tables import BattleTable

#: Swatches in a colour key.
KEY_STEPS = 9
#: CSS for the key's swatches, in notebooks and reports.
KEY_STYLE = (
    ".strategy-key{margin:4px 0}.strategy-key span{display:inline-block;padding:1px 6px;"
    "color:#000;font-variant-numeric:tabular-nums}.strategy-note{color:#555;font-size:.9em}"
)


@dataclass(frozen=True)
class Scale:
    """How a value maps to seed 000's colours: white at ``centre``, full green at the end
    that favours the attacker and full red at the other; ``label`` says what is coloured."""

    label: str
    low: float
    high: float
    centre: float
    favours_attacker: bool = True

    def shade(self, value: float) -> float:
        """The value's place on seed 000's scale: 0 red, 1/2 white, 1 green."""
        if value >= self.centre:
            span = self.high - self.centre
            towards = (value - self.centre) / span if span else 0.0
        else:
            span = self.centre - self.low
            towards = -(self.centre - value) / span if span else 0.0
        towards = max(-1.0, min(1.0, towards if self.favours_attacker else -towards))
        return 0.5 + towards / 2

    def key_html(self, digits: int) -> str:
        """The colour key: swatches from ``low`` to ``high``, each labelled with its value."""
        swatches = []
        for value in np.linspace(self.low, self.high, KEY_STEPS).tolist():
            colour = "#{:02x}{:02x}{:02x}".format(*shade_rgb(self.shade(value)))
            text = html.escape(format_number(value, digits))
            swatches.append(f'<span style="background-color:{colour}">{text}</span>')
        red, green = ("defender", "attacker") if self.favours_attacker else ("attacker", "defender")
        if self.low >= self.centre:
            red = "nobody"
        return (
            f'<div class="strategy-key">colour key ({html.escape(self.label)}): '
            f"{''.join(swatches)} red favours the {red}, green the {green}</div>"
        )


def value_scale(objective: Objective, values: np.ndarray[Any, Any]) -> Scale:
    """The scale for values of ``objective``: odds on [0, 1] around 1/2, other quantities
    around 0 out to their largest size among ``values``.

    >>> value_scale(Objective("defender-left"), np.array([0.0, 3.0]))
    Scale(label='expected armies left in the defending territory', low=0.0, high=3.0, \
centre=0.0, favours_attacker=False)
    """
    if objective.is_probability:
        return Scale(objective.description, 0.0, 1.0, 0.5)
    reach = float(np.abs(values).max()) if values.size else 0.0
    reach = reach or 1.0
    if objective.kind in ("attacker-left", "defender-left"):
        return Scale(objective.description, 0.0, reach, 0.0, objective.kind == "attacker-left")
    return Scale(objective.description, -reach, reach, 0.0)


def digits_for(objective: Objective) -> int:
    """Decimals shown by default: odds to 3 places, army counts to 1 as seed 000 does."""
    return 3 if objective.is_probability else 1


def play_text(result: object) -> str:
    """How the battle is played: the classic battle, or optimal play under a choice rule.

    >>> from strategy.risk.optimal import optimal_table
    >>> play_text(optimal_table(2, 2, Battle.of(choice="sees-roll")))
    'optimal play, choice sees-roll: the attacker rolls; the defender sees the dice, then \
chooses; the attacker may stop'
    """
    battle = getattr(result, "battle", None)
    # A classic battle's kernels answer wherever nobody has a real choice, but a result of
    # the optimal-play kernels says so even then.
    optimal = getattr(result, "method", None) == "optimal"
    if not isinstance(battle, Battle) or (battle.classic and not optimal):
        return "the classic battle: both sides always roll the most dice"
    stop = "the attacker may stop" if battle.allow_stop else "no stopping"
    return f"optimal play, choice {battle.choice}: {battle.choice.summary}; {stop}"


def sample_step(rows: int, columns: int, max_shown: int) -> int:
    """Show every k-th row and column, k the least that keeps both within ``max_shown``.

    >>> sample_step(100, 40, 20)
    5
    """
    return max(1, ceil(max(rows, columns) / max_shown))


def _sample_note(step: int, rows: int, columns: int) -> str:
    if step == 1:
        return ""
    return (
        f'<p class="strategy-note">{rows} x {columns} table: every {step}th row and column '
        "shown; to_pandas() or to_numpy() has them all</p>"
    )


def coloured_grid(
    table: BattleTable,
    cells: tuple[tuple[str, ...], ...],
    *,
    step: int = 1,
    colour_by: BattleTable | None = None,
    mark: tuple[int, int] | None = None,
    caption: str | None = None,
) -> str:
    """``cells`` (every ``step``-th row and column of ``table``) as an HTML grid coloured by
    the values of ``colour_by`` (default: ``table``'s own), then its colour key; the caption
    says how the battles were played and under which rules, unless ``caption`` is given."""
    colours = (colour_by or table).as_array()[::step, ::step]
    objective = (colour_by or table).objective
    scale = value_scale(objective, colours)
    grid = Grid(
        title="",
        row_name="A",
        column_name="D",
        rows=table.attackers[::step],
        columns=table.defenders[::step],
        cells=cells,
        shades=tuple(tuple(scale.shade(v) for v in row) for row in colours.tolist()),
        caption=caption or f"{play_text(table)}; rules: {table.rules.describe()}",
    )
    note = _sample_note(step, len(table.attackers), len(table.defenders))
    return f"{html_table(grid, mark=mark)}{scale.key_html(digits_for(objective))}{note}"
