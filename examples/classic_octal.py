"""Octal games: Kayles and Dawson's Kayles become periodic, and the theorem proves it.

Run: python examples/classic_octal.py
"""

from strategy.classic.octal import analyse_octal
from strategy.classic.subtraction import SubtractionGame

for code, name in (("0.77", "Kayles"), ("0.07", "Dawson's Kayles")):
    result = analyse_octal(code, 300)
    print(f"{name} ({code}): first values {' '.join(map(str, result.values[:16]))}")
    print(
        f"  periodic from heap {result.preperiod} with period {result.period}"
        f" (proven: {result.proven})"
    )

bash = SubtractionGame.bash(3)
print(f"Bash game, take 1-3 (octal {bash.code}): period {bash.analyse(40).period}")
print(f"  from a heap of 10 the winning take is {bash.winning_takes(10)}")
