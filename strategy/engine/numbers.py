"""Exact numbers as text: one form for every exact rational the toolkit prints.

>>> fraction_text(Fraction(3, 4)), fraction_text(2)
('3/4', '2/1')
"""

from __future__ import annotations

from fractions import Fraction


def fraction_text(value: Fraction | int | float) -> str:
    """An exact rational as ``"p/q"`` (integers as ``"p/1"``, so parsers see one form).

    Floats are refused: their "exact" value would be a binary artefact, not a result.
    """
    if isinstance(value, float):
        raise TypeError("fraction_text needs an exact value, not a float")
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


def prime_factors(number: int) -> tuple[tuple[int, int], ...]:
    """``(prime, multiplicity)`` pairs of a small number, by trial division.

    >>> prime_factors(24)
    ((2, 3), (3, 1))
    """
    factors = []
    p = 2
    while p * p <= number:
        m = 0
        while number % p == 0:
            number //= p
            m += 1
        if m:
            factors.append((p, m))
        p += 1
    if number > 1:
        factors.append((number, 1))
    return tuple(factors)


def strip_prime(number: int, prime: int, most: int) -> tuple[int, int]:
    """``(number / prime ** v, v)`` for the largest ``v <= most`` with ``prime ** v | number``.

    Powers ``prime ** 2 ** i`` grow while they divide, then shrink: few divisions even
    for a huge power of ``prime``.

    >>> strip_prime(-48, 2, 10), strip_prime(3**50 * 7, 3, 40) == (3**10 * 7, 40)
    ((-3, 4), True)
    """
    if number == 0:
        return 0, 0
    if prime == 2:
        v = min((number & -number).bit_length() - 1, most)
        return number >> v, v
    v = 0
    taken: list[tuple[int, int]] = []
    power, size = prime, 1
    while size <= most - v:
        quotient, remainder = divmod(number, power)
        if remainder:
            break
        number, v = quotient, v + size
        taken.append((power, size))
        power, size = power * power, size * 2
    for power, size in reversed(taken):
        if size <= most - v:
            quotient, remainder = divmod(number, power)
            if not remainder:
                number, v = quotient, v + size
    return number, v
