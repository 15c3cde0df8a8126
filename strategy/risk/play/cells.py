"""Optimal play at one state as a person reads it: a short code and sentences.

Seed 003 calls it the *strategieverdedigingsmatrix*: at each ``(A, D)`` the
defender's optimal number of dice. Here each cell also says when the attacker
should stop and, when the defender sees the attacker's dice, states the
defender's choice as a compact rule where one fits:

* a constant: ``2`` (always two dice), ``1``;
* a *corner* rule: ``2<44`` rolls two dice unless the attacker's top dice reach
  4 and 4, that is unless the second-highest die is 4 or more (the Risk FAQ's
  rule of thumb); ``2<54`` unless the highest die is 5 or more and the second 4 or more.

A cell no short code fits gets a letter, and the legend spells its play out
roll by roll. Other codes: ``.`` the battle is over, ``S`` the attacker should
stop, ``S=`` stopping and fighting are worth the same, and a prefix ``2:``
when the attacker should roll fewer dice than it may.

>>> rolls = [(high, second) for high in range(1, 7) for second in range(1, high + 1)]
>>> fit_rule([(roll, (1,) if roll[1] >= 4 else (2,)) for roll in rolls])
('2<44', "2 dice unless the attacker's second-highest die is 4 or more")
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from strategy.engine.numbers import Value
from strategy.risk.choices import STOP, ChoiceRule, choice_rule
from strategy.risk.dice import Roll
from strategy.risk.leaves import number_json
from strategy.risk.plays import CellPlay
from strategy.risk.rules import Rules

#: The defender's optimal dice counts for each attacker roll it may see.
ByRoll = Sequence[tuple[Roll, tuple[int, ...]]]
ORDINALS = ("highest", "second-highest", "third-highest")


@dataclass(frozen=True)
class CellStrategy:
    """Optimal play at one state, for people.

    ``code`` is what the matrix shows and ``meaning`` what the legend says of it. When no
    short code fits, ``code`` is empty and the strategy matrix
    (:func:`~strategy.risk.play.matrices.strategy_matrix`) gives the cell a letter
    that ``meaning`` explains in full. ``by_roll`` lists, under ``sees-roll``, the
    defender's optimal dice for every top roll of the attacker's dice.

    >>> from strategy.risk.optimal import optimal_odds
    >>> cell = describe_cell(optimal_odds(2, 1).play, Rules(), "max", 2, 1)
    >>> cell.code, cell.attacker, cell.meaning
    ('1', 'attack with 1 die', 'the defender rolls 1 die')
    """

    attackers: int
    defenders: int
    code: str
    attacker: str
    defender: str
    meaning: str
    by_roll: tuple[tuple[Roll, tuple[int, ...]], ...] = ()


def fit_rule(by_roll: ByRoll) -> tuple[str, str] | None:
    """A constant or corner rule that plays optimally on every roll, as ``(code, sentence)``.

    A corner rule rolls ``hi`` dice unless every one of the attacker's top dice reaches
    its corner value, and then ``lo``. None when no such rule fits.

    >>> fit_rule([((6,), (1,)), ((5,), (1, 2)), ((1,), (2,))])  # only a 6 calls for 1 die
    ('2<6', "2 dice unless the attacker's die is 6 or more")
    >>> fit_rule([((6,), (1,)), ((5,), (2,)), ((4,), (1,))]) is None
    True
    """
    counts = sorted(set().union(*(best for _, best in by_roll)), reverse=True)
    for dice in counts:
        if all(dice in best for _, best in by_roll):
            return str(dice), f"{_dice(dice)} whatever the attacker rolled"
    for hi in counts:
        for lo in (c for c in counts if c < hi):
            corner = _corner(by_roll, hi, lo)
            if corner is not None:
                suffix = "" if lo == hi - 1 else f":{lo}"
                code = f"{hi}<{_roll_text(corner, '')}{suffix}"
                unless = _corner_text(corner, len(by_roll[0][0]))
                text = f"{_dice(hi)} unless {unless}" + (f", then {_dice(lo)}" if suffix else "")
                return code, text
    return None


def _corner(by_roll: ByRoll, hi: int, lo: int) -> Roll | None:
    """The corner of the rule 'hi dice unless the roll reaches it, then lo', if one fits.

    Rolls where only ``lo`` is optimal must reach the corner, so the largest candidate is
    their componentwise minimum; a smaller corner would only take in more rolls.
    """
    if any(hi not in best and lo not in best for _, best in by_roll):
        return None
    low_only = [roll for roll, best in by_roll if hi not in best]
    if not low_only:
        return None
    corner = tuple(min(values) for values in zip(*low_only, strict=True))
    for roll, best in by_roll:
        reaches = all(r >= c for r, c in zip(roll, corner, strict=True))
        if (lo if reaches else hi) not in best:
            return None
    return corner


def _corner_text(corner: Roll, dice: int) -> str:
    if dice == 1:
        return f"the attacker's die is {corner[0]} or more"
    if len(set(corner)) == 1:
        return f"the attacker's {ORDINALS[dice - 1]} die is {corner[0]} or more"
    parts = [f"{ORDINALS[i]} {c} or more" for i, c in enumerate(corner) if c > 1]
    if len(parts) == 1:
        return f"the attacker's {parts[0].replace(' ', ' die is ', 1)}"
    return "the attacker's " + parts[0].replace(" ", " die is ", 1) + " and " + ", ".join(parts[1:])


def _dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


def _roll_text(roll: Roll, separator: str = "-") -> str:
    """``(6, 5)`` as ``6-5``; with no separator only while every face is one digit."""
    return (separator if separator or max(roll) > 9 else "").join(map(str, roll)) or "-"


def _probability(value: Value) -> str:
    return str(value) if isinstance(value, Fraction) else f"{value:.4g}"


def _mix_text(mix: Sequence[Value]) -> str:
    chances = [f"{_dice(k)} with probability {_probability(p)}" for k, p in enumerate(mix, 1) if p]
    return ", ".join(chances)


#: Codes that mean the same everywhere.
GENERAL = {
    ".": "the battle is over",
    "S": "the attacker should stop",
    "S=": "stopping and attacking are worth the same to the attacker",
}


def describe_cell(
    play: CellPlay, rules: Rules, choice: ChoiceRule | str, attackers: int, defenders: int
) -> CellStrategy:
    """The code and sentences for optimal play at ``(attackers, defenders)``.

    >>> from strategy.risk.battle import Battle
    >>> from strategy.risk.optimal import optimal_odds
    >>> play = optimal_odds(5, 3, Battle.of(choice="respond")).play
    >>> cell = describe_cell(play, Rules(), "respond", 5, 3)
    >>> cell.code, cell.attacker, cell.defender
    ('2', 'attack with 3 dice', 'answers with 2 dice')
    """
    if play.over:
        return CellStrategy(attackers, defenders, ".", GENERAL["."], "", GENERAL["."])
    if play.stops:
        return CellStrategy(attackers, defenders, "S", "stop", "", GENERAL["S"])
    choice = choice_rule(choice)
    most = rules.attacker_dice_for(attackers)
    dice, attacker = _attacker(play, choice, most)
    body, defender, by_roll = _defender(play, rules, choice, defenders, dice)
    if STOP in play.attacker:
        attacker = f"stop, or {attacker}: the same value"
        code, meaning = "S=", GENERAL["S="]
    elif dice is None:
        code, meaning = "", f"the attacker should {attacker}; the defender {defender}"
    else:
        prefix = "" if dice == most else f"{dice}:"
        who = f"the attacker rolls {_dice(dice)} (fewer than it may), " if prefix else ""
        code, meaning = ("" if body is None else prefix + body), f"{who}the defender {defender}"
    return CellStrategy(attackers, defenders, code, attacker, defender, meaning, by_roll)


def _attacker(play: CellPlay, choice: ChoiceRule, most: int) -> tuple[int | None, str]:
    """The attacker's dice (the most among ties; None when it mixes) and its sentence."""
    if choice.simultaneous:
        if not all(p in (0, 1) for p in play.attacker_mix):
            return None, f"attack, rolling {_mix_text(play.attacker_mix)}"
        dice = play.attacker_mix.index(1) + 1
        return dice, f"attack with {_dice(dice)}"
    counts = [move for move in play.attacker if isinstance(move, int)]
    said = " or ".join(map(str, counts))
    return max(counts), f"attack with {said} {'die' if counts == [1] else 'dice'}"


def _defender(
    play: CellPlay, rules: Rules, choice: ChoiceRule, defenders: int, dice: int | None
) -> tuple[str | None, str, tuple[tuple[Roll, tuple[int, ...]], ...]]:
    """The defender's code (None if no short one fits), its sentence, and its play by roll."""
    if choice.fixed:
        most = rules.defender_dice_for(defenders)
        return str(most), f"rolls {_dice(most)}", ()
    if choice.simultaneous:
        pure = [j for j, p in enumerate(play.defender_mix, 1) if p == 1]
        if pure:
            return str(pure[0]), f"rolls {_dice(pure[0])}", ()
        return None, f"rolls {_mix_text(play.defender_mix)}", ()
    assert dice is not None
    if not choice.defender_sees_roll:
        answers = play.response(dice)
        said = " or ".join(map(str, answers))
        return (
            "|".join(map(str, answers)),
            f"answers with {said} {_noun(answers)}",
            (),
        )
    by_roll = tuple((roll, best) for k, roll, best in play.responses if k == dice)
    fitted = fit_rule(by_roll)
    if fitted:
        return fitted[0], f"rolls {fitted[1]}", by_roll
    return None, f"rolls {by_roll_text(by_roll)}", by_roll


def _noun(counts: tuple[int, ...]) -> str:
    return "die" if counts == (1,) else "dice"


def by_roll_text(by_roll: ByRoll) -> str:
    """The defender's choice roll by roll, the most common choice said last as 'otherwise'.

    >>> by_roll_text([((6,), (1,)), ((5,), (2,)), ((4,), (2,))])
    '1 die on 6; 2 dice otherwise'
    """
    groups: dict[tuple[int, ...], list[Roll]] = {}
    for roll, best in by_roll:
        groups.setdefault(best, []).append(roll)
    ordered = sorted(groups.items(), key=lambda item: len(item[1]))
    parts = [
        f"{' or '.join(map(str, best))} {_noun(best)} on "
        + " ".join(_roll_text(roll) for roll in rolls)
        for best, rolls in ordered[:-1]
    ]
    last = ordered[-1][0]
    parts.append(f"{' or '.join(map(str, last))} {_noun(last)} otherwise")
    return "; ".join(parts)


def _mix(mix: tuple[Value, ...]) -> list[dict[str, Any]]:
    return [{"dice": dice} | number_json("probability", p) for dice, p in enumerate(mix, start=1)]


def cell_lines(cell: CellStrategy) -> list[str]:
    """One state's optimal play as text: the attacker's first choice, then the defender's
    (roll by roll under ``sees-roll``) where it has one."""
    lines = [f"{'attacker':<26}{cell.attacker}"]
    if cell.defender:
        lines.append(f"{'defender':<26}{cell.defender}")
    if cell.by_roll:
        lines.append(f"{'defender, roll by roll':<26}{by_roll_text(cell.by_roll)}")
    return lines


def cell_json(cell: CellStrategy, play: CellPlay, value: Value) -> dict[str, Any]:
    """One state's optimal play as JSON: the code, both sides' moves and sentences.

    The defender's ``responses`` list its optimal dice (every tie) for each attacker dice
    count (``respond``) or each attacker top roll (``sees-roll``), off the optimal path too.
    """
    attacker: dict[str, Any] = {"moves": list(play.attacker), "text": cell.attacker}
    defender: dict[str, Any] = {"text": cell.defender}
    if play.attacker_mix:
        attacker["mixed"] = _mix(play.attacker_mix)
        defender["mixed"] = _mix(play.defender_mix)
    if play.responses:
        defender["responses"] = [
            {"attacker_dice": dice, "roll": list(roll), "dice": list(best)}
            for dice, roll, best in play.responses
        ]
    return {
        "attackers": cell.attackers,
        "defenders": cell.defenders,
        **number_json("value", value),
        "code": cell.code,
        "meaning": cell.meaning,
        "attacker": attacker,
        "defender": defender,
    }
