"""The leaves every Risk result is made of, below the results: the battle's terms read
from a result (:class:`Terms`), and for the JSON a number with its exact twin, a tail
probability, the rules, the battle's terms, the most likely final states. Each result
writes its own shape from these (``to_json()`` beside its fields).

Every number is a float, with an ``_exact`` twin (``"p/q"``) when it was computed
exactly; the battle's terms (``choice``, ``objective``, ``allow_stop``, ``rules``) travel
with the numbers they produced.

>>> from fractions import Fraction
>>> from strategy.risk.battle import Battle
>>> battle_json(Battle.of(choice="respond"))["choice"]
'respond'
>>> number_json("value", Fraction(5, 12))
{'value': 0.4166666666666667, 'value_exact': '5/12'}
"""

from __future__ import annotations

import heapq
from dataclasses import asdict
from typing import Any

from strategy.engine.forward import Forward
from strategy.engine.numbers import Value, fraction_text
from strategy.risk.battle import Battle
from strategy.risk.choices import ChoiceRule
from strategy.risk.objectives import Objective
from strategy.risk.resolution import Resolution
from strategy.risk.rules import Rules

#: Final states JSON lists; beyond, only this many of the most likely.
JSON_STATES = 10_000

FinalStates = tuple[tuple[int, int, Value], ...]

#: ``(key, label, objective)`` of every quantity of a battle's end: the result's attribute
#: and JSON key, its label in text, the objective it is the expectation of.
QUANTITIES = (
    ("win_probability", "P(attacker captures)", "capture"),
    ("expected_attacker_left", "expected attackers left", "attacker-left"),
    ("expected_defender_left", "expected defenders left", "defender-left"),
    ("expected_signed", "expected signed outcome", "signed"),
)


def rules_json(rules: Rules) -> dict[str, Any]:
    """The rules as a JSON object, field by field."""
    return asdict(rules)


def battle_json(battle: Battle) -> dict[str, Any]:
    """The battle's terms: ``choice``, ``objective`` and ``allow_stop``, then ``rules``."""
    return {
        "choice": battle.choice.name,
        "objective": battle.objective.label,
        "allow_stop": battle.allow_stop,
        "rules": rules_json(battle.rules),
    }


def play_terms_json(battle: Battle) -> dict[str, Any]:
    """:func:`battle_json` without the rules (for results that list rules of their own)."""
    return {key: value for key, value in battle_json(battle).items() if key != "rules"}


def number_json(key: str, value: Value) -> dict[str, Any]:
    """``{key: float}`` and, for an exact value, ``{key_exact: "p/q"}``."""
    exact = {} if isinstance(value, float) else {f"{key}_exact": fraction_text(value)}
    return {key: float(value)} | exact


def tail_json(armies: int, probability: Value) -> dict[str, Any]:
    """One tail probability as JSON, with ``probability_exact`` when it is exact.

    >>> from fractions import Fraction
    >>> tail_json(2, Fraction(5, 12))
    {'armies': 2, 'probability': 0.4166666666666667, 'probability_exact': '5/12'}
    """
    return {"armies": armies} | number_json("probability", probability)


def most_likely(final_states: FinalStates, limit: int) -> tuple[FinalStates, bool]:
    """All the final states if there are at most ``limit``, else the ``limit`` most likely,
    most likely first; and whether any were left out.

    >>> most_likely(((3, 0, 0.5), (2, 0, 0.2), (1, 1, 0.3)), 2)
    (((3, 0, 0.5), (1, 1, 0.3)), True)
    """
    if len(final_states) <= limit:
        return final_states, False
    return tuple(heapq.nlargest(limit, final_states, key=lambda s: s[2])), True


class Terms:
    """The battle's terms, read from a result's ``battle``: its rules, objective, choice
    rule and whether the attacker may stop."""

    battle: Battle

    rules = Forward[Rules]("battle", "The rules of the battle.")
    objective = Forward[Objective](
        "battle", "What the values are the expectation of: the attacker maximises it."
    )
    choice = Forward[ChoiceRule]("battle", "When each side chooses its dice.")
    allow_stop = Forward[bool]("battle", "Whether the attacker may stop.")
    resolution = Forward[Resolution]("battle", "The dice and the limit it is fought with.")
