"""The server's computer pool: where every search runs (computers' moves and hints), off
the event loop, shared fairly between rooms and addresses.

A :class:`ComputerPool` has ``computer_threads`` worker threads and one queue. Each job
belongs to an :class:`Owner` (a room's brain): its address (the room's opener's) and
whether it is paused. A worker takes, among the jobs whose owner is not paused, the one
of highest priority (a person asked for it: a hint), then the one whose address used
the least computer time in the last ``computer_window_s``, then the oldest: so a table
with people waiting goes first, and a newcomer's computers move between another
address's long Master searches instead of after all of them. A paused owner's jobs wait
in the queue, costing nothing, until it is resumed (:meth:`ComputerPool.poke`).

Each address may use ``computer_s_per_address`` seconds of search (thread CPU time) in a
window; past it, a job that has a cheap variant (a computer's move: the cheapest level)
runs that instead, until the window frees up. Opponents are kept one set per thread
(an opponent object is not thread-safe).
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, Protocol, TypeVar

from .gate import address_key
from .limits import Limits

T = TypeVar("T")

#: The level a computer plays at once its address has spent its computer time.
CHEAPEST_LEVEL = "beginner"


class Owner(Protocol):
    """Whose a job is (a room's brain): the address it counts against, and whether its
    jobs wait (nobody is connected to its room)."""

    address: str
    paused: bool


class _Anyone:
    address = ""
    paused = False


class _Job:
    __slots__ = ("cheap", "fn", "future", "owner", "priority", "seq")

    def __init__(self, owner: Owner, fn: Callable[[], Any], cheap: Callable[[], Any] | None, priority: int,
                 seq: int) -> None:
        self.owner, self.fn, self.cheap, self.priority, self.seq = owner, fn, cheap, priority, seq
        self.future: Future[Any] = Future()


class ComputerPool(Executor):
    """Worker threads running jobs fairly (see the module's notes). Also a plain
    :class:`~concurrent.futures.Executor` (``submit(fn, *args)``: a job of nobody's)."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self._cond = threading.Condition()
        self._jobs: list[_Job] = []
        self._seq = itertools.count()
        self._stopping = False
        #: address -> (when, seconds) of the searches it ran in the window, and their sum
        self._spent: dict[str, deque[tuple[float, float]]] = {}
        self._sums: dict[str, float] = {}
        #: Jobs run at their cheap variant because their address had spent its time.
        self.cheapened = 0
        #: Jobs run so far.
        self.runs = 0
        self._exempt = {address_key(a) for a in limits.exempt}
        self._threads = [threading.Thread(target=self._work, name=f"big2-computer-{i}", daemon=True)
                         for i in range(max(1, limits.computer_threads))]
        for thread in self._threads:
            thread.start()

    # -- submitting ----------------------------------------------------------------------

    def run(self, owner: Owner, fn: Callable[[], T], *, cheap: Callable[[], T] | None = None,
            priority: int = 1) -> Future[T]:
        """Run ``fn`` for ``owner`` (``cheap`` instead once its address spent its time);
        ``priority`` 0 goes before 1 (0: a person waits for it)."""
        with self._cond:
            if self._stopping:
                raise RuntimeError("the computer pool is shut down")
            job = _Job(owner, fn, cheap, priority, next(self._seq))
            self._jobs.append(job)
            self._cond.notify()
        return job.future

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        return self.run(_Anyone(), lambda: fn(*args, **kwargs))

    def poke(self) -> None:
        """An owner was resumed: its waiting jobs may run now."""
        with self._cond:
            self._cond.notify_all()

    def cancel(self, owner: Owner) -> None:
        """Drop ``owner``'s jobs that have not started (its room closed)."""
        with self._cond:
            keep = []
            for job in self._jobs:
                if job.owner is owner:
                    job.future.cancel()
                else:
                    keep.append(job)
            self._jobs = keep

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._cond:
            self._stopping = True
            if cancel_futures:
                for job in self._jobs:
                    job.future.cancel()
                self._jobs.clear()
            self._cond.notify_all()
        if wait:
            for thread in self._threads:
                thread.join()

    # -- accounting ------------------------------------------------------------------------

    def spent(self, address: str) -> float:
        """Seconds of search ``address`` used in the window (call holding the lock)."""
        spent = self._spent.get(address)
        if not spent:
            return 0.0
        horizon = self.clock() - self.limits.computer_window_s
        while spent and spent[0][0] < horizon:
            self._sums[address] -= spent.popleft()[1]
        if not spent:
            del self._spent[address]
            self._sums.pop(address, None)
            return 0.0
        return max(0.0, self._sums[address])

    def used(self, address: str) -> float:
        """Seconds of search ``address`` used in the window."""
        with self._cond:
            return self.spent(address)

    def _over(self, address: str) -> bool:
        return bool(address) and address not in self._exempt and \
            self.spent(address) >= self.limits.computer_s_per_address

    # -- the workers -------------------------------------------------------------------------

    def _take(self) -> _Job | None:
        """The next job to run (holding the lock), or None."""
        best: tuple[int, float, int] | None = None
        found = None
        for job in self._jobs:
            if job.owner.paused:
                continue
            key = (job.priority, self.spent(job.owner.address), job.seq)
            if best is None or key < best:
                best, found = key, job
        if found is not None:
            self._jobs.remove(found)
        return found

    def _work(self) -> None:
        while True:
            with self._cond:
                job = self._take()
                while job is None:
                    if self._stopping:
                        return
                    self._cond.wait()
                    job = self._take()
                fn = job.fn
                if job.cheap is not None and self._over(job.owner.address):
                    fn = job.cheap
                    self.cheapened += 1
            if not job.future.set_running_or_notify_cancel():
                continue
            self.runs += 1
            start = time.thread_time()
            try:
                result = fn()
            except BaseException as exc:  # noqa: BLE001 - handed to whoever waits
                job.future.set_exception(exc)
            else:
                job.future.set_result(result)
            cost = time.thread_time() - start
            address = job.owner.address
            if address:
                with self._cond:
                    self._spent.setdefault(address, deque()).append((self.clock(), cost))
                    self._sums[address] = self._sums.get(address, 0.0) + cost


_local = threading.local()


def decide_here(view: Any, level: str, seed: int) -> Any:
    """The move of computer level ``level`` for the seat to act in ``view``, with this
    thread's own opponent of that level (opponents are not thread-safe)."""
    from big2.ai import make_opponent

    opponents: dict[str, Any] | None = getattr(_local, "opponents", None)
    if opponents is None:
        opponents = _local.opponents = {}
    opp = opponents.get(level)
    if opp is None:
        opp = opponents[level] = make_opponent(level)
    return opp.choose(view, random.Random(seed))


__all__ = ["CHEAPEST_LEVEL", "ComputerPool", "Owner", "decide_here"]
