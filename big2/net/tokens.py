"""Secrets of online play: seat tokens, room codes, and the throttle on wrong codes.

* A **seat token** (:func:`new_seat_token`) is 24 random bytes from :mod:`secrets`
  (192 bits), url-safe base64: only the client that was seated knows it, and with it
  takes the seat back after a dropped connection. Compare with :func:`same_token`.
* A **room code** (:func:`new_room_code`) is 8 characters of Crockford's base 32 (no I,
  L, O or U: 40 random bits, about 10^12 codes), shown as ``ABCD-EFGH``. People read it
  aloud and type it: :func:`normalise_code` accepts lower case, spaces and dashes, and
  reads ``O`` as 0 and ``I``/``L`` as 1.
* Online **deal numbers** come from :class:`SecretDeals`, the operating system's
  generator (as :mod:`secrets` draws), never a Mersenne Twister: each scored hand shows
  its deal number, and 624 of a Twister's outputs would tell every deal after them.
* :class:`Throttle` slows down a peer that keeps naming rooms that do not exist: after
  the first few misses each further try must wait twice as long as the last (up to a
  minute), per peer address, in bounded memory. A right code does not wipe the misses
  (joining one's own room between guesses buys none); only ten quiet minutes do. With
  40-bit codes and that delay, guessing one live room among thousands would take longer
  than anyone plays.
"""

from __future__ import annotations

import hmac
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

#: Crockford's base 32: digits and letters without I, L, O, U.
CODE_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH: Final = 8
TOKEN_BYTES: Final = 24
_READ_AS: Final = {"O": "0", "I": "1", "L": "1"}


def new_seat_token() -> str:
    """A fresh seat token: 192 random bits, url-safe base64 (32 characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def same_token(a: str, b: str) -> bool:
    """Whether two tokens are equal, in time that does not tell how much of them matched."""
    return hmac.compare_digest(a.encode("utf-8", "surrogatepass"), b.encode("utf-8", "surrogatepass"))


def new_room_code() -> str:
    """A fresh room code: :data:`CODE_LENGTH` characters of :data:`CODE_ALPHABET`, in the
    canonical form :func:`normalise_code` returns (no dash)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def format_code(code: str) -> str:
    """A code as people are shown it: ``ABCD-EFGH``."""
    return f"{code[:4]}-{code[4:]}" if len(code) == CODE_LENGTH else code


def normalise_code(text: str) -> str | None:
    """The canonical code typed as ``text`` (case, spaces and dashes ignored; O read as
    0, I and L as 1), or None when it cannot be a code at all."""
    if not isinstance(text, str):
        return None
    out = []
    for ch in text.upper():
        if ch in " -_.\t":
            continue
        ch = _READ_AS.get(ch, ch)
        if ch not in CODE_ALPHABET:
            return None
        out.append(ch)
    code = "".join(out)
    return code if len(code) == CODE_LENGTH else None


class SecretDeals(random.SystemRandom):
    """A session's deal generator for online play: every draw comes from the operating
    system (:func:`os.urandom`, what :mod:`secrets` uses), so no deal number seen tells
    another. It is a :class:`random.Random`, as the engine's session wants; its saved
    state (:meth:`getstate`, written with the room after every move) is a Twister seeded
    from :mod:`secrets` that no deal is ever drawn from: a room read back gets a new
    :class:`SecretDeals` (:meth:`big2.net.hosted.HostedRoom.restore`)."""

    def __init__(self) -> None:
        super().__init__()
        random.Random.seed(self, secrets.randbits(256))

    getstate = random.Random.getstate
    setstate = random.Random.setstate


@dataclass
class _Record:
    misses: int
    until: float  # monotonic time before which the next try is refused
    last: float


class Throttle:
    """Exponential delay for repeated misses (wrong room codes, wrong tokens), per peer.

    ``free`` misses cost nothing; the n-th miss after them makes the peer wait
    ``base * 2**(n-1)`` seconds (at most ``cap``) before its next try counts. A right
    guess changes nothing (the misses are counted, never wiped); a peer quiet for
    ``forget`` seconds starts afresh. At most ``max_peers`` records are kept: the
    oldest are dropped first, so a flood of addresses cannot grow memory.
    ``clock`` is injected for tests (default :func:`time.monotonic`).
    """

    def __init__(self, *, free: int = 3, base: float = 0.5, cap: float = 60.0, forget: float = 600.0,
                 max_peers: int = 10_000, clock: Callable[[], float] = time.monotonic) -> None:
        self.free = free
        self.base = base
        self.cap = cap
        self.forget = forget
        self.max_peers = max_peers
        self.clock = clock
        self._peers: OrderedDict[str, _Record] = OrderedDict()

    def __len__(self) -> int:
        return len(self._peers)

    def _record(self, peer: str, now: float) -> _Record | None:
        rec = self._peers.get(peer)
        if rec is not None and now - rec.last > self.forget:
            del self._peers[peer]
            return None
        return rec

    def wait(self, peer: str) -> float:
        """Seconds ``peer`` must still wait before a try counts (0 when it may try now)."""
        now = self.clock()
        rec = self._record(peer, now)
        return 0.0 if rec is None else max(0.0, rec.until - now)

    def miss(self, peer: str) -> float:
        """Record a miss by ``peer``; returns the delay its next try must wait."""
        now = self.clock()
        rec = self._record(peer, now)
        if rec is None:
            rec = _Record(0, now, now)
            self._peers[peer] = rec
        self._peers.move_to_end(peer)
        rec.misses += 1
        rec.last = now
        over = rec.misses - self.free
        delay = 0.0 if over <= 0 else min(self.cap, self.base * 2 ** min(over - 1, 30))
        rec.until = now + delay
        while len(self._peers) > self.max_peers:
            self._peers.popitem(last=False)
        return delay
