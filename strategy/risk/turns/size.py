"""How many states a turn plan can visit, counted before any is: the up-front size check.

A state is the set of territories taken, the armies on the attacker's territories that may
still attack and the defenders left on the enemy territories in reach. For each set of
territories the attacker can take (each bordering one it held before) the bound multiplies

* the ways to put armies on the territories that may still attack: ``j`` of the ``L`` that
  border an enemy territory, each with more than ``stay_behind`` armies, all of them at most
  the attacker's ``N``: ``C(L, j) * C(N - j * stay_behind, j)``, summed over ``j``;
* ``d`` defender counts for each enemy territory bordering one taken (1 for the others,
  which nobody has attacked yet);
* 2 for ``keep:K``'s memory of a dropped territory that kept ``K``.

>>> from strategy.risk.turns.building import path_turn
>>> state_bound(path_turn(3, (1,)))  # 3 or 2 (or dropped) v 1, or taken: nothing left to do
4
"""

from __future__ import annotations

from math import comb, prod

from strategy.risk.turns.fronts import Fronts
from strategy.risk.turns.model import Turn


def state_bound(turn: Turn, *, fronts: bool = True) -> int:
    """An upper bound on the states :func:`strategy.risk.turns.solve.plan_turn` visits:
    with ``fronts`` (the default) only states of one front
    (:mod:`strategy.risk.turns.fronts`) count when the turn splits into fronts, which is
    what an induction splitting them would keep; the level solver and the exact plans it
    guides meet every state (``fronts=False``)."""
    enemies = [i for i in range(turn.size) if not turn.attacker >> i & 1]
    stay = turn.rules.stay_behind
    armies = turn.initial_armies
    splits = Fronts(turn) if fronts and turn.objective.kind == "capture-all" else None
    total = 0
    for subset in range(1 << len(enemies)):
        owned = turn.attacker | sum(1 << e for k, e in enumerate(enemies) if subset >> k & 1)
        if not _reachable(turn, owned):
            continue
        live = [
            i
            for i in range(turn.size)
            if owned >> i & 1 and any(not owned >> n & 1 for n in turn.neighbours[i])
        ]
        # The sets of territories that may attack, by size: all of them, or with fronts
        # only those that leave one front.
        sizes = [comb(len(live), j) for j in range(len(live) + 1)]
        if splits is not None and splits.split(owned, 0) is not None:
            sizes = _one_front_sizes(splits, owned, live)
        placements = sum(
            sizes[j] * comb(armies - j * stay, j)
            for j in range(len(live) + 1)
            if armies - j * stay >= j
        )
        defenders = prod(
            turn.armies[e]
            for e in enemies
            if not owned >> e & 1 and any(owned >> n & 1 for n in turn.neighbours[e])
        )
        total += placements * defenders
    return total * (2 if turn.objective.kind == "keep" else 1)


def _one_front_sizes(splits: Fronts, owned: int, live: list[int]) -> list[int]:
    """How many sets of ``j`` territories of ``live`` leave one front, for each ``j``,
    when the enemy territories alone make several. A territory next to one enemy group
    only joins nothing, so only sets of those next to two or more are tried; any of the
    others may be added."""
    groups = [g for _, g in splits.split(owned, 0) or ()]
    bridges = [i for i in live if sum(bool(splits.near[i] & g) for g in groups) > 1]
    others = len(live) - len(bridges)
    sizes = [0] * (len(live) + 1)
    for chosen in range(1 << len(bridges)):
        mask = sum(1 << i for k, i in enumerate(bridges) if chosen >> k & 1)
        if splits.split(owned, mask) is None:
            size = bin(chosen).count("1")
            for extra in range(others + 1):
                sizes[size + extra] += comb(others, extra)
    return sizes


def _reachable(turn: Turn, owned: int) -> bool:
    """Whether every territory of ``owned`` is the attacker's or connects to one through it."""
    reached = turn.attacker
    frontier = [i for i in range(turn.size) if reached >> i & 1]
    while frontier:
        i = frontier.pop()
        for n in turn.neighbours[i]:
            if owned >> n & 1 and not reached >> n & 1:
                reached |= 1 << n
                frontier.append(n)
    return reached == owned
