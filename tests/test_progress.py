"""The progress bar, and Ctrl-C during a long computation.

Deep imports: :mod:`strategy.engine.progress`, the progress bar, under test.
"""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import time

import pytest

from strategy.engine.progress import ProgressBar, bar_text


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_bar_only_after_a_second_on_a_terminal_and_erased_at_the_end() -> None:
    stream, clock = Terminal(), Clock()
    with ProgressBar("table", stream=stream, clock=clock) as progress:
        progress(1, 10)
        assert stream.getvalue() == ""  # quick work draws nothing
        clock.now = 1.5
        progress(5, 10)
        assert stream.getvalue().endswith("]  50%  about 2 s left")  # 1.5 s more at this pace
        clock.now = 1.55
        progress(6, 10)
        assert "60%" not in stream.getvalue()  # at most ten redraws a second
    drawn = bar_text("table", 5, 10, elapsed=1.5)
    assert stream.getvalue() == "\r" + drawn + "\r" + " " * len(drawn) + "\r"


def test_a_long_job_says_how_long_once_up_front() -> None:
    stream, clock = Terminal(), Clock()
    with ProgressBar("simulate", stream=stream, clock=clock) as progress:
        clock.now = 1.5
        progress(1, 100)  # 1% in 1.5 s: 150 s in all
        clock.now = 3.0
        progress(2, 100)
    lines = stream.getvalue().split("\n")
    assert lines[0] == "simulate: this will take about 2 min 30 s (estimated from the first 2 s)"
    assert stream.getvalue().count("this will take") == 1
    assert "about 2 min 27 s left" in lines[1]  # 98% to go at 1.5 s per 1%


def test_bar_is_erased_on_interrupt() -> None:
    stream, clock = Terminal(), Clock()
    with pytest.raises(KeyboardInterrupt), ProgressBar("odds", stream=stream, clock=clock) as bar:
        clock.now = 2.0
        bar(1, 4)
        raise KeyboardInterrupt
    assert stream.getvalue().endswith(" \r")


def test_no_bar_when_not_a_terminal() -> None:
    stream, clock = io.StringIO(), Clock()
    with ProgressBar("table", stream=stream, clock=clock) as progress:
        clock.now = 5.0
        progress(1, 2)
    assert stream.getvalue() == ""


def test_ctrl_c_interrupts_a_long_battle_cleanly() -> None:
    # A million armies each: tens of seconds of pushing mass; interrupt it after startup.
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "strategy.cli.main",
            "risk",
            "odds",
            "1000000",
            "1000000",
            "--float",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(3)
        assert process.poll() is None
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)
    finally:
        process.kill()
    assert process.returncode == 130
    assert err == "strategy: interrupted\n"
    assert out == ""
