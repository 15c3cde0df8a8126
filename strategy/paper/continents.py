"""The continent table: for each continent of the classic board and each territory bordering
it, the smallest single stack there that holds the whole continent at the end of the turn
with probability at least 1/2, 4/5 and 19/20, against one and against two armies on every
territory of it; the optimal plan's first attack, and what it gains over the best fixed
chain at that stack.

One float plan solved from a stack of ``n`` also solves every smaller stack it reaches:
the start from ``n - k`` armies is the state after the attacker lost ``k`` armies without
killing any, the same state with the same value. Against one army on each territory every
roll costs one army in all, so every ``n' < n`` is reached; against two a roll of two or more
dice costs two, so a plan from ``n`` reaches the stacks of ``n``'s parity and one more
plan, from the largest missing stack below the answer, the others. The search climbs
from the stack a chain through the whole continent would need and reads every threshold
off the same plans. Stacks whose plan's state bound is over ``limit`` are not solved: the
cell says so (and the bound), never a guess.

>>> board = classic_map()
>>> border_territories(board, "Australia")
('Siam',)
>>> [c.stack for c in stack_cells(board, "Australia", "Siam", 1)]
[7, 9, 11]
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from strategy.paper.common import Section
from strategy.paper.latex import decimal, tabular
from strategy.risk.fewest import minimum_armies
from strategy.risk.turns import Map, Turn, build_turn, classic_map, plan_turn
from strategy.risk.turns.baselines import chains
from strategy.risk.turns.size import state_bound
from strategy.risk.turns.solve import FLOAT_LIMIT

#: The probabilities a cell's stack must reach, and the armies on each enemy territory.
THRESHOLDS = (Fraction(1, 2), Fraction(4, 5), Fraction(19, 20))
DEFENDERS = (1, 2)
#: A float value this close to a threshold is settled by the exact plan.
SETTLE = 1e-9


@dataclass(frozen=True)
class Cell:
    """One answer: the smallest ``stack`` on ``origin`` with P(holding all of ``continent``)
    at least ``threshold``, against ``defenders`` on each of its territories; its value,
    the best fixed chain's value there (None when no chain passes every territory), and the
    territories the optimal plan may attack first (ties listed). ``stack`` is None when the
    plan it needs has more than the search's limit of states: ``bound`` is that plan's."""

    continent: str
    origin: str
    defenders: int
    threshold: Fraction
    stack: int | None
    value: float = 0.0
    chain: float | None = None
    first: tuple[str, ...] = ()
    bound: int = 0

    @property
    def gain(self) -> float:
        """How much the optimal plan beats the best fixed chain at this stack."""
        return self.value - (self.chain or 0.0)


def border_territories(board: Map, continent: str) -> tuple[str, ...]:
    """The territories outside ``continent`` that border it, in the board's order."""
    found = board.continent(continent)
    assert found is not None, continent
    inside = set(found.territories)
    return tuple(
        t for t in board.territories if t not in inside and any(board.borders(t, c) for c in inside)
    )


class _Column:
    """P(holding the continent) by stack on one origin, from as few plans as may be."""

    def __init__(self, board: Map, continent: str, origin: str, defenders: int) -> None:
        self.board, self.continent, self.origin = board, continent, origin
        found = board.continent(continent)
        assert found is not None, continent
        self.enemies = {t: defenders for t in found.territories}
        self.values: dict[int, float] = {}
        self.firsts: dict[int, tuple[str, ...]] = {}

    def turn(self, stack: int) -> Turn:
        """The turn from ``stack`` armies on the origin."""
        return build_turn(self.board, {self.origin: stack}, self.enemies, self.continent)

    def solve(self, stack: int) -> None:
        """Solve from ``stack`` and keep the value and the first attacks (ties too) of every
        smaller stack the plan reaches."""
        plan = plan_turn(self.turn(stack), exact=False)
        for smaller in range(1, stack + 1):
            turn = self.turn(smaller)
            start, _ = turn.start()
            if smaller not in self.values and start in plan.values:
                self.values[smaller] = float(plan.values[start])
                choice = plan.policy[start]
                attacks = [c.attack for c in (choice, *choice.ties) if c.attack is not None]
                self.firsts[smaller] = tuple(dict.fromkeys(turn.names[t] for _, t in attacks))

    def passes(self, stack: int, threshold: Fraction) -> bool:
        """Whether the stack's value reaches ``threshold``; exactly when floats cannot tell."""
        value = self.values[stack]
        if abs(value - float(threshold)) > SETTLE:
            return value > threshold
        return plan_turn(self.turn(stack), exact=True).value >= threshold

    def smallest(self, threshold: Fraction) -> tuple[int | None, int | None]:
        """The smallest stack known to pass, and the largest stack below it not yet known
        (None, None when no stack known passes)."""
        passing = next((n for n in sorted(self.values) if self.passes(n, threshold)), None)
        if passing is None:
            return None, None
        missing = [n for n in range(1, passing) if n not in self.values]
        return passing, max(missing, default=None)

    def chain(self, stack: int) -> float | None:
        """The best fixed chain's value from ``stack``. A chain's value depends only on the
        armies it meets in turn, which are the same on every territory here: so every chain
        through the whole continent has one value, and one that misses a territory has 0."""
        turn = self.turn(stack)
        whole = [
            c for c in chains(turn) if sum(1 << t for t in c.path) & turn.target == turn.target
        ]
        if not whole:
            return None
        value = plan_turn(turn, exact=False, restriction=whole[0]).value
        return float(value)


def stack_cells(
    board: Map, continent: str, origin: str, defenders: int, *, limit: int | None = None
) -> tuple[Cell, ...]:
    """The cells of one origin and one defence, a threshold each; stacks whose plan may have
    more than ``limit`` states (the level solver's bound) are left unsolved."""
    column = _Column(board, continent, origin, defenders)
    # A chain through the whole continent is a plan the optimal one may follow, so the
    # stack it needs is a first guess (the search climbs where no chain passes everywhere).
    guess = {
        t: minimum_armies([defenders] * len(column.enemies), t, exact=False).attackers
        for t in THRESHOLDS
    }
    over: dict[Fraction, int] = {}

    def bound(stack: int) -> int:
        """The level solver's state bound from ``stack``."""
        return state_bound(column.turn(stack), fronts=False)

    limit = limit or FLOAT_LIMIT
    while True:
        wanted: dict[Fraction, int] = {}
        known = max(column.values, default=0)
        for threshold in THRESHOLDS:
            if threshold in over:
                continue
            passing, missing = column.smallest(threshold)
            if passing is None:
                climb = guess[threshold] if guess[threshold] > known else known + 1 + known // 8
                wanted[threshold] = climb
            elif missing is not None:
                wanted[threshold] = missing
        if not wanted:
            break
        # The largest stack wanted answers the most at once; one over the limit is dropped
        # with the thresholds that want it.
        bounds = {n: bound(n) for n in set(wanted.values())}
        over |= {t: bounds[n] for t, n in wanted.items() if bounds[n] > limit}
        solvable = [n for n, b in bounds.items() if b <= limit]
        if solvable:
            column.solve(max(solvable))
    cells = []
    for threshold in THRESHOLDS:
        if threshold in over:
            cells.append(Cell(continent, origin, defenders, threshold, None, bound=over[threshold]))
            continue
        passing, _ = column.smallest(threshold)
        assert passing is not None
        cells.append(
            Cell(
                continent,
                origin,
                defenders,
                threshold,
                passing,
                column.values[passing],
                column.chain(passing),
                column.firsts[passing],
            )
        )
    return tuple(cells)


def continent_cells(
    board: Map, continents: Sequence[str] | None = None, *, limit: int | None = None
) -> Iterator[Cell]:
    """Every cell of ``continents`` (all of the board's by default), continent by continent,
    origin by origin, one army each then two. Origins bordering the same territories of the
    continent make the same turn (the region is the continent and the origin), so each such
    turn is solved once."""
    for continent in continents or [c.name for c in board.continents]:
        found = board.continent(continent)
        assert found is not None, continent
        solved: dict[tuple[frozenset[str], int], tuple[Cell, ...]] = {}
        for origin in border_territories(board, continent):
            entries = frozenset(t for t in found.territories if board.borders(origin, t))
            for defenders in DEFENDERS:
                same = solved.get((entries, defenders))
                if same is None:
                    same = stack_cells(board, continent, origin, defenders, limit=limit)
                    solved[entries, defenders] = same
                yield from (replace(cell, origin=origin) for cell in same)


def _first(cells: Sequence[Cell], dash: str) -> str:
    """The first attacks of a row's cells: once when they agree, ties joined by "or"."""
    shown = dict.fromkeys(" or ".join(c.first) for c in cells if c.stack is not None)
    return "; ".join(shown) or dash


def _cell(cell: Cell, dash: str) -> str:
    """The stack and, in brackets, the optimal plan's gain over the best chain there in
    percentage points (marked ``*`` where no chain passes every territory)."""
    if cell.stack is None:
        return dash
    mark = "*" if cell.chain is None else ""
    return f"{cell.stack} (+{decimal(cell.gain * 100, 1)}{mark})"


def _rows(cells: Sequence[Cell], defenders: int, dash: str) -> list[list[str]]:
    """One row per origin against ``defenders`` on each territory: the continent (on its
    first row), the origin, the first attack and a cell per threshold."""
    chosen = [c for c in cells if c.defenders == defenders]
    rows, previous = [], ""
    for start in range(0, len(chosen), len(THRESHOLDS)):
        row = chosen[start : start + len(THRESHOLDS)]
        name = row[0].continent
        rows.append([name if name != previous else "", row[0].origin, _first(row, dash)])
        rows[-1] += [_cell(c, dash) for c in row]
        previous = name
    return rows


HEADER = ["continent", "from", "first attack", *(f"{float(t):.0%}" for t in THRESHOLDS)]
TITLES = {1: "one army on each territory", 2: "two armies on each territory"}


def continents_tex(cells: Sequence[Cell]) -> str:
    """The table for the paper: one block of rows per defence."""
    rows: list[list[str]] = []
    for defenders in DEFENDERS:
        rule = "\\midrule " if rows else ""
        rows.append([f"{rule}\\multicolumn{{{len(HEADER)}}}{{l}}{{\\emph{{{TITLES[defenders]}}}}}"])
        rows += _rows(cells, defenders, "--")
    header = [h.replace("%", "\\%") for h in HEADER]
    return tabular(header, rows, "lll" + "r" * len(THRESHOLDS), comment="strategy.paper.continents")


def left_out(cells: Sequence[Cell]) -> str:
    """Per continent with cells left out, the fewest states a plan they need may have
    (the level solver's bound).

    >>> left_out([Cell("Asia", "Siam", 1, Fraction(1, 2), None, bound=1234)])
    'Asia 1,234'
    """
    least: dict[str, int] = {}
    for c in cells:
        if c.stack is None:
            least[c.continent] = min(least.get(c.continent, c.bound), c.bound)
    return "; ".join(f"{name} {bound:,}" for name, bound in least.items())


def continents_markdown(cells: Sequence[Cell], limit: int) -> str:
    """The table for the documentation: a Markdown table per defence, and what was left out
    (solving only plans of at most ``limit`` states)."""
    lines: list[str] = []
    for defenders in DEFENDERS:
        lines += [f"**Against {TITLES[defenders]}**", ""]
        lines += ["| " + " | ".join(HEADER) + " |", "|" + "---|" * 3 + "---:|" * len(THRESHOLDS)]
        lines += ["| " + " | ".join(row) + " |" for row in _rows(cells, defenders, "—")]
        lines.append("")
    missing = left_out(cells)
    if missing:
        lines.append(
            f"—: not solved here, where plans are kept to {limit:,} states (the level "
            f"solver's bound). The fewest states a plan left out may have: {missing}."
        )
        lines.append("")
    return "\n".join(lines)


def continents_csv(cells: Sequence[Cell]) -> str:
    """Every cell, with its value, the best chain's and the state bound of a cell left out."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    columns = ["continent", "from", "defenders", "threshold", "stack", "value", "best_chain"]
    writer.writerow([*columns, "first_attack", "state_bound"])
    for c in cells:
        value = "" if c.stack is None else f"{c.value:.6f}"
        chain = "" if c.chain is None else f"{c.chain:.6f}"
        first = " or ".join(c.first)
        row = [c.continent, c.origin, c.defenders, str(c.threshold), c.stack or "", value, chain]
        writer.writerow([*row, first, c.bound or ""])
    return out.getvalue()


#: The paper build solves plans whose state bound (the level solver's) is at most this;
#: the cells that need more are left out, their bound in continents.csv. At 4 million every
#: cell of Africa and North America against one army each is in, and 28 of Europe's 36:
#: 17 s of processor time in all with numba (benchmarks/bench_continents.py, 2026-12-06),
#: where 500,000 took 3.5 s and left 40 cells more out; Europe's last 8 need up to 28
#: million (27 s wall more), the rest billions.
PAPER_LIMIT = 4_000_000


def _most_gain(cells: Sequence[Cell], defenders: int) -> str:
    """The largest gain over the chain against ``defenders`` each, in percentage points."""
    return decimal(max(c.gain for c in cells if c.defenders == defenders) * 100, 1)


def continent_sections() -> Section:
    """The table as LaTeX, Markdown and CSV, and its numbers for the prose."""
    cells = tuple(continent_cells(classic_map(), limit=PAPER_LIMIT))
    solved = [c for c in cells if c.stack is not None]
    numbers = {
        "ContinentLimit": f"{PAPER_LIMIT:,}",
        "ContinentCells": str(len(cells)),
        "ContinentMissing": str(len(cells) - len(solved)),
        "ContinentGainOne": _most_gain(solved, 1),
        "ContinentGainTwo": _most_gain(solved, 2),
        "ContinentLeftOut": left_out(cells),
    }
    files = {
        "continents.tex": continents_tex(cells),
        "continents.md": continents_markdown(cells, PAPER_LIMIT),
        "continents.csv": continents_csv(cells),
    }
    return Section(files, numbers)
