"""The battle's terms as request fields, shared by the requests that take them: the rules
(:class:`RuleTerms`, the edition and RGD's modifiers), optimal play (:class:`PlayTerms`)
and how a blitz fights (:class:`BlitzDice`, :class:`StopUntil`, :class:`RetreatAt`); and
the readers that turn them into the library's values (``Rules``, ``Battle``).

A request for a path of territories (``chain``, ``need``) sets ``PER_TERRITORY``: its
rule fields then take one value or one per territory (``defender_sides=(6, 8, 6)``).
Each group of terms leaves equality and repr to the requests that inherit it (a dataclass
that generates fewer methods loads faster, and every command loads these).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, kw_only=True)
... class Asked(RuleTerms, BlitzDice):
...     pass
>>> asked = Asked(edition="rgd", capital=True)
>>> rules_of(asked).count, rules_of(asked).defender_dice, blitz_terms(asked)["dice"]
('attacking', 3, 'balanced-blitz')
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from strategy.engine.errors import InputError
from strategy.engine.fields import Param, param, params
from strategy.risk.battle import Battle
from strategy.risk.choices import CHOICE_RULES, choice_rule
from strategy.risk.editions import DICE_MODES, EDITIONS, edition
from strategy.risk.objectives import Objective
from strategy.risk.rules import EDITION_FIELDS, MODIFIERS, Rules

RULES = "rules of the battle"
PLAY = "optimal play"
BLITZ = "how the battle is blitzed"

_DICE = {"kind": "integer", "minimum": 1, "group": RULES}
_MODIFIER = {"kind": "boolean", "optional_value": True, "metavar": "yes|no", "group": RULES}
#: A blitz's limit in armies (stop-until, retreat-at): none unless given.
_LIMIT = {"kind": "integer", "minimum": 0, "group": BLITZ, "form": True}

STOP_HELP = (
    "SMG's blitz attack limit: the attacker never rolls so many dice that it could fall "
    "below S armies (counted as A is), so S stay home; the battle is (A - S) v D. Not the "
    "same as --retreat-at: 11 v 5 (--count attacking) with 7 wins 0.3586 stopping until 7, "
    "0.5071 retreating at 7"
)
RETREAT_HELP = (
    "a retreat threshold (sipolac/risk's stop, Minerva's retreat): full dice while the "
    "attacker has more than K armies; the last roll may leave fewer. Not --stop-until"
)


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class RuleTerms:
    """The rules: dice, faces, ties, armies left behind, the count convention, the edition
    and RGD's modifiers. ``None`` is the edition's (or the classic's) value."""

    #: Whether the rule fields take one value per territory of a path.
    PER_TERRITORY: ClassVar[bool] = False

    attacker_dice: int | tuple[int, ...] | None = param(
        None, help="most dice the attacker may roll (default 3)", label="Attacker's dice",
        metavar="N", form=True, **_DICE,
    )  # fmt: skip
    defender_dice: int | tuple[int, ...] | None = param(
        None, help="most dice the defender may roll (default 2; Risiko: 3)",
        label="Defender's dice", metavar="N", form=True, **_DICE,
    )  # fmt: skip
    attacker_sides: int | tuple[int, ...] | None = param(
        None, help="faces of the attacker's dice (default 6)",
        label="Sides of the attacker's dice", metavar="S", form=True, **_DICE,
    )  # fmt: skip
    defender_sides: int | tuple[int, ...] | None = param(
        None, help="faces of the defender's dice (default 6; Risk 2210 commanders: 8)",
        label="Sides of the defender's dice", metavar="S", form=True, **_DICE,
    )  # fmt: skip
    ties: str | tuple[str, ...] | None = param(
        None, help="who wins a tied pair of dice (default defender)", label="Ties go to",
        choices=("defender", "attacker"), group=RULES, form=True,
    )  # fmt: skip
    stay_behind: int | None = param(
        None, help="armies that must stay in the attacking territory (default 1)",
        label="Armies that stay behind", kind="integer", minimum=0, metavar="N", group=RULES,
        form=True,
    )  # fmt: skip
    count: str | None = param(
        None, help="A counts every army in the attacking territory (default, as the seeds) or "
        "only those that may attack (Tan 1997, Osborne 2003; RGD's troop counts)",
        label="A counts", choices=("territory", "attacking"), group=RULES, form=True,
    )  # fmt: skip
    edition: str | None = param(
        None, help="an edition's defaults (explicit options override them): classic (3 v 2), "
        "risiko (3 v 3), 2210 (d8 defender), rgd (RISK: Global Domination: attacking count, "
        "Balanced Blitz where a command blitzes, modifiers allowed)",
        label="Edition", choices=tuple(EDITIONS), group=RULES, form=True,
    )  # fmt: skip
    capital: bool | tuple[bool, ...] = param(
        False, help="the defender is on a capital: one defender die more (RGD)",
        label="The defender is on a capital", form=True, **_MODIFIER,
    )  # fmt: skip
    wall: bool | tuple[bool, ...] = param(
        False, help="the attack crosses a wall: one defender die more; with --capital 4 dice, "
        "the top 3 compared (RGD)", label="The attack crosses a wall", form=True, **_MODIFIER,
    )  # fmt: skip
    zombie_defender: bool | tuple[bool, ...] = param(
        False, help="the defender is a zombie: ties go to the attacker (RGD)",
        label="The defender is a zombie", form=True, **_MODIFIER,
    )  # fmt: skip
    zombie_attacker: bool | tuple[bool, ...] = param(
        False, help="the attacker is a zombie: one attacker die fewer, at least 1 (RGD)",
        label="The attacker is a zombie", form=True, **_MODIFIER,
    )  # fmt: skip


#: The rule fields that may differ per territory of a path.
PER_TERRITORY = (*EDITION_FIELDS[:5], *MODIFIERS)


def declared(request: type[Any] | Any) -> list[tuple[str, Param, Any]]:
    """The request's fields as every surface shows them: those of :func:`params`, with the
    rule fields of a path request taking a list.

    >>> from strategy.risk.requests.paths import Chain
    >>> [p.many for name, p, _ in declared(Chain) if name in ("ties", "count")]
    [True, False]
    """
    path = getattr(request, "PER_TERRITORY", False)
    cls = request if isinstance(request, type) else type(request)
    # The request's own fields first, then each group of terms in the order it inherits them.
    order = [n for c in cls.__mro__ for n in getattr(c, "__annotations__", {}) if n.islower()]
    ranks = {name: order.index(name) for name in dict.fromkeys(order)}
    found = []
    for name, spec, default in sorted(params(request), key=lambda f: ranks[f[0]]):
        if path and name in PER_TERRITORY:
            spec = replace(spec, many=True, help=f"{spec.help}; one value, or one per territory "
                           "as in 6,8,6")  # fmt: skip
        found.append((name, spec, default))
    return found


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PlayTerms:
    """The game under optimal play: when each side chooses its dice, what the attacker
    maximises, and whether it may stop."""

    choice: str | None = param(
        None, help="when each side chooses its dice: max (both always roll the most, the "
        "classic tables; default), announce (both announce at once: 1993 rules), respond (the "
        "defender answers the attacker's count), sees-roll (the defender sees the attacker's "
        "dice: Dutch rules, seed 003)", label="Choice rule", choices=tuple(CHOICE_RULES),
        group=PLAY, form=True, page_default="max",
    )  # fmt: skip
    objective: str | None = param(
        None, help="what the attacker maximises and the defender minimises: capture "
        "(P(capture), default), signed (seed 000's outcome), keep:K (capture with at least K "
        "armies left in the attacking territory), balance:T (T for a capture, plus defenders "
        "killed, minus attackers lost)", label="Objective", metavar="OBJ", group=PLAY,
        form=True, suggestions=("capture", "signed", "keep:3", "balance:2"),
    )  # fmt: skip
    allow_stop: bool = param(
        True, help="the attacker may stop before any roll (--no-stop: it fights to the end)",
        label="The attacker may stop", kind="boolean", off="--no-stop", group=PLAY, form=True,
    )  # fmt: skip


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class BlitzDice:
    """Which dice a blitz rolls: true random, or RGD's Balanced Blitz with its constants."""

    dice: str | None = param(
        None, help="true-random (default; the board game) or balanced-blitz (RGD's Balanced "
        "Blitz as of v3.3; the default of --edition rgd)", label="Dice",
        choices=DICE_MODES, group=BLITZ, form=True,
    )  # fmt: skip
    balance: str | None = param(
        None, help="Balanced Blitz's constants: win-chance cutoff, win-chance power, outcome "
        "cutoff, outcome power (default 0.05,1.3,0.1,1.8; cutoffs below 0.5, powers 1-10)",
        label="Balanced Blitz's constants", metavar="W,P,O,Q", group=BLITZ,
    )  # fmt: skip


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class StopUntil:
    """SMG's blitz attack limit."""

    stop_until: int | None = param(
        None, help=STOP_HELP, label="Stop until S armies stay home", metavar="S", **_LIMIT
    )


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class RetreatAt:
    """A retreat threshold."""

    retreat_at: int | None = param(
        None, help=RETREAT_HELP, label="Retreat at K armies", metavar="K", **_LIMIT
    )


def rules_of(request: RuleTerms, index: int = 0) -> Rules:
    """The rules the request describes (of its ``index``-th territory, for a path), the
    edition's defaults filling what is not given (``InputError`` if invalid)."""
    chosen = edition(request.edition)
    base = chosen.rules

    def one(name: str) -> Any:
        value = getattr(request, name)
        return value[index if len(value) > 1 else 0] if isinstance(value, tuple) else value

    given = {name: one(name) for name in EDITION_FIELDS}
    values = {name: getattr(base, name) if v is None else v for name, v in given.items()}
    modifiers = {name: bool(one(name)) for name in MODIFIERS}
    chosen.check(balanced=False, **modifiers)
    if modifiers["zombie_defender"] and given["ties"] == "defender":
        raise InputError("--zombie-defender gives ties to the attacker: not with --ties defender")
    return Rules(**values).with_modifiers(**modifiers)


def path_rules(request: RuleTerms, territories: int) -> tuple[Rules, ...]:
    """One ``Rules`` per territory of a path."""
    for name in PER_TERRITORY:
        value = getattr(request, name)
        if isinstance(value, tuple) and len(value) not in (1, territories):
            raise InputError(
                f"--{name.replace('_', '-')} takes one value or one per territory "
                f"({territories}), not {len(value)}"
            )
    return tuple(rules_of(request, index) for index in range(territories))


def blitz_terms(request: Any) -> dict[str, Any]:
    """The blitz fields as :meth:`Battle.of`'s keywords."""
    chosen = edition(getattr(request, "edition", None))
    dice = request.dice or chosen.dice
    chosen.check(balanced=dice == "balanced-blitz")
    if request.balance is not None and dice != "balanced-blitz":
        raise InputError("--balance sets Balanced Blitz's constants: add --dice balanced-blitz")
    return {
        "dice": dice,
        "balance": request.balance,
        "stop_until": getattr(request, "stop_until", None),
        "retreat_at": getattr(request, "retreat_at", None),
    }


def fought(request: Any, battle: Battle) -> Battle:
    """``battle`` fought as the request's blitz fields say."""
    return Battle.of(battle, **blitz_terms(request))


def asked(request: Any) -> dict[str, Any]:
    """The request's own fields (those its class declares beside its groups of terms) by
    name: the keywords of the library function that answers it, which names them alike.

    >>> from strategy.risk.requests.trials import Commit
    >>> asked(Commit(attackers=10, defenders=3))
    {'attackers': 10, 'defenders': 3, 'worth': 0}
    """
    own = inspect.get_annotations(type(request))
    return {name: getattr(request, name) for name in own if name.islower()}


def play_asked(request: PlayTerms) -> bool:
    """Whether optimal play was asked for: a choice, an objective or no stopping."""
    return request.choice is not None or request.objective is not None or not request.allow_stop


def battle_of(request: Any, metric: str | None = None, rules: Rules | None = None) -> Battle:
    """The battle the rule and play fields describe (``rules``, when read per territory);
    ``metric`` is the classic table's, one more way to name the objective. An objective
    that only describes the fight to the end, named by ``metric``, is that fight.

    >>> from strategy.risk.requests.battles import Odds
    >>> battle = battle_of(Odds(attackers=3, defenders=2, choice="sees-roll", objective="keep:3"))
    >>> battle.choice.name, battle.objective.label, battle.allow_stop
    ('sees-roll', 'keep:3', True)
    """
    if metric is not None and request.objective is not None:
        raise InputError("give --metric or --objective, not both (they name the same quantity)")
    objective = Objective.parse(
        metric or "capture" if request.objective is None else request.objective
    )
    plain = request.objective is None and not objective.optimisable
    return Battle(
        rules or rules_of(request),
        objective,
        choice_rule(request.choice or "max"),
        request.allow_stop and not plain,
    )
