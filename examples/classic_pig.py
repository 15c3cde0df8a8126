"""Pig: exact on a small goal, float64 on the full game of 100.

Run: python examples/classic_pig.py
"""

from strategy.classic.pig import PigGame, solve_pig
from strategy.engine.value_iteration import solve_exactly

exact = solve_exactly(PigGame(goal=10))
print(f"goal 10, optimal play: first player wins with probability {exact.value}")

optimal = solve_pig(goal=100)
print(f"goal 100, optimal play: first player wins {optimal.win_probability:.4f}")
print(f"  at the start an optimal player holds at {optimal.hold_threshold(0, 0)}")
hold_20 = solve_pig(goal=100, hold_at=20)
print(f"goal 100, both hold at 20: first player wins {hold_20.win_probability:.4f}")
