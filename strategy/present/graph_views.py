"""How the states of the toolkit's own games appear in a state graph
(:mod:`strategy.present.graph`).

A :class:`~strategy.present.graph.StateView` names states and adds attributes, groups them for
the compact graph and places them in the drawing's rows. The views live here, beside
the graph module, rather than with the games: the games sit below the graphs and import
nothing of them.

>>> from strategy.present.graph import state_graph
>>> from strategy.risk.game import BattleGame
>>> game = BattleGame(3, 2)
>>> graph = state_graph(game, view=battle_view(game), compact=True)
>>> graph.nodes["3v2"]["value_exact"], graph.nodes["3v2"]["attackers"]
('235/648', 3)
"""

from __future__ import annotations

from strategy.present.graph import StateView
from strategy.risk.game import BattleGame, BattleState
from strategy.risk.turns.game import GameState, TurnGame

__all__ = ["battle_view"]

# A round's phases in the order they happen; the rank spreads one round over rows. A stop
# stands in its decision's row, beside it (strategy.present.graph_io.layered_positions): a
# row further down would put it on the line from the decision to the roll it forgoes.
_PHASE_ROWS = {"attack": 0, "stopped": 0, "announce": 1, "attacker-roll": 1, "defend": 2}
_ROWS_PER_ROUND = 4


def battle_view(game: BattleGame) -> StateView[BattleState]:
    """Labels, armies, groups by armies and rows by ``A + D`` for ``game``'s states.

    States are labelled ``"5v3"`` at the attacker's choice and ``"5v3 roll 3v2"`` (and so
    on) in later phases, with the armies, phase, dice and roll as attributes; a round's
    phases share one group, ``"5v3"``, for the compact graph.

    >>> view = battle_view(BattleGame(5, 3))
    >>> view.label(BattleState(5, 3, "roll", 3, 2)), view.group(BattleState(4, 3, "stopped"))
    ('5v3 roll 3v2', '4v3 stopped')
    >>> view.layer(BattleState(5, 3)), view.layer(BattleState(4, 3, "defend", 2))
    (0, 6)
    """
    total = game.start.attackers + game.start.defenders

    def label(state: BattleState) -> str:
        text = f"{state.attackers}v{state.defenders}"
        if state.phase != "attack":
            text += f" {state.phase}"
        if state.attacker_dice:
            text += f" {state.attacker_dice}" + (
                f"v{state.defender_dice}" if state.defender_dice else ""
            )
        if state.roll:
            text += " sees " + ",".join(map(str, state.roll))
        return text

    def attributes(state: BattleState) -> dict[str, str | int]:
        return {
            "attackers": state.attackers,
            "defenders": state.defenders,
            "phase": state.phase,
            "attacker_dice": state.attacker_dice,
            "defender_dice": state.defender_dice,
            "attacker_roll": " ".join(map(str, state.roll)),
        }

    def group(state: BattleState) -> str:
        # A stop ends play inside its round; its own node shows the stop as an edge.
        stopped = " stopped" if state.phase == "stopped" else ""
        return f"{state.attackers}v{state.defenders}{stopped}"

    def layer(state: BattleState) -> int:
        rounds = total - state.attackers - state.defenders
        return rounds * _ROWS_PER_ROUND + _PHASE_ROWS.get(state.phase, _ROWS_PER_ROUND - 1)

    return StateView(label=label, attributes=attributes, group=group, layer=layer)


def turn_view(game: TurnGame) -> StateView[GameState]:
    """Labels such as ``"roll Peru from Venezuela | yours Venezuela 5 | theirs Peru 1"``,
    the phase and armies as attributes, layers by armies in play.

    >>> from strategy.risk.turns.building import path_turn
    >>> game = TurnGame(path_turn(3, (1,)))
    >>> turn_view(game).label(game.initial_state())
    'turn | yours origin 3 | theirs territory 1 1'
    """
    turn = game.turn
    top = turn.key(game.start.state)

    def label(node: GameState) -> str:
        state = node.state
        head: str = node.phase
        if node.attack is not None:
            head += f" {turn.names[node.attack[1]]} from {turn.names[node.attack[0]]}"
        yours = [
            f"{name} {state.armies[i] or '-'}"
            for i, name in enumerate(turn.names)
            if state.owned >> i & 1
        ]
        theirs = [
            f"{name} {state.armies[i]}"
            for i, name in enumerate(turn.names)
            if not state.owned >> i & 1
        ]
        parts = [head, "yours " + ", ".join(yours)]
        if theirs:
            parts.append("theirs " + ", ".join(theirs))
        if node.bank:
            parts.append(f"banked {node.bank}")
        if state.kept:
            parts.append("kept")
        return " | ".join(parts)

    def attributes(node: GameState) -> dict[str, str | int]:
        return {
            "phase": node.phase,
            "armies_in_play": turn.key(node.state),
            "taken": bin(node.state.owned & ~turn.attacker).count("1"),
        }

    def layer(node: GameState) -> int:
        step = {"turn": 0, "roll": 1, "move": 2, "end": 1}[node.phase]
        return 3 * (top - turn.key(node.state)) + step

    return StateView(label=label, attributes=attributes, layer=layer)
