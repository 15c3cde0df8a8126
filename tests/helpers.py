"""Helpers that several test modules share: plain walks of a game, one solve for many starts,
and the optimal-play tables checked against that solve.

The walks are written without the package's solver or graph code, so the tests can check those
against them; the generic solver, solving a battle from every start at once, is the reference
the optimal-play tables are checked against, cell by cell. Test modules import them as
``from tests.helpers import …``.

Deep imports: :mod:`strategy.cli.main`, whose ``main`` is the ``strategy`` command's entry point,
run in-process; :mod:`strategy.risk.plays`, the optimal play of one cell, which the tables'
check compares with the solver's moves and mixes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Hashable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import strategy.cli.main
from strategy import solve
from strategy.engine import FLOAT_TIE_TOLERANCE, Game, NodeKind, Result
from strategy.risk import (
    CHOICE_RULES,
    BattleGame,
    BattleState,
    Choice,
    Objective,
    OptimalTable,
    Rules,
)
from strategy.risk.plays import CellPlay, Value

#: Every choice rule, by name.
CHOICES: tuple[Choice, ...] = tuple(CHOICE_RULES)
#: Objectives a player optimises, with a goal and stakes each way.
OBJECTIVES = ("capture", "signed", "keep:3", "balance:0", "balance:2", "balance:5")
#: How far a float table's value may stray from the exact one, relative or absolute.
FLOAT_TOLERANCE = 1e-12


def successors(game: Any, state: Any) -> Iterator[Any]:
    """Every child of ``state``: each chance outcome, action, or pair of simultaneous actions."""
    node_kind = game.kind(state)
    if node_kind is NodeKind.CHANCE:
        yield from (game.child(state, o) for o, _ in game.chance_outcomes(state))
    elif node_kind is NodeKind.SIMULTANEOUS:
        rows, columns = game.joint_actions(state)
        yield from (game.child(state, (r, c)) for r in rows for c in columns)
    elif node_kind is not NodeKind.TERMINAL:
        yield from (game.child(state, a) for a in game.legal_actions(state))


def reachable(game: Game[Any, Any], start: Any = None) -> set[Any]:
    """Every state reachable from ``start`` (the game's start by default), by graph search."""
    start = game.initial_state() if start is None else start
    seen, frontier = {start}, [start]
    while frontier:
        state = frontier.pop()
        for next_state in successors(game, state):
            if next_state not in seen:
                seen.add(next_state)
                frontier.append(next_state)
    return seen


class EveryStart:
    """A game whose first move, by chance, is any of ``starts``: one solve covers them all."""

    def __init__(self, game: BattleGame, starts: Sequence[BattleState]) -> None:
        self.game = game
        self.starts = tuple((start, Fraction(1, len(starts))) for start in starts)

    def initial_state(self) -> Hashable:
        return "root"

    def kind(self, state: Any) -> NodeKind:
        return NodeKind.CHANCE if state == "root" else self.game.kind(state)

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, Fraction]]:
        return self.starts if state == "root" else self.game.chance_outcomes(state)

    def child(self, state: Any, action: Any) -> Any:
        return action if state == "root" else self.game.child(state, action)

    def returns(self, state: Any) -> Fraction | int:
        return self.game.returns(state)

    def legal_actions(self, state: Any) -> Sequence[Any]:
        return self.game.legal_actions(state)

    def joint_actions(self, state: Any) -> tuple[Sequence[Any], Sequence[Any]]:
        return self.game.joint_actions(state)


def solve_every_start(
    size: int,
    rules: Rules,
    objective: Objective,
    choice: Choice,
    allow_stop: bool = True,
    *,
    exact: bool = True,
) -> tuple[BattleGame, Result[Any, Any]]:
    """The battle ``size`` v ``size`` and the generic solver's answer for every start up to it
    (one solve from a chance node over them all covers the whole grid)."""
    game = BattleGame(size, size, rules, objective, choice, allow_stop=allow_stop)
    starts = [
        BattleState(a, d) for a in range(rules.min_attackers, size + 1) for d in range(size + 1)
    ]
    return game, solve(EveryStart(game, starts), exact=exact)


def close(fast: Value, exact: Value) -> bool:
    """Equal up to a float table's round-off."""
    return bool(fast == pytest.approx(float(exact), rel=FLOAT_TOLERANCE, abs=FLOAT_TOLERANCE))


def assert_matches_solver(
    table: OptimalTable, game: BattleGame, exact: Result[Any, Any], result: Result[Any, Any]
) -> None:
    """Every cell of ``table`` as the solver has it (:func:`solve_every_start`): values as
    ``exact`` has them, moves as ``result`` (the solver in the table's mode)."""
    shift = table.objective.start_offset(game.start.attackers, game.start.defenders)
    for a in table.attackers[table.rules.min_attackers - 1 :]:
        for d in table.defenders:
            state = BattleState(a, d)
            # The game counts balance from its own start, the table from each cell.
            expected = exact.values[state] - shift + table.objective.start_offset(a, d)
            value = table.value(a, d)
            assert value == expected if table.exact else close(value, expected), (a, d)
            play = table.play(a, d)
            if game.kind(state) is not NodeKind.MAX:
                assert play.over
                continue
            assert result.optimal_actions[state] == play.attacker, (a, d)
            for dice, roll, answers in play.responses:
                defend = BattleState(a, d, "defend", dice, 0, roll)
                assert result.optimal_actions[defend] == answers, (a, d, dice, roll)
            if table.choice.name == "announce":
                assert_equilibrium(play, exact, a, d)


def assert_equilibrium(play: CellPlay, exact: Result[Any, Any], a: int, d: int) -> None:
    """The mixes guarantee each side the exact stage game's value (read from the solver's
    values of each announced pair): exactly in exact tables, up to the tie tolerance in
    floats. Any equilibrium passes, not only the solver's."""
    solution = exact.mixed[BattleState(a, d, "announce")]
    matrix = [
        [
            Fraction(exact.values[BattleState(a, d, "roll", k, j)])
            for j in range(1, len(play.defender_mix) + 1)
        ]
        for k in range(1, len(play.attacker_mix) + 1)
    ]
    columns = list(zip(*matrix, strict=True))
    exactly = isinstance(play.attacker_mix[0], Fraction)
    tolerance = 0 if exactly else 2 * FLOAT_TIE_TOLERANCE * max(abs(v) for r in matrix for v in r)
    attacker_gets = min(
        sum(p * v for p, v in zip(play.attacker_mix, c, strict=True)) for c in columns
    )
    defender_allows = max(
        sum(q * v for q, v in zip(play.defender_mix, r, strict=True)) for r in matrix
    )
    assert attacker_gets >= solution.value - tolerance, (a, d)
    assert defender_allows <= solution.value + tolerance, (a, d)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run one command line as a user would: exit status, stdout and stderr."""
    try:
        status = strategy.cli.main.main(list(argv))
    except SystemExit as exit_:  # argparse reports its own errors by exiting
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def only_group(group: str) -> object:
    """An autouse fixture that narrows the command to one command group (a module), whatever
    other groups exist, for a test module about that group alone: assign it to a name there,
    as in ``games_only = only_group("strategy.cli.games")``."""

    @pytest.fixture(autouse=True)
    def narrowed(monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(strategy.cli.main, "GROUPS", (group,))

    return narrowed


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    """Run one command line with ``--json``; it must succeed; return what it printed, parsed."""
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out)


#: The repository's root: examples run from there, with its package first on the path.
ROOT = Path(__file__).resolve().parent.parent


def run_example(name: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``examples/<name>`` as a user would, with this tree's package (whichever copy
    happens to be installed), and return what it printed."""
    return subprocess.run(
        [sys.executable, str(ROOT / "examples" / name), *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
