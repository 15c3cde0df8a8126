"""Turn planning: P(taking a continent this turn) from stated positions on the classic board,
under the optimal plan, the best fixed chain and "attack everything, move everything in";
and the move-in rule the optimal plans follow.

>>> POSITIONS[0].target, POSITIONS[0].attacker
('South America', 'Central America=14')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from strategy.paper.common import Section
from strategy.paper.latex import decimal, tabular
from strategy.paper.move_in import CLASSES, Census, move_in_census
from strategy.paper.published import SIPOLAC_CHAIN, SIPOLAC_MIN_TROOPS
from strategy.risk.fewest import minimum_armies
from strategy.risk.paths import chain_odds
from strategy.risk.rules import Rules
from strategy.risk.turns import (
    Map,
    Turn,
    TurnPlan,
    build_turn,
    classic_map,
    parse_armies,
    plan_turn,
)
from strategy.risk.turns.baselines import Comparison, compare
from strategy.risk.turns.size import state_bound
from strategy.risk.turns.solve import FLOAT_LIMIT


@dataclass(frozen=True)
class Position:
    """A stated starting position: the territories to take, the attacker's armies and the
    defenders, as ``strategy risk plan`` reads them."""

    target: str
    attacker: str
    defenders: str

    def turn(self, board: Map) -> Turn:
        """The turn on ``board``; a comma in ``target`` lists territories."""
        target = self.target.split(", ") if ", " in self.target else self.target
        return build_turn(
            board, parse_armies(board, self.attacker), parse_armies(board, self.defenders), target
        )


#: Chosen so that every plan solves in well under two seconds (the whole paper regenerates
#: in under a minute): small stacks against one or two armies per territory.
POSITIONS = (
    Position("South America", "Central America=14", "Venezuela=2, Brazil=3, Peru=1, Argentina=2"),
    Position(
        "South America",
        "Central America=8, North Africa=7",
        "Venezuela=2, Brazil=3, Peru=1, Argentina=2",
    ),
    Position(
        "Australia",
        "Siam=12",
        "Indonesia=2, New Guinea=2, Western Australia=2, Eastern Australia=2",
    ),
    Position(
        "Africa",
        "Brazil=12",
        "North Africa=2, Egypt=1, East Africa=2, Congo=1, South Africa=1, Madagascar=1",
    ),
    Position(
        "Europe",
        "North Africa=12",
        "Western Europe=1, Southern Europe=1, Northern Europe=1, Great Britain=1, "
        "Iceland=1, Scandinavia=1, Ukraine=1",
    ),
    Position(
        "North America",
        "Venezuela=12",
        "Central America=1, Western United States=1, Eastern United States=1, Alberta=1, "
        "Ontario=1, Quebec=1, Northwest Territory=1, Greenland=1, Alaska=1",
    ),
    Position(
        "Scandinavia, Iceland, Ural, Siberia",
        "Ukraine=12",
        "Scandinavia=2, Iceland=1, Ural=2, Siberia=1",
    ),
)
#: Asia's size: the smallest stack that could take it, against one army on each.
ASIA = Position(
    "Asia",
    "Ukraine=13",
    "Afghanistan=1, China=1, India=1, Irkutsk=1, Japan=1, Kamchatka=1, Middle East=1, "
    "Mongolia=1, Siam=1, Siberia=1, Ural=1, Yakutsk=1",
)


def _ragged(width: str) -> str:
    """A column of ``width`` set ragged right (long names would stretch the spaces)."""
    return f">{{\\raggedright\\arraybackslash}}p{{{width}}}"


def _armies(text: str) -> str:
    """``Venezuela=2, Brazil=3`` as ``Venezuela 2, Brazil 3``."""
    return ", ".join(part.replace("=", " ") for part in text.split(", "))


def _value(value: Fraction | float | None) -> str:
    return "--" if value is None else decimal(value, 4)


def turns_table(solved: Sequence[tuple[Position, TurnPlan, Comparison]]) -> str:
    """One row per position: the optimal plan against the baselines."""
    rows = [
        [
            str(index),
            position.target,
            _armies(position.attacker),
            _armies(position.defenders),
            f"{plan.states:,}",
            _value(plan.value),
            _value(found.chain_value),
            _value(found.attack_everything),
        ]
        for index, (position, plan, found) in enumerate(solved, start=1)
    ]
    header = ["", "take", "attacker", "defenders", "states", "optimal", "best chain", "all in"]
    return tabular(
        header,
        rows,
        f"r{_ragged('2.2cm')}{_ragged('2.3cm')}{_ragged('5.1cm')}rrrr",
        comment="plan_turn, exact, capture-all",
    )


def census_table(censuses: Sequence[tuple[Position, Census]]) -> str:
    """Per position, the capturing states of each class and how the rule fares."""
    rows = []
    for index, (position, census) in enumerate(censuses, start=1):
        row = [str(index), position.target]
        for kind in CLASSES[:2]:
            row.append(f"{census.rule_optimal[kind]:,} / {census.states[kind]:,}")
        row += [
            f"{census.states['split']:,}",
            f"{census.split_all_in:,}",
            f"{census.split_fewest:,}",
            f"{census.chains_agree:,} / {census.chains:,}",
        ]
        rows.append(row)
    header = [
        "",
        "take",
        "source done: all in best",
        "dead end: fewest best",
        "splits",
        "all in best",
        "fewest best",
        "product rule",
    ]
    return tabular(
        header, rows, "r" + _ragged("2.3cm") + "rrrrrr", comment="strategy.paper.move_in"
    )


def census_numbers(censuses: Sequence[tuple[Position, Census]]) -> dict[str, str]:
    """Totals over every position."""
    numbers: dict[str, str] = {}
    for kind, tag in (("source done", "Done"), ("dead end", "DeadEnd")):
        met = sum(c.states[kind] for _, c in censuses)
        numbers[f"MoveIn{tag}"] = f"{met:,}"
        numbers[f"MoveIn{tag}Best"] = f"{sum(c.rule_optimal[kind] for _, c in censuses):,}"
        numbers[f"MoveIn{tag}Only"] = f"{sum(c.only_optimal[kind] for _, c in censuses):,}"
    numbers["MoveInSplits"] = f"{sum(c.states['split'] for _, c in censuses):,}"
    numbers["MoveInChains"] = f"{sum(c.chains for _, c in censuses):,}"
    numbers["MoveInChainsAgree"] = f"{sum(c.chains_agree for _, c in censuses):,}"
    return numbers


def sipolac_table() -> str:
    """sipolac/risk's published fixed chain, recomputed: the chain the baselines are made of."""
    rules = (Rules(), Rules(defender_sides=8), Rules())
    chain = chain_odds(5, (3, 2, 1), rules).capture_probabilities
    need = minimum_armies((3, 2, 1), Fraction(95, 100), rules)
    rows = [
        [f"P(taking the first {('one', 'two', 'three')[k]})", decimal(p, 15), SIPOLAC_CHAIN[k]]
        for k, p in enumerate(chain)
    ]
    rows.append(
        ["fewest armies for $P \\ge 0.95$", str(need.attackers), str(SIPOLAC_MIN_TROOPS[0])]
    )
    rows.append(["\\quad and their $P$", decimal(need.win_probability, 15), SIPOLAC_MIN_TROOPS[1]])
    return tabular(
        ["5 v 3, 2, 1 (8-sided dice on the second)", "ours", "sipolac/risk README"],
        rows,
        "lll",
        comment="chain_odds and minimum_armies against sipolac/risk's README",
    )


def turn_sections() -> Section:
    """The turn-planning tables and numbers."""
    board = classic_map()
    solved = []
    censuses = []
    for position in POSITIONS:
        plan = plan_turn(position.turn(board))
        solved.append((position, plan, compare(plan)))
        censuses.append((position, move_in_census(plan)))
    numbers = census_numbers(censuses)
    numbers |= {
        "AsiaBound": f"{state_bound(ASIA.turn(board), fronts=False):,}",
        "AsiaArmies": ASIA.attacker.split("=")[1],
        "PlanFloatLimit": f"{FLOAT_LIMIT:,}",
        "TurnPositions": str(len(POSITIONS)),
    }
    files = {
        "turns.tex": turns_table(solved),
        "move_in.tex": census_table(censuses),
        "sipolac.tex": sipolac_table(),
    }
    return Section(files, numbers)
