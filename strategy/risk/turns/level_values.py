"""A float turn plan's values: the level solver's arrays (:mod:`strategy.risk.turns.levels`)
read as a mapping from the states reached.

Each group (:class:`~strategy.risk.turns.groups.Group`) keeps its reached slots, sorted,
and their values; a state's value is found by its group's slot, among those reached.

>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.levels import solve_levels
>>> turn = path_turn(3, (1,))
>>> values = solve_levels(turn)
>>> start, _ = turn.start()
>>> start in values, start._replace(armies=(9, 1)) in values  # 9 armies: never reached
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from strategy.risk.turns.groups import Floats, Group
from strategy.risk.turns.model import Turn, TurnState
from strategy.risk.turns.ranks import Ints


class LevelValues(Mapping[TurnState, float]):
    """The solved values by state: a state's group and slot worked out when asked for;
    only the states reached from the start are in it."""

    def __init__(
        self,
        turn: Turn,
        groups: dict[int, Group],
        values: dict[int, Floats],
        reached: dict[int, Ints],
    ) -> None:
        self.turn, self.groups, self.solved, self.reached = turn, groups, values, reached
        # A plan played forward asks for each state from every state leading to it.
        self.known: dict[TurnState, float] = {}

    def slot(self, state: TurnState) -> int | None:
        """Where ``state`` is among its group's slots reached, or None if it was not."""
        group = self.groups.get(state.owned)
        index = None if group is None else group.slot(state)
        if index is None:
            return None
        reached = self.reached[state.owned]
        found = int(reached.searchsorted(index))
        return found if found < len(reached) and reached.item(found) == index else None

    def __getitem__(self, state: TurnState) -> float:
        found = self.known.get(state)
        if found is None:
            index = self.slot(state)
            if index is None:
                raise KeyError(state)
            found = self.known[state] = float(self.solved[state.owned][index])
        return found

    def __iter__(self) -> Iterator[TurnState]:
        for owned, group in self.groups.items():
            armies, defenders, kept = group.decode(self.reached[owned])
            for row in range(len(kept)):
                state = [0 if owned >> i & 1 else n for i, n in enumerate(self.turn.armies)]
                for j, i in enumerate(group.live):
                    state[i] = int(armies[row, j])
                for j, e in enumerate(group.front):
                    state[e] = int(defenders[row, j])
                yield TurnState(owned, tuple(state), bool(kept[row]))

    def __len__(self) -> int:
        return sum(len(r) for r in self.reached.values())
