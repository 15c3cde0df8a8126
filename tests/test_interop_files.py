"""Gambit's file formats in plain Python: .nfg in and out, .efg out, and the commands.

pygambit is not needed here; tests/test_interop_gambit.py reads the files with it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.engine.errors import InputError
from strategy.engine.extras import MissingExtra
from strategy.engine.matrix_game import solve_matrix_game
from strategy.interop.efg import efg_text, tree_size
from strategy.interop.gambit import gambit_value
from strategy.interop.nfg import NormalFormGame
from strategy.interop.openspiel import to_pyspiel
from strategy.risk.game import BattleGame
from tests.helpers import run, run_json

entries = st.fractions(min_value=-20, max_value=20, max_denominator=6)
matrices = st.integers(1, 4).flatmap(
    lambda columns: st.lists(
        st.lists(entries, min_size=columns, max_size=columns), min_size=1, max_size=4
    )
)


@settings(max_examples=30, deadline=None)
@given(matrices)
def test_nfg_out_and_in_is_the_same_game(matrix: list[list[Fraction]]) -> None:
    game = NormalFormGame.of(matrix, title='a "quoted" title')
    back = NormalFormGame.from_nfg(game.to_nfg())
    assert back == game
    assert back.to_nfg() == game.to_nfg()


def test_nfg_reads_counts_and_outcome_versions() -> None:
    # Gambit's manual's example layouts: strategy counts with a payoff list, and named
    # outcomes with outcome numbers (0 is the null outcome, paying nothing).
    counts = 'NFG 1 R "c" { "P1" "P2" } { 2 2 }\n\n1 -1 -2 2 3 -3 0.5 -1/2\n'
    outcomes = (
        'NFG 1 R "o" { "P1" "P2" } { { "a" "b" } { "x" "y" } }\n""\n'
        '{ { "w" 1, -1 } { "l" -2, 2 } { "z" 3 -3 } }\n1 2 3 0\n'
    )
    expected = ((Fraction(1), Fraction(3)), (Fraction(-2), Fraction(1, 2)))
    assert NormalFormGame.from_nfg(counts).matrix == expected
    assert NormalFormGame.from_nfg(outcomes).matrix == ((1, 3), (-2, 0))
    assert NormalFormGame.from_nfg(outcomes).rows == ("a", "b")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('NFG 1 R "" { "A" "B" } { 1 1 } 1 1', "not zero-sum"),
        ('NFG 1 R "" { "A" "B" "C" } { 1 1 1 } 1 1 1', "two-player games only"),
        ('NFG 1 R "" { "A" "B" } { 2 1 } 1 -1', "ends early"),
        ('NFG 1 R "" { "A" "B" } { 1 1 } 1 -1 5', "more numbers"),
        ('EFG 2 R "" { "A" "B" }', "does not start with NFG"),
        ('NFG 1 R "" { "A" "B" } { 1 1 } x -1', "not a payoff"),
    ],
)
def test_bad_nfg_is_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        NormalFormGame.from_nfg(text)


def test_efg_refuses_a_tree_too_large_with_its_size() -> None:
    with pytest.raises(InputError, match="the game tree has 6,465 nodes, more than 1,000"):
        efg_text(BattleGame(4, 3, choice="respond"), max_nodes=1000)


def test_matrix_command_reads_nfg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    matrix = [[1, 2], [3, -1]]
    path = tmp_path / "game.nfg"
    path.write_text(NormalFormGame.of(matrix).to_nfg(), encoding="utf-8")
    solved = run_json(capsys, "matrix", "--file", str(path))
    assert Fraction(solved["value"]) == solve_matrix_game(matrix).value


def test_matrix_command_refuses_a_general_sum_nfg(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pd.nfg"
    path.write_text('NFG 1 R "PD" { "A" "B" } { 2 2 }\n3 3 5 0 0 5 1 1\n', encoding="utf-8")
    status, out, err = run(capsys, "matrix", "--file", str(path))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "not zero-sum" in err


def test_export_command_writes_the_tree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "battle.efg"
    status, _, err = run(
        capsys, "risk", "export", "3", "2", "--choice", "respond", "--out", str(path)
    )
    assert status == 0, err
    text = path.read_text(encoding="utf-8")
    game = BattleGame(3, 2, choice="respond")
    assert text.startswith('EFG 2 R "Risk battle 3 v 2, respond rule" { "Attacker" "Defender" }')
    # One line per node after the three header lines.
    assert len(text.splitlines()) - 3 == tree_size(game)


def test_export_command_refuses_a_huge_tree(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "risk", "export", "8", "8", "--choice", "sees-roll")
    assert (status, out) == (2, "")
    assert "nodes, more than 100,000" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("module", "call", "extra"),
    [
        ("pyspiel", lambda: to_pyspiel(BattleGame(2, 1)), "openspiel"),
        ("pygambit", lambda: gambit_value('NFG 1 R "" { "A" "B" } { 1 1 } 0 0'), "gambit"),
    ],
)
def test_a_missing_extra_is_named_in_one_line(
    monkeypatch: pytest.MonkeyPatch, module: str, call: Callable[[], object], extra: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # as if it were not installed
    with pytest.raises(MissingExtra) as error:
        call()
    assert str(error.value).endswith(f"pip install 'strategy[{extra}]'")
    assert "\n" not in str(error.value)


def test_lower_floors_never_import_interop() -> None:
    # interop sits beside present: engine, risk and classic must not depend on it.
    package = Path(__file__).resolve().parent.parent / "strategy"
    for floor in ("engine", "risk", "classic"):
        for source in (package / floor).rglob("*.py"):
            assert "strategy.interop" not in source.read_text(encoding="utf-8"), source


def test_matrix_command_saves_nfg_and_reads_it_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "saved.nfg"
    given_matrix = [[Fraction(1, 2), -2, 0], [-1, Fraction(3, 4), 1]]
    argument = "[[0.5, -2, 0], [-1, 0.75, 1]]"
    first = run_json(capsys, "matrix", argument, "--save-nfg", str(path))
    assert path.read_text(encoding="utf-8") == NormalFormGame.of(given_matrix).to_nfg()
    assert run_json(capsys, "matrix", "--file", str(path)) == first


def test_an_entry_past_python_s_digit_limit_is_saved_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found by tests/test_cli_fuzz.py: 10**-5000 has a 5001-digit denominator, past the
    # 4,300 digits str() writes by default; the file must hold it exactly all the same.
    path = tmp_path / "tiny.nfg"
    status, _, err = run(capsys, "matrix", "1e-5000", "--float", "--save-nfg", str(path))
    assert status == 0, err
    text = path.read_text(encoding="utf-8")
    assert f"1/1{'0' * 5000} -1/1{'0' * 5000}" in text
    assert NormalFormGame.from_nfg(text).matrix == ((Fraction(1, 10**5000),),)
