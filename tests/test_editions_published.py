"""RISK: Global Domination's published figures, and other tools' published numbers for
stop-until and retreat thresholds, reproduced.

Sources: the smgstudio/risk-dice README (the game's dice code as of v3.3): example 1
(one 3 v 2 roll), example 2 (300 v 800 zombies), example 3 (30 v 15 on a capital), example
6 (the troops needed for 80% against 50); kalgynirae/Minerva's README (retreat value).

Deep imports: the Balanced Blitz, blitz, classic and fewest-troops kernels and the dice, each
against published figures.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from strategy.risk import Battle, Resolution, Rules
from strategy.risk.classic import battle_odds
from strategy.risk.dice import rules_roll
from strategy.risk.fewest import minimum_armies
from strategy.risk.variants.balanced_blitz import balance_odds, balanced_win_chance
from strategy.risk.variants.blitz import fewest_needed, fight_odds
from tests.rgd_oracle import balanced_blitz, battle, ordered, win_chance

SMG = Rules(count="attacking")  # SMG counts attacking troops, the one left behind apart
CAPITAL = SMG.with_modifiers(capital=True)


def test_one_roll_loses_two() -> None:
    # smgstudio/risk-dice README, example 1: 0.292566872427984 = 2275/7776.
    roll = rules_roll(SMG, 3, 2)
    assert roll.probability(2, 0) == Fraction(2275, 7776)
    assert float(roll.probability(2, 0)) == pytest.approx(0.292566872427984, abs=1e-15)


@pytest.mark.parametrize("exact", [True, False])
def test_thirty_against_fifteen_on_a_capital(exact: bool) -> None:
    # README example 3: P(the attacker wins having lost exactly 12), i.e. the final state
    # of 18 attacking troops and no defender: true random 0.0222128001707278, Balanced
    # Blitz 0.0100282888709122.
    odds = battle_odds(30, 15, CAPITAL, exact=exact)
    lost_12 = {(a, d): p for a, d, p in odds.final_states}[(18, 0)]
    assert float(lost_12) == pytest.approx(0.0222128001707278, rel=1e-14)
    balanced = {(a, d): p for a, d, p in balance_odds(odds).odds.final_states}
    assert balanced[(18, 0)] == pytest.approx(0.0100282888709122, rel=1e-13)


def test_forty_nine_against_fifty() -> None:
    # README example 6: 49 attacking troops are the fewest with a Balanced Blitz win
    # chance above 0.8 against 50.
    need = fewest_needed(Resolution("balanced-blitz"), (50,), Fraction(4, 5), (SMG,))
    assert need.attackers == 49
    assert need.previous_probability is not None and need.previous_probability < 0.8
    assert need.win_probability > 0.8


def test_zombies() -> None:
    # README example 2: 300 v 800 against zombies (ties to the attacker), true random,
    # 0.8897331 (SMG's DP runs in float32, so the seventh digit may differ).
    zombies = SMG.with_modifiers(zombie_defender=True)
    win = battle_odds(300, 800, zombies, exact=False).win_probability
    assert win == pytest.approx(0.8897331, abs=2e-7)


def test_the_game_helper_is_one_short_where_ours_is_not() -> None:
    # Research notes 1.1: SMG's CalculateIdealUnits returns 31 for D = 50, t = 0.1 in true
    # random, one too few; the true minimum is 32. Checked with the plain recursion.
    need = minimum_armies(50, Fraction(1, 10), SMG)
    assert need.attackers == 32
    assert win_chance(31, 50) < 0.1 <= win_chance(32, 50)


def test_stop_until_and_retreat_differ() -> None:
    # Research notes 1.6's example, 11 attacking v 5 with 7: SMG's stop-until 7 is the
    # battle 4 v 5; Minerva's retreat value 7 (full dice while above 7) wins 50.7% (its
    # README), the same as capturing with at least 8 left in the battle fought out.
    stop = fight_odds(11, 5, Battle.of(rules=SMG, stop_until=7)).win_probability
    assert stop == battle_odds(4, 5, SMG).win_probability
    assert float(stop) == pytest.approx(win_chance(4, 5), rel=1e-14)
    retreat = fight_odds(11, 5, Battle.of(rules=SMG, retreat_at=7)).win_probability
    assert round(float(retreat), 3) == 0.507
    fought_out = battle(11, 5)
    assert retreat == sum(p for (a, d), p in fought_out.items() if d == 0 and a >= 8)


def test_round_tables_of_the_modifiers() -> None:
    # Research notes 1.0 lists SMG's round tables (attacker loses 0, 1, 2, ...): a capital
    # or a wall gives 3 v 3, both 3 v 4 (top 3 compared), a zombie defender 3 v 2 with
    # ties to the attacker.
    def counts(rules: Rules) -> list[int]:
        roll = rules_roll(rules, rules.attacker_dice, rules.defender_dice)
        pairs = min(rules.attacker_dice, rules.defender_dice)
        return [roll.count(lost, pairs - lost) for lost in range(pairs + 1)]

    assert counts(CAPITAL) == [6420, 10017, 12348, 17871]
    assert counts(SMG.with_modifiers(wall=True)) == [6420, 10017, 12348, 17871]
    assert counts(SMG.with_modifiers(capital=True, wall=True)) == [20515, 41531, 65535, 152355]
    assert counts(SMG.with_modifiers(zombie_defender=True)) == [4816, 1981, 979]


def test_the_scalar_win_chance_settles_example_6() -> None:
    # README example 6 again, through the win chance alone (SMG's scalar path), against the
    # four steps written out in tests/rgd_oracle.py: 48 falls short of 0.8, 49 does not.
    for attackers in (48, 49):
        odds = battle_odds(attackers, 50, SMG)
        masses, wins = ordered({s[:2]: s[2] for s in odds.final_states}, attackers, 50)
        expected = sum(balanced_blitz(masses, wins)[:wins])
        scalar = balanced_win_chance(odds.win_probability)
        assert float(scalar) == pytest.approx(expected, abs=1e-12)
        assert (scalar > Fraction(4, 5)) == (attackers == 49)
