"""A computer client: plays one seat of a room over the network, as a person's client
would, from nothing but its own frames.

:class:`SeatBot` keeps the seat's latest :class:`~big2.room.state.SeatState` (from
``state`` frames, read back with :mod:`big2.room.codec`) and every event it was sent,
and when the seat must act it sends a ``command`` frame: the give-back the rules suggest,
or the lowest legal move (:func:`big2.room.seatrules.legal_moves`). Used by the tests
and by ``python -m big2.net.loadtest``; the events it kept let a test check that no
frame ever named a card the seat could not know.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from ..engine.combos import PASS, move_cards
from ..room import codec
from ..room.events import HandScored
from ..room.seatrules import legal_moves
from ..room.state import SeatState
from .client import Client
from .protocol import Frame


class SeatBot:
    """Plays ``client``'s seat. ``pace`` seconds pass before each move it makes; with
    ``deals`` it also asks for the next hand once a hand is scored."""

    def __init__(self, client: Client, *, pace: float = 0.0, deals: bool = False) -> None:
        self.client = client
        self.pace = pace
        self.deals = deals
        self.state: SeatState | None = None
        self.seat: int | None = None
        self.frames: list[Frame] = []
        self.events: list[Any] = []
        self.errors: list[Frame] = []
        self.scored = 0
        self.session_over = False
        self.seq = 0
        self.sent_at: dict[int, float] = {}
        self.rtts: list[float] = []
        self._acted_on: tuple[int, int, int | None, bool] | None = None

    def take(self, frame: Frame) -> None:
        """Read one frame from the server."""
        self.frames.append(frame)
        if frame.type == "joined":
            self.seat = frame["seat"]
        elif frame.type == "state":
            self.state = codec.from_json(frame["state"])
        elif frame.type == "event":
            event = codec.from_json(frame["event"])
            self.events.append(event)
            if self.sent_at and self.seq in self.sent_at and not isinstance(event, HandScored):
                self.rtts.append(time.perf_counter() - self.sent_at.pop(self.seq))
            if isinstance(event, HandScored):
                self.scored += 1
                self.session_over = event.session_over
        elif frame.type == "error":
            self.errors.append(frame)
            self._acted_on = None  # refused: think again on the next snapshot

    def decide(self) -> dict[str, Any] | None:
        """The command to send now, or None when the seat need not act."""
        st = self.state
        if st is None or not st.in_hand:
            return None
        key = (st.hand_number, st.seq, st.to_act, st.exchange is not None)
        if st.hand_over:
            if not self.deals or st.session_over or key == self._acted_on:
                return None
            self._acted_on = key
            return {"kind": "next_hand"}
        if key == self._acted_on or not st.is_person(st.seat):
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
        """Send the command :meth:`decide` picks, if any; True when one was sent."""
        command = self.decide()
        if command is None:
            return False
        if self.pace:
            await asyncio.sleep(self.pace)
        self.seq += 1
        self.sent_at[self.seq] = time.perf_counter()
        await self.client.send("command", seq=self.seq, command=command)
        return True

    async def play(self, *, hands: int = 1, timeout: float = 60.0) -> None:
        """Read frames and act until ``hands`` hands were scored (or the session ended)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.scored < hands and not self.session_over:
            await self.act()
            frame = await self.client.recv(timeout=max(0.01, end - loop.time()))
            self.take(frame)
