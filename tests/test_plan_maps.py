"""The classic board's data, map validation and positions (strategy.risk.turns.maps/position).

Deep imports: the board's data and the position loaders (:mod:`strategy.risk.turns.maps`,
:mod:`strategy.risk.turns.building`), under test.
"""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest

from strategy.risk import classic_map
from strategy.risk.turns.building import build_turn, left_out, load_position, parse_armies
from strategy.risk.turns.maps import load_map, map_from_json

# Continents, bonuses and sizes: the 1993 Parker Brothers rules and the SMG "Draft" wiki,
# as tabulated in the research notes on editions and turns (section 2.3).
CONTINENTS = {
    "Asia": (7, 12),
    "North America": (5, 9),
    "Europe": (5, 7),
    "Africa": (3, 6),
    "South America": (2, 4),
    "Australia": (2, 4),
}
# The 14 borders between continents, as the same notes list them (section 2.4), from
# dartlangfr/risk-codelab and chronitis/pyrisk.
BETWEEN = {
    ("Alaska", "Kamchatka"),
    ("Greenland", "Iceland"),
    ("Central America", "Venezuela"),
    ("Brazil", "North Africa"),
    ("North Africa", "Western Europe"),
    ("North Africa", "Southern Europe"),
    ("Egypt", "Southern Europe"),
    ("Egypt", "Middle East"),
    ("East Africa", "Middle East"),
    ("Middle East", "Southern Europe"),
    ("Middle East", "Ukraine"),
    ("Afghanistan", "Ukraine"),
    ("Ural", "Ukraine"),
    ("Siam", "Indonesia"),
}


def test_classic_board_matches_the_published_counts() -> None:
    board = classic_map()
    assert len(board.territories) == 42
    assert board.edge_count == 83
    assert {c.name: (c.bonus, len(c.territories)) for c in board.continents} == CONTINENTS
    continent_of = {t: c.name for c in board.continents for t in c.territories}
    between = {
        frozenset((a, b))
        for a in board.territories
        for b in board.neighbours[a]
        if continent_of[a] != continent_of[b]
    }
    assert between == {frozenset(edge) for edge in BETWEEN}
    # Degrees from the notes' consensus list, and the 1993 rule text's Alaska-Kamchatka.
    degrees = {"Ontario": 6, "Argentina": 2, "Madagascar": 2, "Japan": 2, "China": 6}
    assert {t: len(board.neighbours[t]) for t in degrees} == degrees
    assert board.borders("Kamchatka", "Alaska")
    assert "dartlangfr/risk-codelab" in board.source


def test_the_disputed_border_is_an_option() -> None:
    assert classic_map().borders("New Guinea", "Western Australia")
    board = classic_map(disputed=False)
    assert board.edge_count == 82
    assert not board.borders("Western Australia", "New Guinea")


def small(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "territories": ["A", "B", "C"],
        "adjacency": {"A": ["B"], "B": ["A", "C"], "C": ["B"]},
        "continents": {"X": {"bonus": 2, "territories": ["B", "C"]}},
    }
    return data | changes


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"adjacency": {"A": ["B"], "B": ["C"], "C": ["B"]}}, "A borders B but B does not"),
        ({"adjacency": {"A": ["D"], "B": [], "C": []}}, "unknown territory 'D'"),
        ({"adjacency": {"A": ["A"], "B": [], "C": []}}, "A borders itself"),
        ({"adjacency": {"Q": []}}, "adjacency names unknown territory 'Q'"),
        (
            {
                "continents": {
                    "X": {"bonus": 2, "territories": ["B"]},
                    "Y": {"bonus": 1, "territories": ["B"]},
                }
            },
            "B is in two continents, X and Y",
        ),
        ({"continents": {"X": {"bonus": 2, "territories": ["Z"]}}}, "unknown territory 'Z'"),
        ({"continents": {"X": {"bonus": -1, "territories": ["B"]}}}, "bonus of X"),
        ({"territories": ["A", "A"]}, "listed twice"),
        ({"disputed": [["A", "C"]]}, "not a border"),
    ],
)
def test_bad_maps_give_one_line(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        map_from_json(small(**changes))
    assert "\n" not in str(error.value)


def test_maps_load_from_files(tmp_path: Path) -> None:
    path = tmp_path / "map.json"
    path.write_text(json.dumps(small(name="tiny")))
    board = load_map(path)
    assert board.name == "tiny" and board.bonus("X") == 2 and board.places("X") == ("B", "C")
    path.write_text("{")
    with pytest.raises(ValueError, match="is not JSON"):
        load_map(path)
    with pytest.raises(ValueError, match="cannot read map"):
        load_map(tmp_path / "missing.json")


def test_names_are_matched_without_case_and_suggested() -> None:
    board = classic_map()
    assert parse_armies(board, " brazil=3 ,PERU=1") == {"Brazil": 3, "Peru": 1}
    with pytest.raises(ValueError, match="did you mean Argentina"):
        parse_armies(board, "Argentinia=2")
    with pytest.raises(ValueError, match="territory=armies"):
        parse_armies(board, "Brazil 3")
    with pytest.raises(ValueError, match="is a continent"):
        board.territory("Africa")


def test_the_region_is_the_target_and_the_attackers_next_to_it() -> None:
    board = classic_map()
    attacker = {"Central America": 9, "Ontario": 4, "North Africa": 5}
    defenders = {"Venezuela": 2, "Brazil": 3, "Peru": 1, "Argentina": 2, "Egypt": 7}
    turn = build_turn(board, attacker, defenders, "South America")
    assert set(turn.names) == {"Central America", "North Africa", *board.places("South America")}
    assert left_out(turn, attacker, defenders) == ("Egypt", "Ontario")
    # Every border in the region is the board's, both ways.
    for i, j in combinations(range(turn.size), 2):
        assert (j in turn.neighbours[i]) == board.borders(turn.names[i], turn.names[j])
    path = build_turn(
        board,
        {"Western United States": 9},
        {"Central America": 1} | defenders,
        "Venezuela",
        region="Central America",
    )
    assert path.names == ("Central America", "Western United States", "Venezuela")


def test_positions_are_checked(tmp_path: Path) -> None:
    board = classic_map()
    with pytest.raises(ValueError, match="no armies given for Peru"):
        build_turn(board, {"Central America": 5}, {"Venezuela": 1}, "Venezuela, Peru")
    with pytest.raises(ValueError, match="given to both"):
        build_turn(board, {"Peru": 5}, {"Peru": 1}, "Peru")
    with pytest.raises(ValueError, match="none of the attacker's territories borders"):
        build_turn(board, {"Japan": 5}, {"Peru": 1}, "Peru")
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"attackers": {}, "goal": "Peru"}))
    with pytest.raises(ValueError, match="unknown field 'goal'"):
        load_position(path)
