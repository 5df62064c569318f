"""Failover as deployed: HAProxy (the shipped packaging/server/haproxy.cfg) in front of
two ``big2 serve --redis`` processes, and two people at one room through the balancer's
one address, on the app's own links. SIGKILL the process that runs the room mid-hand:
both are back by themselves within 15 s at the same position, no move is lost, and
nobody's turn is played for them while they reconnect."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from big2.engine.combos import PASS, move_cards
from big2.net.balancer import Balancer, haproxy_exe, start_haproxy
from big2.net.link import RemoteLink
from big2.net.spawn import spawn_server, stop_server
from big2.room import commands as cmd
from big2.room import seatrules
from big2.room.events import HandScored

from tests.waiting import until


pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


@pytest.fixture
def balanced(redis_clean: str, tmp_path: Path) -> Iterator[tuple[Balancer, list[tuple[subprocess.Popen, Path]]]]:
    if haproxy_exe() is None:
        pytest.skip("no haproxy here (.ci/run installs Debian's haproxy)")
    procs: list[tuple[subprocess.Popen, Path]] = []
    balancer = None
    try:
        for n in (1, 2):
            log = tmp_path / f"serve-{n}.log"
            proc, _url = spawn_server(log, "--redis", redis_clean, "--lease", "2", "--computer-pace", "0.05")
            procs.append((proc, log))
        ports = [int(url.rsplit(":", 1)[1]) for url in (_listening(log) for _p, log in procs)]
        balancer = start_haproxy(tmp_path, ports)
        yield balancer, procs
    finally:
        if balancer is not None:
            balancer.stop()
        for proc, _log in procs:
            stop_server(proc)


def _listening(log: Path) -> str:
    import re

    found = re.search(r"listening on (ws://\S+)", log.read_text(encoding="utf-8", errors="replace"))
    assert found is not None
    return found.group(1)


class Table:
    """Two people's links at one room, each playing its lowest legal move on its turn;
    what each sent and every snapshot seen are recorded."""

    def __init__(self, *links: RemoteLink) -> None:
        self.links = links
        self.sent = {link.seat: 0 for link in links}
        self.done: dict[int, int] = {}
        self.held_for_people: set[int] = set()
        self.scored = {link.seat: 0 for link in links}

    def step(self) -> None:
        for link in self.links:
            for event in link.poll():
                if isinstance(event, HandScored):
                    self.scored[link.seat] += 1
            st = link.state
            if st is None or link.status != "connected":
                continue
            self.held_for_people |= set(st.by_computer) & {lk.seat for lk in self.links}
            if not st.in_hand or st.hand_over or self.done.get(link.seat) == st.seq:
                continue
            if st.exchange is not None and st.exchange[1] == st.seat:
                self.done[link.seat] = st.seq
                link.send(cmd.GiveBack(st.give_back_hint if st.give_back_hint is not None else min(st.hand)))
                self.sent[link.seat] += 1
            elif st.to_act == st.seat and st.exchange is None:
                self.done[link.seat] = st.seq
                moves = [m for m in seatrules.legal_moves(st) if m != PASS]
                link.send(cmd.Play(tuple(move_cards(moves[0]))) if moves else cmd.Pass())
                self.sent[link.seat] += 1


def _owner_log(redis_url: str, code: str, procs: list[tuple[subprocess.Popen, Path]]) -> subprocess.Popen:
    """The process that runs room ``code`` (its lease's owner in Redis)."""
    import redis

    owner = redis.Redis.from_url(redis_url).get(f"big2:owner:{code}")
    assert owner is not None
    pid = int(owner.decode().split(":")[1])
    return next(p for p, _log in procs if p.pid == pid)


def test_a_sigkill_behind_haproxy_brings_everyone_back_by_themselves(balanced, redis_clean: str) -> None:
    balancer, procs = balanced
    ann = RemoteLink(balancer.url, name="Ann", create={"players": 4, "computers": 2, "hands": 2})
    ben = None
    try:
        assert until(lambda: ann.lobby is not None and ann.code is not None), ann.problem
        ben = RemoteLink(balancer.url, name="Ben", code=ann.code)
        assert until(lambda: ben.lobby is not None), ben.problem
        ann.ready()
        ben.ready()
        assert until(lambda: all(s["ready"] for s in ann.lobby["seats"]))
        ann.start()
        table = Table(ann, ben)
        assert until(lambda: ann.state is not None and len(ann.state.history) >= 6
                     and not ann.state.hand_over, 60, table.step)
        assert not table.held_for_people
        # the room's process dies without a word
        victim = _owner_log(redis_clean, ann.code, procs)
        before = {link.seat: link.snapshots for link in (ann, ben)}
        seen = {link.seat: link.state.history for link in (ann, ben)}
        sent_before = dict(table.sent)
        # a move sent for the last position seen may have been taken before the kill
        in_flight = {link.seat: int(table.done.get(link.seat) == link.state.seq) for link in (ann, ben)}
        os.kill(victim.pid, signal.SIGKILL)
        victim.wait(10)
        killed = time.monotonic()
        back_at: dict[int, float] = {}

        def watch() -> None:
            table.step()
            for link in (ann, ben):
                if link.status == "connected" and link.snapshots > before[link.seat] and link.seat not in back_at:
                    back_at[link.seat] = time.monotonic() - killed
        assert until(lambda: len(back_at) == 2, 30, watch), (ann.status, ann.problem, ben.status, ben.problem)
        print(f"failover: back after {', '.join(f'{s:.1f} s' for s in sorted(back_at.values()))}")
        assert max(back_at.values()) < 15.0, back_at
        # the same position: every move each had seen is still there, in order
        for link in (ann, ben):
            assert link.state.history[: len(seen[link.seat])] == seen[link.seat]
        # the hand (and the session's next) goes on in the survivor to the end
        assert until(lambda: all(n >= 1 for n in table.scored.values()), 90, table.step)
        # nobody's turn was played for them: no person's seat was ever the computer's,
        # and each seat's moves since the kill are moves its own link sent
        assert not table.held_for_people
        for link in (ann, ben):
            st = link.state
            history = st.history if st.hand_number == 1 else ()
            if history:
                mine = sum(1 for seat, _m in history[len(seen[link.seat]):] if seat == link.seat)
                assert mine <= table.sent[link.seat] - sent_before[link.seat] + in_flight[link.seat]
        survivor = next(log for p, log in procs if p is not victim)
        assert "took over room" in survivor.read_text(encoding="utf-8", errors="replace")
    finally:
        for link in (ann, ben):
            if link is not None:
                link.close()
