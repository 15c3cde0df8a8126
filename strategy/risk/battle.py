"""One battle's terms as one value: the rules, the objective, the choice rule, stopping, and
how it is resolved (:class:`~strategy.risk.resolution.Resolution`: the dice, Balanced
Blitz's constants, stop-until or retreat-at).

Every question the toolkit answers about a Risk battle (its odds, a table of values, a
strategy matrix, a state graph) is asked of a :class:`Battle`: what the dice are, what
the attacker pursues, when each side chooses its dice, and whether the attacker may stop.
The battle knows whether anybody has a real choice (:attr:`Battle.classic`), which decides
the kernel that answers.

>>> battle = Battle.of(choice="sees-roll", objective="balance:2", defender_dice=3)
>>> battle.choice.name, battle.objective.label, battle.rules.defender_dice, battle.classic
('sees-roll', 'balance:2', 3, False)
>>> Battle().classic  # both roll the most dice, and stopping never pays for a capture
True
>>> rgd = Battle.of(edition="rgd", capital=True, stop_until=3)
>>> rgd.dice, rgd.stop_until, rgd.rules.defender_dice
('balanced-blitz', 3, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, TypedDict

from strategy.engine.errors import InputError
from strategy.risk.choices import MOST_DICE, ChoiceRule, choice_rule
from strategy.risk.editions import DiceMode, Edition, edition
from strategy.risk.objectives import CAPTURE, Objective
from strategy.risk.resolution import TRUE_RANDOM, V3_3, Balance, Resolution
from strategy.risk.rules import DEFAULT_RULES, MODIFIERS, Count, Rules, Ties

#: The keywords :meth:`Battle.of` reads as fields of :class:`Rules`.
RULE_FIELDS = tuple(field.name for field in fields(Rules))
#: Balanced Blitz's constants as :meth:`Battle.of` takes them.
BalanceTerm = Balance | str | tuple[float, float, float, float]


# The battle's terms as the capability functions of strategy.risk take them, each a keyword
# of Battle.of (None keeps the battle's): one group for each group of request fields of
# strategy.risk.requests.terms (RuleTerms, PlayTerms, BlitzDice, StopUntil, RetreatAt),
# and one union for each set of groups a capability takes, as its request inherits them.
class RuleKeywords(TypedDict, total=False):
    """The rules: the edition, then the fields of :class:`Rules`."""

    edition: str | None
    attacker_dice: int | None
    defender_dice: int | None
    attacker_sides: int | None
    defender_sides: int | None
    ties: Ties | None
    stay_behind: int | None
    count: Count | None
    capital: bool | None
    wall: bool | None
    zombie_defender: bool | None
    zombie_attacker: bool | None


class PlayKeywords(TypedDict, total=False):
    """Optimal play: the choice rule, the objective, whether the attacker may stop."""

    choice: ChoiceRule | str | None
    objective: Objective | str | None
    allow_stop: bool | None


class DiceKeywords(TypedDict, total=False):
    """A blitz's dice: true random or Balanced Blitz, and Balanced Blitz's constants."""

    dice: DiceMode | None
    balance: BalanceTerm | None


class StopKeyword(TypedDict, total=False):
    """SMG's blitz attack limit."""

    stop_until: int | None


class RetreatKeyword(TypedDict, total=False):
    """A retreat threshold."""

    retreat_at: int | None


class BattleTerms(PlayKeywords, RuleKeywords, DiceKeywords, StopKeyword, RetreatKeyword):
    """Every term of a battle (``odds``, ``table``, ``simulate``)."""


class PlayedTerms(PlayKeywords, RuleKeywords):
    """A battle rolled by hand (``strategy_matrix``)."""


class FoughtTerms(RuleKeywords, DiceKeywords, StopKeyword, RetreatKeyword):
    """A battle fought with the most dice (``left``)."""


class RolledTerms(RuleKeywords, DiceKeywords):
    """A battle fought with the most dice to its end (``chain``, ``commit``)."""


class NeededTerms(PlayKeywords, RuleKeywords, DiceKeywords, StopKeyword):
    """The battles of :func:`~strategy.risk.capabilities.need`."""


@dataclass(frozen=True)
class Battle:
    """The terms of a battle, checked when made.

    An objective that only describes the fight to the end (``attacker-left``,
    ``defender-left``) needs both sides to roll the most dice and no stopping.

    How it is resolved: ``resolution``, the dice (``"true-random"`` or
    ``"balanced-blitz"`` with Balanced Blitz's constants) and at most one limit,
    stop-until S or retreat-at K; :attr:`dice`, :attr:`balance`, :attr:`stop_until` and
    :attr:`retreat_at` read them.

    >>> Battle(objective=Objective("attacker-left"))
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: objective 'attacker-left' only describes the battle ...
    """

    rules: Rules = DEFAULT_RULES
    objective: Objective = CAPTURE
    choice: ChoiceRule = MOST_DICE
    allow_stop: bool = True
    resolution: Resolution = TRUE_RANDOM

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be a Rules value, not {self.rules!r}")
        # Strings are accepted where a value is expected, here as at every entry point.
        object.__setattr__(self, "objective", Objective.parse(self.objective))
        object.__setattr__(self, "choice", choice_rule(self.choice))
        if not self.objective.optimisable and (not self.choice.fixed or self.allow_stop):
            raise InputError(
                f"objective {self.objective.label!r} only describes the battle fought to the "
                "end with the most dice (choice max, no stopping); players optimise capture, "
                "signed, keep:K or balance:T"
            )
        if not isinstance(self.resolution, Resolution):
            raise TypeError(f"resolution must be a Resolution value, not {self.resolution!r}")

    @classmethod
    def of(
        cls,
        battle: Battle | None = None,
        *,
        rules: Rules | None = None,
        objective: Objective | str | None = None,
        choice: ChoiceRule | str | None = None,
        allow_stop: bool | None = None,
        edition: str | None = None,
        dice: DiceMode | None = None,
        balance: BalanceTerm | None = None,
        stop_until: int | None = None,
        retreat_at: int | None = None,
        **rule_fields: Any,
    ) -> Battle:
        """A battle from another (or the default) with the given terms changed; plain
        keywords and strings are welcome: ``Battle.of(choice="sees-roll",
        objective="keep:3", defender_dice=3, count="attacking")``.

        ``edition`` (``classic``, ``risiko``, ``2210``, ``rgd``) starts from that edition's
        rules and dice (RGD: the attacking count and Balanced Blitz) and refuses what it
        cannot have; ``balance`` takes a :class:`~strategy.risk.resolution.Balance`,
        four numbers or their text ``"0.05,1.3,0.1,1.8"``; a limit given replaces the base's.

        >>> Battle.of(Battle.of(ties="attacker"), stay_behind=0).rules.ties
        'attacker'
        >>> Battle.of(capital=True).rules.defender_dice  # on a capital: one die more
        3
        >>> Battle.of(edition="rgd").dice, Battle.of(edition="rgd", dice="true-random").dice
        ('balanced-blitz', 'true-random')
        >>> Battle.of(edition="classic", capital=True)
        Traceback (most recent call last):
        ...
        strategy.engine.errors.InputError: the classic edition cannot have --capital (an RGD ...
        >>> Battle.of(sides=3)
        Traceback (most recent call last):
        ...
        strategy.engine.errors.InputError: unknown battle option 'sides'; rules take ...
        """
        base = battle or cls()
        chosen = edition_of(edition)
        for name in rule_fields:
            if name not in RULE_FIELDS:
                raise InputError(
                    f"unknown battle option {name!r}; rules take {', '.join(RULE_FIELDS)}"
                )
        # A modifier is asked for as the game names it ("on a capital"): it adds its die or
        # changes the ties, as Rules.with_modifiers does, rather than only being recorded.
        modifiers = {name: rule_fields.pop(name) for name in MODIFIERS if name in rule_fields}
        start = rules or (base.rules if chosen is None else chosen.rules)
        new_rules = replace(start, **rule_fields)
        dropped = [
            name for name, wanted in modifiers.items() if not wanted and name in new_rules.modifiers
        ]
        if dropped:
            raise InputError(
                f"these rules have the modifier {dropped[0]}; start from rules without it"
            )
        new_rules = new_rules.with_modifiers(
            **{n: True for n, wanted in modifiers.items() if wanted}
        )
        mode = dice or (base.dice if chosen is None else chosen.dice)
        if chosen is not None:
            chosen.check(balanced=mode == "balanced-blitz", **modifiers)
        limited = stop_until is not None or retreat_at is not None
        resolution = Resolution.of(
            mode,
            base.balance if balance is None else parse_balance(balance),
            stop_until if limited else base.stop_until,
            retreat_at if limited else base.retreat_at,
        )
        return cls(
            new_rules,
            base.objective if objective is None else Objective.parse(objective),
            base.choice if choice is None else choice_rule(choice),
            base.allow_stop if allow_stop is None else allow_stop,
            resolution,
        )

    @property
    def dice(self) -> DiceMode:
        """The dice: ``"true-random"`` or ``"balanced-blitz"``."""
        return self.resolution.dice

    @property
    def balance(self) -> Balance | None:
        """Balanced Blitz's constants; ``None`` for SMG's v3.3 ones."""
        return None if self.resolution.balance == V3_3 else self.resolution.balance

    @property
    def stop_until(self) -> int | None:
        """Stop-until S, if that is the limit."""
        return self.resolution.stop_until

    @property
    def retreat_at(self) -> int | None:
        """Retreat-at K, if that is the limit."""
        return self.resolution.retreat_at

    @property
    def plain(self) -> bool:
        """Whether the battle is resolved as the classic one: true random dice, to the end.

        >>> Battle().plain, Battle.of(stop_until=3).plain
        (True, False)
        """
        return self.resolution.plain

    @property
    def classic(self) -> bool:
        """Whether nobody has a real choice: both sides roll the most dice, and stopping
        cannot pay (the objective says so, or the attacker may not stop). Optimal play is
        then the classic battle, and the classic kernels serve.

        >>> Battle.of(objective="balance:2").classic, Battle.of(objective="signed").classic
        (False, True)
        >>> Battle.of(objective="balance:2", allow_stop=False).classic
        True
        """
        return self.choice.fixed and (not self.allow_stop or not self.objective.stopping_can_pay)

    def describe(self) -> str:
        """One line: the choice rule, the objective and whether the attacker may stop.

        >>> Battle.of(choice="respond").describe()
        'respond (the attacker announces a number of dice; the defender answers knowing \
it); objective capture; the attacker may stop'
        """
        stop = "the attacker may stop" if self.allow_stop else "no stopping"
        return f"{self.choice} ({self.choice.summary}); objective {self.objective.label}; {stop}"


#: The battle with every term at its default: the classic rules, capture, the most dice.
DEFAULT_BATTLE = Battle()


def with_terms(
    battle: Battle | None, given: Mapping[str, Any], names: type = BattleTerms
) -> Battle:
    """``battle`` (or the default one) changed by the terms among ``given`` that are not
    ``None`` and are keys of ``names`` (one of the ``TypedDict`` above): a capability
    function hands over its ``**terms``, which name the battle's terms as :meth:`Battle.of`
    does.

    >>> with_terms(None, {"attackers": 3, "choice": "respond", "stop_until": None}).choice.name
    'respond'
    """
    keys = names.__annotations__
    return Battle.of(battle, **{n: v for n, v in given.items() if n in keys and v is not None})


def edition_of(name: str | None) -> Edition | None:
    """The edition named (``None`` when none is: the base battle's terms stand)."""
    return None if name is None else edition(name)


def parse_balance(balance: BalanceTerm) -> Balance | None:
    """Balanced Blitz's constants from a value, their text or four numbers; ``None`` for
    SMG's v3.3 constants, so that equal battles compare equal.

    >>> parse_balance((0.05, 1.3, 0.1, 1.8)) is None, parse_balance("0.05,1.3,0.2,1.8")
    (True, Balance(win_cutoff=Fraction(1, 20), win_power=Fraction(13, 10), \
outcome_cutoff=Fraction(1, 5), outcome_power=Fraction(9, 5)))
    """
    if isinstance(balance, str):
        found = Balance.parse(balance)
    elif isinstance(balance, Balance):
        found = balance
    else:
        found = Balance.parse(",".join(map(str, balance)))
    return None if found == V3_3 else found
