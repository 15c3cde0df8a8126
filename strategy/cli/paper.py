"""``strategy paper``: regenerate the paper's tables and figures, and build the PDF."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from strategy.cli.common import add_parser, cannot_write

SUMMARY = "regenerate the paper's tables and figures and build paper/paper.pdf"
ABOUT = (
    "Write every table (.tex) and figure of the paper into DIR/generated and, where latexmk "
    "or pdflatex is installed, build DIR/paper.pdf and DIR/cheatsheet.pdf from the LaTeX "
    "sources shipped with the package (or from DIR's own paper.tex and cheatsheet.tex, if it "
    "holds them). Needs the paper extra: pip install 'strategy[paper]'."
)
EPILOG = """examples:
  strategy paper
  strategy paper --no-pdf
  strategy paper --dir /tmp/paper"""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add the top-level ``paper`` command."""
    parser = add_parser(commands, "paper", SUMMARY, ABOUT, EPILOG)
    parser.add_argument(
        "--dir",
        type=Path,
        default=Path("paper"),
        metavar="DIR",
        help="the folder to write into, created if needed (default: ./paper)",
    )
    parser.add_argument("--no-pdf", action="store_true", help="generate only; skip LaTeX")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Generate, then build the PDFs if TeX is installed; exit status 1 if LaTeX fails."""
    from strategy.engine.extras import require

    for module in ("sympy", "matplotlib", "scipy"):  # checked first: one line, before any work
        require(module, "paper", "strategy paper")
    from strategy.paper.build import build_pdfs
    from strategy.paper.generate import generate

    try:
        written = generate(args.dir / "generated")
    except OSError as error:
        raise cannot_write(Path(error.filename or args.dir / "generated"), error) from None
    print(f"wrote {len(written)} files to {args.dir / 'generated'}")
    if args.no_pdf:
        print("PDF skipped (--no-pdf)")
        return 0
    build = build_pdfs(args.dir)
    for message in build.messages:
        print(message)
    return 1 if build.failed else 0
