"""Every hypothesis strategy and test helper of the toolkit, for users' own test suites.

The game-agnostic ones live in :mod:`strategy.engine.testing`, the Risk ones beside the
rules in :mod:`strategy.risk.strategies`; this module gathers them. It imports
``hypothesis`` (a test extra), so ``import strategy`` does not.

>>> from hypothesis import given, settings
>>> @settings(max_examples=5, deadline=None)
... @given(battles())
... def test_states_are_legal(battle):
...     rules, attackers, defenders = battle
...     rules.check_state(attackers, defenders)
>>> test_states_are_legal()
"""

from strategy.engine.testing import TreeGame, TreeNode, brute_force_value, small_games
from strategy.risk.strategies import battles, objectives, risk_rules, states

__all__ = [
    "TreeGame",
    "TreeNode",
    "battles",
    "brute_force_value",
    "objectives",
    "risk_rules",
    "small_games",
    "states",
]
