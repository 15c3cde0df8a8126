"""Exact numbers as text, both ways: ``"p/q"`` and exactly rounded decimals out, and rationals
in from text without letting a short text such as ``"1e-99999999"`` build a huge integer.

Python refuses to convert integers of more than 4300 digits to text (a guard against
parsing attacks); the exact results of long battles are longer than that, and printing
them is deliberate, so the writers here lift the guard for the conversion itself. What the
user types is still read with limits.

>>> fraction_text(Fraction(-3, 6)), decimal_text(Fraction(5, 12), 30)
('-1/2', '0.416666666666666666666666666667')
>>> parse_fraction("1e-3") == Fraction(1, 1000)
True
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import TypeAlias

from strategy.engine.errors import InputError, echo

#: A value the toolkit computes: exact (a Fraction) or fast (a float).
Value: TypeAlias = Fraction | float

__all__ = [
    "MAX_EXPONENT",
    "decimal",
    "decimal_text",
    "fraction_text",
    "int_text",
    "parse_fraction",
    "prime_factors",
    "strip_prime",
    "text_seconds",
]

#: The largest power of ten a number typed by the user may carry (``1e-100000`` is fine).
MAX_EXPONENT = 100_000
#: The most characters a number typed by the user may have.
MAX_NUMBER_TEXT = 4000
#: The most characters of a number in a file the toolkit may have written: a typed entry
#: within the limits above, written exactly (``1e-100000`` as p/q has 100,003 characters).
MAX_FILE_NUMBER_TEXT = 250_000

# Fraction's own grammar: an optional sign, then p/q or a decimal with an optional exponent.
_NUMBER = re.compile(
    r"\s*[-+]?(?:\d(?:_?\d)*(?:\s*/\s*\d(?:_?\d)*)?"
    r"|(?:\d(?:_?\d)*)?(?:\.(?:\d(?:_?\d)*)?)?(?:[eE]([-+]?\d(?:_?\d)*))?)\s*",
    re.ASCII,  # the digits 0-9 only: Python would also read other scripts' digits
)


#: Python 3.11 writes an integer of n digits in about this many times n**2 seconds.
_SECONDS_PER_SQUARED_DIGIT = 4e-11


def text_seconds(digits: float) -> float:
    """About how long writing an integer of ``digits`` digits takes: the conversion to
    decimal is quadratic (a million digits: half a minute).

    >>> round(text_seconds(10**6))
    40
    """
    return _SECONDS_PER_SQUARED_DIGIT * digits * digits


def int_text(number: int) -> str:
    """``str(number)`` at any length.

    >>> len(int_text(10**5000))
    5001
    """
    limit = sys.get_int_max_str_digits()
    if limit == 0 or number.bit_length() < 3 * limit:  # within the guard: nothing to lift
        return str(number)
    with _any_length():
        return str(number)


@contextmanager
def _any_length() -> Iterator[None]:
    """Lift Python's guard on integers of over 4300 digits, for a conversion whose length
    was already checked."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(limit)


def fraction_text(value: Fraction | int | float) -> str:
    """An exact rational as ``"p/q"`` (integers as ``"p/1"``, so parsers see one form).

    Floats are refused: their "exact" value would be a binary artefact, not a result.

    >>> fraction_text(2)
    '2/1'
    """
    if isinstance(value, float):
        raise TypeError("fraction_text needs an exact value, not a float")
    value = Fraction(value)
    return f"{int_text(value.numerator)}/{int_text(value.denominator)}"


def decimal_text(value: Fraction | int, digits: int, *, signed: bool = False) -> str:
    """``value`` rounded to ``digits`` decimals exactly (ties to even), so that every digit
    shown is the true one; ``signed`` adds '+' to positives. A value that rounds to zero
    reads as zero, without a sign.

    >>> decimal_text(Fraction(2, 3), 3), decimal_text(Fraction(-1, 3000), 2)
    ('0.667', '0.00')
    >>> decimal_text(Fraction(5, 2), 0), decimal_text(Fraction(13, 4), 1, signed=True)
    ('2', '+3.2')
    """
    scaled = round(Fraction(value) * 10**digits)
    sign = "-" if scaled < 0 else ("+" if signed and scaled > 0 else "")
    text = int_text(abs(scaled)).rjust(digits + 1, "0")
    whole, decimals = text[: len(text) - digits], text[len(text) - digits :]
    return f"{sign}{whole}.{decimals}" if digits else f"{sign}{whole}"


def decimal(value: Fraction | float, digits: int = 6) -> str:
    """``value`` with ``digits`` decimals: rounded exactly from a fraction (every digit shown
    is the true one), as usual from a float.

    >>> decimal(Fraction(5, 12)), decimal(0.5, 2)
    ('0.416667', '0.50')
    """
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return decimal_text(value, digits)


def parse_fraction(text: str, what: str = "number", *, longest: int = MAX_NUMBER_TEXT) -> Fraction:
    """The rational ``text`` writes exactly (``"0.8"``, ``"4/5"``, ``"1e-3"``), refused with
    ``InputError`` when it is not a number, has more than ``longest`` characters, or would
    be too large to hold.

    >>> parse_fraction("1e-99999999")
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: '1e-99999999' is too large a number: exponents run \
from -100000 to 100000
    """
    if len(text) > longest:
        raise InputError(f"the {what} has {len(text)} characters, more than {longest}")
    match = _NUMBER.fullmatch(text)
    if match is None or not any(c.isdigit() for c in text):
        raise InputError(f"{echo(text)} is not a {what}")
    exponent = (match.group(1) or "0").replace("_", "")
    if len(exponent) > 8 or abs(int(exponent)) > MAX_EXPONENT:
        raise InputError(
            f"{echo(text)} is too large a number: exponents run from -{MAX_EXPONENT} to "
            f"{MAX_EXPONENT}"
        )
    try:
        with _any_length():
            return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{echo(text)} is not a {what}") from None


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
