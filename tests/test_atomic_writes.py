"""Files written whole or not at all: interrupted writes (SIGINT, SIGTERM) leave the old file
untouched or the new one complete, and two writers of one file leave one whole file.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from strategy.engine.atomic import (
    atomic_open,
    atomic_path,
    write_bytes_atomic,
    write_target,
    write_text_atomic,
)
from strategy.engine.errors import InputError
from strategy.present.graph_io import read_graph
from tests.helpers import run

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
    import signal, sys, time
    from strategy.cli.guard import terminate_like_interrupt
    # A background job starts with SIGINT ignored, which the child would inherit.
    signal.signal(signal.SIGINT, signal.default_int_handler)
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


def device(folder: Path, name: str, minor: int) -> Path:
    """A copy of /dev/null (minor 3) or /dev/full (minor 7) in ``folder``: were a regression
    to replace it, the machine's own device would be spared."""
    path = folder / name
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
    except PermissionError:
        pytest.skip("creating a device needs root")
    return path


def test_a_device_is_written_in_place_never_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    null = device(tmp_path, "null", 3)
    status, out, err = run(capsys, "risk", "odds", "10", "6", "--json", "--out", str(null))
    assert (status, out, err) == (0, "", "")
    assert stat.S_ISCHR(null.stat().st_mode) and os.major(null.stat().st_rdev) == 1
    assert leftovers(tmp_path, "null") == []


def test_a_full_device_gives_one_line_and_stays_a_device(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    full = device(tmp_path, "full", 7)
    status, out, err = run(capsys, "risk", "odds", "10", "6", "--json", "--out", str(full))
    assert status == 2 and out == ""
    assert err == f"strategy: error: cannot write {str(full)!r}: No space left on device\n"
    assert stat.S_ISCHR(full.stat().st_mode)


def test_a_pipe_and_a_link_to_stdout_are_written_through(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE, text=True)
    writer = strategy("risk", "odds", "3", "2", "--json", "--out", "fifo", cwd=tmp_path)
    assert writer.wait(timeout=60) == 0
    got, _ = reader.communicate(timeout=60)
    assert json.loads(got)["attackers"] == 3 and stat.S_ISFIFO(fifo.stat().st_mode)
    # What /dev/stdout is, made here: a link to the process's own standard output.
    (tmp_path / "stdout").symlink_to("/proc/self/fd/1")
    child = strategy("risk", "odds", "3", "2", "--json", "--out", "stdout", cwd=tmp_path)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0 and json.loads(out)["defenders"] == 2, err
    assert (tmp_path / "stdout").is_symlink()


def test_a_link_to_a_file_stays_a_link_and_the_file_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "real.txt").write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to("real.txt")
    write_text_atomic(link, "new")
    assert link.is_symlink() and (tmp_path / "real.txt").read_text() == "new"
    assert leftovers(tmp_path, "real.txt") == []


def test_what_is_not_a_file_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(tmp_path / "sock"))
    (tmp_path / "dangling").symlink_to("nowhere")
    expected = {
        "sock": "it is a socket, not a file",
        "dangling": "it is a symbolic link to 'nowhere', which does not exist",
        "a\nb": "a file name with a control character (a newline?) is refused",
    }
    for name, why in expected.items():
        with pytest.raises(InputError, match=re.escape(why)):
            write_target(tmp_path / name)
        status, _, err = run(capsys, "risk", "odds", "3", "2", "--out", str(tmp_path / name))
        assert status == 2 and len(err.splitlines()) == 1 and why in err
    server.close()
    assert stat.S_ISSOCK((tmp_path / "sock").stat().st_mode)
    assert (tmp_path / "dangling").is_symlink() and not (tmp_path / "a\nb").exists()
