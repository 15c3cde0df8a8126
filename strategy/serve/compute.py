"""The one adapter between the server and the library: a validated request in, the
library's answer as JSON out.

:func:`answer` runs the endpoint's capability (:data:`strategy.risk.requests.CAPABILITIES`:
what the ``strategy risk`` command of the same name runs) and returns its result's JSON,
the same the command prints with ``--json``; errors are the library's ``InputError`` (a
``ValueError``). Nothing here draws progress: a worker has no terminal.

>>> from strategy.risk.requests.battles import Odds
>>> round(answer("odds", Odds(attackers=10, defenders=6))["win_probability"], 3)
0.808

(Osborne (2003): 9 attacking armies against 6 win 0.808; A counts the territory's 10.)
"""

from __future__ import annotations

from typing import Any

from strategy.risk.requests import CAPABILITIES


def answer(name: str, request: Any) -> Any:
    """The JSON (as Python values) of the endpoint's capability for ``request``."""
    capability = CAPABILITIES[name]
    return capability.json(request, capability.run(request, None))
