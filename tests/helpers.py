"""Helpers that several test modules share: plain walks of a game, and one solve for many starts.

They are written without the package's solver or graph code, so the tests can check those
against them. Test modules import them as ``from tests.helpers import …``.

Deep imports: :mod:`strategy.cli.main`, whose ``main`` is the ``strategy`` command's entry point,
run in-process.
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
from strategy.engine import Game, NodeKind
from strategy.risk import CHOICE_RULES, BattleGame, BattleState, Choice

#: Every choice rule, by name.
CHOICES: tuple[Choice, ...] = tuple(CHOICE_RULES)
#: Objectives a player optimises, with a goal and stakes each way.
OBJECTIVES = ("capture", "signed", "keep:3", "balance:0", "balance:2", "balance:5")


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
