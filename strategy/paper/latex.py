"""Small LaTeX writers: exact fractions, rounded decimals, tables and number macros.

Decimals of exact values are rounded exactly (half up), so a generated table never
depends on how a float happened to round.

>>> frac(Fraction(1955, 2592))
'\\\\frac{1955}{2592}'
>>> decimal(Fraction(1, 8), 2), decimal(0.125, 2)
('0.13', '0.13')
>>> macro("TenTen", "0.568")
'\\\\newcommand{\\\\TenTen}{0.568}'
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from strategy.present.symbolic import latex


def frac(value: Fraction | int | float) -> str:
    """An exact rational in LaTeX, through sympy; floats are refused (not exact results)."""
    if isinstance(value, float):
        raise TypeError("frac needs an exact value, not a float")
    return latex(value)


def decimal(value: Fraction | float | int, digits: int) -> str:
    """``value`` to ``digits`` places, rounded half up; exact for fractions.

    >>> decimal(Fraction(-1, 3), 3), decimal(Fraction(1, 2000), 3)
    ('-0.333', '0.001')
    """
    exact = Fraction(value)
    text = Decimal(exact.numerator) / Decimal(exact.denominator)
    rounded = text.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    return "0." + "0" * digits if rounded == 0 and digits else str(rounded)


def percent(value: Fraction | float, digits: int = 1) -> str:
    """A probability as a percentage, escaped for LaTeX.

    >>> percent(Fraction(1, 3))
    '33.3\\\\%'
    """
    return decimal(Fraction(value) * 100, digits) + r"\%"


def macro(name: str, value: str) -> str:
    """A ``\\newcommand`` holding one number quoted in the prose; ``$...$`` becomes
    ``\\ensuremath{...}`` so the macro works in text and in math alike.

    >>> print(macro("Half", "$x$"))
    \\newcommand{\\Half}{\\ensuremath{x}}
    """
    if len(value) > 1 and value.startswith("$") and value.endswith("$"):
        value = f"\\ensuremath{{{value[1:-1]}}}"
    return f"\\newcommand{{\\{name}}}{{{value}}}"


def tabular(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    align: str,
    *,
    comment: str = "",
) -> str:
    """A booktabs ``tabular``; cells are LaTeX already.

    >>> print(tabular(["a", "b"], [["1", "2"]], "rr"))
    \\begin{tabular}{rr}
    \\toprule
    a & b \\\\
    \\midrule
    1 & 2 \\\\
    \\bottomrule
    \\end{tabular}
    <BLANKLINE>
    """
    lines = [f"% {comment}"] if comment else []
    lines += [f"\\begin{{tabular}}{{{align}}}", "\\toprule", " & ".join(header) + r" \\"]
    lines.append("\\midrule")
    lines += [" & ".join(row) + r" \\" for row in rows]
    lines += ["\\bottomrule", "\\end{tabular}", ""]
    return "\n".join(lines)
