"""What the placement searches' results share, and nothing of either: a placement and its
value (:class:`Placed`), the rows comparing placements, and the views built from those rows
(:class:`Shown`: text lines, an HTML table, a DataFrame). Each result
(:class:`~strategy.risk.turns.reinforcement.Reinforcement`,
:class:`~strategy.risk.turns.fortification.Fortification`) says which rows it compares and
writes its own text and JSON beside its fields.

>>> from strategy.risk.turns.building import path_turn
>>> from strategy.risk.turns.reinforcement import best_reinforcement
>>> found = best_reinforcement(path_turn(3, (2,)), 2)
>>> print(found.text().splitlines()[0])
Reinforcements: 2 armies on the attacker's territories bordering the path (origin)
>>> found.to_json()["best"]["placement"]
{'origin': 2}
"""

from __future__ import annotations

import dataclasses
import html
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from strategy.engine.display import summary
from strategy.engine.extras import require
from strategy.risk.turns.describe import number_json, value_text
from strategy.risk.turns.model import Turn
from strategy.risk.turns.solve import TurnPlan, Value

#: Width of a row's label in text.
LABEL = 36
#: A row comparing placements: its label and the placement (None where there is none).
Row = tuple[str, "Placed | None"]


def dumps(obj: dict[str, Any]) -> str:
    """JSON text as the command line writes it."""
    return json.dumps(obj, indent=2)


@dataclass(frozen=True)
class Placed:
    """A placement: ``added[i]`` armies on the search's ``i``-th territory, and the value
    of the optimal plan after it."""

    added: tuple[int, ...]
    value: Value

    def named(self, names: Sequence[str]) -> dict[str, int]:
        """The armies placed, by territory name (territories given none left out)."""
        return {n: a for n, a in zip(names, self.added, strict=True) if a}


class Shown(ABC):
    """The views a placement search's result shares: the best placement of armies on
    ``territories`` of ``turn`` and its value, compared row by row with the others
    (:meth:`rows`), as an HTML table and a DataFrame. ``base`` is what each territory holds
    before placing, as shown (the defender's one army each; the attacker's armies are not
    shown); ``sign`` is +1 where the placer maximises the value, -1 where it minimises it."""

    turn: Turn
    territories: tuple[int, ...]
    best: Placed
    plan: TurnPlan
    base: ClassVar[int]
    sign: ClassVar[int]

    @property
    def value(self) -> Value:
        """The best placement's value."""
        return self.best.value

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the territories placed on."""
        return tuple(self.turn.names[t] for t in self.territories)

    @abstractmethod
    def rows(self) -> list[Row]:
        """The placements compared, best first, with their labels."""

    @abstractmethod
    def shown(self, placed: Placed) -> str:
        """One placement as a line of text."""

    @abstractmethod
    def title(self) -> str:
        """The HTML table's caption."""

    @abstractmethod
    def text(self) -> str:
        """The placements compared, as text."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The placements compared, as the JSON object the command line prints."""

    def compared(self, exact: bool, gain: str) -> list[str]:
        """Text lines: each row's placement and value, and what the best gains over it."""
        lines = []
        for index, (label, placed) in enumerate(self.rows()):
            if placed is None:
                lines.append(f"  {label}: none (there is one placement)")
                continue
            text = value_text(placed.value, exact)
            if index:
                text = f"{float(placed.value):.6f}   {gain} {self._gain(placed.value)}"
            lines += [f"  {label:<{LABEL}}{text}", f"    {self.shown(placed)}"]
        return lines

    def _gain(self, value: Value) -> str:
        """How much better the best is, signed (``+0.000000``, never ``-0.000000``)."""
        return f"{float(self.sign * (self.value - value)) + 0.0:+.6f}"

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><th>{html.escape(label)}</th><td>{html.escape(self.shown(p))}</td>"
            f'<td class="v">{float(p.value):.6f}</td>'
            f'<td class="v">{self._gain(p.value)}</td></tr>'
            for label, p in self.rows()
            if p is not None
        )
        return (
            f'{_STYLE}<table class="strategy-placements">'
            f"<caption>{html.escape(self.title())}</caption>"
            f"<tr><th></th><th>placement</th><th>value</th><th>best is better by</th></tr>"
            f"{body}</table>"
        )

    def __repr__(self) -> str:
        """The fields, with territories by name and each placement as the report shows it:
        the armies on each territory (the defender's counted whole, its one army each
        included) and the value."""

        def shown(name: str, value: Any) -> str:
            if name == "territories":
                return repr(self.names)
            if not isinstance(value, Placed):
                return summary(value)
            armies = {n: self.base + a for n, a in zip(self.names, value.added, strict=True)}
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
        rows = [
            (label, *(self.base + a for a in p.added), p.value if fractions else float(p.value))
            for label, p in self.rows()
            if p is not None
        ]
        return pandas.DataFrame(rows, columns=["placement", *self.names, "value"]).set_index(
            "placement"
        )


def placed_json(
    placed: Placed | None, exact: bool, shown: Callable[[Placed], dict[str, int]]
) -> Any:
    """One placement as JSON: ``shown(placed)`` and its value (None for none)."""
    if placed is None:
        return None
    return {"placement": shown(placed)} | number_json("value", placed.value, exact)


_STYLE = (
    "<style>.strategy-placements td,.strategy-placements th{padding:2px 8px;text-align:left}"
    ".strategy-placements td.v{text-align:right;font-variant-numeric:tabular-nums}</style>"
)
