"""The text leaves every Risk result's ``text()`` is made of, below the results (as
:mod:`strategy.risk.leaves` holds the JSON's): a labelled number, the rules of a path, the
probability a float push dropped, the most likely final states.

A number is shown with six decimals (:func:`~strategy.engine.numbers.decimal`, rounded
exactly from a fraction), and its fraction beside it only when asked: a battle of a dozen
armies already has fractions of 37 digits.

>>> from fractions import Fraction
>>> number_line("P(attacker captures)", Fraction(5, 12), fractions=True)  # seed 003
'P(attacker captures)          0.416667  = 5/12'
"""

from __future__ import annotations

from strategy.engine.numbers import Value, decimal, fraction_text
from strategy.engine.shades import paint
from strategy.risk.kernels.push import DEFAULT_TOLERANCE
from strategy.risk.leaves import JSON_STATES, FinalStates, most_likely
from strategy.risk.rules import Rules

#: Final states text lists; beyond, only this many of the most likely.
TEXT_STATES = 20


def number_line(label: str, value: Value, *, fractions: bool = False, colour: bool = False) -> str:
    """One labelled number: its decimal (on seed 000's shade with ``colour``) and, with
    ``fractions``, its exact ``p/q``."""
    exact = f"  = {fraction_text(value)}" if fractions else ""
    return f"{label:<26}{paint(f'{decimal(value):>12}', float(value), colour)}{exact}"


def rules_lines(rules: tuple[Rules, ...]) -> list[str]:
    """The rules of a path of territories: one line when shared, else one per territory.

    >>> len(rules_lines((Rules(), Rules()))), len(rules_lines((Rules(), Rules(ties="attacker"))))
    (1, 2)
    """
    if len(set(rules)) == 1:
        return [f"rules: {rules[0].describe()}"]
    return [f"rules, territory {i}: {r.describe()}" for i, r in enumerate(rules, start=1)]


def dropped_line(mass: float, tolerance: float = DEFAULT_TOLERANCE) -> str:
    """The line reporting the probability a float push left out, below ``tolerance``.

    >>> dropped_line(1.29e-296, 1e-300)
    'probability dropped          1.29e-296  (states below 1e-300)'
    """
    return f"{'probability dropped':<26}{mass:>12.3g}  (states below {tolerance:g})"


def rounds_to_one(value: Value) -> bool:
    """Whether ``value`` prints as 1.000000 without being certain: below 1, or a float, which
    rounds (Balanced Blitz's chances are floats, and come within 1e-16 of 1).

    >>> from fractions import Fraction
    >>> rounds_to_one(0.9999999999999999), rounds_to_one(1.0), rounds_to_one(Fraction(1))
    (True, True, False)
    """
    return decimal(value) == "1.000000" and (isinstance(value, float) or value < 1)


def final_state_lines(final_states: FinalStates, *, fractions: bool = False) -> list[str]:
    """The final states, at most :data:`TEXT_STATES` of them, the most likely first (how
    many were left out said above them); with ``fractions``, each one's ``p/q`` beside it.

    >>> from fractions import Fraction
    >>> print("\\n".join(final_state_lines(((2, 0, Fraction(5, 12)), (1, 1, Fraction(7, 12))))))
    <BLANKLINE>
    final states        probability
      A=2    D=0    captured  0.416667
      A=1    D=1    held      0.583333
    """
    shown, truncated = most_likely(final_states, TEXT_STATES)
    lines = []
    if truncated:
        held = decimal(sum(p for _, _, p in shown))
        lines += [
            "",
            f"final states: {len(final_states)} in all; the {len(shown)} most likely, "
            f"together {held}, are shown (--json lists up to {JSON_STATES})",
        ]
    lines += ["", "final states        probability" + ("  exact" if fractions else "")]
    for a, d, p in shown:
        outcome = "captured" if d == 0 else "held"
        exact = f"  {fraction_text(p)}" if fractions else ""
        lines.append(f"  A={a:<4} D={d:<4} {outcome:<8}{decimal(p):>10}{exact}")
    return lines
