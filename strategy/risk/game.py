"""The Risk battle as a :class:`~strategy.engine.game.Game`: every choice and every roll a state.

A round goes through phases. At ``attack`` the attacker (the maximiser) stops
or fights; how the dice are then chosen and rolled follows the timing rule:

* ``max``: the attacker's fight move is the most dice; both sides' dice are rolled (``roll``);
* ``respond``: the attacker picks ``k`` dice, the defender (``defend``) picks ``j`` knowing ``k``;
* ``announce``: the attacker fights (``ATTACK``), then both pick at once (``announce``);
* ``sees-roll``: the attacker picks ``k`` and rolls (``attacker-roll``: the sorted top
  dice the defender could pair against); the defender sees them and picks ``j``;
  the defender's dice are rolled.

The solver's value at the start is the objective's expectation under optimal
play, the same number :func:`strategy.risk.optimal.optimal_table` computes;
``balance`` counts from the game's start.

>>> from strategy.engine.solve import solve
>>> game = BattleGame(3, 1)
>>> solve(game).value  # seed 003: Pr(3,1) = 15/36 * 91/216 + 125/216
Fraction(1955, 2592)
>>> game.legal_actions(game.initial_state())
(2, 'stop')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Literal, NamedTuple, cast

from strategy.engine.game import NodeKind
from strategy.engine.registry import Parameter, register_game
from strategy.risk.battle import Battle
from strategy.risk.choices import CHOICE_RULES, ChoiceRule, choice_rule
from strategy.risk.dice import Roll, roll_outcomes, top_outcomes
from strategy.risk.objectives import CAPTURE, Objective
from strategy.risk.plays import ATTACK, STOP
from strategy.risk.rules import DEFAULT_RULES, Rules

Phase = Literal["attack", "stopped", "announce", "defend", "attacker-roll", "roll"]

_Outcomes = tuple[tuple[Hashable, Fraction], ...]
#: ``(phase, attacker dice, defender dice or dice kept, roll seen)``.
_OutcomesKey = tuple[str, int, int, Roll]
_state = tuple.__new__

_KINDS: dict[Phase, NodeKind] = {
    "stopped": NodeKind.TERMINAL,
    "announce": NodeKind.SIMULTANEOUS,
    "defend": NodeKind.MIN,
    "attacker-roll": NodeKind.CHANCE,
    "roll": NodeKind.CHANCE,
}


class BattleState(NamedTuple):
    """A moment in the battle: the armies, the phase, and what has been chosen or rolled.

    A named tuple rather than a dataclass: the solver hashes and compares every state
    several times, and tuples do both in C.

    >>> BattleState(5, 3)
    BattleState(attackers=5, defenders=3, phase='attack', attacker_dice=0, defender_dice=0, roll=())
    """

    attackers: int
    defenders: int
    phase: Phase = "attack"
    attacker_dice: int = 0
    defender_dice: int = 0
    #: The attacker's sorted top dice, once the defender has seen them (``sees-roll``).
    roll: Roll = ()


class BattleGame:
    """One battle from ``(attackers, defenders)`` under ``rules``, ``objective`` and ``choice``.

    Actions: at ``attack`` a dice count, ``ATTACK`` (``announce``) or ``STOP``; at
    ``defend`` a dice count; at ``announce`` a pair ``(attacker dice, defender dice)``.
    Chance outcomes: the attacker's top roll, or ``(attacker losses, defender losses)``.

    >>> game = BattleGame(4, 2, choice="sees-roll", allow_stop=False)
    >>> game.legal_actions(game.initial_state())
    (1, 2, 3)
    >>> game.child(game.initial_state(), 3).phase
    'attacker-roll'
    """

    def __init__(
        self,
        attackers: int,
        defenders: int,
        rules: Rules = DEFAULT_RULES,
        objective: Objective | str = CAPTURE,
        choice: ChoiceRule | str = "max",
        *,
        allow_stop: bool = True,
        battle: Battle | None = None,
    ) -> None:
        battle = battle or Battle(
            rules, Objective.parse(objective), choice_rule(choice), allow_stop
        )
        self.battle = battle
        rules, objective, choice = battle.rules, battle.objective, battle.choice
        rules.check_state(attackers, defenders)
        self.rules, self.objective, self.choice = rules, objective, choice
        self.allow_stop = allow_stop = battle.allow_stop
        self.start = BattleState(attackers, defenders)
        self._offset = objective.start_offset(attackers, defenders)
        self._outcomes: dict[_OutcomesKey, _Outcomes] = {}
        # Every state with the same dice allowed has the same moves: one tuple each.
        self._moves = {
            k: choice.attacker_moves(k, allow_stop=allow_stop)
            for k in range(1, rules.attacker_dice + 1)
        }
        self._answers = {j: tuple(range(1, j + 1)) for j in range(1, rules.defender_dice + 1)}
        self._distinct: dict[_Outcomes, _Outcomes] = {}

    def initial_state(self) -> BattleState:
        """The start of the battle."""
        return self.start

    def kind(self, state: BattleState) -> NodeKind:
        """Terminal when stopped, captured or out of attackers; else the phase's kind."""
        if state.phase != "attack":
            return _KINDS[state.phase]
        # No die to roll exactly when every army left must stay behind.
        over = state.defenders == 0 or state.attackers <= self.rules.offset
        return NodeKind.TERMINAL if over else NodeKind.MAX

    def returns(self, state: BattleState) -> int:
        """The objective's payoff, counted from the game's start for ``balance``."""
        return self.objective.payoff(state.attackers, state.defenders) + self._offset

    def legal_actions(self, state: BattleState) -> tuple[int | str, ...]:
        """The attacker's moves (``attack``) or the defender's dice counts (``defend``)."""
        if state.phase == "defend":
            return self._answers[self.rules.defender_dice_for(state.defenders)]
        return self._moves[self.rules.attacker_dice_for(state.attackers)]

    def joint_actions(self, state: BattleState) -> tuple[Sequence[int], Sequence[int]]:
        """``announce``: the dice counts each side may announce."""
        return (
            range(1, self.rules.attacker_dice_for(state.attackers) + 1),
            range(1, self.rules.defender_dice_for(state.defenders) + 1),
        )

    def chance_outcomes(self, state: BattleState) -> Sequence[tuple[Hashable, Fraction]]:
        """The attacker's top roll (``attacker-roll``) or the losses of a roll (``roll``).

        Equal distributions come back as one tuple object, so a solver that caches
        prepared outcomes by identity (as :func:`strategy.engine.solve.solve` does) needs only a
        few dozen entries even when the defender sees hundreds of different rolls.
        """
        phase, k = state.phase, state.attacker_dice
        if phase == "attacker-roll":
            keep = min(k, self.rules.defender_dice_for(state.defenders))
            key: _OutcomesKey = (phase, k, keep, ())
        else:
            key = (phase, k, state.defender_dice, state.roll)
        outcomes = self._outcomes.get(key)
        if outcomes is None:
            _, k, j, roll = key
            found = (
                top_outcomes(self.rules, k, j)
                if phase == "attacker-roll"
                else roll_outcomes(self.rules, k, j, roll)
            )
            outcomes = self._outcomes[key] = self._distinct.setdefault(found, found)
        return outcomes

    def child(self, state: BattleState, action: Hashable) -> BattleState:
        """The state after a move, a pair of announcements, or a chance outcome."""
        # The solver calls this for every edge: unpack the tuple once and build children
        # with tuple.__new__, skipping the named tuple's keyword-handling constructor.
        a, d, phase, k, _, roll = state
        if phase == "roll":
            lost_a, lost_d = cast(tuple[int, int], action)
            return _state(BattleState, (a - lost_a, d - lost_d, "attack", 0, 0, ()))
        if phase == "attack":
            return self._after_attacker(state, action)
        if phase == "announce":
            k, j = cast(tuple[int, int], action)
            return _state(BattleState, (a, d, "roll", k, j, ()))
        if phase == "attacker-roll":
            return _state(BattleState, (a, d, "defend", k, 0, action))
        return _state(BattleState, (a, d, "roll", k, action, roll))  # phase "defend"

    def _after_attacker(self, state: BattleState, action: Hashable) -> BattleState:
        a, d = state.attackers, state.defenders
        if action == STOP:
            return BattleState(a, d, "stopped")
        if action == ATTACK:
            return BattleState(a, d, "announce")
        k = action
        if self.choice.defender_sees_roll:
            return BattleState(a, d, "attacker-roll", k)  # type: ignore[arg-type]
        if self.choice.defender_answers:
            return BattleState(a, d, "defend", k)  # type: ignore[arg-type]
        return BattleState(a, d, "roll", k, self.rules.defender_dice_for(d))  # type: ignore[arg-type]


#: The largest side of a battle solved exactly on request.
EXACT_ARMIES = 30

register_game(
    "risk",
    lambda attackers, defenders, choice: BattleGame(attackers, defenders, choice=choice),
    summary="a Risk battle under a choice rule (payoff 1 if the attacker captures)",
    parameters=(
        Parameter("attackers", "armies in the attacking territory", minimum=1, positional=True),
        Parameter("defenders", "defending armies", minimum=1, positional=True),
        Parameter(
            "choice",
            "who chooses dice when (default sees-roll; announce is simultaneous)",
            default="sees-roll",
            kind=str,
            choices=tuple(CHOICE_RULES),
        ),
    ),
    flags=("chance",),
    example="5 3 --choice sees-roll",
    payoffs=(0.0, 1.0),
    title=lambda attackers, defenders, choice: f"Risk {attackers} v {defenders} ({choice})",
    exact_limit=lambda attackers, defenders, choice: (
        f"an exact solve of a battle is limited to {EXACT_ARMIES} armies a side"
        if max(attackers, defenders) > EXACT_ARMIES
        else None
    ),
)
