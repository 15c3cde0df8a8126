"""Turn planning on a map: the attack phase that takes a continent, optimised move by move.

On a path with one stack nothing is left to choose: the plan is the attack chain.

>>> from strategy.risk.paths import chain_odds
>>> plan_turn(path_turn(10, (3, 2, 1))).value == chain_odds(10, (3, 2, 1)).win_probability
True
"""

from strategy.risk.turns.bounds import PlanBounds, plan_bounds
from strategy.risk.turns.building import build_turn, parse_armies, path_turn
from strategy.risk.turns.calls import fortify, reinforce
from strategy.risk.turns.fortification import Fortification, fortify_turn
from strategy.risk.turns.induction import Choice
from strategy.risk.turns.maps import Continent, Map, classic_map, load_map, map_from_json
from strategy.risk.turns.model import Turn, TurnState
from strategy.risk.turns.objectives import TurnObjective
from strategy.risk.turns.reinforcement import Reinforcement, Searching, best_reinforcement
from strategy.risk.turns.solve import TurnPlan, plan_turn

__all__ = [
    "Choice",
    "Continent",
    "Fortification",
    "Map",
    "PlanBounds",
    "Reinforcement",
    "Searching",
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
