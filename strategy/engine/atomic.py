"""Files written whole or not at all.

Every file the package writes goes through :func:`atomic_path`: the data go to a temporary
file beside the target, are flushed to disk, and the temporary file is renamed over the
target in one step (``os.replace``). A reader, a crash, Ctrl-C or SIGTERM half-way, or a
second process writing the same target, therefore sees either the old file or a complete
new one, never a truncated or interleaved one; the temporary file is removed when the
writing fails. A stop requested while the data were written (:mod:`strategy.engine.stops`)
keeps the old file even if its first raise was lost. A process killed outright (SIGKILL, a
crash) leaves its temporary file behind: its name carries the writer's process id, and the
next write into the same folder removes those whose writer no longer runs.

Only a regular file is ever replaced (:func:`write_target`): a symbolic link stays a link,
the file it names is the one replaced; a character device or a pipe (``/dev/null``,
``/dev/stdout``, a FIFO) is written in place, as a shell redirection writes it, for a
rename would put a regular file where the device was; a socket, a block device, a
folder, a link to nothing or a name with a control character (a newline) is refused
with an :class:`~strategy.engine.errors.InputError`.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     target = Path(folder) / "table.txt"
...     write_text_atomic(target, "old\\n")
...     try:
...         with atomic_open(target) as out:
...             _ = out.write("half a new ")
...             raise KeyboardInterrupt
...     except KeyboardInterrupt:
...         pass
...     target.read_text(), sorted(p.name for p in Path(folder).iterdir())
('old\\n', ['table.txt'])
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import stat
import threading
from collections.abc import Iterator
from pathlib import Path
from signal import SIGINT, SIGTERM
from types import FrameType
from typing import IO, Any

from strategy.engine import stops
from strategy.engine.errors import InputError, echo

__all__ = [
    "atomic_open",
    "atomic_path",
    "write_bytes_atomic",
    "write_target",
    "write_text_atomic",
]

#: What the kinds of file that are neither replaced nor written in place are called.
_REFUSED = {
    stat.S_IFDIR: "a folder",
    stat.S_IFSOCK: "a socket",
    stat.S_IFBLK: "a block device",
}


def write_target(target: str | os.PathLike[str]) -> tuple[Path, bool]:
    """Where writing ``target`` goes, and whether it is written in place: ``(target,
    False)`` for a new file or a regular one, ``(the file a link names, False)`` for a
    symbolic link to a regular file, ``(target, True)`` for a character device or a pipe;
    an ``InputError`` for anything else.

    >>> write_target("/dev/null")
    (PosixPath('/dev/null'), True)
    >>> write_target("a\\nb.txt")
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: cannot write 'a\\nb.txt': a file name with a control ...
    """
    path = Path(target)
    name = str(path)
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise InputError(
            f"cannot write {echo(name)}: a file name with a control character (a newline?) "
            "is refused"
        )
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if path.is_symlink():
            raise InputError(
                f"cannot write {echo(name)}: it is a symbolic link to "
                f"{echo(os.readlink(path))}, which does not exist"
            ) from None
        return path, False
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return path, True
    if not stat.S_ISREG(mode):
        what = _REFUSED.get(stat.S_IFMT(mode), "not a regular file")
        raise InputError(f"cannot write {echo(name)}: it is {what}, not a file")
    if not path.is_symlink():
        return path, False
    real = Path(os.path.realpath(path))
    # A link of /proc (/dev/stdout to a deleted file) may name no path: write through it.
    if real.is_file() and os.path.samefile(real, path):
        return real, False
    return path, True


def _new_file_mode() -> int:
    """The permissions ``open()`` would give a new file: 0o666 less the umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary path beside ``target`` to write to; renamed over ``target`` when the block
    ends without an exception, removed otherwise (also on ``KeyboardInterrupt``).

    The temporary name ends in the target's suffix, so writers that pick a format from the
    extension (matplotlib, networkx) pick the target's. ``OSError`` if the folder cannot
    be written; ``InputError`` if ``target`` is not a file to write (see :func:`write_target`).
    A device or a pipe is yielded itself: writing it is all there is to do.
    """
    target, in_place = write_target(target)
    if in_place:
        yield target
        return
    folder = target.parent
    _sweep(folder)
    temporary: Path | None = None
    try:
        # Ctrl-C or SIGTERM between creating the temporary file and holding its name would
        # leave it behind: the signals wait until the name is held.
        import tempfile  # only a file written needs it: not at start-up

        with _signals_deferred():
            handle, name = tempfile.mkstemp(
                dir=folder,
                prefix=f".{target.name}.{_MARK}{os.getpid()}-",
                suffix=f".tmp{target.suffix}",
            )
            temporary = Path(name)
            os.close(handle)
        yield temporary
        try:
            mode = os.stat(target).st_mode & 0o7777
        except FileNotFoundError:
            mode = _new_file_mode()
        os.chmod(temporary, mode)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        stops.check()
        os.replace(temporary, target)
    except BaseException:
        if temporary is not None:
            with contextlib.suppress(OSError):
                temporary.unlink()
        raise
    _sync_folder(folder)


#: What marks a temporary file of ours, before its writer's process id.
_MARK = "strategy-"
_OURS = re.compile(rf"\..+\.{_MARK}(\d+)-\w+\.tmp(\.\w*)?")


def _sweep(folder: Path) -> None:
    """Remove the temporary files of ours in ``folder`` whose writer no longer runs.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     dead = Path(folder) / f".t.txt.{_MARK}{2**22 + 1}-x1y2.tmp.txt"  # past pid_max
    ...     alive = Path(folder) / f".t.txt.{_MARK}{os.getpid()}-x1y2.tmp.txt"
    ...     _ = dead.write_text("half"), alive.write_text("half")
    ...     write_text_atomic(Path(folder) / "u.txt", "whole")
    ...     sorted(p.name for p in Path(folder).iterdir()) == sorted([alive.name, "u.txt"])
    True
    """
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.name.startswith(".")]
    except OSError:
        return  # the write itself will say why the folder cannot be used
    for name in names:
        match = _OURS.fullmatch(name)
        if match is not None and not _running(int(match.group(1))):
            with contextlib.suppress(OSError):
                (folder / name).unlink()


def _running(pid: int) -> bool:
    """Whether process ``pid`` runs (or may: one of another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


@contextlib.contextmanager
def _signals_deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back inside the block, then act on them as they would have.

    Python runs signal handlers in the main thread whichever thread the system chose, so
    swapping the handlers (not masking the signals, which a numpy thread might take) holds
    them; elsewhere than in the main thread nothing can be swapped, nor needs to be.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def hold(number: int, frame: FrameType | None) -> None:
        caught.append(number)

    previous = {number: signal.signal(number, hold) for number in (SIGINT, SIGTERM)}
    try:
        yield
    finally:
        for held, handler in previous.items():
            signal.signal(held, handler)
        for number in caught:
            was = previous[signal.Signals(number)]
            if callable(was):
                was(number, None)
            elif was == signal.SIG_DFL:
                os.kill(os.getpid(), number)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable, where the system allows opening a folder."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


@contextlib.contextmanager
def atomic_open(
    target: str | os.PathLike[str], mode: str = "w", **options: Any
) -> Iterator[IO[Any]]:
    """An open file (``mode`` ``"w"`` or ``"wb"``) that replaces ``target`` when the block ends
    without an exception; ``options`` go to ``open`` (text mode defaults to UTF-8)."""
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_open writes new files: mode 'w' or 'wb', not {mode!r}")
    if mode == "w":
        options.setdefault("encoding", "utf-8")
    with atomic_path(target) as temporary, open(temporary, mode, **options) as out:
        yield out


def write_text_atomic(target: str | os.PathLike[str], text: str, **options: Any) -> None:
    """Replace ``target`` with ``text`` (UTF-8 unless ``encoding`` says otherwise)."""
    with atomic_open(target, "w", **options) as out:
        out.write(text)


def write_bytes_atomic(target: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``target`` with ``data``."""
    with atomic_open(target, "wb") as out:
        out.write(data)
