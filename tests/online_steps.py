"""Steps of tests/online_player.py that a person takes through the app's own screens, each
with real input only (mouse motion, press and release where a control is drawn, keys,
typed text): hosting from the app (Play online → Host a game), joining with the invite the
host's lobby shows, leaving the lobby and trying the hub, taking a seat back with the
hub's "Rejoin room …", the table's keys (H, Enter, P), Rematch, and leaving the table.

Each step reports what the app showed as a JSON line (``say``), so the two-app tests
(tests/net/test_two_apps_flows.py) assert on what people saw.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pygame

from helpers import click, click_control, key, pick_option, type_text

from big2.app.ui import text

#: An invite as the lobby draws it (big2://address/CODE).
_INVITE = re.compile(r"big2s?://\S+")


def say(kind: str, **fields: Any) -> None:
    print(json.dumps({"type": kind, **fields}), flush=True)


def drawn_words(app: Any) -> list[str]:
    """Every line the app draws now (a full redraw)."""
    app.dirty = True
    with text.recording() as drawn:
        app.draw()
    return [d.text for d in drawn]


def on_loopback() -> None:
    """This test machine: the app hosts on 127.0.0.1, any free port, not announced on the
    network, and looks for games on loopback, briefly (as tests/app/online's ``loopback``)."""
    from big2.app.online import hosting, join

    hosting.LISTEN = ("127.0.0.1", 0, False)
    join.LOOK_SECONDS = 1.0
    join.INTERFACES = ["127.0.0.1"]


def until(app: Any, check: Any, seconds: float, what: str) -> None:
    if not app.run_until(check, timeout=seconds):
        raise TimeoutError(f"{what} (screen {type(app.top).__name__}: {getattr(app.top, 'message', '')!r})")


# -- into a room ---------------------------------------------------------------------------


def host_in_app(app: Any, name: str, setup: dict[str, str]) -> Any:
    """Title → Play online → Host a game, the name typed, Host: the app's own server
    opens the room. In the lobby the set-up ``setup`` (drop-down → option shown, e.g.
    ``{"players": "2", "length": "1 hand"}``) is chosen with the mouse; then the invite
    the lobby draws is reported (``hosting``). Returns the lobby."""
    from big2.app.online.lobby import LobbyScene

    click_control(app, app.top.b_online)
    click_control(app, app.top.b_host)
    form = app.top
    type_text(app, form.name_entry, name, enter=False)
    click_control(app, form.b_host)
    until(app, lambda: isinstance(app.top, LobbyScene) and app.top.room, 30, "the Host form did not open the room")
    lobby = app.top
    values = {"players": ("players", int), "length": ("hands", None)}
    for menu, option in setup.items():
        until(app, lambda: lobby._built == lobby._signature(), 10, "the lobby did not settle")
        pick_option(app, lobby.setup_menus[menu], option)
        field, kind = values.get(menu, (menu, None))
        if kind is not None:
            until(app, lambda: lobby.room.get(field) == kind(option) and lobby._built == lobby._signature(), 10,
                  f"the room did not take {menu} {option}")
        else:
            from big2.app.screens.setupform import LENGTHS

            want = LENGTHS[option][0]
            until(app, lambda: lobby.room.get(field) == want and lobby._built == lobby._signature(), 10,
                  f"the room did not take {menu} {option}")
    words = drawn_words(app)
    invites = [m.group(0) for w in words for m in [_INVITE.search(w)] if m]
    code = str(lobby.room.get("code_shown", ""))
    say("hosting", invite=invites[0] if invites else None, code=code, code_drawn=code in words,
        url=lobby.link.url, seats=len(lobby.room.get("seats", [])), hands=lobby.room.get("hands"))
    return lobby


def join_with_form(app: Any, name: str, *, invite: str | None = None, url: str | None = None,
                   code: str | None = None) -> Any:
    """From the Join form on top: the name, then the invite typed whole into the address
    field (as pasted) or the address and the code as the host reads them out; Join. The
    lobby it opens."""
    from big2.app.online.lobby import LobbyScene

    form = app.top
    assert form.name == "join_game", form
    type_text(app, form.name_entry, name, enter=False)
    if invite is not None:
        type_text(app, form.address_entry, invite, enter=False)
    else:
        type_text(app, form.address_entry, str(url), enter=False)
        type_text(app, form.code_entry, str(code).lower(), enter=False)  # as a person hears it
    click_control(app, form.b_join)
    until(app, lambda: isinstance(app.top, LobbyScene), 20, "the Join form did not get into the room")
    return app.top


def leave_lobby_and_try_the_hub(app: Any, lobby: Any) -> None:
    """Leave the lobby (confirming when asked), back on Play online: frames as the real
    loop runs them (waiting for events), then a click on Join a game must open the Join
    form: the hub answers. Reports ``left_lobby``."""
    click_control(app, lobby.b_leave)
    asked = None
    if app.top.name == "confirm":
        asked = app.top.detail
        click_control(app, app.top.b_yes)
    until(app, lambda: app.top.name == "online", 10, "leaving the lobby did not go back to Play online")
    hub = app.top
    end = time.monotonic() + 0.5
    while time.monotonic() < end:  # idle, as the app is between a person's clicks
        app.frame(block=True)
    click_control(app, hub.b_join)
    say("left_lobby", asked=asked, rejoin_offered=hub.b_rejoin is not None, after_click=app.top.name)


def rejoin_from_hub(app: Any) -> Any:
    """Title → Play online → the "Rejoin room …" offer, clicked; runs until the table (the
    lobby goes on to it). Reports ``rejoin`` with the offer's words. The table."""
    from big2.app.table.scene import TableScene

    click_control(app, app.top.b_online)
    hub = app.top
    offer = hub.b_rejoin
    say("rejoin", offered=offer is not None, label=offer.text if offer is not None else None)
    if offer is None:
        raise RuntimeError("Play online offered no Rejoin")
    click_control(app, offer)
    until(app, lambda: isinstance(app.top, TableScene), 30, "Rejoin did not get back to the table")
    return app.top


# -- at the table ------------------------------------------------------------------------


def put_down(app: Any, table: Any) -> None:
    """Whatever is lifted goes down: a right click on a card."""
    from helpers import card_point

    if table.hand.selected:
        click(app, card_point(table, next(iter(table.hand.selected))), button=3)


def enter_with_nothing_lifted(app: Any, table: Any, why: str) -> dict[str, Any]:
    """Enter with no card lifted, on one's turn: it must keep the turn and say why. What
    the table showed (reported as ``enter_empty``)."""
    put_down(app, table)
    key(app, pygame.K_RETURN, frames=4)
    seen = {"why": why, "lifted": len(table.hand.selected), "kept_turn": bool(table.awaiting_human and table.state.my_turn),
            "message": table.message[0] if table.message else None,
            "hint_enabled": table.buttons["hint"].is_enabled, "waiting_on": table.waiting_on is not None}
    say("enter_empty", **seen)
    return seen


def hint(app: Any, table: Any, seconds: float = 10.0) -> str:
    """H: the server's hint arrives later, lifting its cards or saying pass (or that there
    are no more hints for now). "lifted", "pass" or "none left"."""
    before = table.message
    key(app, pygame.K_h, frames=2)
    until(app, lambda: table.hand.selected or table.message is not before, seconds, "H was not answered")
    if table.hand.selected:
        return "lifted"
    words = table.message[0] if table.message else ""
    return "none left" if words.startswith("No more hints") else "pass"


def lift(app: Any, table: Any, cards: set[int]) -> None:
    """Lift exactly ``cards`` with clicks (a right click puts a wrong selection down)."""
    from helpers import card_point

    if table.hand.selected - cards:
        put_down(app, table)
    for c in sorted(cards, key=table.hand.cards.index):
        if c not in table.hand.selected:
            click(app, card_point(table, c))


def key_turn(app: Any, table: Any, seen: dict[str, int]) -> list[str] | None:
    """One turn with the tutorial's keys: H (the hint lifts its cards, or says pass), then
    Enter to play what is lifted, or P. Once hints run out (the server allows a few a
    minute) the cards of the first legal move are lifted with clicks, then Enter or P.
    Enter with nothing lifted on the first turn, and when the hint says pass (``seen``
    counts what was tried). The keys pressed, or None when the table did not take the turn."""
    from big2.engine.combos import PASS, move_cards
    from big2.room.seatrules import legal_moves

    pressed: list[str] = []
    if not seen.get("empty"):
        seen["empty"] = 1
        enter_with_nothing_lifted(app, table, "first turn")
        pressed.append("enter (nothing lifted)")
        if not table.awaiting_human:
            return None
    put_down(app, table)
    said = "none left" if seen.get("hints out") else hint(app, table)
    pressed.append("h" if not seen.get("hints out") else "")
    if said == "none left":
        seen["hints out"] = 1
        move = legal_moves(table.state)[0]
        if move != PASS:
            lift(app, table, set(move_cards(move)))
        said = "lifted" if table.hand.selected else "pass"
    if said == "lifted":
        key(app, pygame.K_RETURN, frames=3)
        pressed.append("enter")
    else:
        if seen.get("empty", 0) < 3:
            seen["empty"] += 1
            enter_with_nothing_lifted(app, table, "the hint said pass")
            if not table.awaiting_human:
                return None
        key(app, pygame.K_p, frames=3)
        pressed.append("p")
    return [k for k in pressed if k] if not table.awaiting_human else None


def leave_table(app: Any) -> str | None:
    """Menu (Esc) → Leave the game → Leave: back to the title. The confirmation's words."""
    key(app, pygame.K_ESCAPE, frames=3)
    menu = app.top
    assert menu.name == "pause", menu
    click_control(app, menu.b_quit)
    confirm = app.top
    detail = getattr(confirm, "detail", None)
    click_control(app, confirm.b_yes)
    until(app, lambda: app.top.name == "title", 10, "leaving the table did not go to the title")
    return detail
