"""The turn questions as requests: plan a whole attack phase on the map, and fortify the
defender's territories against it; each with the function that answers it.

The position is named as players name it (``"Central America=14"``); a command may also
read it from a position file or play it on another map, which the request does not hold
(the web API reads no files): the command passes them to the run function.

>>> request = Plan(attackers="Siam=12", target="Australia",
...                defenders="Indonesia=3,New Guinea=2,Western Australia=2,Eastern Australia=1")
>>> run_plan(request).first_move()["target"]
'Indonesia'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from strategy.engine.errors import InputError
from strategy.engine.fields import param
from strategy.risk.battle import Battle
from strategy.risk.requests.cost import Cost
from strategy.risk.requests.terms import RuleTerms, rules_of

if TYPE_CHECKING:
    from strategy.risk.kernels.geometry import Progress
    from strategy.risk.planning import Position
    from strategy.risk.turns.fortification import Fortification
    from strategy.risk.turns.maps import Map
    from strategy.risk.turns.report import PlanReport

WHERE = "the position"
HOW = "the plan"
SHOWN = "what is shown"


@dataclass(frozen=True, kw_only=True)
class Turn(RuleTerms):
    """Where the armies are, what to take, and how the attacker plans."""

    attackers: str | None = param(
        None, help='the attacker\'s territories and armies, as "Central America=14" '
        "(repeatable)", label="The attacker's territories", metavar="T=N,...", alias="--from",
        repeat=True, group=WHERE,
    )  # fmt: skip
    target: str | None = param(
        None, help='what to take: a continent or territories, as "South America"',
        label="Target", group=WHERE,
    )  # fmt: skip
    region: str | None = param(
        None, help="more territories in play (a path to the target), as the target is",
        label="More territories in play", group=WHERE,
    )  # fmt: skip
    disputed: bool = param(
        True, help="the classic board's New Guinea-Western Australia border (--no-disputed: "
        "without it, as TotalRisk and hacker_risk draw it)", kind="boolean",
        off="--no-disputed", label="Classic board with New Guinea-Western Australia",
        group=WHERE, form=True,
    )  # fmt: skip
    objective: str = param(
        "capture-all", help="capture-all (P(holding the whole target), default), territories "
        "(expected territories taken), value[:BONUS] (BONUS if all held, +1 per territory, -1 "
        "per army lost; BONUS defaults to the continent's), keep:K (hold all with K+ armies on "
        "one)", label="Objective", metavar="OBJ", group=HOW,
    )  # fmt: skip
    move_in: str = param(
        "classic", help="classic: at least the dice of the last roll (1993 rules, default); "
        "any: from 1 (editions without the minimum, e.g. Conquer Club)",
        label="Armies moved in after a capture", choices=("classic", "any"), group=HOW,
        form=True,
    )  # fmt: skip
    exact: bool | None = param(
        None, help="exact Fractions (the default up to 2,000,000 states; --float: floats, the "
        "default beyond)", kind="boolean", off="--float",
        label="Exact fractions", group=HOW,
    )  # fmt: skip
    max_states: int | None = param(
        None, help="refuse plans that may visit more than N states (default 20,000,000 exact, "
        "150,000,000 float)", label="Most states", kind="integer", minimum=1, metavar="N",
        group=HOW,
    )  # fmt: skip
    reinforce: int = param(
        0, help="first place R new armies where the plan does best (the best placement, "
        "compared with all on the strongest stack and all nearest the target)",
        label="New armies the attacker places first", kind="integer", minimum=0, metavar="R",
        group=HOW, form=True,
    )  # fmt: skip
    reinforce_on: str = param(
        "border", help="border: only territories bordering the target (default); any: any of "
        "the attacker's territories in the region", label="Where the new armies may go",
        choices=("border", "any"), group=HOW, form=True,
    )  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class Plan(Turn):
    """The optimal attack phase on the map."""

    defenders: str | None = param(
        None, help='the other territories\' armies, as "Venezuela=2,Brazil=3" (repeatable)',
        label="The defenders' territories", metavar="T=N,...", repeat=True, group=WHERE,
    )  # fmt: skip
    detail: float = param(
        0.02, help="show the plan's lines taken with probability P or more (default 0.02)",
        label="Lines shown down to P", kind="number", metavar="P", group=SHOWN,
    )  # fmt: skip
    compare: bool = param(
        True, help="set the plan beside the fixed chains (--no-compare: skip them)",
        label="Compare with the fixed chains", kind="boolean", off="--no-compare", group=SHOWN,
    )  # fmt: skip
    simulate: int | None = param(
        None, help="check the plan with N random turns", label="Random turns",
        kind="integer", minimum=1, metavar="N", group=SHOWN,
    )  # fmt: skip
    seed: int | None = param(
        None, help="seed of --simulate", label="Seed", kind="integer", minimum=0, metavar="S",
        group=SHOWN,
    )  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class Fortify(Turn):
    """The defender's best placement of its armies before the attacker's turn."""

    defenders: str | None = param(
        None, help='enemy territories whose armies are fixed (not placed), as '
        '"Venezuela=2,Brazil=3" (repeatable)', label="Fixed defenders", metavar="T=N,...",
        repeat=True, group=WHERE,
    )  # fmt: skip
    armies: int = param(
        help="the armies the defender places on its territories of the region, at least one "
        "on each", label="Fortify: armies the defender places", kind="integer", minimum=1,
        metavar="D", group=WHERE, form=True,
    )  # fmt: skip


def position_terms(
    request: Turn, board: Map | None = None, file: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The position as :func:`strategy.risk.planning.position` takes it, on ``board``
    (default: the classic one) with a position ``file``'s JSON under what is given."""
    if board is not None and not request.disputed:
        raise InputError("--no-disputed is for the classic board; edit your map instead")
    if not (request.target or (file or {}).get("target")):
        raise InputError("name what to take with --target (a continent or territories)")
    return {
        "attackers": request.attackers or (),
        "defenders": getattr(request, "defenders", None) or (),
        "target": request.target,
        "region": request.region,
        "map": board,
        "disputed": request.disputed,
        "objective": request.objective,
        "move_in": request.move_in,
        "file": file,
    }


def plan_position(
    request: Plan, board: Map | None = None, file: Mapping[str, Any] | None = None
) -> Position:
    """The turn to plan."""
    from strategy.risk.planning import position

    if not 0 <= request.detail <= 1:
        raise InputError(f"--detail must be a probability from 0 to 1, not {request.detail}")
    terms = position_terms(request, board, file)
    return position(**terms, battle=Battle(rules_of(request)))


def run_plan(
    request: Plan, progress: Progress | None = None, *, where: Position | None = None
) -> PlanReport:
    """The turn's optimal attack phase, on the position ``where`` (the command's, from its
    files) or the one the request names."""
    from strategy.risk.planning import plan

    return plan(
        where or plan_position(request),
        exact=request.exact,
        max_states=request.max_states,
        compare=request.compare,
        simulate=request.simulate,
        seed=request.seed,
        detail=request.detail,
        reinforce=request.reinforce,
        reinforce_on=request.reinforce_on,  # type: ignore[arg-type]
        progress=progress,
    )


def run_fortify(
    request: Fortify,
    progress: Progress | None = None,
    *,
    board: Map | None = None,
    file: Mapping[str, Any] | None = None,
) -> Fortification:
    """The defender's best placement on the position the request names (``defenders``
    fixes some enemy territories' armies), against the attacker's reinforcements and
    optimal plan."""
    from strategy.risk.turns.calls import fortify

    return fortify(
        **position_terms(request, board, file),
        battle=Battle(rules_of(request)),
        armies=request.armies,
        reinforce=request.reinforce,
        reinforce_on=request.reinforce_on,  # type: ignore[arg-type]
        exact=request.exact is not False,
        max_states=request.max_states,
        progress=progress,
    )


def estimate_plan(request: Plan) -> Cost:
    """The planner's own bound on the turn's states, time and memory (with each of the
    placements of its reinforcements)."""
    from strategy.engine.resources import Budget, use_budget
    from strategy.risk.planning import placed_bound
    from strategy.risk.turns.reinforcement import PLAN_SHARE, reinforce_cost
    from strategy.risk.turns.rollouts import SECONDS_PER_TRIAL
    from strategy.risk.turns.solve import check_size, exact_by_default, plan_cost, reach_first

    turn = plan_position(request).turn
    on = request.reinforce_on
    bound = placed_bound(turn, request.reinforce, on)  # type: ignore[arg-type]
    exact = exact_by_default(bound) if request.exact is None else request.exact
    if request.reinforce:
        _, turn, memory, seconds = reinforce_cost(turn, request.reinforce, on=on, exact=exact)  # type: ignore[arg-type]
    else:
        _, bytes_, seconds = plan_cost(turn, exact=exact)
        memory, seconds = int(bytes_), seconds * PLAN_SHARE
    what = "a plan of this turn may visit"
    with use_budget(Budget(seconds=0)):  # only the states: the time is the caller's to judge
        if exact or request.reinforce:
            check_size(turn, exact=exact, max_states=request.max_states)
        elif reach_first(turn, max_states=request.max_states) is not None:
            # Admitted by the states its first pass reaches: the bound's cost stays the most
            # it may take, so a server admits only what it could finish at the bound.
            what = "a plan of this turn finds which states it reaches first, then may visit up to"
    if request.simulate:
        seconds += request.simulate * SECONDS_PER_TRIAL
    return Cost(what, bound, seconds, int(memory))


def estimate_fortify(request: Fortify) -> Cost:
    """The placements the defender may make, each a plan of the attacker's turn."""
    from strategy.risk.turns.calls import fortified, located
    from strategy.risk.turns.fortification import Fortifying

    exact = request.exact is not False
    terms = position_terms(request)
    turn, placed = fortified(
        located(terms),
        objective=terms["objective"],
        move_in=terms["move_in"],
        battle=Battle(rules_of(request)),
    )
    work = Fortifying.of(turn, request.armies, placed, request.reinforce, request.reinforce_on)  # type: ignore[arg-type]
    what, states, memory, seconds = work.cost(exact)
    return Cost(f"{what}: each plan may visit", states, seconds, memory)
