"""What a battle's outcome is worth: the quantity a table shows or a player optimises.

Every objective is the expectation of a payoff of the final state, so one
backward recursion serves them all. ``balance:T`` counts armies from the start
of the battle; its payoff is written as a function of the final state plus a
constant that depends only on the start (``start_offset``), which keeps the
recursion independent of where the battle began.

>>> Objective.parse("keep:3").payoff(attackers=3, defenders=0)
1
>>> Objective.parse("balance:5").payoff(4, 0) + Objective.parse("balance:5").start_offset(10, 6)
5

An objective says itself what the kernels need to know of it: whether stopping can pay
(:attr:`Objective.stopping_can_pay`: where it cannot and both sides roll the most dice,
the classic kernels serve), and how its payoffs of unfinished states and its start offsets
split into a row part and a column part (:meth:`Objective.split`). A new objective is a
subclass that overrides :meth:`Objective.payoff` and those; the kernels need no change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from strategy.engine.errors import InputError, echo

Kind = Literal["capture", "signed", "attacker-left", "defender-left", "keep", "balance"]
#: Objectives that only describe the battle fought to the end with the most dice.
DESCRIPTIVE = ("attacker-left", "defender-left")

_DESCRIPTIONS: dict[str, str] = {
    "capture": "probability that the attacker captures the territory",
    "signed": "expected signed outcome: attacker's armies left if it captures, "
    "minus the defender's armies left if it does not",
    "attacker-left": "expected armies left in the attacking territory",
    "defender-left": "expected armies left in the defending territory",
    "keep": "probability of capturing with at least {k} armies left in the attacking territory",
    "balance": "expected balance: {k} if captured, plus defenders killed, minus attackers lost",
}
_PARAMETRISED = ("keep", "balance")


#: The largest number an objective takes (``keep:K``, ``balance:T``, a plan's ``value:BONUS``):
#: far above any army count the package computes, and small enough that float values
#: still count single armies exactly.
MAX_PARAMETER = 1_000_000


def read_parameter(name: str, text: str, example: int) -> int:
    """The whole number from 0 to :data:`MAX_PARAMETER` after ``name:`` in an objective.

    >>> read_parameter("keep", "10", 3)
    10
    >>> read_parameter("keep", "1" + "0" * 30, 3)
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: objective keep needs a whole number from 0 to 1,000,000, \
as in keep:3, not '1000000000000000000000000000000'
    """
    try:
        number = int(text) if len(text) <= len(str(MAX_PARAMETER)) + 1 else -1
    except ValueError:
        number = -1
    if not 0 <= number <= MAX_PARAMETER:
        given = f", not {echo(text)}" if text else ""
        raise InputError(
            f"objective {name} needs a whole number from 0 to {MAX_PARAMETER:,}, as in "
            f"{name}:{example}{given}"
        )
    return number


@dataclass(frozen=True)
class Objective:
    """One objective: its kind and, for ``keep`` and ``balance``, its parameter.

    >>> Objective.parse("capture")
    Objective(kind='capture', parameter=0)
    >>> Objective.parse("keep")
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: objective keep needs a whole number from 0 to 1,000,000, ...
    """

    kind: str
    parameter: int = 0

    @staticmethod
    def parse(text: str | Objective) -> Objective:
        """Read ``capture``, ``signed``, ``attacker-left``, ``defender-left``, ``keep:K``
        or ``balance:T`` (an :class:`Objective` is returned as it is)."""
        if isinstance(text, Objective):
            return text
        name, _, value = text.strip().partition(":")
        if name not in _DESCRIPTIONS:
            raise InputError(
                f"unknown objective {echo(text)}; choose from capture, signed, attacker-left, "
                "defender-left, keep:K, balance:T"
            )
        if name not in _PARAMETRISED:
            if value:
                raise InputError(f"objective {echo(name)} takes no parameter")
            return Objective(name)
        return Objective(name, read_parameter(name, value, 3))

    @property
    def label(self) -> str:
        """The objective as the command line writes it.

        >>> Objective("balance", 2).label
        'balance:2'
        """
        return f"{self.kind}:{self.parameter}" if self.kind in _PARAMETRISED else self.kind

    @property
    def description(self) -> str:
        """A sentence for captions and help."""
        return _DESCRIPTIONS[self.kind].format(k=self.parameter)

    @property
    def is_probability(self) -> bool:
        """Whether values lie in [0, 1] (and can be coloured as odds)."""
        return self.kind in ("capture", "keep")

    @property
    def optimisable(self) -> bool:
        """Whether a player can pursue it: ``attacker-left`` and ``defender-left`` only
        describe the battle fought to the end with the most dice.

        >>> Objective("signed").optimisable, Objective("defender-left").optimisable
        (True, False)
        """
        return self.kind not in DESCRIPTIVE

    @property
    def stopping_can_pay(self) -> bool:
        """Whether stopping before a roll can be worth more than fighting on.

        Under ``capture``, ``keep`` and ``signed`` a fight never ends worse than stopping
        (stopping is worth the least any final state pays), so the attacker's only real
        choice is its dice; ``balance`` counts the armies a fight costs.

        >>> Objective("balance", 2).stopping_can_pay, Objective("signed").stopping_can_pay
        (True, False)
        """
        return self.kind == "balance"

    def payoff(self, attackers: int, defenders: int) -> int:
        """The payoff of a final state, armies counted as the user counts them."""
        captured = defenders == 0
        match self.kind:
            case "capture":
                return int(captured)
            case "signed":
                return attackers if captured else -defenders
            case "attacker-left":
                return attackers
            case "defender-left":
                return defenders
            case "keep":
                return int(captured and attackers >= self.parameter)
            case "balance":
                return self.parameter * captured + attackers - defenders
        raise AssertionError(self.kind)  # pragma: no cover - Kind is exhaustive

    def start_offset(self, attackers: int, defenders: int) -> int:
        """The constant added to a battle's value because of where it started."""
        return defenders - attackers if self.kind == "balance" else 0

    def split(self, part: Part, rows: int, columns: int) -> tuple[list[int], list[int]]:
        """``row[a] + column[d]`` equal to the ``"payoff"`` of the unfinished states
        (``0 <= a <= rows``, ``1 <= d <= columns``; ``column[0] = 0``) or to the
        ``"start_offset"`` (``0 <= d <= columns``).

        Both count armies, so they split this way; two far corners are checked, so an
        objective that broke the rule fails loudly rather than giving wrong numbers.

        >>> Objective("balance", 2).split("payoff", 2, 3)
        ([0, 1, 2], [0, -1, -2, -3])
        >>> Objective("balance", 2).split("start_offset", 2, 3)
        ([0, -1, -2], [0, 1, 2, 3])
        """
        function: Callable[[int, int], int] = getattr(self, part)
        first = 1 if part == "payoff" else 0
        base = function(0, first)
        row = [function(a, first) - base for a in range(rows + 1)]
        column = [function(0, d) if d >= first else 0 for d in range(columns + 1)]
        for a, d in ((rows, columns), (1, columns)):
            if function(a, d) != row[a] + column[d]:
                raise InputError(
                    f"objective {echo(self.label)}: {part} at ({a}, {d}) is not a row part plus "
                    "a column part, which the table kernels need"
                )
        return row, column


CAPTURE = Objective("capture")
#: What :meth:`Objective.split` splits.
Part = Literal["payoff", "start_offset"]
