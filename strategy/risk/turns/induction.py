"""The pieces every induction over a turn's states shares: what the attacker chooses at a
state (:class:`Choice`), which moves a plan may use (:class:`Restriction`), and one solve's
arithmetic, exact or float, in one code path (:class:`Induction`).

The general induction (:func:`~strategy.risk.turns.solve.plan_turn`) evaluates a state with
:meth:`Induction.evaluate`; exact plans (:mod:`strategy.risk.turns.exact`) keep its whole
numbers over powers of ``T`` and choose by its rule (:meth:`Induction.best`), and float
plans read their choices back through it (:class:`Policy`), so their numbers and choices
agree; a new solver takes the same pieces from here.

>>> from strategy.risk.turns.building import path_turn
>>> turn = path_turn(3, (1,))
>>> start, _ = turn.start()
>>> induction = Induction(turn, EveryMove(), True, turn.key(start))
>>> stop, options = induction.expand(start)
>>> [attack for attack, _, _ in options], stop is None
([(0, 1)], False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from strategy.risk.turns.model import Turn, TurnState

#: Float moves within this fraction of the largest payoff count as tied with the best.
TIE_TOLERANCE = 1e-12


@dataclass(frozen=True)
class Choice:
    """What the attacker does at a state: roll from ``attack = (source, target)``, or stop
    (``attack`` is None); ``move_in`` armies move in if that roll takes the territory.
    ``ties`` are the other attacks exactly as good (within float round-off).

    >>> best = Choice((0, 1), 3, ties=(Choice((0, 2), 3),))
    >>> best.following((0, 2)).attack, best.following((5, 6)).attack
    ((0, 2), (0, 1))
    """

    attack: tuple[int, int] | None = None
    move_in: int | None = None
    ties: tuple[Choice, ...] = ()

    def following(self, previous: tuple[int, int] | None) -> Choice:
        """This choice, or the tied one that goes on with the attack just rolled, so that
        a plan breaks off a battle only when going on is worse."""
        if previous is not None and previous != self.attack:
            for other in self.ties:
                if other.attack == previous:
                    return other
        return self


STOP = Choice()


class Restriction(Protocol):
    """The moves a plan may use, out of those the rules allow."""

    def attacks(
        self, turn: Turn, state: TurnState, legal: tuple[tuple[int, int], ...]
    ) -> Sequence[tuple[int, int]]:
        """The attacks allowed at ``state``."""
        ...

    def may_stop(self, turn: Turn, state: TurnState) -> bool:
        """Whether the attacker may stop at ``state`` while it could still attack."""
        ...

    def move_ins(self, turn: Turn, state: TurnState, legal: range) -> Sequence[int]:
        """The armies that may move in after a capture from ``state``."""
        ...


class EveryMove:
    """No restriction: the optimal plan."""

    def attacks(
        self, turn: Turn, state: TurnState, legal: tuple[tuple[int, int], ...]
    ) -> Sequence[tuple[int, int]]:
        """Every legal attack."""
        return legal

    def may_stop(self, turn: Turn, state: TurnState) -> bool:
        """Always."""
        return True

    def move_ins(self, turn: Turn, state: TurnState, legal: range) -> Sequence[int]:
        """Every legal number."""
        return legal


# One option: the attack; the rolls that do not capture as (probability, scaled reward,
# state, scale of the state's value); and the capture as (probability, [(armies moved,
# scaled reward, state, scale), ...]) if a roll can.
Landing = tuple[Any, Any, TurnState, Any]
Option = tuple[tuple[int, int], list[Landing], tuple[Any, list[Landing]] | None]


class Induction:
    """One solve's arithmetic, exact or float, in one code path.

    Exact values are whole numbers over a power of ``T``, the number of equally likely
    throws of all the dice (6**5 in the classic game), so no Fraction is made during the
    induction: a state with ``k`` armies in play holds the numerator of its value over
    ``T**k``. Each roll removes an army, so a successor's power is lower, and every
    probability is a whole number over ``T``. Floats take the same path with every power 1.
    """

    def __init__(self, turn: Turn, moves: Restriction, exact: bool, top: int) -> None:
        self.turn, self.moves, self.exact = turn, moves, exact
        rules = turn.rules
        throws = (
            rules.attacker_sides**rules.attacker_dice * rules.defender_sides**rules.defender_dice
        )
        self.throws = throws if exact else 1.0
        self.powers: list[Any] = [throws**k for k in range(top + 1)] if exact else [1.0] * (top + 1)
        # Exact values tie only when equal; floats within round-off of the largest payoff.
        objective = turn.objective
        largest = (
            1 if objective.is_probability else turn.initial_armies + objective.amount + turn.size
        )
        self.tie: Any = 0 if exact else TIE_TOLERANCE * largest
        self.values: dict[TurnState, Any] = {}
        self.policy: dict[TurnState, Choice] = {}
        self.rolls: dict[tuple[int, int], tuple[tuple[int, int, Any], ...]] = {}

    def roll(self, state: TurnState, source: int, target: int) -> tuple[tuple[int, int, Any], ...]:
        """One roll's (losses, losses, probability), the probability over ``T`` if exact."""
        return self.roll_armies(state.armies[source], state.armies[target])

    def roll_armies(self, attacking: int, defending: int) -> tuple[tuple[int, int, Any], ...]:
        """:meth:`roll` for ``attacking`` armies against ``defending`` ones."""
        key = attacking, defending
        found = self.rolls.get(key)
        if found is None:
            steps = self.turn.roll_steps(attacking, defending)
            if self.exact:
                throws = self.throws
                found = tuple((a, d, int(p * throws)) for a, d, p in steps)
            else:
                found = tuple((a, d, float(p)) for a, d, p in steps)
            self.rolls[key] = found
        return found

    def expand(self, state: TurnState) -> tuple[Any, list[Option]]:
        """The scaled payoff of stopping (None if not allowed) and each attack's options."""
        turn, moves, powers = self.turn, self.moves, self.powers
        below = turn.key(state) - 1
        options: list[Option] = []
        for source, target in moves.attacks(turn, state, turn.attacks(state)):
            normal: list[Landing] = []
            capture = None
            for lost, killed, p in self.roll(state, source, target):
                if killed == state.armies[target]:
                    allowed = moves.move_ins(turn, state, turn.move_ins(state, source))
                    landed = [
                        (m, r * powers[below], c, powers[below - turn.key(c)])
                        for m, (c, r) in zip(
                            allowed, turn.landings(state, source, target, allowed), strict=True
                        )
                    ]
                    capture = (p, landed)
                else:
                    child, reward = turn.after_roll(state, source, target, lost, killed)
                    normal.append(
                        (p, reward * powers[below], child, powers[below - turn.key(child)])
                    )
            options.append(((source, target), normal, capture))
        stop = None
        if not options or moves.may_stop(turn, state):
            stop = turn.payoff(state) * powers[below + 1]
        return stop, options

    @staticmethod
    def children(options: list[Option]) -> list[TurnState]:
        """The states the options of a state lead to."""
        found = []
        for _, normal, capture in options:
            found += [child for _, _, child, _ in normal]
            if capture is not None:
                found += [child for _, _, child, _ in capture[1]]
        return found

    def evaluate(self, stop: Any, options: list[Option]) -> tuple[Any, Choice]:
        """The best value at a state and the choice that gets it (:meth:`best`), from the
        values of its successors in ``values``."""
        values, tie = self.values, self.tie
        scored: list[tuple[Any, Choice]] = []
        for attack, normal, capture in options:
            value: Any = sum([p * (r + values[c] * scale) for p, r, c, scale in normal])
            moved = None
            if capture is not None:
                gain: Any = None
                for m, r, c, scale in reversed(capture[1]):  # ties: move the most in
                    here = r + values[c] * scale
                    if gain is None or here > gain + tie:
                        gain, moved = here, m
                value += capture[0] * gain
            scored.append((value, Choice(attack, moved)))
        return self.best(stop, scored)

    def best(self, stop: Any, scored: list[tuple[Any, Choice]]) -> tuple[Any, Choice]:
        """The best of stopping (``stop``, None if not allowed) and the ``scored`` attacks,
        in order: ties to stopping, then to the first attack, with the other attacks tied
        with it noted. An attack left out of ``scored`` changes nothing if it is worse
        than the best one (beyond the tie tolerance).

        >>> from strategy.risk.turns.building import path_turn
        >>> induction = Induction(path_turn(3, (1,)), EveryMove(), True, 4)
        >>> scored = [(1, Choice((0, 1))), (3, Choice((0, 2))), (3, Choice((1, 2)))]
        >>> value, choice = induction.best(2, scored)
        >>> value, choice.attack, [tie.attack for tie in choice.ties]
        (3, (0, 2), [(1, 2)])
        """
        tie = self.tie
        best_value, best = stop, STOP
        for value, choice in scored:
            if best_value is None or value > best_value + tie:
                best_value, best = value, choice
        assert best_value is not None  # a state with no option may always stop
        if best.attack is not None:
            ties = tuple(c for v, c in scored if c is not best and not best_value > v + tie)
            if ties:
                best = replace(best, ties=ties)
        return best_value, best

    def choice(self, solved: Mapping[TurnState, Any], state: TurnState) -> Choice:
        """The choice at ``state`` from the ``solved`` values of every state (KeyError if
        ``state`` is not among them), as :meth:`evaluate` makes it."""
        if state not in solved:
            raise KeyError(state)
        stop, options = self.expand(state)
        self.values = {c: solved[c] for c in self.children(options)}
        return self.evaluate(stop, options)[1]


class Policy(Mapping[TurnState, Choice]):
    """The choice at each of the ``solved`` states, worked out when first asked for by
    ``choose`` (which raises KeyError for any other state) and kept.

    >>> from strategy.risk.turns.building import path_turn
    >>> turn = path_turn(3, (1,))
    >>> start, _ = turn.start()
    >>> policy = Policy(lambda state: STOP, {start: 0})
    >>> policy[start] is STOP, len(policy)
    (True, 1)
    """

    def __init__(
        self, choose: Callable[[TurnState], Choice], solved: Mapping[TurnState, Any]
    ) -> None:
        self.choose, self.solved = choose, solved
        self.known: dict[TurnState, Choice] = {}

    def __getitem__(self, state: TurnState) -> Choice:
        found = self.known.get(state)
        if found is None:
            found = self.known[state] = self.choose(state)
        return found

    def __iter__(self) -> Iterator[TurnState]:
        return iter(self.solved)

    def __len__(self) -> int:
        return len(self.solved)
