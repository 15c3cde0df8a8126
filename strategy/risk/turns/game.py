"""A turn as a :class:`~strategy.engine.game.Game`: for the engine's solver and graph export.

The same :class:`~strategy.risk.turns.model.Turn` model, with each part of a move its own
state: at ``turn`` the attacker stops or picks an attack, ``roll`` is chance, at ``move``
the attacker picks the armies to move into the territory just taken, ``end`` pays. The
armies the model drops along the way are worth their rewards under ``value``: the game
carries them in ``bank`` so that the payoff at the end is the whole turn's. So
``solve(TurnGame(turn)).value`` is :func:`~strategy.risk.turns.solve.plan_turn`'s value,
found independently of its induction, and the state graph shows every step.

>>> from strategy.engine.solve import solve
>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.solve import plan_turn
>>> turn = path_turn(4, (2, 1))
>>> solve(TurnGame(turn)).value == plan_turn(turn).value
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal, NamedTuple

from strategy.engine.game import NodeKind
from strategy.risk.turns.model import Turn, TurnState

Phase = Literal["turn", "roll", "move", "end"]
STOP = "stop"


class GameState(NamedTuple):
    """A phase of the turn at one :class:`TurnState`, the attack being made, the bank."""

    phase: Phase
    state: TurnState
    attack: tuple[int, int] | None = None
    bank: int = 0


class TurnGame:
    """``turn`` for the engine: actions are ``"stop"``, ``"attack T from S"`` and
    ``"move in M"``; chance outcomes are ``(attacker losses, defender losses)``.

    >>> from strategy.risk.turns.building import path_turn
    >>> game = TurnGame(path_turn(3, (1,)))
    >>> game.legal_actions(game.initial_state())
    ('stop', 'attack territory 1 from origin')
    """

    def __init__(self, turn: Turn) -> None:
        self.turn = turn
        state, bank = turn.start()
        self.start = GameState("turn", state, None, bank)
        self._attacks = {
            f"attack {turn.names[t]} from {turn.names[s]}": (s, t)
            for s in range(turn.size)
            for t in turn.neighbours[s]
        }
        self._names = {attack: name for name, attack in self._attacks.items()}

    def initial_state(self) -> GameState:
        """The start of the turn."""
        return self.start

    def kind(self, node: GameState) -> NodeKind:
        """Terminal at the end or where nothing can attack; chance at rolls; else MAX."""
        if node.phase == "roll":
            return NodeKind.CHANCE
        if node.phase == "move":
            return NodeKind.MAX
        if node.phase == "end" or not self.turn.attacks(node.state):
            return NodeKind.TERMINAL
        return NodeKind.MAX

    def returns(self, node: GameState) -> int:
        """The objective's payoff, banked rewards included."""
        return self.turn.payoff(node.state) + node.bank

    def legal_actions(self, node: GameState) -> tuple[str, ...]:
        """Stop or attack (``turn``); how many armies move in (``move``)."""
        if node.phase == "move":
            assert node.attack is not None
            return tuple(f"move in {m}" for m in self.turn.move_ins(node.state, node.attack[0]))
        return (STOP, *(self._names[a] for a in self.turn.attacks(node.state)))

    def chance_outcomes(self, node: GameState) -> Sequence[tuple[tuple[int, int], Fraction]]:
        """The losses of one roll, exactly."""
        assert node.attack is not None
        return tuple(((a, d), p) for a, d, p in self.turn.steps(node.state, *node.attack))

    def joint_actions(self, node: GameState) -> tuple[Sequence[str], Sequence[str]]:
        """No simultaneous moves in a turn."""
        raise NotImplementedError("a turn has no simultaneous moves")

    def child(self, node: GameState, action: str | tuple[int, int]) -> GameState:
        """The state after ``action`` (a roll's outcome at ``roll``)."""
        state, attack = node.state, node.attack
        if node.phase == "roll":
            assert attack is not None and isinstance(action, tuple)
            lost, killed = action
            if killed == state.armies[attack[1]]:
                return GameState("move", state, attack, node.bank)
            after, reward = self.turn.after_roll(state, *attack, lost, killed)
            return GameState("turn", after, None, node.bank + reward)
        assert isinstance(action, str)
        if node.phase == "move":
            assert attack is not None
            moved = int(action.removeprefix("move in "))
            after, reward = self.turn.after_move_in(state, *attack, moved)
            return GameState("turn", after, None, node.bank + reward)
        if action == STOP:
            return GameState("end", state, None, node.bank)
        return GameState("roll", state, self._attacks[action], node.bank)
