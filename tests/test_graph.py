"""State graphs: checked against the solver and against a breadth-first search of our own.

Deep imports: :mod:`strategy.present.graph`, the state-graph builder under test.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings

from strategy import solve
from strategy.classic import Board, DiceState, RollOrStop, TicTacToe, analyse_dice
from strategy.engine import GameError, NodeKind
from strategy.present.graph import ACTION_SEPARATOR, StateView, exact_text, state_graph
from strategy.testing import TreeGame, TreeNode, small_games
from tests.helpers import reachable


@settings(max_examples=60, deadline=None)
@given(small_games())
def test_nodes_are_the_reachable_states_with_the_solvers_values(game: TreeGame) -> None:
    result = solve(game)
    graph = state_graph(game, result)
    states = reachable(game)
    assert len(graph) == len(states)
    for state in states:
        node = graph.nodes[repr(state)]
        assert node["value_exact"] == exact_text(Fraction(result.values[state]))
        assert node["value"] == float(result.values[state])


@settings(max_examples=60, deadline=None)
@given(small_games())
def test_chance_probabilities_sum_to_one_and_optimal_edges_are_optimal(game: TreeGame) -> None:
    result = solve(game)
    graph = state_graph(game, result)
    for node, data in graph.nodes(data=True):
        out = graph.out_edges(node, data=True)
        if data["kind"] == "chance":
            assert sum(Fraction(e["probability_exact"]) for _, _, e in out) == 1
        if data["player"] in ("max", "min"):
            optimal = set(data["optimal_actions"].split(ACTION_SEPARATOR))
            for _, _, edge in out:
                actions = set(edge["action"].split(ACTION_SEPARATOR))
                assert not edge["optimal"] or actions & optimal


@settings(max_examples=60, deadline=None)
@given(small_games())
def test_optimal_only_is_the_optimal_part_of_the_whole_graph(game: TreeGame) -> None:
    result = solve(game)
    whole = state_graph(game, result)
    optimal = state_graph(game, result, optimal_only=True)
    kept = [(u, v) for u, v, data in whole.edges(data=True) if data["optimal"]]
    assert sorted(optimal.edges) == sorted(kept)
    assert set(optimal) == {whole.graph["start"]} | {node for edge in kept for node in edge}
    assert all(data["optimal"] for _, _, data in optimal.edges(data=True))


def test_tictactoe_counts_every_position_and_values_match() -> None:
    game = TicTacToe(Board.parse("XO./.X./..O"))
    result = solve(game)
    graph = state_graph(game, result, view=StateView(label=lambda b: b.cells))
    assert len(graph) == len(reachable(game))
    assert graph.nodes["XO..X...O"]["value_exact"] == exact_text(Fraction(result.value))
    assert graph.nodes["XO..X...O"]["player"] == "max"


def test_the_keep_or_roll_rule_reads_back_from_the_graph() -> None:
    """The dice game's strategy, from the graph alone, is the one analyse_dice computes."""
    view = StateView(label=_dice_label, attributes=_dice_attributes)
    graph = state_graph(RollOrStop(rolls=4, sides=6), view=view)
    keep_from = []
    for used in range(1, 4):
        faces = [
            data["face"]
            for _, data in graph.nodes(data=True)
            if data["rolls_used"] == used and "stop" in data["optimal_actions"].split(" | ")
        ]
        keep_from.append(min(faces))
    assert tuple(keep_from) == analyse_dice(rolls=4, sides=6).keep_from


def _dice_label(state: DiceState) -> str:
    return f"{state.rolls_used} {state.face} {state.stopped}"


def _dice_attributes(state: DiceState) -> dict[str, int]:
    return {"rolls_used": state.rolls_used, "face": state.face or 0, "stopped": state.stopped}


# A toy battle with phases. At (a, d, "pick") the maximiser attacks "hard" (the defender
# loses 2 with probability 1/3, else the attacker loses 1) or "soft" (the defender loses 1
# or the attacker loses 1, evenly); at (a, d, "hard") or (a, d, "soft") the dice fall. The
# maximiser wins 1 when the defender is wiped out.
LOSSES = {
    "hard": (((0, 2), Fraction(1, 3)), ((1, 0), Fraction(2, 3))),
    "soft": (((0, 1), Fraction(1, 2)), ((1, 0), Fraction(1, 2))),
}
Battle = tuple[int, int, str]


class PhasedBattle:
    def initial_state(self) -> Battle:
        return (2, 2, "pick")

    def kind(self, state: Battle) -> NodeKind:
        a, d, phase = state
        if a == 0 or d == 0:
            return NodeKind.TERMINAL
        return NodeKind.MAX if phase == "pick" else NodeKind.CHANCE

    def returns(self, state: Battle) -> int:
        return 1 if state[1] == 0 else 0

    def legal_actions(self, state: Battle) -> tuple[str, ...]:
        return ("hard", "soft")

    def chance_outcomes(self, state: Battle) -> tuple[tuple[tuple[int, int], Fraction], ...]:
        return LOSSES[state[2]]

    def joint_actions(self, state: Battle) -> tuple[tuple[()], tuple[()]]:
        raise NotImplementedError

    def child(self, state: Battle, action: Any) -> Battle:
        a, d, phase = state
        if phase == "pick":
            return (a, d, action)
        return (a - action[0], max(d - action[1], 0), "pick")


BATTLE_VIEW: StateView[Battle] = StateView(
    label=lambda s: f"{s[0]} {s[1]} {s[2]}",
    attributes=lambda s: {"attackers": s[0], "defenders": s[1]},
    group=lambda s: f"{s[0]} {s[1]}",
    layer=lambda s: -s[0] - s[1],
)


def test_compact_graph_merges_each_round_and_weighs_moves_by_optimal_play() -> None:
    # By hand: V(1,1) = max(hard 1/3, soft 1/2) = 1/2; V(1,2) = max(1/3, 1/2 * 1/2) = 1/3;
    # V(2,2) = max(hard 1/3 + 2/3 * V(1,2) = 5/9, soft 1/2 * V(2,1) + 1/2 * V(1,2) = 13/24).
    graph = state_graph(PhasedBattle(), view=BATTLE_VIEW, compact=True)
    assert sorted(graph) == ["0 1", "0 2", "1 0", "1 1", "1 2", "2 0", "2 1", "2 2"]
    start = graph.nodes["2 2"]
    assert (start["value_exact"], start["optimal_actions"], start["states"]) == ("5/9", "hard", 3)
    assert (start["attackers"], start["defenders"], start["layer"]) == (2, 2, -4)
    assert graph.nodes["1 1"]["optimal_actions"] == "soft"
    out = {
        v: (e["probability_exact"], e["optimal"]) for _, v, e in graph.out_edges("2 2", data=True)
    }
    assert out == {"2 0": ("1/3", True), "1 2": ("2/3", True), "2 1": ("0/1", False)}
    for node, data in graph.nodes(data=True):
        if data["kind"] != "terminal":
            edges = graph.out_edges(node, data=True)
            assert sum(Fraction(e["probability_exact"]) for _, _, e in edges) == 1


def test_compact_graph_needs_a_group_entered_at_one_state() -> None:
    game = PhasedBattle()
    with pytest.raises(ValueError, match="group"):
        state_graph(game, compact=True)
    by_phase = StateView[Battle](group=lambda s: s[2])
    with pytest.raises(GameError, match="one entry state per group"):
        state_graph(game, view=by_phase, compact=True)


def test_simultaneous_states_show_both_mixed_strategies() -> None:
    pennies = TreeGame.from_spec(
        (
            "simultaneous",
            {"h": {"h": ("pay", 1), "t": ("pay", -1)}, "t": {"h": ("pay", -1), "t": ("pay", 1)}},
        )
    )
    graph = state_graph(pennies)
    start = graph.nodes["0"]
    assert (start["kind"], start["player"]) == ("decision", "both")
    assert start["row_strategy"] == start["column_strategy"] == "h: 1/2 | t: 1/2"
    assert all(data["optimal"] for _, _, data in graph.edges(data=True))


def test_float_results_have_no_exact_texts() -> None:
    game = RollOrStop(rolls=2, sides=3)
    graph = state_graph(game, solve(game, exact=False), view=StateView(label=_dice_label))
    start = graph.nodes[graph.graph["start"]]
    assert "value_exact" not in start and graph.graph["exact"] is False
    assert start["value"] == pytest.approx(7 / 3)


def test_several_outcomes_reaching_one_state_share_an_edge() -> None:
    coin = TreeNode(
        NodeKind.CHANCE,
        actions=("heads", "tails"),
        children=(1, 1),
        probabilities=(Fraction(1, 4), Fraction(3, 4)),
    )
    graph = state_graph(TreeGame((coin, TreeNode(NodeKind.TERMINAL, payoff=1))))
    edge = graph.edges["0", "1"]
    assert (edge["action"], edge["probability_exact"]) == ("heads | tails", "1/1")


def test_bad_views_and_big_games_are_refused() -> None:
    game = RollOrStop(rolls=2, sides=3)
    with pytest.raises(GameError, match="same label"):
        state_graph(game, view=StateView(label=lambda s: str(s.rolls_used)))
    with pytest.raises(ValueError, match="clash"):
        state_graph(game, view=StateView(attributes=lambda s: {"value": 1}))
    with pytest.raises(ValueError, match="more than 5 states"):
        state_graph(game, max_states=5)
    attributes = StateView(label=_dice_label, attributes=_dice_attributes)
    assert state_graph(game, view=attributes).nodes["0 None False"]["face"] == 0
