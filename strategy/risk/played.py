"""A battle played out under optimal play: where it ends, and how likely each end is.

The optimal-play tables give each state's value; a report or a player also wants the
distribution of final states when both sides play optimally, stops included. The battle
game (:class:`~strategy.risk.game.BattleGame`) is solved exactly by the generic solver and
played out along its policy (:func:`strategy.engine.outcomes.terminal_distribution`): the
first optimal move where moves tie, both equilibrium mixes under ``announce``.

>>> odds = played_odds(BattleGame(3, 2, choice="sees-roll"))
>>> sum(p for _, _, p in odds.final_states)
Fraction(1, 1)
>>> from strategy.risk.battle import Battle
>>> from strategy.risk.optimal import optimal_odds
>>> odds.win_probability == optimal_odds(3, 2, Battle.of(choice="sees-roll"), exact=True).value
True
"""

from __future__ import annotations

from fractions import Fraction

from strategy.engine.errors import InputError
from strategy.engine.outcomes import terminal_distribution
from strategy.engine.solve import solve
from strategy.risk.game import BattleGame
from strategy.risk.results import BattleOdds, Value

#: States of the grid ``(A + 1) x (D + 1)`` up to which a battle is played out: the generic
#: solver visits a few hundred game states per cell (30 v 30 under sees-roll: about 6 s).
MAX_CELLS = 31 * 31


def played_odds(game: BattleGame) -> BattleOdds:
    """The exact final states of the battle ``game`` under optimal play; a stop ends it with
    both sides' armies left. Battles beyond :data:`MAX_CELLS` states are refused up front."""
    attackers, defenders = game.start.attackers, game.start.defenders
    if (attackers + 1) * (defenders + 1) > MAX_CELLS:
        raise InputError(
            f"a battle is played out under optimal play up to {MAX_CELLS} states of the grid "
            f"(30 v 30); {attackers} v {defenders} has {(attackers + 1) * (defenders + 1)}"
        )
    ends = terminal_distribution(game, solve(game))
    final: dict[tuple[int, int], Value] = {}
    for state, probability in ends.items():
        key = (state.attackers, state.defenders)
        final[key] = final.get(key, Fraction(0)) + probability
    # As BattleOdds orders them: captures (most armies left first), then the rest.
    order = sorted(final, key=lambda s: (s[1] != 0, -s[0] if s[1] == 0 else s[1], -s[0]))
    states = tuple((a, d, final[a, d]) for a, d in order)
    return BattleOdds(game.battle, attackers, defenders, states, True)
