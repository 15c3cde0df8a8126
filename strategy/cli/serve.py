"""``strategy serve``: the calculator as a web page and a JSON API, served from this machine.

The page answers as you type: P(capture) with the final states, the armies left, what to
roll and when to stop, the defender's answer to each roll, the fewest armies for a target
and a chain of territories. It needs the optional ``serve`` extra (Starlette on uvicorn).

>>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
(True, True, False)
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys
import textwrap
from typing import Any

from strategy.cli.common import CliError, add_parser, number
from strategy.cli.options import nonnegative_int, positive_int
from strategy.engine.errors import echo

SUMMARY = "the calculator in the browser: a page that answers as you type, and a JSON API"
ABOUT = (
    "Serve the Risk calculator: one page (no external assets, usable on a phone) and a JSON "
    "API, on 127.0.0.1 unless --host says otherwise."
)
EPILOG = """examples:
  strategy serve                                  # then open http://127.0.0.1:8000
  strategy serve --port 8080
  strategy serve --host 0.0.0.0 --port 8000       # phones on the same network (warns)
  strategy serve --workers 4 --timeout 30 --cache-mb 256
  strategy serve --max-connections 50 --header-timeout 5

The JSON API has one GET endpoint per capability of strategy.risk:
{endpoints}
each answering with the JSON of the `strategy risk` command of the same name, its
parameters the capability's fields (named as the library names them:
--attacker-dice is attacker_dice, --from is attackers, --float is exact=false; none that
names a file), for example
  http://127.0.0.1:8000/api/odds?attackers=10&defenders=6&choice=sees-roll&edition=risiko
and describes itself at /api/openapi.json.

Install the extra first: pip install 'strategy[serve]' (in a checkout: pip install '.[serve]')."""


def seconds(text: str) -> float:
    """An argparse type for a positive number of seconds.

    >>> seconds("2.5")
    2.5
    """
    value = number(text, f"{echo(text)} is not a number of seconds")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{echo(text)} must be more than 0 seconds")
    return value


def port_number(text: str) -> int:
    """An argparse type for a TCP port, 0 (any free one) to 65535.

    >>> port_number("8000")
    8000
    """
    value = nonnegative_int(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"{echo(text)} is not a port (0 to 65535)")
    return value


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``serve`` to the top-level parser."""
    from strategy.risk.requests import CAPABILITIES

    paths = ", ".join(f"/api/{name}" for name in CAPABILITIES)
    listed = textwrap.fill(paths, 88, initial_indent="  ", subsequent_indent="  ")
    epilog = EPILOG.replace("{endpoints}", listed)
    parser = add_parser(commands, "serve", SUMMARY, ABOUT, epilog)
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
        "network it is on)",
    )
    parser.add_argument(
        "--port", type=port_number, default=8000, help="port (default 8000; 0: any free one)"
    )
    parser.add_argument(
        "--workers",
        type=positive_int,
        default=2,
        metavar="N",
        help="worker processes for ordinary requests (default 2)",
    )
    parser.add_argument(
        "--large-workers",
        type=positive_int,
        default=1,
        metavar="N",
        help="worker processes, at low priority, for large requests (default 1), so that "
        "these use only the processor time the ordinary ones leave",
    )
    parser.add_argument(
        "--timeout",
        type=seconds,
        default=10.0,
        metavar="S",
        help="seconds one computation may take before it is stopped (default 10)",
    )
    parser.add_argument(
        "--cache-mb",
        type=positive_int,
        default=64,
        metavar="M",
        help="megabytes of computed answers kept for the next request (default 64)",
    )
    parser.add_argument(
        "--max-connections",
        type=positive_int,
        default=200,
        metavar="N",
        help="connections served at once; more are answered 503 at once (default 200)",
    )
    parser.add_argument(
        "--header-timeout",
        type=seconds,
        default=10.0,
        metavar="S",
        help="seconds a connection has to send a whole request head (default 10); an idle "
        "keep-alive connection is closed after 5",
    )
    # A server runs until stopped: no --max-seconds (each computation has --timeout).
    parser.set_defaults(handler=run, unbounded=True)


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (``CliError`` with the reason if it cannot be)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        raise CliError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    return sock


def run(args: argparse.Namespace) -> int:
    """Bind, say where, and serve until Ctrl-C."""
    try:
        import uvicorn

        from strategy.serve.app import ServeConfig, create_app
        from strategy.serve.connections import ConnectionLimits, server_config
    except ImportError as error:
        raise CliError(
            f"strategy serve needs the serve extra ({error.name} is missing): "
            "pip install 'strategy[serve]'"
        ) from None
    config = ServeConfig(
        workers=args.workers,
        large_workers=args.large_workers,
        timeout=args.timeout,
        cache_bytes=args.cache_mb * 1024**2,
    )
    app = create_app(config)
    sock = listen(args.host, args.port)
    host, port = sock.getsockname()[:2]
    if not is_loopback(args.host):
        print(
            f"strategy serve: warning: listening on {args.host}, so anyone who can reach this "
            f"machine can use the calculator (there is no login): a phone on the same network "
            f"opens http://<this machine's address>:{port}/; the default 127.0.0.1 keeps it "
            "to yourself",
            file=sys.stderr,
        )
    shown = f"[{host}]" if ":" in host else host
    print(f"strategy serve: http://{shown}:{port}/ (Ctrl-C stops)", flush=True)
    limits = ConnectionLimits(
        header_timeout=args.header_timeout, max_connections=args.max_connections
    )
    server = uvicorn.Server(server_config(app, limits))
    server.run(sockets=[sock])
    return 0
