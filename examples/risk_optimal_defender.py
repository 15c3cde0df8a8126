"""A defender who sees the attacker's dice (Dutch rules, seed 003), and when to stop attacking.

1. 10 v 10 attacking armies: the classic odds (Osborne 2003: 0.568) against the odds when
   the defender chooses 1 or 2 dice after seeing the attacker's roll.
2. Where the Risk FAQ's rule of thumb ("2 dice if the attacker's second die is 3 or less")
   is optimal, and what it costs the defender to follow it everywhere: the attacker's best
   reply to a defender who always plays the rule, solved by the generic engine.
3. Under balance:T (T armies for a capture, plus defenders killed, minus attackers lost),
   the states where the attacker should stop, for T = 0, 2, 5.

Run: python examples/risk_optimal_defender.py
"""

from strategy.engine.solve import solve
from strategy.risk.battle import Battle
from strategy.risk.game import BattleGame, BattleState
from strategy.risk.objectives import Objective
from strategy.risk.optimal import optimal_odds, optimal_table
from strategy.risk.play.matrices import strategy_matrix
from strategy.risk.rules import Rules


class RuleOfThumbDefender(BattleGame):
    """The sees-roll battle in which the defender always plays the Risk FAQ's rule."""

    def legal_actions(self, state: BattleState) -> tuple[int | str, ...]:
        if state.phase == "defend" and len(state.roll) >= 2:
            return (2 if state.roll[1] <= 3 else 1,)
        return super().legal_actions(state)


attacking = Rules(count="attacking")
classic = optimal_odds(10, 10, Battle(attacking), exact=True).value
seen = optimal_odds(10, 10, Battle(attacking, choice="sees-roll"), exact=True).value
thumb = solve(RuleOfThumbDefender(10, 10, attacking, choice="sees-roll")).value
print("10 v 10 attacking armies, P(capture) under optimal play:")
print(f"  both roll the most dice           {float(classic):.4f}")
print(f"  defender sees the roll            {float(seen):.4f}")
print(f"  defender plays the FAQ's rule     {float(thumb):.4f}")

matrix = strategy_matrix(optimal_table(15, 15, Battle.of(choice="sees-roll")))
print("\nThe defender's optimal choice (rows A = territory armies, columns D);")
print("2<44 is the FAQ's rule, 2<54 one die only against 5-4 or better:")
print("A\\D " + "".join(f"{d:>6}" for d in matrix.table.defenders))
for a, row in zip(matrix.table.attackers, matrix.cells, strict=True):
    print(f"{a:>3} " + "".join(f"{cell.code:>6}" for cell in row))
for code, meaning in matrix.legend:
    if len(code) == 1 and code.isalpha():
        print(f"  {code}: {meaning}")

print("\nWhere the attacker should stop under balance:T (fighting is worth nothing more):")
for reward in (0, 2, 5):
    table = optimal_table(
        12, 12, Battle.of(objective=Objective("balance", reward), choice="sees-roll")
    )
    stops = []
    for a in table.attackers:
        against = [d for d in table.defenders if table.play(a, d).stops]
        if against:
            stops.append(
                f"A={a}: D>={min(against)}"
                if against == list(range(min(against), 13))
                else f"A={a}: D in {against}"
            )
    print(f"  T={reward}: stop at " + "; ".join(stops))
