"""A seat's link to a room on a server: what an online table holds instead of a
:class:`~big2.room.link.LocalLink`. No pygame; safe to use from the render thread.

:class:`RemoteLink` runs the websocket on a thread of its own (an asyncio loop there),
so network I/O never blocks a frame. The table calls :meth:`RemoteLink.poll` once a
frame: it returns the seat events that arrived since (decoded with
:mod:`big2.room.codec`) and keeps :attr:`RemoteLink.state` current (the seat's latest
:class:`~big2.room.state.SeatState`); a move's events and the snapshot after them are
handed over together, so :attr:`state` is never behind the events polled, nor ahead of
them. A screen that only waits for the game (the lobby until the host starts, the
session's end until a rematch) calls :meth:`RemoteLink.sync` instead: :attr:`state`
becomes the newest snapshot and the events that came with it stay for the table's next
:meth:`poll` — as a :class:`~big2.room.link.LocalLink`'s state is ahead of the events
not polled yet — so the table still deals the new hand's cards, as a local table does.
:meth:`RemoteLink.send` queues a command for the
seat and returns at once; the room's answer comes through :meth:`poll`: a refused
command as a :class:`~big2.room.commands.Refusal` in the list, with the room's sentence.
Every error the server answers a command with (``refused``, or any other code: a play
of no cards is ``bad_value``) becomes such a Refusal — :mod:`big2.net.sentences` has a
sentence for each code — so no answer leaves a table waiting for the move it sent.

The lobby: :attr:`lobby` is the latest ``room`` frame's body (seats, host, code),
:attr:`reactions` the reactions heard; :meth:`ready`, :meth:`start`, :meth:`set_seat`,
:meth:`configure`, :meth:`react` and :meth:`leave` send the lobby's frames.

The turn clock: :attr:`clock` is ``(seat, deadline)`` while a person's clock runs
(``deadline`` on :func:`time.monotonic`'s scale, from the server's ``clock`` frame), else
None; :meth:`seconds_left` reads it. :attr:`remote` tells a table the room is elsewhere
(answers come later, through :meth:`poll`; no undo, no saves).

Dropped connections: the link reconnects by itself, waiting 0.5 s, 1 s, 2 s … (at most
10 s, with a little randomness) between tries, and takes its seat back with its seat
token; after ``give_up_s`` seconds (two minutes) without getting back in it stops, with
:attr:`problem` ``("gone", …)``, so a table never says "Reconnecting…" for good. A
``left`` frame with ``reconnect`` (the room moved to another process) is a drop too.
:attr:`status` is ``"connecting"``, ``"connected"``, ``"reconnecting"`` (show
"Reconnecting…") or ``"closed"``; :attr:`problem` the last error frame's code and
sentence. :attr:`token` and :attr:`code` are what the app stores to offer a rejoin after
a restart (pass them back as ``code=``/``token=``); the server gives a new token at each
rejoin, so :attr:`token` changes after a reconnect (the app keeps the new one).

Several server processes sharing rooms through Redis (``big2 serve --redis``) can be
given as ``others``: after a dropped connection or a failed try the link tries the next
address in turn (any process reaches any room, and takes over a room whose process
died); :attr:`url` is the address in use, :attr:`urls` all of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import random
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any

from ..room import codec
from ..room import commands as cmds
from ..room.state import SeatState
from . import sentences
from .client import Client, ServerRefused, connect

#: Commands of :mod:`big2.room.commands` by class, as the wire names them.
_KINDS = {cls: name for name, cls in cmds.COMMANDS.items()}
#: Seconds a link keeps trying to get back in before it gives up (see RemoteLink).
GIVE_UP_S = 120.0
#: Errors after which reconnecting cannot help.
_FINAL = frozenset({"version", "bad_code", "bad_token", "full", "started", "throttled", "crowded"})


def command_frame(command: Any) -> dict[str, Any]:
    """The ``command`` field of a command frame for a :mod:`big2.room.commands` value."""
    kind = _KINDS.get(type(command))
    if kind is None or kind == "leave":
        raise ValueError(f"{type(command).__name__} is not a command a seat sends")
    out: dict[str, Any] = {"kind": kind}
    if isinstance(command, cmds.Play):
        out["cards"] = sorted(int(c) for c in command.cards)
    elif isinstance(command, cmds.GiveBack):
        out["card"] = int(command.card)
    return out


class RemoteLink:
    """A seat in a room on the server at ``url``: ``code`` (join; with ``token`` take
    one's seat back) or ``create`` (a dict of ``create_room`` fields besides the name)."""

    #: The room is on a server: commands are answered later, through :meth:`poll`.
    remote = True

    def __init__(self, url: str, *, name: str, code: str | None = None, token: str | None = None,
                 create: dict[str, Any] | None = None, ssl_context: ssl.SSLContext | None = None,
                 client: str = "big2", backoff: tuple[float, float] = (0.5, 10.0),
                 on_message: Callable[[], None] | None = None, others: tuple[str, ...] = (),
                 give_up_s: float = GIVE_UP_S) -> None:
        if (code is None) == (create is None):
            raise ValueError("a link joins a room (code) or creates one (create), not both")
        self.url = url
        #: Every address of the room's servers, ``url`` first; tried in turn on reconnects.
        self.urls = (url, *(u for u in others if u != url))
        self.name = name
        self.code = code
        self.token = token
        #: Whether this link takes back a seat it had (it was given a token): a hand it
        #: first sees in its middle was under way before, not new to the person.
        self.taking_back = token is not None
        self.create = dict(create) if create is not None else None
        self.ssl_context = ssl_context
        self.client_name = client
        self.backoff = backoff
        #: Seconds without getting back in after which the link stops trying.
        self.give_up_s = give_up_s
        #: When the link last lost its seat (time.monotonic), while it is away.
        self._lost_since: float | None = None
        self.on_message = on_message  # e.g. wake the render loop; called on the link's thread
        self.seat: int = 0
        self.state: SeatState | None = None
        #: The newest snapshot heard, set on the link's thread as it arrives (ahead of
        #: :attr:`state`, which moves only when the table polls): for watchers such as
        #: the app's seat keeper, never for what a table shows.
        self.newest: SeatState | None = None
        self.lobby: dict[str, Any] | None = None
        self.reactions: list[tuple[int, str]] = []
        #: ``(seat, deadline)`` while a person's turn clock runs (see :meth:`seconds_left`).
        self.clock: tuple[int, float] | None = None
        #: How many snapshots :meth:`poll` has handed over that began a connection (the
        #: first join counts): when it grows, the seat came back after a drop and what
        #: happened meanwhile is in :attr:`state` only, not in events.
        self.snapshots = 0
        self._first_state = False
        #: Events (and refusals) :meth:`sync` took in that :meth:`poll` has not handed over.
        self._held: list[Any] = []
        self.status = "connecting"
        self.problem: tuple[str, str] | None = None
        self.reconnects = 0
        self._inbox: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._outbox: asyncio.Queue[dict[str, Any]] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._client: Client | None = None
        self._seq = 0
        #: Commands sent on this connection the server has not answered yet (their seqs).
        self._unanswered: list[int] = []
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="big2-net-link", daemon=True)
        self._thread.start()

    # -- the table's side (any thread) --------------------------------------------------

    def poll(self) -> list[Any]:
        """Seat events (and refusals) that arrived since the last poll (those a
        :meth:`sync` took in first); updates :attr:`state` on the way."""
        self._take()
        out, self._held = self._held, []
        return out

    def sync(self) -> SeatState | None:
        """Bring :attr:`state` (and :attr:`snapshots`) up to the newest snapshot that
        arrived, keeping its events for the next :meth:`poll`; returns :attr:`state`.
        For screens that wait for the game without showing its moves."""
        self._take()
        return self.state

    def _take(self) -> None:
        """Move what the link's thread handed over into :attr:`state` and the held events."""
        while True:
            try:
                kind, value = self._inbox.get_nowait()
            except queue.Empty:
                return
            if kind == "state":
                events, self.state, fresh = value
                self._held.extend(events)
                self.snapshots += fresh
            elif kind == "refusal":
                self._held.append(value)

    def seconds_left(self, now: float | None = None) -> tuple[int, float] | None:
        """``(seat, seconds)`` the turn clock has left for the seat to act, or None when
        no clock runs."""
        clock = self.clock
        if clock is None:
            return None
        seat, deadline = clock
        return seat, max(0.0, deadline - (time.monotonic() if now is None else now))

    def connected(self, seat: int) -> bool:
        """Whether the person at ``seat`` is connected, as the last room frame said
        (True for computers and when not known)."""
        seats = (self.lobby or {}).get("seats") or ()
        if not 0 <= seat < len(seats):
            return True
        info = seats[seat]
        return info.get("kind") != "person" or bool(info.get("connected", True))

    def pending(self) -> bool:
        """Whether something arrived that :meth:`poll` has not handed over yet."""
        return bool(self._held) or not self._inbox.empty()

    def send(self, command: Any) -> None:
        """Queue ``command`` (of :mod:`big2.room.commands`) for this seat. Returns at
        once; a refusal comes through :meth:`poll`. ``Leave`` leaves the room."""
        if isinstance(command, cmds.Leave):
            self.leave()
            return
        self._seq += 1
        self._post({"type": "command", "seq": self._seq, "command": command_frame(command)})

    def ready(self, ready: bool = True) -> None:
        self._post({"type": "ready", "ready": ready})

    def start(self) -> None:
        self._post({"type": "start"})

    def set_seat(self, seat: int, computer: bool) -> None:
        self._post({"type": "seat", "seat": seat, "computer": computer})

    def configure(self, **fields: Any) -> None:
        """Host only, before the start: change the game's set-up (``preset``, ``rules``
        — a Rules value or its codec form —, ``scoring``, ``hands``, ``target``,
        ``level``, ``turn_clock``, ``players``; see the ``configure`` frame). The room
        answers with a new :attr:`lobby`, or a refusal in :attr:`problem`."""
        rules = fields.get("rules")
        if rules is not None and not isinstance(rules, dict):
            fields["rules"] = codec.to_json(rules)
        self._post({"type": "configure", **fields})

    def react(self, reaction: str) -> None:
        self._post({"type": "reaction", "reaction": reaction})

    def leave(self) -> None:
        self._post({"type": "leave"})

    def here(self, hand: int) -> None:
        """Tell the room this seat's table shows hand number ``hand`` now (a hand another
        person dealt, a rematch): the seat's turn clock may run from now."""
        self._post({"type": "here", "hand": int(hand)})

    def tick(self, now: float, pace: float = 0.0, exchange_pace: float | None = None) -> None:
        """Nothing to do: the server gives its computers time."""

    def thinking(self, seat: int) -> bool:
        """Unknown from here: the server does not say (the table shows its own cue)."""
        return False

    def view_as(self, seat: int) -> None:
        if seat != self.seat:
            raise ValueError("an online table shows its own seat only")

    def close(self) -> None:
        """Disconnect for good and stop the link's thread."""
        self._closing = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._wake_closing)
        self._thread.join(10)
        self.status = "closed"

    def _post(self, frame: dict[str, Any]) -> None:
        loop, box = self._loop, self._outbox
        if loop is None or box is None:
            raise RuntimeError("the link is not running")
        with contextlib.suppress(RuntimeError):  # the loop closed: the frame has nowhere to go
            loop.call_soon_threadsafe(box.put_nowait, frame)

    # -- the link's thread --------------------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        finally:
            self.status = "closed"
            loop.close()

    def _wake_closing(self) -> None:
        assert self._outbox is not None
        self._outbox.put_nowait({"type": "_close"})

    def _tell(self, kind: str, value: Any) -> None:
        """Hand ``value`` to the table: states, events and refusals through :meth:`poll`
        (so :meth:`pending` means "poll has something"); for the rest (room, reaction,
        clock, status) the attributes already say it, and the render loop is woken."""
        if kind in ("state", "refusal"):
            self._inbox.put((kind, value))
        if self.on_message is not None:
            with contextlib.suppress(Exception):
                self.on_message()

    async def _main(self) -> None:
        self._outbox = asyncio.Queue()
        delay = self.backoff[0]
        while not self._closing:
            try:
                await self._session()
                delay = self.backoff[0]
            except ServerRefused as exc:
                self.problem = (exc.code, exc.message)
                if exc.code in _FINAL:
                    break
            except (OSError, asyncio.TimeoutError, EOFError):
                pass
            except Exception as exc:  # noqa: BLE001 - a closed or broken connection: retry
                self.problem = ("connection", str(exc) or type(exc).__name__)
            if self._closing:
                break
            now = time.monotonic()
            if self._lost_since is None:
                self._lost_since = now
            elif now - self._lost_since >= self.give_up_s:
                self.problem = ("gone", f"No game server answered for {self.give_up_s:.0f} s.")
                break
            # another process of the room's servers, when there are several
            self.url = self.urls[(self.urls.index(self.url) + 1) % len(self.urls)]
            self.status = "reconnecting"
            self.reconnects += 1
            self._tell("status", self.status)  # a table shows "Reconnecting…" at once
            delay = max(self.backoff[0], min(delay, self.backoff[1]))  # (the backoff may change)
            await self._sleep(delay * (0.8 + 0.4 * random.random()))
            delay = min(self.backoff[1], delay * 2)
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.close()

    async def _sleep(self, seconds: float) -> None:
        """Wait ``seconds`` unless the link is closed meanwhile (frames sent while away
        wait in the outbox, except a close)."""
        assert self._outbox is not None
        end = asyncio.get_running_loop().time() + seconds
        while not self._closing and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(min(0.05, seconds))

    async def _session(self) -> None:
        """One connection: connect, take or create the seat, then pump frames both ways
        until it drops."""
        client = await connect(self.url, client=self.client_name, ssl_context=self.ssl_context)
        self._client = client
        if self.token is not None and self.code is not None:
            await client.send("join_room", code=self.code, name=self.name, token=self.token)
        elif self.create is not None:
            await client.send("create_room", name=self.name, **self.create)
        else:
            await client.send("join_room", code=self.code, name=self.name)
        joined = await client.expect("joined", timeout=15)
        self._unanswered = []  # (a command sent before a drop is sent again, or was taken)
        rejoined = self.token is not None
        self.seat, self.code, self.token = joined["seat"], joined["code"], joined["token"]
        if rejoined:
            # A seat taken back gets a new token; the old one works until the server hears
            # from this connection (a joined lost on its way costs no seat): tell it now.
            await client.send("ping")
        self.create = None  # from now on: rejoin with the token
        self._first_state = True
        self._lost_since = None
        self.status = "connected"
        self.problem = None
        self._tell("status", self.status)
        reader = asyncio.create_task(self._read(client))
        writer = asyncio.create_task(self._write(client))
        done, pending = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for task in done:
            exc = task.exception()
            if exc is not None:
                raise exc
        with contextlib.suppress(Exception):
            await client.close()

    async def _read(self, client: Client) -> None:
        # A move's events are handed over together with the snapshot the server sends
        # after them: a table never holds events its state is not yet ahead of (nor a
        # state whose events it has not got). Events of a connection that drops before
        # their snapshot are let go: the next connection starts from a snapshot.
        held: list[Any] = []
        while True:
            frame = await client.recv(timeout=3600)
            kind = frame.type
            if kind == "state":
                fresh, self._first_state = self._first_state, False
                state = codec.from_json(frame["state"])
                self.newest = state
                self._tell("state", (held, state, fresh))
                held = []
            elif kind == "event":
                held.append(codec.from_json(frame["event"]))
            elif kind == "room":
                self.lobby = frame["room"]
                self._tell("room", frame["room"])
            elif kind == "clock":
                left = frame["seconds_left"]
                self.clock = (frame["seat"], time.monotonic() + left) if left > 0 else None
                self._tell("clock", self.clock)
            elif kind == "reaction":
                self.reactions.append((frame["seat"], frame["reaction"]))
                self._tell("reaction", (frame["seat"], frame["reaction"]))
            elif kind == "ack":
                self._answered(frame.get("seq"))
            elif kind == "error":
                self.problem = (frame["code"], frame["message"])
                refusal = self._refusal(frame)
                if refusal is not None:
                    self._tell("refusal", refusal)
            elif kind == "left" and frame.get("reconnect"):
                return  # the room moved to another process: connect again, with the token
            elif kind == "left":
                self._closing = True
                # "ended": the game is over for everyone (its host left), not only for us
                self.problem = ("ended" if frame.get("ended") else "left", frame["reason"])
                self._tell("left", frame["reason"])  # on_message hears it (a kept seat is forgotten)
                return

    def _answered(self, seq: Any) -> bool:
        """Forget the command ``seq`` answers (with no seq: the oldest one unanswered,
        for an error the server could not tie to its frame); False when none waits."""
        if seq in self._unanswered:
            self._unanswered.remove(seq)
            return True
        if seq is None and self._unanswered:
            self._unanswered.pop(0)
            return True
        return False

    def _refusal(self, frame: Any) -> cmds.Refusal | None:
        """The Refusal an error frame gives the table, when it answers a command: the
        room's own sentence for ``refused``, else the sentence for its code. Errors of
        the lobby (a Start before all are ready, say) answer no command: None."""
        if not self._answered(frame.get("seq")):
            return None
        code = frame["code"]
        if code == "refused" and "msg" in frame.fields:
            with contextlib.suppress(ValueError, TypeError, KeyError):
                message = codec.from_json(frame["msg"])
                if isinstance(message, sentences.Message):
                    return cmds.Refusal(message)
        return cmds.Refusal(sentences.message(code, frame["message"]))

    async def _write(self, client: Client) -> None:
        assert self._outbox is not None
        while True:
            frame = await self._outbox.get()
            if frame["type"] == "_close":
                self._closing = True
                return
            kind = frame.pop("type")
            if kind == "command":
                self._unanswered.append(frame["seq"])
            try:
                await client.send(kind, **frame)
            except Exception:
                frame["type"] = kind
                await self._outbox.put(frame)  # sent again after the reconnect
                raise
