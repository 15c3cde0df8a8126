"""OpenSpiel games from ``strategy`` games, and ``strategy`` games from OpenSpiel's.

:func:`to_pyspiel` registers any :class:`~strategy.engine.game.Game` as a Python game of
OpenSpiel, so OpenSpiel's algorithms (value iteration, MCTS, CFR, ...) run on it. The game
is explored once, up front, to declare what OpenSpiel asks of a game: the number of distinct
actions and chance outcomes, the utility bounds and the longest play. The maximiser is player
0 and the minimiser player 1; payoffs are ``[v, -v]`` (OpenSpiel's zero-sum convention).
OpenSpiel computes in floats, so its values agree with :func:`~strategy.engine.solve.solve`'s
exact ones to rounding.

:func:`from_pyspiel` (from :mod:`strategy.interop.spiel_game`) goes the other way for
two-player zero-sum games of perfect information whose payoffs come at the end; games with
hidden information, such as ``kuhn_poker``, are refused with the reason.

>>> import pyspiel
>>> from strategy.engine.solve import solve
>>> tic_tac_toe = from_pyspiel(pyspiel.load_game("tic_tac_toe"), identify="text")
>>> solve(tic_tac_toe).value  # a draw with best play
Fraction(0, 1)
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from strategy.engine.errors import InputError
from strategy.engine.game import Game, GameError, NodeKind, state_text
from strategy.engine.registry import discover, load_game
from strategy.engine.walk import post_order
from strategy.interop.spiel_game import SpielGame, from_pyspiel, pyspiel_module

__all__ = [
    "GameSummary",
    "SpielGame",
    "from_pyspiel",
    "load_registered",
    "registered_games",
    "summarise",
    "to_pyspiel",
]

#: Refuse to declare games with more reachable states than this: the exploration keeps them all.
MAX_STATES = 2_000_000
_names = itertools.count(1)


@dataclass(frozen=True)
class GameSummary:
    """What OpenSpiel must be told about a game, found by exploring every reachable state.

    ``actions`` are the players' distinct actions (OpenSpiel's action ``i`` is
    ``actions[i]``), ``outcomes`` chance's; ``bound`` is the largest payoff magnitude, exact;
    ``longest`` the most decisions (chance moves not counted) on any play.

    >>> from strategy.risk.game import BattleGame
    >>> summary = summarise(BattleGame(2, 1))
    >>> summary.actions, summary.bound, summary.states
    ((1, 'stop'), Fraction(1, 1), 5)
    """

    actions: tuple[Hashable, ...]
    outcomes: tuple[Hashable, ...]
    bound: Fraction
    longest: int
    states: int
    chance: bool
    simultaneous: bool

    def to_json(self) -> dict[str, Any]:
        """The summary with actions and outcomes as text."""
        return {
            "actions": [str(action) for action in self.actions],
            "chance_outcomes": [str(outcome) for outcome in self.outcomes],
            "payoff_bound": str(self.bound),
            "max_game_length": self.longest,
            "states": self.states,
            "chance": self.chance,
            "simultaneous": self.simultaneous,
        }


def summarise(game: Game[Any, Any], *, max_states: int = MAX_STATES) -> GameSummary:
    """Explore ``game`` from its initial state; :class:`InputError` past ``max_states``."""
    actions: dict[Hashable, None] = {}
    outcomes: dict[Hashable, None] = {}
    bound = Fraction(0)
    chance = simultaneous = False
    expanded = 0  # states with moves
    longest: dict[Hashable, int] = {}  # decisions on the longest play from each finished state

    def expand(state: Hashable) -> tuple[list[Hashable], list[Hashable]]:
        nonlocal bound, chance, simultaneous, expanded
        kind = game.kind(state)
        if kind is NodeKind.TERMINAL:
            bound = max(bound, abs(Fraction(game.returns(state))))
            return [], []
        if kind is NodeKind.CHANCE:
            chance = True
            moves: Sequence[Any] = [outcome for outcome, _ in game.chance_outcomes(state)]
            outcomes.update(dict.fromkeys(moves))
        elif kind is NodeKind.SIMULTANEOUS:
            simultaneous = True
            rows, columns = game.joint_actions(state)
            actions.update(dict.fromkeys([*rows, *columns]))
            moves = [(row, column) for row in rows for column in columns]
        else:
            moves = game.legal_actions(state)
            actions.update(dict.fromkeys(moves))
        children = [game.child(state, move) for move in moves]
        expanded += 1
        if expanded > max_states:
            raise InputError(
                f"the game has more than {max_states} reachable states; "
                "OpenSpiel needs them all explored to declare the game"
            )
        return children, children

    def finish(state: Hashable, children: list[Hashable]) -> None:
        if any(c not in longest for c in children):  # met again before its children ended
            raise GameError(
                f"state {state_text(state)} can be reached from itself: "
                "OpenSpiel's games here must end"
            )
        step = 0 if game.kind(state) is NodeKind.CHANCE else 1
        longest[state] = step + max(longest[c] for c in children) if children else 0

    post_order(game.initial_state(), expand, finish, done=longest)
    start = game.initial_state()
    return GameSummary(
        tuple(actions), tuple(outcomes), bound, longest[start], len(longest), chance, simultaneous
    )


def to_pyspiel(
    game: Game[Any, Any], *, name: str | None = None, max_states: int = MAX_STATES
) -> Any:
    """``game`` as a registered OpenSpiel game (a ``pyspiel.Game``), explored up front.

    The game type says: explicit stochastic chance when the game has a chance state,
    else deterministic; sequential, or simultaneous when it has a simultaneous state;
    perfect information; zero-sum; payoffs at the end. ``name`` is the short name it is
    registered under (default ``strategy_<class>_<n>``), so ``pyspiel.load_game(name)`` makes
    another copy.

    >>> from strategy.risk.game import BattleGame
    >>> spiel = to_pyspiel(BattleGame(3, 2), name="battle_3v2")
    >>> spiel.get_type().chance_mode, spiel.num_distinct_actions(), spiel.max_utility()
    (<ChanceMode.EXPLICIT_STOCHASTIC: 1>, 3, 1.0)
    >>> state = spiel.new_initial_state()
    >>> [state.action_to_string(0, a) for a in state.legal_actions()]
    ['2', 'stop']
    """
    pyspiel = pyspiel_module()
    summary = summarise(game, max_states=max_states)
    short_name = name or f"strategy_{type(game).__name__.lower()}_{next(_names)}"
    kinds = pyspiel.GameType
    game_type = kinds(
        short_name=short_name,
        long_name=f"strategy {type(game).__name__}",
        dynamics=kinds.Dynamics.SIMULTANEOUS if summary.simultaneous else kinds.Dynamics.SEQUENTIAL,
        chance_mode=(
            kinds.ChanceMode.EXPLICIT_STOCHASTIC
            if summary.chance
            else kinds.ChanceMode.DETERMINISTIC
        ),
        information=kinds.Information.PERFECT_INFORMATION,
        utility=kinds.Utility.ZERO_SUM,
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=max(1, len(summary.actions)),
        max_chance_outcomes=len(summary.outcomes),
        num_players=2,
        min_utility=-float(summary.bound),
        max_utility=float(summary.bound),
        utility_sum=0.0,
        max_game_length=summary.longest,
    )
    tables = _Tables(game, summary)

    class SpielGame(pyspiel.Game):  # type: ignore[misc,name-defined]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, game_info, params or {})

        def new_initial_state(self) -> Any:
            return SpielState(self, game.initial_state())

    class SpielState(pyspiel.State):  # type: ignore[misc,name-defined]
        def __init__(self, owner: Any, state: Hashable) -> None:
            super().__init__(owner)
            self.state = state
            self.kind = game.kind(state)

        def current_player(self) -> int:
            return tables.player(self.kind)

        def _legal_actions(self, player: int) -> list[int]:
            return tables.legal(self.state, self.kind, player)

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return [
                (tables.outcome_index[outcome], float(probability))
                for outcome, probability in game.chance_outcomes(self.state)
            ]

        def _apply_action(self, action: int) -> None:
            labels = tables.outcomes if self.kind is NodeKind.CHANCE else tables.actions
            self._move(labels[action])

        def _apply_actions(self, actions: Sequence[int]) -> None:
            self._move((tables.actions[actions[0]], tables.actions[actions[1]]))

        def _move(self, move: Hashable) -> None:
            self.state = game.child(self.state, move)
            self.kind = game.kind(self.state)

        def _action_to_string(self, player: int, action: int) -> str:
            labels = tables.outcomes if player == pyspiel.PlayerId.CHANCE else tables.actions
            return str(labels[action])

        def is_terminal(self) -> bool:
            return self.kind is NodeKind.TERMINAL

        def returns(self) -> list[float]:
            if self.kind is not NodeKind.TERMINAL:
                return [0.0, 0.0]
            value = float(game.returns(self.state))
            return [value, -value]

        def __str__(self) -> str:
            return repr(self.state)

    pyspiel.register_game(game_type, SpielGame)
    return SpielGame()


def registered_games() -> tuple[str, ...]:
    """The games of strategy's registry that OpenSpiel can take: every one whose states never
    repeat (its games here must end), by name.

    >>> {"dice", "nim", "tictactoe"} <= set(registered_games()), "pig" in registered_games()
    (True, False)
    """
    return tuple(name for name, game in discover().items() if "cyclic" not in game.flags)


def load_registered(name: str, *, max_states: int = MAX_STATES, **parameters: Any) -> Any:
    """The registered game ``name`` built from ``parameters`` (as
    :func:`~strategy.engine.registry.load_game` builds it) as an OpenSpiel game, registered
    with OpenSpiel as ``strategy_<name>_<n>``.

    >>> spiel = load_registered("nim", heaps=(1, 2))
    >>> spiel.get_type().short_name.startswith("strategy_nim_")
    True
    >>> spiel.num_distinct_actions()  # the positions a move leaves: 0 2, 1 1, 1 0, 0 1, 0 0
    5
    """
    if name not in registered_games():
        raise InputError(
            f"no game {name!r} for OpenSpiel; registered and ending: "
            + ", ".join(registered_games())
        )
    game = load_game(name, **parameters)
    return to_pyspiel(game, name=f"strategy_{name}_{next(_names)}", max_states=max_states)


class _Tables:
    """Actions and chance outcomes of one game as OpenSpiel's integers, both ways."""

    def __init__(self, game: Game[Any, Any], summary: GameSummary) -> None:
        pyspiel = pyspiel_module()
        self.game = game
        self.actions, self.outcomes = summary.actions, summary.outcomes
        self.action_index = {action: i for i, action in enumerate(self.actions)}
        self.outcome_index = {outcome: i for i, outcome in enumerate(self.outcomes)}
        self.players = {
            NodeKind.MAX: 0,
            NodeKind.MIN: 1,
            NodeKind.TERMINAL: pyspiel.PlayerId.TERMINAL,
            NodeKind.CHANCE: pyspiel.PlayerId.CHANCE,
            NodeKind.SIMULTANEOUS: pyspiel.PlayerId.SIMULTANEOUS,
        }

    def player(self, kind: NodeKind) -> int:
        return int(self.players[kind])

    def legal(self, state: Hashable, kind: NodeKind, player: int) -> list[int]:
        if kind is NodeKind.SIMULTANEOUS:
            moves = self.game.joint_actions(state)[player]
        elif kind is NodeKind.MAX or kind is NodeKind.MIN:
            moves = self.game.legal_actions(state) if self.players[kind] == player else ()
        else:
            return []
        return sorted(self.action_index[move] for move in moves)
