"""The table's input: clicks, drags, double-clicks and keys on the bottom hand.

A part of :class:`~big2.app.table.scene.TableScene`; its own state is the press under
way (a click, a sweep or a reorder drag) and the last click (for double-clicks). Click toggles a card, a drag
along the hand selects or clears several, lifting a card up and sliding it moves it,
a double-click plays; Enter plays, P passes, H hints, S sorts, arrows and Space pick
cards, Backspace or a right click clears, Esc pauses.

One-tap selection (a setting, on by default): while the person follows a trick, a click
on a card selects the lowest legal play holding it (:mod:`big2.app.table.onetap`); clicking the
same card again moves on to the next such play, and after the last clears the selection.
A click on another card of the selection takes it out, as a plain click would, so a
selection can still be edited by hand; a card in no play that beats the trick toggles.
"""

from __future__ import annotations

from big2.engine.scoring import scoring_preset

import pygame
import pygame_gui

from . import onetap
from .part import TablePart

DOUBLE_CLICK = 0.4
DRAG_START = 10


class TableInput(TablePart):
    """Input on the bottom hand and the table's buttons."""

    def __init__(self, table) -> None:
        super().__init__(table)
        #: The press under way: card, start position, mode (None, "sweep", "reorder").
        self.press: dict | None = None
        self.last_click: tuple[int, float] | None = None
        #: The card whose click made the selection by one-tap, and that selection.
        self.tapped: int | None = None
        self.tapped_selection: frozenset[int] = frozenset()

    def dragging(self) -> int | None:
        """The card being dragged to a new place in the hand, if any."""
        p = self.press
        return p["card"] if p and p.get("mode") == "reorder" else None

    def lifted(self) -> frozenset[int]:
        t = self.table
        return frozenset(i for i, c in enumerate(t.hand.cards) if c in t.hand.selected)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        t = self.table
        if not t.hand_visible:
            return None
        i = t.layout.hand_index_at(pos[0], pos[1], len(t.hand.cards), self.lifted(), t.hand_gaps())
        return None if i is None else t.hand.cards[i]

    def handle(self, event: pygame.event.Event) -> bool:
        t = self.table
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is t.b_menu:
                t.open_pause()
            elif el is t.buttons.get("play"):
                t.human_play()
            elif el is t.buttons.get("pass"):
                t.human_pass()
            elif el is t.buttons.get("hint"):
                t.show_hint()
            elif el is t.buttons.get("sort"):
                t.sort_hand()
            else:
                return False
            return True
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.mouse_down(event)
        if event.type == pygame.MOUSEMOTION:
            return self.mouse_move(event)
        if event.type == pygame.MOUSEBUTTONUP:
            return self.mouse_up(event)
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        t = self.table
        k = event.key
        if k == pygame.K_ESCAPE:
            t.open_pause()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            t.human_play()
        elif k == pygame.K_p:
            t.human_pass()
        elif k == pygame.K_h:
            t.show_hint()
        elif k == pygame.K_s:
            t.sort_hand()
        elif k == pygame.K_F1:
            t.app.push("rules", rules=t.state.rules, scoring=scoring_preset(t.state.scoring))
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            t.hand.move_focus(-1 if k == pygame.K_LEFT else 1)
        elif k in (pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN):
            if t.hand.cards and t.hand_visible:
                c = t.hand.cards[t.hand.focus]
                if k == pygame.K_SPACE or (k == pygame.K_UP) != (c in t.hand.selected):
                    self.pick(c)
                t.place_hand(animate=True)
        elif k == pygame.K_BACKSPACE:
            t.hand.clear_selection()
            t.place_hand(animate=True)
        else:
            return False
        t.refresh_buttons()
        return True

    def pick(self, card: int) -> None:
        """Select or unselect ``card``; while giving a card back, only one is chosen."""
        t = self.table
        self.tapped = None
        if t.exchange.giving_back is not None and card not in t.hand.selected:
            t.hand.select_only([card])
        else:
            t.hand.toggle(card)

    def tap(self, card: int) -> None:
        """A click on ``card``: one-tap selection when it applies (see the module notes),
        else :meth:`pick`."""
        t = self.table
        options: list[frozenset[int]] = []
        if t.app.settings.one_tap and t.awaiting_human and t.exchange.giving_back is None and t.hand_visible:
            options = onetap.candidates(t.state, card)
        selected = frozenset(t.hand.selected)
        again = card == self.tapped and selected == self.tapped_selection  # nothing else changed it since
        if not options or (card in selected and not (again and selected in options)):
            self.pick(card)
            return
        choice = onetap.next_choice(options, selected, again=again)
        t.hand.select_only(choice)
        self.tapped = card if choice else None
        self.tapped_selection = choice

    def mouse_down(self, event: pygame.event.Event) -> bool:
        t = self.table
        if event.button == 3:
            t.hand.clear_selection()
            t.place_hand(animate=True)
            t.refresh_buttons()
            return True
        if event.button != 1:
            return False
        card = self.card_at(event.pos)
        if card is None:
            return False
        self.press = {"card": card, "pos": event.pos, "mode": None, "select": card not in t.hand.selected}
        return True

    def _held_press(self) -> dict | None:
        """The press in progress, or None; a press whose card has left the hand since
        (online, a snapshot can take it: the computer played an away seat's turn) is let
        go."""
        press = self.press
        if press is not None and press["card"] not in self.table.hand.cards:
            self.press = None
            return None
        return press

    def mouse_move(self, event: pygame.event.Event) -> bool:
        t = self.table
        press = self._held_press()
        if press is None:
            return False
        x0, y0 = press["pos"]
        dx, dy = event.pos[0] - x0, event.pos[1] - y0
        lay = t.layout
        if press["mode"] is None:
            if dy < -lay.lift * 1.2 and abs(dy) > abs(dx):
                press["mode"] = "reorder"
                press["grab"] = (x0 - t.sprites[press["card"]].x, y0 - t.sprites[press["card"]].y)
            elif abs(dx) > DRAG_START:
                press["mode"] = "sweep"
                press["last_i"] = t.hand.cards.index(press["card"])
                self._sweep_set(press["card"], press["select"])
        if press["mode"] == "sweep":
            row_y = t.layout.seats[0].fan.bottom - lay.card_h // 2
            i = lay.hand_index_at(event.pos[0], row_y, len(t.hand.cards), gaps=t.hand_gaps())
            if i is not None:
                # a fast drag skips cards between motion events: fill the gap
                last = press.get("last_i", i)
                lo, hi = min(last, i), max(last, i)
                for j in range(lo, hi + 1):
                    self._sweep_set(t.hand.cards[j], press["select"])
                press["last_i"] = i
        elif press["mode"] == "reorder":
            spr = t.sprites[press["card"]]
            gx, gy = press["grab"]
            t.tweens.cancel(spr)
            spr.x, spr.y = event.pos[0] - gx, event.pos[1] - gy
            self.app.dirty = True
        return True

    def _sweep_set(self, card: int, selected: bool) -> None:
        t = self.table
        if (card in t.hand.selected) != selected:
            t.hand.toggle(card)
            t.place_hand(animate=True)
            t.refresh_buttons()

    def mouse_up(self, event: pygame.event.Event) -> bool:
        t = self.table
        press, self.press = self._held_press(), None
        if press is None or event.button != 1:
            return False
        card = press["card"]
        if press["mode"] == "reorder":
            spr = t.sprites[card]
            slot = t.layout.hand_slot_at(spr.x + t.layout.card_w / 2, len(t.hand.cards), t.hand_gaps())
            t.hand.move(card, slot)
            t.place_hand(animate=True)
            return True
        if press["mode"] == "sweep":
            return True
        now = t.clock.time
        double = self.last_click is not None and self.last_click[0] == card and now - self.last_click[1] < DOUBLE_CLICK
        self.last_click = (card, now)
        if double:
            if t.exchange.giving_back is not None:
                t.hand.select_only([card])
            t.hand.selected.add(card)
            t.place_hand(animate=True)
            t.refresh_buttons()
            t.human_play()
            self.last_click = None
            return True
        self.tap(card)
        t.hand.focus = t.hand.cards.index(card)
        t.place_hand(animate=True)
        t.refresh_buttons()
        return True
