"""How ``chain`` and ``need`` show the rules of a path of territories (their parameters are
declared in :mod:`strategy.risk.requests`).

>>> from strategy.risk.rules import Rules
>>> len(rules_text((Rules(), Rules()))), len(rules_text((Rules(), Rules(ties="attacker"))))
(1, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from strategy.risk.rules import Rules


def rules_text(rules: tuple[Rules, ...]) -> list[str]:
    """One line for shared rules, else one per territory."""
    if len(set(rules)) == 1:
        return [f"rules: {rules[0].describe()}"]
    return [f"rules, territory {i}: {r.describe()}" for i, r in enumerate(rules, start=1)]
