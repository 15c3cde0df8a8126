"""How many troops to commit to an attack: RGD's troop slider, or its stop-until.

Committing ``c`` of the armies that may attack is stop-until ``A - c``: the battle
``c`` v ``D`` (armies that may attack), the rest staying home. Under true random dice more
troops always capture more often and lose more on the way; under Balanced Blitz the loss
distribution is reshaped per battle, so committing fewer troops can lose fewer (the
players' "perfect slider"). For each number committed the curve holds P(capture), the
expected attackers lost (in all and given a capture), the defenders killed and the
balance ``T P(capture) + killed - lost``; for each objective, the best commitment.

>>> from strategy.risk.rules import Rules
>>> curve = commit_curve(6, 1, Rules(count="attacking"))
>>> [(b.objective, b.committed) for b in curve.best]  # true random: all in captures most
[('capture', 6), ('lost-given-capture', 6), ('balance:0', 6)]
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from strategy.engine.display import Summarised
from strategy.engine.errors import InputError
from strategy.engine.extras import require
from strategy.engine.resources import require_memory
from strategy.risk.kernels.classic_float import FloatArray
from strategy.risk.kernels.geometry import Progress
from strategy.risk.leaves import rules_json
from strategy.risk.resolution import TRUE_RANDOM, Resolution
from strategy.risk.rules import Rules
from strategy.risk.variants.balanced_blitz import UNIT
from strategy.risk.variants.blitz import balanced_cell
from strategy.risk.variants.grid import final_distributions, grid_memory

#: Points of the curve text shows; beyond, every k-th (JSON has them all).
TEXT_POINTS = 40

#: What each objective's best commitment means, for text.
MEANINGS = {
    "capture": "most likely to capture",
    "lost-given-capture": "fewest attackers lost given a capture, as likely to capture",
    "balance": "most expected balance: {worth} per capture + defenders killed - attackers lost",
}


@dataclass(frozen=True)
class CommitPoint:
    """One commitment: ``committed`` armies attack, the attack stops at ``stop_until``
    (in ``rules``' count). ``expected_lost_given_capture`` is ``None`` when nothing
    captures."""

    committed: int
    stop_until: int
    win_probability: float
    expected_lost: float
    expected_lost_given_capture: float | None
    expected_killed: float
    balance: float


@dataclass(frozen=True)
class Best:
    """The best commitment for one objective, and its value."""

    objective: str
    committed: int
    stop_until: int
    value: float


@dataclass(frozen=True)
class CommitCurve(Summarised):
    """Every commitment from 1 to all the armies that may attack, and the best ones.

    ``error_bound`` bounds each point's final-state distribution (sum of absolute
    errors); ties within it go to the fewest troops committed.

    >>> curve = commit_curve(5, 2, Rules(count="attacking"))
    >>> curve.to_json()["best"][0]["committed"]  # true random dice: commit everything
    5
    """

    attackers: int
    defenders: int
    rules: Rules
    resolution: Resolution
    worth: int
    points: tuple[CommitPoint, ...]
    best: tuple[Best, ...]
    error_bound: float

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``commit --json`` shape: the best commitment per objective, every
        point, the bound, the rules and the dice."""
        return {
            "attackers": self.attackers,
            "defenders": self.defenders,
            "worth": self.worth,
            "best": [asdict(best) for best in self.best],
            "curve": [asdict(point) for point in self.points],
            "error_bound": self.error_bound,
            "rules": rules_json(self.rules),
        } | self.resolution.to_json()

    def text(self) -> str:
        """The CLI's ``commit`` text: the best commitment per objective, then the curve
        (every k-th point beyond :data:`TEXT_POINTS`) and the error bound.

        >>> curve = commit_curve(2, 1, Rules(count="attacking"))  # 1 v 1: 5/12; 2 v 1: 1955/2592
        >>> print(*curve.text().splitlines()[9:11], sep="\\n")  # doctest: +ELLIPSIS
              1           1    0.416667...
              2           0    0.754244...
        """
        lines = [
            f"Troops to commit: {self.attackers} v {self.defenders}, {self.resolution.describe()}",
            f"rules: {self.rules.describe()}",
            "",
            f"{'objective':<20}{'commit':>7}{'stop-until':>12}{'value':>12}  meaning",
        ]
        for best in self.best:
            meaning = MEANINGS[best.objective.partition(":")[0]].format(worth=self.worth)
            lines.append(
                f"{best.objective:<20}{best.committed:>7}{best.stop_until:>12}{best.value:>12.6f}"
                f"  {meaning}"
            )
        step = max(1, -(-len(self.points) // TEXT_POINTS))
        lines += [
            "",
            f"{'commit':>7}{'stop-until':>12}{'P(capture)':>12}{'E[lost]':>10}"
            f"{'E[lost|capture]':>17}{'balance':>10}",
        ]
        for point in self.points[::step]:
            given = point.expected_lost_given_capture
            lines.append(
                f"{point.committed:>7}{point.stop_until:>12}{point.win_probability:>12.6f}"
                f"{point.expected_lost:>10.4f}{'-' if given is None else f'{given:.4f}':>17}"
                f"{point.balance:>10.4f}"
            )
        if step > 1:
            lines.append(f"(every {step}th commitment; --json lists them all)")
        lines.append(f"each point's final states are within {self.error_bound:.2g} in all of exact")
        return "\n".join(lines)

    def to_pandas(self) -> Any:
        """One row per commitment, columns as :class:`CommitPoint`'s fields (pandas: the
        ``notebook`` extra)."""
        pandas = require("pandas", "notebook", "CommitCurve.to_pandas")
        return pandas.DataFrame([asdict(point) for point in self.points])


def commit_curve(
    attackers: int,
    defenders: int,
    rules: Rules,
    resolution: Resolution = TRUE_RANDOM,
    *,
    worth: int = 0,
    progress: Progress | None = None,
) -> CommitCurve:
    """The curve of ``attackers`` (in ``rules``' count) against ``defenders``.

    Objectives: ``capture`` (most likely to capture), ``lost-given-capture`` (fewest
    attackers lost given a capture, among the commitments most likely to capture) and
    ``balance:worth`` (``worth`` per capture, plus defenders killed, minus attackers lost).
    """
    if resolution.limit is not None:
        raise InputError("commit chooses the stop-until itself: no stop-until or retreat-at")
    if worth < 0:
        raise InputError(f"worth must be a whole number >= 0, not {worth}")
    rules.check_state(attackers, defenders)
    most = attackers - rules.offset
    if most < 1 or defenders < 1:
        raise InputError(f"{attackers} v {defenders} leaves no troops to commit")
    require_memory(grid_memory(most, defenders, rules), f"the commit curve of {most} troops")
    points, bound = [], 0.0
    for n, d, captured, held in final_distributions(most, defenders, rules, progress):
        if d != defenders:
            continue
        if resolution.balanced:
            masses, error = balanced_cell(resolution.balance, captured, held, rules)
        else:
            masses, error = np.concatenate((captured[n:0:-1], held[1:])), 8 * (n + d) * UNIT
        bound = max(bound, error)
        points.append(_point(masses, n, d, attackers - n, worth))
    points.sort(key=lambda p: p.committed)
    return CommitCurve(
        attackers,
        defenders,
        rules,
        resolution,
        worth,
        tuple(points),
        _best(points, worth, bound),
        bound,
    )


def _point(
    masses: FloatArray, committed: int, defenders: int, stop: int, worth: int
) -> CommitPoint:
    """The point of one commitment from its final states, attacker's best first."""
    wins, held = masses[:committed], masses[committed:]
    lost_if_won = np.arange(committed, dtype=np.float64)  # the first capture loses nothing
    p = float(wins.sum())
    lost = float(wins @ lost_if_won) + committed * float(held.sum())
    killed = p * defenders + float(held @ (defenders - np.arange(1, defenders + 1)))
    given = float(wins @ lost_if_won) / p if p > 0 else None
    return CommitPoint(committed, stop, p, lost, given, killed, worth * p + killed - lost)


def _best(points: list[CommitPoint], worth: int, bound: float) -> tuple[Best, ...]:
    """The best point per objective; ties within the error bound to the fewest committed
    (an expectation is off by at most the bound times its largest payoff)."""
    top = max(p.win_probability for p in points)
    likely = [p for p in points if p.win_probability >= top - bound]
    capture = likely[0]
    losses = [(p.expected_lost_given_capture, p) for p in likely]
    known = [(loss, p) for loss, p in losses if loss is not None]
    fewest_lost = min(loss for loss, _ in known) if known else 0.0
    largest = worth + points[-1].committed + max(p.expected_killed for p in points)
    by_loss = next((p for loss, p in known if loss <= fewest_lost + bound * largest), capture)
    most = max(p.balance for p in points)
    balanced = next(p for p in points if p.balance >= most - bound * largest)
    return (
        Best("capture", capture.committed, capture.stop_until, capture.win_probability),
        Best("lost-given-capture", by_loss.committed, by_loss.stop_until, fewest_lost),
        Best(f"balance:{worth}", balanced.committed, balanced.stop_until, balanced.balance),
    )
