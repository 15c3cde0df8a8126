"""A Risk battle's state graph in networkx: what is the likeliest way to win?

``state_graph`` with the battle's view, compact and optimal-only, has one node per (A, D)
that optimal play can reach, each edge weighted by the exact probability of that round's
outcome. ``strategy risk graph A D --compact --optimal-only --out battle.graphml`` writes
the same graph for any GraphML reader; here plain networkx finds the most likely path to
capture (the shortest path when each edge costs -log p) and adds up the chance of every
way the battle can end.

Run: python examples/battle_graph.py [A D]   (default 10 6)
"""

import math
import sys
from fractions import Fraction
from itertools import pairwise

import networkx as nx

from strategy.present.graph import state_graph
from strategy.present.graph_views import battle_view
from strategy.risk.game import BattleGame

attackers, defenders = map(int, sys.argv[1:3]) if len(sys.argv) > 2 else (10, 6)
game = BattleGame(attackers, defenders)
graph = state_graph(game, view=battle_view(game), compact=True, optimal_only=True)

start = graph.graph["start"]
print(f"P(capture) from {start} = {graph.nodes[start]['value_exact']}")


def cost(u: str, v: str, edge: dict[str, float]) -> float | None:
    """-log p, so that the shortest path is the most likely one; None hides impossible edges."""
    return -math.log(edge["probability"]) if edge["probability"] > 0 else None


distance, paths = nx.single_source_dijkstra(graph, start, weight=cost)
captures = [node for node, data in graph.nodes(data=True) if data["defenders"] == 0]
best = min((node for node in captures if node in distance), key=distance.__getitem__)
steps = paths[best]
chance = math.prod(Fraction(graph.edges[u, v]["probability_exact"]) for u, v in pairwise(steps))
print(f"most likely path to capture: {' -> '.join(steps)}")
print(f"  probability {chance} = {float(chance):.6f}")

# The chance of reaching each state, in the order play goes: the ends add up to 1.
reach = dict.fromkeys(graph, Fraction(0))
reach[start] = Fraction(1)
for node in nx.topological_sort(graph):
    for _, nxt, edge in graph.out_edges(node, data=True):
        reach[nxt] += reach[node] * Fraction(edge["probability_exact"])
ends = {node: reach[node] for node in graph if graph.out_degree(node) == 0}
likeliest = max(ends, key=ends.__getitem__)
print(f"likeliest end of the battle: {likeliest}, probability {float(ends[likeliest]):.6f}")
print(f"P(capture) as the sum over the ends: {sum(ends[node] for node in captures)}")
