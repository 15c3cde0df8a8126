"""One battle's terms as one value: the rules, the objective, the choice rule, and stopping.

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
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from strategy.engine.errors import InputError
from strategy.risk.choices import MOST_DICE, ChoiceRule, choice_rule
from strategy.risk.objectives import CAPTURE, Objective
from strategy.risk.rules import DEFAULT_RULES, MODIFIERS, Rules

#: The keywords :meth:`Battle.of` reads as fields of :class:`Rules`.
RULE_FIELDS = tuple(field.name for field in fields(Rules))


@dataclass(frozen=True)
class Battle:
    """The terms of a battle, checked when made.

    An objective that only describes the fight to the end (``attacker-left``,
    ``defender-left``) needs both sides to roll the most dice and no stopping.

    >>> Battle(objective=Objective("attacker-left"))
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: objective 'attacker-left' only describes the battle ...
    """

    rules: Rules = DEFAULT_RULES
    objective: Objective = CAPTURE
    choice: ChoiceRule = MOST_DICE
    allow_stop: bool = True

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

    @classmethod
    def of(
        cls,
        battle: Battle | None = None,
        *,
        rules: Rules | None = None,
        objective: Objective | str | None = None,
        choice: ChoiceRule | str | None = None,
        allow_stop: bool | None = None,
        **rule_fields: Any,
    ) -> Battle:
        """A battle from another (or the default) with the given terms changed; plain
        keywords and strings are welcome: ``Battle.of(choice="sees-roll",
        objective="keep:3", defender_dice=3, count="attacking")``.

        >>> Battle.of(Battle.of(ties="attacker"), stay_behind=0).rules.ties
        'attacker'
        >>> Battle.of(capital=True).rules.defender_dice  # on a capital: one die more
        3
        >>> Battle.of(dice=3)
        Traceback (most recent call last):
        ...
        strategy.engine.errors.InputError: unknown battle option 'dice'; rules take ...
        """
        base = battle or cls()
        for name in rule_fields:
            if name not in RULE_FIELDS:
                raise InputError(
                    f"unknown battle option {name!r}; rules take {', '.join(RULE_FIELDS)}"
                )
        # A modifier is asked for as the game names it ("on a capital"): it adds its die or
        # changes the ties, as Rules.with_modifiers does, rather than only being recorded.
        modifiers = {name: rule_fields.pop(name) for name in MODIFIERS if name in rule_fields}
        new_rules = replace(rules or base.rules, **rule_fields)
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
        return cls(
            new_rules,
            base.objective if objective is None else Objective.parse(objective),
            base.choice if choice is None else choice_rule(choice),
            base.allow_stop if allow_stop is None else allow_stop,
        )

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
