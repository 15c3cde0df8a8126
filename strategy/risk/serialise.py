"""The JSON shapes of every Risk result, in one home: the CLI's ``--json``, the web API
and notebooks all print these.

Every number is a float, with an ``_exact`` twin (``"p/q"``) when it was computed
exactly; the battle's terms (``choice``, ``objective``, ``allow_stop``, ``rules``) travel
with the numbers they produced.

>>> from fractions import Fraction
>>> from strategy.risk.battle import Battle
>>> battle_json(Battle.of(choice="respond"))["choice"]
'respond'
>>> number_json("value", Fraction(5, 12))
{'value': 0.4166666666666667, 'value_exact': '5/12'}
"""

from __future__ import annotations

import heapq
import math
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from strategy.engine.numbers import fraction_text
from strategy.risk.battle import Battle
from strategy.risk.outcomes import capture_with_at_least, defender_down_to
from strategy.risk.rules import Rules

if TYPE_CHECKING:
    from strategy.risk.capabilities import Left, Needed
    from strategy.risk.chain import ChainOdds
    from strategy.risk.commit import CommitCurve
    from strategy.risk.montecarlo import SimulationCheck
    from strategy.risk.play.cells import CellStrategy
    from strategy.risk.play.strategy_matrix import StrategyMatrix
    from strategy.risk.plays import CellPlay
    from strategy.risk.results import BattleOdds, BattleTable, OptimalOdds, Value
    from strategy.risk.variants.blitz import Blitz, BlitzOdds, BlitzTable

#: Final states JSON lists; beyond, only this many of the most likely.
JSON_STATES = 10_000

FinalStates = tuple[tuple[int, int, "Value"], ...]


def rules_json(rules: Rules) -> dict[str, Any]:
    """The rules as a JSON object, field by field."""
    return asdict(rules)


def battle_json(battle: Battle) -> dict[str, Any]:
    """The battle's terms: ``choice``, ``objective`` and ``allow_stop``, then ``rules``."""
    return {
        "choice": battle.choice.name,
        "objective": battle.objective.label,
        "allow_stop": battle.allow_stop,
        "rules": rules_json(battle.rules),
    }


def number_json(key: str, value: Value) -> dict[str, Any]:
    """``{key: float}`` and, for an exact value, ``{key_exact: "p/q"}``."""
    exact = {} if isinstance(value, float) else {f"{key}_exact": fraction_text(value)}
    return {key: float(value)} | exact


def tail_json(armies: int, probability: Value) -> dict[str, Any]:
    """One tail probability as JSON, with ``probability_exact`` when it is exact.

    >>> from fractions import Fraction
    >>> tail_json(2, Fraction(5, 12))
    {'armies': 2, 'probability': 0.4166666666666667, 'probability_exact': '5/12'}
    """
    return {"armies": armies} | number_json("probability", probability)


def most_likely(final_states: FinalStates, limit: int) -> tuple[FinalStates, bool]:
    """All the final states if there are at most ``limit``, else the ``limit`` most likely,
    most likely first; and whether any were left out.

    >>> most_likely(((3, 0, 0.5), (2, 0, 0.2), (1, 1, 0.3)), 2)
    (((3, 0, 0.5), (1, 1, 0.3)), True)
    """
    if len(final_states) <= limit:
        return final_states, False
    return tuple(heapq.nlargest(limit, final_states, key=lambda s: s[2])), True


def odds_json(
    odds: BattleOdds, *, at_least: int | None = None, at_most: int | None = None
) -> dict[str, Any]:
    """The classic battle's odds: the summary, the tails asked for, the final states (at
    most :data:`JSON_STATES`, the most likely first) and the rules."""
    obj: dict[str, Any] = {"attackers": odds.attackers, "defenders": odds.defenders}
    for key in (
        "win_probability",
        "expected_attacker_left",
        "expected_defender_left",
        "expected_signed",
    ):
        obj |= number_json(key, getattr(odds, key))
    if at_least is not None:
        obj["at_least"] = tail_json(at_least, capture_with_at_least(odds.final_states, at_least))
    if at_most is not None:
        obj["at_most"] = tail_json(at_most, defender_down_to(odds.final_states, at_most))
    shown, truncated = most_likely(odds.final_states, JSON_STATES)
    obj["dropped_mass"] = odds.dropped_mass
    obj["final_states_count"] = len(odds.final_states)
    obj["final_states_truncated"] = truncated
    obj["final_states_probability"] = float(sum(p for _, _, p in shown))
    obj["final_states"] = [
        {"attacker": a, "defender": d, "probability": float(p)}
        | ({"probability_exact": fraction_text(p)} if odds.exact else {})
        for a, d, p in shown
    ]
    obj["rules"] = rules_json(odds.rules)
    return obj


def play_odds_json(odds: OptimalOdds | BattleOdds) -> dict[str, Any]:
    """One battle under optimal play: its value and both sides' first choices, the
    battle's terms, and ``win_probability`` under ``capture``; ``dropped_mass`` where a
    float push left probability out."""
    from strategy.risk.play.cells import describe_cell

    battle = odds.battle
    cell = describe_cell(odds.play, battle.rules, battle.choice, odds.attackers, odds.defenders)
    obj = cell_json(cell, odds.play, odds.value)
    dropped = getattr(odds, "dropped_mass", 0.0)
    if dropped:
        obj["dropped_mass"] = dropped
    obj |= battle_json(battle)
    if battle.objective.kind == "capture":
        obj = obj | number_json("win_probability", odds.value)
        obj["rules"] = obj.pop("rules")
    return obj


def table_json(table: BattleTable) -> dict[str, Any]:
    """A table: axes, what it shows, the battle's terms, float values and, when exact,
    ``values_exact``."""
    obj: dict[str, Any] = {
        "attackers": list(table.attackers),
        "defenders": list(table.defenders),
        "metric": table.objective.label,
        "description": table.objective.description,
        **battle_json(table.battle),
        "values": table.as_floats(),
    }
    if table.exact:
        obj["values_exact"] = [[fraction_text(v) for v in row] for row in table.values]
    return obj


def matrix_json(matrix: StrategyMatrix) -> dict[str, Any]:
    """A strategy matrix: axes, the battle's terms, the legend, and one object per cell."""
    table = matrix.table
    return {
        "attackers": list(table.attackers),
        "defenders": list(table.defenders),
        **battle_json(table.battle),
        "legend": dict(matrix.legend),
        "cells": [
            [
                cell_json(cell, table.play(cell.attackers, cell.defenders), value)
                for cell, value in zip(cells, values, strict=True)
            ]
            for cells, values in zip(matrix.cells, table.values, strict=True)
        ],
    }


def _mix(mix: tuple[Value, ...]) -> list[dict[str, Any]]:
    return [{"dice": dice} | number_json("probability", p) for dice, p in enumerate(mix, start=1)]


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


def chain_json(odds: ChainOdds) -> dict[str, Any]:
    """A chain of attacks: per-territory capture odds and every end of the attack."""
    obj: dict[str, Any] = {
        "attackers": odds.attackers,
        "defenders": list(odds.defenders),
        "leave": odds.leave,
        **number_json("win_probability", odds.win_probability),
    }
    obj["capture_probabilities"] = [
        {"territory": i, "defenders": d} | number_json("probability", p)
        for i, (d, p) in enumerate(
            zip(odds.defenders, odds.capture_probabilities, strict=True), start=1
        )
    ]
    obj["outcomes"] = [
        {
            "captured": o.captured,
            "armies": o.armies,
            "defenders": o.defenders,
            "armies_left": odds.armies_left(o),
        }
        | number_json("probability", o.probability)
        for o in odds.outcomes
    ]
    obj["rules"] = [rules_json(r) for r in odds.rules]
    return obj if odds.blitz is None else obj | blitz_json(odds.blitz)


def dice_json(blitz: Blitz) -> dict[str, Any]:
    """How a blitz fights: the dice mode, its label and constants, and the limit."""
    return {
        "dice": blitz.dice,
        "dice_label": blitz.balance.label if blitz.balanced else "true random",
        "balance": [float(c) for c in blitz.balance.constants] if blitz.balanced else None,
        "stop_until": blitz.stop_until,
        "retreat_at": blitz.retreat_at,
    }


def blitz_json(blitz: Blitz) -> dict[str, Any]:
    """:func:`dice_json`, or nothing for the classic battle (whose JSON has no such fields)."""
    return {} if blitz.plain else dice_json(blitz)


def blitz_odds_json(
    fought: BlitzOdds, *, at_least: int | None = None, at_most: int | None = None
) -> dict[str, Any]:
    """One battle as a blitz fights it: :func:`odds_json` of its final states, then the
    dice, the limit, the true-random win chance and the error bound (the plain battle's
    JSON is :func:`odds_json`'s alone)."""
    return odds_json(fought.odds, at_least=at_least, at_most=at_most) | fought_json(fought)


def fought_json(fought: BlitzOdds) -> dict[str, Any]:
    """What a blitz adds to a battle's JSON: the dice, the limit, the true-random win
    chance and the error bound (nothing for the plain battle)."""
    if fought.blitz.plain:
        return {}
    true_random = fought.true_random
    bound = fought.error_bound
    obj = dice_json(fought.blitz) | {
        "error_bound": bound if math.isfinite(bound) else None,
        "true_random_exact": true_random.exact,
        "true_random_win_probability": float(true_random.win_probability),
    }
    if true_random.exact:
        obj["true_random_win_probability_exact"] = fraction_text(true_random.win_probability)
    if fought.win_steps is not None:
        obj["win_probability_after_steps"] = list(fought.win_steps)
    return obj


def left_json(left: Left) -> dict[str, Any]:
    """The armies left: both tails asked for, the rules, and how the battle is fought."""
    odds = left.fought.odds
    return {
        "attackers": odds.attackers,
        "defenders": odds.defenders,
        "capture_with_at_least": [tail_json(k, p) for k, p in left.attacker],
        "defender_at_most": [tail_json(k, p) for k, p in left.defender],
        "rules": rules_json(odds.rules),
    } | fought_json(left.fought)


def commit_json(curve: CommitCurve) -> dict[str, Any]:
    """The commit curve: the best commitment per objective, every point, the bound, the
    rules and the dice."""
    return {
        "attackers": curve.attackers,
        "defenders": curve.defenders,
        "worth": curve.worth,
        "best": [asdict(best) for best in curve.best],
        "curve": [asdict(point) for point in curve.points],
        "error_bound": curve.error_bound,
        "rules": rules_json(curve.rules),
    } | dice_json(curve.blitz)


def need_json(needed: Needed) -> dict[str, Any]:
    """The fewest troops: P(capture) with them and one fewer, the target, the path, the
    battle's terms and the dice."""
    need = needed.need
    previous = need.previous_probability
    return (
        {"attackers": need.attackers}
        | number_json("win_probability", need.win_probability)
        | {
            "target": float(need.target),
            "target_exact": fraction_text(need.target),
            "defenders": list(need.defenders),
            "leave": needed.leave,
            "previous_probability": None if previous is None else float(previous),
            "rules": [rules_json(r) for r in needed.rules],
        }
        | {key: value for key, value in battle_json(needed.battle).items() if key != "rules"}
        | blitz_json(needed.blitz)
    )


def simulation_json(checked: SimulationCheck) -> dict[str, Any]:
    """Simulated battles: the capture estimate at the top level, every quantity under
    ``estimates``, the names of those whose exact value is outside in ``flags``; the
    battle's terms under optimal play, and the dice of a blitz."""
    result = checked.simulation
    estimates = {
        c.key: {
            "estimate": c.estimate.value,
            "ci_low": c.estimate.low,
            "ci_high": c.estimate.high,
            "exact": c.exact,
            "inside": c.inside,
        }
        for c in checked.estimates
    }
    win = estimates["win_probability"]
    obj = {
        "attackers": result.attackers,
        "defenders": result.defenders,
        "trials": result.trials,
        "seed": result.seed,
        "confidence": checked.confidence,
        "win_probability": win["estimate"],
        "ci_low": win["ci_low"],
        "ci_high": win["ci_high"],
        "exact": win["exact"],
        "estimates": estimates,
        "flags": list(checked.flags),
        "final_states": [
            {"attacker": a, "defender": d, "battles": n} for a, d, n in result.final_states
        ],
        "rules": rules_json(result.rules),
    }
    if checked.optimal:
        obj |= {key: value for key, value in battle_json(checked.battle).items() if key != "rules"}
    return obj | blitz_json(checked.blitz)


def blitz_table_json(fought: BlitzTable) -> dict[str, Any]:
    """A table as a blitz fights each battle: :func:`table_json`, then the dice and the
    error bound (the plain battle's is :func:`table_json`'s alone)."""
    if fought.blitz is None or fought.blitz.plain:
        return table_json(fought.table)
    return table_json(fought.table) | dice_json(fought.blitz) | {"error_bound": fought.error_bound}
