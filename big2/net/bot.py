"""A computer client: plays one seat of a room over the network, as a person's client
would, from nothing but its own frames — and checks them for leaks as it goes.

:class:`SeatBot` keeps the seat's latest :class:`~big2.room.state.SeatState` (from
``state`` frames, read back with :mod:`big2.room.codec`) and, when the seat must act,
sends a ``command`` frame: the give-back the rules suggest, or the lowest legal move
(:func:`big2.room.seatrules.legal_moves`); with ``deals`` it also asks for the next hand.

Leak check: every card a frame names (card sets, and the fields that hold one card) is
compared, until the hand ends, with what the seat may know — its own cards (dealt,
drawn, exchanged) and the cards played so far. A card outside both is a **leak**,
counted in :attr:`SeatBot.leaks`. :func:`hands_overlap` checks the other way round,
for the bots of one table together: their own hands, as the server dealt them, must
not overlap. Used by the tests and by ``python -m big2.net.loadtest``.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from typing import Any

from ..engine.combos import PASS, move_cards
from ..room import codec
from ..room.seatrules import legal_moves
from ..room.state import SeatState
from .client import Client
from .protocol import Frame

#: Fields of seat messages that hold one card.
_CARD_FIELDS = frozenset({"exchange_card", "give_back_hint", "card", "given", "returned"})


def cards_named(data: Any) -> set[int]:
    """Every card a seat message names, read from its JSON form (see
    :mod:`big2.room.codec`): the ``$cards`` lists and the one-card fields."""
    found: set[int] = set()
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            cards = value.get("$cards")
            if isinstance(cards, list):
                found.update(c for c in cards if isinstance(c, int))
                continue
            for key, item in value.items():
                if key in _CARD_FIELDS and isinstance(item, int) and not isinstance(item, bool):
                    found.add(item)
                elif isinstance(item, (dict, list)):
                    stack.append(item)
        elif isinstance(value, list):
            stack.extend(v for v in value if isinstance(v, (dict, list)))
    return found


class SeatBot:
    """Plays ``client``'s seat. ``pace`` seconds pass before each move it makes; with
    ``deals`` it also asks for the next hand once a hand is scored."""

    def __init__(self, client: Client, *, pace: float = 0.0, deals: bool = False, keep_frames: bool = True) -> None:
        self.client = client
        self.pace = pace
        self.deals = deals
        self.keep_frames = keep_frames
        self._state: SeatState | None = None
        self._raw_state: dict[str, Any] | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.code: str | None = None
        self.frames: list[Frame] = []
        self.errors: list[Frame] = []
        self.scored = 0
        self.session_over = False
        self.seq = 0
        self.sent_at: dict[int, float] = {}
        self.rtts: list[float] = []
        #: When each of :attr:`rtts` was measured (``time.perf_counter()`` at its end).
        self.rtt_at: list[float] = []
        self.moves = 0
        self.leaks = 0
        #: The first few leaks: (what named them, the cards).
        self.leak_details: list[tuple[str | None, list[int]]] = []
        #: This hand: the seat's own cards as dealt (for :func:`hands_overlap`), the
        #: cards it may know, whether the hand is over.
        self.dealt: frozenset[int] = frozenset()
        #: The hand number of the latest snapshot (which hand ``dealt`` belongs to).
        self.hand_number: int | None = None
        self._fresh_deal = False
        self._own: set[int] = set()
        self._public: set[int] = set()
        self._hand_open = False
        #: The last snapshot that passed the leak check in this hand.
        self._passed: dict[str, Any] = {}
        self._waiting: int | None = None
        self._acted_on: tuple[int, int, int | None, bool] | None = None

    # -- reading -------------------------------------------------------------------------

    def take(self, frame: Frame) -> None:
        """Read one frame from the server."""
        if self.keep_frames:
            self.frames.append(frame)
        kind = frame.type
        if kind == "event":
            self._event(frame["event"])
        elif kind == "state":
            data = frame["state"]
            number = data.get("hand_number")
            if number != self.hand_number:
                if not self._fresh_deal and isinstance(data.get("hand"), dict):
                    # A hand it did not see dealt (it joined or came back after the deal):
                    # its own cards are those it holds and those it played.
                    played = data.get("played")
                    seat = data.get("seat")
                    mine = played[seat] if isinstance(played, list) and isinstance(seat, int) and seat < len(played) else {}
                    self._own = cards_named(data["hand"]) | cards_named(mine)
                    self.dealt = frozenset(self._own)
                    self._public = set()
                    self._passed = {}
                    self._hand_open = bool(data.get("in_hand"))
                self.hand_number = number
                self._fresh_deal = False
            if data.get("hand_over"):
                self._hand_open = False  # every hand is shown once it is over
            self._check_state(data)
            self._raw_state = data
            self._state = None  # decoded when needed
        elif kind == "joined":
            self.seat = frame["seat"]
            self.token = frame["token"]
            self.code = frame["code"]
        elif kind == "ack":
            self.moves += 1
        elif kind == "error":
            self.errors.append(frame)
            self._acted_on = None  # refused: think again on the next snapshot

    def _event(self, data: dict[str, Any]) -> None:
        name = data.get("$t")
        if self._waiting is not None:
            sent = self.sent_at.pop(self._waiting, None)
            if sent is not None:
                now = time.perf_counter()
                self.rtts.append(now - sent)
                self.rtt_at.append(now)
            self._waiting = None
        if name == "SeatDealt":
            self._fresh_deal = True
            self._own = cards_named(data.get("hand"))
            self.dealt = frozenset(self._own)
            self._public = set()
            self._passed = {}
            self._hand_open = True
            return
        if name in ("HandEnded", "HandRevealed"):
            self._hand_open = False
            return
        if name == "HandScored":
            self._hand_open = False
            self.scored += 1
            self.session_over = bool(data.get("session_over"))
            return
        if name == "SeatDrew":
            self._own |= cards_named(data.get("cards"))
        elif name in ("SeatExchangeStarted", "SeatExchanged") and self.seat in (data.get("loser"), data.get("winner")):
            self._own |= cards_named(data)
        elif name == "Played":
            combo = data.get("combo")
            move = combo.get("$combo") if isinstance(combo, dict) else None
            if isinstance(move, int):
                self._public |= set(move_cards(move))
            return
        self._check(data)

    def _check_state(self, data: dict[str, Any]) -> None:
        """:meth:`_check` for a snapshot, reading only the fields that changed since the
        last snapshot that passed in this hand (what may be known only grows within a
        hand, so a field that passed passes again)."""
        if not self._hand_open:
            return
        named: set[int] = set()
        passed = self._passed
        for key, value in data.items():
            if key in passed and passed[key] == value:
                continue
            if key in _CARD_FIELDS and isinstance(value, int) and not isinstance(value, bool):
                named.add(value)
            elif isinstance(value, (dict, list)):
                named |= cards_named(value)
        leaked = named - self._own - self._public - self._played_in(data)
        if leaked:
            self.leaks += 1
            if len(self.leak_details) < 5:
                self.leak_details.append((data.get("$t"), sorted(leaked)))
        else:
            self._passed = data

    def _check(self, data: Any) -> None:
        if not self._hand_open:
            return
        leaked = cards_named(data) - self._own - self._public - self._played_in(data)
        if leaked:
            self.leaks += 1
            if len(self.leak_details) < 5:
                self.leak_details.append((data.get("$t"), sorted(leaked)))

    @staticmethod
    def _played_in(data: Any) -> set[int]:
        """Cards a snapshot shows as played (public by then)."""
        if not isinstance(data, dict) or data.get("$t") != "SeatState":
            return set()
        return cards_named(data.get("played"))

    # -- acting --------------------------------------------------------------------------

    @property
    def state(self) -> SeatState | None:
        """The latest snapshot, decoded (None before the first)."""
        if self._state is None and self._raw_state is not None:
            self._state = codec.from_json(self._raw_state)
        return self._state

    def decide(self) -> dict[str, Any] | None:
        """The command to send now, or None when the seat need not act."""
        raw = self._raw_state
        if raw is None or not raw.get("in_hand"):
            return None
        seat = raw.get("seat")
        exchange = raw.get("exchange")
        if not raw.get("hand_over") and raw.get("to_act") != seat and not (
                isinstance(exchange, list) and len(exchange) == 2 and exchange[1] == seat):
            return None  # cheap: not this seat's move, nothing to decode
        st = self.state
        if st is None:
            return None
        key = (st.hand_number, st.seq, st.to_act, st.exchange is not None)
        if key == self._acted_on:
            return None
        if st.hand_over:
            if not self.deals or st.session_over:
                return None
            self._acted_on = key
            return {"kind": "next_hand"}
        if not st.is_person(st.seat):
            return None
        if st.exchange is not None:
            if st.exchange[1] != st.seat:
                return None
            self._acted_on = key
            card = st.give_back_hint if st.give_back_hint is not None else min(st.hand)
            return {"kind": "give_back", "card": card}
        if not st.my_turn:
            return None
        self._acted_on = key
        moves = [m for m in legal_moves(st) if m != PASS]
        if moves:
            return {"kind": "play", "cards": sorted(move_cards(moves[0]))}
        return {"kind": "pass"}

    async def act(self) -> bool:
        """Send the command :meth:`decide` picks, if any, after ``pace`` seconds; True
        when one was sent."""
        command = self.decide()
        if command is None:
            return False
        if self.pace:
            await asyncio.sleep(self.pace)
        await self.send(command)
        return True

    async def send(self, command: dict[str, Any]) -> None:
        """Send ``command`` (from :meth:`decide`) now, timing it until its first event."""
        self.seq += 1
        self.sent_at = {self.seq: time.perf_counter()}
        self._waiting = self.seq if command["kind"] != "next_hand" else None
        await self.client.send("command", seq=self.seq, command=command)

    async def play(self, *, hands: int = 1, timeout: float = 60.0) -> None:
        """Read frames and act until ``hands`` hands were scored (or the session ended)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.scored < hands and not self.session_over:
            await self.act()
            frame = await self.client.recv(timeout=max(0.01, end - loop.time()))
            self.take(frame)


    async def rejoin(self, urls: list[str], *, timeout: float = 30.0,
                     backoff: tuple[float, float] = (0.5, 4.0)) -> None:
        """The connection dropped: reconnect to one of ``urls`` (in turn) and take the
        seat back with the token, until a server has the room (one that is taking it over
        from a dead process answers ``elsewhere`` until the old lease runs out).

        Like the app's link, it waits before each try, from ``backoff[0]`` seconds
        doubling up to ``backoff[1]``, each wait spread at random over half to one and a
        half times that: a thousand players cut off at once by a dead process must not
        all knock at the survivor in the same instant, again and again."""
        from .client import ServerRefused, connect

        assert self.code is not None and self.token is not None
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        attempt = 0
        delay = backoff[0]
        while True:
            await asyncio.sleep(delay * (0.5 + random.random()))
            delay = min(backoff[1], delay * 2)
            url = urls[attempt % len(urls)]
            attempt += 1
            client = None
            try:
                client = await connect(url, client="big2 bot")
                await client.send("join_room", code=self.code, name="bot", token=self.token)
                self._raw_state = self._state = None  # act only on the fresh snapshot
                self.take(await client.expect("joined", timeout=10))
                self.client = client
                self._waiting = None
                self.sent_at = {}
                self._acted_on = None
                return
            except Exception as exc:  # noqa: BLE001 - refused, reset, half-open handshakes: try again
                if client is not None:
                    with contextlib.suppress(Exception):
                        await client.close()
                if isinstance(exc, ServerRefused) and exc.code not in ("elsewhere", "unavailable"):
                    raise
                if loop.time() > end:
                    raise


def hands_overlap(bots: list[SeatBot]) -> bool:
    """Whether the hands the server dealt the bots of one table overlap (a hand sent to
    the wrong seat would). Only bots whose latest snapshot is of the same hand are
    compared (at the end of a run one may not have read the newest deal yet)."""
    by_deal: dict[int | None, set[int]] = {}
    for bot in bots:
        seen = by_deal.setdefault(bot.hand_number, set())
        if seen & bot.dealt:
            return True
        seen |= bot.dealt
    return False
