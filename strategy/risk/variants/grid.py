"""The final-state distribution of every battle of a grid at once, as floats.

A transform of the whole distribution (Balanced Blitz) needs, for each start ``(n, d)``,
where its mass ends, not just one value. The distributions satisfy the same recursion as
a battle's value, one vector per state: ``F(n, d) = sum p F(n - la, d - ld)``, with a unit
vector at each final state. States are filled anti-diagonal by anti-diagonal
(``u = n + d``); in the interior one slice per roll outcome serves a whole diagonal.

>>> from strategy.risk.rules import Rules
>>> cells = {(n, d): (c.copy(), h.copy()) for n, d, c, h in final_distributions(2, 1, Rules())}
>>> captured, held = cells[(2, 1)]  # 2 dice v 1, then maybe 1 v 1 (counts n = A - 1)
>>> # 2 v 1 wins 125/216 at once; else 91/216, and 1 v 1 wins 15/36 or loses 21/36.
>>> captured.round(6).tolist(), held.round(6).tolist()
([0.0, 0.17554, 0.578704], [0.0, 0.245756])
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from strategy.engine.resources import require_memory
from strategy.risk.dice import float_rolls
from strategy.risk.kernels.classic_float import FloatArray
from strategy.risk.kernels.geometry import Progress, progress_step
from strategy.risk.rules import Rules


def grid_memory(max_n: int, max_d: int, rules: Rules) -> int:
    """Bytes :func:`final_distributions` holds: a few diagonals of one vector per state.

    >>> grid_memory(1000, 1000, Rules()) // 10**6
    48
    """
    k = min(rules.attacker_dice, rules.defender_dice)
    return 8 * (k + 1) * (max_d + 1) * (max_n + max_d + 2)


def final_distributions(
    max_n: int, max_d: int, rules: Rules, progress: Progress | None = None
) -> Iterator[tuple[int, int, FloatArray, FloatArray]]:
    """Yield ``(n, d, captured, held)`` for every start with ``1 <= n <= max_n`` armies that
    may attack and ``1 <= d <= max_d`` defenders: ``captured[m]`` is P(ending at ``(m, 0)``)
    for ``m = 0..n``, ``held[j]`` P(ending at ``(0, j)``) for ``j = 0..d``.

    The arrays are views into working memory, valid until the next item is drawn.
    """
    require_memory(grid_memory(max_n, max_d, rules), f"the {max_n} x {max_d} distributions")
    ad, dd = rules.attacker_dice, rules.defender_dice
    k = min(ad, dd)
    rolls = float_rolls(rules)
    full = rolls[(ad, dd)]
    width = max_n + max_d + 2
    held_at = max_n + 1  # held[j] lives at index held_at + j
    ring = np.zeros((k + 1, max_d + 1, width))
    top = max_n + max_d
    every = progress_step(top)
    for u in range(1, top + 1):
        cur = ring[u % (k + 1)]
        cur[:] = 0.0
        if u <= max_n:
            cur[0, u] = 1.0
        if u <= max_d:
            cur[u, held_at + u] = 1.0
        first, last = max(1, u - max_n), min(max_d, u - 1)
        if first > last:
            continue
        # Interior: the attacker may roll all its dice (n >= ad) and the defender all its own.
        i0, i1 = max(first, dd), min(last, u - ad)
        if i0 <= i1:
            below = ring[(u - k) % (k + 1)]
            for _, ld, p in full:
                cur[i0 : i1 + 1] += p * below[i0 - ld : i1 + 1 - ld]
        for d in range(first, last + 1):
            if i0 <= d <= i1:
                continue
            n = u - d
            for la, ld, p in rolls[(min(ad, n), min(dd, d))]:
                cur[d] += p * ring[(u - la - ld) % (k + 1)][d - ld]
        for d in range(first, last + 1):
            yield u - d, d, cur[d, : u - d + 1], cur[d, held_at : held_at + d + 1]
        if progress is not None and (u % every == 0 or u == top):
            progress(u, top)
