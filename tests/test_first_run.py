"""A new user's first commands: the default table fits the terminal, long work shows a bar.

Deep imports: the command's entry point, and the kernels whose output the first commands show
(fewest troops, rule of thumb, simulation).
"""

from __future__ import annotations

import io
import re
from fractions import Fraction

import pytest

from strategy.classic import solve_pig
from strategy.cli.main import main
from strategy.engine import progress as progress_module
from strategy.risk import Rules
from strategy.risk.fewest import fewest
from strategy.risk.play.rule_of_thumb import capture_grid, search_odds
from strategy.risk.sampling import simulate

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run_on_terminal(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, columns: int = 80
) -> tuple[str, str]:
    out, err = Terminal(), Terminal()
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    assert main(argv) == 0
    return ANSI.sub("", out.getvalue()), err.getvalue()


def test_the_default_table_fits_an_80_column_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    out, _ = run_on_terminal(["risk", "table"], monkeypatch)
    lines = out.splitlines()
    assert max(map(len, lines)) <= 80
    assert lines[-2:] == [
        "fitted to 80 columns: cells rounded, D = 1..15 of 20 shown (--compact or",
        "  --format html: all)",
    ]
    header = lines[1].split()
    assert header[0] == "A\\D" and header[1:] == [str(d) for d in range(1, 16)]
    rows = [line.split() for line in lines if re.match(r"\s*\d+\s", line)]
    assert [row[0] for row in rows] == [str(a) for a in range(1, 21)]  # every row kept
    assert rows[1][1] == ".42"  # 2 v 1: 15/36, rounded to two places


def test_a_wide_terminal_gets_the_whole_table(monkeypatch: pytest.MonkeyPatch) -> None:
    out, _ = run_on_terminal(["risk", "table"], monkeypatch, columns=200)
    assert "fitted" not in out and out.splitlines()[1].split()[-1] == "20"


def test_a_size_asked_for_is_printed_whole_with_a_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    out, _ = run_on_terminal(["risk", "table", "--defenders", "20"], monkeypatch)
    wide = len("A\\D") + 20 * len("  0.417")  # the corner, then 20 columns of three decimals
    assert out.splitlines()[-1].startswith(f"hint: this table is {wide} characters wide")


def test_long_commands_show_a_bar_with_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "DELAY", 0.0)
    monkeypatch.setattr(progress_module, "INTERVAL", 0.0)
    _, err = run_on_terminal(["risk", "simulate", "6", "4", "--trials", "300000"], monkeypatch)
    assert re.search(r"simulate \[#*\s*\] +\d+%  about \d+ s left", err)
    _, err = run_on_terminal(["pig", "--goal", "30"], monkeypatch)
    assert "pig [" in err


def test_progress_reaches_the_whole_job() -> None:
    heard: list[tuple[int, int]] = []
    simulate(5, 3, trials=150_000, seed=1, progress=lambda done, total: heard.append((done, total)))
    assert heard[-1] == (150_000, 150_000) and len(heard) > 1
    assert [done for done, _ in heard] == sorted(done for done, _ in heard)
    heard.clear()
    solve_pig(12, progress=lambda done, total: heard.append((done, total)))
    assert heard[-1] == (144, 144)
    heard.clear()
    search_odds(capture_grid(Rules(), 8), progress=lambda d, t: heard.append((d, t)))
    assert heard[-1][0] == heard[-1][1] and len(heard) == heard[-1][1]


def test_the_search_for_the_fewest_armies_reports_its_evaluations() -> None:
    heard: list[tuple[int, int]] = []
    answer = fewest(
        lambda n: Fraction(n, 1000),
        Fraction(1, 2),
        1,
        progress=lambda done, total: heard.append((done, total)),
    )
    assert answer[0] == 500
    assert all(done <= total for done, total in heard)
    assert [done for done, _ in heard] == sorted(done for done, _ in heard)


def test_the_fitted_table_reads_0_and_1_only_where_they_are_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rounded to two places 0.997 would read "1", certain; it reads "~1", rounded."""
    from strategy.risk.classic import battle_table

    out, _ = run_on_terminal(["risk", "table"], monkeypatch)
    rows = [line.split()[1:] for line in out.splitlines() if re.match(r"\s*\d+\s", line)]
    exact = battle_table(20, 15, exact=True).as_array()
    for a, row in enumerate(rows):
        for d, cell in enumerate(row):
            value = exact[a][d]
            assert cell not in ("0", "1"), (a, d)  # the table's cells have three decimals
            # Rounded twice, to three decimals and then to two: within 0.0055 of the cell.
            shown = int(cell[1]) if cell.startswith("~") else float(cell)
            assert abs(value - shown) <= 0.0055, (a, d)
    assert "~1" in rows[-1] and "~0" in rows[1]
