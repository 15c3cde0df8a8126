"""Turn planning on a map: the attack phase that takes a continent, optimised move by move.

On a path with one stack nothing is left to choose: the plan is the attack chain.

>>> from strategy.risk.chain import chain_odds
>>> plan_turn(path_turn(10, (3, 2, 1))).value == chain_odds(10, (3, 2, 1)).win_probability
True
"""

from strategy.risk.plan.bounds import PlanBounds, plan_bounds
from strategy.risk.plan.calls import fortify, reinforce
from strategy.risk.plan.fortification import Fortification, fortify_turn
from strategy.risk.plan.induction import Choice
from strategy.risk.plan.maps import Continent, Map, classic_map, load_map, map_from_json
from strategy.risk.plan.model import Turn, TurnState
from strategy.risk.plan.objectives import TurnObjective
from strategy.risk.plan.position import build_turn, parse_armies, path_turn
from strategy.risk.plan.reinforcement import Reinforcement, best_reinforcement
from strategy.risk.plan.solve import TurnPlan, plan_turn

__all__ = [
    "Choice",
    "Continent",
    "Fortification",
    "Map",
    "PlanBounds",
    "Reinforcement",
    "Turn",
    "TurnObjective",
    "TurnPlan",
    "TurnState",
    "best_reinforcement",
    "build_turn",
    "classic_map",
    "fortify",
    "fortify_turn",
    "load_map",
    "map_from_json",
    "parse_armies",
    "path_turn",
    "plan_bounds",
    "plan_turn",
    "reinforce",
]
