"""A solved turn for people (text) and programs (JSON): one home for both shapes.

>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.solve import plan_turn
>>> report = PlanReport(plan_turn(path_turn(4, (1,))))
>>> report.first_move()
{'action': 'attack', 'source': 'origin', 'target': 'territory 1', 'dice': 3, 'move_in': 3}
>>> print(report.text().splitlines()[0])
Turn plan: take the path (territory 1)
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from strategy.engine.extras import require
from strategy.risk.turns.baselines import Comparison
from strategy.risk.turns.describe import (
    choice_json,
    first_move,
    number_json,
    plan_lines,
    value_text,
)
from strategy.risk.turns.follow import Flow, play_forward
from strategy.risk.turns.induction import Choice
from strategy.risk.turns.model import TurnState
from strategy.risk.turns.placement_report import Shown
from strategy.risk.turns.rollouts import PlanSimulation
from strategy.risk.turns.solve import TurnPlan, Value

#: Why a baseline of 0 beside a positive optimum is no bug.
BASELINE_ZERO = (
    "(0: moving every army in leaves none behind, so this plan never turns back or branches "
    "to the rest of the goal; the optimal plan leaves armies where it needs them)"
)


@dataclass(frozen=True)
class PlanReport:
    """A plan with what was measured about it: the baselines, a Monte Carlo run, the
    territories of the position left out of the region, the state bound and the time; and,
    where reinforcements were placed first, the placements compared."""

    plan: TurnPlan
    comparison: Comparison | None = None
    simulation: PlanSimulation | None = None
    left_out: tuple[str, ...] = ()
    bound: int | None = None
    seconds: float | None = None
    threshold: float = 0.02
    reinforcement: Shown | None = None
    flow: Flow = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "flow", play_forward(self.plan))

    def first_move(self) -> dict[str, Any]:
        """The first decision as JSON."""
        return first_move(self.plan)

    def _choice(self, state: TurnState, choice: Choice) -> dict[str, Any]:
        return choice_json(self.plan.turn, state, choice)

    def text(self) -> str:
        """The report as text: the position, the values compared, the first move, the plan."""
        plan, turn = self.plan, self.plan.turn
        goal = [turn.names[i] for i in range(turn.size) if turn.target >> i & 1]
        armies = [f"{n} {a}" for i, (n, a) in enumerate(zip(turn.names, turn.armies, strict=True))]
        mine = [a for i, a in enumerate(armies) if turn.attacker >> i & 1]
        theirs = [a for i, a in enumerate(armies) if not turn.attacker >> i & 1]
        lines = [
            f"Turn plan: take {turn.target_name}"
            + (f" ({', '.join(goal)})" if turn.target_name != ", ".join(goal) else ""),
            f"  attacker: {', '.join(mine)}",
            f"  defenders: {', '.join(theirs) or 'none'}",
        ]
        if self.left_out:
            lines.append(f"  not in the region (ignored): {', '.join(self.left_out)}")
        stay = turn.rules.stay_behind
        low = "1" if turn.move_in == "any" else "the dice of the last roll"
        lines += [
            f"  rules: {turn.rules.describe()}; both sides always roll the most dice they may",
            f"  move-in after a capture: at least {low}, at most all but {stay}",
            "  " + self._size_text(),
            "",
            turn.objective.describe(turn.target_name),
            f"  {'optimal plan':<36}{value_text(plan.value, plan.exact)}",
        ]
        lines += self._comparison_lines()
        if self.simulation is not None:
            lines += simulation_lines(self.simulation, plan.value)
        first = plan.policy[plan.start]
        lines += ["", "First decision: " + self._first_text(first)]
        body = plan_lines(plan, self.flow, threshold=self.threshold)
        if body:
            lines += ["", f"Plan (lines taken {self.threshold:.0%} of the time or more):", *body]
            lines.append(
                "An attack goes on until the territory falls or the attacker cannot roll, "
                "unless a 'break off' line says otherwise."
            )
        if self.reinforcement is not None:
            lines = [self.reinforcement.text(), "", *lines]
        return "\n".join(lines)

    def _size_text(self) -> str:
        plan = self.plan
        text = f"{plan.states:,} states, {'exact' if plan.exact else 'floats'}"
        if self.bound is not None:
            text += f" (bound {self.bound:,})"
        if self.seconds is not None:
            text += f", {self.seconds:.2f} s"
        return text

    def _first_text(self, first: Choice) -> str:
        turn, state = self.plan.turn, self.plan.start
        if first.attack is None:
            if not turn.attacks(state):
                return "none: no territory of the attacker's can attack"
            return "stop: no attack is worth making"
        source, target = first.attack
        return (
            f"attack {turn.names[target]} ({state.armies[target]}) from "
            f"{turn.names[source]} ({state.armies[source]}) with {turn.dice(state, source)} dice"
        )

    def _comparison_lines(self) -> list[str]:
        c = self.comparison
        if c is None:
            return []
        lines = []
        if c.best_chain is not None and c.chain_value is not None:
            path = " > ".join(c.best_chain.names(self.plan.turn))
            lines.append(f"  {'best fixed chain':<36}{self._against(c.chain_value)}")
            lines.append(f"    {path} ({c.chains} chains compared)")
        else:
            lines.append("  best fixed chain: none (no territory of the attacker's can start one)")
        lines.append(
            f"  {'attack everything, move all in':<36}{self._against(c.attack_everything)}"
        )
        if c.attack_everything == 0 and self.plan.value > 0:
            lines.append(f"    {BASELINE_ZERO}")
        return lines

    def values(self) -> list[tuple[str, Value]]:
        """The optimal plan's value and the baselines' it was compared with, labelled."""
        c = self.comparison
        found = [("optimal plan", self.plan.value)]
        if c is not None and c.best_chain is not None and c.chain_value is not None:
            path = " > ".join(c.best_chain.names(self.plan.turn))
            found.append((f"best fixed chain ({path})", c.chain_value))
        if c is not None:
            found.append(("attack everything, move all in", c.attack_everything))
        return found

    def to_pandas(self, *, fractions: bool = False) -> Any:
        """The values compared as a DataFrame (pandas: the ``notebook`` extra): the optimal
        plan's and each baseline's, and what the optimal plan gains over it (``Fraction``
        objects with ``fractions=True``, where the plan is exact)."""
        pandas = require("pandas", "notebook", "to_pandas()")
        best = self.plan.value

        def shown(value: Value) -> Value:
            return value if fractions else float(value)

        rows = [(label, shown(value), shown(best - value)) for label, value in self.values()]
        return pandas.DataFrame(rows, columns=["plan", "value", "optimal gains"]).set_index("plan")

    def _against(self, value: Value) -> str:
        gain = float(self.plan.value - value)
        return f"{float(value):.6f}   optimal gains {gain:+.6f}"

    def _repr_html_(self) -> str:
        """The values compared as a table, the first decision and the plan's lines."""
        plan, turn = self.plan, self.plan.turn
        rows = "".join(
            f'<tr><th>{html.escape(label)}</th><td class="v">{float(value):.6f}</td>'
            f'<td class="v">{float(plan.value - value):+.6f}</td></tr>'
            for label, value in self.values()
        )
        lines = "".join(
            f"<li>{html.escape(line)}</li>"
            for line in plan_lines(plan, self.flow, threshold=self.threshold)
        )
        return (
            '<div class="strategy-plan"><table>'
            f"<caption>{html.escape(turn.objective.describe(turn.target_name))}</caption>"
            f"<tr><th></th><th>value</th><th>optimal gains</th></tr>{rows}</table>"
            f"<p>First decision: {html.escape(self._first_text(plan.policy[plan.start]))}</p>"
            f"<p>Plan (lines taken {self.threshold:.0%} of the time or more):</p>"
            f'<ul style="font-family:monospace;list-style:none">{lines}</ul></div>'
        )

    def to_json(self) -> dict[str, Any]:
        """The report as JSON (the CLI's ``plan --json``): the value, first move,
        comparison, plan lines, policy table."""
        plan, turn = self.plan, self.plan.turn
        obj: dict[str, Any] = {
            "target": turn.target_name,
            "region": list(turn.names),
            "attackers": {
                n: a
                for i, (n, a) in enumerate(zip(turn.names, turn.armies, strict=True))
                if turn.attacker >> i & 1
            },
            "defenders": {
                n: a
                for i, (n, a) in enumerate(zip(turn.names, turn.armies, strict=True))
                if not turn.attacker >> i & 1
            },
            "left_out": list(self.left_out),
            "objective": _objective_label(plan),
            "objective_text": turn.objective.describe(turn.target_name),
            "move_in": turn.move_in,
            "choice": "max",
            "exact": plan.exact,
            "states": plan.states,
            "state_bound": self.bound,
            "seconds": self.seconds,
        }
        obj |= number_json("value", plan.value, plan.exact)
        obj["first_move"] = self.first_move()
        if self.comparison is not None:
            obj["comparison"] = self._comparison_json(self.comparison)
        if self.simulation is not None:
            obj["simulation"] = simulation_json(self.simulation, plan.value)
        obj["plan"] = plan_lines(plan, self.flow, threshold=self.threshold)
        obj["policy"] = self._policy_json()
        if self.reinforcement is not None:
            obj["reinforcement"] = self.reinforcement.to_json()
        return obj

    def _comparison_json(self, c: Comparison) -> dict[str, Any]:
        exact = self.plan.exact
        chain: dict[str, Any] | None = None
        if c.best_chain is not None and c.chain_value is not None:
            chain = {"path": list(c.best_chain.names(self.plan.turn))}
            chain |= number_json("value", c.chain_value, exact)
        return {
            "best_chain": chain,
            "chains_compared": c.chains,
            "attack_everything": number_json("value", c.attack_everything, exact),
        }

    def _policy_json(self) -> list[dict[str, Any]]:
        """Every state the plan reaches where something is decided, most likely first."""
        plan, turn = self.plan, self.plan.turn
        rows = []
        for state, arrivals in self.flow.arrivals.items():
            if not turn.attacks(state):
                continue
            choice = plan.policy[state]
            row: dict[str, Any] = {
                "taken": [
                    turn.names[i]
                    for i in range(turn.size)
                    if (state.owned & ~turn.attacker) >> i & 1
                ],
                "armies": {
                    turn.names[i]: a
                    for i, a in enumerate(state.armies)
                    if state.owned >> i & 1 and a
                },
                "defenders": {
                    turn.names[i]: a for i, a in enumerate(state.armies) if not state.owned >> i & 1
                },
                "reach": self.flow.chance(state, sum(arrivals.values())),
            }
            if turn.objective.kind == "keep":
                row["kept"] = state.kept
            row |= number_json("value", plan.values[state], plan.exact)
            row["choice"] = self._choice(state, choice)
            if choice.ties:
                row["ties"] = [self._choice(state, tie) for tie in choice.ties]
            rows.append(row)
        rows.sort(key=lambda r: -r["reach"])
        return rows


def simulation_lines(run: PlanSimulation, value: Value) -> list[str]:
    """A Monte Carlo run of a plan and whether its interval holds the exact ``value``."""
    e = run.estimate
    inside = "contains" if e.contains(value) else "MISSES"
    return [
        f"  {'Monte Carlo of the plan':<36}{e.value:.6f}   {e.confidence:.0%} interval "
        f"[{e.low:.6f}, {e.high:.6f}] {inside} the exact value",
        f"    {run.trials:,} turns, seed {run.seed}",
    ]


def simulation_json(run: PlanSimulation, value: Value) -> dict[str, Any]:
    """:func:`simulation_lines` as JSON."""
    e = run.estimate
    return {
        "trials": run.trials,
        "seed": run.seed,
        "estimate": e.value,
        "low": e.low,
        "high": e.high,
        "confidence": e.confidence,
        "contains_value": e.contains(value),
    }


def _objective_label(plan: TurnPlan) -> str:
    objective = plan.turn.objective
    if objective.kind in ("value", "keep"):
        return f"{objective.kind}:{objective.amount}"
    return objective.kind
