"""Independent fronts: when a capture-all turn splits into battles that cannot meet.

Armies move only from a territory that attacks into the territory it takes, so two
stacks of the attacker interact only through enemy territories. Join each enemy territory
to its enemy neighbours and to the attacker's territories that may still attack it: the
groups this makes are *fronts*. No move ever joins two fronts (a territory taken belonged
to one front, and its enemy neighbours are in the same one), and the dice of one front
never touch another's armies.

Under ``capture-all`` the payoff is 1 exactly when every front's target territories are
held, so the value of a state is the product of its fronts' values, each front solved
alone as the state in which the other fronts' enemy territories count as taken and their
stacks as gone. Proof, by induction on the armies in play, of ``V(s) = V1(s1) V2(s2)`` for
two fronts (more by induction on their number): stopping pays ``1[s1 held] 1[s2 held]``,
which is at most ``V1 V2``; a move in front 1 gives ``E[V1(s1') V2(s2)] = V2(s2) E[V1(s1')]
<= V2 V1``; and playing each front's own optimal plan one front after the other reaches
``V1 V2``. So a state with several fronts need not be expanded, and states that differ only
in another front share their fronts' values: the states of a continent add across fronts
instead of multiplying.

>>> from strategy.risk.turns.building import path_turn
>>> fronts = Fronts(path_turn(4, (1, 1)))
>>> fronts.split(0b001, 0b001) is None  # one stack, one front
True
>>> fronts = Fronts(Turn(("A", "B", "C"), ((1,), (0, 2), (1,)), (1, 3, 1), 0b010, 0b101, "both"))
>>> fronts.split(0b010, 0b010)  # B attacks A and C: one front through B
>>> fronts.split(0b010, 0)  # B cannot attack any more: A and C are two fronts
((4, 1), (1, 4))
"""

from __future__ import annotations

from strategy.risk.turns.model import Turn

# A front as (the other fronts' enemy territories, which count as taken; the territories
# whose armies are kept, that is, the front's own).
Part = tuple[int, int]


class Fronts:
    """The fronts of a turn's states, worked out once per set of territories held and set
    of territories that may attack. Only ``capture-all`` turns split (:attr:`applies`)."""

    def __init__(self, turn: Turn) -> None:
        self.size = turn.size
        self.near = tuple(sum(1 << n for n in ns) for ns in turn.neighbours)
        self.applies = turn.objective.kind == "capture-all"
        self.known: dict[tuple[int, int], tuple[Part, ...] | None] = {}

    def split(self, owned: int, live: int) -> tuple[Part, ...] | None:
        """The fronts when ``owned`` is held and ``live`` may attack, or None for one."""
        key = owned, live
        if key in self.known:
            return self.known[key]
        enemies = (1 << self.size) - 1 & ~owned
        left, groups = enemies, []
        while left:
            group = frontier = left & -left
            while frontier:
                grown = 0
                for i in _bits(frontier):
                    # Enemies join enemies and the stacks next to them; stacks join only enemies.
                    grown |= (
                        self.near[i] & (enemies | live)
                        if enemies >> i & 1
                        else self.near[i] & enemies
                    )
                frontier = grown & ~group
                group |= frontier
            groups.append(group)
            left &= ~group
        found = None
        if len(groups) > 1:
            found = tuple((enemies & ~group, group) for group in groups)
        self.known[key] = found
        return found


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]
