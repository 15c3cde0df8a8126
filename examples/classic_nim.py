"""Nim, and the Sprague-Grundy theorem: a sum of different games is played like Nim.

Run: python examples/classic_nim.py
"""

from strategy.classic.nim import analyse_nim
from strategy.classic.octal import OctalGame
from strategy.engine.impartial import Grundy, sum_grundy, sum_winning_moves

position = analyse_nim((3, 4, 5))
print(f"Nim 3 4 5: nim-sum {position.nim_sum}, first player wins: {position.first_player_wins}")
for move in position.winning_moves:
    print(f"  winning move: take {move.take} from heap {move.heap}, leaving {move.leaves}")

# A sum of two different games: a row of 7 Kayles pins and a Nim heap of 4. A component is
# (game name, heaps); the generic engine computes each component's Grundy value from its moves.
kayles = OctalGame.parse("0.77")
Component = tuple[str, tuple[int, ...]]


def moves(component: Component) -> list[Component]:
    name, heaps = component
    if name == "nim":
        return [(name, (left,)) for left in range(heaps[0])]
    return [(name, position) for position in kayles.moves(heaps)]


grundy = Grundy(moves)
game: list[Component] = [("kayles", (7,)), ("nim", (4,))]
for component in game:
    print(f"{component[0]} {component[1]} has Grundy value {grundy(component)}")
print(f"the sum has Grundy value {sum_grundy(grundy, game)} (the XOR); winning moves:")
for sum_move in sum_winning_moves(grundy, moves, game):
    name, heaps = sum_move.position
    print(f"  in the {game[sum_move.component][0]} component, move to heaps {heaps}")
