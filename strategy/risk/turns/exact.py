"""Exact turn plans, guided by the float ones: whole numbers only where a move may be best.

The level solver (:mod:`strategy.risk.turns.levels`) finds every state's value in floats,
each within a known error ``E`` of the exact one. A move whose float value is more than
``2 E`` below a state's best float is then certainly worse than the best move, exactly, so
the exact value of a state is the largest exact value among its moves that are not. The
exact values are worked out from the start down those moves only, in the general
induction's arithmetic (:class:`~strategy.risk.turns.induction.Induction`: a state with
``k`` armies in play holds the numerator of its value over ``T**k``, ``T`` the throws of
all the dice), so they equal its values. The optimal plan from the start meets a small part
of the states (on Africa from Brazil 20, 333 of 81,527), and every state asked for later is
worked out the same way when it is. Under ``capture-all`` a state whose armies could not
take the targets left even if no roll lost one is worth 0 without a look at its moves.
The plan's choice at a state is the induction's too, made by its rule from the exact values
of the same moves.

``E``: a float value is the best of a few sums of products of probabilities with values of
states with fewer armies in play, each rounded once (relative error ``2**-53`` each, under
``2**-49`` a level with the products and the additions), and the level solver keeps the
earlier of two moves within its tie tolerance. So each army in play adds at most the tie
tolerance and the rounding to the error, in units of the largest payoff; ``E`` allows
``2**-40`` of it for the rounding (a margin of 500) on top of the tolerance, for each army
in play at the start and two more.

>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.induction import EveryMove, Induction
>>> from strategy.risk.turns.levels import solve_levels
>>> turn = path_turn(3, (1,))
>>> start, _ = turn.start()
>>> induction = Induction(turn, EveryMove(), True, turn.key(start))
>>> values = ExactValues(turn, induction, solve_levels(turn))
>>> len(values), values[start]  # seed 003: Pr(3,1) = 1955/2592
(4, Fraction(1955, 2592))
>>> values.policy[start]  # 3 armies against 1: roll three dice, move in all but one
Choice(attack=(0, 1), move_in=2, ties=())
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from math import inf
from operator import mul
from typing import Any

import numpy as np

from strategy.risk.turns.induction import Choice, Induction, Policy
from strategy.risk.turns.level_compiled import NEVER
from strategy.risk.turns.level_solver import TIE_TOLERANCE
from strategy.risk.turns.level_values import LevelValues
from strategy.risk.turns.model import Turn, TurnState, _state

#: The float rounding ``E`` allows for each army in play, in units of the largest payoff.
ROUNDING = 2.0**-40
# A capture's fixed part, per (territories held, source, target): the new ``owned``, the
# held territories it cuts off from every enemy, and whether the source and the target
# still border one.
_Capture = tuple[int, tuple[int, ...], bool, bool]
# One way to move in: its float value, reward, the state's number and armies in play, the
# armies left on the source and put on the target, ``kept``, and the armies moved in.
_Landing = tuple[float, int, int, int, int, int, bool, int]
# One roll's outcome, as :meth:`ExactValues.roll` gives it.
_Step = tuple[int, int, int, int, int, int, int]
# An attack worked out exactly, as the induction scores it: its value and the choice.
_Scored = list[tuple[int, Choice]]


class Codec:
    """States as whole numbers: ``armies`` in base ``radix`` above ``owned`` and ``kept``.

    >>> from strategy.risk.turns.building import path_turn
    >>> codec = Codec(path_turn(4, (2, 1)))
    >>> state = TurnState(3, (0, 3, 1), True)
    >>> codec.decode(codec.encode(state)) == state
    True
    """

    def __init__(self, turn: Turn) -> None:
        self.size = turn.size
        self.radix = max(turn.initial_armies, *turn.armies) + 1
        self.shift = turn.size + 1
        self.weights = tuple(self.radix**i << self.shift for i in range(turn.size))

    def encode(self, state: TurnState) -> int | None:
        """The state's number, or None if its armies do not fit (so it was never met)."""
        if max(state.armies) >= self.radix:
            return None
        code = sum(map(mul, state.armies, self.weights))  # a third of a generator's time
        return int(code | state.owned << 1 | state.kept)

    def decode(self, key: int) -> TurnState:
        """The state numbered ``key``."""
        armies, code = [], key >> self.shift
        for _ in range(self.size):
            code, digit = divmod(code, self.radix)
            armies.append(digit)
        owned = key >> 1 & (1 << self.size) - 1
        return TurnState(owned, tuple(armies), bool(key & 1))


def float_values(turn: Turn, codec: Codec, levels: LevelValues) -> dict[int, float]:
    """The level solver's values by the states' numbers, worked out a group at a time."""
    found: dict[int, float] = {}
    weights = codec.weights
    # Past 63 bits the numbers are Python's whole numbers (numpy's object arrays).
    kind: Any = np.int64 if codec.radix**codec.size << codec.shift < 2**63 else object
    for owned, group in levels.groups.items():
        reached = levels.reached[owned]
        if not len(reached):
            continue
        armies, defenders, kept = group.decode(reached)
        untouched = sum(
            n * weights[e]
            for e, n in enumerate(turn.armies)
            if not owned >> e & 1 and e not in group.front
        )
        keys = np.asarray(kept, kind) + (owned << 1) + untouched
        keys = keys + armies.astype(kind) @ np.array([weights[i] for i in group.live], kind)
        keys = keys + defenders.astype(kind) @ np.array([weights[e] for e in group.front], kind)
        found.update(zip(keys.tolist(), levels.solved[owned].tolist(), strict=True))
    return found


class ExactValues(Mapping[TurnState, Fraction]):
    """The exact value of every state the level solver reached, worked out when first
    asked for (with every state below it that it needs) and kept.

    ``policy`` is the general induction's choice at each of those states
    (:meth:`choice`).
    """

    def __init__(self, turn: Turn, induction: Induction, levels: LevelValues) -> None:
        self.turn, self.induction, self.levels = turn, induction, levels
        self.codec = Codec(turn)
        self.floats = float_values(turn, self.codec, levels)
        self.memo: dict[int, int] = {}
        objective = turn.objective
        largest = (
            1 if objective.is_probability else turn.initial_armies + objective.amount + turn.size
        )
        top = turn.key(turn.start()[0])
        self.margin = 2 * (top + 2) * (TIE_TOLERANCE + ROUNDING) * largest
        self.stops: dict[int, int] = {}
        self.by_set = objective.kind in ("capture-all", "territories")
        # Under capture-all, by the set held: the targets not held and the places held.
        self.held: dict[int, tuple[int, tuple[int, ...]]] = {}
        if objective.kind == "capture-all" and turn.rules.stay_behind >= 1:
            for owned in levels.groups:
                need = (turn.target & ~owned).bit_count()
                if need:
                    places = tuple(i for i in range(turn.size) if owned >> i & 1)
                    self.held[owned] = need, places
        self.moves: dict[int, tuple[tuple[int, int, _Capture], ...]] = {}
        self.steps: dict[tuple[int, int, int, int], tuple[_Step, ...]] = {}
        self.near = tuple(sum(1 << n for n in ns) for ns in turn.neighbours)
        rules = turn.rules
        self.stay, self.counts, self.throws = (
            rules.stay_behind,
            objective.counts_armies,
            induction.throws,
        )
        # Armies dropped at or above ``keep`` are what keep:K remembers; other objectives never do.
        self.keep = objective.amount if objective.kind == "keep" else NEVER
        self.low = [
            rules.attacker_dice_for(a) if turn.move_in == "classic" else 1
            for a in range(turn.initial_armies + 1)
        ]
        self.policy = Policy(self.choice, self)

    def number(self, state: TurnState) -> int:
        """The number of ``state`` (KeyError if the level solver did not reach it)."""
        key = self.codec.encode(state)
        if key is None or key not in self.floats:
            raise KeyError(state)
        return key

    def numerator(self, state: TurnState) -> int:
        """The value of ``state`` as the induction keeps it (KeyError if not reached)."""
        key = self.number(state)
        found = self.memo.get(key)
        return self.solve(key, state, self.turn.key(state)) if found is None else found

    def choice(self, state: TurnState) -> Choice:
        """The general induction's choice at ``state`` (KeyError if not reached), from the
        exact values of the moves that may be best: the others are worse than the best
        exactly, so they are neither chosen nor tied with it."""
        scored: _Scored = []
        k = self.turn.key(state)
        self.solve(self.number(state), state, k, scored)
        return self.induction.best(self.payoff(state) * self.induction.powers[k], scored)[1]

    def __getitem__(self, state: TurnState) -> Fraction:
        return Fraction(self.numerator(state), self.induction.powers[self.turn.key(state)])

    def __iter__(self) -> Iterator[TurnState]:
        return iter(self.levels)

    def __len__(self) -> int:
        return len(self.levels)

    def attacks(self, owned: int) -> tuple[tuple[int, int, _Capture], ...]:
        """The attacks from ``owned``, each with its capture's fixed part."""
        found = self.moves.get(owned)
        if found is None:
            turn, near, listed = self.turn, self.near, []
            for s, t in turn.attacks(TurnState(owned, (1,) * turn.size)):
                after = owned | 1 << t
                others = near[t] & owned & ~(1 << s)
                cut = tuple(i for i in range(turn.size) if others >> i & 1 and not near[i] & ~after)
                listed.append((s, t, (after, cut, bool(near[s] & ~after), bool(near[t] & ~after))))
            found = self.moves[owned] = tuple(listed)
        return found

    def roll(self, s: int, t: int, a_s: int, a_t: int) -> tuple[_Step, ...]:
        """One roll of ``a_s`` armies from ``s`` on ``a_t`` in ``t``, kept: each outcome's
        scaled chance, and unless it captures (then a fall of -1) the fall in the state's
        number (:class:`Codec`), the fall in armies in play, the armies left on ``s`` and
        ``t``, the armies dropped (left on ``s`` with ``stay`` or fewer: none left), and
        what the value after it is multiplied by in the value before (the chance, and the
        powers of the throws between their scales)."""
        w_s, w_t, found = self.codec.weights[s], self.codec.weights[t], []
        for lost, killed, p in self.induction.roll_armies(a_s, a_t):
            if killed == a_t:
                found.append((p, -1, 0, 0, 0, 0, 0))
                continue
            left = a_s - lost
            dropped = left if 0 < left <= self.stay else 0
            fall = (lost + dropped) * w_s + killed * w_t
            fallen = lost + killed + dropped
            weight = p * self.induction.powers[fallen - 1]
            found.append((p, fall, fallen, left - dropped, a_t - killed, dropped, weight))
        steps = self.steps[s, t, a_s, a_t] = tuple(found)
        return steps

    def out_of_reach(self, owned: int, armies: tuple[int, ...]) -> bool:
        """Whether the state is certainly worth 0 under ``capture-all``: the targets not
        held outnumber the captures its armies could make even if no roll lost one (a
        capture leaves at least one army more behind, ``stay`` on the source and one on the
        territory taken, out of the armies above ``stay`` on the territories held)."""
        held = self.held.get(owned)
        if held is None:
            return False
        need, places = held
        stay = self.stay
        spare = 0
        for i in places:
            if armies[i] > stay:
                spare += armies[i] - stay
        return need > spare

    def payoff(self, state: TurnState) -> int:
        """The payoff of stopping, kept by the set held where only that set counts."""
        if not self.by_set:
            return self.turn.payoff(state)
        found = self.stops.get(state.owned)
        if found is None:
            found = self.stops[state.owned] = self.turn.payoff(state)
        return found

    def solve(self, key: int, state: TurnState, k: int, scored: _Scored | None = None) -> int:
        """The numerator of ``state`` (numbered ``key``, ``k`` armies in play): its moves
        in floats, then the ones that may be best exactly (recursing where not known),
        each added to ``scored`` if given."""
        owned, armies, kept = state
        floats, memo, powers = self.floats, self.memo, self.induction.powers
        if scored is None and self.out_of_reach(owned, armies):
            memo[key] = 0
            return 0
        keep, counts = self.keep, self.counts
        steps = self.steps
        stop = self.stops.get(owned) if self.by_set else None
        if stop is None:
            stop = self.payoff(state)
        best_float = float(stop)
        options = []
        # The cached look-ups inline, not by their methods: this runs once a state met.
        for s, t, capture in self.moves.get(owned) or self.attacks(owned):
            a_s = armies[s]
            if not a_s:
                continue
            a_t = armies[t]
            normal = []
            landing: tuple[int, _Capture, float, list[_Landing]] | None = None
            total = 0.0
            rolled = steps.get((s, t, a_s, a_t))
            if rolled is None:
                rolled = self.roll(s, t, a_s, a_t)
            for p, fall, dk, left, remaining, dropped, weight in rolled:
                if fall < 0:
                    top, lands = self.landings(key, state, k, s, t, capture)
                    landing = p, capture, top, lands
                    total += p * top
                    continue
                also, reward = kept, 0
                if dropped:
                    also = kept or dropped >= keep
                    reward = dropped if counts else 0
                child = key - fall | also
                normal.append((weight, p * reward, child, k - dk, left, remaining, also))
                total += p * (reward + floats[child])
            total /= self.throws
            options.append((total, s, t, normal, landing))
            if total > best_float:
                best_float = total
        floor, below = best_float - self.margin, k - 1
        best: int = stop * powers[k]
        for total, s, t, normal, landing in options:
            if total < floor:
                continue
            option = 0
            for weight, banked, child, ck, left, remaining, also in normal:
                found = memo.get(child)
                if found is None:
                    changed = list(armies)
                    changed[s], changed[t] = left, remaining
                    found = self.solve(child, _state(TurnState, (owned, tuple(changed), also)), ck)
                option += found * weight
                if banked:
                    option += banked * powers[below]
            moved = None
            if landing is not None:
                gain, moved = self.gain(state, k, s, t, *landing[1:])
                option += landing[0] * gain
            if scored is not None:
                scored.append((option, Choice((s, t), moved)))
            if option > best:
                best = option
        memo[key] = best
        return best

    def landings(
        self, key: int, state: TurnState, k: int, s: int, t: int, capture: _Capture
    ) -> tuple[float, list[_Landing]]:
        """Every number of armies to move in after taking ``t`` from ``s`` (the most
        first) with its float value, and the best of those."""
        _, armies, kept = state
        _, cut, source_free, target_free = capture
        weights, floats, stay, keep = self.codec.weights, self.floats, self.stay, self.keep
        counts = self.counts
        a_s, w_s, w_t = armies[s], weights[s], weights[t]
        base = key + (1 << t + 1) - armies[t] * w_t - a_s * w_s
        k0 = k - armies[t] - a_s
        reward0, kept0 = 0, kept
        for i in cut:
            if armies[i]:
                kept0 = kept0 or armies[i] >= keep
                reward0 += armies[i] if counts else 0
                base -= armies[i] * weights[i]
                k0 -= armies[i]
        found = []
        top = -inf
        for moved in range(a_s - stay, self.low[a_s] - 1, -1):
            left, also, reward = a_s - moved, kept0, reward0
            if left and not (source_free and left > stay):
                also = also or left >= keep
                reward += left if counts else 0
                left = 0
            there = moved
            if not (target_free and moved > stay):
                also = also or moved >= keep
                reward += moved if counts else 0
                there = 0
            child = (base + left * w_s + there * w_t) | also
            value = reward + floats[child]
            found.append((value, reward, child, k0 + left + there, left, there, also, moved))
            if value > top:
                top = value
        return top, found

    def gain(
        self,
        state: TurnState,
        k: int,
        s: int,
        t: int,
        capture: _Capture,
        top: float,
        lands: list[_Landing],
    ) -> tuple[int, int]:
        """The best scaled value of the ways to move in that may be best (``top`` the best
        of their floats), and the armies moved in for it (the most, of those tied)."""
        armies, (after, cut, _, _) = state.armies, capture
        memo, powers, below = self.memo, self.induction.powers, k - 1
        floor = top - self.margin
        best: int | None = None
        chosen = 0
        for value, reward, child, ck, left, there, also, moved in lands:
            if value < floor:
                continue
            found = memo.get(child)
            if found is None:
                landed = list(armies)
                landed[t] = 0
                for i in cut:
                    landed[i] = 0
                landed[s], landed[t] = left, there
                found = self.solve(child, _state(TurnState, (after, tuple(landed), also)), ck)
            here: int = reward * powers[below] + found * powers[below - ck]
            if best is None or here > best:
                best, chosen = here, moved
        assert best is not None  # the best float is never below its own floor
        return best, chosen
