"""Build the paper's PDFs with latexmk or pdflatex, where TeX is installed.

The LaTeX sources ship with the package (``tex/``); a folder holding its own copy of a
document (say, one a user edits) builds that copy instead. LaTeX runs inside the folder, so
the sources' ``generated/`` paths and every output land there.

>>> find_latex(search=lambda name: None) is None
True
>>> source(Path("/nowhere"), "paper.tex").name
'paper.tex'
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

DOCUMENTS = ("paper.tex", "cheatsheet.tex")
#: LaTeX's by-products, removed after a successful build (kept after a failure, to read).
AUXILIARY = (".aux", ".log", ".out", ".fls", ".fdb_latexmk")


def find_latex(search: Callable[[str], str | None] | None = None) -> list[str] | None:
    """The command that builds a PDF from a .tex file, or None without TeX."""
    search = shutil.which if search is None else search
    if search("latexmk"):
        return ["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "-quiet"]
    if search("pdflatex"):
        return ["pdflatex", "-interaction=nonstopmode", "-halt-on-error"]
    return None


@dataclass(frozen=True)
class Build:
    """What building the PDFs did: one message per document, and whether any failed."""

    messages: tuple[str, ...]
    failed: bool = False


def source(directory: Path, name: str) -> Path:
    """The document ``name`` to build: ``directory``'s own copy, else the package's."""
    own = directory / name
    if own.is_file():
        return own
    return Path(str(resources.files(__package__).joinpath("tex", name)))


def build_pdfs(directory: Path) -> Build:
    """Build each document in ``directory``."""
    command = find_latex()
    if command is None:
        return Build(
            (
                "PDF skipped: no latexmk or pdflatex "
                "(Debian: apt-get install latexmk texlive-latex-recommended)",
            )
        )
    lines = []
    failed = False
    for name in DOCUMENTS:
        # pdflatex alone needs a second run for references; latexmk decides for itself.
        runs = 1 if command[0] == "latexmk" else 2
        for _ in range(runs):
            result = subprocess.run(
                [*command, str(source(directory, name).resolve())],
                cwd=directory,
                capture_output=True,
                text=True,
                check=False,
            )
        if result.returncode != 0:
            tail = "\n".join(result.stdout.splitlines()[-15:])
            lines.append(f"{name}: LaTeX failed\n{tail}")
            failed = True
        else:
            for suffix in AUXILIARY:
                (directory / name).with_suffix(suffix).unlink(missing_ok=True)
            lines.append(f"built {directory / name.replace('.tex', '.pdf')}")
    return Build(tuple(lines), failed)
