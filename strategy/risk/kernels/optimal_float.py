"""The float kernel of the optimal-play tables: one anti-diagonal at a time, with numpy.

A roll removes at least one army and stopping ends the battle, so the states on the
anti-diagonal ``u = A + D`` depend only on earlier anti-diagonals. Along one diagonal the
states fall into a few *classes* by the most dice each side may roll: a long stretch
where both may roll all their dice, and single states near the edges. Within a class
every state weighs the same successors with the same probabilities, so one matrix
product gives every option of every state; the defender's answers are minima along an
axis, the attacker's choice a maximum. The stage games of ``announce`` are solved by
looking for pure saddle points all at once; only states without one go to the (exact)
simplex method.

Decisions are kept as bitmasks (bit ``i``: the ``i``-th option is optimal, ties within
:data:`~strategy.engine.solve.FLOAT_TIE_TOLERANCE` as in the solver) and become
:class:`~strategy.risk.plays.CellPlay` objects only when read.

>>> from strategy.risk.battle import Battle
>>> grid = float_grid(3, 2, Battle.of(choice="sees-roll"))
>>> round(float(grid.values[2, 1]), 12), grid.play(2, 1).attacker  # seed 003: 15/36
(0.416666666667, (1,))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from strategy.engine.matrix_game import solve_matrix_game
from strategy.engine.solve import FLOAT_TIE_TOLERANCE
from strategy.risk.battle import Battle
from strategy.risk.choices import ChoiceRule
from strategy.risk.dice import Roll, attacker_tops, round_moves, rules_roll, seen_roll_losses
from strategy.risk.kernels.rows import LazyRows
from strategy.risk.plays import OVER, CellPlay, Response
from strategy.risk.rules import Rules

FloatArray = np.ndarray[tuple[int, ...], np.dtype[np.float64]]
BitArray = np.ndarray[tuple[int, ...], np.dtype[np.unsignedinteger[Any]]]
#: Called as ``progress(done, total)`` while a long table is computed.
Progress = Callable[[int, int], None]
#: How many times a long computation reports its progress at most.
PROGRESS_STEPS = 200


@dataclass(frozen=True)
class Stage:
    """The options of the states where the attacker may roll up to ``kmax`` dice and the
    defender up to ``jmax``, as one matrix over the round's successors.

    The defender answers ``groups`` situations: one per attacker dice count
    (``respond``, ``announce``), one per distinct top roll it may see (``sees-roll``:
    the same top of two dice arises from two or three attacker dice, with the same
    consequences), or one (``max``). ``probabilities[s, j * groups + g]`` is the chance
    that ``j + 1`` defender dice (under ``max``: the most) in situation ``g`` end in
    successor ``s``. Under ``sees-roll`` ``rolls[g, k - 1]`` is the chance that ``k``
    attacker dice show top ``g``. ``labels`` lists the defender's responses as the exact
    tables record them: ``(attacker dice, roll, situation)``.

    >>> from strategy.risk.choices import CHOICE_RULES
    >>> found = stage(Rules(), CHOICE_RULES["sees-roll"], 3, 2)
    >>> found.groups, found.width, found.labels[0]  # 6 tops of one die, 21 of two
    (27, 2, (1, (6,), 0))
    """

    successors: tuple[tuple[int, int], ...]
    probabilities: FloatArray
    groups: int
    width: int
    labels: tuple[tuple[int, Roll, int], ...]
    rolls: FloatArray


@cache
def stage(rules: Rules, choice: ChoiceRule, kmax: int, jmax: int) -> Stage:
    """The :class:`Stage` of one class of states (built once per rules and class)."""
    rnd = round_moves(rules, kmax, jmax)
    index = {successor: i for i, successor in enumerate(rnd.successors)}
    # One (counts, total) per defender dice count and situation: counts of (losses).
    situations: list[list[tuple[tuple[tuple[int, int, int], ...], int]]]
    if choice.defender_sees_roll:
        tops = list(
            dict.fromkeys(top for k in range(1, kmax + 1) for top, _ in _tops(rules, k, jmax))
        )
        situations = [
            [(seen_roll_losses(rules, top, j), rules.defender_sides**j) for top in tops]
            for j in range(1, jmax + 1)
        ]
        where = {top: g for g, top in enumerate(tops)}
        labels = tuple(
            (k, top, where[top]) for k in range(1, kmax + 1) for top, _ in _tops(rules, k, jmax)
        )
        rolls = np.zeros((len(tops), kmax))
        for k in range(1, kmax + 1):
            for top, count in _tops(rules, k, jmax):
                rolls[where[top], k - 1] = count / rules.attacker_sides**k
    else:
        dice, answers = choice.attacker_dice(kmax), choice.defender_dice(jmax)
        situations = [
            [(rules_roll(rules, k, j).counts, rules_roll(rules, k, j).total) for k in dice]
            for j in answers
        ]
        labels = tuple((k, (), k - 1) for k in dice) if choice.defender_answers else ()
        rolls = np.zeros((0, 0))
    groups = len(situations[0])
    probabilities = np.zeros((len(rnd.successors), len(situations) * groups))
    for j, row in enumerate(situations):
        for g, (counts, total) in enumerate(row):
            for lost_a, lost_d, n in counts:
                # int / int is correctly rounded, so each probability is the float nearest it.
                probabilities[index[(lost_a, lost_d)], j * groups + g] = n / total
    return Stage(rnd.successors, probabilities, groups, len(situations), labels, rolls)


def _tops(rules: Rules, dice: int, jmax: int) -> tuple[tuple[Roll, int], ...]:
    """The attacker's top rolls the defender sees, as the exact tables list them."""
    return attacker_tops(rules, dice, min(dice, jmax))


def float_grid_memory(
    max_attackers: int, max_defenders: int, rules: Rules, choice: ChoiceRule
) -> int:
    """Bytes :func:`float_grid` needs, with the table of Python floats built from it.

    >>> from strategy.risk.choices import CHOICE_RULES
    >>> float_grid_memory(1000, 1000, Rules(), CHOICE_RULES["sees-roll"]) // 10**6
    92
    """
    widest = stage(rules, choice, rules.attacker_dice, rules.defender_dice)
    per_cell = 8 + _bits(rules.attacker_dice + 1)().itemsize
    if choice.defender_answers:
        per_cell += widest.groups * _bits(rules.defender_dice)().itemsize
    if choice.simultaneous:
        per_cell += 8 * (rules.attacker_dice + rules.defender_dice)
    # The table's rows of Python floats, at the peak of building them: a 24-byte float, its
    # pointers in a row list and in a row tuple, and the arrays of start offsets and of
    # values they come from.
    per_cell += 56
    return (max_attackers + 1) * (max_defenders + 1) * per_cell


def _bits(count: int) -> type[np.unsignedinteger[Any]]:
    """The smallest unsigned type with ``count`` bits."""
    return np.uint8 if count <= 8 else np.uint16


@dataclass(frozen=True)
class FloatGrid:
    """Values (without start offsets) and optimal play for ``0 <= A, D <= max``, as arrays.

    ``attacker[A, D]``: bit ``i`` set when the ``i``-th of :func:`moves` is optimal.
    ``defender[A, D, g]``: bit ``j - 1`` set when ``j`` dice answer situation ``g`` of
    the state's :class:`Stage` optimally. ``attacker_mix``, ``defender_mix``: ``announce``.
    """

    rules: Rules
    choice: ChoiceRule
    allow_stop: bool
    values: FloatArray
    attacker: BitArray
    defender: BitArray
    attacker_mix: FloatArray
    defender_mix: FloatArray
    interned: dict[Any, CellPlay] = field(default_factory=dict, compare=False, repr=False)

    def play(self, attackers: int, defenders: int) -> CellPlay:
        """The :class:`CellPlay` of one state, decoded from the bitmasks."""
        kmax = self.rules.attacker_dice_for(attackers)
        if defenders == 0 or kmax == 0:
            return OVER
        return self._decode(attackers, defenders, kmax)

    def row_plays(self, attackers: int, first: int, stop: int) -> tuple[CellPlay, ...]:
        """The plays of the states ``(attackers, D)`` for ``first <= D < stop``.

        >>> from strategy.risk.battle import Battle
        >>> grid = float_grid(3, 2, Battle(allow_stop=False))
        >>> [play.attacker for play in grid.row_plays(3, 0, 3)]
        [(), (2,), (2,)]
        """
        kmax = self.rules.attacker_dice_for(attackers)
        if kmax == 0:
            return (OVER,) * (stop - first)
        # Neighbouring states mostly play alike, and decoding is slow next to numpy: decode
        # only where the bits differ from the left neighbour's, or the defender's dice grow.
        columns = slice(first, stop)
        starts = np.zeros(stop - first, dtype=bool)
        for bits in (
            self.attacker[attackers, columns, np.newaxis],
            self.defender[attackers, columns],
            self.attacker_mix[attackers, columns, :kmax],
            self.defender_mix[attackers, columns],
        ):
            starts[1:] |= (bits[1:] != bits[:-1]).any(axis=1)
        starts[: max(1, self.rules.defender_dice + 1 - first)] = True
        plays: list[CellPlay] = []
        edges = np.flatnonzero(starts).tolist()
        for start, end in zip(edges, [*edges[1:], stop - first], strict=True):
            defenders = first + start
            play = OVER if defenders == 0 else self._decode(attackers, defenders, kmax)
            plays.extend([play] * (end - start))
        return tuple(plays)

    def _decode(self, attackers: int, defenders: int, kmax: int) -> CellPlay:
        """The play of a state where both sides may roll, built once per distinct bitmask."""
        jmax = self.rules.defender_dice_for(defenders)
        found = stage(self.rules, self.choice, kmax, jmax)
        attacker = int(self.attacker[attackers, defenders])
        defender = tuple(self.defender[attackers, defenders, : found.groups].tolist())
        mixes = (
            tuple(self.attacker_mix[attackers, defenders, :kmax].tolist()),
            tuple(self.defender_mix[attackers, defenders, :jmax].tolist()),
        )
        key = (kmax, jmax, attacker, defender, mixes)
        play = self.interned.get(key)
        if play is None:
            chosen = self.choice.attacker_moves(kmax, allow_stop=self.allow_stop)
            responses: tuple[Response, ...] = tuple(
                (k, roll, tuple(j + 1 for j in range(jmax) if defender[g] >> j & 1))
                for k, roll, g in found.labels
            )
            play = self.interned[key] = CellPlay(
                tuple(move for i, move in enumerate(chosen) if attacker >> i & 1),
                responses,
                *mixes,
            )
        return play


class PlayRows(LazyRows[CellPlay]):
    """The plays of a float table, rows ``A = 1..`` and columns ``D = 1..``, decoded on reading.

    Equal to any sequence of rows holding the same plays (an exact table's tuples).
    """

    def __init__(self, grid: FloatGrid) -> None:
        self.grid = grid

    def __len__(self) -> int:
        return int(self.grid.values.shape[0]) - 1

    def row(self, index: int) -> tuple[CellPlay, ...]:
        """The plays of row ``A = index + 1``, decoded from the grid's codes."""
        return self.grid.row_plays(index + 1, 1, int(self.grid.values.shape[1]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or len(other) != len(self):
            return False
        return all(tuple(mine) == tuple(theirs) for mine, theirs in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash((self.grid.attacker.tobytes(), self.grid.defender.tobytes()))

    def __repr__(self) -> str:
        return f"PlayRows({len(self)} x {int(self.grid.values.shape[1]) - 1})"


def float_grid(
    max_attackers: int, max_defenders: int, battle: Battle, progress: Progress | None = None
) -> FloatGrid:
    """Solve every state ``0 <= A <= max_attackers``, ``0 <= D <= max_defenders`` in floats."""
    rules, objective, choice, allow_stop = (
        battle.rules,
        battle.objective,
        battle.choice,
        battle.allow_stop,
    )
    rows, columns = max_attackers + 1, max_defenders + 1
    captured = [objective.payoff(a, 0) for a in range(rows)]
    row_part, column_part = objective.split("payoff", max_attackers, max_defenders)
    # Every state starts at what stopping pays; the states where a roll is possible are
    # overwritten diagonal by diagonal, each after reading its own stop value.
    values = np.add.outer(np.array(row_part, float), np.array(column_part, float))
    values[:, 0] = captured
    widest = stage(rules, choice, rules.attacker_dice, rules.defender_dice)
    groups = widest.groups if choice.defender_answers else 0
    mixes = choice.simultaneous
    grid = FloatGrid(
        rules,
        choice,
        allow_stop,
        values,
        np.zeros((rows, columns), _bits(rules.attacker_dice + 1)),
        np.zeros((rows, columns, groups), _bits(rules.defender_dice)),
        np.zeros((rows, columns, rules.attacker_dice if mixes else 0)),
        np.zeros((rows, columns, rules.defender_dice if mixes else 0)),
    )
    # Progress counts states (diagonals grow, then shrink), reported every `every` diagonals.
    last, done, total = max_attackers + max_defenders, 0, rows * columns
    every = max(1, last // PROGRESS_STEPS)
    for u in range(last + 1):
        for kmax, jmax, low, high in _classes(rules, u, max_attackers, max_defenders):
            _solve_class(grid, stage(rules, choice, kmax, jmax), u, low, high)
        done += min(u, max_attackers) - max(0, u - max_defenders) + 1
        if progress is not None and (u % every == 0 or u == last):
            progress(done, total)
    return grid


def _classes(
    rules: Rules, u: int, max_attackers: int, max_defenders: int
) -> Iterator[tuple[int, int, int, int]]:
    """``(kmax, jmax, lowest A, highest A)`` of each class of states on the diagonal ``u``."""
    offset, most_k, most_j = rules.offset, rules.attacker_dice, rules.defender_dice
    low, high = max(offset + 1, u - max_defenders), min(max_attackers, u - 1)
    for k in range(1, most_k + 1):
        k_low, k_high = offset + k, offset + k if k < most_k else high
        for j in range(1, most_j + 1):
            # The defender rolls j dice at D = j (A = u - j), all of them from D = most_j on.
            j_low, j_high = (u - j if j < most_j else low), u - j
            first, last = max(low, k_low, j_low), min(high, k_high, j_high)
            if first <= last:
                yield k, j, first, last


def _solve_class(grid: FloatGrid, found: Stage, u: int, low: int, high: int) -> None:
    """Solve the states ``(A, u - A)``, ``low <= A <= high``, of one class."""
    columns = grid.values.shape[1]
    step = columns - 1  # from (A, D) to (A + 1, D - 1) in the flattened grid
    start = low * step + u
    cells = slice(start, start + step * (high - low) + 1, step)
    flat = grid.values.reshape(-1)
    successors = np.empty((high - low + 1, len(found.successors)))
    for i, (lost_a, lost_d) in enumerate(found.successors):
        shift = lost_a * columns + lost_d
        successors[:, i] = flat[cells.start - shift : cells.stop - shift : step]
    options = successors @ found.probabilities
    scale = np.abs(successors).max(axis=1)
    # The defender's dice counts side by side: (cells, situations) each.
    answers = [options[:, j * found.groups : (j + 1) * found.groups] for j in range(found.width)]
    if grid.choice.simultaneous:
        # One situation per attacker dice count, one column per defender dice count.
        value, attacker_mix, defender_mix = solve_stage_games(np.stack(answers, axis=2))
        kmax, jmax = found.groups, found.width
        grid.attacker_mix.reshape(-1, grid.attacker_mix.shape[2])[cells, :kmax] = attacker_mix
        grid.defender_mix.reshape(-1, grid.defender_mix.shape[2])[cells, :jmax] = defender_mix
        fight = [value]
    else:
        low_values = _extreme(answers, np.minimum)
        if not grid.choice.fixed:
            defender = grid.defender.reshape(-1, grid.defender.shape[2])
            defender[cells, : found.groups] = _ties(answers, low_values, scale[:, None])
        if grid.choice.defender_sees_roll:
            low_values = low_values @ found.rolls
        fight = [low_values[:, k] for k in range(low_values.shape[1])]
    if grid.allow_stop:
        fight.append(flat[cells])
    best = _extreme(fight, np.maximum)
    grid.attacker.reshape(-1)[cells] = _ties(fight, best, scale)
    flat[cells] = best


def _extreme(parts: Sequence[FloatArray], pick: np.ufunc) -> FloatArray:
    """The elementwise ``pick`` (``np.minimum``, ``np.maximum``) of equally shaped arrays.

    Elementwise over a handful of arrays rather than a reduction over a short last axis,
    which numpy does many times slower.
    """
    result = parts[0]
    for part in parts[1:]:
        result = pick(result, part)
    return result


def _ties(parts: Sequence[FloatArray], best: FloatArray, scale: FloatArray) -> BitArray:
    """Bitmasks of the parts within round-off of ``best``, as the solver ties actions.

    Round-off is relative to the values an option weighs (``scale``, the largest successor
    value in magnitude), not only to the option's own value: a fair fight under
    ``balance`` is 5/6 * 5 - 5/6 * 1, zero up to round-off, and ties with stopping at 0."""
    largest = _extreme([np.abs(part) for part in parts], np.maximum)
    tolerance = FLOAT_TIE_TOLERANCE * np.maximum(largest, scale)
    bits = np.zeros(best.shape, np.uint16)
    for i, part in enumerate(parts):
        bits |= (np.abs(part - best) <= tolerance).astype(np.uint16) << i
    return bits


def solve_stage_games(games: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Values and equilibrium mixes of the zero-sum games ``games[i]`` (rows: the maximiser).

    A game whose best guaranteed row and column payoffs agree within round-off has a pure
    saddle point: the first near-best row and column, as the exact solver picks them. The
    rest (rare, and tiny: attacker dice x defender dice) go to the exact simplex method on
    the float entries, as accurate as they are (a linear programme gives about 1e-9).

    >>> pennies, saddle = [[1.0, -1.0], [-1.0, 1.0]], [[3.0, 1.0], [4.0, 2.0]]
    >>> values, rows, columns = solve_stage_games(np.array([pennies, saddle]))
    >>> values.tolist(), rows.tolist(), columns.tolist()
    ([0.0, 2.0], [[0.5, 0.5], [0.0, 1.0]], [[0.5, 0.5], [0.0, 1.0]])
    """
    count, kmax, jmax = games.shape
    row_minima, column_maxima = games.min(axis=2), games.max(axis=1)
    lower, upper = row_minima.max(axis=1), column_maxima.min(axis=1)
    tolerance = FLOAT_TIE_TOLERANCE * np.abs(games).reshape(count, -1).max(axis=1)
    rows = np.argmax(row_minima >= (lower - tolerance)[:, None], axis=1)
    columns = np.argmax(column_maxima <= (upper + tolerance)[:, None], axis=1)
    values: FloatArray = lower.copy()
    attacker_mix: FloatArray = np.eye(kmax)[rows]
    defender_mix: FloatArray = np.eye(jmax)[columns]
    for game in np.flatnonzero(upper - lower > tolerance).tolist():
        solution = solve_matrix_game(games[game].tolist(), exact=True)
        values[game] = float(solution.value)
        attacker_mix[game] = [float(p) for p in solution.row_strategy]
        defender_mix[game] = [float(q) for q in solution.column_strategy]
    return values, attacker_mix, defender_mix
