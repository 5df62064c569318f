"""One person at a real app instance playing an online session: run as a program by the
two-app tests (tests/net/test_two_apps.py), one process per app, since two apps cannot
share one pygame.

    python -m tests.online_player --url ws://127.0.0.1:PORT [--url ws://…] --name Ann
        (--create '{"players": 3, "computers": 1, "hands": 2}' --people 2 | --code CODE)
    python -m tests.online_player --name Ann --host-app --setup '{"players": "2"}' [--keys] [--sessions 2]
    python -m tests.online_player --name Ben (--invite big2://… | --url ws://… --code CODE | --rejoin)

It makes a headless :class:`big2.app.app.App` (SDL's dummy drivers), gets to the table
through the app's screens (:func:`get_to_table`: the Join form and the lobby's Ready for
a friend, the lobby's Start for the host once ``--people`` persons are ready), then plays as a person does: real mouse motion, press and release at the drawn
cards and at the Play and Pass buttons, the results screen's button between hands, until
the session is over. Every ``--url`` after the first is another server process of the
room (the link tries them in turn when its connection drops).

Its stdout is JSON, one object a line: ``{"type": "joined", …}`` once seated,
``{"type": "progress", …}`` whenever the hand, the number of moves or the link's status
changes (what a test waits on to cut the connection mid-hand), then
``{"type": "summary", …}``: what the table showed and what the link went through, and
last ``{"type": "closed", "seconds": …}`` once the link and the window are closed. The
exit status is 0 when the session ended, 1 when it did not (the summary says why).

The flows a person meets besides (tests/online_steps.py has the steps): ``--host-app``
hosts from the app itself (Play online → Host a game, its own server on loopback) and
reports the invite its lobby shows (``hosting``); a friend joins with ``--invite`` (typed
whole into the address field) or ``--url`` and ``--code``, ``--leave-lobby`` leaves the
lobby once and tries the hub first; ``--rejoin`` takes the seat kept by an app that was
killed back with the hub's "Rejoin room …". At the table ``--keys`` plays with H, Enter
and P (and Enter with nothing lifted), ``--sessions`` plays that many sessions (the host
clicks Rematch, the others wait for it), ``--hold-while-away`` waits for a person whose
app is away, ``--leave-at HAND:MOVES`` leaves the table (Menu → Leave the game) and
``--until-gone`` expects the game to end under this app (the host left).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_HERE = Path(__file__).resolve().parent
# run as a file, its folder comes first on the path, and tests/i18n would hide the i18n
# package pygame_gui imports: only tests/app (helpers.py) is wanted from here
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE / "app"))

from helpers import card_point, click, click_button, click_control  # noqa: E402

from tests import online_steps as steps  # noqa: E402
from tests.online_steps import say  # noqa: E402

from big2.engine.combos import PASS, move_cards  # noqa: E402
from big2.i18n import _  # noqa: E402
from big2.net.link import RemoteLink  # noqa: E402
from big2.room.seatrules import legal_moves  # noqa: E402


def wait_for(check: Any, link: RemoteLink, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end or link.status == "closed":
            raise TimeoutError(f"{what} (link {link.status}, {link.problem})")
        link.poll()
        time.sleep(0.02)


def get_to_table(app: Any, opts: argparse.Namespace) -> tuple[Any, RemoteLink]:
    """Into the room and on to the table through the app's own screens, with real clicks
    and typing: the host opens the room (through a link: the lobby has no two-hand
    session; or with ``--host-app`` from the app's Host form) and waits in the lobby, then
    clicks Start once everyone is ready; a friend goes Title → Play online → Join a game,
    types the address and the room code (or the invite), and clicks "I'm ready" in the
    lobby. A friend given several server addresses (one room on several processes) joins
    through a link that knows them all, then the lobby. ``--rejoin`` goes back to the
    table with the hub's offer."""
    from big2.app.online.lobby import LobbyScene

    app.push("title")
    urls = opts.url
    via = "link"
    hosts = bool(opts.create or opts.host_app)
    if opts.rejoin:
        table = steps.rejoin_from_hub(app)
        link = table.link
        say("joined", code=link.code, seat=link.seat, token_bits=len(link.token or "") * 4, url=link.url, via="rejoin")
        return table, link
    if opts.host_app:
        lobby = steps.host_in_app(app, opts.name, json.loads(opts.setup or "{}"))
        link = lobby.link
        via = "host form"
    elif opts.create:
        link = RemoteLink(urls[0], name=opts.name, others=tuple(urls[1:]), on_message=app.post_wake,
                          create=json.loads(opts.create))
        wait_for(lambda: link.lobby is not None, link, 20, "no room frame")
        lobby = app.push("lobby", link)
    elif len(urls) <= 1:
        click_control(app, app.top.b_online)
        click_control(app, app.top.b_join)
        lobby = steps.join_with_form(app, opts.name, invite=opts.invite, url=urls[0] if urls else None, code=opts.code)
        if opts.leave_lobby:
            steps.leave_lobby_and_try_the_hub(app, lobby)  # the Join form is open again
            lobby = steps.join_with_form(app, opts.name, invite=opts.invite, url=urls[0] if urls else None,
                                         code=opts.code)
        link = lobby.link
        via = "invite" if opts.invite else "join form"
    else:
        link = RemoteLink(urls[0], name=opts.name, others=tuple(urls[1:]), on_message=app.post_wake, code=opts.code)
        wait_for(lambda: link.lobby is not None, link, 20, "no room frame")
        lobby = app.push("lobby", link)
    say("joined", code=link.code, seat=link.seat, token_bits=len(link.token or "") * 4, url=link.url, via=via)

    def in_lobby(check: Any, what: str) -> None:
        if not app.run_until(lambda: check() or link.state is not None, timeout=30):
            raise TimeoutError(f"{what} (link {link.status}, {link.problem})")

    if hosts:
        def everyone_ready() -> bool:
            seats = (link.lobby or {}).get("seats", [])
            people = [s for s in seats if s["kind"] == "person"]
            return (len(people) >= opts.people and all(s["kind"] != "open" for s in seats)
                    and all(s["ready"] and s["connected"] for s in people)
                    and lobby.b_start is not None and lobby.b_start.alive() and lobby.b_start.is_enabled)

        in_lobby(everyone_ready, "the others were not ready")
        click_control(app, lobby.b_start)  # the lobby's Start, clicked where it is drawn
    else:
        in_lobby(lambda: lobby.b_ready is not None and lobby.b_ready.alive(), "no Ready button")
        click_control(app, lobby.b_ready)
    from big2.app.table.scene import TableScene

    if not app.run_until(lambda: isinstance(app.top, TableScene), timeout=30):
        raise TimeoutError(f"the game did not start (link {link.status}, {link.problem})")
    return app.top, link


def advance_results(app: Any) -> None:
    """Between hands: the results screen's button to go on, clicked where it is drawn."""
    click_button(app, app.top.b_next)


def play_turn(app: Any, table: Any) -> bool:
    """The first legal move, made with the mouse: a right click clears a selection that
    is not it, its cards are clicked, then Play (or Pass). Whether the table took it."""
    move = legal_moves(table.state)[0]
    if move == PASS:
        click_button(app, table.buttons["pass"])
        return not table.awaiting_human
    cards = set(move_cards(move))
    if not cards <= set(table.hand.cards):
        return False  # the table does not show these cards yet
    if table.hand.selected - cards:
        click(app, card_point(table, next(iter(table.hand.selected))), button=3)
    for c in sorted(cards, key=table.hand.cards.index):
        if c not in table.hand.selected:
            click(app, card_point(table, c))
    if table.hand.selected != cards:
        return False  # tried again next time round
    click_button(app, table.buttons["play"])
    return not table.awaiting_human


class Watch:
    """What the app went through, seen from its render thread once a frame."""

    def __init__(self, link: RemoteLink) -> None:
        self.link = link
        self.statuses = [link.status]
        self.urls = [link.url]
        self.last = None
        self.loops_away = 0
        self.drawn_away: set[str] = set()
        self.before: tuple[Any, ...] | None = None  # the hand's moves when the link dropped, and its state
        self.kept: list[bool] = []
        self.my_moves: dict[str, int] = {}
        self.keys: dict[str, int] = {}
        self.session = 1
        #: The moves of the hand the table first showed (a rejoin: the server's snapshot).
        self.first_history: list[str] | None = None
        self.held_for_away = 0
        self.waiting_drawn = False
        #: What the table drew once the game ended under it, and the Leave dialog's words.
        self.gone_drawn: list[str] | None = None
        self.left_detail: str | None = None
        self.paused = False

    def moved(self, hand: int) -> None:
        at = str(hand) if self.session == 1 else f"{self.session}.{hand}"
        self.my_moves[at] = self.my_moves.get(at, 0) + 1

    def frame(self, table: Any, drawn: list[Any]) -> None:
        link, state = self.link, table.state
        if link.status != self.statuses[-1]:
            self.statuses.append(link.status)
            if link.status == "reconnecting" and self.before is None and state.in_hand and not state.hand_over:
                self.before = (len(state.results), tuple(state.history), state)
        if link.url != self.urls[-1]:
            self.urls.append(link.url)
        if link.status == "reconnecting":
            self.loops_away += 1
            self.drawn_away.update(d.text for d in drawn)
        if (self.before is not None and link.status == "connected" and state.in_hand
                and state is not self.before[2]):  # the server's snapshot since the way back
            hand, moves, _ = self.before
            if len(state.results) == hand and len(state.history) >= len(moves):
                self.kept.append(tuple(state.history[: len(moves)]) == moves)
            else:  # the hand ended meanwhile: it must have ended with every move kept
                self.kept.append(len(state.results) > hand)
            self.before = None
        if self.first_history is None and state.in_hand:
            self.first_history = moves_of(state)
        now = (self.session, len(state.results), len(state.history), link.status)
        if now != self.last:
            self.last = now
            say("progress", session=now[0], hand=now[1] + 1, moves=now[2], status=now[3], url=link.url,
                history=moves_of(state))


#: With ``--until-gone``: the game must have ended for this app (not "Reconnecting…")
#: this long after its server went away.
GONE_WITHIN_S = 10.0


def moves_of(state: Any) -> list[str]:
    """The hand's moves so far, as ``seat:move`` words."""
    return [f"{seat}:{move}" for seat, move in state.history]


def away(link: RemoteLink, state: Any) -> list[int]:
    """The other persons at the table whose app is away (not connected)."""
    return [s for s in range(state.n_players) if state.people[s] and s != link.seat and not link.connected(s)]


def play(app: Any, table: Any, link: RemoteLink, watch: Watch, opts: argparse.Namespace,
         seconds: float) -> tuple[Any, str | None]:
    """Play until the session (the last of ``--sessions``) ends: (the last table, None), or
    why it did not. With ``--leave-at`` this app leaves the table there; with
    ``--until-gone`` the game ending under the table is the expected end."""
    from big2.app.screens.results import ResultsScene
    from big2.app.screens.session_end import SessionEndScene
    from big2.app.table.scene import TableScene
    from big2.app.ui import text

    end = time.monotonic() + seconds
    leave_at = tuple(int(x) for x in opts.leave_at.split(":")) if opts.leave_at else None
    pause_at = tuple(int(x) for x in opts.pause_at.split(":")) if opts.pause_at else None
    tried: dict[str, int] = {}
    lost_at: float | None = None
    asked_at = 0.0
    app.running = True
    while time.monotonic() < end:
        with text.recording() as drawn:
            app.frame(block=False)
        top = app.top
        if isinstance(top, TableScene) and top is not table:  # a rematch: a new table
            table = top
            watch.session += 1
        watch.frame(table, drawn)
        state = table.state
        if isinstance(top, ResultsScene) and state.session_over and watch.session >= opts.sessions:
            return table, None
        if link.status == "closed":
            if opts.until_gone:
                # the table hears of it on its next frames (its part polls the link): what
                # it shows then, not the frame drawn before it knew
                end = time.monotonic() + 5.0
                while time.monotonic() < end and getattr(getattr(table, "net", None), "status", "closed") != "closed":
                    app.frame(block=False)
                    time.sleep(0.01)
                app.frame(block=False)
                watch.gone_drawn = steps.drawn_words(app)
                return table, None
            return table, f"the link closed: {link.problem}"
        if link.status != "connected":  # the table holds input while reconnecting
            lost_at = lost_at or time.monotonic()
            if opts.until_gone and time.monotonic() - lost_at > GONE_WITHIN_S:
                watch.gone_drawn = steps.drawn_words(app)
                return table, f"still {link.status} {GONE_WITHIN_S:.0f} s after the game went away"
            time.sleep(0.005)
            continue
        lost_at = None
        hand = len(state.results) + 1
        if (leave_at is not None and top is table and (watch.session, hand) >= (opts.sessions, leave_at[0])
                and watch.my_moves.get(str(hand) if watch.session == 1 else f"{watch.session}.{hand}", 0) >= leave_at[1]):
            watch.left_detail = steps.leave_table(app)
            return table, None
        if pause_at is not None and (watch.session, len(state.history)) >= pause_at and not state.hand_over:
            if not watch.paused:
                watch.paused = True  # a person who stepped away from the keyboard
                say("paused", session=watch.session, history=moves_of(state))
            time.sleep(0.005)
            continue
        if opts.hold_while_away and away(link, state):
            watch.held_for_away += 1  # a person waits for a friend whose app is away
            time.sleep(0.005)
            continue
        if isinstance(top, ResultsScene):
            advance_results(app)
        elif isinstance(top, SessionEndScene):
            if not watch.waiting_drawn and not top.is_host():
                # what a friend reads while the host decides (or once the host asked)
                watch.waiting_drawn = True
                words = steps.drawn_words(app)
                say("standings", session=watch.session, names=[n for n in state.names if n in words],
                    note=next((w for w in words if w.startswith(("Waiting for the host", "Starting a rematch"))), None))
            if (top.is_host() and top.b_again.is_enabled and not top.asked
                    and time.monotonic() - asked_at > 1.0):
                asked_at = time.monotonic()
                click_control(app, top.b_again)  # the host's Rematch, clicked where it is drawn
                say("rematch", session=watch.session)
        elif top is table and table.awaiting_human and state.my_turn:
            # (the table offers the turn again only once the server answered the last move)
            if opts.keys:
                done = steps.key_turn(app, table, tried)
                if done is not None:
                    for k in done:
                        watch.keys[k] = watch.keys.get(k, 0) + 1
                    watch.moved(hand)
            elif play_turn(app, table):
                watch.moved(hand)
        time.sleep(0.002)
    return table, f"the session did not end in {seconds:.0f} s"


def linger(app: Any, until: float) -> None:
    """Keep the app going (its frames, a game it hosts) until stdin closes or ``until``."""
    import threading

    closed = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), closed.set()), daemon=True).start()
    while not closed.is_set() and time.monotonic() < until:
        app.frame(block=False)
        closed.wait(0.02)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="online_player")
    p.add_argument("--url", action="append", default=[], help="a server address (again for another process)")
    p.add_argument("--name", required=True)
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--create", help="create_room fields as JSON: this app hosts the room")
    who.add_argument("--host-app", action="store_true", help="host from the app (Play online → Host a game)")
    who.add_argument("--code", help="the room code to join (typed with --url)")
    who.add_argument("--invite", help="the host's invite, typed whole into the Join form's address field")
    who.add_argument("--rejoin", action="store_true", help="take the kept seat back (Play online → Rejoin room …)")
    p.add_argument("--setup", help="with --host-app: lobby drop-down → option as JSON, e.g. {\"players\": \"2\"}")
    p.add_argument("--people", type=int, default=2, help="persons the host waits for before it starts")
    p.add_argument("--keys", action="store_true", help="play with H, Enter and P (and Enter with nothing lifted)")
    p.add_argument("--sessions", type=int, default=1, help="sessions to play (the host clicks Rematch between)")
    p.add_argument("--hold-while-away", action="store_true", help="do not act while another person's app is away")
    p.add_argument("--leave-lobby", action="store_true", help="leave the lobby once, try the hub, join again")
    p.add_argument("--leave-at", help="HAND:MOVES: leave the table in that hand of the last session after MOVES moves")
    p.add_argument("--pause-at", help="SESSION:MOVES: stop acting once the hand has that many moves (then, say, "
                   "the test kills the app)")
    p.add_argument("--until-gone", action="store_true", help="the game ends under this app (the host leaves)")
    p.add_argument("--linger", action="store_true", help="after the summary, keep the app (and a hosted game) "
                   "running until stdin closes: the others finish first")
    p.add_argument("--seconds", type=float, default=60.0)
    opts = p.parse_args(argv)
    if not (opts.url or opts.host_app or opts.invite or opts.rejoin):
        p.error("--url is needed")

    from big2.app.app import App
    from big2.app.settings import AppSettings

    steps.on_loopback()
    app = App(size=(1280, 720), settings=AppSettings(animation="off", pace="instant"))
    app.ai_in_process = False
    app.guard_crashes = False
    app.open()
    link = None
    started = time.monotonic()
    why: str | None = None
    summary: dict[str, Any] = {}
    try:
        table, link = get_to_table(app, opts)
        watch = Watch(link)
        table, why = play(app, table, link, watch, opts, opts.seconds - (time.monotonic() - started))
        state = table.state
        summary = {
            "seat": link.seat, "names": list(state.names), "people": list(state.people),
            "hands": len(state.results), "session_over": state.session_over, "sessions": watch.session,
            "points": [list(r.points) for r in state.results], "totals": list(state.totals),
            "winners": [r.winner for r in state.results],
            "deal_numbers": [r.deal_number for r in state.results],
            "my_moves": dict(sorted(watch.my_moves.items())), "keys": watch.keys,
            "history": moves_of(state), "first_history": watch.first_history,
            "held_for_away": watch.held_for_away, "waiting_drawn": watch.waiting_drawn,
            "gone_drawn": watch.gone_drawn, "left_detail": watch.left_detail,
            "statuses": watch.statuses, "urls": watch.urls, "reconnects": link.reconnects,
            "frames": app.frames, "loops_away": watch.loops_away,
            "reconnecting_drawn": any(_("Reconnecting…") in t for t in watch.drawn_away),
            "history_kept": watch.kept, "problem": list(link.problem) if link.problem else None,
            # where the app stands at the end, for a post-mortem
            "screens": [type(sc).__name__ for sc in app.stack], "awaiting": table.awaiting_human,
            "to_act": state.to_act, "message": table.message[0] if table.message else None,
        }
    except Exception as exc:  # noqa: BLE001 - the summary says what went wrong
        why = f"{type(exc).__name__}: {exc}"
        traceback.print_exc()  # to the log, for a post-mortem
    finally:
        # the summary first: what the session was does not wait on closing the connection
        say("summary", ok=why is None, why=why, seconds=round(time.monotonic() - started, 2), **summary)
        if opts.linger:
            linger(app, started + opts.seconds + 60)
        closing = time.monotonic()
        if link is not None:
            link.close()
        app.close()
        say("closed", seconds=round(time.monotonic() - closing, 2))
    return 0 if why is None else 1


if __name__ == "__main__":
    sys.exit(main())
