"""What a type checker sees of the packages' exports: each name with its own type, not ``Any``.

The exports load on first use, so Python finds them through each package's ``__getattr__``;
checkers and editors read them from the package's ``if TYPE_CHECKING:`` imports
(``strategy._lazy``). ``tests/test_quality.py`` runs ``mypy --strict`` on this file too: there
``assert_type`` fails if a name reached through a package is ``Any`` or of another type, and
here the same calls run and their values are checked.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import assert_type

import strategy
from strategy import classic, engine, risk


def test_checkers_see_each_package_s_exports() -> None:
    # Seed 003: one die against one, the attacker wins with 15/36.
    odds = assert_type(risk.odds(2, 1), risk.BattleOdds)
    assert odds.win_probability == Fraction(5, 12)
    game = risk.BattleGame(2, 1)
    solved = assert_type(strategy.solve(game), engine.Result[risk.BattleState, Hashable])
    assert solved.value == Fraction(5, 12)
    # Bouton: heaps 3, 4, 5 have nim-sum 3 ^ 4 ^ 5 = 2; mex {0, 1, 3} is 2.
    assert assert_type(classic.analyse_nim((3, 4, 5)), classic.NimAnalysis).nim_sum == 3 ^ 4 ^ 5
    assert assert_type(engine.mex({0, 1, 3}), int) == 2
