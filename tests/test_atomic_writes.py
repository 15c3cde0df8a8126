"""Files written whole or not at all: interrupted writes (SIGINT, SIGTERM) leave the old file
untouched or the new one complete, and two writers of one file leave one whole file.

Deep imports: the atomic writers (:mod:`strategy.engine.atomic`), under test, and the graph reader
that reads a written file back.
"""

from __future__ import annotations

import json
import os
import random
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

from strategy.engine import InputError
from strategy.engine.atomic import (
    atomic_open,
    atomic_path,
    write_bytes_atomic,
    write_target,
    write_text_atomic,
)
from strategy.present.graph_io import read_graph
from tests.helpers import run

ROOT = Path(__file__).resolve().parents[1]
OLD = '{"old": true}\n'


def strategy(*argv: str, cwd: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "strategy.cli.start", *argv],
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
    from strategy.engine.stops import catching
    # A background job starts with SIGINT ignored, which the child would inherit.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    from strategy.engine.atomic import atomic_open
    with catching():
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


# Stop requests from the first moment: the entry point catches SIGINT and SIGTERM before
# the command line's imports, a stop whose raise is lost still stops the command, a stop
# while the process exits still gives 130 or 143, and a killed writer's file is swept.

STOPPED = {
    signal.SIGINT: (130, "strategy: interrupted"),
    signal.SIGTERM: (143, "strategy: terminated"),
}


def caught(pid: int) -> bool:
    """Whether process ``pid`` catches SIGTERM yet (Linux's SigCgt mask): Python itself
    catches SIGINT from its start, SIGTERM only once the entry point has run."""
    status = Path(f"/proc/{pid}/status").read_text()
    mask = int(
        next(line for line in status.splitlines() if line.startswith("SigCgt:")).split()[1], 16
    )
    return bool(mask >> (signal.SIGTERM - 1) & 1)


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_at_a_random_moment_of_start_up_stops_the_command(
    tmp_path: Path, number: int
) -> None:
    """From the entry point's first line on: the imports, the parsing, the work."""
    if not Path("/proc/self/status").exists():
        pytest.skip("reads the signal mask from Linux's /proc")
    rng = random.Random(number)
    for delay in (0.0, *(rng.uniform(0, 0.5) for _ in range(3))):
        child = strategy(
            "risk", "table", "--attackers", "200", "--defenders", "200", "--exact",
            "--format", "csv", "--out", "t.csv", "--max-seconds", "0", cwd=tmp_path,
        )  # fmt: skip
        while child.poll() is None and not caught(child.pid):
            time.sleep(0.001)
        time.sleep(delay)
        child.send_signal(number)
        out, err = child.communicate(timeout=60)
        assert (child.returncode, out, err) == (STOPPED[number][0], "", STOPPED[number][1] + "\n")
        assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_the_entry_module_imports_nothing_heavy() -> None:
    """So that the window before the handlers is the interpreter's own start-up."""
    code = "import sys; import strategy.cli.start; print(sorted(sys.modules))"
    env = {"PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout
    assert not {"argparse", "json", "numpy", "strategy.cli.common", "strategy.cli.main"} & set(
        eval(out)
    )


# A command run through the entry point that, once done, lingers in an exit handler.
EXITING = textwrap.dedent(
    """
    import atexit, sys, time
    from strategy.cli import start
    sys.argv = ["strategy", "risk", "odds", "3", "2", "--json"]
    status = start.main()
    atexit.register(lambda: (print("exiting", flush=True), time.sleep(30)))
    sys.exit(status)
    """
)


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_while_the_process_exits_gives_its_status(number: int) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-c", EXITING], env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert child.stdout is not None
    printed = "".join(iter(child.stdout.readline, "exiting\n"))  # until the exit handler
    assert json.loads(printed)["attackers"] == 3
    child.send_signal(number)
    _, err = child.communicate(timeout=30)
    assert (child.returncode, err) == (STOPPED[number][0], STOPPED[number][1] + "\n")


def test_a_stop_whose_raise_is_lost_still_stops_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C landing in a finaliser: Python prints "Exception ignored" and carries on; the
    command must not, nor write its file."""
    import strategy.engine.atomic as atomic

    class Finalised:
        def __del__(self) -> None:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # the handler runs here, inside the finaliser

    sweep = atomic._sweep

    def lose_a_stop(folder: Path) -> None:
        Finalised()
        sweep(folder)

    monkeypatch.setattr(atomic, "_sweep", lose_a_stop)
    status, out, err = run(capsys, "risk", "odds", "3", "2", "--out", str(tmp_path / "o.txt"))
    assert (status, out, err) == (130, "", "strategy: interrupted\n")
    assert list(tmp_path.iterdir()) == []


def test_a_killed_writers_file_is_swept_by_the_next_write(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", SLOW_WRITER, str(tmp_path / "big.txt")],
        env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert child.stdout is not None and child.stdout.readline().strip() == "half-way"
    child.kill()
    child.wait(timeout=30)
    (stale,) = leftovers(tmp_path, "big.txt")
    write_text_atomic(tmp_path / "other.txt", "x")  # a write of another file, same folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.txt"]
    assert stale.endswith(".tmp.txt")


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["--version"], 0),
        (["risk", "odds", "3", "2", "--bogus"], 2),
        (["risk", "odds", "3", "2"], 0),
    ],
)
def test_the_entry_point_exits_with_the_commands_status(
    tmp_path: Path, argv: list[str], status: int
) -> None:
    """argparse's own exits (help, version, usage errors) pass through the entry point."""
    child = strategy(*argv, cwd=tmp_path)
    _, err = child.communicate(timeout=60)
    assert child.returncode == status and len(err.splitlines()) == (status == 2), err
