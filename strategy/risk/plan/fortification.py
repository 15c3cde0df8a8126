"""Fortifying as a game: where the defender should put its armies before the attacker's turn.

The defender places ``armies`` on its territories of the region (at least one each); the
attacker, seeing them, places its ``reinforcements`` (if any) as
:mod:`~strategy.risk.plan.reinforcement` does and plays the optimal plan. The defender's
best placement minimises the attacker's best value: the minimum over the defender's
placements of the maximum over the attacker's placements of the plan's value, found exactly.

Three things keep the search small, none by sampling:

* the dominance of :mod:`~strategy.risk.plan.placement`: armies the defender puts where the
  attacker can never make use of them change nothing, so those placements are one;
* lower bounds: against each placement the attacker may play a fixed chain or attack
  everything (:mod:`~strategy.risk.plan.baselines`), so the best of those, cheap to plan,
  is at most its best value. Placements are planned in full from the lowest bound up, and
  once one holds the attacker to ``v``, every placement whose bound is ``v`` or more is
  settled: it cannot do better;
* with reinforcements, a cut: a placement against which the attacker finds a reply worth
  ``v`` or more cannot do better either, so its other replies are not planned. Replies are
  tried best first: the reply to the placement tried before.

Spreading evenly and stacking the border are planned first and in full, for the comparison.

>>> from strategy.risk.plan.position import path_turn
>>> game = fortify_turn(path_turn(6, (1, 1)), 3)
>>> game.best.added, game.placements  # the spare army goes on the far territory
((0, 1), 2)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar

from strategy.engine.display import Summarised
from strategy.engine.errors import InputError
from strategy.risk.plan.baselines import AttackEverything, chains
from strategy.risk.plan.model import Turn
from strategy.risk.plan.placement import (
    borders_attacker,
    place,
    placement_count,
    placements_on,
    slots,
    spread,
)
from strategy.risk.plan.placement_report import Shown
from strategy.risk.plan.reinforcement import (
    On,
    Placed,
    Reinforcement,
    Search,
    best_reinforcement,
    check_placements,
    eligible,
)
from strategy.risk.plan.solve import Progress, Restriction, TurnPlan, Value, plan_turn


@dataclass(frozen=True, repr=False)
class Fortification(Shown, Summarised):
    """The defender's best placement of ``armies`` on ``territories`` (region indices),
    ``added`` to one army each, and how it compares with spreading evenly and stacking the
    border. ``reply`` is the attacker's best answer to it (its placement of
    ``reinforcements``, or None without any), ``plan`` the attacker's optimal plan then.
    ``placements`` counts the defender's placements, ``searched`` those the dominance left,
    ``plans`` the optimal plans made, ``bounds`` the fixed ones made for lower bounds, and
    ``cut`` the placements the bounds settled without planning every reply."""

    defending: ClassVar[bool] = True

    turn: Turn = field(repr=False)
    armies: int
    territories: tuple[int, ...]
    reinforcements: int
    on: On
    best: Placed
    even: Placed
    border: Placed
    reply: Reinforcement | None = field(repr=False)
    plan: TurnPlan = field(repr=False)
    placements: int
    searched: int
    plans: int
    bounds: int
    cut: int
    exact: bool
    states: int
    seconds: float

    @property
    def fortified(self) -> Turn:
        """The turn after the best fortification (before any reinforcement)."""
        return place(self.turn, self.territories, self.best.added)


#: Fixed chains planned at most for one lower bound (a bound from fewer is still a bound).
BOUND_CHAINS = 32


class _Game:
    """The attacker's best value against each fortification, bounded as the module says."""

    def __init__(
        self,
        turn: Turn,
        territories: tuple[int, ...],
        reinforcements: int,
        on: On,
        exact: bool,
        limit: int | None,
    ) -> None:
        self.turn, self.territories, self.on = turn, territories, on
        self.reinforcements, self.exact, self.limit = reinforcements, exact, limit
        self.reply: tuple[int, ...] | None = None
        self.plans = self.bounds = self.states = 0

    def lower(self, added: tuple[int, ...]) -> Value:
        """A lower bound on the attacker's best value against ``added``: the best of some
        plans it may play after the reply it chose last (any reply would do): fixed chains
        (the first :data:`BOUND_CHAINS`) and attacking everything."""
        fortified = place(self.turn, self.territories, added)
        if self.reinforcements and self.reply is not None:
            fortified = place(fortified, eligible(fortified, self.on), self.reply)
        rules: list[Restriction] = [*chains(fortified)[:BOUND_CHAINS], AttackEverything()]
        found = []
        for rule in rules:
            plan = plan_turn(fortified, exact=self.exact, restriction=rule)
            self.bounds, self.states = self.bounds + 1, self.states + plan.states
            found.append(plan.value)
        return max(found)

    def value(self, added: tuple[int, ...], cutoff: Value | None) -> tuple[Value, bool]:
        """The attacker's best value against ``added``, or (with ``cutoff``) a value of at
        least ``cutoff`` and True when the bound stops the search there."""
        fortified = place(self.turn, self.territories, added)
        places = eligible(fortified, self.on) if self.reinforcements else ()
        search = Search(fortified, places, self.reinforcements, self.exact, self.limit)
        order = search.candidates(slots(fortified, places, attacker=True))
        if self.reply in order:
            order.remove(self.reply)
            order.insert(0, self.reply)
        best, stopped = search.best(order, cutoff=cutoff)
        self.plans, self.states = self.plans + len(search.scores), self.states + search.states
        self.reply = best.added
        return best.value, stopped


def fortify_turn(
    turn: Turn,
    armies: int,
    *,
    territories: Sequence[int] | None = None,
    reinforcements: int = 0,
    on: On = "border",
    exact: bool = True,
    max_states: int | None = None,
    progress: Progress | None = None,
) -> Fortification:
    """The defender's best placement of ``armies`` on ``territories`` (default: every enemy
    territory of the region; their armies in ``turn`` are replaced), at least one each,
    against an attacker that places ``reinforcements`` ``on`` the border or any territory
    and then plays the optimal plan."""
    began = time.perf_counter()
    placed = _territories(turn, territories)
    if isinstance(armies, bool) or not isinstance(armies, int) or armies < len(placed):
        raise InputError(
            f"the defender needs at least one army on each of its {len(placed)} territories: "
            f"armies must be a whole number >= {len(placed)}, not {armies!r}"
        )
    base = replace(turn, armies=tuple(1 if t in placed else a for t, a in enumerate(turn.armies)))
    extra = armies - len(placed)
    kept = slots(base, placed, attacker=False)
    front = borders_attacker(base, placed)
    even = spread(extra, placed, first=front)
    stacked = _on(placed, front, spread(extra, front)) if front else even
    typical = place(base, placed, even)
    if reinforcements:
        places = eligible(typical, on)
        replies = placement_count(reinforcements, len(slots(typical, places, attacker=True)))
        typical = place(typical, places[:1], (reinforcements,))
    else:
        replies = 1
    # Counted before they are listed: a listing of millions would itself be the long work.
    outside = [i for i, t in enumerate(placed) if t not in kept]
    count = placement_count(extra, len(kept)) + sum(
        any(added[i] for i in outside) for added in {even, stacked}
    )
    each = "reply" if replies == 1 else "replies"
    what = f"fortifying ({count:,} placements x {replies:,} {each})"
    check_placements(typical, count * replies, what, exact, max_states)
    order = list(dict.fromkeys([even, stacked, *placements_on(placed, kept, extra)]))
    game = _Game(base, placed, reinforcements, on, exact, max_states)
    scores = {added: game.value(added, None)[0] for added in order[:2]}
    best = min((Placed(a, v) for a, v in scores.items()), key=lambda p: p.value)
    rest = order[len(scores) :]
    steps = len(scores) + 2 * len(rest)
    bounds = {}
    for done, added in enumerate(rest, start=len(scores) + 1):
        bounds[added] = game.lower(added)
        if progress is not None:
            progress(done, steps)
    rest.sort(key=lambda added: bounds[added])
    cut = 0
    for done, added in enumerate(rest, start=len(scores) + len(rest) + 1):
        if bounds[added] >= best.value:
            cut += 1  # as is every placement after it, whose bound is no lower
        else:
            value, stopped = game.value(added, best.value)
            cut += stopped
            if not stopped and value < best.value:
                best = Placed(added, value)
        if progress is not None:
            progress(done, steps)
    fortified = place(base, placed, best.added)
    reply = (
        best_reinforcement(fortified, reinforcements, on=on, exact=exact, max_states=max_states)
        if reinforcements
        else None
    )
    plan = reply.plan if reply else plan_turn(fortified, exact=exact, max_states=max_states)
    return Fortification(
        turn=base,
        armies=armies,
        territories=placed,
        reinforcements=reinforcements,
        on=on,
        best=best,
        even=Placed(even, scores[even]),
        border=Placed(stacked, scores[stacked]),
        reply=reply,
        plan=plan,
        placements=placement_count(extra, len(placed)),
        searched=len(order),
        plans=game.plans,
        bounds=game.bounds,
        cut=cut,
        exact=exact,
        states=game.states,
        seconds=time.perf_counter() - began,
    )


def _on(placed: Sequence[int], chosen: Sequence[int], armies: Sequence[int]) -> tuple[int, ...]:
    """``armies`` on the ``chosen`` territories of ``placed``, none on the others."""
    given = dict(zip(chosen, armies, strict=True))
    return tuple(given.get(t, 0) for t in placed)


def _territories(turn: Turn, territories: Sequence[int] | None) -> tuple[int, ...]:
    enemies = [t for t in range(turn.size) if not turn.attacker >> t & 1]
    if territories is None:
        return tuple(enemies)
    chosen = tuple(sorted(set(territories)))
    mine = [turn.names[t] for t in chosen if t not in enemies]
    if mine:
        raise InputError(f"the defender cannot place armies on {mine[0]}: it is the attacker's")
    if not chosen:
        raise InputError("name at least one territory of the defender's to place armies on")
    return chosen
