"""The one adapter between the server and the library: validated parameters in, the
library's answer as JSON out.

:func:`answer` makes the library call the endpoint's capability declares
(:data:`strategy.params.commands.CAPABILITIES`: the call the ``strategy risk`` command of
the same name makes, with the same checks), and returns its result's JSON, the same the
command prints with ``--json``; errors are the library's ``InputError`` (a ``ValueError``),
in the command's words. Nothing here draws progress: a worker has no terminal.

>>> round(answer("odds", {"attackers": 10, "defenders": 6})["win_probability"], 3)
0.808

(Osborne (2003): 9 attacking armies against 6 win 0.808; A counts the territory's 10.)
"""

from __future__ import annotations

import argparse
from typing import Any

from strategy.params.commands import CAPABILITIES
from strategy.serve.params import ENDPOINTS, endpoint_parser


def answer(name: str, values: dict[str, Any]) -> Any:
    """The JSON (as Python values) of the endpoint's capability for ``values``; a parameter
    left out (or one the endpoint does not take) has its declared default."""
    capability = CAPABILITIES[ENDPOINTS[name].capability]
    parser = endpoint_parser(name)
    declared = {action.dest for action in parser._actions}
    given = {key: parser.get_default(key) for key in declared} | values
    args = argparse.Namespace(**given)
    return capability.json(args, capability.call(args, None))
