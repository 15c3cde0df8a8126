"""The one library entry point for Risk battles, and the one dispatch: ask a question, the
library picks the kernel.

:func:`odds`, :func:`table` and :func:`strategy_matrix` take the battle's terms as a
:class:`~strategy.risk.battle.Battle` or as plain keywords and strings (``choice="sees-roll"``,
``objective="balance:2"``, ``defender_dice=3``, ``count="attacking"``, ``allow_stop=False``),
each named in the signature as the requests name it (:mod:`strategy.risk.requests`): the
play (``choice``, ``objective``, ``allow_stop``), the rules (``edition``, ``attacker_dice``,
``defender_dice``, ``attacker_sides``, ``defender_sides``, ``ties``, ``stay_behind``,
``count``, and RGD's ``capital``, ``wall``, ``zombie_defender``, ``zombie_attacker``) and
the blitz (``dice``, ``balance``, ``stop_until``, ``retreat_at``); ``None`` keeps the
battle's (:func:`~strategy.risk.battle.with_terms`).
A battle resolved otherwise than the classic one (Balanced Blitz, stop-until, retreat-at:
:attr:`Battle.resolution`) is fought by its kernels (:mod:`strategy.risk.variants.blitz`);
wherever nobody has a real choice (:attr:`Battle.classic`) the classic kernels answer, at
any size; elsewhere the optimal-play kernels do. Whichever answers, the result is one
:class:`~strategy.risk.results.BattleOdds` (or :class:`~strategy.risk.tables.BattleTable`)
that records how it was computed (``provenance``). The command line, the web API and
notebooks all ask here, so a Python caller gets every fast path the CLI gets.

Exactness defaults are the same in the CLI and here, one per question: the odds of one
battle are exact (cheap, and "exact first"); a table is float (a 1000 x 1000 table in
floats takes a fraction of a second, in fractions minutes), ``exact=True`` on request.

>>> round(float(odds(10, 6, count="attacking").win_probability), 3)  # Osborne (2003), Table 3
0.861
>>> terms = {"choice": "sees-roll", "objective": "balance:2"}
>>> sees = table(12, 12, **terms)
>>> exact = odds(12, 7, **terms).value  # the exact kernel, one battle
>>> abs(sees.value(12, 7) - exact) < 1e-12  # the float kernel, a whole table
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Unpack

from strategy.engine.errors import InputError
from strategy.engine.keywords import spelled_out
from strategy.risk.battle import Battle, BattleTerms, PlayedTerms, with_terms

# Each question imports the kernels that answer it when asked: the odds of one classic
# battle (the command line's commonest question) need neither optimal play nor a blitz.
if TYPE_CHECKING:
    from strategy.risk.kernels.geometry import Progress
    from strategy.risk.play.matrices import StrategyMatrix
    from strategy.risk.results import BattleOdds
    from strategy.risk.tables import BattleTable

__all__ = ["Battle", "odds", "strategy_matrix", "table"]


@spelled_out(BattleTerms)
def odds(
    attackers: int,
    defenders: int,
    battle: Battle | None = None,
    *,
    exact: bool | None = None,
    progress: Progress | None = None,
    **terms: Unpack[BattleTerms],
) -> BattleOdds:
    """One battle: its value under the battle's objective and how each side starts.

    Where nobody has a real choice, or the battle is resolved as a blitz (Balanced Blitz
    dice, ``stop_until``, ``retreat_at``), the answer holds the whole distribution of
    final states (in floats at any size, memory growing with ``A + D``); otherwise
    optimal play, its value and first moves. Its ``provenance`` says which.

    ``exact=None`` (the default) is exact, except that Balanced Blitz balances the float
    true-random distribution beyond 1000 armies; ``True`` or ``False`` insist.

    >>> odds(3, 2, choice="sees-roll").value < odds(3, 2).value  # the defender sees the dice
    True
    >>> odds(100_000, 100_000, exact=False).provenance.method  # classic: any size, in floats
    'classic'
    >>> odds(3, 2, choice="sees-roll").provenance.describe()
    'optimal, exact'
    >>> rgd = odds(48, 50, dice="balanced-blitz", count="attacking")
    >>> float(rgd.win_probability) > 0.8, float(odds(49, 50, rgd.battle).win_probability) > 0.8
    (False, True)

    The last two are SMG's published figures (smgstudio/risk-dice README: 49 troops beat 50
    with more than 80% under Balanced Blitz, 48 do not).
    """
    battle = with_terms(battle, terms)
    if battle.plain and not battle.classic:
        from strategy.risk.optimal import optimal_odds

        return optimal_odds(attackers, defenders, battle=battle, exact=exact is not False)
    from strategy.risk.variants.blitz import fight_odds

    return fight_odds(attackers, defenders, battle, exact=exact, progress=progress)


@spelled_out(BattleTerms)
def table(
    max_attackers: int,
    max_defenders: int,
    battle: Battle | None = None,
    *,
    exact: bool = False,
    progress: Progress | None = None,
    **terms: Unpack[BattleTerms],
) -> BattleTable:
    """Values of the battle's objective for attackers 1..``max_attackers`` and defenders
    1..``max_defenders``: the classic kernels where nobody has a real choice, else optimal
    play (:class:`~strategy.risk.tables.OptimalTable`, with every cell's play); each
    battle fought as its resolution fights it (Balanced Blitz, a limit; floats under
    Balanced Blitz), with a bound on each cell's error (``provenance``).

    Tables too large for this machine's memory are refused before any work
    (:class:`strategy.engine.resources.TooLarge`, with the size they would need).

    >>> table(2, 1, exact=True).values  # seed 003: Pr(1,1) = 0, Pr(2,1) = 15/36
    ((Fraction(0, 1),), (Fraction(5, 12),))
    >>> limited = table(5, 2, stop_until=2)  # every cell a battle the limit fights
    >>> abs(limited.value(5, 2) - odds(5, 2, stop_until=2).win_probability) < 1e-15
    True
    """
    battle = with_terms(battle, terms)
    from strategy.risk.optimal import optimal_table
    from strategy.risk.variants.blitz import fight_table

    if battle.plain and not battle.classic:
        return optimal_table(
            max_attackers, max_defenders, battle=battle, exact=exact, progress=progress
        )
    return fight_table(max_attackers, max_defenders, battle, exact=exact, progress=progress)


@spelled_out(PlayedTerms)
def strategy_matrix(
    max_attackers: int,
    max_defenders: int,
    battle: Battle | None = None,
    *,
    exact: bool = False,
    progress: Progress | None = None,
    **terms: Unpack[PlayedTerms],
) -> StrategyMatrix:
    """Optimal play at every state as short codes explained in a legend (seed 003's
    strategy matrix, for every choice rule and objective).

    >>> dict(strategy_matrix(3, 3, objective="balance:2").legend)["S"]
    'the attacker should stop'
    """
    battle = with_terms(battle, terms)
    from strategy.risk.optimal import optimal_table
    from strategy.risk.play.matrices import strategy_matrix as describe_matrix

    if not battle.plain:
        raise InputError(
            f"a strategy matrix is for manual rolls, not {battle.resolution.describe()}: a "
            "blitz does not choose its dice"
        )
    solved = optimal_table(
        max_attackers, max_defenders, battle=battle, exact=exact, progress=progress
    )
    return describe_matrix(solved)
