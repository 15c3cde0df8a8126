"""Hypothesis strategies for Risk: rules, battle states and objectives.

Draw random editions of the battle and states under them, to test your own code against
ours, or ours against itself. The default ranges keep the exact engine fast (a few
milliseconds per battle); widen them for slower, broader searches.

This module imports ``hypothesis`` (a test extra), so ``import strategy.risk`` does not.

>>> from hypothesis import given, settings
>>> from strategy.risk.classic import battle_odds
>>> @settings(max_examples=25, deadline=None)
... @given(battles())
... def test_capture_is_a_probability(battle):
...     rules, attackers, defenders = battle
...     assert 0 <= battle_odds(attackers, defenders, rules).win_probability <= 1
>>> test_capture_is_a_probability()
"""

from __future__ import annotations

from hypothesis import strategies as st

from strategy.risk.objectives import Kind, Objective
from strategy.risk.rules import Rules

__all__ = ["battles", "objectives", "risk_rules", "states"]


def risk_rules(
    *, max_dice: int = 3, max_sides: int = 8, max_stay_behind: int = 2
) -> st.SearchStrategy[Rules]:
    """Rules with 1..``max_dice`` dice and 2..``max_sides`` faces a side, either tie rule,
    0..``max_stay_behind`` armies left behind and either count convention.

    >>> from hypothesis import find
    >>> find(risk_rules(max_dice=2), lambda r: r.attacker_dice + r.defender_dice == 4).ties
    'defender'
    """
    dice = st.integers(1, max_dice)
    sides = st.integers(2, max_sides)
    return st.builds(
        Rules,
        attacker_dice=dice,
        defender_dice=dice,
        attacker_sides=sides,
        defender_sides=sides,
        ties=st.sampled_from(("defender", "attacker")),
        stay_behind=st.integers(0, max_stay_behind),
        count=st.sampled_from(("territory", "attacking")),
    )


def states(
    rules: Rules, *, max_attackers: int = 8, max_defenders: int = 8, ongoing: bool = False
) -> st.SearchStrategy[tuple[int, int]]:
    """``(attackers, defenders)`` that ``rules`` allow, counted as ``rules`` count them;
    ``ongoing=True`` keeps only states where the attacker can still roll a die.

    ``max_attackers`` counts armies that may attack, so it means the same under both
    conventions.

    >>> from hypothesis import find
    >>> find(states(Rules(), ongoing=True), lambda s: True)
    (2, 1)
    """
    lowest = rules.offset + 1 if ongoing else rules.min_attackers
    return st.tuples(
        st.integers(lowest, max(lowest, rules.offset + max_attackers)),
        st.integers(1 if ongoing else 0, max_defenders),
    )


@st.composite
def battles(
    draw: st.DrawFn,
    rules: st.SearchStrategy[Rules] | None = None,
    *,
    max_attackers: int = 8,
    max_defenders: int = 8,
    ongoing: bool = False,
) -> tuple[Rules, int, int]:
    """``(rules, attackers, defenders)``: rules drawn from ``rules`` (default
    :func:`risk_rules`), then a state under them, as :func:`states` draws it."""
    drawn = draw(risk_rules() if rules is None else rules)
    attackers, defenders = draw(
        states(drawn, max_attackers=max_attackers, max_defenders=max_defenders, ongoing=ongoing)
    )
    return drawn, attackers, defenders


def objectives(*, max_parameter: int = 5) -> st.SearchStrategy[Objective]:
    """Every kind of objective, ``keep:K`` and ``balance:T`` with 0..``max_parameter``.

    >>> from hypothesis import find
    >>> find(objectives(), lambda o: o.kind == "keep")
    Objective(kind='keep', parameter=0)
    """
    parameter = st.integers(0, max_parameter)
    plain: tuple[Kind, ...] = ("capture", "signed", "attacker-left", "defender-left")
    return st.one_of(
        st.sampled_from([Objective(kind) for kind in plain]),
        st.builds(Objective, st.just("keep"), parameter),
        st.builds(Objective, st.just("balance"), parameter),
    )
