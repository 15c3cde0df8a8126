"""``strategy risk plan`` on the command line: text, JSON, graphs, position files, errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import networkx as nx  # type: ignore[import-untyped, unused-ignore]
import pytest

from strategy import risk
from tests.helpers import run, run_json

SOUTH = [
    "risk",
    "plan",
    "--from",
    "Central America=8",
    "--defenders",
    "Venezuela=2,Brazil=1,Peru=1,Argentina=1",
    "--target",
    "South America",
]


def test_text_names_the_value_the_first_move_and_the_baselines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, *SOUTH)
    assert status == 0
    assert "P(holding all of South America at the end of the turn)" in out
    assert "First decision: attack Venezuela (2) from Central America (8) with 3 dice" in out
    assert "best fixed chain" in out and "attack everything, move all in" in out
    assert "On taking Venezuela from Central America".lower() in out.lower()


def test_json_holds_value_policy_and_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, *SOUTH, "--json", "--simulate", "2000", "--seed", "3")
    assert status == 0
    data = json.loads(out)
    assert data["exact"] and data["states"] <= data["state_bound"]
    assert data["first_move"]["action"] == "attack"
    assert data["first_move"]["target"] == "Venezuela"
    chain = data["comparison"]["best_chain"]
    assert chain["value"] <= data["value"]
    assert data["comparison"]["attack_everything"]["value"] <= data["value"]
    assert data["policy"][0]["reach"] == 1.0 and data["policy"][0]["taken"] == []
    assert data["simulation"]["trials"] == 2000
    # Every chain is a fixed path: the best one's value is the chain calculator's.
    defenders = {"Venezuela": 2, "Brazil": 1, "Peru": 1, "Argentina": 1}
    odds = risk.chain(8, [defenders[t] for t in chain["path"][1:]])
    assert (
        chain["value_exact"]
        == f"{odds.win_probability.numerator}/{odds.win_probability.denominator}"
    )


def test_a_position_file_and_the_graph(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    position = tmp_path / "turn.json"
    position.write_text(
        json.dumps(
            {
                "attackers": {"Siam": 5},
                "defenders": {"Indonesia": 1, "New Guinea": 1, "Western Australia": 1},
                "target": ["Indonesia", "New Guinea"],
            }
        )
    )
    graph = tmp_path / "plan.graphml"
    status, out, _ = run(
        capsys,
        "risk",
        "plan",
        "--position",
        str(position),
        "--graph",
        str(graph),
        "--objective",
        "territories",
    )
    assert status == 0 and f"wrote {graph}" in out
    read = nx.read_graphml(graph)
    start = read.nodes[read.graph["start"]]
    assert start["label"].startswith("turn | yours Siam 5 |") and start["kind"] == "decision"


def test_the_plan_s_json_holds_its_position_as_a_position_file_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One name on every surface: the plan's JSON names the position's fields as a position
    # file does (as Python's attackers= and the web API do), so they read back as the same
    # turn; the old name "attacker" is refused, naming the fields a file may have.
    first = run_json(capsys, *SOUTH, "--no-compare")
    position = tmp_path / "again.json"
    position.write_text(json.dumps({k: first[k] for k in ("attackers", "defenders", "target")}))
    again = run_json(capsys, "risk", "plan", "--position", str(position), "--no-compare")
    assert again["value_exact"] == first["value_exact"]
    assert again["attackers"] == {"Central America": 8}
    position.write_text(json.dumps({"attacker": {"Central America": 8}}))
    status, _, err = run(capsys, "risk", "plan", "--position", str(position))
    assert status == 2 and "unknown field 'attacker' (attackers, defenders" in err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            ["--target", "Atlantis"],
            "unknown territory or continent 'Atlantis' on the classic map; its continents: "
            "North America,",
        ),
        (["--objective", "keep"], "needs a whole number"),
        (["--objective", "value:x"], "needs a whole number"),
        (["--defenders", "Peru=-1"], "must be a whole number"),
        (["--detail", "2"], "--detail must be a probability"),
        (["--graph", "x.txt"], "unknown graph format"),
        (["--max-states", "5"], "may have up to"),
        (["--map", "/no/such/map.json"], "cannot read map"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    status, _, err = run(capsys, *SOUTH, *extra)
    assert status == 2
    assert message in err and err.count("\n") == 1


def test_value_defaults_to_the_continents_bonus(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, *SOUTH, "--objective", "value", "--json", "--no-compare")
    assert status == 0 and json.loads(out)["objective"] == "value:2"
    status, _, err = run(
        capsys,
        "risk",
        "plan",
        "--from",
        "Central America=5",
        "--defenders",
        "Venezuela=1",
        "--target",
        "Venezuela",
        "--objective",
        "value",
    )
    assert status == 2 and "value needs a bonus" in err


def test_a_refused_plan_gives_its_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    # Two stacks on South America, refused by a small --max-states before any solving; the
    # bounds come without solving, and hold the value the planner finds when allowed.
    position = (
        "--from",
        "Central America=8, North Africa=7",
        "--defenders",
        "Venezuela=2, Brazil=3, Peru=1, Argentina=2",
        "--target",
        "South America",
    )
    status, _, err = run(capsys, "risk", "plan", *position, "--max-states", "100")
    assert status == 2 and err.count("\n") == 1
    found = re.search(
        r"may have up to [0-9,]+ states.*without solving, ([0-9.]+) <= P <= ([0-9.]+)", err
    )
    assert found is not None
    low, high = float(found[1]), float(found[2])
    solved = run_json(capsys, "risk", "plan", *position, "--float", "--no-compare")
    assert 0 < low <= solved["value"] <= high < 1


def test_a_big_plan_without_numba_says_how_to_make_it_faster(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import strategy.risk.turns.level_compiled as compiled

    assert "fast-plans" not in run(capsys, *SOUTH, "--no-compare")[2]
    # As if numba were missing and this small turn were big enough for the compiled loops.
    monkeypatch.setattr(compiled, "compiled_loops", lambda: None)
    monkeypatch.setattr(compiled, "COMPILE_FROM", 1)
    status, out, err = run(capsys, *SOUTH, "--no-compare")
    assert status == 0 and "P(holding all of South America" in out
    assert err.strip() == (
        "strategy risk plan: numba is not installed, so this plan takes the numpy path, "
        "about 4-5x slower than the compiled loops (pip install 'strategy[fast-plans]')"
    )


def test_the_numba_note_and_the_solver_go_by_the_same_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A turn is told about numba exactly when the level solver would take the compiled
    loops: both read the bound without fronts, larger than the one with them on a turn of
    two fronts (bench_plan.py's South America with two stacks)."""
    import strategy.risk.turns.level_compiled as compiled
    from strategy.risk.turns.size import state_bound

    turn = risk.position(
        attackers="Central America=12, North Africa=10",
        defenders="Venezuela=4, Brazil=4, Peru=4, Argentina=4",
        target="South America",
    ).turn
    solved_by, with_fronts = state_bound(turn, fronts=False), state_bound(turn)
    assert with_fronts < solved_by
    monkeypatch.setattr(compiled, "compiled_loops", lambda: None)
    for threshold, compiled_path in (
        (with_fronts, True),
        (solved_by, True),
        (solved_by + 1, False),
    ):
        monkeypatch.setattr(compiled, "COMPILE_FROM", threshold)
        assert (compiled.speed_note(turn) is not None) == compiled_path
