"""The plans players use today, to compare the optimal plan with.

* A **fixed chain** (sipolac/risk, smacke/risk-solver, ``strategy risk chain``): one stack
  takes a path of territories in a fixed order, each attacked from the one taken before
  it, never stopping, moving in every army that may move. The best chain is the best over
  every path from every territory of the attacker's.
* **Attack everything, move everything in**: always attack from the territory with the most
  armies, the bordering target territory with the fewest defenders first (then other
  enemy territories), never stop, move in every army that may move.

Both are :class:`~strategy.risk.turns.solve.Restriction` values with one move per state, so
:func:`~strategy.risk.turns.solve.plan_turn` evaluates them exactly.

>>> from strategy.risk.paths import chain_odds
>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.solve import plan_turn
>>> turn = path_turn(6, (2, 1))
>>> plan_turn(turn, restriction=Chain(0, (1, 2))).value == chain_odds(6, (2, 1)).win_probability
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from strategy.risk.turns.model import Turn, TurnState
from strategy.risk.turns.solve import TurnPlan, Value, plan_turn

#: Chains compared at most; a region with more simple paths is compared on the first ones.
MAX_CHAINS = 2000


@dataclass(frozen=True)
class Chain:
    """Blitz along ``path`` (region indices) starting from ``origin``."""

    origin: int
    path: tuple[int, ...]

    def attacks(
        self, turn: Turn, state: TurnState, legal: tuple[tuple[int, int], ...]
    ) -> Sequence[tuple[int, int]]:
        """The next territory of the path, from the one before it, if that may attack."""
        for i, target in enumerate(self.path):
            if not state.owned >> target & 1:
                attack = (self.path[i - 1] if i else self.origin, target)
                return (attack,) if attack in legal else ()
        return ()

    def may_stop(self, turn: Turn, state: TurnState) -> bool:
        """Never: a chain fights to the end."""
        return False

    def move_ins(self, turn: Turn, state: TurnState, legal: range) -> Sequence[int]:
        """Every army that may move."""
        return legal[-1:]

    def names(self, turn: Turn) -> tuple[str, ...]:
        """The origin and the path, by name."""
        return tuple(turn.names[i] for i in (self.origin, *self.path))


class AttackEverything:
    """The most armies attack the weakest bordering target; never stop; move all in."""

    def attacks(
        self, turn: Turn, state: TurnState, legal: tuple[tuple[int, int], ...]
    ) -> Sequence[tuple[int, int]]:
        """One attack, as the docstring of the module says."""
        if not legal:
            return ()
        armies = state.armies
        return (
            max(
                legal,
                key=lambda st: (armies[st[0]], turn.target >> st[1] & 1, -armies[st[1]]),
            ),
        )

    def may_stop(self, turn: Turn, state: TurnState) -> bool:
        """Never."""
        return False

    def move_ins(self, turn: Turn, state: TurnState, legal: range) -> Sequence[int]:
        """Every army that may move."""
        return legal[-1:]


def chains(turn: Turn) -> list[Chain]:
    """Every fixed chain worth comparing: the simple paths through enemy territories from
    each territory of the attacker's that may attack; for the objectives where stopping
    early cannot pay, only paths that cannot be made longer.

    >>> from strategy.risk.turns.building import path_turn
    >>> chains(path_turn(5, (1, 1)))
    [Chain(origin=0, path=(1, 2))]
    """
    prefixes = turn.objective.counts_armies
    start, _ = turn.start()
    found: list[Chain] = []
    for origin in range(turn.size):
        if not start.armies[origin] or not turn.attacker >> origin & 1:
            continue
        stack: list[tuple[int, ...]] = [
            (t,) for t in turn.neighbours[origin] if not turn.attacker >> t & 1
        ]
        while stack and len(found) < MAX_CHAINS:
            path = stack.pop()
            longer = [
                (*path, t)
                for t in turn.neighbours[path[-1]]
                if not turn.attacker >> t & 1 and t not in path
            ]
            if prefixes or not longer:
                found.append(Chain(origin, path))
            stack.extend(reversed(longer))
    return found


@dataclass(frozen=True)
class Comparison:
    """The optimal value next to the best fixed chain's and attack-everything's."""

    optimal: Value
    best_chain: Chain | None
    chain_value: Value | None
    chains: int
    attack_everything: Value


def compare(plan: TurnPlan) -> Comparison:
    """Evaluate the baselines of ``plan``'s turn, exactly when the plan is exact."""
    turn, exact = plan.turn, plan.exact
    best: tuple[Value, Chain] | None = None
    candidates = chains(turn)
    for chain in candidates:
        value = plan_turn(turn, exact=exact, restriction=chain).value
        if best is None or value > best[0]:
            best = (value, chain)
    everything = plan_turn(turn, exact=exact, restriction=AttackEverything()).value
    return Comparison(
        plan.value,
        best[1] if best else None,
        best[0] if best else None,
        len(candidates),
        everything,
    )
