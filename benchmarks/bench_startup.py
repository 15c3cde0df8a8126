"""Start-up: the processor time of a whole ``strategy`` process against ``python -c "import
numpy"``, the floor of any command that computes with numpy.

Each round runs the baseline and each command once, one after the other (paired, so that
the machine's load touches both alike), and measures each child's user and system time
(``getrusage``); the median ratio over the rounds is printed. The children run with their
bytecode cached (in a temporary ``PYTHONPYCACHEPREFIX``, warmed by one run of each first),
as an installed package's is: with ``PYTHONDONTWRITEBYTECODE`` every run would compile
this checkout's sources again while numpy's come compiled. The aims (issue 29, item 9):
``strategy risk odds 3 2`` at most 1.5x the baseline, ``strategy --help`` no more.

Run: ``python benchmarks/bench_startup.py [rounds]`` (default 7) from the checkout.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The command line as the ``strategy`` script runs it, on this checkout's code.
STRATEGY = [
    sys.executable,
    "-c",
    "import sys; from strategy.cli.main import main; sys.exit(main())",
]
BASELINE = [sys.executable, "-c", "import numpy"]
COMMANDS = {"strategy risk odds 3 2": ["risk", "odds", "3", "2"], "strategy --help": ["--help"]}
AIM = 1.5


def cpu(argv: list[str], env: dict[str, str]) -> float:
    """Processor seconds (user + system) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    ratios: dict[str, list[float]] = {name: [] for name in COMMANDS}
    base: list[float] = []
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        for words in COMMANDS.values():
            cpu([*STRATEGY, *words], env)
        for _ in range(rounds):
            floor = cpu(BASELINE, env)
            base.append(floor)
            for name, words in COMMANDS.items():
                ratios[name].append(cpu([*STRATEGY, *words], env) / floor)
    print(f"baseline python -c 'import numpy': median {statistics.median(base):.3f} s")
    for name, found in ratios.items():
        median = statistics.median(found)
        verdict = "within" if median <= AIM else "OVER"
        print(
            f"{name:<24} median ratio {median:.2f} (min {min(found):.2f}, max {max(found):.2f})"
            f"  {verdict} the aim of {AIM}x"
        )


if __name__ == "__main__":
    main()
