"""Load test: N tables of 4 bot clients, each a real websocket client, against a server.

    python -m big2.net.loadtest [--server ws://127.0.0.1:PORT ...] --tables N --seconds S
                                [--pace SECONDS] [--procs N] [--server-pid PID] [--json]
                                [--redis URL --processes 2 [--kill-after SECONDS] [--haproxy]]

Without ``--server`` it starts a ``big2 serve`` of its own on a free port (and measures
that process's memory); with ``--redis`` it starts ``--processes`` of them sharing that
Redis, and ``--kill-after`` SIGKILLs the first one during the run: its tables' bots
reconnect to the others with their seat tokens and play on. Several ``--server``
addresses spread the tables over them. ``--haproxy`` puts the started processes behind
HAProxy (the shipped ``packaging/server/haproxy.cfg``, :mod:`big2.net.balancer`) and gives
every bot that one address, as deployed: a bot whose process died reconnects to it.
Each table is a room of four people, all :class:`~big2.net.bot.SeatBot`; a bot waits
``--pace`` seconds before each move, so a table makes about one move per ``pace``
seconds. Prints one JSON object (``--json``) or a few lines:

``tables``, ``clients``, ``moves`` (commands the server took), ``hands`` (hands scored),
``rtt_ms_p50`` / ``rtt_ms_p99`` (a command sent → the first event it caused, received),
``server_rss_mb`` (its peak; with several started servers, of all together) and
``rss_kib_per_table`` (what each table added to the servers' memory over their idle
size; when the memory can be read),
``errors`` (error frames and failed connections), ``leaks`` (frames that named a card
of another seat's unplayed hand, or dealt hands that overlap, found by the bots) and
``lost`` (tables whose hand stopped before the end of the run); also
``rtt_ms_p99_steady`` (the p99 of the moves made once every table was playing),
``server_cpu_percent`` / ``server_cpu_percent_steady`` (the server's share of one core,
over the run / once every table was playing), ``bot_cpu_percent`` (the bots', all their
processes) and ``load_average`` (the machine's, at the end: other work shares the cores);
with ``--kill-after``, ``takeover_s`` (from the kill until the last bot had its seat
back) and ``rtt_ms_p99_takeover`` / ``rtt_ms_p99_outside_takeover`` (the moves answered
during the takeover and the rest).

``--procs N`` spreads the tables' bots over N processes (started fresh, each with its
share of the tables): one process's event loop with 2,000 websockets is itself a
bottleneck, and on a machine of several cores the bots should not measure their own
queue. The ``big2 serve`` processes and the bots tune Python's garbage collector
(:func:`big2.net.server.tune_gc`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .bot import SeatBot, hands_overlap
from .client import connect
from .server import tune_gc
from .spawn import spawn_server


def _raise_file_limit() -> None:
    with contextlib.suppress(Exception):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY or hard > soft:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))


def cpu_s(pid: int) -> float | None:
    """CPU seconds process ``pid`` has used (Linux), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def rss_mb(pid: int) -> float | None:
    """The resident memory of process ``pid`` in MiB (Linux), or None."""
    try:
        text = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except OSError:
        return None
    m = re.search(r"^VmRSS:\s+(\d+) kB", text, re.M)
    return int(m.group(1)) / 1024 if m else None


class Stats:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        #: When each rtt was measured (``time.perf_counter()``: CLOCK_MONOTONIC, the
        #: same clock in every process of the machine).
        self.rtt_at: list[float] = []
        #: When the last reconnection of a bot finished (perf_counter), if any did.
        self.last_rejoin: float | None = None
        #: The rtts measured once every table of this process was playing.
        self.steady_rtts: list[float] = []
        self.all_up_at: float | None = None
        self.all_up_wall: float | None = None
        self.bot_cpu_s = 0.0
        self.moves = 0
        self.hands = 0
        self.errors = 0
        self.leaks = 0
        self.lost = 0
        self.tables_up = 0
        self.reconnects = 0
        self.error_codes: dict[str, int] = {}
        self.leak_details: list[Any] = []


async def _seat_table(urls: Sequence[str], index: int) -> list[SeatBot]:
    """Open table ``index``: its host on one server, each other person on the next
    server in turn (so with several servers most people reach the room by the relay)."""
    url = urls[index % len(urls)]
    host = await connect(url, client="big2 loadtest")
    await host.send("create_room", name=f"T{index} host", players=4, computers=0, hands=100)
    bots = [SeatBot(host, deals=True, keep_frames=False)]
    bots[0].take(await host.expect("joined"))
    code = (await host.expect("room"))["room"]["code"]
    for seat in range(1, 4):
        c = await connect(urls[(index + seat) % len(urls)], client="big2 loadtest")
        await c.send("join_room", code=code, name=f"T{index} p{seat}")
        bot = SeatBot(c, keep_frames=False)
        bot.take(await c.expect("joined"))
        await c.send("ready", ready=True)
        bots.append(bot)
    for _ in range(50):  # the last ready may not have been read yet
        await host.send("start")
        try:
            await host.expect("state", "event", timeout=2)
            break
        except Exception:  # noqa: BLE001 - "not ready": try again
            await asyncio.sleep(0.1)
    return bots


async def _run_bot(bot: SeatBot, end: float, stall_s: float, failover: list[str]) -> bool:
    """Play until ``end``; False when the table stalled or the connection failed for
    good. A dropped connection is taken up again on ``failover`` servers (by token)."""
    from websockets.exceptions import ConnectionClosed

    loop = asyncio.get_running_loop()
    while True:
        left = end - loop.time()
        if left <= 0:
            return True
        try:
            command = bot.decide()
            if command is not None:
                if bot.pace:  # its pace may outlast the run
                    if bot.pace >= left:
                        return True
                    await asyncio.sleep(bot.pace)
                await bot.send(command)
            left = end - loop.time()
            if left <= 0:
                return True
            try:
                frame = await bot.client.recv(timeout=min(left, stall_s))
            except (asyncio.TimeoutError, TimeoutError):
                return loop.time() >= end - 0.05
        except (ConnectionClosed, OSError, EOFError, asyncio.IncompleteReadError):
            if not failover:
                raise
            await bot.rejoin(failover)
            bot.reconnects = getattr(bot, "reconnects", 0) + 1
            bot.rejoined_at = time.perf_counter()
            continue
        bot.take(frame)
        if frame.type == "left" and failover:  # the room moved: find it again, as the app does
            with contextlib.suppress(Exception):
                await bot.client.close()
            await bot.rejoin(failover)
            bot.reconnects = getattr(bot, "reconnects", 0) + 1
            bot.rejoined_at = time.perf_counter()


async def _table(urls: Sequence[str], index: int, pace: float, end: float, stats: Stats, failover: list[str]) -> None:
    try:
        bots = await _seat_table(urls, index)
    except Exception:  # noqa: BLE001 - counted, the run goes on
        stats.errors += 1
        return
    stats.tables_up += 1
    for bot in bots:
        bot.pace = pace
    results = await asyncio.gather(*(_run_bot(b, end, max(15.0, pace * 8), failover) for b in bots),
                                   return_exceptions=True)
    stats.reconnects += sum(getattr(b, "reconnects", 0) for b in bots)
    if any(r is not True for r in results):
        stats.lost += 1
    stats.errors += sum(len(b.errors) for b in bots) + sum(isinstance(r, Exception) for r in results)
    for b in bots:
        for f in b.errors:
            stats.error_codes[f["code"]] = stats.error_codes.get(f["code"], 0) + 1
    for r in results:
        if isinstance(r, Exception):
            code = getattr(r, "code", None)  # a refusal: which one
            name = type(r).__name__ + (f":{code}" if isinstance(code, str) else "")
            stats.error_codes[name] = stats.error_codes.get(name, 0) + 1
    stats.leaks += sum(b.leaks for b in bots) + int(hands_overlap(bots))
    for b in bots:
        stats.leak_details.extend(b.leak_details)
    stats.moves += sum(b.moves for b in bots)
    stats.hands += bots[0].scored
    for b in bots:
        stats.rtts.extend(b.rtts)
        stats.rtt_at.extend(b.rtt_at)
        rejoined = getattr(b, "rejoined_at", None)
        if rejoined is not None:
            stats.last_rejoin = max(stats.last_rejoin or 0.0, rejoined)
        if stats.all_up_at is not None:
            stats.steady_rtts.extend(r for r, at in zip(b.rtts, b.rtt_at) if at >= stats.all_up_at)
    for b in bots:
        with contextlib.suppress(Exception):
            await b.client.close()


def _percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _play(urls: Sequence[str], indices: Sequence[int], pace: float, end_wall: float,
                failover: list[str]) -> Stats:
    """Open the tables ``indices`` and play them until ``end_wall`` (``time.time()``)."""
    stats = Stats()
    loop = asyncio.get_running_loop()
    end = loop.time() + (end_wall - time.time())
    tasks = []
    for n, i in enumerate(indices):  # open tables in small batches, as people would arrive
        tasks.append(asyncio.create_task(_table(urls, i, pace, end, stats, failover)))
        if n % 10 == 9:
            await asyncio.sleep(0.05)
    while stats.tables_up + stats.errors < len(indices) and loop.time() < end:
        await asyncio.sleep(0.1)
    stats.all_up_at = time.perf_counter()
    stats.all_up_wall = time.time()
    await asyncio.gather(*tasks)
    stats.bot_cpu_s = time.process_time()
    return stats


def _worker(urls: list[str], indices: list[int], pace: float, end_wall: float, failover: list[str],
            out: Any) -> None:
    """One bot process: its share of the tables; its figures go back through ``out``."""
    _raise_file_limit()
    tune_gc()
    try:
        stats = asyncio.run(_play(urls, indices, pace, end_wall, failover))
        out.send(stats.__dict__)
    except BaseException as exc:  # noqa: BLE001 - told to the parent, which counts it
        out.send({"failed": repr(exc)})
    finally:
        out.close()


def _merge(total: Stats, part: dict[str, Any]) -> None:
    if "failed" in part:
        total.errors += 1
        total.error_codes["bot process"] = total.error_codes.get("bot process", 0) + 1
        return
    for key in ("moves", "hands", "errors", "leaks", "lost", "tables_up", "reconnects"):
        setattr(total, key, getattr(total, key) + part[key])
    total.rtts.extend(part["rtts"])
    total.rtt_at.extend(part["rtt_at"])
    if part["last_rejoin"] is not None:
        total.last_rejoin = max(total.last_rejoin or 0.0, part["last_rejoin"])
    total.steady_rtts.extend(part["steady_rtts"])
    total.bot_cpu_s += part["bot_cpu_s"]
    if part["all_up_wall"] is not None:
        total.all_up_wall = max(total.all_up_wall or 0.0, part["all_up_wall"])
    total.leak_details.extend(part["leak_details"])
    for code, count in part["error_codes"].items():
        total.error_codes[code] = total.error_codes.get(code, 0) + count


def _total_rss(pids: Sequence[int]) -> float | None:
    """The servers' memory together (MB); the dead ones count nothing."""
    sizes = [rss_mb(p) for p in pids]
    known = [s for s in sizes if s is not None]
    return sum(known) if known else None


async def run(urls: Sequence[str], tables: int, seconds: float, pace: float, pid: int | None,
              kill: tuple[float, Any] | None = None, procs: int = 1,
              rss_pids: Sequence[int] = (), failover: bool | None = None) -> dict[str, Any]:
    """Run the tables, their bots in ``procs`` processes (1: this one); ``kill`` is
    (seconds into the run, a process to SIGKILL then). ``pid`` is the server whose CPU
    is read; the memory is that of every process of ``rss_pids`` together (``pid``'s
    when none are given). ``failover``: bots reconnect to ``urls`` after a drop (the
    default: when there are several)."""
    stats = Stats()
    mem_pids = list(rss_pids) or ([pid] if pid is not None else [])
    base_rss = _total_rss(mem_pids)
    base_cpu = cpu_s(pid) if pid is not None else None
    failover_urls = list(urls) if (len(urls) > 1 if failover is None else failover) else []
    killed_at = None
    killed_perf = 0.0
    loop = asyncio.get_running_loop()
    start = loop.time()
    end_wall = time.time() + seconds
    procs = max(1, min(procs, tables))
    if procs == 1:
        work = asyncio.create_task(_play(urls, range(tables), pace, end_wall, failover_urls))
        workers: list[tuple[Any, Any]] = []
    else:
        import multiprocessing

        from . import loadtest  # by its name, also when this runs as __main__ (-m)

        context = multiprocessing.get_context("spawn")  # a fresh interpreter: no loop, no sockets
        workers = []
        for w in range(procs):
            mine, theirs = context.Pipe(duplex=False)
            proc = context.Process(target=loadtest._worker, args=(list(urls), list(range(w, tables, procs)), pace, end_wall,
                                                         failover_urls, theirs), daemon=True)
            proc.start()
            theirs.close()
            workers.append((proc, mine))
    peak_rss = None
    cpu_samples: list[tuple[float, float]] = []  # (time.time(), the server's CPU seconds)
    while loop.time() < start + seconds:
        await asyncio.sleep(min(1.0, max(0.0, start + seconds - loop.time())))
        if pid is not None:
            used = cpu_s(pid)
            if used is not None:
                cpu_samples.append((time.time(), used))
        if kill is not None and killed_at is None and loop.time() - start >= kill[0]:
            kill[1].kill()  # SIGKILL: no goodbye, no last save
            killed_at = round(loop.time() - start, 1)
            killed_perf = time.perf_counter()
        now_rss = _total_rss(mem_pids)
        if now_rss is not None:
            peak_rss = max(peak_rss or 0.0, now_rss)
    end_cpu = cpu_s(pid) if pid is not None else None
    if procs == 1:
        stats = await work
    else:
        for proc, pipe in workers:
            part = await loop.run_in_executor(None, _receive, pipe, seconds + 120)
            _merge(stats, part)
            proc.join(10)
    # The server's CPU once every table was playing (no connections opening any more).
    steady_cpu = None
    later = [(t, c) for t, c in cpu_samples if stats.all_up_wall is not None and t >= stats.all_up_wall]
    if len(later) >= 2 and later[-1][0] > later[0][0]:
        steady_cpu = round(100 * (later[-1][1] - later[0][1]) / (later[-1][0] - later[0][0]), 1)
    p50, p99 = _percentile(stats.rtts, 0.50), _percentile(stats.rtts, 0.99)
    steady99 = _percentile(stats.steady_rtts, 0.99)
    # With a kill: the takeover is the time from the kill to the last bot back in its
    # seat; the moves measured in it and outside it, apart.
    takeover_s = outside99 = inside99 = None
    if killed_at is not None:
        back = max(stats.last_rejoin or killed_perf, killed_perf)
        takeover_s = round(back - killed_perf, 1)
        inside = [r for r, at in zip(stats.rtts, stats.rtt_at) if killed_perf <= at <= back]
        outside = [r for r, at in zip(stats.rtts, stats.rtt_at) if not killed_perf <= at <= back]
        inside99, outside99 = _percentile(inside, 0.99), _percentile(outside, 0.99)
    report: dict[str, Any] = {
        "tables": tables, "tables_playing": stats.tables_up, "clients": stats.tables_up * 4,
        "seconds": seconds, "pace": pace, "moves": stats.moves, "hands": stats.hands,
        "moves_per_s": round(stats.moves / seconds, 1) if seconds else None,
        "rtt_ms_p50": None if p50 is None else round(p50 * 1000, 2),
        "rtt_ms_p99": None if p99 is None else round(p99 * 1000, 2),
        # p99 of the moves made once every table was playing (opening 2,000 connections
        # at once is a load of its own)
        "rtt_ms_p99_steady": None if steady99 is None else round(steady99 * 1000, 2),
        # With --kill-after: seconds from the kill until the last bot had its seat back,
        # and the p99 of the moves answered during that takeover and outside it.
        "takeover_s": takeover_s,
        "rtt_ms_p99_takeover": None if inside99 is None else round(inside99 * 1000, 2),
        "rtt_ms_p99_outside_takeover": None if outside99 is None else round(outside99 * 1000, 2),
        "server_rss_mb": None if peak_rss is None else round(peak_rss, 1),
        "server_rss_base_mb": None if base_rss is None else round(base_rss, 1),
        # What each table (its four connections included) adds to the servers' memory
        # (every started server's together).
        "rss_kib_per_table": None if peak_rss is None or base_rss is None or not stats.tables_up
        else round((peak_rss - base_rss) * 1024 / stats.tables_up, 1),
        "errors": stats.errors, "error_codes": stats.error_codes, "leaks": stats.leaks,
        "leak_details": stats.leak_details[:5], "lost": stats.lost,
        "servers": len(urls), "reconnects": stats.reconnects, "killed_at_s": killed_at,
        "bot_processes": procs,
        # The bots' CPU (all their processes) as a share of one core.
        "bot_cpu_percent": round(100 * stats.bot_cpu_s / seconds, 1) if seconds else None,
        # The (last) server's share of one core during the run.
        "server_cpu_percent": None if base_cpu is None or end_cpu is None
        else round(100 * (end_cpu - base_cpu) / seconds, 1),
        "server_cpu_percent_steady": steady_cpu,
        # The machine's load average (1 minute) at the end: other work shares the cores.
        "load_average": _load_average(),
    }
    return report


def _receive(pipe: Any, timeout: float) -> dict[str, Any]:
    if pipe.poll(timeout):
        try:
            return pipe.recv()
        except EOFError:
            pass
    return {"failed": "the bot process sent nothing"}


def _load_average() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except (OSError, AttributeError):
        return None


def _spawn_server(folder: Path, redis: str | None = None, name: str = "serve",
                  lease: int = 2) -> tuple[subprocess.Popen[bytes], str]:
    extra = ["--redis", redis, "--lease", str(lease)] if redis else []
    try:
        # its bots all come from this computer: no per-address cap for them
        return spawn_server(folder / f"{name}.log", "--log-level", "info", "--exempt", "127.0.0.1", *extra,
                            timeout=30)
    except RuntimeError as exc:
        raise SystemExit(f"loadtest: {exc}") from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m big2.net.loadtest", description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", action="append", default=[], metavar="URL",
                        help="a server to load (repeat for several); default: start one here")
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pace", type=float, default=2.0, help="seconds a bot waits before each move (default 2)")
    parser.add_argument("--server-pid", type=int, default=None, help="read this process's memory")
    parser.add_argument("--redis", metavar="URL", help="start --processes servers sharing this Redis")
    parser.add_argument("--processes", type=int, default=1, help="servers to start (with --redis)")
    parser.add_argument("--lease", type=int, default=2, metavar="SECONDS",
                        help="the started servers' room lease (with --redis; default 2, for a quick takeover)")
    parser.add_argument("--kill-after", type=float, default=None, metavar="SECONDS",
                        help="SIGKILL the first server this long into the run (with --redis)")
    parser.add_argument("--procs", type=int, default=1, metavar="N",
                        help="spread the bots over N processes (default 1: this one)")
    parser.add_argument("--haproxy", action="store_true",
                        help="put the started servers behind HAProxy (packaging/server/haproxy.cfg) and give "
                             "the bots its one address")
    parser.add_argument("--logs", metavar="DIR", help="keep the started servers' logs in DIR")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    _raise_file_limit()
    if args.procs <= 1 and argv is None:  # the bots run here (not inside a test)
        tune_gc()
    procs: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as tmp:
        if args.logs:
            Path(args.logs).mkdir(parents=True, exist_ok=True)
            tmp = args.logs
        urls = list(args.server)
        pid = args.server_pid
        kill = None
        if not urls:
            count = max(1, args.processes) if args.redis else 1
            for i in range(count):
                proc, url = _spawn_server(Path(tmp), args.redis, f"serve{i}", args.lease)
                procs.append(proc)
                urls.append(url)
            pid = procs[-1].pid  # the one that is never killed
            if args.kill_after is not None and len(procs) > 1:
                kill = (args.kill_after, procs[0])
        balancer = None
        try:
            if args.haproxy:
                from .balancer import start_haproxy

                balancer = start_haproxy(Path(tmp), [int(u.rsplit(":", 1)[1]) for u in urls])
                urls = [balancer.url]
            report = asyncio.run(run(urls, args.tables, args.seconds, args.pace, pid, kill, args.procs,
                                     rss_pids=[p.pid for p in procs], failover=True if balancer else None))
            if balancer is not None:
                report["balancer"] = "haproxy"
        finally:
            if balancer is not None:
                balancer.stop()
            for proc in procs:
                if proc.poll() is None:
                    proc.terminate()
                    try:
                        proc.wait(15)
                    except subprocess.TimeoutExpired:  # never leave a server behind
                        proc.kill()
                        proc.wait(5)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for key, value in report.items():
            print(f"{key:>18}: {value}")
    return 0 if report["errors"] == report["leaks"] == report["lost"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
