"""The resource budget: limits, messages, the deadline and the memory the process may use.

Deep imports: the resource budget's helpers (:mod:`strategy.engine.resources`) beyond what
:mod:`strategy.engine` exports, under test.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategy.engine import Budget, InputError, OutOfTime, TooLarge, use_budget
from strategy.engine.resources import (
    DEFAULT_SECONDS,
    REPEAT_SECONDS,
    current_budget,
    deadline,
    human_bytes,
    parse_size,
    require,
)

ROOT = Path(__file__).resolve().parents[1]


def test_require_names_the_figure_the_limit_and_the_hint() -> None:
    with use_budget(Budget(memory=2**30, seconds=10)):
        with pytest.raises(
            TooLarge,
            match=r"^a big thing needs about 2\.0 GiB of memory; "
            r"the limit is 1\.0 GiB; use --float$",
        ) as caught:
            require("a big thing", memory=2**31, hint="use --float")
        assert caught.value.resource == "memory"
        with pytest.raises(TooLarge, match=r"would take about 1\.0 min .*limit is 10\.0 s") as late:
            require("a slow thing", seconds=60)
        assert late.value.resource == "time"
        require("a small thing", memory=2**29, seconds=5)  # within both limits


def test_a_too_large_request_is_an_input_error_and_the_budget_is_restored() -> None:
    assert issubclass(TooLarge, InputError) and issubclass(InputError, ValueError)
    with use_budget(Budget(seconds=1)):
        assert current_budget().seconds_limit() == 1
    assert current_budget().seconds_limit() == DEFAULT_SECONDS
    assert Budget(seconds=0).seconds_left() is None  # 0: no limit


def test_time_already_spent_counts_against_the_limit() -> None:
    budget = Budget(seconds=10, started=time.monotonic() - 9)
    with use_budget(budget), pytest.raises(TooLarge, match="of it left"):
        require("two more seconds", seconds=2)


def test_the_deadline_stops_work_that_runs_past_the_limit() -> None:
    began = time.monotonic()
    with pytest.raises(OutOfTime), deadline(Budget(seconds=0.2)):
        while time.monotonic() - began < 5:
            pass
    assert time.monotonic() - began < 2
    with deadline(Budget(seconds=0)):  # no limit: nothing armed
        pass


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_stop_lost_in_a_gc_callback_comes_again_at_once() -> None:
    """Python swallows an exception raised inside a gc callback (or a finaliser) and carries
    on; work shorter than the stop's repeat interval would then finish past its limit. The
    first collection here sleeps well past the limit, so the stop lands in its callback."""
    slept: list[bool] = []

    def slow(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and not slept:
            slept.append(True)
            time.sleep(0.1)

    gc.callbacks.append(slow)
    try:
        with pytest.raises(OutOfTime), deadline(Budget(seconds=0.02)):
            # The youngest generation only: quick however much the process holds (a full
            # collection late in the suite can outlast the work below). The work ends
            # before a repeat of a lost stop would come.
            gc.collect(0)
            collected = time.monotonic()
            while time.monotonic() - collected < REPEAT_SECONDS / 2:
                pass
    finally:
        gc.callbacks.remove(slow)


def test_available_memory_honours_the_address_space_limit() -> None:
    """Under ``ulimit -v`` (here 2 GiB), the memory a request may plan on shrinks with it."""
    code = (
        "import resource; resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30)); "
        "from strategy.engine.resources import available_memory; print(available_memory())"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert 0 < int(out) < 2 * 2**30


@given(st.integers(0, 2**60))
def test_sizes_read_back_from_their_human_form(size: int) -> None:
    text = human_bytes(size)
    number, unit = text.split()
    back = parse_size(number + unit.removesuffix("B").removesuffix("i"))
    # One decimal of the unit: within 5% (or exact for plain bytes).
    assert abs(back - size) <= 0.05 * size + 1


@pytest.mark.parametrize("text", ["", "G", "8X", "-1G", "1e3", "1" * 50])
def test_parse_size_refuses_what_is_not_a_size(text: str) -> None:
    with pytest.raises(InputError):
        parse_size(text)
