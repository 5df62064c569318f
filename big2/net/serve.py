"""``big2 serve``: run the online-play server headless until Ctrl+C (or SIGTERM).

    big2 serve [--host 127.0.0.1] [--port 7531] [--redis URL] [--certfile F --keyfile F]
               [--lease SECONDS] [--advertise] [--log-level info]
               [--trust-proxy ADDRESS ...] [--exempt ADDRESS ...]

Logs go to stderr. ``--redis`` shares rooms with every other ``big2 serve`` given the
same Redis (see docs/online.md); without it rooms live in this process. ``--certfile``
and ``--keyfile`` (PEM) serve over TLS (``wss://``). ``--advertise`` announces the server
on the local network (mDNS) so Join a game lists it. ``--trust-proxy`` names a reverse
proxy whose connections count under their ``X-Forwarded-For`` address; ``--exempt`` an
address no per-address cap applies to (the load test's bots). At start the soft
descriptor limit is raised to the hard one (the connection cap stays below it). Never
imports pygame.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import socket
import sys
from collections.abc import Sequence

from .. import cliargs
from .directory import REDIS_SCHEMES, DirectoryError, RedisDirectory, open_directory
from .gate import raise_descriptor_limit
from .server import Limits, Server, _process_id, make_ssl_context, tune_gc

DEFAULT_PORT = 7531


def redis_address(text: str) -> str:
    """``--redis``'s value: a Redis address (``redis://``, ``rediss://`` or ``unix://``);
    anything else is argparse's one-line error (exit status 2), never a traceback."""
    if not text.startswith(REDIS_SCHEMES) or len(text) > 1000:
        raise argparse.ArgumentTypeError(
            f"a Redis address starts with redis://, rediss:// or unix:// (for example redis://127.0.0.1:6379/0), "
            f"not {text[:60]!r}")
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="big2 serve", description="Run a Big Two server for online play.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (0.0.0.0 for every network; default 127.0.0.1)")
    parser.add_argument("--port", type=cliargs.whole_number(0, 65535), default=DEFAULT_PORT,
                        help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--redis", metavar="URL", default=None, type=redis_address,
                        help="share rooms through the Redis at URL (redis://host:port/db)")
    parser.add_argument("--certfile", metavar="F", help="TLS certificate chain (PEM); needs --keyfile")
    parser.add_argument("--keyfile", metavar="F", help="TLS private key (PEM); needs --certfile")
    parser.add_argument("--lease", type=cliargs.whole_number(1, 3600), default=10, metavar="SECONDS",
                        help="with --redis: how soon another process may take over the rooms of a "
                             "process that stopped answering (default 10)")
    parser.add_argument("--computer-pace", type=float, default=0.6, metavar="SECONDS",
                        help="how long a computer's move waits after the last move (default 0.6)")
    parser.add_argument("--advertise", action="store_true", help="announce the server on the local network")
    parser.add_argument("--trust-proxy", action="append", default=[], metavar="ADDRESS",
                        help="a reverse proxy's address: its connections count under their X-Forwarded-For "
                             "address (repeat for several)")
    parser.add_argument("--exempt", action="append", default=[], metavar="ADDRESS",
                        help="an address no per-address cap or budget applies to, e.g. a load test's "
                             "(repeat for several)")
    parser.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"))
    return parser


async def run(args: argparse.Namespace, *, ready: asyncio.Event | None = None) -> int:
    """Serve until cancelled or signalled; 0 after a clean stop."""
    ssl_context = make_ssl_context(args.certfile, args.keyfile) if args.certfile else None
    directory = open_directory(args.redis, _process_id(), lease_s=float(args.lease))
    if isinstance(directory, RedisDirectory):
        try:
            await directory.ping()
        except DirectoryError as exc:
            await directory.close()
            logging.getLogger("big2.net").error("%s", exc)
            return 1
    limits = Limits(computer_pace_s=max(0.0, min(float(args.computer_pace), 10.0)),
                    trusted_proxies=tuple(args.trust_proxy), exempt=tuple(args.exempt))
    server = Server(host=args.host, port=args.port, ssl_context=ssl_context, directory=directory, limits=limits)
    try:
        await server.start()
    except OSError as exc:
        await directory.close()
        logging.getLogger("big2.net").error("cannot listen on %s:%s: %s", args.host, args.port, exc)
        return 1
    advertiser = None
    if args.advertise:
        from .discovery import Advertiser

        # Announce the addresses it can be reached at: every LAN address when it listens
        # on all of them, else the one it listens on.
        everywhere = args.host in ("0.0.0.0", "", "::")
        advertiser = Advertiser(name=socket.gethostname(), port=server.port, rooms=lambda: len(server.rooms),
                                seats=server.open_seats,
                                addresses=None if everywhere else [args.host])
        await advertiser.start()
        server.on_change = advertiser.refresh_soon
    print(f"big2 serve: listening on {server.url}", file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises instead
            loop.add_signal_handler(sig, stop.set)
    if ready is not None:
        ready.set()
    try:
        await stop.wait()
    finally:
        print("big2 serve: stopping", file=sys.stderr, flush=True)
        if advertiser is not None:
            await advertiser.stop()
        await server.stop()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(list(argv) if argv is not None else None)
    if bool(args.certfile) != bool(args.keyfile):
        parser.error("TLS needs both --certfile and --keyfile")
    logging.basicConfig(level=getattr(logging, args.log_level.upper()), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    tune_gc()  # this process only serves (the app's ServerThread keeps the app's settings)
    raise_descriptor_limit()  # (the connection cap stays below it: see Limits)
    try:
        return asyncio.run(run(args))
    except KeyboardInterrupt:  # where signal handlers are not available
        print("big2 serve: stopped", file=sys.stderr)
        return 0
    except (OSError, ValueError, DirectoryError) as exc:  # e.g. a certificate that cannot be read
        print(f"big2 serve: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
