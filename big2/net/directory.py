"""Where rooms live: which server process owns each room code, and each room's state.

A room's state is a JSON-able dict (whatever the room's snapshot gives; the directory
never looks inside). The owner of a room is the one process that runs it; it holds the
room by a **lease** that it renews (:meth:`RoomDirectory.renew`) and that every save
renews too. When the owner dies, its lease runs out after ``lease_s`` seconds and another
process may :meth:`claim` the room and :meth:`load` its last saved state — the hand goes
on from the last move.

Each claim starts a new **tenure** (a counter per room, a fencing token). A process may
save or renew a room only within its own tenure: while it holds the lease, or after its
lease lapsed *as long as nobody claimed the room since* (then it simply holds it again).
So a process too busy to renew in time (hundreds of rooms taken over at once) keeps its
rooms, while one that was paused or cut off long enough for another to take over can
never overwrite what the new owner wrote.

Two implementations of the same async interface:

* :class:`MemoryDirectory` — the default: one process, rooms in memory.
* :class:`RedisDirectory` — several ``big2 serve`` processes sharing one Redis
  (``redis.asyncio``). Keys, under a prefix (default ``big2:``): ``room:CODE`` the state
  as JSON text, ``owner:CODE`` the owning process's id (expires with the lease),
  ``tenure:CODE`` the room's tenure counter, ``holder:CODE`` the process of the latest
  tenure, ``rooms`` the set of codes. Ownership
  checks and writes are single Lua scripts, so they are atomic.

:func:`open_directory` picks one from a URL (``None`` → memory).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

State = dict[str, Any]

#: How long a room stays owned without a renewal or a save.
DEFAULT_LEASE_S = 10.0
#: How long a saved room is kept with no save at all (rooms nobody plays are dropped).
DEFAULT_KEEP_S = 24 * 3600.0


class DirectoryError(Exception):
    """The directory could not be reached or answered nonsense (one sentence)."""


class RoomDirectory(Protocol):
    """What the server needs from a room directory. ``owner`` arguments are process ids
    (:attr:`process_id` of the caller)."""

    process_id: str
    #: Whether other processes read these rooms (then every move must be saved).
    shared: bool
    #: How long ownership lasts without a renewal (the server renews well within it).
    lease_s: float

    async def create(self, code: str, state: State) -> bool:
        """Store a new room owned by this process; False when ``code`` is taken."""

    async def claim(self, code: str) -> bool:
        """Own ``code`` if it exists and is unowned (its lease ran out) or already ours."""

    async def owner(self, code: str) -> str | None:
        """The process that owns ``code`` now, or None."""

    async def holder(self, code: str) -> str | None:
        """The process of the room's latest tenure (the last to claim it), even when its
        lease has lapsed; None when nobody holds it (new, released or deleted). With
        :meth:`owner` None, a holder that is still alive is only late renewing."""

    async def save(self, code: str, state: State) -> bool:
        """Write the room's state if this process still owns it, or its lease lapsed and
        nobody claimed the room since (renews the lease); False when another process
        took it over (the state is then left as the new owner wrote it)."""

    async def load(self, code: str) -> State | None:
        """The last saved state of ``code``, or None when there is no such room."""

    async def renew(self, codes: Iterable[str]) -> set[str]:
        """Renew the leases of ``codes`` (as :meth:`save` would: a lapsed lease nobody
        claimed is held again); returns the codes another process took over."""

    async def release(self, code: str) -> None:
        """Give up ownership (the state stays for another process to claim; this process
        cannot save it again without a new claim)."""

    async def delete(self, code: str) -> None:
        """Forget the room (only its owner should)."""

    async def codes(self) -> list[str]:
        """Every stored room code."""

    async def close(self) -> None:
        """Let go of connections."""


def _dumps(state: State) -> str:
    return json.dumps(state, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class MemoryDirectory:
    """Rooms in this process's memory. The states are kept as JSON text, so what comes
    back from :meth:`load` is a fresh copy, exactly what Redis would give.
    :attr:`shared` is False: no other process can take a room over, so the server need
    not save a room's game after every move (it saves the lobby)."""

    shared = False

    def __init__(self, process_id: str = "local", *, lease_s: float = DEFAULT_LEASE_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.process_id = process_id
        self.lease_s = lease_s
        self.clock = clock
        self._states: dict[str, str] = {}
        self._owners: dict[str, tuple[str, float]] = {}
        #: The room's current tenure (the store's, shared by every process of it).
        self._tenures: dict[str, int] = {}
        #: The tenure this process claimed each room in.
        self._mine: dict[str, int] = {}
        #: The process of each room's latest tenure (the store's).
        self._holders: dict[str, str] = {}

    def _owner_now(self, code: str) -> str | None:
        held = self._owners.get(code)
        if held is None or held[1] <= self.clock():
            return None
        return held[0]

    def _hold(self, code: str) -> None:
        self._owners[code] = (self.process_id, self.clock() + self.lease_s)

    def _new_tenure(self, code: str) -> None:
        self._tenures[code] = self._tenures.get(code, 0) + 1
        self._mine[code] = self._tenures[code]
        self._holders[code] = self.process_id

    def _still_ours(self, code: str) -> bool:
        owner = self._owner_now(code)
        if owner == self.process_id:
            return True
        return owner is None and code in self._mine and self._tenures.get(code) == self._mine[code]

    async def create(self, code: str, state: State) -> bool:
        if code in self._states:
            return False
        self._states[code] = _dumps(state)
        self._new_tenure(code)
        self._hold(code)
        return True

    async def claim(self, code: str) -> bool:
        owner = self._owner_now(code)
        if code not in self._states or owner not in (None, self.process_id):
            return False
        if owner is None:
            self._new_tenure(code)
        self._hold(code)
        return True

    async def owner(self, code: str) -> str | None:
        return self._owner_now(code)

    async def holder(self, code: str) -> str | None:
        return self._holders.get(code)

    async def save(self, code: str, state: State) -> bool:
        if not self._still_ours(code):
            return False
        self._states[code] = _dumps(state)
        self._hold(code)
        return True

    async def load(self, code: str) -> State | None:
        text = self._states.get(code)
        return None if text is None else json.loads(text)

    async def renew(self, codes: Iterable[str]) -> set[str]:
        lost = set()
        for code in codes:
            if self._still_ours(code):
                self._hold(code)
            else:
                lost.add(code)
        return lost

    async def release(self, code: str) -> None:
        self._mine.pop(code, None)
        if self._holders.get(code) == self.process_id:
            del self._holders[code]
        if self._owner_now(code) == self.process_id:
            del self._owners[code]

    async def delete(self, code: str) -> None:
        self._states.pop(code, None)
        self._owners.pop(code, None)
        self._tenures.pop(code, None)
        self._mine.pop(code, None)
        self._holders.pop(code, None)

    async def codes(self) -> list[str]:
        return sorted(self._states)

    async def close(self) -> None:
        return None


# KEYS: room, owner, tenure, holder, rooms set. ARGV: process id, state, lease ms, keep
# ms, code. Returns the new tenure, 0 when the code is taken.
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[4])
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[3])
local tenure = redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], ARGV[4])
redis.call('SET', KEYS[4], ARGV[1], 'PX', ARGV[4])
redis.call('SADD', KEYS[5], ARGV[5])
return tenure
"""
# KEYS: room, owner, tenure, holder. ARGV: process id, lease ms, keep ms.
# Returns the tenure this process holds the room in, 0 when it cannot.
_CLAIM = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local cur = redis.call('GET', KEYS[2])
if cur and cur ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
if not cur then
  local tenure = redis.call('INCR', KEYS[3])
  redis.call('PEXPIRE', KEYS[3], ARGV[3])
  redis.call('SET', KEYS[4], ARGV[1], 'PX', ARGV[3])
  return tenure
end
return tonumber(redis.call('GET', KEYS[3]) or '0')
"""
# KEYS: room, owner, tenure, holder. ARGV: process id, state, lease ms, keep ms, our tenure.
_SAVE = """
local cur = redis.call('GET', KEYS[2])
if cur ~= ARGV[1] then
  if cur or redis.call('GET', KEYS[3]) ~= ARGV[5] then return 0 end
end
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[3])
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[4])
redis.call('PEXPIRE', KEYS[3], ARGV[4])
redis.call('PEXPIRE', KEYS[4], ARGV[4])
return 1
"""
# KEYS: owner and tenure of each room, in pairs. ARGV: process id, lease ms, then our
# tenure of each room. Returns the (1-based) indexes of the rooms taken over.
_RENEW = """
local lost = {}
for i = 1, #KEYS / 2 do
  local cur = redis.call('GET', KEYS[2 * i - 1])
  if cur == ARGV[1] or (not cur and redis.call('GET', KEYS[2 * i]) == ARGV[i + 2]) then
    redis.call('SET', KEYS[2 * i - 1], ARGV[1], 'PX', ARGV[2])
  else
    table.insert(lost, i)
  end
end
return lost
"""
# KEYS: owner, holder. ARGV: process id.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
return 1
"""


class RedisDirectory:
    """Rooms in Redis, shared by every server process given the same URL and prefix."""

    #: Another process may take a room over: every move is saved.
    shared = True

    def __init__(self, client: Any, process_id: str, *, prefix: str = "big2:",
                 lease_s: float = DEFAULT_LEASE_S, keep_s: float = DEFAULT_KEEP_S) -> None:
        self.redis = client
        self.process_id = process_id
        self.prefix = prefix
        self.lease_s = lease_s
        self.lease_ms = max(1, int(lease_s * 1000))
        self.keep_ms = max(1, int(keep_s * 1000))
        self._create = client.register_script(_CREATE)
        self._claim = client.register_script(_CLAIM)
        self._save = client.register_script(_SAVE)
        self._renew = client.register_script(_RENEW)
        self._release = client.register_script(_RELEASE)
        #: The tenure this process claimed each room in (see the module doc).
        self._mine: dict[str, int] = {}

    @classmethod
    def from_url(cls, url: str, process_id: str, **kwargs: Any) -> "RedisDirectory":
        """A directory on the Redis at ``url`` (``redis://host:port/db``)."""
        import redis.asyncio as aioredis

        # A bounded pool that waits for a free connection: hundreds of rooms saving at
        # once share a few dozen connections instead of failing with "too many".
        pool = aioredis.BlockingConnectionPool.from_url(url, decode_responses=True, max_connections=32, timeout=20)
        return cls(aioredis.Redis(connection_pool=pool), process_id, **kwargs)

    def _room(self, code: str) -> str:
        return f"{self.prefix}room:{code}"

    def _owner(self, code: str) -> str:
        return f"{self.prefix}owner:{code}"

    def _tenure(self, code: str) -> str:
        return f"{self.prefix}tenure:{code}"

    def _holder(self, code: str) -> str:
        return f"{self.prefix}holder:{code}"

    async def _call(self, what: str, coro: Any) -> Any:
        try:
            return await coro
        except Exception as exc:  # redis.RedisError, OSError, timeouts
            raise DirectoryError(f"The room directory (Redis) could not {what}: {exc}") from exc

    async def ping(self) -> None:
        """Raise :class:`DirectoryError` when Redis cannot be reached."""
        await self._call("be reached", self.redis.ping())

    async def create(self, code: str, state: State) -> bool:
        keys = [self._room(code), self._owner(code), self._tenure(code), self._holder(code), f"{self.prefix}rooms"]
        args = [self.process_id, _dumps(state), self.lease_ms, self.keep_ms, code]
        tenure = int(await self._call("create a room", self._create(keys=keys, args=args)))
        if tenure:
            self._mine[code] = tenure
        return bool(tenure)

    async def claim(self, code: str) -> bool:
        keys = [self._room(code), self._owner(code), self._tenure(code), self._holder(code)]
        tenure = int(await self._call("claim a room", self._claim(keys=keys, args=[self.process_id, self.lease_ms,
                                                                                     self.keep_ms])))
        if tenure:
            self._mine[code] = tenure
        return bool(tenure)

    async def owner(self, code: str) -> str | None:
        value = await self._call("read a room's owner", self.redis.get(self._owner(code)))
        return value if isinstance(value, str) else None

    async def holder(self, code: str) -> str | None:
        value = await self._call("read a room's holder", self.redis.get(self._holder(code)))
        return value if isinstance(value, str) else None

    async def save(self, code: str, state: State) -> bool:
        keys = [self._room(code), self._owner(code), self._tenure(code), self._holder(code)]
        args = [self.process_id, _dumps(state), self.lease_ms, self.keep_ms, self._mine.get(code, 0)]
        return bool(await self._call("save a room", self._save(keys=keys, args=args)))

    async def load(self, code: str) -> State | None:
        text = await self._call("load a room", self.redis.get(self._room(code)))
        if text is None:
            return None
        try:
            state = json.loads(text)
        except ValueError as exc:
            raise DirectoryError(f"The saved room {code} is not JSON.") from exc
        if not isinstance(state, dict):
            raise DirectoryError(f"The saved room {code} is not a JSON object.")
        return state

    async def renew(self, codes: Iterable[str]) -> set[str]:
        order = list(codes)
        if not order:
            return set()
        keys = [key for c in order for key in (self._owner(c), self._tenure(c))]
        args = [self.process_id, self.lease_ms, *(self._mine.get(c, 0) for c in order)]
        lost = await self._call("renew leases", self._renew(keys=keys, args=args))
        return {order[int(i) - 1] for i in lost}

    async def release(self, code: str) -> None:
        self._mine.pop(code, None)
        await self._call("release a room", self._release(keys=[self._owner(code), self._holder(code)],
                                                         args=[self.process_id]))

    async def delete(self, code: str) -> None:
        async def run() -> None:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.delete(self._room(code), self._owner(code), self._tenure(code), self._holder(code))
                pipe.srem(f"{self.prefix}rooms", code)
                await pipe.execute()

        self._mine.pop(code, None)
        await self._call("delete a room", run())

    async def codes(self) -> list[str]:
        members = await self._call("list rooms", self.redis.smembers(f"{self.prefix}rooms"))
        out = []
        for code in sorted(members):
            if await self._call("list rooms", self.redis.exists(self._room(code))):
                out.append(code)
            else:  # expired with nobody playing: tidy the set
                await self._call("list rooms", self.redis.srem(f"{self.prefix}rooms", code))
        return out

    async def close(self) -> None:
        try:
            await self.redis.aclose()
            await self.redis.connection_pool.disconnect()
        except Exception:  # pragma: no cover - closing a dead connection
            pass


#: How a Redis address starts.
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def open_directory(url: str | None, process_id: str, **kwargs: Any) -> MemoryDirectory | RedisDirectory:
    """:class:`RedisDirectory` for a ``redis://``/``rediss://``/``unix://`` URL, else
    :class:`MemoryDirectory` (``url`` None)."""
    if url is None:
        return MemoryDirectory(process_id, **kwargs)
    if not url.startswith(REDIS_SCHEMES):
        raise DirectoryError(f"A Redis address starts with redis://, rediss:// or unix://, not {url!r}.")
    return RedisDirectory.from_url(url, process_id, **kwargs)
