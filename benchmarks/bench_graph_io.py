"""Time graph export: the streaming writers against networkx's writers, on one battle's graph.

Run from the repository root: ``PYTHONPATH=. python benchmarks/bench_graph_io.py
[--attackers 12] [--defenders 12] [--choice sees-roll] [--repeats 3]``. The graph is the one
``strategy risk graph 12 12 --choice sees-roll`` exports (16,352 states, 39,462 edges). For
each format the baseline is what write_graph did before it streamed (``nx.write_graphml``,
networkx's GEXF writer, ``json.dumps(nx.node_link_data(...), indent=1)``) and "now" is
write_graph; JSON is timed with the optional msgspec encoder and with the json module alone.
Each file is read back and compared with the graph. Jobs run in turns after one untimed
run; the table gives median and best CPU times (``common.in_turns``) and the ratio of
medians. The whole command is timed as a process too (wall time).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any
from unittest import mock

import networkx as nx  # type: ignore[import-untyped, unused-ignore]
from common import in_turns, machine

from strategy.present import graph_stream
from strategy.present.graph import state_graph
from strategy.present.graph_io import _write_gexf, read_graph, write_graph
from strategy.present.graph_views import battle_view
from strategy.risk.game import BattleGame
from strategy.risk.objectives import Objective
from strategy.risk.rules import Rules

ROOT = Path(__file__).resolve().parent.parent


def networkx_writer(kind: str) -> Callable[[Any, Path], None]:
    """What write_graph ran before it streamed."""
    if kind == "graphml":
        return lambda graph, path: nx.write_graphml(graph, path)
    if kind == "gexf":
        return _write_gexf

    def node_link(graph: Any, path: Path) -> None:
        data = nx.node_link_data(graph, edges="edges")
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")

    return node_link


def json_module_only(graph: Any, path: Path) -> None:
    """write_graph with the json module's encoder, as without the ``fast`` extra."""
    with mock.patch.object(graph_stream, "_fast_encoder", lambda: None):
        write_graph(graph, path)


def median_best(job: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Median and best wall time of a job (a whole process)."""
    job()
    runs = []
    for _ in range(repeats):
        began = time.perf_counter()
        job()
        runs.append(time.perf_counter() - began)
    return statistics.median(runs), min(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attackers", type=int, default=12)
    parser.add_argument("--defenders", type=int, default=12)
    parser.add_argument("--choice", default="sees-roll")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    game = BattleGame(
        args.attackers, args.defenders, Rules(), Objective.parse("capture"), args.choice
    )
    began = time.perf_counter()
    graph = state_graph(game, view=battle_view(game))
    built = time.perf_counter() - began
    print(f"machine: {machine()}")
    print(
        f"graph of {args.attackers} v {args.defenders}, {args.choice}: {len(graph):,} states, "
        f"{graph.number_of_edges():,} edges, solved and built in {built:.2f} s\n"
    )
    print("| format | networkx (baseline) | now: streaming | baseline / now |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        jobs: list[tuple[str, str, Callable[[Any, Path], None]]] = [
            ("GraphML", "graphml", write_graph),
            ("GEXF", "gexf", write_graph),
            ("node-link JSON (msgspec)", "json", write_graph),
            ("node-link JSON (json module)", "json", json_module_only),
        ]
        for name, kind, ours in jobs:
            path, reference = out / f"ours.{kind}", out / f"theirs.{kind}"
            times = in_turns(
                {
                    "base": partial(networkx_writer(kind), graph, reference),
                    "now": partial(ours, graph, path),
                },
                args.repeats,
            )
            base, now = statistics.median(times["base"]), statistics.median(times["now"])
            base_best, now_best = min(times["base"]), min(times["now"])
            same = nx.utils.graphs_equal(read_graph(path), read_graph(reference))
            assert same and read_graph(path).graph == graph.graph, name
            print(
                f"| {name} | {base:.3f} s (best {base_best:.3f}) | {now:.3f} s "
                f"(best {now_best:.3f}) | {base / now:.1f}x |"
            )
        command = [sys.executable, "-m", "strategy.cli.main", "risk", "graph"]
        command += [str(args.attackers), str(args.defenders), "--choice", args.choice]
        command += ["--out", str(out / "g.graphml")]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        run = partial(subprocess.run, command, check=True, stdout=subprocess.DEVNULL, env=env)
        seconds, best = median_best(run, args.repeats)
        print(
            f"\n`{' '.join(command[3:-2])} --out g.graphml` (whole process): "
            f"{seconds:.2f} s (best {best:.2f})"
        )


if __name__ == "__main__":
    main()
