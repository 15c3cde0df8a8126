"""Seed 002's roll-or-stop dice game by expectiminimax: when should you keep a face?

Run: python examples/classic_dice.py
"""

from strategy.classic.dice_game import analyse_dice

for rolls in (1, 2, 3, 4):
    result = analyse_dice(rolls=rolls)
    keep = ", ".join(f"after roll {r}: keep {f}+" for r, f in enumerate(result.keep_from, 1))
    print(f"{rolls} roll(s): expected reward {result.value} = {float(result.value):.4f}; {keep}")
