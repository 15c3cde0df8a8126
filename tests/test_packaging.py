"""The package as a user meets it: its metadata, its extras, and the command with no command.

Installing into a fresh environment takes a minute, so that check is opt-in
(``benchmarks/bench_install.py`` runs it and measures the install).

Deep imports: the command's entry point (:mod:`strategy.cli.main`) and the table of extras
(:mod:`strategy.engine.extras`) the metadata is checked against.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import strategy
from strategy.cli.main import main
from strategy.engine import MissingExtra
from strategy.engine.extras import EXTRAS, require

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def distributions(requirements: list[str]) -> set[str]:
    names = set()
    for requirement in requirements:
        name = requirement.split(";")[0]
        for mark in "<>=!~[ ":
            name = name.split(mark)[0]
        names.add(name)
    return names


def test_base_install_is_numpy_only() -> None:
    assert distributions(PROJECT["dependencies"]) == {"numpy"}


def test_every_extra_installs_what_the_code_asks_of_it() -> None:
    extras = PROJECT["optional-dependencies"]
    for extra, modules in EXTRAS.items():
        assert set(modules) <= distributions(extras[extra]), extra
    (everything,) = extras["all"]
    assert set(everything.removeprefix("strategy[").removesuffix("]").split(",")) == (
        # docs builds the site: no feature needs it; gambit is 150 MB for a cross-check
        set(extras) - {"all", "test", "docs", "gambit"}
    )
    assert "strategy[all,docs,gambit]" in extras["test"]  # CI checks Gambit's agreement
    assert {"mkdocs", "mkdocs-material", "mkdocstrings-python"} <= distributions(extras["docs"])
    assert {"pytest", "hypothesis", "nbclient", "ipykernel"} <= distributions(extras["test"])
    # addopts runs the suite with -n auto: without pytest-xdist, `pytest` stops at the option.
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    assert "-n auto" in tool["pytest"]["ini_options"]["addopts"]
    assert "pytest-xdist" in distributions(extras["test"])


def test_licence_is_an_spdx_string_with_its_file() -> None:
    assert PROJECT["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert not any(c.startswith("License ::") for c in PROJECT["classifiers"])


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"strategy {strategy.__version__}\n"


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("usage: strategy [-h] [--version] COMMAND") and out.err == ""


@pytest.mark.parametrize(
    ("argv", "names"),
    [(["risk"], "a command: odds, table,"), (["graph"], "a game: ")],  # games: test_registry
)
def test_a_group_without_its_command_is_refused_in_one_line(
    argv: list[str], names: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    out = capsys.readouterr()
    assert exit_.value.code == 2 and out.out == ""
    assert out.err.startswith(f"strategy {argv[0]}: error: name {names}")
    assert len(out.err.splitlines()) == 1 and out.err.endswith(" (see --help)\n")


def test_require_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sympy", None)  # as if it were not installed
    with pytest.raises(MissingExtra, match=r"pip install 'strategy\[symbolic\]'") as error:
        require("sympy", "symbolic", "exact output")
    assert isinstance(error.value, ImportError) and error.value.name == "sympy"


def test_a_command_needing_an_extra_says_which_in_one_line() -> None:
    # A fresh process in which networkx cannot be imported, as in a base install.
    code = (
        "import sys; sys.modules['networkx'] = None\n"
        "from strategy.cli.main import main\n"
        "sys.exit(main(['risk', 'graph', '3', '2']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 2
    assert result.stderr == (
        "strategy: error: a state graph needs networkx: pip install 'strategy[graph]'\n"
    )


def test_exact_matrix_games_need_no_scipy(monkeypatch: pytest.MonkeyPatch) -> None:
    from strategy.engine import solve_matrix_game

    # Rock-paper-scissors on 7 moves: each beats the next three (mod 7). The matrix is
    # skew-symmetric, so the game is fair: value 0.
    game = [[0 if i == j else (1 if (j - i) % 7 <= 3 else -1) for j in range(7)] for i in range(7)]
    monkeypatch.setitem(sys.modules, "scipy.optimize", None)  # a base install
    solution = solve_matrix_game(game)
    assert solution.value == 0 and solution.method == "simplex"
    with pytest.raises(MissingExtra, match=r"strategy\[stats\]"):
        solve_matrix_game(game, exact=False)
