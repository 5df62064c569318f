"""Join a game (scene ``"join_game"``): the player's name, the games found on the local
network, and an address and room code typed as the host reads them out.

Looking for games (:func:`big2.net.discovery.browse_blocking`) runs on a worker thread
(:class:`Looking`); the list fills in when it answers, and Refresh looks again. Clicking
a found game puts its address in the address field; the room code is always typed (codes
are secret: only the host's screen shows them). Join makes a
:class:`~big2.net.link.RemoteLink` and waits for the room without blocking a frame
(:mod:`.entering`), showing "Connecting…" and a Cancel; once seated the seat is kept for
a rejoin after a restart (:mod:`.rejoin`) and the lobby opens. A refusal or an
unreachable address is a sentence, with every field kept as typed.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import pygame
import pygame_gui

from ...i18n import _, ngettext, verbatim
from ..ui import text
from . import invite, rejoin
from .address import BadAddress, server_url
from .form import SOFT, WHITE, FormScene

log = logging.getLogger(__name__)

#: Seconds one look for games on the network listens.
LOOK_SECONDS = 3.0
#: The network interfaces looked on (None: every one; tests look on loopback).
INTERFACES: list[str] | None = None
#: The most found games listed at once.
MOST_SHOWN = 3


class Looking:
    """One look for games on the local network, on a worker thread: :attr:`found`
    (``big2.net.discovery.Found`` values) once :attr:`done`."""

    def __init__(self, on_done: Any = None, seconds: float | None = None) -> None:
        self.found: list[Any] = []
        self.done = False
        self.on_done = on_done
        self.seconds = LOOK_SECONDS if seconds is None else seconds
        self.interfaces = INTERFACES
        threading.Thread(target=self._run, name="big2-look-for-games", daemon=True).start()

    def _run(self) -> None:
        try:
            from big2.net.discovery import browse_blocking

            self.found = list(browse_blocking(self.seconds, interfaces=self.interfaces))
        except Exception:  # noqa: BLE001 - nothing found; the address can still be typed
            log.exception("looking for games failed")
            self.found = []
        self.done = True
        if self.on_done is not None:
            self.on_done()


def found_name(found: Any) -> str:
    """A found game's name without the port its announcement adds ("Ann's laptop (7531)")."""
    return found.name.removesuffix(f" ({found.port})") or found.name


def found_address(found: Any) -> str:
    """A found game's address as the address field takes it."""
    host = f"[{found.address}]" if ":" in found.address else found.address
    return f"{host}:{found.port}"


def found_label(found: Any, name: str | None = None) -> str:
    """What a found game's button says: whose game (or "Game server" where nobody hosts
    it), its rooms where that says something, its free seats and its address, as
    "Ann's game · 2 seats free · 192.168.1.5:7531". ``name``: the host's name as shown
    (shortened to fit); a server too old to say is shown by its announced name."""
    host = getattr(found, "host", None)
    seats = getattr(found, "seats", None)
    rooms = getattr(found, "rooms", None)
    if host:
        parts = [_("{name}'s game").format(name=verbatim(host if name is None else name))]
    elif seats is not None:
        parts = [_("Game server")]
    else:  # an older server: only its name and room count
        parts = [verbatim(found_name(found) if name is None else name)]
    if rooms is not None and (not host or rooms > 1):
        parts.append(ngettext("{n} room", "{n} rooms", rooms).format(n=rooms))
    if seats is not None and rooms:
        parts.append(ngettext("{n} seat free", "{n} seats free", seats).format(n=seats) if seats else _("full"))
    parts.append(verbatim(found_address(found)))
    return " \u00b7 ".join(parts)


class JoinScene(FormScene):
    name = "join_game"
    box = (760, 610)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.address_text = ""
        self.code_text = ""
        self.looking = Looking(app.post_wake)
        self.shown_found: list[Any] = []
        self.b_found: list[Any] = []

    def labels(self) -> list[str]:
        return [_("Your name"), _("Address"), _("Room code")]

    def build_ui(self) -> None:
        px = self.px
        r = self.frame_rect()
        pad = px(36)
        self.inner = pygame.Rect(r.x + pad, r.y + px(78), r.w - 2 * pad, r.h - px(78) - pad)
        x, w, h = self.inner.x, self.inner.w, px(40)
        y = self.inner.y
        self.name_row(x, y, w, h)
        busy = self.waiting
        y += h + px(20)
        rw = self.button_width([_("Refresh")])
        self.b_refresh = self.button((r.right - pad - rw, y, rw, px(36)), _("Refresh"),
                                     tooltip=_("Look for games on this network again"))
        self.found_heading_y = y + px(18)
        y += px(44)
        self.list_top = y
        self.b_found = []
        self.list_found()
        y += MOST_SHOWN * (px(40) + px(6)) + px(10)
        lw = self.label_width()
        self.address_y = y + h // 2
        self.address_entry = self.entry((x + lw, y, w - lw, h), self.address_text, _("(for example 192.168.1.5)"), 200)
        y += h + px(12)
        self.code_y = y + h // 2
        cw = min(w - lw, px(220))
        self.code_entry = self.entry((x + lw, y, cw, h), self.code_text, _("(8 letters and digits)"), 16)
        y += h + px(14)
        self.message_y = y
        bw = self.button_width([_("Join"), _("Back"), _("Cancel")]) + px(24)
        bh = px(48)
        by = r.bottom - pad - bh
        self.b_join = self.button((r.centerx - bw - px(8), by, bw, bh), _("Join"), object_id="#primary",
                                  tooltip=_("Take a seat in the game at this address"))
        self.b_back = self.button((r.centerx + px(8), by, bw, bh), _("Cancel") if busy else _("Back"))
        if busy:
            for el in (self.b_join, self.name_entry, self.address_entry, self.code_entry):
                el.disable()

    def list_found(self) -> None:
        """The found games' buttons (only they change when a look ends: a rebuild of the
        whole form would take the keyboard from the field being typed in)."""
        for b in self.b_found:
            b.kill()
        self.b_found = []
        self.shown_found = self.looking.found[:MOST_SHOWN] if self.looking.done else []
        self.listed = self.looking
        x, w, row = self.inner.x, self.inner.w, self.px(40)
        for i, found in enumerate(self.shown_found):
            label = self.fitting_label(found, w - self.px(28))
            b = self.button((x, self.list_top + i * (row + self.px(6)), w, row), label,
                            tooltip=_("Put this game's address in the address field"))
            if self.waiting:
                b.disable()
            self.b_found.append(b)
        if self.looking.done and not self.waiting:
            self.b_refresh.enable()
        else:
            self.b_refresh.disable()
        self.app.dirty = True

    def fitting_label(self, found: Any, width: int) -> str:
        """:func:`found_label`, its name shortened with "…" until the whole label fits
        ``width`` pixels of the button font."""
        label = found_label(found)
        name = found.host or (None if found.seats is not None else found_name(found))
        while name and self.text_width(label, 17, bold=True) > width:
            name = name[:-1].rstrip()
            label = found_label(found, name + "\u2026")
        return label

    def keep_texts(self) -> None:
        super().keep_texts()
        for attr, entry in (("address_text", "address_entry"), ("code_text", "code_entry")):
            el = getattr(self, entry, None)
            if el is not None and el.alive():
                setattr(self, attr, el.get_text())

    # Input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in (
                self.name_entry, self.address_entry, self.code_entry):
            self.keep_texts()
            self.join()
            return True
        if self.handle_text(event):
            return True
        if self.pressed(event, self.b_join):
            self.join()
            return True
        if self.pressed(event, self.b_refresh):
            self.refresh()
            return True
        for found, b in zip(self.shown_found, self.b_found):
            if self.pressed(event, b):
                self.address_entry.set_text(found_address(found))
                self.say(_("Now type the room code the host's screen shows."), bad=False)
                self.build()
                return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            if self.waiting:
                self.cancel_wait()
            else:
                self.app.pop()
            return True
        return False

    def refresh(self) -> None:
        if self.looking.done:
            self.looking = Looking(self.app.post_wake)
            self.list_found()

    def join(self) -> None:
        """Check the fields, then connect (the wait is :meth:`update`'s)."""
        if self.waiting:
            return
        from big2.net.tokens import normalise_code

        name = self.typed_name()
        if name is None:
            return
        self.keep_texts()
        pasted = invite.read(self.address_text) or invite.read(self.code_text)
        if pasted is not None:  # an invite: address and room code in one string
            self.address_text, self.code_text = pasted
            for entry, words in ((self.address_entry, pasted[0]), (self.code_entry, pasted[1])):
                if entry is not None and entry.alive():
                    entry.set_text(words)
        try:
            url = server_url(self.address_text)
        except BadAddress as exc:
            self.say(str(exc))
            return
        code = normalise_code(self.code_text)
        if code is None:
            self.say(_("Type the room code the host's screen shows: 8 letters and digits, like HFSY-JXDC.")
                     if not self.code_text.strip() else
                     _("\u201c{code}\u201d is not a room code: it has 8 letters and digits, like HFSY-JXDC.").format(
                         code=verbatim(self.code_text.strip())))
            return
        from big2.net.link import RemoteLink

        # the seat this app kept in that room (its process died, say, and this is another
        # address of the same game): take it back with its token, not as a newcomer, whom
        # a started game refuses
        kept, _notices = rejoin.load()
        token = kept.token if kept is not None and kept.code == code else None
        link = RemoteLink(url, name=name, code=code, token=token, on_message=self.app.post_wake)
        self.enter_room(link, self.address_text.strip())

    # Polling -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.looking.done and (self.listed is not self.looking or not self.b_refresh.is_enabled) and not self.waiting:
            self.list_found()  # the look is over: the list, and Refresh again
        super().update(dt)

    def next_deadline(self) -> float | None:
        return 0.1 if self.waiting or not self.looking.done else None

    def seated(self, link: Any) -> None:
        rejoin.Keeper(self.app.post_wake).watch(link)  # kept for a rejoin after a restart
        self.app.replace("lobby", link)

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_frame(surf, _("Join a game"))
        x, w = self.inner.x, self.inner.w
        fs = self.fpx(17)
        text.draw(surf, _("Games on this network"), fs, (x, self.found_heading_y), WHITE, anchor="midleft", bold=True)
        if not self.looking.done:
            self.draw_lines(surf, _("Looking for games…"), (x, self.list_top + self.px(6)), w, SOFT)
        elif not self.shown_found:
            self.draw_lines(surf, _("No games found on this network. Some networks and firewalls keep games from "
                                    "announcing themselves: type the address and room code the host's screen shows."),
                            (x, self.list_top + self.px(6)), w, SOFT, most=4)
        text.draw(surf, _("Address"), fs, (self.label_x, self.address_y), WHITE, anchor="midleft", bold=True)
        text.draw(surf, _("Room code"), fs, (self.label_x, self.code_y), WHITE, anchor="midleft", bold=True)
        self.draw_message(surf, x, self.message_y, w)
