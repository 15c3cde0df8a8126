"""Time the continent table (strategy.paper.continents) continent by continent.

For each continent of the classic board prints the processor and wall seconds its cells
take with the level solver, the cells solved and those left out with the largest state
bound among them, and, with ``--table``, the table itself as Markdown. ``--limit N`` is the
largest state bound a plan may have (the paper build's is printed; the default here is the
float planner's own limit, so everything that fits the planner is solved). Run from the
repository root (``PYTHONPATH=.`` unless installed)::

    python benchmarks/bench_continents.py                       # the paper's limit
    python benchmarks/bench_continents.py --limit 30000000 Europe "North America"
"""

from __future__ import annotations

import argparse
import time

from common import machine

from strategy.paper.continents import PAPER_LIMIT, continent_cells, continents_markdown
from strategy.risk.turns import classic_map


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("continents", nargs="*", help="default: every continent")
    parser.add_argument("--limit", type=int, default=PAPER_LIMIT, help="largest state bound")
    parser.add_argument("--table", action="store_true", help="print the table as Markdown")
    options = parser.parse_args()
    board = classic_map()
    print(machine())
    print(f"limit: plans of up to {options.limit:,} states (the paper build's: {PAPER_LIMIT:,})")
    names = options.continents or [c.name for c in board.continents]
    every = []
    for name in names:
        began, cpu = time.perf_counter(), time.process_time()
        cells = list(continent_cells(board, [name], limit=options.limit))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - began
        every += cells
        out = [c for c in cells if c.stack is None]
        left = f"{len(out)} left out (bound up to {max(c.bound for c in out):,})" if out else ""
        print(
            f"{name:14} {cpu:8.1f} s processor {wall:8.1f} s wall  "
            f"{len(cells) - len(out):3} of {len(cells)} cells solved  {left}",
            flush=True,
        )
    if options.table:
        print(continents_markdown(every, options.limit))


if __name__ == "__main__":
    main()
