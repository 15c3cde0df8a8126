"""Attack chains: one army conquers a path of territories, one battle after another.

The plan is the "blitz" of sipolac/risk and smacke/risk-solver. The attack starts
in the *origin* with ``A`` armies (counted as ``rules`` count them). Battle ``i``
is fought from the last territory taken (the origin for ``i = 1``) against the
``i``-th territory on the path, both sides rolling the most dice they may.

* In the origin ``rules.stay_behind`` armies stay behind, as in a single battle;
  in every conquered territory ``leave`` armies stay behind. Armies that stay
  behind never fight: battle ``i > 1`` is fought with ``stay_behind = leave``.
* After a capture every army that may leave the attacking territory moves into
  the captured one: all but the armies that stay behind.
* The attack ends when a battle is lost (the attacker is down to the armies that
  stay behind), when the last territory falls, or when a conquered territory
  holds no more than ``leave`` armies and so cannot attack.

Armies in the results are *physical*: every army in the territory, whichever
count the rules use. An outcome says how many territories fell, how many
armies hold the territory where the attack ended (the last one taken, or the
origin) and how many defenders hold the next one (0 after a full conquest).

sipolac/risk's README: 5 armies against territories of 3, 2 and 1 defenders
(defender dice of 6, 8 and 6 sides) take the first with probability 0.64162…,
the first two with 0.15834… and all three with 0.06507….

>>> from strategy.risk.rules import Rules
>>> rules = [Rules(defender_sides=s) for s in (6, 8, 6)]
>>> odds = chain_odds(5, (3, 2, 1), rules, exact=False)
>>> [round(p, 6) for p in odds.capture_probabilities]
[0.641623, 0.158342, 0.065073]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from strategy.engine.display import Summarised, drawn
from strategy.engine.errors import InputError, echo
from strategy.engine.numbers import decimal
from strategy.engine.resources import require
from strategy.engine.shades import paint
from strategy.risk.classic import battle_odds, battle_odds_seconds
from strategy.risk.leaves import number_json, rules_json
from strategy.risk.outcomes import FinalStates
from strategy.risk.resolution import Resolution
from strategy.risk.results import Value
from strategy.risk.rules import DEFAULT_RULES, Rules, whole_at_least
from strategy.risk.texts import number_line, rules_lines


@dataclass(frozen=True)
class ChainOutcome:
    """One way an attack chain can end.

    ``captured`` territories fell; ``armies`` hold the territory where the attack
    ended (physical count); ``defenders`` hold the next territory on the path.
    """

    captured: int
    armies: int
    defenders: int
    probability: Value


@dataclass(frozen=True, repr=False)
class ChainOdds(Summarised):
    """The distribution of the ends of an attack chain.

    ``rules`` are the rules each battle was fought under (``stay_behind`` is
    ``leave`` from the second territory on).

    ``outcomes`` are sorted from the best end for the attacker to the worst: most
    territories taken first, then most armies, then fewest defenders.

    >>> odds = chain_odds(3, (1,))
    >>> odds.win_probability == battle_odds(3, 1).win_probability
    True
    """

    attackers: int
    defenders: tuple[int, ...]
    rules: tuple[Rules, ...]
    leave: int
    outcomes: tuple[ChainOutcome, ...]
    exact: bool
    #: How each battle was resolved, when not the classic battle (see :func:`strategy.risk.chain`).
    resolution: Resolution | None = None

    def text(self, *, colour: bool = False) -> str:
        """The CLI's ``chain`` text: the odds of each step (on seed 000's shade with
        ``colour``), where the attack ends, and the dice where not the classic battle's.

        >>> print(chain_odds(3, (1,)).text().splitlines()[3])  # 3 v 1 wins 1955/2592
        P(conquering it)              0.754244  = 1955/2592
        """
        n = len(self.defenders)
        lines = [
            f"Attack chain: {self.attackers} armies against "
            f"{', '.join(map(str, self.defenders))} defenders "
            f"({self.rules[0].stay_behind} left in the origin and {self.leave} in each territory "
            "taken; all the others move on)",
            *rules_lines(self.rules),
            "",
        ]
        label = f"P(conquering all {n})" if n > 1 else "P(conquering it)"
        lines.append(number_line(label, self.win_probability, fractions=self.exact, colour=colour))
        lines += ["", "territory  defenders  P(taken)"]
        for i, (d, p) in enumerate(
            zip(self.defenders, self.capture_probabilities, strict=True), start=1
        ):
            lines.append(f"{i:>9}  {d:>9}  {paint(f'{decimal(p):>8}', float(p), colour)}")
        lines += [
            "",
            "where the attack ends       armies there  defenders  armies left  probability",
        ]
        for o in self.outcomes:
            where = f"took all {n}" if o.captured == n else f"stopped at territory {o.captured + 1}"
            lines.append(
                f"  {where:<26}{o.armies:>12}  {o.defenders:>9}  {self.armies_left(o):>11}"
                f"  {decimal(o.probability):>11}"
            )
        lines.append(
            "armies there: in the last territory the attacker holds on the path; "
            "armies left: on the whole path, the origin's included"
        )
        if self.resolution is not None:
            lines.append(f"dice: {self.resolution.describe()}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return str(drawn(self, "html"))

    def to_pandas(self, *, fractions: bool = False) -> Any:
        """Every end of the attack as a DataFrame (pandas: the ``notebook`` extra)."""
        return drawn(self, "pandas", fractions=fractions)

    def to_numpy(self) -> npt.NDArray[np.float64]:
        """Every end as floats: captured, armies, defenders, armies left, probability."""
        return np.asarray(drawn(self, "numpy"), dtype=np.float64)

    def to_sympy(self) -> Any:
        """The exact ends as a ``sympy.Matrix`` (sympy: the ``symbolic`` extra)."""
        return drawn(self, "sympy")

    @property
    def win_probability(self) -> Value:
        """P(every territory on the path is conquered)."""
        return self.capture_probabilities[-1]

    @property
    def capture_probabilities(self) -> tuple[Value, ...]:
        """``P(at least k territories fall)`` for k = 1..n (sipolac/risk's ``win``)."""
        zero: Value = Fraction(0) if self.exact else 0.0
        return tuple(
            sum((o.probability for o in self.outcomes if o.captured >= k), zero)
            for k in range(1, len(self.defenders) + 1)
        )

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``chain --json`` shape: per-territory capture odds and every end of the
        attack, the rules, and how each battle was resolved where not the classic battle.

        >>> chain_odds(3, (1,)).to_json()["win_probability_exact"]
        '1955/2592'
        """
        obj: dict[str, Any] = {
            "attackers": self.attackers,
            "defenders": list(self.defenders),
            "leave": self.leave,
            **number_json("win_probability", self.win_probability),
        }
        obj["capture_probabilities"] = [
            {"territory": i, "defenders": d} | number_json("probability", p)
            for i, (d, p) in enumerate(
                zip(self.defenders, self.capture_probabilities, strict=True), start=1
            )
        ]
        obj["outcomes"] = [
            {
                "captured": o.captured,
                "armies": o.armies,
                "defenders": o.defenders,
                "armies_left": self.armies_left(o),
            }
            | number_json("probability", o.probability)
            for o in self.outcomes
        ]
        obj["rules"] = [rules_json(r) for r in self.rules]
        return obj if self.resolution is None else obj | self.resolution.shown_json()

    def armies_left(self, outcome: ChainOutcome) -> int:
        """Every attacking army still on the path: those left behind plus those at the end.

        >>> odds = chain_odds(4, (1, 1), leave=1)
        >>> [odds.armies_left(o) for o in odds.outcomes][:2]
        [4, 3]
        """
        if outcome.captured == 0:
            return outcome.armies
        return self.rules[0].stay_behind + (outcome.captured - 1) * self.leave + outcome.armies


# Memoised: a chain meets the same battle from many starting armies, and a search for the
# minimum troops meets the same chains again.
@cache
def _classic_exact(attackers: int, defenders: int, rules: Rules) -> FinalStates:
    return battle_odds(attackers, defenders, rules, exact=True).final_states


@cache
def _classic_float(attackers: int, defenders: int, rules: Rules) -> FinalStates:
    return battle_odds(attackers, defenders, rules, exact=False).final_states


def per_territory(rules: Rules | Sequence[Rules], territories: int) -> tuple[Rules, ...]:
    """One ``Rules`` per territory: a single value applies to all.

    >>> per_territory(Rules(), 2) == (Rules(), Rules())
    True
    """
    if isinstance(rules, Rules):
        return (rules,) * territories
    if len(rules) != territories:
        raise InputError(
            f"give one set of rules or one per territory ({territories}), not {len(rules)}"
        )
    return tuple(rules)


def chain_odds(
    attackers: int,
    defenders: Sequence[int],
    rules: Rules | Sequence[Rules] = DEFAULT_RULES,
    *,
    leave: int = 1,
    exact: bool = True,
    battle: Callable[[int, int, Rules, bool], FinalStates] | None = None,
) -> ChainOdds:
    """Attack the territories holding ``defenders`` in turn, starting with ``attackers``.

    ``battle(A, D, rules, exact)`` gives one battle's final states (default: the classic
    battle's, e.g. :func:`strategy.risk.variants.blitz.final_states` instead).

    A chain of one territory is one battle:

    >>> [(o.captured, o.armies, o.defenders) for o in chain_odds(3, (2,)).outcomes]
    [(1, 2, 0), (1, 1, 0), (0, 1, 1), (0, 1, 2)]
    """
    if not defenders:
        raise InputError("give at least one territory to attack")
    if not whole_at_least(leave, 1):
        raise InputError(
            f"leave must be a whole number >= 1 (a territory is never empty), not {echo(leave)}"
        )
    path = tuple(defenders)
    for d in path:
        if not whole_at_least(d, 1):
            raise InputError(f"every territory on the path needs >= 1 defender, not {echo(d)}")
    rule_list = per_territory(rules, len(path))
    rule_list[0].check_state(attackers, path[0])
    if battle is None:
        require(
            f"the chain of {attackers} armies against {len(path)} territories",
            seconds=chain_seconds(attackers, path, rule_list, exact=exact),
        )
    classic = _classic_exact if exact else _classic_float
    fight = classic if battle is None else cache(lambda a, d, r: battle(a, d, r, exact))
    zero: Value = Fraction(0) if exact else 0.0
    ends: dict[tuple[int, int, int], Value] = defaultdict(lambda: zero)
    # Physical armies in the territory attacked from, with their probability.
    holding: dict[int, Value] = {_physical(rule_list[0], attackers): Fraction(1) if exact else 1.0}
    fought = tuple(r if i == 0 else replace(r, stay_behind=leave) for i, r in enumerate(rule_list))
    for index, (d0, rules_here) in enumerate(zip(path, fought, strict=True)):
        stay = rules_here.stay_behind
        moved: dict[int, Value] = defaultdict(lambda: zero)
        for armies, mass in holding.items():
            start = armies - stay + rules_here.offset
            if armies <= stay or rules_here.attacker_dice_for(start) == 0:
                ends[(index, armies, d0)] += mass
                continue
            for a, d, p in fight(start, d0, rules_here):
                left = a + stay - rules_here.offset
                if d == 0:
                    moved[left - stay] += mass * p
                else:
                    ends[(index, left, d)] += mass * p
        holding = moved
    for armies, mass in holding.items():
        ends[(len(path), armies, 0)] += mass
    order = sorted(ends, key=lambda e: (-e[0], -e[1], e[2]))
    outcomes = tuple(ChainOutcome(c, a, d, ends[(c, a, d)]) for c, a, d in order)
    return ChainOdds(attackers, path, fought, leave, outcomes, exact)


def chain_seconds(
    attackers: int, defenders: Sequence[int], rules: Sequence[Rules], *, exact: bool
) -> float:
    """About how long :func:`chain_odds` takes at most for the classic battle: the first
    battle, then one battle from each number of armies that may reach each later territory.

    >>> chain_seconds(10, (3, 2), (Rules(), Rules()), exact=True) < 1
    True
    """
    total = battle_odds_seconds(attackers, defenders[0], rules[0], exact=exact)
    for d, rules_here in zip(defenders[1:], rules[1:], strict=True):
        # Each battle also costs a fixed overhead of about 0.1 ms.
        seconds = battle_odds_seconds(attackers, d, rules_here, exact=exact) + 1e-4
        total += attackers * seconds
    return total


def _physical(rules: Rules, attackers: int) -> int:
    """Every army in the attacking territory, from ``attackers`` in the rules' count."""
    return attackers + rules.stay_behind - rules.offset
