"""The cases of issue 17, each as a test: exact digits, long exact numbers, no tracebacks,
requests refused up front, output paths, one-line errors, errors in the problem's words,
and bad input told apart from internal failures.

Deep imports: :mod:`strategy.cli.main`, the command's entry point, run in-process.
"""

from __future__ import annotations

import argparse
from decimal import Decimal, localcontext
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from strategy.cli import main as cli_main
from strategy.cli.main import main
from tests.helpers import run


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line of a request refused with exit status 2."""
    status, _, err = run(capsys, *argv)
    assert status == 2, (argv, err)
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


# Group 1: every decimal printed from an exact value is exact to the digits shown.


def test_exact_tables_print_exact_digits(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "risk", "table", "--attackers", "2", "--defenders", "1", "--exact", "--digits", "30"
    )
    assert status == 0
    # Seed 003: P(2, 1) = 15/36 = 5/12, whose decimals are 41 then 6s; the 30th rounds up.
    with localcontext() as context:
        context.prec = 60
        expected = str((Decimal(5) / Decimal(12)).quantize(Decimal("1e-30")))
    assert expected == "0.416666666666666666666666666667"
    assert expected in out


def test_float_tables_refuse_digits_floats_do_not_hold(capsys: pytest.CaptureFixture[str]) -> None:
    assert "add --exact" in refused(capsys, "risk", "table", "--digits", "30")


def test_odds_lines_round_the_exact_value(capsys: pytest.CaptureFixture[str]) -> None:
    # 2 v 1 is one roll of one die each: P(capture) = 15/36 = 0.416666...7 to six places.
    status, out, _ = run(capsys, "risk", "odds", "2", "1", "--exact")
    assert status == 0 and "0.416667  = 5/12" in out


# Group 2: exact numbers of any length (Python's 4300-digit limit on int -> str).


def test_a_target_with_five_thousand_digits_prints(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "risk", "need", "3", "--target", "1e-5000", "--json")
    assert status == 0
    assert '"target_exact": "1/1' + "0" * 5000 + '"' in out


def test_a_matrix_entry_of_a_hundred_thousand_digits_works(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "matrix", '[["1e100000"]]')
    assert status == 0 and out.splitlines()[0] == "value 1" + "0" * 100_000


# Group 3: no tracebacks.


@pytest.mark.parametrize(
    ("argv", "value"),
    [
        (["risk", "odds", "5", "0", "--choice", "sees-roll", "--float"], "1.000000"),
        (["risk", "odds", "2", "0", "--objective", "keep:1", "--float"], "1.000000"),
        (["risk", "odds", "0", "3", "--count", "attacking", "--choice", "respond", "--float"],
         "0.000000"),
        (["risk", "odds", "1", "3", "--choice", "announce"], "0.000000"),
    ],
)  # fmt: skip
def test_battles_already_over_have_their_payoff(
    capsys: pytest.CaptureFixture[str], argv: list[str], value: str
) -> None:
    """No defender left: captured (1); no attacker able to roll: held (0)."""
    status, out, _ = run(capsys, *argv)
    assert status == 0 and f"{'value':<26}{value:>12}" in out and "the battle is over" in out


def test_simulating_a_battle_already_over(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "risk", "simulate", "1", "0", "--no-stop", "--trials", "100")
    assert status == 0 and "every exact value lies inside" in out


def test_a_badly_scaled_matrix_falls_back_on_the_exact_solver(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "matrix", "[[1e16, -1], [-1, 1]]", "--float", "--json")
    assert status == 0
    # A 2 x 2 game without a saddle point has value (ad - bc) / (a + d - b - c).
    a, b, c, d = Fraction(10**16), Fraction(-1), Fraction(-1), Fraction(1)
    assert float((a * d - b * c) / (a + d - b - c)) == pytest.approx(eval_value(out))


def eval_value(out: str) -> float:
    import json

    return float(json.loads(out)["value"])


def test_paper_into_an_unwritable_folder_fails_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "tests" / "data").mkdir(parents=True)
    (tmp_path / "tests" / "data" / "seed000_signed.csv").write_text("")
    (tmp_path / "paper").mkdir()
    (tmp_path / "paper" / "generated").write_text("a file where the folder should be")
    monkeypatch.chdir(tmp_path)
    assert "cannot write" in refused(capsys, "paper", "--no-pdf")
    assert sorted(p.name for p in (tmp_path / "paper").iterdir()) == ["generated"]


def test_ctrl_c_during_start_up_is_handled(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Imports and parsing run inside main's handler: an interrupt there is one line."""

    def interrupted(*argv: object) -> argparse.ArgumentParser:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_main, "build_parser", interrupted)
    assert main(["risk", "odds", "3", "2"]) == 130
    assert capsys.readouterr().err == "strategy: interrupted\n"


def test_an_error_a_stop_caused_is_reported_as_the_stop(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGTERM landing in numpy's import of its C extensions comes out as ImportError (seen
    about once in 100 runs of test_atomic_writes' random stops): a stop, not a bug."""
    import os
    import signal

    def stopped_in_an_import(*argv: object) -> argparse.ArgumentParser:
        try:
            os.kill(os.getpid(), signal.SIGTERM)  # the handler raises, and records it
        except BaseException:
            raise ImportError("PyCapsule_Import could not import module datetime") from None
        raise AssertionError("SIGTERM raised nothing")

    monkeypatch.setattr(cli_main, "build_parser", stopped_in_an_import)
    assert main(["risk", "odds", "3", "2"]) == 143
    assert capsys.readouterr().err == "strategy: terminated\n"


# Group 4: requests that eat memory or time are refused up front, one test per command.


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["risk", "odds", "10000", "10000"], "would take about"),
        (["risk", "odds", "1000000000", "1000000000", "--float"], "needs about"),
        (["risk", "table", "--attackers", "3000", "--defenders", "3000", "--exact"], "needs about"),
        (["risk", "table", "--attackers", "100", "--defenders", "100", "--digits", "1000000",
          "--exact"], "decimals shown at most"),
        (["risk", "table", "--attackers", "100", "--defenders", "100", "--digits", "10000",
          "--exact", "--max-seconds", "5"], "would take about"),
        (["risk", "table", "--attackers", "600", "--defenders", "600", "--choice", "sees-roll",
          "--exact"], "would take about"),
        (["risk", "strategy", "--attackers", "10000", "--defenders", "10000"], "needs about"),
        (["risk", "strategy", "--attackers", "4000", "--defenders", "4000"], "would be about"),
        (["risk", "strategy", "--attackers", "1000", "--defenders", "1000", "--format", "csv",
          "--max-memory", "100M"], "needs about"),
        (["risk", "chain", "100000", "5", "5"], "would take about"),
        (["risk", "need", "1000000", "--target", "0.99", "--float", "--max-seconds", "200"],
         "finding the fewest armies against 1,000,000"),
        (["risk", "left", "100000", "100000"], "needs about"),
        (["risk", "report", "100000", "100000"], "needs about"),
        (["risk", "rule", "--size", "100000"], "needs about"),
        (["risk", "simulate", "5", "3", "--trials", "1000000000000"], "would take about"),
        (["risk", "simulate", "1000000", "1000000", "--trials", "10", "--max-seconds", "30"],
         "would take about"),
        (["risk", "graph", "1000000000", "3"], "more than 100,000 states"),
        (["risk", "graph", "30", "30", "--max-memory", "1M"], "needs about"),
        (["graph", "nim", "300", "0", "--max-states", "1000"], "more than 10,000 moves"),
        (["graph", "dice", "--rolls", "100000", "--sides", "100000"],
         "has up to 20,000,000,001 positions, more than 20,000"),
        (["graph", "tictactoe", "--max-memory", "1K"], "needs about"),
        (["dice", "--rolls", "1000000", "--sides", "1000000"], "needs about"),
        (["subtraction", "--bash", "100000000"], "100,000,000 takes needs about"),
        (["subtraction", "1", "2", "--up-to", "1000000000"], "needs about"),
        (["octal", "0.77", "--up-to", "1000000000"], "needs about"),
        # The heap games' own limit: heaps the recurrence must compute, no proven period.
        (["octal", "0.007", "--up-to", "1000000"], "would take about"),
        (["grundy", "--up-to", "100000000", "--stats"], "would take about"),
        (["grundy", "--up-to", "100000000"], "at most 4,194,304"),
        (["pig", "--goal", "100000"], "needs about"),
        # Work of a fixed size has no estimate; the time limit stops it all the same.
        (["tictactoe", "--max-seconds", "0.001"], "stopped after"),
        (["pig", "--max-seconds", "0.001"], "stopped after"),
    ],
)  # fmt: skip
def test_large_requests_are_refused_with_their_size(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert says in refused(capsys, *argv, *(["--max-memory", "8G"] if "--max-memory" not in argv
                                             else []))  # fmt: skip


def test_the_refusal_says_which_option_raises_the_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    err = refused(capsys, "risk", "odds", "10000", "10000", "--max-memory", "8G")
    assert "use --float" in err and "(--max-seconds S raises the limit)" in err
    err = refused(capsys, "risk", "odds", "10000", "10000", "--max-memory", "1M")
    assert "(--max-memory SIZE raises the limit)" in err


def test_raising_the_limit_lets_the_work_run(capsys: pytest.CaptureFixture[str]) -> None:
    # An up-front estimate: the exact push of 600 v 600, about 0.2 s.
    argv = ["risk", "odds", "600", "600", "--json"]
    assert "would take about" in refused(capsys, *argv, "--max-seconds", "0.1")
    assert run(capsys, *argv, "--max-seconds", "0")[0] == 0


def test_numbers_whose_text_is_a_huge_exponent(capsys: pytest.CaptureFixture[str]) -> None:
    assert "too large" in refused(capsys, "risk", "need", "3", "--target", "1e-99999999")
    assert "too large" in refused(capsys, "matrix", '[["1e999999999"]]')


# Groups 5 and 6: output paths (the atomic writes have tests/test_atomic_writes.py).


def test_npy_goes_to_exactly_the_name_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["risk", "table", "--attackers", "3", "--defenders", "2", "--format", "npy"]
    assert run(capsys, *argv, "--out", "t.bin")[0] == 0
    assert [p.name for p in tmp_path.iterdir()] == ["t.bin"]
    assert np.load(tmp_path / "t.bin").shape == (3, 2)
    (tmp_path / "adir").mkdir()
    assert "is a folder" in refused(capsys, *argv, "--out", "adir")
    assert "empty name" in refused(capsys, *argv, "--out", "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir", "t.bin"]
    assert list((tmp_path / "adir").iterdir()) == []


# Group 7: one line, even for arguments holding a newline.


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["risk", "odds", "5", "3", "\nfoo"], "unrecognized arguments: \\nfoo"),
        (["nim", "3", "--out", "no\nsuch/x.txt"], "'no\\nsuch/x.txt'"),
        (["octal", "0.7\n7"], "'0.7\\n7' is not an octal game code"),
        (["risk", "odds", "5", "3", "--objective", "keep\n:1"], "objective 'keep\\n:1'"),
    ],
)
def test_errors_quote_newlines_and_stay_on_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert says in refused(capsys, *argv)


# Group 8: errors that speak the problem, not Python.


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["risk", "rule", "--size", "1"], "give a size of at least 4"),
        # One rule for every whole number: below 10^18 (the counts' own limits lie beyond).
        (["risk", "simulate", "5", "3", "--trials", "1" + "0" * 30, "--max-seconds", "0"],
         "whole numbers here stay below 10^18"),
        (["risk", "odds", "\u0663", "2"], "is not a whole number (digits 0-9)"),
        (["risk", "simulate", "5", "3", "--confidence", "0.9999999999999999"], "too close to 1"),
        (["risk", "table", "--digits", "1" + "0" * 17, "--exact"], "decimals shown at most"),
        (["risk", "simulate", "1" + "0" * 17, "3"], "battles of 100,000,000,000,000,003 armies"),
        (["risk", "odds", "1" * 200, "3"], "is too large"),
    ],
)  # fmt: skip
def test_errors_name_the_problem(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    err = refused(capsys, *argv)
    assert says in err
    for python in ("C long", "argmax", "format string", "dimension", "p must be"):
        assert python not in err


# Group 9: bad input (exit 2) is told apart from internal failures (exit 70).


def test_a_bug_is_an_internal_error_not_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from strategy.cli.risk import odds

    def broken(args: argparse.Namespace, found: object) -> str:
        raise ValueError("math domain error")  # what a bug deep inside would raise

    monkeypatch.setattr(odds, "text", broken)  # main builds its parser afresh each call
    status, _, err = run(capsys, "risk", "odds", "3", "2")
    assert status == 70 and len(err.splitlines()) == 1
    assert err.startswith("strategy: internal error (ValueError: math domain error)")
    assert "please report it" in err


def test_bad_input_from_deep_inside_is_still_bad_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Rules() validates the dice (Rules raises InputError), far below the argument parser.
    err = refused(capsys, "risk", "odds", "3", "2", "--attacker-sides", "1")
    assert err.startswith("strategy: error: attacker_sides must be a whole number from 2")


def test_out_of_memory_says_the_limit_it_ran_into(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An estimate that fell short: the one line gives the figure the work ran into."""
    import strategy.engine.matrix_game as matrix_game

    def exhausted(*args: object, **options: object) -> None:
        raise MemoryError

    monkeypatch.setattr(matrix_game, "solve_matrix_game", exhausted)
    err = refused(capsys, "matrix", "[[1, -1], [-1, 1]]", "--max-memory", "300M")
    assert err == (
        "strategy: error: out of memory (the limit is 300.0 MiB); ask for less, or give a "
        "smaller --max-memory SIZE so that estimates refuse such work up front\n"
    )


def test_a_matrix_file_is_sized_before_it_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "big.csv"
    path.write_text("\n".join(",".join(["1"] * 1000) for _ in range(1000)))
    err = refused(capsys, "matrix", "--file", str(path), "--max-memory", "100M")
    assert "reading" in err and "(about 1,000,000 entries) needs about" in err
