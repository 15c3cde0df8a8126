"""One attack phase as states and moves: the model every planner and simulator shares.

A :class:`Turn` is the region of the map in play, who holds what at the start, the target
and the rules. Between rolls the attacker decides: stop, or roll once from one of its
territories against a bordering enemy one (both sides roll the most dice they may). A roll
that empties the defender's territory captures it, and the attacker then chooses how many
armies move in: under ``classic`` rules at least the dice of that roll (which never costs
the attacker an army, so the minimum is always possible) and at most all but the armies
that must stay behind; under ``any`` rules from 1. Deciding roll by roll is what makes a
plan optimal: the attacker may break off a battle, switch to another target, or stop.

A :class:`TurnState` keeps only what the future depends on. Armies never move except into
a territory just taken, and ownership only grows, so a territory of the attacker's that
borders no enemy territory, or holds no army that may attack, can never act again: its
armies are dropped from the state (``0``). What they are worth is settled when they drop:
``value`` banks them as armies not lost (the *reward* of the move), ``keep:K`` remembers in
``kept`` whether they were ``K`` or more. So states that differ only in armies that can
no longer act are one state, which is what keeps a continent's plan small.

>>> from strategy.risk.turns.building import path_turn
>>> turn = path_turn(4, (1, 1))  # origin with 4, then two territories of 1 in a row
>>> state, reward = turn.start()
>>> state, turn.attacks(state)
(TurnState(owned=1, armies=(4, 1, 1), kept=False), ((0, 1),))
>>> turn.move_ins(state, 0)
range(3, 4)
>>> turn.after_move_in(state, 0, 1, 3)  # the origin is done: its one army drops out
(TurnState(owned=3, armies=(0, 3, 1), kept=False), 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Literal, NamedTuple

from strategy.engine.errors import InputError
from strategy.risk.dice import rules_roll
from strategy.risk.rules import DEFAULT_RULES, Rules
from strategy.risk.turns.objectives import CAPTURE_ALL, TurnObjective

MoveIn = Literal["classic", "any"]
Step = tuple[int, int, Fraction]
# States are made by the hundred thousand: tuple.__new__ skips the named tuple's Python __new__.
_state = tuple.__new__


class TurnState(NamedTuple):
    """The moment between two rolls.

    ``owned`` has bit ``i`` set when region territory ``i`` is the attacker's; ``armies[i]``
    is the defenders on an enemy territory, the armies on a territory of the attacker's that
    may still attack, and 0 on the attacker's other territories. ``kept`` is ``keep:K``'s
    memory of a dropped territory with ``K`` or more armies.
    """

    owned: int
    armies: tuple[int, ...]
    kept: bool = False


@dataclass(frozen=True)
class Turn:
    """The attack phase to plan.

    ``names`` are the region's territories and ``neighbours`` their borders inside the
    region (indices); ``armies`` and ``attacker`` (a bit mask) the position at the start;
    ``target`` the territories to take (a bit mask), called ``target_name`` in text.
    """

    names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    armies: tuple[int, ...]
    attacker: int
    target: int
    target_name: str
    objective: TurnObjective = CAPTURE_ALL
    rules: Rules = DEFAULT_RULES
    move_in: MoveIn = "classic"

    def __post_init__(self) -> None:
        if self.rules.count != "territory":
            raise InputError("turn plans count every army on the map: use --count territory")

    @property
    def size(self) -> int:
        """Territories in the region."""
        return len(self.names)

    @property
    def initial_armies(self) -> int:
        """The attacker's armies in the region at the start."""
        return sum(a for i, a in enumerate(self.armies) if self.attacker >> i & 1)

    @cached_property
    def _rolls(self) -> dict[tuple[int, int], tuple[Step, ...]]:
        """The roll distributions met so far, by the dice rolled."""
        return {}

    @cached_property
    def _near(self) -> tuple[int, ...]:
        """Each territory's neighbours as a bit mask."""
        return tuple(sum(1 << n for n in near) for near in self.neighbours)

    def start(self) -> tuple[TurnState, int]:
        """The first state, and the reward for the armies that can never attack."""
        armies = list(self.armies)
        kept, reward = self._settle(self.attacker, armies, range(self.size), False)
        return _state(TurnState, (self.attacker, tuple(armies), kept)), reward

    def attacks(self, state: TurnState) -> tuple[tuple[int, int], ...]:
        """Every ``(source, target)`` the attacker may roll from, in region order."""
        owned, armies = state.owned, state.armies
        return tuple(
            (s, t)
            for s in range(self.size)
            if armies[s] and owned >> s & 1
            for t in self.neighbours[s]
            if not owned >> t & 1
        )

    def steps(self, state: TurnState, source: int, target: int) -> tuple[Step, ...]:
        """``(attacker losses, defender losses, probability)`` of one roll, both sides
        rolling the most dice they may."""
        return self.roll_steps(state.armies[source], state.armies[target])

    def roll_steps(self, attacking: int, defending: int) -> tuple[Step, ...]:
        """:meth:`steps` for ``attacking`` armies against ``defending`` ones."""
        rules = self.rules
        dice = (rules.attacker_dice_for(attacking), rules.defender_dice_for(defending))
        found = self._rolls.get(dice)
        if found is None:
            found = self._rolls[dice] = rules_roll(rules, *dice).probabilities()
        return found

    def dice(self, state: TurnState, source: int) -> int:
        """The dice the attacker rolls from ``source``."""
        return self.rules.attacker_dice_for(state.armies[source])

    def after_roll(
        self, state: TurnState, source: int, target: int, lost: int, killed: int
    ) -> tuple[TurnState, int]:
        """The state after a roll that did not capture, and its reward."""
        armies = list(state.armies)
        armies[source] -= lost
        armies[target] -= killed
        kept, reward = self._settle(state.owned, armies, (source,), state.kept)
        return _state(TurnState, (state.owned, tuple(armies), kept)), reward

    def move_ins(self, state: TurnState, source: int) -> range:
        """How many armies may move into a territory just taken from ``source``."""
        armies = state.armies[source]
        low = 1 if self.move_in == "any" else self.dice(state, source)
        return range(low, armies - self.rules.stay_behind + 1)

    def after_move_in(
        self, state: TurnState, source: int, target: int, moved: int
    ) -> tuple[TurnState, int]:
        """The state after taking ``target`` from ``source`` (rolling from ``state``) and
        moving ``moved`` armies in, and its reward."""
        [(child, reward)] = self.landings(state, source, target, (moved,))
        return child, reward

    def landings(
        self, state: TurnState, source: int, target: int, moves: Iterable[int]
    ) -> list[tuple[TurnState, int]]:
        """:meth:`after_move_in` for several numbers of armies at once."""
        owned = state.owned | 1 << target
        armies = list(state.armies)
        armies[target] = 0
        others = self._near[target] & owned & ~(1 << source)
        # The other territories next to the one taken lose an enemy neighbour whatever moves.
        kept, reward = self._settle(owned, armies, _bits(others), state.kept)
        # Only the source and the target depend on the armies moved: whether each still
        # borders an enemy is known before the loop, which is the hot one of the induction.
        stay, objective, enemies = self.rules.stay_behind, self.objective, ~owned
        source_free = bool(self._near[source] & enemies)
        target_free = bool(self._near[target] & enemies)
        total = state.armies[source]
        found = []
        for moved in moves:
            left = total - moved
            also, more = kept, reward
            if left and not (source_free and left > stay):
                also = also or objective.keeps(left)
                more += left if objective.counts_armies else 0
                left = 0
            if not (target_free and moved > stay):
                also = also or objective.keeps(moved)
                more += moved if objective.counts_armies else 0
                armies[target] = 0
            else:
                armies[target] = moved
            armies[source] = left
            found.append((_state(TurnState, (owned, tuple(armies), also)), more))
        return found

    def payoff(self, state: TurnState) -> int:
        """The objective's payoff if the turn ends here (banked rewards not included)."""
        taken = bin(state.owned & ~self.attacker & self.target).count("1")
        live = [a for i, a in enumerate(state.armies) if state.owned >> i & 1]
        return self.objective.payoff(
            held_all=state.owned & self.target == self.target,
            taken=taken,
            armies=live,
            kept=state.kept,
            lost=self.initial_armies - sum(live),
        )

    def _settle(
        self, owned: int, armies: list[int], touched: Iterable[int], kept: bool
    ) -> tuple[bool, int]:
        """Drop (in place) the attacker's territories in ``touched`` that can no longer
        attack; what ``keep`` remembers, and the reward."""
        reward = 0
        stay = self.rules.stay_behind
        near = self._near
        for i in touched:
            if not armies[i] or not owned >> i & 1:
                continue
            if armies[i] > stay and near[i] & ~owned:
                continue
            kept = kept or self.objective.keeps(armies[i])
            if self.objective.counts_armies:
                reward += armies[i]
            armies[i] = 0
        return kept, reward

    @staticmethod
    def key(state: TurnState) -> int:
        """A number every move lowers: the armies in play (a capture removes the defenders)."""
        return sum(state.armies)


def _bits(mask: int) -> Iterable[int]:
    """The indices of the bits set in ``mask``."""
    index = 0
    while mask:
        if mask & 1:
            yield index
        mask >>= 1
        index += 1
