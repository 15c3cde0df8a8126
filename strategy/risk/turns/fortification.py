"""Fortifying as a game: where the defender should put its armies before the attacker's turn.

The defender places ``armies`` on its territories of the region (at least one each); the
attacker, seeing them, places its ``reinforcements`` (if any) as
:mod:`~strategy.risk.turns.reinforcement` does and plays the optimal plan. The defender's
best placement minimises the attacker's best value: the minimum over the defender's
placements of the maximum over the attacker's placements of the plan's value, found exactly.

Three things keep the search small, none by sampling:

* the dominance of :mod:`~strategy.risk.turns.placement`: armies the defender puts where the
  attacker can never make use of them change nothing, so those placements are one;
* lower bounds: against each placement the attacker may play a fixed chain or attack
  everything (:mod:`~strategy.risk.turns.baselines`), so the best of those, cheap to plan,
  is at most its best value. Placements are planned in full from the lowest bound up, and
  once one holds the attacker to ``v``, every placement whose bound is ``v`` or more is
  settled: it cannot do better;
* with reinforcements, a cut: a placement against which the attacker finds a reply worth
  ``v`` or more cannot do better either, so its other replies are not planned. Replies are
  tried best first: the reply to the placement tried before.

Spreading evenly and stacking the border are planned first and in full, for the comparison.

>>> from strategy.risk.turns.building import path_turn
>>> game = fortify_turn(path_turn(6, (1, 1)), 3)
>>> game.best.added, game.placements  # the spare army goes on the far territory
((0, 1), 2)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, NamedTuple

from strategy.engine.display import Summarised
from strategy.engine.errors import InputError
from strategy.risk.turns.baselines import AttackEverything, chains
from strategy.risk.turns.describe import first_move
from strategy.risk.turns.induction import Restriction
from strategy.risk.turns.model import Turn
from strategy.risk.turns.placement import (
    borders_attacker,
    place,
    placement_count,
    placements_on,
    slots,
    spread,
)
from strategy.risk.turns.placement_report import Placed, Row, Shown, placed_json
from strategy.risk.turns.reinforcement import (
    EXACT,
    PLAN_SHARE,
    On,
    Reinforcement,
    Search,
    Searching,
    added_text,
    best_reinforcement,
    check_placements,
    eligible,
    searched,
)
from strategy.risk.turns.solve import (
    TurnPlan,
    Value,
    plan_cost,
    plan_turn,
)


@dataclass(frozen=True, repr=False)
class Fortification(Shown, Summarised):
    """The defender's best placement of ``armies`` on ``territories`` (region indices),
    ``added`` to one army each, and how it compares with spreading evenly and stacking the
    border. ``reply`` is the attacker's best answer to it (its placement of
    ``reinforcements``, or None without any), ``plan`` the attacker's optimal plan then.
    ``placements`` counts the defender's placements, ``searched`` those the dominance left,
    ``plans`` the optimal plans made, ``bounds`` the fixed ones made for lower bounds, and
    ``cut`` the placements the bounds settled without planning every reply."""

    base: ClassVar[int] = 1
    sign: ClassVar[int] = -1

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

    def rows(self) -> list[Row]:
        """The best fortification against spreading evenly and stacking the border."""
        return [
            ("best fortification", self.best),
            ("spread evenly", self.even),
            ("stack the border", self.border),
        ]

    def shown(self, placed: Placed) -> str:
        """The defender's armies on each territory."""
        return ", ".join(f"{n} {a}" for n, a in totals(self.names, placed).items())

    def title(self) -> str:
        """The HTML table's caption."""
        objective = self.turn.objective.describe(self.turn.target_name)
        return f"the defender's {self.armies} armies on {', '.join(self.names)}: {objective}"

    def text(self) -> str:
        """The best fortification against spreading evenly and stacking the border, and the
        attacker's best reply to it."""
        turn = self.turn
        attacker = ", ".join(
            f"{n} {a}"
            for t, (n, a) in enumerate(zip(turn.names, turn.armies, strict=True))
            if turn.attacker >> t & 1
        )
        then = "plays its optimal plan"
        if self.reinforcements:
            many = "s" if self.reinforcements > 1 else ""
            then = f"places {self.reinforcements} reinforcement{many} and plays its optimal plan"
        mode = "exact" if self.exact else "floats"
        lines = [
            f"Fortification: the defender places {self.armies} armies on "
            f"{', '.join(self.names)} (at least 1 each); then the attacker ({attacker}) {then}",
            f"  {self.placements:,} placements, {self.searched:,} after dominance, "
            f"{self.cut:,} of them settled by lower bounds; {self.plans:,} optimal plans and "
            f"{self.bounds:,} fixed ones, {self.states:,} states, {mode}, {self.seconds:.2f} s",
            "",
            turn.objective.describe(turn.target_name) + ", which the defender holds down to",
            *self.compared(self.exact, "best fortification saves"),
            "",
        ]
        if self.reply is not None:
            lines.append(
                f"The attacker's reply: place {added_text(self.reply.names, self.reply.best)}"
            )
        lines.append("First decision: " + first_text(first_move(self.plan)))
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The fortifications compared, and the attacker's best reply."""
        names, exact = self.names, self.exact

        def fortified(placed: Placed) -> dict[str, int]:
            return totals(names, placed)

        return {
            "armies": self.armies,
            "territories": list(names),
            "reinforcements": self.reinforcements,
            "on": self.on,
            "objective_text": self.turn.objective.describe(self.turn.target_name),
            "exact": exact,
            "best": placed_json(self.best, exact, fortified),
            "spread_evenly": placed_json(self.even, exact, fortified),
            "stack_the_border": placed_json(self.border, exact, fortified),
            "placements": self.placements,
            "after_dominance": self.searched,
            "settled_by_bounds": self.cut,
            "plans": self.plans,
            "bound_plans": self.bounds,
            "states": self.states,
            "seconds": self.seconds,
            "reply": None if self.reply is None else self.reply.best.named(self.reply.names),
            "first_move": first_move(self.plan),
        }


def totals(names: Sequence[str], placed: Placed) -> dict[str, int]:
    """The defender's armies on each territory: one, and what it placed."""
    return {n: 1 + a for n, a in zip(names, placed.added, strict=True)}


def first_text(move: dict[str, Any]) -> str:
    """A plan's first decision (:func:`~strategy.risk.turns.describe.first_move`) in words."""
    if move["action"] == "stop":
        return "stop: no attack is worth making"
    text = f"attack {move['target']} from {move['source']} with {move['dice']} dice"
    if "move_in" in move:
        text += f", moving in {move['move_in']} if it falls"
    return text


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
    searching: Searching = EXACT,
) -> Fortification:
    """The defender's best placement of ``armies`` on ``territories`` (default: every enemy
    territory of the region; their armies in ``turn`` are replaced), at least one each,
    against an attacker that places ``reinforcements`` ``on`` the border or any territory
    and then plays the optimal plan."""
    began = time.perf_counter()
    exact, max_states, progress = searching.exact, searching.max_states, searching.progress
    work = Fortifying.of(turn, armies, territories, reinforcements, on)
    base, placed, extra, even, stacked = work[:5]
    what, bound, memory, seconds = work.cost(exact)
    what = f"{what}: {work.placements * work.replies:,} plans of up to {bound:,} states"
    check_placements(what, work.typical, memory, seconds, exact, max_states)
    order = list(dict.fromkeys([even, stacked, *placements_on(placed, work.kept, extra)]))
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
        best_reinforcement(fortified, reinforcements, on=on, searching=Searching(exact, max_states))
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


class Fortifying(NamedTuple):
    """What :func:`fortify_turn` searches, counted before any is made: the turn with one army
    on each placed territory, the territories, the armies beyond those, the even spread and
    the border stack (tried first), the territories the other placements vary, how many
    placements there are, a typical fortified turn with the attacker's reinforcements
    placed, the attacker's replies to each, and a description.

    >>> from strategy.risk.turns.building import path_turn
    >>> work = Fortifying.of(path_turn(6, (1, 1)), 3, None, 0, "border")
    >>> work.placements, work.cost(exact=True)[0]
    (2, 'fortifying (2 placements x 1 reply)')
    """

    base: Turn
    placed: tuple[int, ...]
    extra: int
    even: tuple[int, ...]
    stacked: tuple[int, ...]
    kept: tuple[int, ...]
    placements: int
    typical: Turn
    replies: int
    what: str

    @classmethod
    def of(
        cls,
        turn: Turn,
        armies: int,
        territories: Sequence[int] | None,
        reinforcements: int,
        on: On,
    ) -> Fortifying:
        """The search for ``armies`` on ``territories`` (``None``: every enemy territory of
        the region) against ``reinforcements`` placed ``on`` the border or anywhere,
        counted; ``InputError`` if the armies do not cover the territories.

        >>> from strategy.risk.turns.building import path_turn
        >>> Fortifying.of(path_turn(6, (1, 1)), 3, None, 0, "border").extra
        1
        """
        placed = _territories(turn, territories)
        if isinstance(armies, bool) or not isinstance(armies, int) or armies < len(placed):
            raise InputError(
                f"the defender needs at least one army on each of its {len(placed)} "
                f"territories: armies must be a whole number >= {len(placed)}, not {armies!r}"
            )
        base = replace(
            turn, armies=tuple(1 if t in placed else a for t, a in enumerate(turn.armies))
        )
        extra = armies - len(placed)
        kept = slots(base, placed, attacker=False)
        front = borders_attacker(base, placed)
        even = spread(extra, placed, first=front)
        stacked = _on(placed, front, spread(extra, front)) if front else even
        # The even spread and the stack are among the placements on the kept territories,
        # or two more.
        placements = placement_count(extra, len(kept)) + 2 * (len(kept) < len(placed))
        typical = place(base, placed, even)
        replies = 1
        if reinforcements:
            places = eligible(typical, on)
            replies = placement_count(reinforcements, len(slots(typical, places, attacker=True)))
            typical = place(typical, places[:1], (reinforcements,))
        each = "reply" if replies == 1 else "replies"
        what = f"fortifying ({placements:,} placements x {replies:,} {each})"
        return cls(base, placed, extra, even, stacked, kept, placements, typical, replies, what)

    def cost(self, exact: bool) -> tuple[str, int, int, float]:
        """Before any work: what is searched, the states of one plan of it, the memory one
        plan needs and the seconds of the whole search. The first two placements are
        planned in full; the others are mostly settled by cheap lower bounds (the fixed
        chains, :func:`~strategy.risk.turns.reinforcement.searched`), and the attacker's
        best reply is found among the first, so the replies count as their square root."""
        bound, memory, seconds = plan_cost(self.typical, exact=exact)
        plans = searched(self.placements) * math.sqrt(self.replies)
        return self.what, bound, int(memory), plans * seconds * PLAN_SHARE


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
