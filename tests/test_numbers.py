"""Exact numbers as text: decimals exact to every digit shown, any length, bounded parsing.

Deep imports: :mod:`strategy.engine.numbers`, the number text every surface shares, under test.
"""

from __future__ import annotations

import sys
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategy.engine import InputError
from strategy.engine.numbers import decimal_text, fraction_text, int_text, parse_fraction

fractions = st.fractions(max_denominator=10**40).filter(lambda f: abs(f) < 10**30)


@given(fractions, st.integers(0, 60))
def test_decimals_are_the_correctly_rounded_exact_value(value: Fraction, digits: int) -> None:
    """Checked against decimal arithmetic with enough precision to be exact here."""
    with localcontext() as context:
        context.prec = 200
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        expected = exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_EVEN)
    text = decimal_text(value, digits)
    assert Decimal(text) == expected
    assert len(text.partition(".")[2]) == digits
    assert not text.startswith("-") or Decimal(text) != 0  # no "-0.000"


def test_five_twelfths_to_thirty_digits() -> None:
    # 5/12 = 0.41666...: the 31st digit is a 6, so the 30th rounds up to 7.
    assert decimal_text(Fraction(5, 12), 30) == "0." + "41" + "6" * 27 + "7"


def test_long_exact_numbers_print_whatever_the_interpreter_limit() -> None:
    big = 7**20_000  # 16,902 digits, beyond the default limit of 4300
    limit = sys.get_int_max_str_digits()
    assert limit and len(int_text(big)) == 16_902
    assert fraction_text(Fraction(1, big)) == "1/" + int_text(big)
    assert sys.get_int_max_str_digits() == limit  # restored


@given(fractions)
def test_parse_fraction_reads_back_every_fraction(value: Fraction) -> None:
    assert parse_fraction(f"{value.numerator}/{value.denominator}") == value


@pytest.mark.parametrize("text", ["1e-99999999", "1e999999999", "1e" + "9" * 50])
def test_huge_exponents_are_refused_before_any_work(text: str) -> None:
    with pytest.raises(InputError, match="too large"):
        parse_fraction(text)


@pytest.mark.parametrize("text", ["", "abc", "1/0", "nan", "inf", "1 2", "x" * 5000])
def test_what_is_not_a_number_is_refused(text: str) -> None:
    with pytest.raises(InputError):
        parse_fraction(text)
