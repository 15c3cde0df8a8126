"""Install the package into fresh virtual environments: how long it takes, how large it is,
and what a base install can do.

For each variant (the base package, ``[all]``, or any extras named) the script makes a
venv, times ``pip install SOURCE[extras]`` (pip's own cache is used; pass ``--offline`` to
install from it or from ``--find-links`` only), measures the venv and its site-packages,
and runs ``strategy risk odds 10 6`` and ``strategy risk table``. In the base install it
also runs commands that need an extra and checks that each names its extra in one line;
with extras, it writes the paper from the installed package alone (``strategy paper``).
``--sdist`` builds a source distribution, installs it with ``[test]`` and runs the named
test files from the unpacked sdist, so its tests can be seen to pass from the sdist alone.

Run: python benchmarks/bench_install.py [SOURCE] [--variant all --variant stats] [--sdist]
Timings depend on the network and the cache; sizes do not.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
import time
import venv
from pathlib import Path

from common import machine

ROOT = Path(__file__).resolve().parent.parent
#: Commands that need an extra in a base install, and the extra each must name.
NEEDS_AN_EXTRA = (
    (("risk", "graph", "3", "2"), "graph"),
    (("risk", "simulate", "5", "3", "--trials", "1000"), "stats"),
    (("paper", "--no-pdf", "--dir", "paper-out"), "paper"),
)
SDIST_TESTS = (
    "tests/test_packaging.py",
    "tests/test_seed000.py",
    "tests/test_paper.py",
    "tests/test_notebook_display.py",
    "tests/test_example_notebook.py",
    "tests/test_first_run.py",
)


def size_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


def run(*command: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(c) for c in command], capture_output=True, text=True, cwd=cwd, check=False
    )


def fresh_venv(where: Path) -> Path:
    venv.create(where, with_pip=True)
    return where / "bin"


def install(source: str, extras: str, where: Path, offline: list[str]) -> tuple[Path, float]:
    """A venv with ``source[extras]`` installed; the seconds ``pip install`` took."""
    bin_dir = fresh_venv(where)
    target = f"{source}[{extras}]" if extras else source
    began = time.perf_counter()
    result = run(bin_dir / "pip", "install", "--quiet", *offline, target)
    seconds = time.perf_counter() - began
    if result.returncode != 0:
        raise SystemExit(f"pip install {target} failed:\n{result.stderr[-2000:]}")
    return bin_dir, seconds


def check_commands(bin_dir: Path, base: bool, cwd: Path) -> list[str]:
    """What the installed command does; the problems found, if any."""
    problems = []
    odds = run(bin_dir / "strategy", "risk", "odds", "10", "6", cwd=cwd)
    if odds.returncode != 0 or "P(attacker captures)          0.807641" not in odds.stdout:
        problems.append(f"strategy risk odds 10 6: {odds.returncode} {odds.stderr.strip()}")
    table = run(bin_dir / "strategy", "risk", "table", cwd=cwd)
    if table.returncode != 0 or len(table.stdout.splitlines()) < 21:
        problems.append(f"strategy risk table: {table.returncode} {table.stderr.strip()}")
    if not base:  # the paper from an installed package, far from any checkout
        paper = run(bin_dir / "strategy", "paper", "--no-pdf", "--dir", "paper-out", cwd=cwd)
        if paper.returncode != 0 or not (cwd / "paper-out" / "generated" / "numbers.tex").is_file():
            problems.append(f"strategy paper: {paper.returncode} {paper.stderr.strip()}")
        else:
            print(f"  strategy paper --no-pdf --dir paper-out -> {paper.stdout.splitlines()[0]}")
    for command, extra in NEEDS_AN_EXTRA if base else ():
        result = run(bin_dir / "strategy", *command, cwd=cwd)
        expected = f"pip install 'strategy[{extra}]'"
        lines = result.stderr.splitlines()
        if result.returncode != 2 or len(lines) != 1 or expected not in lines[0]:
            problems.append(f"strategy {' '.join(command)}: {result.returncode} {result.stderr!r}")
        else:
            print(f"  strategy {' '.join(command)} -> {lines[0]}")
    return problems


def build_sdist(work: Path, offline: list[str]) -> Path:
    builder = fresh_venv(work / "builder")
    result = run(builder / "pip", "install", "--quiet", *offline, "build")
    if result.returncode != 0:
        raise SystemExit(f"pip install build failed:\n{result.stderr[-2000:]}")
    result = run(builder / "python", "-m", "build", "--sdist", "--outdir", work / "dist", ROOT)
    if result.returncode != 0:
        raise SystemExit(f"building the sdist failed:\n{result.stderr[-2000:]}")
    (sdist,) = (work / "dist").glob("*.tar.gz")
    return sdist


def check_sdist(work: Path, offline: list[str]) -> list[str]:
    sdist = build_sdist(work, offline)
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
        archive.extractall(work / "unpacked", filter="data")
    tree = next((work / "unpacked").iterdir())
    print(f"sdist {sdist.name}: {sdist.stat().st_size / 1e6:.2f} MB, {len(names)} files")
    bin_dir, seconds = install(f"{sdist}", "test", work / "sdist-venv", offline)
    print(f"  pip install sdist[test]: {seconds:.0f} s")
    result = run(
        bin_dir / "python", "-m", "pytest", "-q", "-p", "no:cacheprovider", *SDIST_TESTS, cwd=tree
    )
    print("  " + (result.stdout.strip().splitlines() or ["(no output)"])[-1])
    return [] if result.returncode == 0 else [f"sdist tests failed:\n{result.stdout[-3000:]}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", default=str(ROOT), help="what to pip install")
    parser.add_argument(
        "--variant", action="append", help="extras to install, e.g. all (default: base and all)"
    )
    parser.add_argument("--sdist", action="store_true", help="also build and test an sdist")
    parser.add_argument(
        "--offline", action="store_true", help="pip --no-index: only the cache and find-links"
    )
    args = parser.parse_args()
    offline = ["--no-index"] if args.offline else []
    variants = args.variant if args.variant is not None else ["", "all"]
    print(machine())
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        empty = fresh_venv(work / "empty").parent
        baseline = size_mb(empty)
        print(f"an empty venv: {baseline:.0f} MB")
        for extras in variants:
            where = work / (extras or "base")
            bin_dir, seconds = install(args.source, extras, where, offline)
            packages = next(where.glob("lib/python*/site-packages"))
            total = size_mb(where)
            print(
                f"{args.source}[{extras}]: pip install {seconds:.0f} s; venv {total:.0f} MB "
                f"({total - baseline:.0f} MB over an empty venv; site-packages "
                f"{size_mb(packages):.0f} MB)"
            )
            problems += check_commands(bin_dir, base=not extras, cwd=work)
        if args.sdist:
            problems += check_sdist(work, offline)
    for problem in problems:
        print("PROBLEM:", problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
