"""The online lobby (scene ``"lobby"``): the room before its game starts.

``LobbyScene(app, link, hosting=None)`` shows a :class:`big2.net.link.RemoteLink`'s room:
the room code, large, and (when this app hosts the server: ``hosting`` has
``share_addresses()``) the addresses friends join at, with a button that copies them;
the seats (name, person / computer / open, here or away, ready); for the host a Computer /
Open choice on every seat without a person and the set-up form of New game (players,
rules and house rules, scoring, session length, computer level, turn clock), sent to the
server as ``configure`` frames (a room the player just opened as host, ``fresh``, starts
from their last set-up, and the one they choose is remembered: :mod:`.setupmemory`) —
everyone else sees the same set-up read-only; Ready,
Start (host; disabled, with the reason, until every seat is filled and every person
ready) and Leave (the host is asked first: friends are disconnected); preset reactions,
the last few heard with the sender's name, and a mute per other player.

Nothing here waits on the network: the link runs its own thread; :meth:`update` polls
it. When the first snapshot arrives (the host started) the table replaces the lobby.
"""

from __future__ import annotations

import re
import threading
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel

from big2.ai import LEVELS
from big2.engine.presets import get_preset
from big2.net.protocol import TURN_CLOCKS
from big2.room import codec

from ... import i18n
from ...i18n import _, ngettext
from .. import vocab
from . import errors, invite, rejoin, setupmemory
from ..screens.common import dialog_rect, felt, frame
from ..screens.rulesform import describe_scoring, presets, scoring_names, scoring_title, table_blurb, with_choice
from ..screens.setupform import (
    LENGTHS, Layer, aim_rule_menus, choices_by_name, house_rules_box, house_rules_text, length_id, length_text,
)
from ..ui import text
from ..ui.uiscale import MIN_FONT_PX
from ..ui.scene import Scene
from ..ui.textwindow import TextWindow
from .reactions import ORDER, heard, is_muted, reaction_text, toggle_mute

GOLD = (245, 210, 122)
SOFT = (200, 210, 215)
DIM = (150, 160, 160)
WARN = (255, 150, 140)
#: How many of the latest reactions are shown.
SHOWN_REACTIONS = 4
_COMPUTER_NAME = re.compile(r"Computer (\d)")


def seat_title(slot: dict[str, Any]) -> str:
    """A seat's name as shown: an open seat says so, a computer's default name and the
    game's default names in the player's language, a person's name as typed."""
    if slot.get("kind") == "open":
        return _("Open seat")
    name = str(slot.get("name", ""))
    found = _COMPUTER_NAME.fullmatch(name)
    if found:
        return _("Computer {n}").format(n=found.group(1))
    return vocab.person_name(name)


def clock_text(seconds: int) -> str:
    """A turn clock in the player's language."""
    if not seconds:
        return _("No turn clock")
    return ngettext("{n} second a move", "{n} seconds a move", seconds).format(n=seconds)


def problem_sentence(found: tuple[str, str]) -> str:
    """One sentence for a refusal or a lost room (``link.problem``): the set-up's own
    sentence for a set-up the server did not take, else the one for the server's code."""
    if found[0] in ("bad_value", "bad_preset", "bad_level"):
        return _("The server did not take that set-up; the room is as it was.")
    return errors.problem(found)


def waiting_reason(room: dict[str, Any]) -> str:
    """Why the game cannot start yet, or "" when it can (what the server checks too)."""
    seats = room.get("seats", [])
    if any(s["kind"] == "open" for s in seats):
        return _("Every seat needs a person or a computer: make open seats computers, or wait for friends.")
    waiting = [seat_title(s) for s in seats if s["kind"] == "person" and not (s["ready"] and s["connected"])]
    if waiting:
        return _("Waiting for {names} to be ready.").format(names=i18n.verbatim(", ".join(waiting)))
    return ""


def clipboard_works() -> bool:
    """Whether this system lets the game put text on the clipboard (pygame.scrap)."""
    try:
        pygame.scrap.has_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return hasattr(pygame.scrap, "put_text")


class LobbyScene(Scene):
    name = "lobby"

    def __init__(self, app, link: Any, hosting: Any = None, fresh: bool = False) -> None:
        super().__init__(app)
        self.link = link
        self.hosting = hosting
        #: A room this app's player just opened as host: it starts from their last set-up
        #: (:mod:`.setupmemory`), and the set-up they choose here is remembered.
        self.fresh = fresh
        #: The room frame the remembered set-up was sent to (None: not sent yet).
        self._restored_from: object = None
        if getattr(link, "on_message", None) is None:
            link.on_message = app.post_wake  # the loop wakes when a frame arrives
        #: The set-up and seats the controls were built from (rebuilt when they change).
        self._built: object = None
        self._problem: object = link.problem
        self.problem_text = ""
        self.error = ""
        self.copied = False
        self.left = False
        self.blurb_text = TextWindow()
        self.rules_text = TextWindow()
        self._seen = (0, "", None)

    # -- what the room says -----------------------------------------------------------

    @property
    def room(self) -> dict[str, Any]:
        return self.link.lobby or {}

    @property
    def is_host(self) -> bool:
        room = self.room
        return bool(room) and room.get("host") == room.get("you")

    def _rules(self) -> Any:
        room = self.room
        try:
            return codec.from_json(room["rules"])
        except (KeyError, ValueError, TypeError):
            return get_preset(room.get("preset") or "standard").rules

    def _signature(self) -> object:
        """What the controls show: rebuilt when it changes (names and ready marks are drawn)."""
        room = self.room
        if not room:
            return None
        setup = tuple(room.get(k) and str(room.get(k)) for k in
                      ("preset", "rules", "scoring", "hands", "target", "level", "turn_clock", "players"))
        kinds = tuple((s["kind"], s["name"]) for s in room.get("seats", []))
        muted = tuple(is_muted(self.app, str(room.get("code")), i, s["name"]) for i, s in enumerate(room.get("seats", [])))
        return setup, kinds, muted, room.get("host"), room.get("you")

    # -- building -----------------------------------------------------------------------

    def build_ui(self) -> None:
        self._built = self._signature()
        m = self.app.manager
        px = self.px
        r = self.rect = dialog_rect(self.app.size, px(1220), px(690))
        pad = self.pad = px(22)
        self.left_w = (r.w - 3 * pad) * 9 // 20
        self.lx = r.x + pad
        self.rx = self.lx + self.left_w + pad
        self.right_w = r.right - pad - self.rx
        self.buttons_y = r.bottom - px(62)
        room = self.room
        self.seat_menus: dict[int, UIDropDownMenu] = {}
        self.mute_buttons: dict[int, pygame_gui.elements.UIButton] = {}
        self.reaction_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.setup_menus: dict[str, UIDropDownMenu] = {}
        self.rule_menus: dict[str, UIDropDownMenu] = {}
        self.rules_box = None
        self.b_copy = None
        self.b_start = None
        # the header: the code (drawn), the addresses to share and the copy button
        self.header_h = px(96)
        if clipboard_works():
            label = _("Copied") if self.copied else _("Copy")
            w = self.button_width([_("Copy"), _("Copied")])
            self.b_copy = self.button((self.rx - pad - w, r.y + px(16), w, px(36)), label)
        y = r.y + self.header_h + px(14)
        # the seats
        self.seats_y = y + px(32)
        row_h = self.row_h = px(50)
        kinds = [(_("Computer"), "computer"), (_("Open"), "open")]
        kind_w = self.dropdown_width([t for t, _k in kinds])
        mute_w = self.button_width([_("Mute"), _("Unmute")])
        code = str(room.get("code", ""))
        for i, slot in enumerate(room.get("seats", [])):
            ry = self.seats_y + i * row_h + (row_h - px(34)) // 2
            if self.is_host and slot["kind"] != "person":
                now = kinds[0] if slot["kind"] == "computer" else kinds[1]
                self.seat_menus[i] = UIDropDownMenu(kinds, now, pygame.Rect(self.lx + self.left_w - kind_w, ry, kind_w, px(34)),
                                                    m, container=self.ui)
            elif slot["kind"] == "person" and i != room.get("you"):
                muted = is_muted(self.app, code, i, slot["name"])
                self.mute_buttons[i] = self.button((self.lx + self.left_w - mute_w, ry, mute_w, px(34)),
                                                   _("Unmute") if muted else _("Mute"))
        # the reactions: a row (or two) of buttons under the seats
        y = self.seats_y + max(4, len(room.get("seats", []))) * row_h + px(12)
        self.reactions_head_y = y
        y += px(30)
        x = self.lx
        bh = px(36)
        for reaction in ORDER:
            words = reaction_text(reaction)
            w = self.text_width(words, 17, bold=True) + px(24)
            if x + w > self.lx + self.left_w:
                x, y = self.lx, y + bh + px(6)
            self.reaction_buttons[reaction] = self.button((x, y, w, bh), words)
            x += w + px(8)
        self.heard_y = y + bh + px(8)
        # the set-up: the host's form, or the same set-up as text
        self._build_setup()
        # the buttons along the bottom
        bw = self.button_width([_("Leave")])
        self.b_leave = self.button((self.lx, self.buttons_y, bw, px(46)), _("Leave"))
        ready_w = self.button_width([_("I'm ready"), _("I'm not ready")])
        x = r.right - pad
        if self.is_host:
            start_w = max(px(150), self.button_width([_("Start")]))
            x -= start_w
            self.b_start = self.button((x, self.buttons_y, start_w, px(46)), _("Start"), object_id="#primary")
            x -= px(12)
        x -= ready_w
        self.b_ready = self.button((x, self.buttons_y, ready_w, px(46)), self._ready_label())
        self.reason_box = pygame.Rect(self.lx + bw + px(16), self.buttons_y, x - px(16) - (self.lx + bw + px(16)), px(46))
        self._refresh_controls()

    def _build_setup(self) -> None:
        m = self.app.manager
        px = self.px
        room = self.room
        rx, w = self.rx, self.right_w
        y = self.rect.y + px(16)
        self.setup_y = y
        row, h = px(40), px(34)
        self.setup_rows: list[tuple[int, str, str]] = []  # (y, label, value) drawn for guests
        #: Whether the set-up was laid out for a room (the link's room can arrive between
        #: this build and the next update's rebuild; until then there is nothing to draw).
        self.setup_built = bool(room)
        if not room:
            return
        preset = str(room.get("preset", "standard"))
        rules = self._rules()
        scoring = str(room.get("scoring", "penalty-table"))
        hands, target = int(room.get("hands", 4)), room.get("target")
        labels = [_("Players"), _("Rules"), _("Scoring"), _("Session"), _("Computers"), _("Turn clock")]
        lab_w = max(self.text_width(t, 16) for t in labels) + px(12)
        y += px(30)
        top = y
        if self.is_host:
            # the drop-downs sit in a layer above the house rules, so their lists open over it
            rows = {}
            for key in ("players", "preset", "scoring", "length", "level", "clock"):
                rows[key] = y
                y += row
            self.blurb_y = y + px(2)
            line_h = self.fpx(14) + px(5)
            self.blurb_lines = 2
            y = self.blurb_y + self.blurb_lines * line_h + px(6)
            # (the strip above the buttons is the status line's)
            self.rules_box, self.rule_menus = house_rules_box(self, rx, y, w, self.buttons_y - px(32) - y, rules)
            r = self.rect
            above = Layer(r, m, container=self.ui, starting_height=self.ui.get_top_layer() - self.ui.layer + 1)
            dd_w = w - lab_w

            def menu(key: str, options: list[tuple[str, str]], now: str, limit: int = 260) -> None:
                chosen = next((o for o in options if o[1] == now), options[0])
                UILabel(pygame.Rect(rx - r.x, rows[key] - r.y, lab_w, h), labels[list(rows).index(key)], m,
                        container=above)
                self.setup_menus[key] = UIDropDownMenu(options, chosen, pygame.Rect(rx + lab_w - r.x, rows[key] - r.y, dd_w, h),
                                                       m, container=above, expansion_height_limit=px(limit))

            menu("players", [(str(n), str(n)) for n in (2, 3, 4)], str(room.get("players", 4)))
            menu("preset", [(vocab.preset_title(p.name), p.name) for p in presets().values()], preset, 320)
            menu("scoring", [(scoring_title(n), n) for n in scoring_names()], scoring, 300)
            lengths = [(_(k), k) for k in LENGTHS]
            now = length_id(hands, target)
            if now is None:  # a length the room was made with that the form does not offer
                now = "custom"
                lengths.insert(0, (length_text(hands, target), now))
            menu("length", lengths, now)
            menu("level", [(vocab.level(lv), lv) for lv in LEVELS], str(room.get("level", "normal")))
            menu("clock", [(clock_text(s), str(s)) for s in TURN_CLOCKS], str(room.get("turn_clock", 0)))
        else:
            values = [
                str(room.get("players", len(room.get("seats", [])))),
                vocab.preset_title(preset),
                scoring_title(scoring),
                length_text(hands, target),
                vocab.level(str(room.get("level", "normal"))),
                clock_text(int(room.get("turn_clock", 0))),
            ]
            for label, value in zip(labels, values):
                self.setup_rows.append((y, label, value))
                y += px(30)
            self.blurb_y = y + px(4)
            self.blurb_lines = 3
            line_h = self.fpx(14) + px(5)
            self.house_y = self.blurb_y + self.blurb_lines * line_h + px(10)
        self.lab_w = lab_w
        self.setup_top = top

    # -- each frame -----------------------------------------------------------------------

    def _ready_label(self) -> str:
        room = self.room
        you = room.get("you")
        seats = room.get("seats", [])
        mine = seats[you] if isinstance(you, int) and 0 <= you < len(seats) else {}
        return _("I'm not ready") if mine.get("ready") else _("I'm ready")

    def _refresh_controls(self) -> None:
        if getattr(self, "b_ready", None) is not None and self.b_ready.alive():
            label = self._ready_label()
            if self.b_ready.text != label:
                self.b_ready.set_text(label)
        if self.b_start is not None and self.b_start.alive():
            can = not waiting_reason(self.room) and self.link.status == "connected"
            if can and not self.b_start.is_enabled:
                self.b_start.enable()
            elif not can and self.b_start.is_enabled:
                self.b_start.disable()

    def update(self, dt: float) -> None:
        link = self.link
        # the state only: the deal's events stay for the table, which deals them
        state = link.sync()
        if state is not None and not self.left:
            # the host started: the game is on; or it is over already (someone came back,
            # or took an opened seat, after the last hand): its standings, and the wait
            # for the host's rematch
            self.app.replace("session_end" if state.session_over else "table", link)
            return
        if link.problem is not self._problem:
            self._problem = link.problem
            self.problem_text = problem_sentence(link.problem) if link.problem else ""
            self._built = None  # a refused change: the form shows the room as it is
        self._keep_setup()
        if self._signature() != self._built:
            self.build()
            self.app.dirty = True
        seen = (len(link.reactions), link.status, id(link.lobby))
        if seen != self._seen:
            self._seen = seen
            self._refresh_controls()
            self.app.dirty = True
        aim_rule_menus(self.rules_box, self.rule_menus)

    def next_deadline(self) -> float | None:
        return 0.5  # the link's status changes without a frame (reconnecting)

    def _keep_setup(self) -> None:
        """In a room this app just opened as host: send the last set-up once, then keep
        what the room shows after it (never the room's defaults that came before)."""
        room = self.room
        if not self.fresh or not room or room.get("started") or not self.is_host:
            return
        if self._restored_from is None:
            self._restored_from = room
            if setupmemory.restore(self.link, room, self.app):
                return
        if room is not self._restored_from or self._problem is not None:
            setupmemory.remember(self.app, room)

    # -- input ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.blurb_text.handle(event) or self.rules_text.handle(event):
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._changed(event.ui_element, self.chosen(event))
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._pressed(event.ui_element)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_leave()
            return True
        return False

    def _pressed(self, el: object) -> bool:
        room = self.room
        if el is self.b_leave:
            self.ask_leave()
        elif el is self.b_ready:
            self._said()
            mine = room.get("seats", [])[room.get("you", 0)] if room else {}
            self.link.ready(not mine.get("ready", False))
        elif el is self.b_start and self.b_start is not None:
            self._said()
            self.link.start()
        elif el is self.b_copy and self.b_copy is not None:
            self.copy_addresses()
        elif el in self.reaction_buttons.values():
            reaction = next(k for k, b in self.reaction_buttons.items() if b is el)
            self.link.react(reaction)
        elif el in self.mute_buttons.values():
            seat = next(k for k, b in self.mute_buttons.items() if b is el)
            slot = room["seats"][seat]
            toggle_mute(self.app, str(room.get("code", "")), seat, slot["name"])
            self.build()
            self.app.dirty = True
        else:
            return False
        return True

    def _said(self) -> None:
        """The player asked for something new: an old refusal no longer applies."""
        self.problem_text = ""
        self.error = ""
        self.app.dirty = True

    def _changed(self, el: object, chosen: str) -> None:
        self._said()
        link = self.link
        for seat, dd in self.seat_menus.items():
            if el is dd:
                link.set_seat(seat, chosen == "computer")
                return
        menus = self.setup_menus
        if el is menus.get("players"):
            players = int(chosen)
            rules = self._rules()
            if rules.cards_per_player * players > 52:
                self._refuse(ngettext("{players} players cannot each have {n} card from one deck.",
                                      "{players} players cannot each have {n} cards from one deck.",
                                      rules.cards_per_player).format(players=players, n=rules.cards_per_player))
                return
            link.configure(players=players)
        elif el is menus.get("preset"):
            link.configure(preset=chosen)
        elif el is menus.get("scoring"):
            link.configure(scoring=chosen)
        elif el is menus.get("length"):
            if chosen in LENGTHS:
                hands, target = LENGTHS[chosen]
                link.configure(hands=hands, target=target or 0)
        elif el is menus.get("level"):
            link.configure(level=chosen)
        elif el is menus.get("clock"):
            link.configure(turn_clock=int(chosen))
        else:
            for name, dd in self.rule_menus.items():
                if el is dd:
                    choice = choices_by_name()[name]
                    try:
                        rules = with_choice(self._rules(), name, choice.value_of(chosen))
                    except ValueError as exc:  # options that contradict each other
                        self._refuse(i18n.sentence(exc))
                        return
                    players = int(self.room.get("players", 4))
                    if rules.cards_per_player * players > 52:
                        self._refuse(ngettext("{players} players cannot each have {n} card from one deck.",
                                              "{players} players cannot each have {n} cards from one deck.",
                                              rules.cards_per_player).format(players=players, n=rules.cards_per_player))
                        return
                    link.configure(rules=rules)
                    return

    def _refuse(self, sentence: str) -> None:
        """A change the room would refuse: say why and show the room as it is."""
        self.build()
        self.error = sentence
        self.app.dirty = True

    # -- actions ----------------------------------------------------------------------------

    def copy_addresses(self) -> None:
        """Put the invite on the clipboard, in a sentence (Join finds the invite in it)."""
        room = self.room
        words = _("Big Two room {code} at {address}").format(code=room.get("code_shown", ""),
                                                             address=" / ".join(self.invites()))
        try:
            pygame.scrap.put_text(words)
        except (pygame.error, AttributeError):  # no clipboard here: the words stay on screen
            self.error = _("The clipboard cannot be used here; copy the address by hand.")
        else:
            self.copied = True
        self.build()
        self.app.dirty = True

    def addresses(self) -> list[str]:
        """What friends type to join: the hosted server's addresses, or the server this
        link reached (a ``big2 serve`` somewhere); loopback ones only when there is
        nothing else (they reach this computer only)."""
        if self.hosting is None:
            return [str(self.link.url)] if getattr(self.link, "url", None) else []
        try:
            return invite.for_friends(list(self.hosting.share_addresses()))
        except Exception:  # noqa: BLE001 - the server stopped: nothing to share
            return []

    def invites(self) -> list[str]:
        """One invite (address and room code: ``big2://…/ABCD-EFGH``) per address."""
        code = str(self.room.get("code_shown", ""))
        return [invite.make(url, code) for url in self.addresses()] if code else []

    def ask_leave(self) -> None:
        others = any(s["kind"] == "person" and i != self.room.get("you") for i, s in enumerate(self.room.get("seats", [])))
        if self.is_host and (others or self.hosting is not None):
            detail = (_("Your friends will be disconnected.") if self.hosting is not None
                      else _("Another player becomes the host."))
            self.app.push("confirm", _("Leave the room?"), self.leave_room, yes=_("Leave"), detail=detail)
        else:
            self.leave_room()

    def leave_room(self) -> None:
        """Give up the seat and go back; the link (and the hosted server) close on a
        thread of their own, so the window never waits for them."""
        self.left = True
        link, hosting = self.link, self.hosting
        rejoin.release(link)  # a deliberate Leave: no "Rejoin room …" offer after it
        if hosting is None:  # (a host's seat is not handed on: her server ends the room below)
            try:
                link.leave()
            except RuntimeError:  # the link had already stopped
                pass

        def close() -> None:
            link.close()
            stop = getattr(hosting, "stop", None)
            if callable(stop):
                stop()

        threading.Thread(target=close, name="big2-leave-room", daemon=True).start()
        back_to_hub(self.app)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        frame(surf, self.rect)
        px, fpx = self.px, self.fpx
        r = self.rect
        room = self.room
        x = self.lx
        # the code, large; the addresses under it
        top = r.y + px(14)
        if room:
            text.draw(surf, _("Room code"), fpx(15), (x, top), SOFT)
            text.draw(surf, i18n.verbatim(str(room.get("code_shown", ""))), fpx(34), (x, top + px(20)), GOLD, bold=True)
        else:
            text.draw(surf, _("Connecting…"), fpx(20), (x, top + px(20)), SOFT)
        # the invite, large enough to read out: address and code in one string to paste
        invites = self.invites()
        shown = " · ".join(invites[:2]) or _("The server is not running.")
        line = _("Friends join at {address}").format(address=i18n.verbatim(shown))
        size = self.fitting_size(line, fpx(16))
        if invites and text.width_of(line, size, bold=True) > self.left_w:
            line = invites[0]  # the invite whole, never cut before its code
            size = self.fitting_size(line, fpx(16))
        text.draw(surf, text.shorten(line, size, self.left_w, bold=True), size,
                  (x, r.y + self.header_h - px(16)), (235, 238, 240), bold=True, max_width=self.left_w)
        # the status of the link, when it is not simply connected
        status = self.link.status
        note = self.error
        if not note and status == "reconnecting":  # above a lost connection's sentence
            note = _("Reconnecting…")
        elif not note and status == "connecting":
            note = _("Connecting…")
        note = note or self.problem_text
        if note:
            text.draw(surf, text.shorten(note, fpx(15), r.w - 2 * self.pad), fpx(15),
                      (r.centerx, self.buttons_y - px(8)), WARN, anchor="midbottom", max_width=r.w - 2 * self.pad)
        self._draw_seats(surf, room)
        self._draw_reactions(surf, room)
        self._draw_setup(surf, room)
        reason = waiting_reason(room) if self.is_host and room else ""
        if reason:
            lines = text.wrap(reason, fpx(14), self.reason_box.w)[:2]
            y = self.reason_box.centery - len(lines) * (fpx(14) + px(3)) // 2
            for line in lines:
                text.draw(surf, line, fpx(14), (self.reason_box.right, y), DIM, anchor="topright")
                y += fpx(14) + px(3)

    def fitting_size(self, words: str, size: int) -> int:
        """The largest size, at most ``size`` and not below the smallest readable one,
        at which ``words`` fit the left column."""
        while size > MIN_FONT_PX and text.width_of(words, size, bold=True) > self.left_w:
            size -= 1
        return size

    def _draw_seats(self, surf: pygame.Surface, room: dict[str, Any]) -> None:
        px, fpx = self.px, self.fpx
        text.draw(surf, _("Seats"), fpx(20), (self.lx, self.seats_y - px(32)), GOLD, bold=True)
        widgets = px(160)
        for i, slot in enumerate(room.get("seats", [])):
            y = self.seats_y + i * self.row_h
            you = i == room.get("you")
            name = seat_title(slot)
            if you:
                name = _("{name} (you)").format(name=name)
            if i == room.get("host"):
                name = _("{name} · host").format(name=name)
            width = self.left_w - widgets
            colour = (240, 240, 240) if slot["kind"] != "open" else DIM
            text.draw(surf, text.shorten(name, fpx(17), width, bold=you), fpx(17), (self.lx, y + px(4)), colour, bold=you,
                      max_width=width)
            if slot["kind"] == "person":
                if not slot["connected"]:
                    state = _("Person · away")
                elif slot["ready"]:
                    state = _("Person · ready")
                else:
                    state = _("Person · not ready yet")
            elif slot["kind"] == "computer":
                state = _("Computer ({level})").format(level=vocab.level(str(room.get("level", "normal"))))
            else:
                state = _("Free for a friend to join")
            shade = (140, 220, 150) if slot["kind"] == "person" and slot["ready"] and slot["connected"] else DIM
            text.draw(surf, text.shorten(state, fpx(13), width), fpx(13), (self.lx, y + px(26)), shade, max_width=width)

    def _draw_reactions(self, surf: pygame.Surface, room: dict[str, Any]) -> None:
        px, fpx = self.px, self.fpx
        text.draw(surf, _("Reactions"), fpx(20), (self.lx, self.reactions_head_y), GOLD, bold=True)
        seats = room.get("seats", [])
        y = self.heard_y
        room_left = self.buttons_y - px(32) - y
        rows = max(0, min(SHOWN_REACTIONS, room_left // (fpx(15) + px(4))))
        latest = heard(self.app, room, self.link.reactions)[-rows:] if rows else []
        for seat, reaction in latest:
            who = seat_title(seats[seat]) if 0 <= seat < len(seats) else "?"
            line = _("{name}: {reaction}").format(name=who, reaction=reaction_text(reaction))
            text.draw(surf, text.shorten(line, fpx(15), self.left_w), fpx(15), (self.lx, y), SOFT, max_width=self.left_w)
            y += fpx(15) + px(4)

    def _draw_setup(self, surf: pygame.Surface, room: dict[str, Any]) -> None:
        if not room or not self.setup_built:
            return
        px, fpx = self.px, self.fpx
        heading = _("Set-up") if self.is_host else _("Set-up (the host chooses)")
        text.draw(surf, heading, fpx(20), (self.rx, self.setup_y), GOLD, bold=True)
        for y, label, value in self.setup_rows:
            text.draw(surf, label, fpx(16), (self.rx, y + px(4)), DIM)
            text.draw(surf, text.shorten(value, fpx(16), self.right_w - self.lab_w), fpx(16),
                      (self.rx + self.lab_w, y + px(4)), (240, 240, 240), max_width=self.right_w - self.lab_w)
        rules = self._rules()
        scoring = str(room.get("scoring", "penalty-table"))
        line_h = fpx(14) + px(5)
        blurb = table_blurb(rules, scoring)
        self.blurb_text.draw(surf, blurb, fpx(14), pygame.Rect(self.rx, self.blurb_y, self.right_w, self.blurb_lines * line_h),
                             SOFT, line_h=line_h)
        if not self.is_host:
            box = pygame.Rect(self.rx, self.house_y, self.right_w, self.buttons_y - px(34) - self.house_y)
            words = house_rules_text(rules) + "\n" + describe_scoring(scoring)
            self.rules_text.draw(surf, words, fpx(14), box, SOFT, line_h=line_h)


def back_to_hub(app: Any) -> None:
    """Leave every online screen for "Play online", with the title under it (its Back
    and Escape go to the title, as when it was opened from there)."""
    app.goto("title")
    app.push("online")
