"""Minimum troops: the fewest attacking armies that capture with a target probability.

P(capture) never falls when the attacker has more armies (one more army can
always sit out until it is needed), so a doubling search brackets the answer and
a binary search finds it. Every comparison with the target is exact: the target
is a ``Fraction`` and the probabilities are exact unless floats are asked for.

sipolac/risk's README: against territories of 3, 2 and 1 defenders (defender
dice of 6, 8 and 6 sides), 17 armies are the fewest that take all three with
probability at least 0.95 (0.953038…).

>>> from strategy.risk.rules import Rules
>>> rules = [Rules(defender_sides=s) for s in (6, 8, 6)]
>>> need = minimum_armies((3, 2, 1), Fraction("0.95"), rules)
>>> need.attackers, round(float(need.win_probability), 6)
(17, 0.953038)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from strategy.engine.display import Summarised
from strategy.engine.errors import InputError, echo
from strategy.engine.numbers import parse_fraction
from strategy.engine.resources import require
from strategy.risk.battle import Battle
from strategy.risk.choices import ChoiceRule, choice_rule
from strategy.risk.dice import rules_roll
from strategy.risk.kernels.geometry import Progress
from strategy.risk.objectives import CAPTURE, Objective
from strategy.risk.outcomes import FinalStates
from strategy.risk.paths import chain_odds, chain_seconds, per_territory
from strategy.risk.results import Value
from strategy.risk.rules import DEFAULT_RULES, Rules

#: Beyond this many armies the search gives up instead of running for hours.
MAX_ARMIES = 1_000_000


@dataclass(frozen=True, repr=False)
class Need(Summarised):
    """The answer: ``attackers`` reach ``target``; one army fewer does not.

    ``previous_probability`` is P(capture) with ``attackers - 1`` armies, or
    ``None`` when ``attackers`` is the smallest army the rules allow.
    """

    attackers: int
    win_probability: Value
    previous_probability: Value | None
    target: Fraction
    defenders: tuple[int, ...]


def parse_target(text: str) -> Fraction:
    """A target probability from ``'0.8'``, ``'80%'`` or ``'4/5'``, exactly.

    >>> parse_target("0.8"), parse_target("95%")
    (Fraction(4, 5), Fraction(19, 20))
    >>> parse_target("1")
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: the target must lie strictly between 0 and 1 ...
    """
    percent = text.strip().endswith("%")
    value = parse_fraction(
        text.strip().removesuffix("%"), "target: a probability like 0.8, 80% or 4/5"
    )
    value = value / 100 if percent else value
    if not 0 < value < 1:
        raise InputError(
            "the target must lie strictly between 0 and 1 (no army is certain to win), "
            f"not {echo(text)}"
        )
    return value


def fewest(
    probability: Callable[[int], Value],
    target: Fraction,
    smallest: int,
    limit: int = MAX_ARMIES,
    progress: Progress | None = None,
) -> tuple[int, Value, Value | None]:
    """The least ``n >= smallest`` with ``probability(n) >= target`` (non-decreasing).

    Returns ``(n, probability(n), probability(n - 1) or None)``. ``progress(done, total)``
    hears of each evaluation, counting an evaluation at ``n`` as ``n`` units of work (a
    longer battle takes longer); ``total`` adds the evaluations expected near the top of the
    bracket: while it doubles, as many bisections as doublings so far, then those left.

    >>> fewest(lambda n: Fraction(n, 10), Fraction(1, 2), 1)
    (5, Fraction(1, 2), Fraction(2, 5))
    """
    low, high, step = smallest, smallest, 1
    values: dict[int, Value] = {}

    def at(n: int) -> Value:
        if n not in values:
            values[n] = probability(n)
            if progress is not None:
                left = (high - low).bit_length() if bracketed else len(values)
                done = sum(values)
                progress(done, done + left * high)
        return values[n]

    bracketed = False

    # Double the bracket until it holds the answer: low fails (or is the smallest), high passes.
    while at(high) < target:
        low = high + 1
        high = smallest + 2 * step
        step *= 2
        if high > limit:
            raise InputError(f"no army of up to {limit} armies reaches the target")
    bracketed = True
    while low < high:
        middle = (low + high) // 2
        if at(middle) >= target:
            high = middle
        else:
            low = middle + 1
    previous = at(high - 1) if high > smallest else None
    return high, at(high), previous


def minimum_armies(
    defenders: int | Sequence[int],
    target: Fraction,
    rules: Rules | Sequence[Rules] = DEFAULT_RULES,
    *,
    leave: int = 1,
    exact: bool = True,
    choice: ChoiceRule | str = "max",
    objective: Objective = CAPTURE,
    battle: Callable[[int, int, Rules, bool], FinalStates] | None = None,
    progress: Progress | None = None,
) -> Need:
    """The fewest armies (in the rules' count) that conquer the whole path with P >= target.

    One number of defenders is one battle; several are an attack chain
    (see ``strategy.risk.paths``), with ``leave`` armies left in each territory taken.
    For one territory, a ``choice`` rule other than ``max`` or the objective ``keep:K``
    (capture with at least K armies left) asks for the optimal value of that
    probability: both sides choose their dice as well as they can. ``battle`` replaces the
    classic battle in a chain (see :func:`strategy.risk.paths.chain_odds`).

    >>> minimum_armies(1, Fraction(1, 2)).attackers  # 2 v 1 wins 5/12; 3 v 1 wins 1955/2592
    3
    >>> keep_5 = Objective("keep", 5)  # 5 v 1 keeps all five if its first roll wins: 855/1296
    >>> minimum_armies(1, Fraction(1, 2), objective=keep_5).attackers
    5
    """
    path = (defenders,) if isinstance(defenders, int) else tuple(defenders)
    if not path:
        raise InputError("give at least one territory to attack")
    rule_list = per_territory(rules, len(path))
    classic = choice_rule(choice).fixed and objective == CAPTURE
    if not objective.is_probability:
        raise InputError(
            "a target needs a probability objective (capture or keep:K), not "
            f"{echo(objective.label)}"
        )
    if not classic and len(path) > 1:
        raise InputError("choice rules and keep:K are solved for one territory, not for a path")

    if classic and battle is None and len(path) == 1 and target >= Fraction(1, 2):
        require(
            f"finding the fewest armies against {path[0]:,}",
            seconds=_search_seconds(path[0], rule_list[0], exact=exact),
        )

    def probability(attackers: int) -> Value:
        if battle is None:
            # Checked step by step: the search's length depends on where the answer lies.
            require(
                f"finding the fewest armies: P(capture) with {attackers:,} armies",
                seconds=chain_seconds(attackers, path, rule_list, exact=exact),
            )
        if classic:
            chain = chain_odds(attackers, path, rule_list, leave=leave, exact=exact, battle=battle)
            return chain.win_probability
        from strategy.risk.optimal import optimal_odds

        odds = optimal_odds(
            attackers,
            path[0],
            Battle.of(rules=rule_list[0], objective=objective, choice=choice),
            exact=exact,
        )
        return odds.value

    smallest = rule_list[0].min_attackers
    attackers, value, previous = fewest(probability, target, smallest, progress=progress)
    return Need(attackers, value, previous, target, path)


def _search_seconds(defenders: int, rules: Rules, *, exact: bool) -> float:
    """A low estimate of the search for a target of at least 1/2, made before it starts.

    Capturing ``D`` defenders costs the attacker about ``D`` times its mean loss per roll
    over the defender's (the law of large numbers; give or take a few ``sqrt(D)``), so at
    least that many armies are needed; the bisection evaluates about ``log2`` of it
    battles of about that size, and the doubling before it costs about two more.

    >>> _search_seconds(10, Rules(), exact=True) < 1
    True
    """
    counts = rules_roll(rules, rules.attacker_dice, rules.defender_dice).probabilities()
    lost_attackers = sum(a * p for a, _, p in counts)
    lost_defenders = sum(d * p for _, d, p in counts)
    armies = defenders * lost_attackers / lost_defenders - 10 * math.sqrt(defenders)
    answer = max(int(armies), rules.min_attackers)
    steps = math.log2(answer) + 3
    return steps * chain_seconds(answer, (defenders,), (rules,), exact=exact)
