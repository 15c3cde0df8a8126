"""The questions beyond one battle's odds, one library call each: the armies left
(:func:`left`), an attack chain (:func:`chain`), the fewest troops for a target
(:func:`need`), the troops to commit (:func:`commit`); each result has ``to_json()``
and ``text()`` (what the CLI prints, with ``--json`` and without).

Each takes the battle as :func:`~strategy.risk.api.odds` does: a
:class:`~strategy.risk.battle.Battle` or plain keywords (``edition="rgd"``,
``dice="balanced-blitz"``, ``stop_until=3``, ``count="attacking"``).

>>> tails = left(3, 1, at_least=3)  # capture with all 3: (5/6)^3 = 125/216 (sipolac/risk)
>>> tails.attacker
((3, Fraction(125, 216)),)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Unpack

from strategy.engine.display import Summarised
from strategy.engine.errors import InputError
from strategy.engine.forward import Forward
from strategy.engine.keywords import spelled_out
from strategy.engine.numbers import decimal, fraction_text
from strategy.engine.shades import paint
from strategy.risk.battle import Battle, FoughtTerms, NeededTerms, RolledTerms, with_terms
from strategy.risk.commitment import CommitCurve, commit_curve
from strategy.risk.fewest import Need, minimum_armies, parse_target
from strategy.risk.kernels.geometry import Progress
from strategy.risk.leaves import number_json, play_terms_json, rules_json, tail_json
from strategy.risk.objectives import CAPTURE
from strategy.risk.outcomes import FinalStates, capture_with_at_least, cumulative, defender_down_to
from strategy.risk.paths import ChainOdds, chain_odds, per_territory
from strategy.risk.resolution import Resolution
from strategy.risk.results import BattleOdds, Value
from strategy.risk.rules import Rules
from strategy.risk.texts import rounds_to_one, rules_lines
from strategy.risk.variants.blitz import fewest_needed, fight_odds, final_states

Tails = tuple[tuple[int, Value], ...]


@dataclass(frozen=True, repr=False)
class Left(Summarised):
    """Cumulative odds of one battle's end: ``attacker`` lists ``(K, P(capture with at
    least K armies left))``, ``defender`` ``(K, P(the defender worn down to at most K))``;
    ``fought`` is the battle they come from."""

    fought: BattleOdds
    attacker: Tails
    defender: Tails

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``left --json`` shape: both tails asked for, the rules, and how the
        battle was resolved."""
        odds = self.fought
        return {
            "attackers": odds.attackers,
            "defenders": odds.defenders,
            "capture_with_at_least": [tail_json(k, p) for k, p in self.attacker],
            "defender_at_most": [tail_json(k, p) for k, p in self.defender],
            "rules": rules_json(odds.rules),
        } | odds.fought_json()

    def text(self, *, colour: bool = False) -> str:
        """The CLI's ``left`` text: the battle and its rules, how a resolution fought it,
        then each tail asked for, every probability on seed 000's shade with ``colour``.

        >>> print(left(3, 1, at_least=3).text().splitlines()[-1])  # (5/6)^3 (sipolac/risk)
           3  0.578704  125/216
        """
        fought = self.fought
        blitz = fought.resolution
        lines = [
            f"Battle {fought.attackers} v {fought.defenders}; rules: {fought.rules.describe()}"
        ]
        if not blitz.plain:
            lines += [blitz.describe(), *fought.fought_lines()]
        for title, rows in (
            ("P(capture with at least K armies left)", self.attacker),
            ("P(defender worn down to at most K armies)", self.defender),
        ):
            if rows:
                lines += ["", f"{'K':>4}  {title}"]
                lines += [
                    f"{k:>4}  {paint(decimal(p), float(p), colour)}"
                    + ("" if isinstance(p, float) else f"  {fraction_text(p)}")
                    for k, p in rows
                ]
        return "\n".join(lines)

    def to_pandas(self) -> Any:
        """One row per tail: ``tail`` (``at_least`` or ``at_most``), ``armies``,
        ``probability`` (pandas: the ``notebook`` extra)."""
        from strategy.engine.extras import require

        pandas = require("pandas", "notebook", "Left.to_pandas")
        rows = [("at_least", k, float(p)) for k, p in self.attacker]
        rows += [("at_most", k, float(p)) for k, p in self.defender]
        return pandas.DataFrame(rows, columns=["tail", "armies", "probability"])


@spelled_out(FoughtTerms)
def left(
    attackers: int,
    defenders: int,
    battle: Battle | None = None,
    *,
    at_least: int | None = None,
    at_most: int | None = None,
    progress: Progress | None = None,
    **terms: Unpack[FoughtTerms],
) -> Left:
    """P(capture with at least K armies left) and P(the defender worn down to at most K):
    for every K, or only the K asked for. Exact for true random dice, floats under
    Balanced Blitz beyond 1000 armies.

    >>> tails = left(10, 6)
    >>> tails.defender[0] == (0, tails.fought.win_probability)  # at most 0: a capture
    True
    """
    fought = fight_odds(attackers, defenders, with_terms(battle, terms), progress=progress)
    finals = fought.final_states
    if at_least is None and at_most is None:
        both = cumulative(finals)
        return Left(fought, both.attacker, both.defender)
    return Left(
        fought,
        () if at_least is None else ((at_least, capture_with_at_least(finals, at_least)),),
        () if at_most is None else ((at_most, defender_down_to(finals, at_most)),),
    )


@spelled_out(RolledTerms)
def chain(
    attackers: int,
    defenders: Sequence[int],
    battle: Battle | None = None,
    *,
    leave: int = 1,
    exact: bool = True,
    path_rules: Sequence[Rules] | None = None,
    **terms: Unpack[RolledTerms],
) -> ChainOdds:
    """Attack the territories holding ``defenders`` one after another, moving all armies
    but ``leave`` into each territory taken; ``path_rules`` gives one set of rules per
    territory (else the battle's for all). Floats under Balanced Blitz.

    >>> odds = chain(3, [1])  # one territory: one battle, 3 v 1 wins 1955/2592
    >>> odds.win_probability
    Fraction(1955, 2592)
    """
    battle = most_dice(with_terms(battle, terms), "an attack chain")
    resolution = battle.resolution

    def fought(a: int, d: int, rules: Rules, exact: bool) -> FinalStates:
        return final_states(resolution, a, d, rules, exact)

    found = chain_odds(
        attackers,
        defenders,
        battle.rules if path_rules is None else tuple(path_rules),
        leave=leave,
        exact=exact and not resolution.balanced,
        battle=None if battle.plain else fought,
    )
    return found if battle.plain else replace(found, resolution=resolution)


def most_dice(battle: Battle, what: str) -> Battle:
    """The battle asked for, refused if it asks both sides to choose their dice: ``what``
    is fought with the most dice."""
    if not battle.choice.fixed:
        raise InputError(f"{what} is fought with the most dice, not choice {battle.choice}")
    return battle


@dataclass(frozen=True, repr=False)
class Needed(Summarised):
    """The fewest troops (:class:`~strategy.risk.fewest.Need`) with what was asked: the
    battle, the rules of each territory and the armies left in each territory taken."""

    SHOWN = ("attackers", "win_probability")

    need: Need
    battle: Battle
    rules: tuple[Rules, ...]
    leave: int

    @property
    def resolution(self) -> Resolution:
        """How each battle was resolved."""
        return self.battle.resolution

    attackers = Forward[int]("need", "The fewest armies that reach the target.")
    win_probability = Forward[Value]("need", "P(capture) with that many.")

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``need --json`` shape: P(capture) with the fewest troops and one fewer,
        the target, the path, the battle's terms and the dice."""
        need = self.need
        previous = need.previous_probability
        return (
            {"attackers": need.attackers}
            | number_json("win_probability", need.win_probability)
            | {
                "target": float(need.target),
                "target_exact": fraction_text(need.target),
                "defenders": list(need.defenders),
                "leave": self.leave,
                "previous_probability": None if previous is None else float(previous),
                "rules": [rules_json(r) for r in self.rules],
            }
            | play_terms_json(self.battle)
            | self.resolution.shown_json()
        )

    def text(
        self, *, target: str | None = None, colour: bool = False, play: bool | None = None
    ) -> str:
        """The CLI's ``need`` text: the fewest armies and their P(capture) (on seed 000's
        shade with ``colour``) against ``target`` as written (by default the exact target,
        ``p/q``), one army fewer's, the exact value where it is exact, the rules and dice,
        and the optimal play (``play``, by default when somebody has a real choice).

        >>> print(need(1, target=0.5).text(target="0.5").splitlines()[1])  # 2 v 1 wins 5/12
        2 armies would give 0.416667
        """
        need, battle = self.need, self.battle
        blitz = battle.resolution
        kept = battle.objective.parameter
        keeping = f", keeping at least {kept} armies," if battle.objective.kind == "keep" else ""
        territory = self.rules[0].count == "territory"
        armies = "armies in the attacking territory" if territory else "attacking armies"
        path = ", ".join(map(str, need.defenders))
        win = need.win_probability
        lines = [
            f"{need.attackers} {armies} capture "
            f"{'the path ' if len(need.defenders) > 1 else ''}{path}{keeping} with probability "
            f"{paint(decimal(win), float(win), colour)}"
            f" >= {fraction_text(need.target) if target is None else target}"
            + (" (rounded: just below 1, not certain)" if rounds_to_one(win) else ""),
        ]
        if need.previous_probability is not None:
            lines.append(
                f"{need.attackers - 1} armies would give {decimal(need.previous_probability)}"
            )
        if not isinstance(win, float):
            lines.append(f"exact: {fraction_text(win)}")
        lines += rules_lines(self.rules)
        if not blitz.plain:
            lines.append(f"dice: {blitz.describe()}")
        if blitz.balanced and len(need.defenders) == 1:
            lines.append(
                "compared with the target to 50 digits, from the exact true-random win chance "
                "up to 1000 armies in all"
            )
        if play is None:
            play = not battle.classic
        if play:
            lines.append(
                f"optimal play under --choice {battle.choice}: {battle.objective.description}"
            )
        return "\n".join(lines)


@spelled_out(NeededTerms)
def need(
    defenders: Sequence[int] | int,
    battle: Battle | None = None,
    *,
    target: Fraction | float | str,
    leave: int = 1,
    exact: bool = True,
    path_rules: Sequence[Rules] | None = None,
    progress: Progress | None = None,
    **terms: Unpack[NeededTerms],
) -> Needed:
    """The fewest attacking armies that capture (or, with several ``defenders``, conquer
    the path) with probability at least ``target`` (``0.8``, ``"80%"``, ``Fraction(4,
    5)``), compared exactly. ``choice`` and ``objective="keep:K"`` ask for optimal play
    (one territory); Balanced Blitz compares to 50 digits.

    >>> need(1, target=0.5).attackers  # 2 v 1 wins 5/12 < 1/2; 3 v 1 wins 1955/2592
    3
    >>> need(50, target="80%", edition="rgd").attackers  # SMG's README, example 6
    49
    """
    battle = with_terms(battle, terms)
    path = (defenders,) if isinstance(defenders, int) else tuple(defenders)
    if isinstance(target, Fraction):
        wanted = target
    else:  # a float as written (0.8 is 4/5), not as stored in binary
        wanted = parse_target(target if isinstance(target, str) else repr(target))
    rules = per_territory(battle.rules if path_rules is None else tuple(path_rules), len(path))
    if battle.plain:
        found = minimum_armies(
            path,
            wanted,
            rules,
            leave=leave,
            exact=exact,
            choice=battle.choice,
            objective=battle.objective,
            progress=progress,
        )
    else:
        if not (battle.choice.fixed and battle.objective == CAPTURE and battle.allow_stop):
            raise InputError(
                f"{battle.resolution.describe()}: the fewest troops are found for the capture "
                "fought with the most dice, with no choice rule, objective or no stopping"
            )
        found = fewest_needed(battle.resolution, path, wanted, rules, leave=leave, exact=exact)
    return Needed(found, battle, rules, leave)


@spelled_out(RolledTerms)
def commit(
    attackers: int,
    defenders: int,
    battle: Battle | None = None,
    *,
    worth: int = 0,
    progress: Progress | None = None,
    **terms: Unpack[RolledTerms],
) -> CommitCurve:
    """How many troops to commit (RGD's slider): for every number committed (the rest
    stay home, stop-until ``attackers - c``) P(capture), the losses and the balance
    ``worth`` per capture + defenders killed - attackers lost, and the best per objective.

    >>> best = {b.objective: b.committed for b in commit(10, 3).best}
    >>> best["capture"]  # true random: each troop more captures more often; 9 may attack
    9
    """
    battle = most_dice(with_terms(battle, terms), "a commitment")
    return commit_curve(
        attackers, defenders, battle.rules, battle.resolution, worth=worth, progress=progress
    )
