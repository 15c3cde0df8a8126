"""The example notebook runs, in a real Jupyter kernel, on every test run: it cannot rot.

``examples/seed000.ipynb`` redoes seed 000's table exactly, coloured as the seed coloured it,
beside the seed's printed Monte Carlo numbers and a fresh simulation. The notebook is kept
with its outputs, so that it reads well without running it; ``STRATEGY_WRITE_NOTEBOOK=1``
writes this run's outputs back into it.

Deep imports: :mod:`strategy.paper.published`, seed 000's printed table as data.
"""

from __future__ import annotations

import os
import re
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from strategy.paper.published import seed000_table

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "examples" / "seed000.ipynb"


@pytest.fixture(scope="module")
def executed() -> tuple[Any, float]:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    with pytest.MonkeyPatch.context() as patch:
        # The kernel imports this checkout's package, as the suite does.
        patch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
        start = time.perf_counter()
        NotebookClient(
            notebook,
            timeout=120,
            kernel_name="python3",
            resources={"metadata": {"path": str(ROOT)}},
        ).execute()
        elapsed = time.perf_counter() - start
    if os.environ.get("STRATEGY_WRITE_NOTEBOOK"):
        for cell in notebook.cells:
            cell.metadata.pop("execution", None)  # timestamps: noise in every diff
        nbformat.write(notebook, NOTEBOOK)
    return notebook, elapsed


def outputs(notebook: Any, kind: str) -> list[str]:
    found = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            if kind == "stream" and output.output_type == "stream":
                found.append(output.text)
            elif kind in output.get("data", {}):
                found.append(output.data[kind])
    return found


def grid_cells(page: str) -> list[list[str]]:
    """The text of every cell of each grid in ``page``, one list per grid."""
    grids = page.split('<table class="grid">')[1:]
    return [re.findall(r"<td[^>]*>([^<]*)</td>", grid.split("</table>")[0]) for grid in grids]


def test_the_notebook_executes(executed: tuple[Any, float]) -> None:
    notebook, elapsed = executed
    assert all(
        output.output_type != "error"
        for cell in notebook.cells
        for output in cell.get("outputs", [])
    )
    print(f"examples/seed000.ipynb ran in {elapsed:.1f} s")


def test_it_shows_seed000s_table_exactly_with_a_colour_key(executed: tuple[Any, float]) -> None:
    pages = outputs(executed[0], "text/html")
    (exact,) = grid_cells(pages[0])
    assert len(exact) == 400 and "colour key" in pages[0]
    assert exact[4] == "-5.0"  # a = 1 cannot attack: the defender keeps its 5 armies
    printed, simulated = grid_cells(pages[1])
    # Beside it, seed 000's own Monte Carlo numbers, exactly as the seed printed them.
    assert printed == [f"{v:.1f}" for row in seed000_table() for v in row]
    assert len(simulated) == 400


def test_it_compares_and_gives_fractions(executed: tuple[Any, float]) -> None:
    text = "".join(outputs(executed[0], "stream"))
    assert "of the 380 where a battle is fought" in text
    seed003 = Fraction(15, 36) * Fraction(91, 216) + Fraction(125, 216)  # Pr(3, 1)
    assert str(seed003) in text
    assert any("1/4" in page for page in outputs(executed[0], "text/html"))  # 2 v 1, signed
