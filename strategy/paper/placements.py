"""Before the attack: what good placement of reinforcements and good fortification are
worth, exactly, from stated positions on the classic board.

>>> REINFORCE[0].position.target, REINFORCE[0].armies
('South America', 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from strategy.paper.common import Section
from strategy.paper.latex import decimal, tabular
from strategy.paper.turns import Position, _armies, _ragged
from strategy.risk.turns import Fortification, Reinforcement, classic_map
from strategy.risk.turns.fortification import fortify_turn
from strategy.risk.turns.placement_report import Placed
from strategy.risk.turns.reinforcement import best_reinforcement


@dataclass(frozen=True)
class Placing:
    """A position and the ``armies`` to place: the attacker's reinforcements, or with
    ``reinforce`` set the defender's armies, the attacker then placing ``reinforce``."""

    position: Position
    armies: int
    reinforce: int | None = None


#: Small enough that all of them solve in a few seconds.
REINFORCE = (
    Placing(
        Position(
            "South America",
            "Central America=8, North Africa=7",
            "Venezuela=2, Brazil=3, Peru=1, Argentina=2",
        ),
        5,
    ),
    Placing(
        Position(
            "South America",
            "Central America=3, North Africa=3",
            "Venezuela=2, Brazil=2, Peru=1, Argentina=1",
        ),
        6,
    ),
    Placing(
        Position(
            "Africa",
            "Brazil=4, Southern Europe=3, Middle East=3",
            "North Africa=1, Egypt=2, East Africa=1, Congo=1, South Africa=1, Madagascar=1",
        ),
        4,
    ),
)
#: The defender's territories start with one army each (the armies given are placeholders).
FORTIFY = (
    Placing(
        Position(
            "Australia",
            "Siam=12",
            "Indonesia=1, New Guinea=1, Western Australia=1, Eastern Australia=1",
        ),
        10,
        0,
    ),
    Placing(
        Position(
            "Australia",
            "Siam=9",
            "Indonesia=1, New Guinea=1, Western Australia=1, Eastern Australia=1",
        ),
        8,
        3,
    ),
    Placing(
        Position(
            "South America",
            "Central America=6, North Africa=5",
            "Venezuela=1, Brazil=1, Peru=1, Argentina=1",
        ),
        8,
        3,
    ),
)


def _added(names: Sequence[str], placed: Placed) -> str:
    """The armies placed: ``Brazil +3``."""
    return ", ".join(f"{n} +{a}" for n, a in placed.named(names).items())


def _held(names: Sequence[str], placed: Placed) -> str:
    """The defender's armies after placing (one each, and those placed): ``Brazil 4``."""
    return ", ".join(f"{n} {1 + a}" for n, a in zip(names, placed.added, strict=True))


def reinforce_table(found: Sequence[tuple[Placing, Reinforcement]]) -> str:
    """One row per position: the best placement against the runner-up and the naive ones."""
    rows = []
    for index, (placing, best) in enumerate(found, start=1):
        runner = best.runner_up
        rows.append(
            [
                str(index),
                placing.position.target,
                _armies(placing.position.attacker),
                _armies(placing.position.defenders),
                str(placing.armies),
                _added(best.names, best.best),
                decimal(best.value, 4),
                "--" if runner is None else decimal(runner.value, 4),
                decimal(best.strongest.value, 4),
                decimal(best.nearest.value, 4),
            ]
        )
    header = ["", "take", "attacker", "defenders", "$R$", "best placement", "best"]
    header += ["runner-up", "strongest", "nearest"]
    align = f"r{_ragged('1.6cm')}{_ragged('2.2cm')}{_ragged('3.6cm')}r{_ragged('2.2cm')}rrrr"
    return tabular(header, rows, align, comment="best_reinforcement, exact, capture-all")


def fortify_table(found: Sequence[tuple[Placing, Fortification]]) -> str:
    """One row per position: the best fortification against spreading evenly and stacking
    the border."""
    rows = [
        [
            str(index),
            placing.position.target,
            _armies(placing.position.attacker),
            str(placing.armies),
            str(placing.reinforce),
            _held(game.names, game.best),
            decimal(game.value, 4),
            decimal(game.even.value, 4),
            decimal(game.border.value, 4),
            f"{game.placements:,}",
            f"{game.plans:,}",
        ]
        for index, (placing, game) in enumerate(found, start=1)
    ]
    header = ["", "take", "attacker", "$D$", "$R$", "best fortification", "best", "even"]
    header += ["border", "placements", "plans"]
    align = f"r{_ragged('1.6cm')}{_ragged('2.2cm')}rr{_ragged('3.8cm')}rrrrr"
    return tabular(header, rows, align, comment="fortify_turn, exact, capture-all")


def _points(value: Fraction | float) -> str:
    """A difference of probabilities in percentage points."""
    return decimal(Fraction(value) * 100, 1)


def placement_sections() -> Section:
    """The two tables, and the largest gains for the prose."""
    board = classic_map()
    reinforced = [(p, best_reinforcement(p.position.turn(board), p.armies)) for p in REINFORCE]
    fortified = [
        (p, fortify_turn(p.position.turn(board), p.armies, reinforcements=p.reinforce or 0))
        for p in FORTIFY
    ]
    numbers = {
        "ReinforcePositions": str(len(REINFORCE)),
        "FortifyPositions": str(len(FORTIFY)),
        "ReinforceGainMost": _points(max(b.value - b.strongest.value for _, b in reinforced)),
        "FortifyEvenMost": _points(max(g.even.value - g.value for _, g in fortified)),
        "FortifyBorderMost": _points(max(g.border.value - g.value for _, g in fortified)),
    }
    files = {"reinforce.tex": reinforce_table(reinforced), "fortify.tex": fortify_table(fortified)}
    return Section(files, numbers)
