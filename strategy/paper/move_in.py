"""The optimal move-in after a capture, read off solved turn plans.

At every state of a solved plan where the plan's attack can capture and more than one
number of armies may move in, the capture is classed by what the armies can still do:

* ``source done``: the territory attacked from borders no untaken territory that the one
  just taken does not border; the rule says move everything in.
* ``dead end``: the territory just taken borders no untaken territory; the rule says move
  in the fewest allowed.
* ``split``: each borders an untaken territory the other does not; the armies must be
  shared, and where what is left on each side is a separate chain of territories, the
  best share is the one that maximises the product of the two chains' chances.
* ``over``: neither borders an untaken territory; what moves no longer matters.

>>> from strategy.risk.turns import path_turn, plan_turn
>>> census = move_in_census(plan_turn(path_turn(6, (1, 1))))
>>> census.states["source done"], census.rule_optimal["source done"]
(2, 2)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from strategy.risk.paths import chain_odds
from strategy.risk.turns.model import Turn, TurnState
from strategy.risk.turns.solve import TurnPlan

CLASSES = ("source done", "dead end", "split", "over")


@dataclass(frozen=True)
class Census:
    """Counts over a plan's capturing states: ``states[c]`` met of each class ``c``,
    ``rule_optimal[c]`` where the class's rule is among the best move-ins and
    ``only_optimal[c]`` where it is the only best; for splits, ``split_all_in`` and
    ``split_fewest`` where moving all or the fewest is among the best, ``chains`` how many
    leave two separate chains and ``chains_agree`` how many of those the product of the
    chains' chances decides exactly (the same best move-ins)."""

    states: Counter[str]
    rule_optimal: Counter[str]
    only_optimal: Counter[str]
    split_all_in: int
    split_fewest: int
    chains: int
    chains_agree: int


def untaken_neighbours(turn: Turn, owned: int, territory: int) -> set[int]:
    """The territories next to ``territory`` that the attacker does not hold."""
    return {n for n in turn.neighbours[territory] if not owned >> n & 1}


def capture_class(turn: Turn, state: TurnState, source: int, target: int) -> str:
    """What the armies on each side of the capture can still do (see the module)."""
    owned = state.owned | 1 << target
    behind = untaken_neighbours(turn, owned, source)
    ahead = untaken_neighbours(turn, owned, target)
    if not behind and not ahead:
        return "over"
    if behind <= ahead:
        return "source done"
    if not ahead:
        return "dead end"
    return "split"


def move_in_census(plan: TurnPlan) -> Census:
    """Check each class's rule at every capturing state of ``plan`` (all states solved,
    not only those the plan reaches, so imposing the rules provably loses nothing where
    they are optimal everywhere)."""
    turn = plan.turn
    states: Counter[str] = Counter()
    optimal: Counter[str] = Counter()
    only: Counter[str] = Counter()
    splits: Counter[str] = Counter()
    for state, choice in plan.policy.items():
        if choice.attack is None or choice.move_in is None:
            continue
        source, target = choice.attack
        legal = turn.move_ins(state, source)
        if len(legal) < 2:
            continue
        values = [
            reward + plan.values[child]
            for child, reward in turn.landings(state, source, target, legal)
        ]
        best = max(values)
        kind = capture_class(turn, state, source, target)
        states[kind] += 1
        if kind == "split":
            splits["all in"] += values[-1] == best
            splits["fewest"] += values[0] == best
            paths = separate_chains(turn, state, source, target)
            if paths is not None:
                splits["chains"] += 1
                products = _products(turn, state.armies[source], legal, *paths)
                splits["agree"] += [p == max(products) for p in products] == [
                    v == best for v in values
                ]
            continue
        pick = 0 if kind == "dead end" else len(legal) - 1
        if values[pick] == best:
            optimal[kind] += 1
            only[kind] += values.count(best) == 1
    return Census(
        states,
        optimal,
        only,
        splits["all in"],
        splits["fewest"],
        splits["chains"],
        splits["agree"],
    )


def _products(
    turn: Turn, armies: int, legal: range, behind: tuple[int, ...], ahead: tuple[int, ...]
) -> list[Fraction]:
    """For each move-in, P(the armies left take the chain behind) x P(those moved take
    the chain ahead): the two stacks never meet again, so the chances multiply."""
    return [_chain(turn, armies - moved, behind) * _chain(turn, moved, ahead) for moved in legal]


def _chain(turn: Turn, armies: int, defenders: tuple[int, ...]) -> Fraction:
    """P(one stack of ``armies`` takes the path ``defenders``), 1 for an empty path."""
    if not defenders:
        return Fraction(1)
    if armies <= turn.rules.stay_behind:
        return Fraction(0)
    return Fraction(chain_odds(armies, defenders, turn.rules).win_probability)


def separate_chains(
    turn: Turn, state: TurnState, source: int, target: int
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The defenders left behind the source and ahead of the target when each side's
    untaken territories form a path of its own that no other army can reach; else None."""
    owned = state.owned | 1 << target
    paths = []
    for side in (source, target):
        path: list[int] = []
        here, seen = side, {side}
        while True:
            step = untaken_neighbours(turn, owned, here) - seen
            if len(step) > 1:
                return None
            if not step:
                break
            (here,) = step
            path.append(here)
            seen.add(here)
        paths.append(path)
    behind, ahead = paths
    if set(behind) & set(ahead):
        return None
    for path, side in ((behind, source), (ahead, target)):
        for i, place in enumerate(path):
            # A chain: each territory borders only the ones before and after it, and no
            # army of the attacker's but the side's own.
            allowed = {side if i == 0 else path[i - 1], *path[i + 1 : i + 2]}
            near = set(turn.neighbours[place])
            if {n for n in near if not owned >> n & 1} - allowed:
                return None
            if any(n not in allowed and state.armies[n] for n in near if owned >> n & 1):
                return None
    return tuple(state.armies[i] for i in behind), tuple(state.armies[i] for i in ahead)
