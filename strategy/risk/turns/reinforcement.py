"""Where to place reinforcements before attacking: the placement whose optimal plan is best.

The attacker places ``R`` new armies on its territories of the region, then plays the
turn's optimal plan (:func:`~strategy.risk.turns.solve.plan_turn`). ``on="border"`` allows
only the territories that border an enemy territory of the target, ``on="any"`` all of
them. Every placement is planned, exactly, except those that the dominance of
:mod:`~strategy.risk.turns.placement` proves no better than one kept (armies on territories
that can never act on the target go, together, on the strongest of them); nothing is
sampled. The result names the best placement, the runner-up, and the two placements players
use: everything on the strongest stack, and everything on the territory nearest the target.

>>> from strategy.risk.turns.building import path_turn
>>> best = best_reinforcement(path_turn(3, (2,)), 2)
>>> best.best.added, best.placements, best.value == plan_turn(path_turn(5, (2,))).value
((2,), 1, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from strategy.engine.display import Summarised
from strategy.engine.errors import InputError
from strategy.engine.resources import require
from strategy.risk.turns.describe import first_move, number_json
from strategy.risk.turns.model import Turn
from strategy.risk.turns.placement import (
    borders_target,
    distances,
    place,
    placement_count,
    placements_on,
    slots,
)
from strategy.risk.turns.placement_report import Placed, Row, Shown, placed_json
from strategy.risk.turns.solve import (
    Progress,
    TurnPlan,
    Value,
    check_size,
    plan_cost,
    plan_turn,
)

On = Literal["border", "any"]
ON: tuple[On, ...] = ("border", "any")


@dataclass(frozen=True)
class Searching:
    """How a placement search runs: each plan exact or in floats, with at most
    ``max_states`` states (``None``: as many as the machine holds), and
    ``progress(done, total)``, if given, told of the placements planned.

    >>> Searching(exact=False)
    Searching(exact=False, max_states=None, progress=None)
    """

    exact: bool = True
    max_states: int | None = None
    progress: Progress | None = None


#: Exact plans, as large as the machine holds, no progress shown.
EXACT = Searching()


class Search:
    """Plans placements of ``total`` armies on ``territories`` of ``turn``, once each."""

    def __init__(
        self, turn: Turn, territories: Sequence[int], total: int, exact: bool, limit: int | None
    ) -> None:
        self.turn, self.territories, self.total = turn, tuple(territories), total
        self.exact, self.limit = exact, limit
        self.scores: dict[tuple[int, ...], Value] = {}
        self.best_plan: TurnPlan | None = None
        self.states = 0

    def value(self, added: tuple[int, ...]) -> Value:
        """The optimal plan's value after placing ``added``."""
        found = self.scores.get(added)
        if found is None:
            plan = plan_turn(
                place(self.turn, self.territories, added), exact=self.exact, max_states=self.limit
            )
            self.states += plan.states
            found = self.scores[added] = plan.value
            if self.best_plan is None or found > self.best_plan.value:
                self.best_plan = plan
        return found

    def candidates(self, kept: Sequence[int]) -> list[tuple[int, ...]]:
        """Every placement on the territories in ``kept`` (the others get none)."""
        return placements_on(self.territories, kept, self.total)

    def best(
        self,
        order: Sequence[tuple[int, ...]],
        *,
        cutoff: Value | None = None,
        progress: Progress | None = None,
        total: int = 0,
    ) -> tuple[Placed, bool]:
        """The best placement of ``order`` (the first of equals), and whether the search
        stopped, before the last, at one worth ``cutoff`` or more (then that one is
        returned)."""
        best: Placed | None = None
        for done, added in enumerate(order, start=1):
            value = self.value(added)
            if best is None or value > best.value:
                best = Placed(added, value)
            if progress is not None:
                progress(done, total)
            if cutoff is not None and value >= cutoff and done < len(order):
                return best, True
        assert best is not None  # there is always one placement, if only of 0 armies
        return best, False


def eligible(turn: Turn, on: On) -> tuple[int, ...]:
    """The attacker's territories a placement ``on`` the border or ``any`` may use."""
    if on not in ON:
        raise InputError(f"reinforcements go on 'border' or 'any' territories, not {on!r}")
    if on == "any":
        return tuple(t for t in range(turn.size) if turn.attacker >> t & 1)
    found = borders_target(turn)
    if not found:
        raise InputError(
            f"none of the attacker's territories borders an enemy territory of "
            f"{turn.target_name}: place reinforcements on any territory instead"
        )
    return found


def naive(turn: Turn, territories: Sequence[int]) -> tuple[int, int]:
    """Where players put everything: the strongest stack (nearest the target among equals)
    and the territory nearest the target (strongest among equals); first in region order."""
    far = distances(turn)

    def hops(t: int) -> int:
        """Borders to the target, those that cannot reach it last."""
        return turn.size if far[t] is None else far[t] or 0

    strongest = min(territories, key=lambda t: (-turn.armies[t], hops(t), t))
    nearest = min(territories, key=lambda t: (hops(t), -turn.armies[t], t))
    return strongest, nearest


#: The share of the planner's bound on time (:func:`plan_cost`) a plan takes, and of a full
#: plan a placement after the first two costs on average (most are settled by bounds or
#: dominated): fitted on the positions of ``benchmarks/placements.py`` within 3x both ways
#: (``benchmarks/bench_estimate.py``: 0.50, 0.94, 0.94 and 0.73 of the time measured at
#: load 3-4). The planner's bound on time counts the level solver's states of the bound
#: and, for exact plans, its sets of territories held, as the time is spent (it was 0.3
#: and 0.15 while exact plans were bounded at 25,000 states a second, some 8 times slower
#: than they run now).
PLAN_SHARE = 1.0
BOUNDED_SHARE = 0.4


def searched(placements: int) -> float:
    """The full plans a search of ``placements`` costs: two, and a share of the others.

    >>> searched(1), searched(22)
    (1, 10.0)
    """
    return min(placements, 2 + BOUNDED_SHARE * max(placements - 2, 0))


def reinforce_cost(
    turn: Turn, reinforcements: int, *, on: On = "border", exact: bool = True
) -> tuple[str, Turn, int, float]:
    """Before any work: what :func:`best_reinforcement` searches, a typical placed turn,
    the memory one plan of it needs and the seconds of the search."""
    territories = eligible(turn, on)
    count = placement_count(reinforcements, len(slots(turn, territories, attacker=True)))
    placed = place(turn, territories[:1], (reinforcements,))
    _, memory, seconds = plan_cost(placed, exact=exact)
    what = f"placing reinforcements ({count:,} placements)"
    return what, placed, int(memory), searched(count) * seconds * PLAN_SHARE


def check_placements(
    what: str, placed: Turn, memory: int, seconds: float, exact: bool, limit: int | None
) -> None:
    """Refuse up front a placement search estimated to take too long, or whose plans are
    each too large."""
    require(what, memory=memory, seconds=seconds, hint="place fewer armies or on fewer territories")
    check_size(placed, exact=exact, max_states=limit)


def best_reinforcement(
    turn: Turn, reinforcements: int, *, on: On = "border", searching: Searching = EXACT
) -> Reinforcement:
    """The best way to place ``reinforcements`` armies before playing ``turn``."""
    if isinstance(reinforcements, bool) or not isinstance(reinforcements, int):
        raise InputError(f"reinforcements must be a whole number >= 0, not {reinforcements!r}")
    if reinforcements < 0:
        raise InputError(f"reinforcements must be a whole number >= 0, not {reinforcements}")
    began = time.perf_counter()
    exact, max_states = searching.exact, searching.max_states
    territories = eligible(turn, on)
    kept = slots(turn, territories, attacker=True)
    what, placed, memory, seconds = reinforce_cost(turn, reinforcements, on=on, exact=exact)
    check_placements(what, placed, memory, seconds, exact, max_states)
    search = Search(turn, territories, reinforcements, exact, max_states)
    order = search.candidates(kept)
    best, _ = search.best(order, progress=searching.progress, total=len(order))
    others = [Placed(a, v) for a, v in search.scores.items() if a != best.added]
    runner_up = max(others, key=lambda p: p.value, default=None)
    picks = []
    for territory in naive(turn, territories):
        added = tuple(reinforcements * (t == territory) for t in territories)
        picks.append(Placed(added, search.value(added)))
    assert search.best_plan is not None and search.best_plan.value == best.value
    return Reinforcement(
        turn=turn,
        reinforcements=reinforcements,
        on=on,
        territories=territories,
        best=best,
        runner_up=runner_up,
        strongest=picks[0],
        nearest=picks[1],
        scores=tuple(sorted(search.scores.items(), key=lambda s: -s[1])),
        placements=placement_count(reinforcements, len(territories)),
        searched=len(order),
        plan=search.best_plan,
        exact=exact,
        states=search.states,
        seconds=time.perf_counter() - began,
    )


@dataclass(frozen=True, repr=False)
class Reinforcement(Shown, Summarised):
    """The best placement of ``reinforcements`` on ``territories`` (region indices) and
    what it is measured against. ``scores`` holds every placement planned, best first;
    ``placements`` counts them all, ``searched`` those the dominance left to plan; ``plan``
    is the best placement's plan and ``states`` the states of every plan made."""

    base: ClassVar[int] = 0
    sign: ClassVar[int] = 1

    turn: Turn = field(repr=False)
    reinforcements: int
    on: On
    territories: tuple[int, ...]
    best: Placed
    runner_up: Placed | None
    strongest: Placed
    nearest: Placed
    scores: tuple[tuple[tuple[int, ...], Value], ...] = field(repr=False)
    placements: int
    searched: int
    plan: TurnPlan = field(repr=False)
    exact: bool
    states: int
    seconds: float

    def rows(self) -> list[Row]:
        """The best placement, the runner-up and the two placements players use."""
        return [
            ("best placement", self.best),
            ("runner-up", self.runner_up),
            ("all on the strongest stack", self.strongest),
            ("all nearest the target", self.nearest),
        ]

    def shown(self, placed: Placed) -> str:
        """The armies added, by territory."""
        return added_text(self.names, placed)

    def where(self) -> str:
        """The territories placed on, in words."""
        kind = "bordering" if self.on == "border" else "in the region to take"
        return f"the attacker's territories {kind} {self.turn.target_name}"

    def title(self) -> str:
        """The HTML table's caption."""
        objective = self.turn.objective.describe(self.turn.target_name)
        return f"{self.reinforcements} reinforcements on {self.where()}: {objective}"

    def text(self) -> str:
        """The best placement, the runner-up and the naive ones, with what the best gains."""
        mode = "exact" if self.exact else "floats"
        planned = (
            "all planned"
            if self.searched == self.placements
            else f"{self.searched:,} planned, the others no better by dominance"
        )
        lines = [
            f"Reinforcements: {self.reinforcements} armies on {self.where()} "
            f"({', '.join(self.names)})",
            f"  {self.placements:,} placements, {planned} ({self.states:,} states, {mode}, "
            f"{self.seconds:.2f} s)",
            "",
            self.turn.objective.describe(self.turn.target_name),
            *self.compared(self.exact, "best gains"),
        ]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The placements compared, with every placement planned."""
        names, exact = self.names, self.exact
        keys = ("best", "runner_up", "strongest_stack", "nearest_target")
        rows = {
            key: placed_json(placed, exact, lambda p: p.named(names))
            for key, (_, placed) in zip(keys, self.rows(), strict=True)
        }
        return {
            "reinforcements": self.reinforcements,
            "on": self.on,
            "territories": list(names),
            "objective_text": self.turn.objective.describe(self.turn.target_name),
            "exact": exact,
            **rows,
            "placements": self.placements,
            "planned": self.searched,
            "states": self.states,
            "seconds": self.seconds,
            "first_move": first_move(self.plan),
            "scores": [
                {"placement": dict(zip(names, added, strict=True))}
                | number_json("value", value, exact)
                for added, value in self.scores
            ],
        }


def added_text(names: Sequence[str], placed: Placed) -> str:
    """The armies a placement adds, by territory name."""
    return ", ".join(f"{n} +{a}" for n, a in placed.named(names).items()) or "nothing"
