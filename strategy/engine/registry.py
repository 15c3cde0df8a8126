"""Games by name: each game module registers itself, and every tool lists games from here.

A module that defines a game calls :func:`register_game` once, at import, with the game's
name, the factory that builds it, the parameters the factory takes and the flags that say
what kind of game it is. The command line's ``mcts`` and ``graph``, the OpenSpiel games of
the interop package and anything else that offers "a game" take the list from
:func:`registered`, so a new game is one module (OpenSpiel's ``REGISTER_SPIEL_GAME`` is
the model).

>>> from strategy.engine.impartial import ImpartialGame
>>> def countdown(start: int) -> ImpartialGame[int]:
...     return ImpartialGame(lambda n: range(n - 1, max(-1, n - 3), -1), start=start)
>>> _ = register_game(
...     "countdown", countdown, summary="take 1 or 2 from a count; who cannot move loses",
...     parameters=(Parameter("start", "the count", default=5, minimum=0),),
...     flags=("impartial",), example="--start 4",
... )
>>> from strategy.engine.solve import solve
>>> solve(load_game("countdown", start=3)).value  # 3 is a multiple of 3: the mover loses
Fraction(-1, 1)
>>> load_game("countdown", start=-1)
Traceback (most recent call last):
...
strategy.engine.errors.InputError: countdown's start must be at least 0, not -1
>>> unregister_game("countdown")
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, cast

from strategy.engine.errors import InputError
from strategy.engine.game import Game

__all__ = [
    "FLAGS",
    "GAME_MODULES",
    "Parameter",
    "RegisteredGame",
    "discover",
    "load_game",
    "register_game",
    "registered",
    "unregister_game",
]

#: What a game may declare about itself; tools choose by them (MCTS skips simultaneous
#: games, an exact comparison of a cyclic game needs value iteration).
FLAGS = {
    "chance": "chance moves (dice, cards)",
    "simultaneous": "both players choose at once (stage games)",
    "cyclic": "states can repeat (the solver iterates to a fixed point)",
    "impartial": "both players have the same moves (Sprague-Grundy theory applies)",
}


@dataclass(frozen=True)
class Parameter:
    """One argument of a game's factory: its name, help, default (``None``: required) and
    type (``int``, ``float``, ``str`` or ``bool``), with the bounds and choices it keeps to;
    ``many`` takes a sequence of them, ``positional`` asks the command line for it without an
    option name.

    >>> Parameter("goal", "points to win", default=10, minimum=1).check("pig", 0)
    Traceback (most recent call last):
    ...
    strategy.engine.errors.InputError: pig's goal must be at least 1, not 0
    """

    name: str
    help: str
    default: Any = None
    kind: type = int
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    many: bool = False
    positional: bool = False

    def check(self, game: str, value: Any) -> Any:
        """``value`` if this parameter takes it, as a tuple when ``many``; else InputError."""
        values: tuple[Any, ...] = tuple(value) if self.many else (value,)
        for one in values:
            if not isinstance(one, self.kind) or (self.kind is int and isinstance(one, bool)):
                raise InputError(f"{game}'s {self.name} must be {self.kind.__name__}, not {one!r}")
            if self.minimum is not None and cast(int, one) < self.minimum:
                raise InputError(
                    f"{game}'s {self.name} must be at least {self.minimum}, not {one!r}"
                )
            if self.maximum is not None and cast(int, one) > self.maximum:
                raise InputError(
                    f"{game}'s {self.name} must be at most {self.maximum}, not {one!r}"
                )
            if self.choices and one not in self.choices:
                raise InputError(
                    f"{game}'s {self.name} must be one of {', '.join(self.choices)}, not {one!r}"
                )
        return values if self.many else value


@dataclass(frozen=True)
class RegisteredGame:
    """A game as registered: see :func:`register_game` for the fields."""

    name: str
    factory: Callable[..., Game[Any, Any]]
    summary: str
    parameters: tuple[Parameter, ...]
    flags: frozenset[str]
    example: str
    payoffs: tuple[float, float] | None
    title: Callable[..., str] | None
    label: Callable[[Any], str]
    attributes: Callable[[Any], dict[str, Any]] | None
    exact_limit: Callable[..., str | None] | None
    states: Callable[..., int] | None

    def arguments(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every parameter's value: ``given`` checked, defaults for the rest."""
        unknown = sorted(set(given) - {p.name for p in self.parameters})
        if unknown:
            names = ", ".join(p.name for p in self.parameters) or "none"
            raise InputError(f"{self.name} takes no {', '.join(unknown)} (its parameters: {names})")
        values = {}
        for parameter in self.parameters:
            value = given.get(parameter.name, parameter.default)
            if value is None:
                raise InputError(f"{self.name} needs its {parameter.name} ({parameter.help})")
            values[parameter.name] = parameter.check(self.name, value)
        return values

    def describe(self, **arguments: Any) -> str:
        """The game with these arguments, in a few words (its title, else name and values)."""
        if self.title is not None:
            return self.title(**arguments)
        shown = " ".join(f"{key}={value}" for key, value in arguments.items())
        return f"{self.name} {shown}".strip()


_GAMES: dict[str, RegisteredGame] = {}


def register_game(
    name: str,
    factory: Callable[..., Game[Any, Any]],
    *,
    summary: str,
    parameters: Sequence[Parameter] = (),
    flags: Iterable[str] = (),
    example: str = "",
    payoffs: tuple[float, float] | None = None,
    title: Callable[..., str] | None = None,
    label: Callable[[Any], str] = repr,
    attributes: Callable[[Any], dict[str, Any]] | None = None,
    exact_limit: Callable[..., str | None] | None = None,
    states: Callable[..., int] | None = None,
) -> RegisteredGame:
    """Register the game ``name``: ``factory(**parameters)`` builds it.

    ``summary`` is a line for listings and ``example`` a sample of arguments as the command
    line takes them. ``flags`` are among :data:`FLAGS`. ``payoffs`` bounds the payoff
    (MCTS scales by it), ``title(**arguments)`` names an instance, ``label(state)`` and
    ``attributes(state)`` describe a state in a state graph, ``exact_limit(**arguments)`` is
    the reason an exact solve is refused (``None``: it is not), and ``states(**arguments)``
    bounds the positions (states but for whose turn it is), so that a tool can refuse a game
    too large before building it. Registering a name twice replaces the first (a module
    imported again).
    """
    unknown = sorted(set(flags) - set(FLAGS))
    if unknown:
        raise ValueError(f"unknown game flags {unknown}; known: {sorted(FLAGS)}")
    entry = RegisteredGame(
        name,
        factory,
        summary,
        tuple(parameters),
        frozenset(flags),
        example,
        payoffs,
        title,
        label,
        attributes,
        exact_limit,
        states,
    )
    _GAMES[name] = entry
    return entry


def unregister_game(name: str) -> None:
    """Forget the game ``name`` (a test's own game, say)."""
    _GAMES.pop(name, None)


def registered() -> Mapping[str, RegisteredGame]:
    """The registered games by name, in name order (read-only)."""
    return MappingProxyType(dict(sorted(_GAMES.items())))


def load_game(name: str, **parameters: Any) -> Game[Any, Any]:
    """The game ``name`` built with ``parameters`` (the rest at their defaults)."""
    try:
        entry = _GAMES[name]
    except KeyError:
        raise InputError(f"no game {name!r}; registered: {', '.join(sorted(_GAMES))}") from None
    return entry.factory(**entry.arguments(parameters))


#: Where strategy's own games are: each module in these registers its games when imported.
#: Named, never imported here (as the package's façade names its subpackages), so this
#: floor imports no game.
GAME_MODULES = ("strategy.classic", "strategy.risk.game")


def discover(*modules: str) -> Mapping[str, RegisteredGame]:
    """Import ``modules`` (default :data:`GAME_MODULES`) and, for a package, every module in
    it, each registering its games; then :func:`registered`.

    >>> {"nim", "tictactoe", "risk"} <= set(discover())
    True
    """
    import importlib
    import pkgutil  # only where games are looked for: the command line starts without it

    for name in modules or GAME_MODULES:
        module = importlib.import_module(name)
        for found in pkgutil.walk_packages(getattr(module, "__path__", ()), f"{name}."):
            importlib.import_module(found.name)
    return registered()
