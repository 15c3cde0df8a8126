"""The game-agnostic core: the game protocol, solvers, searches and their helpers.

Nothing here imports any other part of ``strategy``: games and presentation sit on top.
"""
