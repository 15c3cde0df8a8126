"""Generated command lines, built from the real parser's own actions: every one must end
with exit status 0, or with status 2 and exactly one line on stderr, never a traceback
(docs/promises.md).

Values come from each action's type and choices: mostly small, valid ones, sometimes the
edge cases that broke the promises before (huge numbers, newlines, empty names, folders,
numbers whose text makes a huge exponent). Every run gets ``--max-seconds 1``, so that a
slow combination ends with the time-limit error, which is itself a promise kept.

Deep imports: the command line's own parser (:mod:`strategy.cli.main`,
:mod:`strategy.cli.declared`), whose actions generate the command lines.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategy.cli import common, options
from strategy.cli.declared import Typed
from strategy.cli.main import build_parser, main

PARSER = build_parser()
#: Options every run gets; the generator leaves them alone.
FIXED = ("--max-seconds", "--max-memory", "--help", "--version")

NASTY_TEXT = ["", "\n", "a\nb", "-1", "1e999999999", "1" * 200, "x" * 50, "\x1b[31m"]
SMALL_INTS = ["0", "1", "2", "3", "4", "5", "6", "8"]
WORDS = [
    "0.77",
    "0.07",
    "0.333",
    "capture",
    "signed",
    "keep:2",
    "balance:1",
    "bogus",
    "X.O/.X./...",
    "XX",
    "[[1,-1],[-1,1]]",
    '[["1e100000"]]',
    "[[1e16, -1], [-1, 1]]",
    "80%",
    "0.5",
    "1/3",
    "1e-5000",
    "0.9999999999999999",
    "6,8",
]
FILES = ["out.txt", "out.json", "t.bin", "t.npy", "g.graphml", "g.gexf", "g.dot", "d.png"]


def leaves(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """``(command words, parser)`` of every command that runs."""
    if isinstance(parser, common.Parser):
        parser.ready()  # a list of registered games fills in on first use
    groups = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not groups:
        return [(path, parser)]
    found = []
    for group in groups:
        for name, child in group.choices.items():
            found += leaves(child, (*path, name))
    return found


#: ``serve`` would start a server that runs until stopped: left out.
COMMANDS = [(words, parser) for words, parser in leaves(PARSER) if words != ("serve",)]


def values(action: argparse.Action) -> st.SearchStrategy[str]:
    """Texts for one value of ``action``, from its type and choices."""
    nasty = st.sampled_from(NASTY_TEXT)
    field = action.type.spec if isinstance(action.type, Typed) else None
    choices = action.choices if field is None else field.choices
    if choices is not None:
        good: st.SearchStrategy[str] = st.sampled_from([str(c) for c in choices])
    elif action.type in (options.positive_int, options.nonnegative_int, options.whole_number) or (
        field is not None and field.kind == "integer"
    ):
        good = st.sampled_from(SMALL_INTS) | st.integers(-3, 40).map(str)
    elif action.type is common.output_file:
        good = st.sampled_from(FILES)
    else:
        good = st.sampled_from(WORDS + SMALL_INTS)
    # One value in twenty is an edge case: most lines should get past parsing.
    return st.integers(0, 19).flatmap(lambda i: nasty if i == 0 else good)


def arguments(action: argparse.Action) -> st.SearchStrategy[list[str]]:
    """Zero or more argument words for ``action`` (its option string first, if any)."""
    takes = action.nargs
    if isinstance(action, argparse._StoreConstAction | argparse._StoreTrueAction):
        words: st.SearchStrategy[list[str]] = st.just([])
    elif takes in ("+", "*"):
        words = st.lists(values(action), min_size=1 if takes == "+" else 0, max_size=3)
    elif takes == "?":
        words = st.lists(values(action), max_size=1)
    else:
        words = values(action).map(lambda v: [v])
    if not action.option_strings:
        return words
    option = action.option_strings[-1]
    present = words.map(lambda w: [option, *w])
    return st.integers(0, 3).flatmap(lambda i: present if i == 0 else st.just([]))


@st.composite
def command_lines(draw: Callable[..., Any]) -> list[str]:
    words, parser = draw(st.sampled_from(COMMANDS))
    argv = list(words)
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or set(action.option_strings) & set(FIXED):
            continue
        argv += draw(arguments(action))
    return [*argv, "--max-seconds", "1"]


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argv=command_lines())
def test_every_generated_command_line_keeps_the_promise(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's own errors
        status = int(exit_.code or 0)
    _, err = capsys.readouterr()
    assert "Traceback" not in err, argv
    assert status == 0 or (status == 2 and len(err.strip().splitlines()) == 1), (argv, status, err)


def test_the_generator_reaches_every_command() -> None:
    names = {" ".join(words) for words, _ in COMMANDS}
    assert {"risk odds", "risk table", "graph nim", "matrix", "paper"} <= names
    assert len(names) == len(COMMANDS) >= 20


# Map and position files: a valid file with one field replaced by a bad JSON value (wrong
# type, huge number, deep nesting), each run of `risk plan` must keep the same promise.
MAP = {
    "name": "tiny",
    "territories": ["A", "B", "C"],
    "adjacency": {"A": ["B"], "B": ["A", "C"], "C": ["B"]},
    "continents": {"East": {"bonus": 2, "territories": ["B", "C"]}},
    "disputed": [["A", "B"]],
}
POSITION = {
    "attackers": {"Siam": 6},
    "defenders": {"Indonesia": 2, "New Guinea": 1},
    "target": "Indonesia, New Guinea",
    "region": ["Indonesia"],
}
#: Placeholders a value's JSON text is swapped for, where json.dumps cannot write it.
DEEP, LONG = "@deep@", "@long@"
BAD_VALUES = [
    5, -1, 0, 2.5, 1e308, True, None, "", "x" * 5000, [], {}, [5], [[]], {"A": 5},
    ["A", 5], 10**40, DEEP, LONG,
]  # fmt: skip


def paths(data: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every key path in ``data``, objects only (a list is replaced whole)."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*prefix, key))
    return found


def replaced(data: Any, path: tuple[str, ...], value: Any) -> str:
    """``data`` as JSON text with the value at ``path`` replaced by ``value``."""
    copy = json.loads(json.dumps(data))
    where = copy
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    text = json.dumps(copy)
    text = text.replace(f'"{DEEP}"', "[" * 100_000 + "]" * 100_000)
    return text.replace(f'"{LONG}"', "9" * 5000)


@pytest.mark.parametrize(
    ("option", "path"),
    [("--map", path) for path in paths(MAP)] + [("--position", path) for path in paths(POSITION)],
)
def test_every_bad_map_or_position_file_gives_one_line(
    option: str, path: tuple[str, ...], tmp_path: Path
) -> None:
    """Every bad value at every place of the file: few enough to try them all."""
    file = tmp_path / "input.json"
    for value in BAD_VALUES:
        file.write_text(replaced(MAP if option == "--map" else POSITION, path, value))
        argv = ["risk", "plan", option, str(file), "--no-compare", "--max-seconds", "5"]
        if option == "--map":
            argv += ["--from", "A=4", "--defenders", "B=1,C=1", "--target", "East"]
        status, err = _run(argv)
        assert "Traceback" not in err, value
        assert status == 0 or (status == 2 and len(err.strip().splitlines()) == 1), (value, err)
        assert len(err) < 400, err  # a 5,000-character value is not echoed whole
    assert "nested too deeply" in _run([*argv[:3], str(_deep(tmp_path)), *argv[4:]])[1]


def _deep(folder: Path) -> Path:
    """A file nested 100,000 deep: Python's JSON parser gives up with RecursionError."""
    file = folder / "deep.json"
    file.write_text("[" * 100_000 + "]" * 100_000)
    return file


def _run(argv: list[str]) -> tuple[int, str]:
    """Exit status and stderr of one command line run in-process."""
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            status = main(argv)
        except SystemExit as exit_:
            status = int(exit_.code or 0)
    return status, err.getvalue()


# Numbers no one means: every whole-number option of every command, given 10^30 or digits of
# another script, is refused by the parser in one line (no command's work starts).
WHOLE_TYPES = (options.positive_int, options.nonnegative_int, options.whole_number)


def _whole(action: argparse.Action) -> bool:
    """Whether the option reads whole numbers: a converter's, or a declared integer field's."""
    if isinstance(action.type, Typed):
        return action.type.spec.kind == "integer"
    return action.type in WHOLE_TYPES


NUMERIC = [
    (words, action)
    for words, parser in COMMANDS
    for action in parser._actions
    if _whole(action) and action.option_strings
]


@pytest.mark.parametrize("value", ["1" + "0" * 30, "1" + "0" * 18, "\u0663\u0664", "\uff13"])
def test_every_whole_number_option_refuses_what_no_one_means(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """10^30, 10^18 (the first past the limit), Arabic-Indic 34 and a full-width 3."""
    assert len(NUMERIC) >= 50  # every command's counts, sizes and seeds
    for words, action in NUMERIC:
        with pytest.raises(SystemExit) as exit_:
            PARSER.parse_args([*words, action.option_strings[-1], value])
        err = capsys.readouterr().err
        assert exit_.value.code == 2 and len(err.splitlines()) == 1, (words, action.dest, err)
        assert "whole number" in err or "whole numbers here stay below 10^18" in err, err


#: Each is refused up front or answered, quickly: the commands that broke these promises.
ANSWERED_OR_REFUSED = [
    ["risk", "odds", "10", "6", "--max-seconds", "1e30"],
    ["nim", "3", "4", "5", "--max-seconds", "1e30"],
    ["risk", "report", "10", "6", "--attackers", "5", "--defenders", "5", "--digits",
     "999999999999999999"],
    ["mcts", "pig", "--goal", "999999999999999999", "--playouts", "200", "--seed", "1"],
    ["graph", "dice", "--rolls", "2", "--sides", "999999999999999999"],
    ["risk", "fortify", "--from", "Siam=8", "--target", "Australia", "--armies",
     "999999999999999999"],
    ["risk", "fortify", "--from", "Siam=8", "--target", "Australia", "--armies", "1000000"],
    ["risk", "fortify", "--from", "Siam=8", "--target", "Australia", "--armies", "200"],
    ["risk", "fortify", "--from", "Kamchatka=30,Iceland=20", "--target", "North America",
     "--armies", "40"],
    ["risk", "plan", "--from", "Siam=8", "--target", "Australia", "--defenders",
     "Indonesia=1,New Guinea=1,Western Australia=1,Eastern Australia=1", "--reinforce",
     "1000000"],
    ["risk", "plan", "--from", "Siam=8", "--target", "Australia", "--region", ""],
    ["risk", "report", "5", "3", "--plan-from", " "],
]  # fmt: skip


@pytest.mark.parametrize("argv", ANSWERED_OR_REFUSED)
def test_large_and_empty_requests_are_refused_before_the_work(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    # A second is far more than a refusal takes: work begun would end as "stopped after".
    status, err = _run([*argv, "--max-seconds", "1"] if "--max-seconds" not in argv else argv)
    assert status == 2 and len(err.splitlines()) == 1, err
    assert "stopped after" not in err and "internal error" not in err, err


def _npy_headers() -> list[bytes]:
    """A valid .npy file with one character of its header replaced by each of the
    characters that break Python's tokenizer, at every tenth place of the header's text."""
    import io

    import numpy as np

    buffer = io.BytesIO()
    np.save(buffer, np.array([[1, -1], [-1, 1]]))
    good = buffer.getvalue()
    start, end = 10, good.index(b"\n")
    found = []
    for place in range(start, end, 10):
        for char in b"('\"\\{[":
            found.append(good[:place] + bytes([char]) + good[place + 1 :])
    return found


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # numpy reads a "\\d" in a header
def test_every_damaged_npy_header_gives_one_line(tmp_path: Path) -> None:
    damaged = _npy_headers()
    assert len(damaged) > 50
    for data in damaged:
        (tmp_path / "m.npy").write_bytes(data)
        status, err = _run(["matrix", "--file", str(tmp_path / "m.npy")])
        assert "Traceback" not in err and "internal error" not in err, (data, err)
        assert status == 0 or (status == 2 and len(err.splitlines()) == 1), (data, err)


def test_deep_matrices_and_bad_nfg_counts_give_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    deep = _deep(tmp_path)
    assert "nested too deeply" in _run(["matrix", "--file", str(deep)])[1]
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(deep.read_bytes())))
    assert "nested too deeply" in _run(["matrix", "--file", "-"])[1]
    for counts in ("-2 2", "0 2", "2 99999999999", "\u0663 2"):
        nfg = tmp_path / "m.nfg"
        nfg.write_text(f'NFG 1 R "x" {{ "Max" "Min" }} {{ {counts} }}\n\n1 -1 -1 1 1 -1 -1 1\n')
        status, err = _run(["matrix", "--file", str(nfg)])
        assert status == 2 and "bad strategy counts" in err, err
