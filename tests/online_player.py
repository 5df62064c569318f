"""One person at a real app instance playing an online session: run as a program by the
two-app tests (tests/net/test_two_apps.py), one process per app, since two apps cannot
share one pygame.

    python -m tests.online_player --url ws://127.0.0.1:PORT [--url ws://…] --name Ann
        (--create '{"players": 3, "computers": 1, "hands": 2}' --people 2 | --code CODE)

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

from helpers import card_point, click, click_button, click_control, type_text  # noqa: E402

from big2.engine.combos import PASS, move_cards  # noqa: E402
from big2.i18n import _  # noqa: E402
from big2.net.link import RemoteLink  # noqa: E402
from big2.room.seatrules import legal_moves  # noqa: E402


def say(kind: str, **fields: Any) -> None:
    print(json.dumps({"type": kind, **fields}), flush=True)


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
    session) and waits in the lobby, then clicks Start once everyone is ready; a friend
    goes Title → Play online → Join a game, types the address and the room code, and
    clicks "I'm ready" in the lobby. A friend given several server addresses (one room
    on several processes) joins through a link that knows them all, then the lobby."""
    from big2.app.online.lobby import LobbyScene

    app.push("title")
    urls = opts.url
    via = "link"
    if opts.create:
        link = RemoteLink(urls[0], name=opts.name, others=tuple(urls[1:]), on_message=app.post_wake,
                          create=json.loads(opts.create))
        wait_for(lambda: link.lobby is not None, link, 20, "no room frame")
        lobby = app.push("lobby", link)
    elif len(urls) == 1:
        title = app.top
        click_control(app, title.b_online)
        click_control(app, app.top.b_join)
        form = app.top
        type_text(app, form.name_entry, opts.name, enter=False)
        type_text(app, form.address_entry, urls[0], enter=False)
        type_text(app, form.code_entry, opts.code.lower(), enter=False)  # as a person reads it out
        click_control(app, form.b_join)
        if not app.run_until(lambda: isinstance(app.top, LobbyScene), timeout=20):
            raise TimeoutError(f"the join form did not get into the room: {getattr(app.top, 'message', '')}")
        lobby = app.top
        link = lobby.link
        via = "join form"
    else:
        link = RemoteLink(urls[0], name=opts.name, others=tuple(urls[1:]), on_message=app.post_wake, code=opts.code)
        wait_for(lambda: link.lobby is not None, link, 20, "no room frame")
        lobby = app.push("lobby", link)
    say("joined", code=link.code, seat=link.seat, token_bits=len(link.token or "") * 4, url=link.url, via=via)

    def in_lobby(check: Any, what: str) -> None:
        if not app.run_until(lambda: check() or link.state is not None, timeout=30):
            raise TimeoutError(f"{what} (link {link.status}, {link.problem})")

    if opts.create:
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
        self.my_moves: dict[int, int] = {}

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
        now = (len(state.results), len(state.history), link.status)
        if now != self.last:
            self.last = now
            say("progress", hand=now[0] + 1, moves=now[1], status=now[2], url=link.url)


def play(app: Any, table: Any, link: RemoteLink, watch: Watch, seconds: float) -> str | None:
    """Play until the session ends; None, or why it did not."""
    from big2.app.screens.results import ResultsScene
    from big2.app.ui import text

    end = time.monotonic() + seconds
    app.running = True
    while time.monotonic() < end:
        with text.recording() as drawn:
            app.frame(block=False)
        watch.frame(table, drawn)
        state = table.state
        if link.status == "closed":
            return f"the link closed: {link.problem}"
        if link.status != "connected":  # the table holds input while reconnecting
            time.sleep(0.005)
            continue
        if isinstance(app.top, ResultsScene):
            if state.session_over:
                return None
            advance_results(app)
        elif app.top is table and table.awaiting_human and state.my_turn:
            # (the table offers the turn again only once the server answered the last move)
            if play_turn(app, table):
                hand = len(state.results) + 1
                watch.my_moves[hand] = watch.my_moves.get(hand, 0) + 1
        time.sleep(0.002)
    return f"the session did not end in {seconds:.0f} s"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="online_player")
    p.add_argument("--url", action="append", required=True, help="a server address (again for another process)")
    p.add_argument("--name", required=True)
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--create", help="create_room fields as JSON: this app hosts the room")
    who.add_argument("--code", help="the room code to join")
    p.add_argument("--people", type=int, default=2, help="persons the host waits for before it starts")
    p.add_argument("--seconds", type=float, default=60.0)
    opts = p.parse_args(argv)

    from big2.app.app import App
    from big2.app.settings import AppSettings

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
        why = play(app, table, link, watch, opts.seconds - (time.monotonic() - started))
        state = table.state
        summary = {
            "seat": link.seat, "names": list(state.names), "people": list(state.people),
            "hands": len(state.results), "session_over": state.session_over,
            "points": [list(r.points) for r in state.results], "totals": list(state.totals),
            "winners": [r.winner for r in state.results],
            "deal_numbers": [r.deal_number for r in state.results],
            "my_moves": {str(k): v for k, v in sorted(watch.my_moves.items())},
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
        closing = time.monotonic()
        if link is not None:
            link.close()
        app.close()
        say("closed", seconds=round(time.monotonic() - closing, 2))
    return 0 if why is None else 1


if __name__ == "__main__":
    sys.exit(main())
