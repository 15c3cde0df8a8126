"""The one adapter between the server and the library: validated parameters in, the JSON
of the matching ``strategy risk`` command's ``--json`` out.

Each function takes the values :func:`strategy.serve.params.validate` returns and runs the
command's own handler in this process, so the answer has exactly the command's shape and
numbers, and its errors (``CliError``, ``ValueError``) the command's words. Progress bars
stay quiet: they draw only on a terminal, and the handler's streams here are strings.

>>> round(odds(attackers=10, defenders=6)["win_probability"], 3)  # Osborne (2003), 9 v 6
0.808
"""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

from strategy.serve.params import ENDPOINTS, command_parser, query_text, to_argv


def _command_json(name: str, values: dict[str, Any]) -> dict[str, Any]:
    given = {key: query_text(value) for key, value in values.items() if value is not None}
    endpoint = ENDPOINTS[name]
    args = command_parser(endpoint.command).parse_args(to_argv(name, given, "--json"))
    # The API never names a file: its parameters hold no --out.
    assert args.out is None and args.format == "json"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        args.handler(args)
    result: dict[str, Any] = json.loads(out.getvalue())
    return result


def odds(**values: Any) -> dict[str, Any]:
    """``strategy risk odds A D --json``: one battle, classic or under optimal play."""
    return _command_json("odds", values)


def table(**values: Any) -> dict[str, Any]:
    """``strategy risk table --json``: a grid of battle values."""
    return _command_json("table", values)


def strategy_matrix(**values: Any) -> dict[str, Any]:
    """``strategy risk strategy --json``: optimal play at every state of a grid."""
    return _command_json("strategy", values)


def chain(**values: Any) -> dict[str, Any]:
    """``strategy risk chain A D1 D2 … --json``: a path of territories attacked in turn."""
    return _command_json("chain", values)


def need(**values: Any) -> dict[str, Any]:
    """``strategy risk need D … --target P --json``: the fewest armies that reach a target."""
    return _command_json("need", values)


def left(**values: Any) -> dict[str, Any]:
    """``strategy risk left A D --json``: the armies-left tails of one battle."""
    return _command_json("left", values)


def plan(**values: Any) -> dict[str, Any]:
    """``strategy risk plan --from … --defenders … --target … --json``: a turn's optimal
    attack phase on the classic board."""
    return _command_json("plan", values)
