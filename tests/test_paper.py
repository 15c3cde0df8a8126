"""The paper's generated files are reproducible: regenerating them gives the committed bytes.

This is how CI enforces "the paper can never disagree with the code": CI runs pytest, and
this test fails when a committed table, number or figure's data differs from what the
package generates now. Figures (PDF) depend on the matplotlib version, so they are checked
for existence and validity only; their data is compared as CSV.

Deep imports: :mod:`strategy.cli.main`, the command's entry point, run in-process to regenerate the
files.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
from pathlib import Path

import pytest

from strategy.cli.main import main
from strategy.paper import build

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "paper" / "generated"
SOURCES = ROOT / "strategy" / "paper" / "tex"


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """``strategy paper --dir … --no-pdf`` run once, far from the repository (seed 000's table
    and the sources must come with the package): the folder it wrote and what it printed.
    Every comparison below reads these files, so the paper is generated once per run."""
    home = tmp_path_factory.mktemp("elsewhere")
    out = home / "mine"
    here = os.getcwd()
    os.chdir(home)
    try:
        with contextlib.redirect_stdout(io.StringIO()) as printed:
            status = main(["paper", "--dir", str(out), "--no-pdf"])
    finally:
        os.chdir(here)
    assert status == 0
    return out / "generated", printed.getvalue()


@pytest.fixture(scope="module")
def fresh(written: tuple[Path, str]) -> Path:
    return written[0]


def test_same_files(fresh: Path) -> None:
    assert sorted(p.name for p in fresh.iterdir()) == sorted(p.name for p in COMMITTED.iterdir())


def test_text_files_byte_for_byte(fresh: Path) -> None:
    stale = [
        p.name
        for p in sorted(fresh.iterdir())
        if p.suffix != ".pdf" and p.read_bytes() != (COMMITTED / p.name).read_bytes()
    ]
    assert not stale, f"regenerate with `strategy paper` and commit: {stale}"


def test_figures_are_pdfs(fresh: Path) -> None:
    figures = sorted(fresh.glob("*.pdf"))
    assert figures
    for figure in figures:
        data = figure.read_bytes()
        assert data.startswith(b"%PDF-") and b"%%EOF" in data[-64:]
        assert b"CreationDate" not in data  # fixed metadata: no build timestamp


#: Capitalised commands of LaTeX itself that the documents use; every other capitalised
#: command must be a number macro of numbers.tex.
LATEX_COMMANDS = {"Delta", "Large", "Phi"}


def test_every_macro_used_is_generated(fresh: Path) -> None:
    numbers = (fresh / "numbers.tex").read_text(encoding="utf-8")
    defined = set(re.findall(r"\\newcommand\{\\([A-Za-z]+)\}", numbers))
    assert {"RuleClassic", "LimitSees", "RgdNeedFifty", "MoveInDoneOnly"} <= defined
    for document in build.DOCUMENTS:
        text = (SOURCES / document).read_text(encoding="utf-8")
        used = set(re.findall(r"\\([A-Z][A-Za-z]*)", text))
        assert used - defined <= LATEX_COMMANDS, f"{document}: {sorted(used - defined)}"
        for path in text.split("\\input{generated/")[1:]:
            assert (fresh / path.split("}")[0]).exists()
        for path in text.split("\\includegraphics[")[1:]:
            assert (fresh / path.split("{generated/")[1].split("}")[0]).exists()


def test_published_figures_are_reproduced(fresh: Path) -> None:
    # SMG's risk-dice README (examples 2, 3 and 6) and sipolac/risk's README, as quoted in
    # strategy/paper/published.py, against what the package computes.
    numbers = dict(
        re.findall(r"\\newcommand\{\\([A-Za-z]+)\}\{(.*)\}", (fresh / "numbers.tex").read_text())
    )
    for ours, theirs in (
        ("RgdCapitalTrue", "SmgCapitalTrue"),
        ("RgdCapitalBalanced", "SmgCapitalBalanced"),
        ("RgdNeedFifty", "SmgNeedFifty"),
    ):
        assert numbers[ours] == numbers[theirs]
    # SMG's win-chance cache is single precision.
    assert abs(float(numbers["RgdZombie"]) - float(numbers["SmgZombie"])) < 1e-6
    sipolac = (fresh / "sipolac.tex").read_text().split("\\midrule\n")[1].split("\\bottomrule")[0]
    for row in sipolac.splitlines():
        _, ours, theirs = (cell.strip(" \\") for cell in row.split("&"))
        assert abs(float(ours) - float(theirs)) < 1e-12  # their sums are in floats


def test_without_tex_the_pdf_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    result = build.build_pdfs(tmp_path)
    assert result.messages[0].startswith("PDF skipped") and not result.failed


def test_the_package_alone_writes_where_dir_says(written: tuple[Path, str]) -> None:
    folder, printed = written
    assert folder.parent.name == "mine" and folder.parent.parent.name.startswith("elsewhere")
    assert f"to {folder}" in printed
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in COMMITTED.iterdir())


def test_a_folders_own_sources_win(tmp_path: Path) -> None:
    assert build.source(tmp_path, "paper.tex") == SOURCES / "paper.tex"
    (tmp_path / "paper.tex").write_text("\\documentclass{article}", encoding="utf-8")
    assert build.source(tmp_path, "paper.tex") == tmp_path / "paper.tex"


def test_a_missing_extra_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    assert main(["paper", "--dir", str(tmp_path), "--no-pdf"]) == 2
    needs = "strategy paper needs matplotlib: pip install 'strategy[paper]'"
    assert capsys.readouterr().err == f"strategy: error: {needs}\n"
    assert not (tmp_path / "generated").exists()  # refused before any work
