"""A solved plan as a short decision list a player can follow at the table.

The plan is told by *stage*: the territories taken so far. For each stage the turn reaches
(most likely first) it says which attack to start with, when a battle is broken off
(to stop, or to attack elsewhere) and how many armies move in after each capture. An
attack, once started, goes on until the territory falls or the stack is spent unless a
"break off" line says otherwise. Each line carries the probability that the turn takes it
(the expected number of times, where play could take it twice) and the armies it was
seen with, as ranges.

>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.solve import plan_turn
>>> print("\\n".join(plan_lines(plan_turn(path_turn(4, (1, 1))))))
At the start:
  attack territory 1 from origin [100.0%; origin 4, territory 1 1]
  break off territory 1 from origin, then stop [14.3%; origin 2, territory 1 1]
  on taking territory 1 from origin: move in all but 1 [85.7%; origin 3-4]
With territory 1 taken [85.7%]:
  attack territory 2 from territory 1 [85.7%; territory 1 2-3, territory 2 1]
  on taking territory 2 from territory 1: move in all but 1 [58.0%; territory 1 2-3]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from strategy.risk.turns.follow import Flow, play_forward
from strategy.risk.turns.induction import Choice
from strategy.risk.turns.model import Turn, TurnState
from strategy.risk.turns.solve import TurnPlan, Value

Attack = tuple[int, int]


@dataclass
class _Seen:
    """How often a line of the plan is taken, and the armies it is taken with."""

    mass: float = 0.0
    ranges: dict[int, tuple[int, int]] = field(default_factory=dict)

    def add(self, mass: float, armies: dict[int, int]) -> None:
        self.mass += mass
        for i, a in armies.items():
            low, high = self.ranges.get(i, (a, a))
            self.ranges[i] = (min(low, a), max(high, a))


@dataclass
class _Stage:
    entered: float = 0.0
    starts: dict[Attack | None, _Seen] = field(default_factory=lambda: defaultdict(_Seen))
    breaks: dict[tuple[Attack, Attack | None], _Seen] = field(
        default_factory=lambda: defaultdict(_Seen)
    )
    captures: dict[Attack, dict[int, tuple[int, float]]] = field(
        default_factory=lambda: defaultdict(dict)
    )


def plan_lines(
    plan: TurnPlan, flow: Flow | None = None, *, threshold: float = 0.01, most: int = 12
) -> list[str]:
    """The decision list: stages reached with probability ``threshold`` or more (at most
    ``most`` of them), and their lines taken that often."""
    flow = flow or play_forward(plan)
    stages = _stages(plan, flow)
    order = sorted(
        (owned for owned, stage in stages.items() if stage.entered >= threshold),
        key=lambda owned: (bin(owned).count("1"), -stages[owned].entered),
    )
    turn = plan.turn
    lines: list[str] = []
    for owned in order[:most]:
        stage = stages[owned]
        body = _stage_lines(turn, stage, threshold)
        if not body:
            continue
        taken = [turn.names[i] for i in range(turn.size) if (owned & ~turn.attacker) >> i & 1]
        if taken:
            lines.append(f"With {_join(taken)} taken [{stage.entered:.1%}]:")
        else:
            lines.append("At the start:")
        lines += body
    left = len(order) - most
    if left > 0:
        lines.append(f"({left} rarer stages left out)")
    return lines


def _stage_lines(turn: Turn, stage: _Stage, threshold: float) -> list[str]:
    """A stage's first moves, break-offs and move-ins taken ``threshold`` of the time."""
    lines = []
    for attack, seen in sorted(stage.starts.items(), key=lambda x: -x[1].mass):
        if seen.mass >= threshold:
            lines.append(f"  {_start_text(turn, attack)} [{_seen_text(turn, seen)}]")
    for (attack, then_attack), seen in sorted(stage.breaks.items(), key=lambda x: -x[1].mass):
        if seen.mass >= threshold:
            then = "stop" if then_attack is None else _attack_name(turn, then_attack)
            lines.append(
                f"  break off {_attack_name(turn, attack)}, then {then} [{_seen_text(turn, seen)}]"
            )
    for attack, landings in stage.captures.items():
        mass = sum(m for _, m in landings.values())
        if mass >= threshold:
            source, target = attack
            lines.append(
                f"  on taking {turn.names[target]} from {turn.names[source]}: "
                f"{_move_in_text(turn, landings)} [{mass:.1%}; "
                f"{turn.names[source]} {_span(min(landings), max(landings))}]"
            )
    return lines


def _stages(plan: TurnPlan, flow: Flow) -> dict[int, _Stage]:
    turn = plan.turn
    stages: dict[int, _Stage] = defaultdict(_Stage)
    for state, arrivals in flow.arrivals.items():
        if not turn.attacks(state):
            continue  # the turn is over: nothing to decide
        stage = stages[state.owned]
        for previous, arrived in arrivals.items():
            mass = flow.chance(state, arrived)
            choice = plan.policy[state].following(previous)
            if previous is None:
                stage.entered += mass
                stage.starts[choice.attack].add(mass, _features(state, choice.attack))
                if choice.attack is None:  # say with which armies it stops
                    stage.starts[None].add(0.0, _attackers(state))
            elif choice.attack != previous:
                stage.breaks[previous, choice.attack].add(mass, _features(state, previous))
            if choice.attack is not None and choice.move_in is not None:
                source, target = choice.attack
                captured = sum(
                    float(p)
                    for _, killed, p in turn.steps(state, source, target)
                    if killed == state.armies[target]
                )
                armies = state.armies[source]
                _, before = stage.captures[choice.attack].get(armies, (0, 0.0))
                stage.captures[choice.attack][armies] = (choice.move_in, before + mass * captured)
    return stages


def _features(state: TurnState, attack: Attack | None) -> dict[int, int]:
    return {} if attack is None else {i: state.armies[i] for i in attack}


def _attackers(state: TurnState) -> dict[int, int]:
    """The armies on the attacker's territories that could still attack."""
    return {i: a for i, a in enumerate(state.armies) if a and state.owned >> i & 1}


def _start_text(turn: Turn, attack: Attack | None) -> str:
    if attack is None:
        return "stop"
    return f"attack {_attack_name(turn, attack)}"


def _attack_name(turn: Turn, attack: Attack) -> str:
    return f"{turn.names[attack[1]]} from {turn.names[attack[0]]}"


def _seen_text(turn: Turn, seen: _Seen) -> str:
    parts = [f"{seen.mass:.1%}"]
    armies = [
        f"{turn.names[i]} {'spent' if high == 0 else _span(low, high)}"
        for i, (low, high) in seen.ranges.items()
    ]
    return "; ".join(parts + ([", ".join(armies)] if armies else []))


def _move_in_text(turn: Turn, landings: dict[int, tuple[int, float]]) -> str:
    """The move-in rule, by the armies on the source when the territory falls."""
    stay = turn.rules.stay_behind
    armies = sorted(landings)
    if all(landings[a][0] == a - stay for a in armies):
        return f"move in all but {stay}"
    by_leave = _runs(armies, lambda a: a - landings[a][0])
    by_move = _runs(armies, lambda a: landings[a][0])
    if len(by_leave) <= len(by_move):
        return "; ".join(
            f"with {_span(lo, hi)}: " + ("all but " if leave == stay else "leave ") + str(leave)
            for lo, hi, leave in by_leave
        )
    return "; ".join(f"with {_span(lo, hi)}: move {moved}" for lo, hi, moved in by_move)


def _runs(armies: list[int], rule: Callable[[int], int]) -> list[tuple[int, int, int]]:
    """Consecutive army counts that ``rule`` maps to the same number."""
    runs: list[tuple[int, int, int]] = []
    for a in armies:
        value = rule(a)
        if runs and runs[-1][2] == value:
            runs[-1] = (runs[-1][0], a, value)
        else:
            runs.append((a, a, value))
    return runs


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def value_text(value: Value, exact: bool) -> str:
    """A value as a float, and as ``p/q`` when exact and short."""
    text = f"{float(value):.6f}"
    if exact and len(str(value)) <= 40:
        text += f" = {value}"
    return text


def number_json(name: str, value: Value, exact: bool) -> dict[str, Any]:
    """``{name: float}`` and, for an exact plan, ``{name_exact: "p/q"}``.

    >>> number_json("value", Fraction(1, 4), True)
    {'value': 0.25, 'value_exact': '1/4'}
    """
    obj: dict[str, Any] = {name: float(value)}
    if exact:
        v = Fraction(value)
        obj[f"{name}_exact"] = f"{v.numerator}/{v.denominator}"
    return obj


def choice_json(turn: Turn, state: TurnState, choice: Choice) -> dict[str, Any]:
    """One decision of a plan as JSON: stop, or the attack, its dice and the armies moved in."""
    if choice.attack is None:
        return {"action": "stop"}
    source, target = choice.attack
    obj: dict[str, Any] = {
        "action": "attack",
        "source": turn.names[source],
        "target": turn.names[target],
        "dice": turn.dice(state, source),
    }
    if choice.move_in is not None:
        obj["move_in"] = choice.move_in
    return obj


def first_move(plan: TurnPlan) -> dict[str, Any]:
    """The plan's first decision as JSON (:func:`choice_json` at the start)."""
    return choice_json(plan.turn, plan.start, plan.policy[plan.start])
