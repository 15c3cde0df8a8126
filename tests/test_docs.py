"""The documentation cannot rot: every shell example in docs/ and README.md is run and its
shown output checked, every other code block is either a doctest (run by pytest's
doctest-glob over README.md and docs/) or says why it is not executed, and the site's
build hook finds public names without a docstring.

A ``console`` block holds commands (``$ strategy …``, continued by a trailing ``\\``) each
followed by the output shown; ``...`` in the shown output stands for any text, as in a
doctest with ELLIPSIS. ``strategy`` commands run in-process (as tests/helpers.run does) in a
fresh folder, so the files they write go there; ``python examples/…`` runs as a user would.
"""

from __future__ import annotations

import doctest
import importlib.util
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.helpers import ROOT, run, run_example

PAGES = sorted((ROOT / "docs").rglob("*.md"))
FENCE = re.compile(
    r"^(?P<marker><!-- not executed: [^>]+ -->\n)?```(?P<lang>[\w-]*)\n(?P<body>.*?)^```$",
    re.MULTILINE | re.DOTALL,
)
CHECKER = doctest.OutputChecker()
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass(frozen=True)
class Block:
    page: Path
    line: int
    lang: str
    body: str
    marked: bool

    def __str__(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    text = page.read_text()
    return [
        Block(page, text.count("\n", 0, m.start("body")), m["lang"], m["body"], bool(m["marker"]))
        for m in FENCE.finditer(text)
    ]


def commands(body: str) -> list[tuple[str, str]]:
    """The block's (command line, output shown) pairs."""
    pairs: list[tuple[str, list[str]]] = []
    lines = iter(body.splitlines())
    for line in lines:
        if line.startswith("$ "):
            command = line[2:]
            while command.endswith("\\"):
                command = command[:-1] + next(lines).strip()
            pairs.append((command, []))
        else:
            assert pairs, f"output before any command: {line!r}"
            pairs[-1][1].append(line)
    return [(command, "\n".join(shown) + "\n") for command, shown in pairs]


CONSOLE = [b for page in [ROOT / "README.md", *PAGES] for b in blocks(page) if b.lang == "console"]


@pytest.mark.parametrize("block", CONSOLE, ids=str)
def test_each_shell_example_prints_what_the_page_shows(
    block: Block,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    if block.marked:
        pytest.skip("the page says why this block is not executed")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    for command, shown in commands(block.body):
        argv = shlex.split(command, comments=True)
        if argv[0] == "strategy":
            status, out, err = run(capsys, *argv[1:])
        else:
            assert argv[:2] == ["python", argv[1]] and argv[1].startswith("examples/"), command
            done = run_example(argv[1].removeprefix("examples/"), *argv[2:])
            status, out, err = done.returncode, done.stdout, done.stderr
        assert status == 0, f"{block}: {command}: {err}"
        assert CHECKER.check_output(shown, out, FLAGS), (
            f"{block}: `{command}` printed\n{out}\nbut the page shows\n{shown}"
        )


def test_every_other_block_in_the_docs_is_a_doctest_or_says_why_it_is_not_run() -> None:
    unexplained = [
        str(b)
        for page in PAGES
        for b in blocks(page)
        if b.lang != "console"
        and not b.marked
        and not (b.lang in ("python", "pycon") and ">>>" in b.body)
    ]
    assert unexplained == []


def test_the_docs_hold_shell_examples_and_doctests() -> None:
    # The checks above pass vacuously on pages without blocks: the guides must have both.
    doctests = sum(">>>" in b.body for page in PAGES for b in blocks(page))
    assert len(CONSOLE) >= 15 and doctests >= 15


def test_the_build_hook_finds_a_missing_docstring(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "docs" / "hooks.py")
    assert spec and spec.loader
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    assert hooks.undocumented(hooks.load(ROOT)) == []
    # A package of the same shape with one method undocumented: the hook names it.
    package = tmp_path / "strategy"
    for sub in ("", "engine", "risk", "classic", "present"):
        (package / sub).mkdir(exist_ok=True)
        (package / sub / "__init__.py").write_text('"""A package."""\n')
    (package / "testing.py").write_text('"""Strategies."""\n')
    (package / "risk" / "odds.py").write_text(
        '"""Odds."""\n\n\nclass Odds:\n    """Odds."""\n\n    def value(self):\n        return 1\n'
    )
    assert hooks.undocumented(hooks.load(tmp_path)) == ["strategy.risk.odds.Odds.value"]


def test_the_readme_is_a_first_minute_with_links_that_resolve() -> None:
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 250  # issue 22: the rest lives in docs/
    assert readme.split("\n\n")[1] == (
        "```sh\npip install . && strategy risk table\npip install '.[test]' && pytest\n```"
    )
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme)
    assert links and [link for link in links if not (ROOT / link).exists()] == []
