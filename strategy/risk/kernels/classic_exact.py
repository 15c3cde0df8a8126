"""Exact kernels for the classic battle: integers over prime powers
(:mod:`strategy.risk.kernels.scaled`).

A table is filled anti-diagonal by anti-diagonal (geometry in
:mod:`strategy.risk.kernels.geometry`):
the interior of a diagonal follows from the diagonal ``k`` below with numpy object arrays,
so the big-integer arithmetic runs in C loops; the edge strips are computed first, one
cell at a time. A row's values become ``Fraction`` objects when it is first read.

>>> from strategy.risk.objectives import Objective
>>> from strategy.risk.rules import Rules
>>> exact_table(3, 1, Rules(), Objective("capture"))  # seed 003: Pr(2,1) = 15/36
((Fraction(0, 1),), (Fraction(5, 12),), (Fraction(1955, 2592),))
>>> exact_push(1, 1, Rules())  # one die each, counted as the armies that may attack
{(0, 1): Fraction(7, 12), (1, 0): Fraction(5, 12)}
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import lcm

import numpy as np

from strategy.engine.numbers import prime_factors
from strategy.risk.dice import exact_rolls, rules_roll
from strategy.risk.kernels import geometry
from strategy.risk.kernels.geometry import Progress
from strategy.risk.kernels.scaled import IntArray, ObjectArray, Powers, ScaledRows, reduce_scalar
from strategy.risk.objectives import Objective
from strategy.risk.rules import Rules

#: An exact value: numerator and the exponent of each prime in its denominator.
Scaled = tuple[int, tuple[int, ...]]


def exact_table(
    max_attackers: int,
    max_defenders: int,
    rules: Rules,
    objective: Objective,
    progress: Progress | None = None,
) -> ScaledRows:
    """Rows ``A = 1..max_attackers`` of exact values, columns ``D = 1..max_defenders``."""
    rows, columns = objective.split("start_offset", max_attackers, max_defenders)
    head = [
        tuple(Fraction(v + rows[row + 1] + c) for v, c in zip(payoffs, columns[1:], strict=True))
        for row, payoffs in enumerate(
            geometry.spent_rows(rules, objective, max_attackers, max_defenders)
        )
    ]
    max_n = max(max_attackers - rules.offset, 0)
    sweep = _ExactSweep(rules, objective, max_n, max_defenders)
    numerators, exponents = sweep.run(progress)
    shifts = np.add.outer(np.array(rows[rules.offset + 1 :], dtype=np.int64), np.array(columns[1:]))
    return ScaledRows(head, numerators, exponents, sweep.powers, shifts if shifts.any() else None)


class _ExactSweep:
    """Numerators and prime exponents of the rows ``n = 1..max_n``, diagonal by diagonal."""

    def __init__(self, rules: Rules, objective: Objective, max_n: int, columns: int) -> None:
        self.rules, self.max_n, self.columns = rules, max_n, columns
        self.rolls = exact_rolls(rules)
        self.powers = Powers(self.rolls.primes)
        self.k = min(rules.attacker_dice, rules.defender_dice)
        primes = len(self.rolls.primes)
        # Diagonal u, indexed by d, sits in slot u % (k + 1): it reads the k diagonals below it.
        self.numerators: ObjectArray = np.zeros((self.k + 1, columns + 1), dtype=object)
        self.exponents: IntArray = np.zeros((self.k + 1, primes, columns + 1), dtype=np.int64)
        self.captured = geometry.captured_payoffs(rules, objective, max_n)
        self.held = geometry.held_payoffs(rules, objective, columns)
        full = (rules.attacker_dice, rules.defender_dice)
        # full_counts[t]: the full roll's count when the defender loses k - t armies.
        self.full_counts: ObjectArray = np.zeros((self.k + 1, 1), dtype=object)
        for _, lost_d, count in self.rolls.outcomes[full]:
            self.full_counts[self.k - lost_d] = count
        self.full_exponents = np.array(self.rolls.exponents[full], dtype=np.int64)[:, None]
        self.ramp = np.arange(self.k + 1)[:, None] + np.arange(columns + 1)
        self.edges: dict[tuple[int, int], Scaled] = {}
        self._fill_edges()

    def _fill_edges(self) -> None:
        """Every edge cell, where a side rolls fewer than all its dice, one by one."""
        ad, dd = self.rules.attacker_dice, self.rules.defender_dice
        final = (0,) * len(self.rolls.primes)
        scales: dict[tuple[int, ...], int] = {}
        for n, d in geometry.edge_order(self.max_n, self.columns, self.rules):
            dice = (min(ad, n), min(dd, d))
            sources: list[tuple[int, int, tuple[int, ...]]] = []
            for la, ld, count in self.rolls.outcomes[dice]:
                if d == ld:
                    sources.append((count, self.captured[n - la], final))
                elif n == la:
                    sources.append((count, self.held[d - ld], final))
                else:
                    sources.append((count, *self.edges[(n - la, d - ld)]))
            # Every roll has at least two outcomes: each side can win every pair.
            top = tuple(map(max, *(e for _, _, e in sources)))
            numerator = 0
            for count, x, e in sources:
                shift = tuple(t - ei for t, ei in zip(top, e, strict=True))
                if shift not in scales:
                    scales[shift] = self.powers.scalar(shift)
                numerator += count * x * scales[shift]
            grown = tuple(t + r for t, r in zip(top, self.rolls.exponents[dice], strict=True))
            self.edges[(n, d)] = numerator, grown

    def run(self, progress: Progress | None) -> tuple[ObjectArray, IntArray]:
        """``numerators[n-1, d-1]`` and ``exponents[i, n-1, d-1]`` (prime ``i``) of every cell."""
        shape = (self.max_n, self.columns)
        numerators: ObjectArray = np.empty(shape, dtype=object)
        exponents: IntArray = np.empty((len(self.rolls.primes), *shape), dtype=np.int64)
        total = self.max_n + self.columns
        for diagonal in geometry.table_diagonals(self.max_n, self.columns, self.rules):
            u, lo, hi, first, last, i0, i1 = diagonal
            slot = u % (self.k + 1)
            self.exponents[slot] = 0
            if lo == 0:
                self.numerators[slot, 0] = self.captured[u]
            if hi == u:
                self.numerators[slot, u] = self.held[u]
            if i0 <= i1:
                self._interior(u, i0, i1)
            for d in geometry.edge_cells(first, last, i0, i1):
                self.numerators[slot, d], self.exponents[slot, :, d] = self.edges[(u - d, d)]
            if first <= last:
                geometry.anti_diagonal(numerators, 0, diagonal)[:] = self.numerators[
                    slot, last : first - 1 : -1
                ]
                for i, row in enumerate(exponents):
                    geometry.anti_diagonal(row, 0, diagonal)[:] = self.exponents[
                        slot, i, last : first - 1 : -1
                    ]
            geometry.tick(progress, u, total)
        return numerators, exponents

    def _interior(self, u: int, i0: int, i1: int) -> None:
        """Cells ``i0..i1`` of diagonal ``u``, all from diagonal ``u - k`` at once."""
        k = self.k
        source = (u - k) % (k + 1)
        # Row t of the windows holds the sources of the cells at d - (k - t): the defender
        # lost k - t armies.
        windows = self.ramp[:, : i1 - i0 + 1] + (i0 - k)
        exponents = self.exponents[source][:, windows]
        top = exponents.max(axis=1)
        scales = self.full_counts * self.powers.vector(top[:, None, :] - exponents)
        slot = u % (k + 1)
        self.numerators[slot, i0 : i1 + 1] = (self.numerators[source][windows] * scales).sum(axis=0)
        self.exponents[slot, :, i0 : i1 + 1] = top + self.full_exponents


def exact_push(
    n0: int, d0: int, rules: Rules, progress: Progress | None = None
) -> dict[tuple[int, int], Fraction]:
    """The exact probability of each final state ``(n, d)`` of the battle from ``(n0, d0)``.

    Masses are kept over powers of one base, ``lcm(attacker_sides, defender_sides)``:
    one exponent per state is cheaper to align than one per prime, and only the final
    states are reduced.
    """
    base = lcm(rules.attacker_sides, rules.defender_sides)
    base_powers = Powers((base,))
    reduce_powers = Powers(tuple(p for p, _ in prime_factors(base)))
    multiplicities = [m for _, m in prime_factors(base)]
    rolls = {
        dice: tuple((la, ld, n * base ** sum(dice) // roll.total) for la, ld, n in roll.counts)
        for dice in product(range(1, rules.attacker_dice + 1), range(1, rules.defender_dice + 1))
        for roll in (rules_roll(rules, *dice),)
    }
    ad, dd = rules.attacker_dice, rules.defender_dice
    # pending[u][d] = [numerator, exponent]: the mass at (u - d, d) is numerator / base**exponent.
    pending: dict[int, dict[int, list[int]]] = {n0 + d0: {d0: [1, 0]}}
    final: dict[tuple[int, int], Fraction] = {}
    top = n0 + d0
    for u in range(top, -1, -1):
        for d, (numerator, exponent) in pending.pop(u, {}).items():
            n = u - d
            if d == 0 or n == 0:
                exponents = [m * exponent for m in multiplicities]
                final[(n, d)] = reduce_scalar(numerator, exponents, reduce_powers)
                continue
            dice = (min(ad, n), min(dd, d))
            grown = exponent + sum(dice)
            for la, ld, count in rolls[dice]:
                layer = pending.setdefault(u - la - ld, {})
                held = layer.get(d - ld)
                if held is None:
                    layer[d - ld] = [numerator * count, grown]
                elif held[1] == grown:
                    held[0] += numerator * count
                elif held[1] > grown:
                    held[0] += numerator * count * base_powers.scalar((held[1] - grown,))
                else:
                    held[0] = held[0] * base_powers.scalar((grown - held[1],)) + numerator * count
                    held[1] = grown
        geometry.tick(progress, top - u, top)
    return final
