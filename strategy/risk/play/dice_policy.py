"""Dice policies: who rolls how many dice, asked for many battles at once.

A :class:`Policy` answers, vectorised over battles, "how many dice does the attacker roll
at (A, D)?" (0 stops the battle) and "how many does the defender roll at (A, D)?", the
defender seeing what the choice rule lets it see (its ``sight``): nothing when both sides
announce at once, the attacker's dice count when it responds, or the attacker's sorted roll.
Mixed strategies sample from their probabilities with the simulator's seeded generator.

:data:`MOST_DICE` is the classic battle; :class:`StatePolicy` turns plain per-situation
functions into a policy, and :func:`optimal_policy` plays as an optimal-play table says.

>>> import numpy as np
>>> view = AttackerView(np.array([4, 2]), np.array([1, 3]), most=np.array([3, 1]))
>>> MOST_DICE.attacker_dice(view, np.random.default_rng(0)).tolist()
[3, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

import numpy as np
import numpy.typing as npt

from strategy.engine.errors import InputError
from strategy.risk.choices import Sight

if TYPE_CHECKING:
    from strategy.risk.tables import OptimalTable

IntArray = npt.NDArray[np.int64]
#: What the defender knows when it chooses: nothing (the dice are announced at once), the
#: attacker's dice count (``respond``), or the attacker's sorted roll (``sees-roll``).
#: A choice for one situation: a dice count, or the probabilities of dice counts.
Mixed = int | Mapping[int, float | Fraction]
#: What the defender saw, for :class:`StatePolicy`: nothing, a dice count or a sorted roll.
Seen = int | tuple[int, ...] | None


@dataclass(frozen=True, eq=False)
class AttackerView:
    """What the attacker sees in each battle still going: armies (``rules``' count) and
    the most dice it may roll (at least 1)."""

    attackers: IntArray
    defenders: IntArray
    most: IntArray


@dataclass(frozen=True, eq=False)
class DefenderView:
    """What the defender sees: the armies, its most dice, and, as its policy's ``sight``
    allows, the attacker's dice count and sorted roll (shape ``(battles, attacker_dice)``,
    high to low, 0 for dice not rolled)."""

    attackers: IntArray
    defenders: IntArray
    most: IntArray
    attacker_dice: IntArray | None
    attacker_roll: IntArray | None


class Policy(Protocol):
    """Chooses dice for many battles at once; mixed strategies sample with ``rng``.

    ``attacker_dice`` returns 0 (stop) to ``view.most`` per battle; ``defender_dice``
    returns 1 to ``view.most``. The simulator checks every choice, and never asks about
    an empty batch of battles.
    """

    @property
    def sight(self) -> Sight: ...

    def attacker_dice(self, view: AttackerView, rng: np.random.Generator) -> IntArray:
        """The attacker's dice in each battle of ``view``: 0 (stop) to ``view.most``."""
        ...

    def defender_dice(self, view: DefenderView, rng: np.random.Generator) -> IntArray:
        """The defender's dice in each battle of ``view``: 1 to ``view.most``."""
        ...


@dataclass(frozen=True)
class MostDice:
    """The classic battle: both sides always roll the most dice they may."""

    sight: Sight = "nothing"

    def attacker_dice(self, view: AttackerView, rng: np.random.Generator) -> IntArray:
        """The most dice the attacker may roll, in every battle."""
        return view.most

    def defender_dice(self, view: DefenderView, rng: np.random.Generator) -> IntArray:
        """The most dice the defender may roll, in every battle."""
        return view.most


MOST_DICE = MostDice()


@dataclass(frozen=True)
class StatePolicy:
    """A policy from plain per-situation functions, asked once per distinct situation.

    ``attacker(A, D)`` and ``defender(A, D, seen)`` return a dice count or a mapping from
    dice counts to probabilities; ``seen`` is ``None``, the attacker's dice count or its
    sorted roll, as ``sight`` says. A defender who always rolls one die fights the battle
    of rules with one defending die:

    >>> from strategy.risk.classic import battle_odds
    >>> from strategy.risk.rules import Rules
    >>> from strategy.risk.sampling import simulate
    >>> one_die = StatePolicy(lambda a, d: min(3, a - 1), lambda a, d, seen: 1)
    >>> played = simulate(4, 2, policy=one_die, trials=20_000, seed=7)
    >>> played.win_probability.contains(battle_odds(4, 2, Rules(defender_dice=1)).win_probability)
    True
    """

    attacker: Callable[[int, int], Mixed]
    defender: Callable[[int, int, Seen], Mixed]
    sight: Sight = "nothing"

    def attacker_dice(self, view: AttackerView, rng: np.random.Generator) -> IntArray:
        """``attacker(A, D)`` once per distinct situation, sampled where it is mixed."""
        situations = np.stack([view.attackers, view.defenders], axis=1)
        return _sample(situations, lambda row: self.attacker(row[0], row[1]), rng)

    def defender_dice(self, view: DefenderView, rng: np.random.Generator) -> IntArray:
        """``defender(A, D, seen)`` once per distinct situation, sampled where it is mixed."""
        columns = [view.attackers, view.defenders]
        if view.attacker_roll is not None:
            columns += list(view.attacker_roll.T)
        elif view.attacker_dice is not None:
            columns.append(view.attacker_dice)
        situations = np.stack(columns, axis=1)

        def ask(row: tuple[int, ...]) -> Mixed:
            attackers, defenders, *rest = row
            seen: Seen = None
            if self.sight == "roll":
                seen = tuple(v for v in rest if v)
            elif self.sight == "count":
                seen = rest[0]
            return self.defender(attackers, defenders, seen)

        return _sample(situations, ask, rng)


def _sample(
    situations: IntArray, ask: Callable[[tuple[int, ...]], Mixed], rng: np.random.Generator
) -> IntArray:
    """Draw one choice per row, asking ``ask`` once per distinct row."""
    # One integer per situation: unique over integers is far faster than over rows.
    radices = tuple(int(r) for r in situations.max(axis=0) + 1)
    codes = np.ravel_multi_index(tuple(situations.T), radices)
    distinct, which = np.unique(codes, return_inverse=True)
    rows = np.stack(np.unravel_index(distinct, radices), axis=1).tolist()
    mixes = [_probabilities(ask(tuple(row))) for row in rows]
    width = max(len(m) for m in mixes)
    cumulative = np.zeros((len(mixes), width))
    for i, mix in enumerate(mixes):
        cumulative[i, : len(mix)] = np.cumsum(mix)
        cumulative[i, len(mix) :] = cumulative[i, len(mix) - 1]
    # Rounding can leave a cumulative sum just below 1; the last choice with weight absorbs it.
    uniform = rng.random(len(situations)) * cumulative[which.ravel(), -1]
    chosen: IntArray = (uniform[:, None] >= cumulative[which.ravel()]).sum(axis=1)
    return chosen


def _probabilities(mixed: Mixed) -> list[float]:
    """A choice as probabilities of 0, 1, 2, ... dice."""
    if isinstance(mixed, int):
        if mixed < 0:
            raise InputError(f"a policy chose {mixed} dice")
        return [0.0] * mixed + [1.0]
    weights = [0.0] * (max(mixed) + 1)
    for dice, p in mixed.items():
        if dice < 0 or p < 0:
            raise InputError(f"a policy gave probability {p} to {dice} dice")
        weights[dice] = float(p)
    if abs(sum(weights) - 1) > 1e-9:
        raise InputError(f"a policy's probabilities sum to {sum(weights)}, not 1")
    return weights


def optimal_policy(table: OptimalTable) -> StatePolicy:
    """Play as an optimal-play table says, at every state it covers.

    Where several moves are optimal the first listed is played: any optimal move keeps the
    game's value. Under ``announce`` both sides sample their equilibrium mixes.

    >>> from strategy.risk.battle import Battle
    >>> from strategy.risk.optimal import optimal_table
    >>> from strategy.risk.sampling import simulate
    >>> table = optimal_table(6, 4, Battle.of(choice="sees-roll"))
    >>> played = simulate(6, 4, trials=20_000, seed=2, policy=optimal_policy(table))
    >>> played.win_probability.contains(table.value(6, 4))
    True
    """
    from strategy.risk.choices import ATTACK, STOP

    rule = table.choice

    def attacker(attackers: int, defenders: int) -> Mixed:
        play = table.play(attackers, defenders)
        move = play.attacker[0]
        if move == STOP:
            return 0
        if move == ATTACK:
            return {dice: p for dice, p in enumerate(play.attacker_mix, start=1)}
        return int(move)

    def defender(attackers: int, defenders: int, seen: Seen) -> Mixed:
        play = table.play(attackers, defenders)
        most = table.rules.defender_dice_for(defenders)
        if rule.simultaneous:
            return {dice: p for dice, p in enumerate(play.defender_mix, start=1)}
        if isinstance(seen, int):
            return play.response(seen)[0]
        if isinstance(seen, tuple):
            # The table records the defender's answer to the top dice it could pair against.
            return play.response(len(seen), seen[:most])[0]
        return most

    return StatePolicy(attacker, defender, table.choice.sight)
