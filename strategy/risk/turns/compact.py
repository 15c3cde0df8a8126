"""The compact induction: the optimal plan's values with a state as one whole number.

:func:`~strategy.risk.turns.solve.plan_turn` solves an unrestricted turn here. It computes
the same values as the general induction (:class:`~strategy.risk.turns.induction.Induction`,
which still solves restricted plans), with the same arithmetic in the same order, so the
numbers are equal (floats bit for bit), but

* a state is one number, not a :class:`~strategy.risk.turns.model.TurnState`: the armies
  as digits in base ``R`` (one more than the most armies a territory can hold) above the
  ``owned`` bits and ``keep:K``'s bit. A move changes a few digits, so a successor's
  number is found by arithmetic and looked up before any tuple is built;
* the moves of each set of territories held (attacks, what a capture drops) are worked
  out once per set, not once per state;
* only values are kept while solving (one dictionary entry per state, about a sixth of the
  general induction's memory); a state's choice is worked out again when it is asked for,
  by the general induction's own code from these values.

Every move lowers the armies in play, so the recursion is at most that deep.

>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.induction import EveryMove, Induction
>>> turn = path_turn(3, (1,))
>>> start, _ = turn.start()
>>> induction = Induction(turn, EveryMove(), True, turn.key(start))
>>> values = Values(turn, solve_values(turn, induction), induction.powers)
>>> len(values), values[start]  # seed 003: Pr(3,1) = 1955/2592
(4, Fraction(1955, 2592))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

from strategy.engine.resources import TooLarge
from strategy.risk.turns.fronts import Fronts
from strategy.risk.turns.induction import Choice, Induction
from strategy.risk.turns.model import Turn, TurnState

Progress = Callable[[int, int], None]
# A capture's fixed part, per (territories held, source, target): the new ``owned``, the
# held territories it cuts off from every enemy, and whether the source and the target
# still border one.
_Capture = tuple[int, tuple[int, ...], bool, bool]


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
        code = sum(a * w for a, w in zip(state.armies, self.weights, strict=True))
        return int(code | state.owned << 1 | state.kept)

    def parts(self, fronts: Fronts, state: TurnState) -> list[tuple[TurnState, int]] | None:
        """Each front of ``state`` as a state of its own, with its number; None for one."""
        owned, armies, kept = state
        live = sum(1 << i for i, a in enumerate(armies) if a and owned >> i & 1)
        split = fronts.split(owned, live)
        if split is None:
            return None
        found = []
        for gone, mine in split:
            part = TurnState(
                owned | gone, tuple(a if mine >> i & 1 else 0 for i, a in enumerate(armies)), kept
            )
            found.append((part, self.encode(part) or 0))
        return found

    def decode(self, key: int) -> TurnState:
        """The state numbered ``key``."""
        armies, code = [], key >> self.shift
        for _ in range(self.size):
            code, digit = divmod(code, self.radix)
            armies.append(digit)
        owned = key >> 1 & (1 << self.size) - 1
        return TurnState(owned, tuple(armies), bool(key & 1))


def solve_values(
    turn: Turn,
    induction: Induction,
    *,
    limit: int | None = None,
    total: int = 0,
    progress: Progress | None = None,
) -> dict[int, Any]:
    """Every state's value (scaled as the induction scales it), by the state's number."""
    codec = Codec(turn)
    weights, stay, objective = codec.weights, turn.rules.stay_behind, turn.objective
    counts, keeps, powers, tie = (
        objective.counts_armies,
        objective.keeps,
        induction.powers,
        induction.tie,
    )
    classic = turn.move_in == "classic"
    dice_for = turn.rules.attacker_dice_for
    near = tuple(sum(1 << n for n in ns) for ns in turn.neighbours)
    memo: dict[int, Any] = {}
    fronts = Fronts(turn)
    # These objectives pay by the territories held alone: one payoff per set held.
    by_owned = objective.kind in ("capture-all", "territories")
    stops: dict[int, int] = {}
    split = fronts.applies
    moves: dict[int, tuple[tuple[int, int, _Capture], ...]] = {}
    roll = induction.roll_armies

    def attacks(owned: int) -> tuple[tuple[int, int, _Capture], ...]:
        found = []
        for s, t in turn.attacks(TurnState(owned, (1,) * turn.size)):
            after = owned | 1 << t
            others = near[t] & owned & ~(1 << s)
            cut = tuple(i for i in range(turn.size) if others >> i & 1 and not near[i] & ~after)
            found.append((s, t, (after, cut, bool(near[s] & ~after), bool(near[t] & ~after))))
        moves[owned] = result = tuple(found)
        return result

    def value(key: int, state: TurnState, k: int) -> Any:
        owned, armies, kept = state
        if split:
            parts = codec.parts(fronts, state)
            if parts is not None:
                product: Any = 1
                for part, part_key in parts:
                    found = memo.get(part_key)
                    if found is None:
                        found = value(part_key, part, turn.key(part))
                    product *= found
                # Not kept: a split state costs a few lookups, and keeping only states of
                # one front is what the size bound counts.
                return product
        below = k - 1
        if by_owned:
            stop = stops.get(owned)
            if stop is None:
                stop = stops[owned] = turn.payoff(state)
            best = stop * powers[k]
        else:
            best = turn.payoff(state) * powers[k]
        listed = moves.get(owned)
        if listed is None:
            listed = attacks(owned)
        for s, t, (after, cut, source_free, target_free) in listed:
            a_s = armies[s]
            if not a_s:
                continue
            a_t, w_s, w_t = armies[t], weights[s], weights[t]
            terms = []
            gain = None
            chance: Any = 0
            for lost, killed, p in roll(a_s, a_t):
                if killed == a_t:
                    chance, gain = (
                        p,
                        capture(key, state, k, s, t, after, cut, source_free, target_free),
                    )
                    continue
                left, child, ck, reward, also = (
                    a_s - lost,
                    key - lost * w_s - killed * w_t,
                    k - lost - killed,
                    0,
                    kept,
                )
                if left and left <= stay:
                    also = kept or keeps(left)
                    reward = left if counts else 0
                    child -= left * w_s
                    ck -= left
                    left = 0
                child |= also
                found = memo.get(child)
                if found is None:
                    changed = list(armies)
                    changed[s], changed[t] = left, a_t - killed
                    found = value(child, TurnState(owned, tuple(changed), also), ck)
                terms.append(p * (reward * powers[below] + found * powers[below - ck]))
            option: Any = sum(terms)
            if gain is not None:
                option += chance * gain
            if option > best + tie:
                best = option
        memo[key] = best
        if not len(memo) & 4095:
            if limit is not None and len(memo) > limit:
                raise TooLarge(f"the plan passed {limit:,} states; give fewer armies")
            if progress is not None:
                progress(len(memo), total)
        return best

    def capture(
        key: int,
        state: TurnState,
        k: int,
        s: int,
        t: int,
        after: int,
        cut: tuple[int, ...],
        source_free: bool,
        target_free: bool,
    ) -> Any:
        """The best scaled value of moving in after taking ``t`` (ties: the most moved)."""
        _, armies, kept = state
        below = k - 1
        a_s, w_s, w_t = armies[s], weights[s], weights[t]
        base = key + (1 << t + 1) - armies[t] * w_t - a_s * w_s
        k0 = k - armies[t] - a_s
        landed = list(armies)
        landed[t] = 0
        reward0, kept0 = 0, kept
        for i in cut:
            if landed[i]:
                kept0 = kept0 or keeps(landed[i])
                reward0 += landed[i] if counts else 0
                base -= landed[i] * weights[i]
                k0 -= landed[i]
                landed[i] = 0
        low = dice_for(a_s) if classic else 1
        gain = None
        for moved in range(a_s - stay, low - 1, -1):
            left, also, reward = a_s - moved, kept0, reward0
            if left and not (source_free and left > stay):
                also = also or keeps(left)
                reward += left if counts else 0
                left = 0
            there = moved
            if not (target_free and moved > stay):
                also = also or keeps(moved)
                reward += moved if counts else 0
                there = 0
            child = (base + left * w_s + there * w_t) | also
            ck = k0 + left + there
            found = memo.get(child)
            if found is None:
                landed[s], landed[t] = left, there
                found = value(child, TurnState(after, tuple(landed), also), ck)
            here = reward * powers[below] + found * powers[below - ck]
            if gain is None or here > gain + tie:
                gain = here
        return gain

    start, _ = turn.start()
    key = codec.encode(start)
    assert key is not None  # the radix covers every army at the start
    value(key, start, turn.key(start))
    return memo


class Values(Mapping[TurnState, Any]):
    """Solved values by state, as :func:`solve_values` keeps them (scaled numerators if
    exact), or as the plan shows them (``shown``: Fractions)."""

    def __init__(self, turn: Turn, memo: dict[int, Any], powers: list[Any] | None) -> None:
        self.turn, self.memo, self.powers, self.codec = turn, memo, powers, Codec(turn)
        self.fronts = Fronts(turn)

    def __getitem__(self, state: TurnState) -> Any:
        found = self.raw(state)
        if self.powers is not None:
            return Fraction(found, self.powers[self.turn.key(state)])
        return found

    def raw(self, state: TurnState) -> Any:
        """The value as kept: a state past a split into fronts is the product of its
        fronts' values (:mod:`strategy.risk.turns.fronts`), so it need not have been met."""
        key = self.codec.encode(state)
        found = None if key is None else self.memo.get(key)
        if found is None and self.fronts.applies and key is not None:
            parts = self.codec.parts(self.fronts, state)
            if parts is not None and all(k in self.memo for _, k in parts):
                found = 1
                for _, k in parts:
                    found *= self.memo[k]
        if found is None:
            raise KeyError(state)
        return found

    def __iter__(self) -> Iterator[TurnState]:
        return map(self.codec.decode, self.memo)

    def __len__(self) -> int:
        return len(self.memo)


class Policy(Mapping[TurnState, Choice]):
    """The optimal choice at each solved state, worked out when first asked for by the
    general induction from the solved values, so it is the choice that induction makes."""

    def __init__(self, induction: Induction, raw: Mapping[TurnState, Any]) -> None:
        self.induction, self.raw = induction, raw
        self.known: dict[TurnState, Choice] = {}

    def __getitem__(self, state: TurnState) -> Choice:
        found = self.known.get(state)
        if found is None:
            if state not in self.raw:
                raise KeyError(state)
            stop, options = self.induction.expand(state)
            self.induction.values = {c: self.raw[c] for c in self.induction.children(options)}
            found = self.known[state] = self.induction.evaluate(stop, options)[1]
        return found

    def __iter__(self) -> Iterator[TurnState]:
        return iter(self.raw)

    def __len__(self) -> int:
        return len(self.raw)
