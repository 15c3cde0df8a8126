"""One declaration per capability: its request, the function that answers it, and its cost.

A request (:mod:`~strategy.risk.requests.battles`, :mod:`~strategy.risk.requests.grids`,
:mod:`~strategy.risk.requests.paths`, :mod:`~strategy.risk.requests.trials`,
:mod:`~strategy.risk.requests.plans`)
is a frozen dataclass whose fields carry their type, default, help, label and choices
(:mod:`strategy.engine.fields`); :class:`Capability` pairs it with ``run`` (the
library call that answers it) and ``estimate`` (its :class:`~strategy.risk.requests.cost.Cost`
before any work). Every surface derives from :data:`CAPABILITIES`: the command line's
options and help (``strategy.cli``), the web API's parameters, validation, OpenAPI schema
and form (``strategy.serve``); the Python functions of :mod:`strategy.risk` take the same
keywords (a test holds them equal).

>>> capability = CAPABILITIES["odds"]
>>> request = capability.request(attackers=10, defenders=6)
>>> capability.estimate(request).states
77
>>> round(capability.json(request, capability.run(request, None))["win_probability"], 3)
0.808

(Osborne (2003): 9 attacking armies against 6 win 0.808; A counts the territory's 10.)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from strategy.risk.kernels.geometry import Progress
    from strategy.risk.requests.cost import Cost


def _to_json(request: Any, result: Any) -> Any:
    return result.to_json()


@dataclass(frozen=True)
class Capability:
    """One capability: its ``name`` (the command, the endpoint), its one-line ``summary``,
    its ``request`` class, the function that answers a request (with a progress callback),
    its cost estimate and the JSON of its answer."""

    name: str
    summary: str
    request: type[Any]
    run: Callable[[Any, Progress | None], Any]
    estimate: Callable[[Any], Cost]
    json: Callable[[Any, Any], Any] = _to_json


#: Each capability's name, in the order every surface lists them, with the module of
#: requests that declares it (its request class, named as the capability, its ``run_NAME``
#: and, where its JSON is not its answer's own, ``NAME_json``) and the module of its
#: ``estimate_NAME``: a capability's modules load when it is first asked for.
DECLARED = {
    "odds": ("battles", "cost"),
    "table": ("grids", "cost"),
    "strategy": ("grids", "cost"),
    "chain": ("paths", "cost"),
    "need": ("paths", "cost"),
    "left": ("battles", "cost"),
    "commit": ("trials", "trials"),
    "simulate": ("trials", "trials"),
    "plan": ("plans", "plans"),
    "fortify": ("plans", "plans"),
}
#: Each capability's one-line summary (its command's help, its endpoint's).
SUMMARIES = {
    "odds": "P(capture), expected armies left and the final-state distribution of one battle",
    "table": "a table of battle values: rows are attacking armies, columns defending armies",
    "strategy": "optimal play at every state: the defender's rule, the attacker's dice, stops",
    "chain": "attack a path of territories in turn: P(conquering all) and where the attack ends",
    "need": "minimum troops: the fewest attacking armies with P(capture) >= a target",
    "left": "P(capture with at least K armies left) and P(defender worn down to at most K)",
    "commit": "how many troops to commit to an attack (RGD's slider): the best per objective",
    "simulate": "Monte Carlo estimates with confidence intervals, checked against the exact values",
    "plan": "plan a whole attack phase on the map: P(taking a continent) under optimal play",
    "fortify": "place the defender's armies before the attacker's turn: the placement that "
    "holds the attacker's optimal plan lowest",
}


def capability_of(name: str) -> Capability:
    """The capability :data:`DECLARED` names, its modules loaded.

    >>> capability_of("left").run.__name__, capability_of("left").estimate.__module__
    ('run_left', 'strategy.risk.requests.cost')
    """
    where, costs = DECLARED[name]
    requests = importlib.import_module(f"strategy.risk.requests.{where}")
    return Capability(
        name,
        SUMMARIES[name],
        getattr(requests, name.capitalize()),
        getattr(requests, f"run_{name}"),
        getattr(importlib.import_module(f"strategy.risk.requests.{costs}"), f"estimate_{name}"),
        getattr(requests, f"{name}_json", _to_json),
    )


class Capabilities(Mapping[str, Capability]):
    """Every capability by name, in the order :data:`DECLARED` lists them; a capability's
    module of requests loads when one of its capabilities is first asked for, so that a
    command imports what its answer needs (``strategy risk odds`` not the turn planner's)."""

    def __init__(self) -> None:
        self._loaded: dict[str, Capability] = {}

    def __getitem__(self, name: str) -> Capability:
        if name not in self._loaded:
            self._loaded[name] = capability_of(name)
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(DECLARED)

    def __len__(self) -> int:
        return len(DECLARED)


#: Every capability, by name.
CAPABILITIES = Capabilities()


def check(request: Any) -> Cost:
    """The request's cost, refused (:class:`~strategy.engine.resources.TooLarge`) when over
    the current budget (:mod:`strategy.engine.resources`: the command line's
    ``--max-memory`` and ``--max-seconds``) before any work.

    >>> from strategy.engine.resources import Budget, TooLarge, use_budget
    >>> with use_budget(Budget(seconds=1)):
    ...     try:
    ...         check(CAPABILITIES["odds"].request(attackers=100_000, defenders=100_000))
    ...     except TooLarge as refused:
    ...         print(str(refused).split(" and ")[0], "|", str(refused).rsplit("; ", 1)[1])
    the exact odds of 100000 v 100000 would visit 10,000,200,001 states | use --float
    """
    from strategy.engine.resources import require

    found = estimate(request)
    what = f"{found.what} {found.states:,} states and"
    # Where floats would do, say so (the library's words name the command's option).
    hint = "use --float" if getattr(request, "exact", False) is not False else ""
    require(what, memory=found.memory, seconds=found.seconds, hint=hint)
    return found


def estimate(request: Any) -> Cost:
    """The cost of any request, before any work.

    >>> from strategy.risk.requests.grids import Table
    >>> estimate(Table(max_attackers=10, max_defenders=10)).states
    100
    """
    # In the declared order, loading modules only until the request's own is found.
    return next(c for c in CAPABILITIES.values() if type(request) is c.request).estimate(request)
