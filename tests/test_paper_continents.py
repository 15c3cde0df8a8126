"""The continent table's cells against the general induction, exactly, on small continents;
the best chain against attack-chain odds; the limit; the documentation's copy.

Deep imports: the paper's continent table (:mod:`strategy.paper.continents`), under test, and the
turn planner's induction and the chain kernel it is checked against.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from strategy.paper.continents import THRESHOLDS, Cell, _Column, continent_cells, stack_cells
from strategy.risk import Map, classic_map
from strategy.risk.paths import chain_odds
from strategy.risk.turns import Turn, build_turn, plan_turn
from strategy.risk.turns.baselines import compare
from strategy.risk.turns.size import state_bound

ROOT = Path(__file__).resolve().parent.parent
BOARD = classic_map()


def turn(board: Map, cell: Cell, stack: int) -> Turn:
    continent = board.continent(cell.continent)
    assert continent is not None
    enemies = {t: cell.defenders for t in continent.territories}
    return build_turn(board, {cell.origin: stack}, enemies, cell.continent)


@pytest.mark.parametrize(
    ("continent", "origin", "defenders"),
    [("Australia", "Siam", 1), ("Australia", "Siam", 2), ("South America", "North Africa", 2)],
)
def test_cells_are_the_smallest_stacks_of_the_general_induction(
    continent: str, origin: str, defenders: int
) -> None:
    cells = stack_cells(BOARD, continent, origin, defenders)
    assert [c.threshold for c in cells] == list(THRESHOLDS)
    for cell in cells[:2] if continent == "South America" else cells:
        assert cell.stack is not None
        # Exact values by the general induction, not the level solver the table uses.
        here = plan_turn(turn(BOARD, cell, cell.stack), method="states")
        below = plan_turn(turn(BOARD, cell, cell.stack - 1), method="states").value
        assert below < cell.threshold <= here.value
        assert abs(cell.value - float(here.value)) < 1e-12
        choice = here.policy[here.start]
        firsts = {c.attack for c in (choice, *choice.ties)}
        assert set(cell.first) == {here.turn.names[t] for _, t in firsts if t is not None}
        # A chain through every territory is an attack chain of the stack against the same
        # defenders each time; every chain of this continent passes them all.
        chain = chain_odds(cell.stack, [defenders] * (len(here.turn.names) - 1))
        assert cell.chain is not None and abs(cell.chain - float(chain.win_probability)) < 1e-12


def test_one_plan_gives_every_smaller_stack_it_reaches() -> None:
    column = _Column(BOARD, "Australia", "Siam", 2)
    column.solve(14)
    # Two dice against two cost two armies a roll: the even stacks, and 1 (2 losing one).
    assert sorted(column.values) == [1, *range(2, 15, 2)]
    for stack, value in column.values.items():
        alone = plan_turn(column.turn(stack), method="states").value
        assert abs(value - float(alone)) < 1e-12


def test_the_best_chain_is_any_chain_through_the_whole_continent() -> None:
    # Africa from Brazil has several chains through all six territories and many that
    # stop short: the cell's chain value is the baselines' best over all of them.
    [cell, *_] = stack_cells(BOARD, "Africa", "Brazil", 1)
    assert cell.stack is not None
    found = compare(plan_turn(turn(BOARD, cell, cell.stack), exact=False))
    assert found.chains > 1 and found.chain_value is not None
    assert cell.chain is not None and abs(cell.chain - float(found.chain_value)) < 1e-12


def test_a_stack_over_the_limit_is_left_out_and_the_others_kept() -> None:
    full = stack_cells(BOARD, "Australia", "Siam", 2)
    assert [c.stack for c in full] == [c.stack for c in full if c.stack]  # all solved
    middle = full[1].stack
    assert middle is not None
    limit = state_bound(turn(BOARD, full[1], middle), fronts=False)
    cut = stack_cells(BOARD, "Australia", "Siam", 2, limit=limit)
    assert cut[:2] == full[:2]
    assert cut[2].stack is None and cut[2].bound > limit


def test_origins_entering_by_the_same_territories_share_their_cells() -> None:
    # Brazil and Western Europe both border North Africa alone: the same turn. The limit
    # keeps to one army each (two need plans of 99,679 states or more).
    cells = [c for c in continent_cells(BOARD, ["Africa"], limit=20_000) if c.defenders == 1]
    by = {
        o: [(c.stack, c.value) for c in cells if c.origin == o]
        for o in ("Brazil", "Western Europe")
    }
    assert by["Brazil"] == by["Western Europe"] and None not in by["Brazil"][0]
    alone = stack_cells(BOARD, "Africa", "Western Europe", 1, limit=20_000)
    assert [(c.stack, c.value) for c in alone] == by["Western Europe"]


def test_the_documentation_shows_the_generated_table() -> None:
    generated = (ROOT / "paper" / "generated" / "continents.md").read_text(encoding="utf-8")
    page = (ROOT / "docs" / "how-to" / "continents.md").read_text(encoding="utf-8")
    assert generated.strip() in page
