"""The characters' reactions at a table in this app (docs/design/look.md, "Characters").

:class:`ReactionsPart` hears each event as the playback shows it and asks a
:class:`~big2.room.reacting.Reactor` which characters react, as their temperament says
(a big play, winning a trick, going out): the reaction shows in a bubble at the seat's
own place for it (the layout's ``say``, where online reactions show too), in the same
words, for :data:`REACTION_SECONDS` of game time. Deterministic given the game's seed.
The bubble does not move (nothing to hold back under Reduced motion).

The **Reactions** button (where the online table has its own) opens a mute per
character: the same mutes as online reactions (:mod:`big2.app.online.reactions`, kept
while the app runs, under the room code ""). A muted character's reactions are not shown.

The table adds this part only for a room in this process (online, the people's own
reactions come through :mod:`big2.app.table.online`, which draws them with
:func:`draw_bubble`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from big2.i18n import _
from big2.engine.events import Event
from big2.room.events import SeatDealt
from big2.room.reacting import Reactor
from big2.app.online.reactions import is_muted, reaction_text, toggle_mute
from big2.app.ui import assets, text
from big2.app.table.panelbuttons import PanelPart, button_panel, closes_panel

if TYPE_CHECKING:
    from big2.app.table.part import Table

#: Seconds of game time a character's reaction stays by its seat.
REACTION_SECONDS = 3.0
#: The room code the mutes of a table in this app are kept under.
HERE = ""


def draw_bubble(surf: pygame.Surface, t: Table, seat: int, reaction: str) -> pygame.Rect:
    """A reaction's bubble (its words in the player's language) at ``seat``'s place for
    what it says (clear of cards and panels); a side seat's starts at its place's left, by
    the portrait, and one beside its plate starts next to it, so a bubble wider than its
    place grows away from the seat; returns where it was drawn."""
    words = reaction_text(reaction)
    size = t.layout.font_px
    w = text.width_of(words, size, bold=True) + 28
    h = assets.font(size).get_linesize() + 14
    r = pygame.Rect(0, 0, w, h)
    spot = t.layout.seats[t.pos_of(seat)]
    say = pygame.Rect(spot.say.as_tuple())
    r.center = say.center
    if spot.side in ("left", "right") or say.x >= spot.info.right:  # from the plate's side, growing away
        r.left = say.left
    r.clamp_ip(surf.get_rect())
    text.panel(surf, r, alpha=235, radius=h // 2, border=(255, 255, 255))
    text.draw(surf, words, size, r.center, (255, 255, 255), anchor="center", bold=True)
    t.view.damage(r)
    return r


def button_spot(t: Table, words: str) -> pygame.Rect:
    """Where a table's Reactions button goes: the place the layout keeps for it, at the
    foot of the right tabs' column (clear of the seats, and above an open drawer)."""
    lay = t.layout
    if lay.react.w:
        return pygame.Rect(lay.react.as_tuple())
    # a layout made without one (a part that lays the table out its own way): under the Menu
    menu = pygame.Rect(lay.menu_button.as_tuple())
    w = max(menu.w, t.button_width([words]))
    below = max([menu.bottom, *(b.bottom for n, b in (lay.tabs or {}).items() if n != "plays")])
    return pygame.Rect(menu.right - w, below + max(4, menu.h // 8), w, menu.h)


class ReactionsPart(PanelPart):
    """The characters' reactions and their mutes."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        state = table.state
        self.reactor = Reactor(state.names, state.people, state.deal_number or 0)
        #: seat -> (reaction id, game time it goes)
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.panel_buttons: list[tuple[pygame_gui.elements.UIButton, int]] = []  # (mute, seat)

    def muted(self, seat: int) -> bool:
        return is_muted(self.app, HERE, seat, self.table.state.names[seat])

    def talkers(self) -> list[int]:
        """The seats whose characters may react at all."""
        return [seat for seat, p in sorted(self.reactor.characters.items()) if p.temperament.chance > 0]

    # -- hooks -------------------------------------------------------------------------

    def hand_started(self) -> None:
        state = self.table.state
        self.reactor.seat_names(state.names, state.people)
        self.reactor.hand_started(state.hand_number, state.deal_number)
        self.bubbles.clear()

    def event_shown(self, event: Event) -> None:
        t = self.table
        if isinstance(event, SeatDealt):  # the hand's count starts here (the state is at this deal)
            self.reactor.seat_names(t.state.names, t.state.people)
            self.reactor.hand_started(t.state.hand_number, t.state.deal_number)
            return
        said = self.reactor.heard(event)
        for seat, reaction in said:
            if not self.muted(seat):
                self.bubbles[seat] = (reaction, t.clock.time + REACTION_SECONDS)
        if said:
            t.damage_info()
            t.app.dirty = True

    def update(self, now: float) -> None:
        for seat, (_reaction, until) in list(self.bubbles.items()):
            if now >= until:
                del self.bubbles[seat]
                self.table.damage_info()
                self.table.app.dirty = True

    def deadline(self) -> float | None:
        return min((until for _r, until in self.bubbles.values()), default=None)

    def draw(self, surf: pygame.Surface) -> None:
        for seat, (reaction, _until) in self.bubbles.items():
            draw_bubble(surf, self.table, seat, reaction)
        self.draw_panel(surf)

    def leave(self) -> None:
        self.close_panel()

    # -- the mutes -----------------------------------------------------------------------

    def build_ui(self) -> None:
        t = self.table
        self.panel = None
        self.panel_buttons = []
        if self.b_react is not None:
            self.b_react.kill()
        self.b_react = None
        if not t.buttons or not self.talkers():
            return
        words = _("Reactions")
        self.b_react = t.button(button_spot(t, words), words, tooltip=_("Mute a character's reactions"))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.pressed(event.ui_element)
        if closes_panel(self.panel, self.b_react, event):
            self.close_panel()
            return True
        return False

    def pressed(self, element: Any) -> bool:
        if self.toggled(element):
            return True
        for button, seat in self.panel_buttons:
            if element is button:
                if toggle_mute(self.app, HERE, seat, self.table.state.names[seat]):
                    self.bubbles.pop(seat, None)
                    self.table.damage_info()
                self.open_panel()  # again, with the new words
                return True
        return False

    def open_panel(self) -> None:
        """A mute per character (Mute Nena / Unmute Nena), in a panel under the button."""
        t = self.table
        self.close_panel()
        assert self.b_react is not None
        rows = []
        for seat in self.talkers():
            name = t.state.names[seat]
            rows.append(((_("Unmute {name}") if self.muted(seat) else _("Mute {name}")).format(name=name), seat))
        self.panel, buttons = button_panel(t, self.b_react, [label for label, _seat in rows])
        self.panel_buttons = [(b, seat) for b, (_label, seat) in zip(buttons, rows)]
        t.app.dirty = True


__all__ = ["HERE", "REACTION_SECONDS", "ReactionsPart", "button_spot", "draw_bubble"]
