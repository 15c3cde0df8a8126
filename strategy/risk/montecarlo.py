"""Simulated battles checked against the exact engine: :func:`simulate` fights battles at
random (the classic battle, optimal play, or a blitz) and sets each estimate, with its
confidence interval, beside the exact value (``risk simulate``).

>>> checked = simulate(5, 3, trials=20_000, seed=1)
>>> checked.estimates[0].key, checked.estimates[0].inside  # exact P(capture) in its interval
('win_probability', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Unpack

from strategy.engine.display import Summarised
from strategy.engine.errors import InputError
from strategy.engine.keywords import spelled_out
from strategy.engine.resources import require
from strategy.risk.battle import Battle, BattleTerms, with_terms
from strategy.risk.choices import MOST_DICE as MOST_DICE_RULE
from strategy.risk.classic import battle_odds, battle_odds_seconds
from strategy.risk.kernels.geometry import Progress
from strategy.risk.leaves import QUANTITIES, play_terms_json, rules_json
from strategy.risk.objectives import CAPTURE, Objective
from strategy.risk.play.dice_policy import MOST_DICE, Policy
from strategy.risk.resolution import Resolution
from strategy.risk.sampling import Estimate, Simulation, simulation_seconds
from strategy.risk.sampling import simulate as fight
from strategy.risk.variants.blitz import fight_odds

Exact = Callable[[Objective], float | None]

#: Below this many battles the normal approximation behind the means' intervals is poor.
FEW_TRIALS = 30


@dataclass(frozen=True)
class Checked:
    """One quantity: its JSON ``key``, its ``label``, the ``estimate`` and the ``exact``
    value (``None`` where optimal play knows only its objective's value)."""

    key: str
    label: str
    estimate: Estimate
    exact: float | None

    @property
    def inside(self) -> bool | None:
        """Whether the exact value lies inside the interval (``None``: no exact value)."""
        return None if self.exact is None else self.estimate.contains(self.exact)


@dataclass(frozen=True, repr=False)
class SimulationCheck(Summarised):
    """Simulated battles (``simulation``), each quantity's estimate beside its exact value
    at the ``confidence`` level, and how the battles were played (``optimal``: as the
    optimal-play table says)."""

    SHOWN = ("flags",)

    simulation: Simulation
    battle: Battle
    optimal: bool
    confidence: float
    estimates: tuple[Checked, ...]

    @property
    def resolution(self) -> Resolution:
        """How the battles were resolved."""
        return self.battle.resolution

    @property
    def flags(self) -> tuple[str, ...]:
        """The quantities whose exact value lies outside its interval."""
        return tuple(c.key for c in self.estimates if c.inside is False)

    def to_json(self) -> dict[str, Any]:
        """The CLI's ``simulate --json`` shape: the capture estimate at the top level, every
        quantity under ``estimates``, the names of those whose exact value is outside in
        ``flags``; the battle's terms under optimal play, and the dice of a blitz."""
        result = self.simulation
        estimates = {
            c.key: {
                "estimate": c.estimate.value,
                "ci_low": c.estimate.low,
                "ci_high": c.estimate.high,
                "exact": c.exact,
                "inside": c.inside,
            }
            for c in self.estimates
        }
        win = estimates["win_probability"]
        obj = {
            "attackers": result.attackers,
            "defenders": result.defenders,
            "trials": result.trials,
            "seed": result.seed,
            "confidence": self.confidence,
            "win_probability": win["estimate"],
            "ci_low": win["ci_low"],
            "ci_high": win["ci_high"],
            "exact": win["exact"],
            "estimates": estimates,
            "flags": list(self.flags),
            "final_states": [
                {"attacker": a, "defender": d, "battles": n} for a, d, n in result.final_states
            ],
            "rules": rules_json(result.rules),
        }
        if self.optimal:
            obj |= play_terms_json(self.battle)
        return obj | self.resolution.shown_json()

    def text(self, *, play: bool | None = None) -> str:
        """The CLI's ``simulate`` text: how the battles were played (``play``: as optimal
        play, by default when they were), each estimate and its interval beside the exact
        value, and a FLAG line for each exact value outside its interval.

        >>> print(simulate(2, 1, trials=100, seed=1).text().splitlines()[0])
        Simulated battle 2 v 1: 100 battles, seed 1
        """
        result, battle, level = self.simulation, self.battle, f"{self.confidence * 100:.6g}%"
        if play is None:
            play = self.optimal
        how = "both sides always rolling the most dice"
        if not battle.plain:
            balanced = " (the in-game draw: one uniform number per battle)"
            how = battle.resolution.describe() + (balanced if battle.resolution.balanced else "")
        elif play:
            stop = "the attacker may stop" if battle.allow_stop else "no stopping"
            how = (
                f"optimal play for {battle.objective.label}, choice {battle.choice}: "
                f"{battle.choice.summary}; {stop}"
            )
        lines = [
            f"Simulated battle {result.attackers} v {result.defenders}: {result.trials:,} "
            f"battle{'s' if result.trials > 1 else ''}, seed {result.seed}",
            how,
            f"rules: {result.rules.describe()}",
            "",
            f"{'':<26}{'estimate':>10}   {level + ' interval':<24}{'exact':>10}",
        ]
        flags = []
        for quantity in self.estimates:
            label, estimate, exact = quantity.label, quantity.estimate, quantity.exact
            interval = f"[{estimate.low:.6f}, {estimate.high:.6f}]"
            shown = "-" if exact is None else f"{exact:.6f}"
            lines.append(f"{label:<26}{estimate.value:>10.6f}   {interval:<24}{shown:>10}")
            if quantity.inside is False:
                flags.append(f"FLAG: {label}: exact value {exact:.6f} lies outside {interval}")
        lines += [
            "",
            "intervals: Clopper-Pearson for the probability, normal (Agresti-Coull adjusted) "
            "for the means",
            *flags,
        ]
        if not flags:
            lines.append(f"every exact value lies inside its {level} interval")
        if result.trials < FEW_TRIALS:
            lines.append(f"note: below {FEW_TRIALS} battles the normal intervals are unreliable")
        return "\n".join(lines)

    def to_pandas(self) -> Any:
        """One row per quantity: estimate, interval, exact value and whether it is inside
        (pandas: the ``notebook`` extra)."""
        from strategy.engine.extras import require as extra

        pandas = extra("pandas", "notebook", "SimulationCheck.to_pandas")
        rows = [
            (c.key, c.estimate.value, c.estimate.low, c.estimate.high, c.exact, c.inside)
            for c in self.estimates
        ]
        return pandas.DataFrame(
            rows, columns=["quantity", "estimate", "ci_low", "ci_high", "exact", "inside"]
        )


@spelled_out(BattleTerms)
def simulate(
    attackers: int,
    defenders: int,
    battle: Battle | None = None,
    *,
    trials: int = 100_000,
    seed: int | None = None,
    confidence: float = 0.95,
    optimal: bool | None = None,
    progress: Progress | None = None,
    **terms: Unpack[BattleTerms],
) -> SimulationCheck:
    """Fight ``trials`` battles at random and check each estimate against the exact value.

    Both sides roll the most dice, or (``optimal``; by default when the battle's choice
    rule, objective or stopping differ from the classic battle's) play as the optimal-play
    table says; a blitz (Balanced Blitz, ``stop_until``, ``retreat_at``) fights as it does.
    ``seed=None`` draws a fresh seed, recorded in the result.

    >>> checked = simulate(10, 10, trials=2_000, seed=1, stop_until=3)
    >>> [c.key for c in checked.estimates if c.inside is False]
    []
    """
    battle = with_terms(battle, terms)
    if optimal is None:
        optimal = not (
            battle.choice == MOST_DICE_RULE and battle.objective == CAPTURE and battle.allow_stop
        )
    armies = attackers + defenders
    if trials >= 1:  # fewer is refused by the simulator, in its words
        require(
            f"simulating {trials:,} battles of {armies:,} armies",
            seconds=simulation_seconds(trials, armies)
            + battle_odds_seconds(attackers, defenders, battle.rules, exact=False),
        )
    if not battle.plain:
        if optimal:
            raise InputError(
                f"{battle.resolution.describe()}: fought with the most dice to the end, not with "
                "a choice rule, an objective or no stopping"
            )
        result, exact = _blitz(attackers, defenders, battle, trials, seed)
    else:
        policy, exact = (_optimal if optimal else _classic)(attackers, defenders, battle)
        result = fight(
            attackers,
            defenders,
            battle.rules,
            trials=trials,
            seed=seed,
            policy=policy,
            progress=progress,
        )
    quantities = list(QUANTITIES)
    if battle.objective.kind not in [kind for _, _, kind in QUANTITIES]:
        label = battle.objective.label
        quantities.append(("value", f"value ({label})", label))
    estimates = []
    for key, label, kind in quantities:
        estimated = Objective.parse(kind)
        estimate = result.estimate(estimated, confidence)
        estimates.append(Checked(key, label, estimate, exact(estimated)))
    return SimulationCheck(result, battle, optimal, confidence, tuple(estimates))


def _classic(attackers: int, defenders: int, battle: Battle) -> tuple[Policy, Exact]:
    """Both sides roll the most dice; every quantity has an exact value."""
    # Floats from the exact engine: exact to 1e-15, far below any simulation's noise, and
    # fast for battles too long for fractions.
    odds = battle_odds(attackers, defenders, battle.rules, exact=False)
    return MOST_DICE, lambda objective: float(odds.expectation(objective))


def _blitz(
    attackers: int, defenders: int, battle: Battle, trials: int, seed: int | None
) -> tuple[Simulation, Exact]:
    """Battles fought as the blitz fights them, and the exact (float) values to compare."""
    from strategy.risk.variants.draw import draw, roll_blitz

    if battle.resolution.balanced:
        # Drawn as the game draws it, from the distribution the values come from.
        odds = fight_odds(attackers, defenders, battle)
        result = draw(odds, trials=trials, seed=seed)
    else:
        odds = fight_odds(attackers, defenders, battle, exact=False)
        result = roll_blitz(attackers, defenders, battle, trials=trials, seed=seed)
    return result, lambda objective: float(odds.expectation(objective))


def _optimal(attackers: int, defenders: int, battle: Battle) -> tuple[Policy, Exact]:
    """Both sides play as the optimal-play table says; only the objective they optimise
    has an exact value (the optimal value)."""
    from strategy.risk.api import odds
    from strategy.risk.optimal import optimal_table
    from strategy.risk.play.dice_policy import optimal_policy

    value = float(odds(attackers, defenders, battle, exact=False).value)
    # Where no one can move, no one is asked; where no one has a real choice, the most dice.
    policy: Policy = MOST_DICE
    if attackers >= 1 and defenders >= 1 and not battle.classic:
        policy = optimal_policy(optimal_table(attackers, defenders, battle=battle))
    return policy, lambda objective: value if objective == battle.objective else None
