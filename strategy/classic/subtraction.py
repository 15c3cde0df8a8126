"""Subtraction games: take any number in a fixed set from a heap; the last to move wins.

The Bash game of seed 002 is the set ``{1, ..., m}``: the player to move loses exactly when
the heap is a multiple of ``m + 1`` (Bachet 1612). Every subtraction game is the octal game
with digit 3 at each number that may be taken, so its Grundy values and its period, proven by
the Guy-Smith theorem, come from :mod:`strategy.classic.octal`; the set itself is kept as it
is, so that a set such as ``{1000000}`` costs nothing for its size.

>>> game = SubtractionGame.bash(3)
>>> game.code, game.winning_takes(10)
('0.333', (2,))
>>> SubtractionGame((1, 3, 4)).analyse(30).period
7
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from strategy.classic.base import register_heap_game
from strategy.classic.octal import OctalAnalysis, OctalGame, analyse_octal
from strategy.engine.errors import InputError
from strategy.engine.heap_grundy import HeapRules
from strategy.engine.registry import Parameter

__all__ = ["MAX_CODE_DIGITS", "SubtractionGame", "bash_winning_take"]

#: The longest octal code given for a subtraction set (its largest take, in digits).
MAX_CODE_DIGITS = 100


#: The largest take the registry's tools offer (each is a move from every heap it fits).
MAX_TAKE = 10_000


@dataclass(frozen=True)
class SubtractionGame:
    """The subtraction game on one heap whose moves take any number in ``takes``.

    >>> SubtractionGame((3, 1, 3)).takes
    (1, 3)
    """

    takes: tuple[int, ...]

    def __post_init__(self) -> None:
        takes = tuple(sorted(set(self.takes)))
        if not takes or takes[0] < 1:
            raise InputError(f"a subtraction set needs positive whole numbers, not {self.takes}")
        object.__setattr__(self, "takes", takes)

    @classmethod
    def bash(cls, most: int) -> SubtractionGame:
        """The Bash game: take 1 to ``most`` counters.

        >>> SubtractionGame.bash(2).takes
        (1, 2)
        """
        return cls(tuple(range(1, most + 1)))

    @property
    def rules(self) -> HeapRules:
        """The moves: each take leaves a smaller heap or empties a heap of exactly that size.

        >>> SubtractionGame((2, 5)).rules.one
        (2, 5)
        """
        return HeapRules(one=self.takes, empty=frozenset(self.takes))

    @property
    def octal(self) -> OctalGame:
        """The same game as an octal game (for sets whose largest take is at most 100).

        >>> SubtractionGame((2, 5)).octal.code
        '0.03003'
        """
        if self.takes[-1] > MAX_CODE_DIGITS:
            raise InputError(
                f"the octal code of a set taking {self.takes[-1]:,} would have that many digits"
            )
        return OctalGame(tuple(3 if k in self.takes else 0 for k in range(1, self.takes[-1] + 1)))

    @property
    def code(self) -> str | None:
        """The octal code of the game, or ``None`` beyond ``MAX_CODE_DIGITS`` digits.

        >>> SubtractionGame((1, 10**6)).code is None
        True
        """
        return self.octal.code if self.takes[-1] <= MAX_CODE_DIGITS else None

    def analyse(
        self,
        up_to: int,
        *,
        progress: Callable[[int, int], None] | None = None,
        max_seconds: float | None = None,
    ) -> OctalAnalysis:
        """Grundy values of heaps 0..``up_to`` and their period (as :func:`analyse_octal`).

        >>> SubtractionGame.bash(2).analyse(8).values
        (0, 1, 2, 0, 1, 2, 0, 1, 2)
        """
        game = self.rules if self.code is None else self.octal
        return analyse_octal(game, up_to, progress=progress, max_seconds=max_seconds)

    def winning_takes(self, heap: int, *, max_seconds: float | None = None) -> tuple[int, ...]:
        """Every take that leaves the opponent a lost heap (none if ``heap`` is lost).

        ``max_seconds`` is as for :meth:`analyse`.

        >>> SubtractionGame((1, 3, 4)).winning_takes(6)
        (4,)
        """
        values = self.analyse(heap, max_seconds=max_seconds).values
        return tuple(t for t in self.takes if t <= heap and values[heap - t] == 0)


def bash_winning_take(heap: int, most: int) -> int | None:
    """Seed 002's rule for the Bash game: take ``heap mod (most + 1)``, or lose if that is 0.

    >>> bash_winning_take(5, 2), bash_winning_take(6, 2)
    (2, None)
    """
    take = heap % (most + 1)
    return take or None


register_heap_game(
    "subtraction",
    lambda takes: SubtractionGame(takes).rules.moves,
    summary="a subtraction game (take a number in the set from one heap) on the given heaps",
    parameters=(
        Parameter(
            "takes",
            "the subtraction set (default 1 2)",
            default=(1, 2),
            minimum=1,
            maximum=MAX_TAKE,
            many=True,
        ),
    ),
    example="10 --takes 1 3 4",
    title=lambda heaps, takes, misere: (
        f"subtraction {{{', '.join(map(str, sorted(set(takes))))}}} on {' '.join(map(str, heaps))}"
    ),
)
