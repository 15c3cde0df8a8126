"""Take South America this turn: the optimal plan on the classic board, and what it gains.

Run from the repository root: ``PYTHONPATH=. python examples/plan_south_america.py``.
docs/how-to/turn-plans.md ("The example") explains every number this prints.
"""

from __future__ import annotations

from strategy.risk.turns import TurnObjective, build_turn, classic_map, parse_armies, plan_turn
from strategy.risk.turns.baselines import compare
from strategy.risk.turns.describe import plan_lines
from strategy.risk.turns.rollouts import simulate_plan

BOARD = classic_map()
DEFENDERS = "Venezuela=2, Brazil=3, Peru=1, Argentina=2"


def show(title: str, attacker: str, defenders: str, objective: str = "capture-all") -> None:
    turn = build_turn(
        BOARD,
        parse_armies(BOARD, attacker),
        parse_armies(BOARD, defenders),
        "South America",
        objective=TurnObjective.parse(objective),
    )
    plan = plan_turn(turn)
    against = compare(plan)
    run = simulate_plan(plan, trials=100_000, seed=2024)
    print(f"== {title}: {attacker} against {defenders} ({objective})")
    print(f"optimal plan          {float(plan.value):.6f}   ({plan.states:,} states, exact)")
    if against.best_chain is not None and against.chain_value is not None:
        path = " > ".join(against.best_chain.names(turn))
        print(f"best fixed chain      {float(against.chain_value):.6f}   {path}")
    print(f"attack everything     {float(against.attack_everything):.6f}")
    inside = "contains" if run.estimate.contains(plan.value) else "MISSES"
    print(
        f"Monte Carlo           {run.estimate.value:.6f}   95% [{run.estimate.low:.6f}, "
        f"{run.estimate.high:.6f}] {inside} the exact value"
    )
    print("\n".join(plan_lines(plan, threshold=0.05)))
    print()


show("One stack", "Central America=14", DEFENDERS)
show("Two stacks", "Central America=8, North Africa=7", DEFENDERS)
show("Armies count", "Central America=10", "Venezuela=1, Brazil=2, Peru=1, Argentina=1", "value:2")
