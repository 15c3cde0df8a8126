"""The Risk battle's state graph, as :func:`strategy.present.graph_views.battle_view` shows it:
checked against the battle kernels, which share no code with the generic solver, and read by the
example script.

Deep imports: the battle view of :mod:`strategy.present`, under test, and the battle kernels it is
checked against (the classic and optimal tables, the dice, the strategy matrix).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from strategy.present.graph import ACTION_SEPARATOR, exact_text, state_graph
from strategy.present.graph_views import battle_view
from strategy.risk import Battle, BattleGame, Choice, Objective
from strategy.risk.classic import battle_odds
from strategy.risk.dice import roll_distribution
from strategy.risk.optimal import optimal_table
from strategy.risk.play.matrices import strategy_matrix
from tests.helpers import CHOICES, reachable, run_example

ROOT = Path(__file__).resolve().parent.parent
SIGNED = Objective.parse("signed")


@pytest.mark.parametrize("choice", CHOICES)
def test_battle_values_match_the_optimal_play_table(choice: Choice) -> None:
    """One node per reachable state; each round's value is the kernel's at the same armies."""
    game = BattleGame(5, 4, objective=SIGNED, choice=choice)
    graph = state_graph(game, view=battle_view(game))
    table = optimal_table(5, 4, Battle.of(objective=SIGNED, choice=choice), exact=True)
    assert len(graph) == len(reachable(game))
    rounds = [data for _, data in graph.nodes(data=True) if data["phase"] == "attack"]
    assert len(rounds) > 10
    for data in rounds:
        if data["defenders"] and data["attackers"]:
            expected = table.value(data["attackers"], data["defenders"])
            assert data["value_exact"] == exact_text(Fraction(expected))


def test_compact_edges_are_the_dice_odds() -> None:
    """Both sides rolling 3 v 2 dice: the round's outcomes are the single-roll odds."""
    game = BattleGame(6, 4, allow_stop=False)
    graph = state_graph(game, view=battle_view(game), compact=True)
    counts = {(lost_a, lost_d): n for lost_a, lost_d, n in roll_distribution(3, 2).counts}
    for (lost_a, lost_d), n in counts.items():
        edge = graph.edges["6v4", f"{6 - lost_a}v{4 - lost_d}"]
        assert Fraction(edge["probability_exact"]) == Fraction(n, 6**5)
    start = graph.nodes["6v4"]
    assert Fraction(start["value_exact"]) == battle_odds(6, 4).win_probability
    for node, data in graph.nodes(data=True):
        if data["kind"] != "terminal":
            out = graph.out_edges(node, data=True)
            assert sum(Fraction(edge["probability_exact"]) for _, _, edge in out) == 1


def test_sees_roll_defence_reads_back_roll_by_roll() -> None:
    game = BattleGame(5, 3, choice="sees-roll", allow_stop=False)
    graph = state_graph(game, view=battle_view(game))
    matrix = strategy_matrix(
        optimal_table(5, 3, Battle.of(choice="sees-roll", allow_stop=False), exact=True)
    )
    for attackers, defenders in ((5, 3), (4, 2), (3, 3)):
        cell = matrix.cells[attackers - 1][defenders - 1]
        dice = int(graph.nodes[f"{attackers}v{defenders}"]["optimal_actions"].split(" | ")[0])
        from_graph = {
            tuple(int(x) for x in data["attacker_roll"].split()): tuple(
                int(x) for x in data["optimal_actions"].split(ACTION_SEPARATOR)
            )
            for _, data in graph.nodes(data=True)
            if (data["attackers"], data["defenders"], data["phase"], data["attacker_dice"])
            == (attackers, defenders, "defend", dice)
        }
        assert from_graph == dict(cell.by_roll)


def test_the_example_finds_the_likeliest_capture() -> None:
    result = run_example("battle_graph.py", "10", "6")
    assert result.returncode == 0, result.stderr
    win = battle_odds(10, 6).win_probability
    # Three rolls of 3 v 2 dice in a row that each kill two defenders: 2890 of 7776 rolls.
    assert "most likely path to capture: 10v6 -> 10v4 -> 10v2 -> 10v0" in result.stdout
    assert f"probability {Fraction(2890, 7776) ** 3} " in result.stdout
    assert f"P(capture) as the sum over the ends: {win}" in result.stdout
