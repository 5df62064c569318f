"""The table's online part: what a table over a :class:`~big2.net.link.RemoteLink` shows
beyond the game.

* **Reconnecting…** — while the link's ``status`` is ``"reconnecting"`` the table is
  veiled with one sentence, its buttons greyed and clicks and keys held (nothing is
  sent, nothing lost); when the link is back, play goes on from the server's new
  snapshot. A link that closed for good says why and offers Leave, the only thing
  that acts then: the game is over under the table, so no turn is the person's (no
  "your turn", no turn marker), the buttons say why they are greyed, the Menu is off.
* **Away** — a person whose connection dropped has their seat played by the server's
  computer (the seat is in ``state.by_computer`` and the lobby says not ``connected``):
  their plate carries "Ben is away — the computer plays for them" until they return.
* **Left** — a person who left for good (or was still away when a hand ended) keeps
  their name on the seat for the session; the computer plays it and the plate says
  "left: the computer plays". The host opens such a seat to a new person (or gives an
  open one back to the computer) with a click on its plate, as from the Menu; for
  anyone else the click does nothing.
* **The turn clock** — the server's ``clock`` frame (``link.seconds_left()``): the
  seconds left show on the plate of the seat to act; one's own turns urgent (red) in
  the last :data:`URGENT_SECONDS`.
* **Reactions** — a small button opens the preset reactions
  (:data:`big2.net.protocol.REACTIONS`, in the same words as the lobby's:
  :mod:`big2.app.online.reactions`) and a mute per player, the same mutes as the lobby's
  (kept while the app runs), and per computer character that reacts (the server sends
  a character's reactions as a person's); others' reactions appear by their seat for
  :data:`REACTION_SECONDS`.

The table adds this part (first, so held input never reaches the cards) only for a
remote link. Nothing here touches the network: the link's thread does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from big2.i18n import _, verbatim
from big2.app import vocab
from big2.app.online import errors
from big2.app.online.reactions import ORDER, is_muted, reaction_text, toggle_mute
from big2.app.ui import assets, text
from big2.app.ui.uiscale import MIN_FONT_PX
from big2.app.table.buttonrow import ReasonButton
from big2.app.table.panelbuttons import PanelPart, button_panel, closes_panel
from big2.app.table.reactions import button_spot, draw_bubble
from big2.room import personas

if TYPE_CHECKING:
    from big2.app.table.part import Table

#: Seconds a reaction stays by the seat that sent it.
REACTION_SECONDS = 4.0
#: One's own clock turns urgent with this many seconds left.
URGENT_SECONDS = 5.0
AMBER = (255, 200, 120)
URGENT = (235, 70, 60)
CLOCK_BG = (30, 60, 50)
INPUT = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEWHEEL,
         pygame.TEXTINPUT)


class OnlinePart(PanelPart):
    """Reconnecting…, seats held for the away, the turn clock and reactions."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        link = table.link
        self.status = getattr(link, "status", "connected")
        #: Seats shown as away (held by the computer while their person is gone).
        self.away: frozenset[int] = frozenset()
        #: Seats whose person left for good this session.
        self.left: frozenset[int] = frozenset()
        #: Whether ``left`` was read once (a table that opens on such seats says nothing).
        self.left_known = False
        #: The seat whose plate the mouse went down on, to be offered on release (host).
        self.pressing: int | None = None
        #: seat -> (reaction's wire name, game time it goes)
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.heard = len(getattr(link, "reactions", ()))
        self.snapshots = getattr(link, "snapshots", 0)
        self.resync_due = False
        #: (hand number, moves) of the position the table last showed, and how many of
        #: this seat's moves a computer made while the player was away (said on resync).
        self.seen: tuple[int, int] = (-1, 0)
        self.played_for_me = 0
        self.clock_shown: tuple[int, int] | None = None
        self.b_leave: pygame_gui.elements.UIButton | None = None
        #: The reactions panel's buttons: (button, "react" or "mute", reaction or seat).
        self.panel_buttons: list[tuple[pygame_gui.elements.UIButton, str, Any]] = []

    # -- what the link says ------------------------------------------------------------

    @property
    def link(self) -> Any:
        return self.table.link

    def held(self) -> bool:
        """Input is held: the link is away (reconnecting) or gone."""
        return self.status in ("reconnecting", "closed")

    def away_seats(self) -> frozenset[int]:
        state = self.table.state
        connected = getattr(self.link, "connected", None)
        return frozenset(s for s in state.by_computer
                         if s != self.table.viewer and connected is not None and not connected(s))

    def left_seats(self) -> frozenset[int]:
        """Seats a person had this session that the computer plays for good now (their
        person left, or was still away when a hand ended; the host may have opened the
        seat to a new person meanwhile). The table still calls them by that person's name."""
        t = self.table
        state = t.state
        seats = (getattr(self.link, "lobby", None) or {}).get("seats") or ()
        return frozenset(s for s in state.by_computer if s != t.viewer and s < len(seats) and state.people[s]
                         and seats[s].get("kind") in ("computer", "open"))

    def offer_for(self, seat: int) -> tuple[int, str, bool] | None:
        """The host's Menu offer for ``seat`` (see :func:`~big2.app.table.seatoffers.seat_offers`),
        or None (not the host, or nothing to offer there)."""
        from big2.app.table.seatoffers import seat_offers

        return next((o for o in seat_offers(self.table) if o[0] == seat), None)

    def plate_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose plate is at ``pos``, or None."""
        t = self.table
        for seat in range(t.state.n_players):
            if pygame.Rect(t.layout.seats[t.pos_of(seat)].info.as_tuple()).collidepoint(pos):
                return seat
        return None

    def ask_seat(self, seat: int) -> None:
        """The host clicked the plate of a seat they can open (or give back): ask, as
        the Menu's item would do it."""
        from big2.app.table.seatoffers import apply_offer, offer_detail

        offer = self.offer_for(seat)
        if offer is None:
            return
        _seat, _label, computer = offer
        name = verbatim(self.table.state.names[seat])
        if computer:
            question, yes = _("Give {name}'s seat back to the computer?").format(name=name), _("Give it back")
        else:
            question, yes = _("Open {name}'s seat to a person?").format(name=name), _("Open the seat")
        detail = offer_detail(self.table, computer)
        self.app.push("confirm", question, lambda: apply_offer(self.table, seat, computer), yes=yes, detail=detail,
                      danger=False)

    def clock(self) -> tuple[int, float] | None:
        """(seat, seconds left) of the turn clock shown now, or None."""
        t = self.table
        read = getattr(self.link, "seconds_left", None)
        got = read() if read is not None else None
        if got is None or t.hand_over or not t.state.in_hand:
            return None
        return got

    def urgent(self) -> bool:
        """One's own turn clock is in its last seconds."""
        shown = self.clock()
        return shown is not None and shown[0] == self.table.viewer and shown[1] <= URGENT_SECONDS

    # -- hooks -------------------------------------------------------------------------

    def update(self, now: float) -> None:
        t = self.table
        status = getattr(self.link, "status", "connected")
        if status != self.status:
            was, self.status = self.status, status
            if status == "connected" and was == "reconnecting":
                t.say(_("Connected again: the game goes on."), 2.5, (200, 240, 200))
            self.build_ui()
            t.refresh_buttons()
            t.app.dirty = True
        if t.state is None:
            return
        if self.status == "closed" and not t.hand_over:
            self.game_over()
        snapshots = getattr(self.link, "snapshots", 0)
        if snapshots != self.snapshots:
            # back after a drop: what happened meanwhile is in the snapshot only
            self.snapshots = snapshots
            self.played_for_me = self.moves_made_for_me(in_flight=t.waiting_on is not None)
            t.awaiting_human = False
            t.waiting_on = None
            self.resync_due = True
        if self.resync_due and t.app.top is t:  # (not under the menu: when it closes)
            self.resync_due = False
            if t.state.in_hand and not t.state.hand_over:
                t.start_hand(as_it_stands=True)  # the hand as it stands now: no deal
                if self.played_for_me:
                    t.log.append((vocab.later(lambda: _("While you were away the computer played for you.")), AMBER))
                    t.damage_info()
            self.played_for_me = 0
        self.seen = (t.state.hand_number, len(t.state.history))
        left = self.left_seats()
        if left != self.left or not self.left_known:
            for seat in sorted(left - self.left if self.left_known else ()):
                name = t.state.names[seat]
                if self.offer_for(seat) is not None:  # the host: where to open it
                    t.say(_("{name} left: the computer plays their seat. To give it to a friend, click it.").format(
                        name=name), 6.0, AMBER)
                else:
                    t.say(_("{name} left: the computer plays their seat for the rest of the session.").format(
                        name=name), 5.0, AMBER)
            self.left, self.left_known = left, True
            t.damage_info()
        away = self.away_seats() - left
        if away != self.away:
            for seat in sorted(away - self.away):
                name = t.state.names[seat]
                t.say(_("{name} is away — the computer plays for them.").format(name=name), 4.0, AMBER)
            for seat in sorted(self.away - away - left):  # (a seat that turned the computer's is not back)
                t.say(_("{name} is back.").format(name=t.state.names[seat]), 2.5, (200, 240, 200))
            self.away = away
            t.damage_info()
        reactions = getattr(self.link, "reactions", ())
        if len(reactions) > self.heard:
            for seat, name in reactions[self.heard:]:
                if 0 <= seat < t.state.n_players and name in ORDER and not self.muted(seat):
                    self.bubbles[seat] = (name, now + REACTION_SECONDS)
            self.heard = len(reactions)
            t.damage_info()
            t.app.dirty = True
        for seat, (_name, until) in list(self.bubbles.items()):
            if now >= until:
                del self.bubbles[seat]
                t.app.dirty = True
        shown = self.clock()
        tick = None if shown is None else (shown[0], int(shown[1] + 0.999))
        if tick != self.clock_shown:
            self.clock_shown = tick
            t.damage_info()

    def game_over(self) -> None:
        """The link closed for good (the host left, the server went): the game is over
        under the table, so no turn is the person's any more — no "your turn", no turn
        marker, the buttons greyed for good (the hand is over for this table: nothing
        more is asked of anyone); only the veil's Leave acts."""
        t = self.table
        t.hand_over = True
        t.awaiting_human = False
        t.turn = None
        t.auto_pass_at = None
        t.refresh_buttons()
        t.damage_info()
        t.app.dirty = True

    def held_reason(self, status: str | None = None) -> str:
        """Why the table's buttons are greyed while held: the veil's title (for the
        link's ``status`` when given: the Menu over the table reads the link itself, as
        the covered table takes nothing in)."""
        if (status or self.status) == "reconnecting":
            return _("Reconnecting…")
        ended = (getattr(self.link, "problem", None) or ("", ""))[0] == "ended"
        return _("The game is over") if ended else _("The connection to the game is lost")

    def moves_made_for_me(self, *, in_flight: bool) -> int:
        """How many of this seat's moves in the snapshot just taken in were not the
        player's: those since the position the table last showed, less a move the table
        had sent and not yet seen answered."""
        t = self.table
        hand, seen = self.seen
        state = t.state
        if state.hand_number != hand:
            return 0
        mine = sum(1 for seat, _move in state.history[seen:] if seat == t.viewer)
        return max(0, mine - int(in_flight))

    def room_code(self) -> str:
        return str((getattr(self.link, "lobby", None) or {}).get("code", ""))

    def muted(self, seat: int) -> bool:
        """Whether the person at ``seat`` is muted (in the lobby or here: one choice)."""
        return is_muted(self.app, self.room_code(), seat, self.table.state.names[seat])

    def talks(self, seat: int) -> bool:
        """Whether the computer at ``seat`` is a character that may react (the server
        sends its reactions as a person's: :mod:`big2.net.characters`)."""
        state = self.table.state
        persona = None if state.people[seat] else personas.named(state.names[seat])
        return persona is not None and persona.temperament.chance > 0

    def deadline(self) -> float | None:
        now = self.table.clock.time
        times = [until for _name, until in self.bubbles.values()]
        shown = self.clock()
        if shown is not None:
            frac = shown[1] - int(shown[1])
            times.append(now + (frac if frac > 0.01 else 1.0))
        return min(times) if times else None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.pressed(event.ui_element)
        if self.held() and event.type in INPUT:
            # reconnecting, Esc opens the Menu (Leave is there); closed, the veil has it
            return self.status == "closed" or not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
        if closes_panel(self.panel, None, event):
            self.close_panel()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1 and self.table.state:
            # the host's click on the plate of a seat they can open to a person
            seat = self.plate_at(event.pos)
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.pressing = seat if seat is not None and self.offer_for(seat) is not None else None
                return self.pressing is not None
            pressed, self.pressing = self.pressing, None
            if pressed is not None and seat == pressed:
                self.ask_seat(seat)
                return True
        return False

    def pressed(self, element: Any) -> bool:
        if element is None:
            return False
        if self.toggled(element):
            return True
        if element is self.b_leave:
            leave_online(self.app, self.link)
            return True
        for button, kind, value in self.panel_buttons:
            if element is button:
                if kind == "react":
                    self.link.react(value)
                    self.close_panel()
                else:
                    if toggle_mute(self.app, self.room_code(), value, self.table.state.names[value]):
                        self.bubbles.pop(value, None)
                    self.open_panel()  # again, with the new words
                return True
        return False

    def moves_applied(self, events) -> None:
        """The seat's events arrived: the storage records each scored hand."""
        from big2.app.storage import observe_online

        observe_online(self.app, self.link, events)

    def refresh(self) -> None:
        """While held, every button of the table is greyed, and a click on a greyed one
        says why (the veil's title). Reconnecting, the Menu stays (Leave is there); once
        the link is closed for good the veil's Leave is the only thing that acts."""
        t = self.table
        menu = getattr(t, "b_menu", None)
        if not self.held():
            return
        reason = self.held_reason()
        t.play_reason = reason
        for b in t.buttons.values():
            b.disable()
            if isinstance(b, ReasonButton):
                b.reason_now = reason
        if self.b_react is not None:
            self.b_react.disable()
        if menu is not None and self.status == "closed":
            menu.disable()

    # -- controls ----------------------------------------------------------------------

    def build_ui(self) -> None:
        t = self.table
        self.panel = None
        self.panel_buttons = []
        for b in (self.b_react, self.b_leave):
            if b is not None:
                b.kill()
        self.b_react = self.b_leave = None
        if not t.buttons:
            return  # not built yet
        words = _("Reactions")
        spot = button_spot(t, words)  # left of the Menu, or under the right tabs
        self.b_react = t.button(spot.topleft + spot.size, words,
                                tooltip=_("Send a short reaction to the table, or mute a player's"))
        if self.status == "closed":
            r = self.overlay_rect()
            bw = max(t.px(160), t.button_width([_("Leave")]))
            self.b_leave = t.button((r.centerx - bw // 2, r.bottom - t.px(58), bw, t.px(44)), _("Leave"),
                                    object_id="#primary")
        if self.held():
            self.b_react.disable()

    def open_panel(self) -> None:
        """The reactions, then a mute per other person (and reacting character) at the
        table, in a panel under the Reactions button."""
        t = self.table
        self.close_panel()
        assert self.b_react is not None
        state = t.state
        rows: list[tuple[str, str, Any]] = [("react", reaction_text(n), n) for n in ORDER]
        for seat in range(state.n_players):
            if seat != t.viewer and (state.people[seat] or self.talks(seat)):
                name = state.names[seat]
                label = (_("Unmute {name}") if self.muted(seat) else _("Mute {name}")).format(name=name)
                rows.append(("mute", label, seat))
        # a little space between the reactions and the mutes
        self.panel, buttons = button_panel(t, self.b_react, [label for _kind, label, _value in rows],
                                           apart=len(ORDER), fit=True)
        self.panel_buttons = [(b, kind, value) for b, (kind, _label, value) in zip(buttons, rows)]
        t.app.dirty = True

    def leave(self) -> None:
        self.close_panel()

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        t = self.table
        lay = t.layout
        for seat in range(t.state.n_players):
            box = pygame.Rect(lay.seats[t.pos_of(seat)].info.as_tuple())
            if seat in self.away:
                self.draw_away(surf, seat, box)
            if seat in self.bubbles:
                self.draw_bubble(surf, seat, box)
        shown = self.clock()
        if shown is not None:
            seat, left = shown
            box = pygame.Rect(lay.seats[t.pos_of(seat)].info.as_tuple())
            self.draw_clock(surf, box, left, urgent=self.urgent())
        self.draw_panel(surf)

    def draw_over(self, surf: pygame.Surface) -> None:
        """Over everything (message and banner too): the reconnecting veil."""
        if not self.held():
            return
        t = self.table
        veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surf.blit(veil, (0, 0))
        r = self.overlay_rect()
        text.panel(surf, r, alpha=235, border=(245, 210, 122))
        fp = t.layout.font_px
        if self.status == "reconnecting":
            title = _("Reconnecting…")
            detail = _("The connection to the game dropped. Your seat is kept; play goes on as soon as it is back.")
        else:
            title, detail = self.held_reason(), self.closed_detail()
        text.draw(surf, title, int(fp * 1.5), (r.centerx, r.y + t.px(20)), (245, 210, 122), anchor="midtop", bold=True,
                  max_width=r.w - t.px(24))
        size = max(MIN_FONT_PX, int(fp * 0.9))
        y = r.y + t.px(20) + int(fp * 2.4)
        for line in text.wrap(detail, size, r.w - t.px(40)):
            text.draw(surf, line, size, (r.centerx, y), (235, 235, 230), anchor="midtop")
            y += assets.font(size).get_linesize()

    def closed_detail(self) -> str:
        """Why the link stopped for good, and what the friends can do."""
        code = (getattr(self.link, "problem", None) or ("", ""))[0]
        if code in ("gone", "ended"):  # the server went quiet; the host left
            return errors.sentence(code)
        if code == "bad_code":  # a server answered, without the room: it restarted
            return _("The game server no longer has this game (it stopped or restarted). The host can open a "
                     "new room and send everyone its room code.")
        return _("It could not be made again. Leave to go back to the title screen.")

    def overlay_rect(self) -> pygame.Rect:
        t = self.table
        w = min(t.app.size[0] - t.px(40), t.px(560))
        h = t.px(190)
        r = pygame.Rect(0, 0, w, h)
        r.center = (t.app.size[0] // 2, t.app.size[1] // 2)
        return r

    def away_note_rect(self, box: pygame.Rect, w: int, h: int) -> pygame.Rect | None:
        """Where the away note beside a plate goes: under, over, left of or right of it,
        the first place on screen clear of cards, plates, plays and Pass chips, the
        centre's pile and ring, the turn arrow, the message row, panels and buttons (None:
        no room; the plate's own line says it then)."""
        from big2.app.table.draw import covers_ring, ring_rect, turn_pointer_rect

        t = self.table
        lay = t.layout
        taken = [pygame.Rect(b.as_tuple()) for b in (*lay.shown_panels().values(), lay.menu_button, lay.trick,
                                                    lay.message)]
        for spot in lay.seats:
            taken += [pygame.Rect(b.as_tuple()) for b in (spot.fan, spot.info, spot.play, spot.badge, spot.say)]
        taken += [b.rect for b in t.buttons.values()]
        if self.b_react is not None:
            taken.append(self.b_react.rect)
        arrow = turn_pointer_rect(t)
        if arrow is not None:
            taken.append(arrow)
        taken = [r for r in taken if r != box]
        ring = ring_rect(lay)
        screen = pygame.Rect(0, 0, *t.app.size)
        gap = 4
        for place in (pygame.Rect(box.x, box.bottom + gap, w, h), pygame.Rect(box.x, box.top - gap - h, w, h),
                      pygame.Rect(box.right + gap, box.y, w, h), pygame.Rect(box.x - gap - w, box.y, w, h)):
            if place.w < box.w:
                place.centerx = box.centerx
            if screen.contains(place) and place.collidelist(taken) < 0 and not covers_ring(place, ring):
                return place
        return None

    def draw_away(self, surf: pygame.Surface, seat: int, box: pygame.Rect) -> None:
        t = self.table
        size = max(MIN_FONT_PX, int(t.layout.font_px * 0.75))
        words = _("{name} is away — the computer plays for them").format(name=t.state.names[seat])
        width = max(box.w, int(box.w * 1.3))
        lines = text.wrap(words, size, width - 16)
        line_h = assets.font(size).get_linesize()
        r = self.away_note_rect(box, min(width, max(text.width_of(x, size) for x in lines) + 16),
                                line_h * len(lines) + 8)
        if r is None:
            return
        text.panel(surf, r, alpha=215, radius=8, border=AMBER)
        y = r.y + 4
        for line in lines:
            text.draw(surf, line, size, (r.centerx, y), AMBER, anchor="midtop")
            y += line_h
        t.view.damage(r)

    def draw_bubble(self, surf: pygame.Surface, seat: int, box: pygame.Rect) -> None:
        draw_bubble(surf, self.table, seat, self.bubbles[seat][0])  # at the seat's place for it

    def draw_clock(self, surf: pygame.Surface, box: pygame.Rect, left: float, *, urgent: bool) -> None:
        t = self.table
        secs = int(left + 0.999)
        words = _("{seconds} s").format(seconds=secs)
        size = max(MIN_FONT_PX, int(t.layout.font_px * (1.0 if urgent else 0.85)))
        w = text.width_of(words, size, bold=True) + 18
        h = assets.font(size).get_linesize() + 6
        r = pygame.Rect(0, 0, w, h)
        r.center = (box.right - 4, box.top + 2)
        r.clamp_ip(surf.get_rect())
        pygame.draw.rect(surf, URGENT if urgent else CLOCK_BG, r, border_radius=h // 2)
        pygame.draw.rect(surf, (255, 255, 255) if urgent else (245, 210, 122), r, width=2, border_radius=h // 2)
        text.draw(surf, words, size, r.center, (255, 255, 255), anchor="center", bold=True)
        t.view.damage(r)


def leave_detail(app: Any, link: Any) -> str:
    """What leaving means, said under "Leave this game?": the game ends for everyone when
    this app runs it (hosting), else a computer takes the seat and the others play on."""
    from big2.app.online import hosting

    if hosting.runs_for(app, link):
        return _("Your friends will be disconnected.")
    return _("A computer takes your seat for the rest of the session; the others play on.")


def leave_online(app: Any, link: Any) -> None:
    """Leave the room for good (a computer takes the seat) and go back to the title;
    the seat kept for a rejoin is forgotten (the player chose to go). When this app
    hosts the game its server stops: the game ends for everyone."""
    from big2.app.online import hosting, rejoin

    rejoin.release(link)
    hosted = hosting.runs_for(app, link)
    if not hosted:  # (a host's seat is not handed on: the game ends at once, below)
        try:
            link.leave()
        except RuntimeError:
            pass  # the link's thread has stopped already: nothing to tell the server
    link.close()
    if hosted:  # this app runs the game: it ends for everyone, and is announced no more
        hosting.of(app).stop_soon()
    app.goto("title")
