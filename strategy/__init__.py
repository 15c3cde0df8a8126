"""strategy: optimal strategies, exactly.

An expectiminimax engine over games with chance and decision nodes, the dice
battle of Risk under every timing rule, and the classic games of combinatorial
game theory.
"""

__version__ = "0.1.0"
