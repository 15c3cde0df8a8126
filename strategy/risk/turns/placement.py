"""Placing armies before a turn: the ways to do it, and the ones dominance lets us skip.

A *placement* puts ``total`` armies on some territories of a turn's region, each getting a
whole number ``>= 0`` on top of what it holds (the defender's "at least one each" is its
territories' first army, given before placing). There are ``C(total + k - 1, k - 1)``
placements on ``k`` territories, and each is a turn to plan, so the searches of
:mod:`~strategy.risk.turns.reinforcement` and :mod:`~strategy.risk.turns.fortification`
first merge the placements that cannot differ in value.

**Dominance, with its proof.** Call two territories of the region *linked* when they
border each other and are not both the attacker's, and call a class of linked territories
(a connected component of that graph) *live* when it holds an enemy territory of the
target; :func:`live_mask` is their union, ``L``. Outside ``L`` nothing the attacker does
can change the objective, and nothing there can be changed from ``L``:

1. *The classes do not interact.* A roll takes armies from its two territories, which are
   linked; a capture moves armies from a territory to a linked one, which then attacks only
   its enemy neighbours, linked to it from the start. Ownership only grows, and no army ever
   moves between two of the attacker's territories. So the armies and owners of each class
   follow that class's rolls and moves alone.
2. *Outside L the best is to do nothing.* Every enemy territory of the target is in ``L``,
   so what happens outside decides neither ``capture-all`` nor ``territories``; under
   ``value:B`` it can only add armies lost (a payoff of ``0`` or less, ``0`` by never
   attacking there); under ``keep:K`` it matters only through whether one of the
   attacker's territories outside ``L`` ends with ``K`` or more, and since armies there
   only move from one territory into one just taken, or are lost, no territory there ever
   holds more than the most any held at the start: that is best met by not attacking, and
   is met exactly when one of them starts with ``K`` or more.
3. So the plan's value is a function of the armies in ``L`` (and, under ``keep:K``, of the
   flag "a territory of the attacker's outside ``L`` holds ``K``"), and that flag can only
   raise it: every end of the turn pays at least as much with it set.

Hence, for a placement: the armies the *defender* puts outside ``L`` never change the value,
so all its placements that differ only there are one (all extra armies outside ``L`` go on
the first territory there); the armies the *attacker* puts outside ``L`` change the value
at most through the flag, which putting them all on its strongest territory there sets
whenever any split does: that placement is at least as good as every other with the same
armies inside ``L``. :func:`slots` keeps one territory for all of outside ``L``.
The tests check both searches against every placement on random small maps.

>>> from strategy.risk.turns.building import path_turn
>>> list(compositions(2, 2)), placement_count(5, 3)
([(2, 0), (1, 1), (0, 2)], 21)
>>> bin(live_mask(path_turn(5, (1, 1))))
'0b111'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from math import comb

from strategy.risk.turns.model import Turn


def placement_count(total: int, territories: int) -> int:
    """The ways to put ``total`` armies on ``territories`` territories (``0`` or more each)."""
    if territories <= 0:
        return int(total == 0)
    return comb(total + territories - 1, territories - 1)


def compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every ``parts``-tuple of whole numbers ``>= 0`` summing to ``total``, the first part
    largest first.

    >>> list(compositions(1, 3))
    [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    """
    if parts <= 0:
        if total == 0:
            yield ()
        return
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in compositions(total - first, parts - 1):
            yield (first, *rest)


def placements_on(
    territories: Sequence[int], kept: Sequence[int], total: int
) -> list[tuple[int, ...]]:
    """Every placement of ``total`` on the ``kept`` ones of ``territories``, the others
    getting none, as tuples lined up with ``territories``.

    >>> placements_on((4, 6, 7), (4, 7), 1)
    [(1, 0, 0), (0, 0, 1)]
    """
    where = [territories.index(t) for t in kept]
    found = []
    for armies in compositions(total, len(kept)):
        added = [0] * len(territories)
        for index, count in zip(where, armies, strict=True):
            added[index] = count
        found.append(tuple(added))
    return found


def live_mask(turn: Turn) -> int:
    """``L`` of the module's proof: the territories linked to an enemy target territory."""
    enemy_targets = turn.target & ~turn.attacker
    live = 0
    for start in range(turn.size):
        if not enemy_targets >> start & 1 or live >> start & 1:
            continue
        live |= 1 << start
        frontier = [start]
        while frontier:
            here = frontier.pop()
            for near in turn.neighbours[here]:
                linked = not (turn.attacker >> here & 1 and turn.attacker >> near & 1)
                if linked and not live >> near & 1:
                    live |= 1 << near
                    frontier.append(near)
    return live


def slots(turn: Turn, territories: Sequence[int], *, attacker: bool) -> tuple[int, ...]:
    """The territories of ``territories`` a search must place on: those in ``L``, and one
    for all the others (the attacker's strongest there, or the defender's first).

    >>> from strategy.risk.turns.building import path_turn
    >>> slots(path_turn(5, (1, 1)), (0,), attacker=True)
    (0,)
    """
    live = live_mask(turn)
    inside = [t for t in territories if live >> t & 1]
    outside = [t for t in territories if not live >> t & 1]
    if outside:
        # max keeps the first of equals, so the defender's choice is the first territory.
        inside.append(max(outside, key=lambda t: turn.armies[t] if attacker else 0))
    return tuple(sorted(inside))


def place(turn: Turn, territories: Sequence[int], armies: Sequence[int]) -> Turn:
    """``turn`` with ``armies[i]`` more armies on ``territories[i]``.

    >>> from strategy.risk.turns.building import path_turn
    >>> place(path_turn(5, (1, 1)), (0, 2), (3, 1)).armies
    (8, 1, 2)
    """
    added = list(turn.armies)
    for territory, more in zip(territories, armies, strict=True):
        added[territory] += more
    return replace(turn, armies=tuple(added))


def spread(total: int, territories: Sequence[int], first: Sequence[int] = ()) -> tuple[int, ...]:
    """``total`` armies spread as evenly as may be on ``territories``, the odd ones going to
    those in ``first``, then to the others, in order.

    >>> spread(7, (3, 4, 5), first=(5,))
    (2, 2, 3)
    """
    if not territories:
        return ()
    each, odd = divmod(total, len(territories))
    order = [t for t in territories if t in first] + [t for t in territories if t not in first]
    extra = set(order[:odd])
    return tuple(each + (t in extra) for t in territories)


def distances(turn: Turn) -> tuple[int | None, ...]:
    """Each territory's borders to cross to reach an enemy target territory (None: never).

    >>> from strategy.risk.turns.building import path_turn
    >>> distances(path_turn(5, (1, 1)))
    (1, 0, 0)
    """
    found: list[int | None] = [None] * turn.size
    frontier = [t for t in range(turn.size) if (turn.target & ~turn.attacker) >> t & 1]
    for t in frontier:
        found[t] = 0
    step = 0
    while frontier:
        step += 1
        following = []
        for here in frontier:
            for near in turn.neighbours[here]:
                if found[near] is None:
                    found[near] = step
                    following.append(near)
        frontier = following
    return tuple(found)


def borders_target(turn: Turn) -> tuple[int, ...]:
    """The attacker's territories that border an enemy territory of the target."""
    enemy_targets = turn.target & ~turn.attacker
    return tuple(
        t
        for t in range(turn.size)
        if turn.attacker >> t & 1 and any(enemy_targets >> n & 1 for n in turn.neighbours[t])
    )


def borders_attacker(turn: Turn, territories: Sequence[int]) -> tuple[int, ...]:
    """The territories of ``territories`` that border one of the attacker's."""
    return tuple(t for t in territories if any(turn.attacker >> n & 1 for n in turn.neighbours[t]))
