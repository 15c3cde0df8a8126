"""Files written whole or not at all: interrupted writes (SIGINT, SIGTERM) leave the old file
untouched or the new one complete, and two writers of one file leave one whole file.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from strategy.engine.atomic import atomic_open, atomic_path, write_bytes_atomic, write_text_atomic
from strategy.present.graph_io import read_graph

ROOT = Path(__file__).resolve().parents[1]
OLD = '{"old": true}\n'


def strategy(*argv: str, cwd: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "strategy.cli.main", *argv],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def leftovers(folder: Path, name: str) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(f".{name}.")]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "t.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic_open(target) as out:
        out.write("new, but not all of it")
        raise RuntimeError("disk on fire")
    assert target.read_text() == "old" and leftovers(tmp_path, "t.txt") == []
    write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"new" and leftovers(tmp_path, "t.txt") == []


def test_the_temporary_keeps_the_suffix_and_the_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "g.graphml"
    target.write_text("old")
    target.chmod(0o640)
    with atomic_path(target) as temporary:
        assert temporary.parent == tmp_path and temporary.name.endswith(".graphml")
        temporary.write_text("new")
    assert target.read_text() == "new" and (target.stat().st_mode & 0o777) == 0o640
    write_text_atomic(tmp_path / "fresh.txt", "x")
    umask = os.umask(0)
    os.umask(umask)
    assert ((tmp_path / "fresh.txt").stat().st_mode & 0o777) == 0o666 & ~umask


# A child that writes a big file slowly through the same writer the commands use, under the
# command line's signal handling, and says when it is half-way.
SLOW_WRITER = textwrap.dedent(
    """
    import sys, time
    from strategy.cli.guard import terminate_like_interrupt
    from strategy.engine.atomic import atomic_open
    with terminate_like_interrupt():
        try:
            with atomic_open(sys.argv[1]) as out:
                for i in range(2000):
                    out.write("x" * 10_000)
                    if i == 100:
                        out.flush()
                        print("half-way", flush=True)
                    time.sleep(0.001)
        except BaseException as error:
            print(type(error).__name__, flush=True)
            sys.exit(1)
    """
)


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_a_write_interrupted_half_way_leaves_the_old_file(tmp_path: Path, number: int) -> None:
    target = tmp_path / "big.txt"
    target.write_text(OLD)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-c", SLOW_WRITER, str(target)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "half-way"
    assert leftovers(tmp_path, "big.txt")  # the new data sit beside the target
    child.send_signal(number)
    out, _ = child.communicate(timeout=30)
    expected = "KeyboardInterrupt" if number == signal.SIGINT else "Terminated"
    assert out.strip() == expected
    assert target.read_text() == OLD and leftovers(tmp_path, "big.txt") == []


@pytest.mark.parametrize(("number", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_an_interrupted_table_leaves_the_old_file_or_the_whole_new_one(
    tmp_path: Path, number: int, status: int
) -> None:
    """The signal goes in as soon as the command starts writing (or at its end, if the
    write was too quick to be seen): either way the file is the old one or a whole table."""
    target = tmp_path / "big.json"
    target.write_text(OLD)
    child = strategy(
        "risk", "table", "--attackers", "800", "--defenders", "800", "--json", "--out",
        "big.json", cwd=tmp_path,
    )  # fmt: skip
    while child.poll() is None and not leftovers(tmp_path, "big.json"):
        time.sleep(0.001)
    child.send_signal(number)
    _, err = child.communicate(timeout=60)
    assert "Traceback" not in err and len(err.splitlines()) <= 1
    text = target.read_text()
    if child.returncode == status:
        assert err.strip() in ("strategy: interrupted", "strategy: terminated")
    else:
        assert child.returncode == 0
    assert text == OLD or len(json.loads(text)["values"]) == 800
    assert leftovers(tmp_path, "big.json") == []


def test_two_writers_of_one_graph_leave_one_whole_graph(tmp_path: Path) -> None:
    for _ in range(2):
        first = strategy("risk", "graph", "12", "12", "--out", "same.graphml", cwd=tmp_path)
        second = strategy("risk", "graph", "11", "12", "--out", "same.graphml", cwd=tmp_path)
        assert first.wait(timeout=120) == 0 and second.wait(timeout=120) == 0
        graph = read_graph(tmp_path / "same.graphml")
        assert graph.graph["start"] in ("12v12", "11v12")
        assert leftovers(tmp_path, "same.graphml") == []
