"""Placements compared, for people (text, HTML) and programs (JSON): reinforcement and
fortification results share one shape of row, a placement and its value.

>>> from strategy.risk.plan.position import path_turn
>>> from strategy.risk.plan.reinforcement import best_reinforcement
>>> found = best_reinforcement(path_turn(3, (2,)), 2)
>>> print(reinforcement_text(found).splitlines()[0])
Reinforcements: 2 armies on the attacker's territories bordering the path (origin)
>>> reinforcement_json(found)["best"]["placement"]
{'origin': 2}
"""

from __future__ import annotations

import dataclasses
import html
import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from strategy.engine.display import summary
from strategy.engine.extras import require
from strategy.risk.plan.describe import value_text
from strategy.risk.plan.model import Turn
from strategy.risk.plan.solve import TurnPlan, Value

if TYPE_CHECKING:
    from strategy.risk.plan.fortification import Fortification
    from strategy.risk.plan.reinforcement import Placed, Reinforcement

#: Width of a row's label in text.
LABEL = 36


def dumps(obj: dict[str, Any]) -> str:
    """JSON text as the command line writes it."""
    return json.dumps(obj, indent=2)


class Shown:
    """What the results of the placement searches share: the best placement of armies on
    ``territories`` of ``turn`` and its value, and the views: text, JSON (``to_json()`` is
    what the command line prints) and a table for notebooks."""

    turn: Turn
    territories: tuple[int, ...]
    best: Placed
    #: Whether the defender places (fortifying) rather than the attacker (reinforcing).
    defending: ClassVar[bool]

    @property
    def value(self) -> Value:
        """The best placement's value."""
        return self.best.value

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the territories placed on."""
        return tuple(self.turn.names[t] for t in self.territories)

    def text(self) -> str:
        """The placements compared, as text."""
        return _view(self).text(self)

    def to_json(self) -> dict[str, Any]:
        """The placements compared, as the JSON object the command line prints."""
        obj: dict[str, Any] = _view(self).json(self)
        return obj

    def _repr_html_(self) -> str:
        return _view(self).html(self)

    def __repr__(self) -> str:
        """The fields, with territories by name and each placement as the report shows it:
        the armies on each territory (the defender's counted whole, its one army each
        included) and the value."""
        base = _view(self).base

        def shown(name: str, value: Any) -> str:
            if name == "territories":
                return repr(self.names)
            if not hasattr(value, "added"):  # not a Placed (whose module imports this one)
                return summary(value)
            armies = {n: base + a for n, a in zip(self.names, value.added, strict=True)}
            return f"Placed(armies={armies!r}, value={summary(value.value)})"

        body = ", ".join(
            f"{f.name}={shown(f.name, getattr(self, f.name))}"
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if f.repr
        )
        return f"{type(self).__name__}({body})"

    def to_pandas(self, *, fractions: bool = False) -> Any:
        """The placements compared as a DataFrame (pandas: the ``notebook`` extra): one row
        each, the armies placed on each territory (the defender's: all it holds there), and
        the value (``Fraction`` objects with ``fractions=True``)."""
        pandas = require("pandas", "notebook", "to_pandas()")
        view = _view(self)
        rows = [
            (label, *(view.base + a for a in p.added), p.value if fractions else float(p.value))
            for label, p in view.rows(self)
            if p is not None
        ]
        return pandas.DataFrame(rows, columns=["placement", *self.names, "value"]).set_index(
            "placement"
        )


class _View(NamedTuple):
    """How one kind of result shows itself; ``base`` is what each territory holds before
    placing, as shown (the defender's one army each; the attacker's armies are not shown)."""

    text: Callable[[Any], str]
    json: Callable[[Any], Any]
    html: Callable[[Any], str]
    rows: Callable[[Any], list[tuple[str, Placed | None]]]
    base: int


def _view(result: Shown) -> _View:
    if result.defending:
        return _View(
            fortification_text, fortification_json, fortification_html, _fortification_rows, 1
        )
    return _View(reinforcement_text, reinforcement_json, reinforcement_html, _reinforcement_rows, 0)


def _reinforcement_rows(found: Reinforcement) -> list[tuple[str, Placed | None]]:
    return [
        ("best placement", found.best),
        ("runner-up", found.runner_up),
        ("all on the strongest stack", found.strongest),
        ("all nearest the target", found.nearest),
    ]


def _fortification_rows(found: Fortification) -> list[tuple[str, Placed | None]]:
    return [
        ("best fortification", found.best),
        ("spread evenly", found.even),
        ("stack the border", found.border),
    ]


def _added(names: Sequence[str], placed: Placed) -> str:
    return ", ".join(f"{n} +{a}" for n, a in placed.named(names).items()) or "nothing"


def _totals(names: Sequence[str], placed: Placed) -> dict[str, int]:
    """The defender's armies on each territory: one, and what it placed."""
    return {n: 1 + a for n, a in zip(names, placed.added, strict=True)}


def _fortified(names: Sequence[str], placed: Placed) -> str:
    return ", ".join(f"{n} {a}" for n, a in _totals(names, placed).items())


def _where(found: Reinforcement) -> str:
    kind = "bordering" if found.on == "border" else "in the region to take"
    return f"the attacker's territories {kind} {found.turn.target_name}"


def _compared(
    rows: list[tuple[str, Placed | None]],
    shown: Any,
    best: Value,
    exact: bool,
    gain: str,
    sign: int,
) -> list[str]:
    lines = []
    for index, (label, placed) in enumerate(rows):
        if placed is None:
            lines.append(f"  {label}: none (there is one placement)")
            continue
        text = value_text(placed.value, exact)
        if index:
            text = f"{float(placed.value):.6f}   {gain} {_gain(sign, best, placed.value)}"
        lines += [f"  {label:<{LABEL}}{text}", f"    {shown(placed)}"]
    return lines


def _gain(sign: int, best: Value, value: Value) -> str:
    """How much better the best is, signed (``+0.000000``, never ``-0.000000``)."""
    return f"{float(sign * (best - value)) + 0.0:+.6f}"


def _first_move(plan: TurnPlan) -> dict[str, Any]:
    from strategy.risk.plan.report import PlanReport  # with its simulator: loaded when used

    return PlanReport(plan).first_move()


def _number(name: str, value: Value, exact: bool) -> dict[str, Any]:
    from strategy.risk.plan.report import _number

    return _number(name, value, exact)


def _first_text(move: dict[str, Any]) -> str:
    if move["action"] == "stop":
        return "stop: no attack is worth making"
    text = f"attack {move['target']} from {move['source']} with {move['dice']} dice"
    if "move_in" in move:
        text += f", moving in {move['move_in']} if it falls"
    return text


def reinforcement_text(found: Reinforcement) -> str:
    """The best placement, the runner-up and the naive ones, with what the best gains."""
    objective = found.turn.objective.describe(found.turn.target_name)
    lines = [
        f"Reinforcements: {found.reinforcements} armies on {_where(found)} "
        f"({', '.join(found.names)})",
        "  " + _search_text(found),
        "",
        objective,
        *_compared(
            _reinforcement_rows(found),
            lambda p: _added(found.names, p),
            found.value,
            found.exact,
            "best gains",
            1,
        ),
    ]
    return "\n".join(lines)


def _search_text(found: Reinforcement) -> str:
    mode = "exact" if found.exact else "floats"
    planned = (
        "all planned"
        if found.searched == found.placements
        else f"{found.searched:,} planned, the others no better by dominance"
    )
    return (
        f"{found.placements:,} placements, {planned} ({found.states:,} states, {mode}, "
        f"{found.seconds:.2f} s)"
    )


def _placed_json(names: Sequence[str], placed: Placed | None, exact: bool, totals: bool) -> Any:
    if placed is None:
        return None
    shown = _totals(names, placed) if totals else placed.named(names)
    return {"placement": shown} | _number("value", placed.value, exact)


def reinforcement_json(found: Reinforcement) -> dict[str, Any]:
    """The placements compared, with every placement planned."""
    names, exact = found.names, found.exact
    rows = {
        key: _placed_json(names, placed, exact, False)
        for key, (_, placed) in zip(
            ("best", "runner_up", "strongest_stack", "nearest_target"),
            _reinforcement_rows(found),
            strict=True,
        )
    }
    return {
        "reinforcements": found.reinforcements,
        "on": found.on,
        "territories": list(names),
        "objective_text": found.turn.objective.describe(found.turn.target_name),
        "exact": exact,
        **rows,
        "placements": found.placements,
        "planned": found.searched,
        "states": found.states,
        "seconds": found.seconds,
        "first_move": _first_move(found.plan),
        "scores": [
            {"placement": dict(zip(names, added, strict=True))} | _number("value", value, exact)
            for added, value in found.scores
        ],
    }


def fortification_text(found: Fortification) -> str:
    """The best fortification against spreading evenly and stacking the border, and the
    attacker's best reply to it."""
    turn = found.turn
    attacker = ", ".join(
        f"{n} {a}"
        for t, (n, a) in enumerate(zip(turn.names, turn.armies, strict=True))
        if turn.attacker >> t & 1
    )
    then = "plays its optimal plan"
    if found.reinforcements:
        many = "s" if found.reinforcements > 1 else ""
        then = f"places {found.reinforcements} reinforcement{many} and plays its optimal plan"
    mode = "exact" if found.exact else "floats"
    lines = [
        f"Fortification: the defender places {found.armies} armies on "
        f"{', '.join(found.names)} (at least 1 each); then the attacker ({attacker}) {then}",
        f"  {found.placements:,} placements, {found.searched:,} after dominance, "
        f"{found.cut:,} of them settled by lower bounds; {found.plans:,} optimal plans and "
        f"{found.bounds:,} fixed ones, {found.states:,} states, {mode}, {found.seconds:.2f} s",
        "",
        turn.objective.describe(turn.target_name) + ", which the defender holds down to",
        *_compared(
            _fortification_rows(found),
            lambda p: _fortified(found.names, p),
            found.value,
            found.exact,
            "best fortification saves",
            -1,
        ),
        "",
    ]
    if found.reply is not None:
        lines.append(f"The attacker's reply: place {_added(found.reply.names, found.reply.best)}")
    lines.append("First decision: " + _first_text(_first_move(found.plan)))
    return "\n".join(lines)


def fortification_json(found: Fortification) -> dict[str, Any]:
    """The fortifications compared, and the attacker's best reply."""
    names, exact = found.names, found.exact
    obj: dict[str, Any] = {
        "armies": found.armies,
        "territories": list(names),
        "reinforcements": found.reinforcements,
        "on": found.on,
        "objective_text": found.turn.objective.describe(found.turn.target_name),
        "exact": exact,
        "best": _placed_json(names, found.best, exact, True),
        "spread_evenly": _placed_json(names, found.even, exact, True),
        "stack_the_border": _placed_json(names, found.border, exact, True),
        "placements": found.placements,
        "after_dominance": found.searched,
        "settled_by_bounds": found.cut,
        "plans": found.plans,
        "bound_plans": found.bounds,
        "states": found.states,
        "seconds": found.seconds,
        "reply": None if found.reply is None else found.reply.best.named(found.reply.names),
        "first_move": _first_move(found.plan),
    }
    return obj


_STYLE = (
    "<style>.strategy-placements td,.strategy-placements th{padding:2px 8px;text-align:left}"
    ".strategy-placements td.v{text-align:right;font-variant-numeric:tabular-nums}</style>"
)


def _html(
    title: str, rows: list[tuple[str, Placed | None]], shown: Any, best: Value, sign: int
) -> str:
    body = "".join(
        f"<tr><th>{html.escape(label)}</th><td>{html.escape(shown(p))}</td>"
        f'<td class="v">{float(p.value):.6f}</td>'
        f'<td class="v">{_gain(sign, best, p.value)}</td></tr>'
        for label, p in rows
        if p is not None
    )
    return (
        f'{_STYLE}<table class="strategy-placements"><caption>{html.escape(title)}</caption>'
        f"<tr><th></th><th>placement</th><th>value</th><th>best is better by</th></tr>"
        f"{body}</table>"
    )


def reinforcement_html(found: Reinforcement) -> str:
    """The placements compared, as an HTML table for notebooks."""
    title = (
        f"{found.reinforcements} reinforcements on {_where(found)}: "
        f"{found.turn.objective.describe(found.turn.target_name)}"
    )
    return _html(
        title, _reinforcement_rows(found), lambda p: _added(found.names, p), found.value, 1
    )


def fortification_html(found: Fortification) -> str:
    """The fortifications compared, as an HTML table for notebooks."""
    title = (
        f"the defender's {found.armies} armies on {', '.join(found.names)}: "
        f"{found.turn.objective.describe(found.turn.target_name)}"
    )
    return _html(
        title, _fortification_rows(found), lambda p: _fortified(found.names, p), found.value, -1
    )
