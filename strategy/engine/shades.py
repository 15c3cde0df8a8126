"""Seed 000's shades: a probability's colour, green where the attacker is likely to win,
red where the defender is, white near even odds; on a page (:func:`shade_rgb`) and on a
terminal (:func:`paint`).

>>> shade_rgb(0.5), shade_rgb(1.0), shade_rgb(0.0)
((255, 255, 255), (0, 255, 0), (255, 0, 0))
"""

from __future__ import annotations


def shade_rgb(probability: float) -> tuple[int, int, int]:
    """Seed 000's colour: whiteness falls off as ``(2 |p - 1/2|) ** 1.5``."""
    whiteness = int(255 * (1 - (2 * abs(probability - 0.5)) ** 1.5))
    return (whiteness, 255, whiteness) if probability > 0.5 else (255, whiteness, whiteness)


def paint(text: str, probability: float, colour: bool) -> str:
    """``text`` on seed 000's shade of ``probability`` when ``colour`` is on.

    >>> paint("0.5", 0.5, False), paint("1", 1.0, True)
    ('0.5', '\\x1b[30;48;2;0;255;0m1\\x1b[0m')
    """
    if not colour:
        return text
    r, g, b = shade_rgb(probability)
    return f"\x1b[30;48;2;{r};{g};{b}m{text}\x1b[0m"
