"""The table's input: clicks, drags, double-clicks and keys on the bottom hand.

A mixin of :class:`~big2.app.scenes.table.TableScene`. Click toggles a card, a drag
along the hand selects or clears several, lifting a card up and sliding it moves it,
a double-click plays; Enter plays, P passes, H hints, S sorts, arrows and Space pick
cards, Backspace or a right click clears, Esc pauses.
"""

from __future__ import annotations

import pygame
import pygame_gui

DOUBLE_CLICK = 0.4
DRAG_START = 10


class TableInput:
    """Input handling for the bottom hand (mixed into the table scene)."""

    def lifted(self) -> frozenset[int]:
        return frozenset(i for i, c in enumerate(self.hand.cards) if c in self.hand.selected)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        if not self.hand_visible:
            return None
        i = self.layout.hand_index_at(pos[0], pos[1], len(self.hand.cards), self.lifted())
        return None if i is None else self.hand.cards[i]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.b_menu:
                self.open_pause()
            elif el is self.buttons.get("play"):
                self.human_play()
            elif el is self.buttons.get("pass"):
                self.human_pass()
            elif el is self.buttons.get("hint"):
                self.show_hint()
            elif el is self.buttons.get("sort"):
                self.sort_hand()
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
        k = event.key
        if k == pygame.K_ESCAPE:
            self.open_pause()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.human_play()
        elif k == pygame.K_p:
            self.human_pass()
        elif k == pygame.K_h:
            self.show_hint()
        elif k == pygame.K_s:
            self.sort_hand()
        elif k == pygame.K_F1:
            from .rules import RulesScene

            self.app.push(RulesScene(self.app, rules=self.match.config.rules))
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.hand.move_focus(-1 if k == pygame.K_LEFT else 1)
        elif k in (pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN):
            if self.hand.cards and self.hand_visible:
                c = self.hand.cards[self.hand.focus]
                if k == pygame.K_SPACE or (k == pygame.K_UP) != (c in self.hand.selected):
                    self.pick(c)
                self.place_hand(animate=True)
        elif k == pygame.K_BACKSPACE:
            self.hand.clear_selection()
            self.place_hand(animate=True)
        else:
            return False
        self.refresh_buttons()
        return True

    def pick(self, card: int) -> None:
        """Select or unselect ``card``; while giving a card back, only one is chosen."""
        if self.giving_back is not None and card not in self.hand.selected:
            self.hand.select_only([card])
        else:
            self.hand.toggle(card)

    def sort_hand(self) -> None:
        mode = self.hand.toggle_sort()
        self.place_hand(animate=True)
        self.say(f"Sorted by {mode}.", 1.2, (220, 220, 220))

    def open_pause(self) -> None:
        from .pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def mouse_down(self, event: pygame.event.Event) -> bool:
        if event.button == 3:
            self.hand.clear_selection()
            self.place_hand(animate=True)
            self.refresh_buttons()
            return True
        if event.button != 1:
            return False
        card = self.card_at(event.pos)
        if card is None:
            return False
        self.press = {"card": card, "pos": event.pos, "mode": None, "select": card not in self.hand.selected}
        return True

    def mouse_move(self, event: pygame.event.Event) -> bool:
        press = self.press
        if press is None:
            return False
        x0, y0 = press["pos"]
        dx, dy = event.pos[0] - x0, event.pos[1] - y0
        lay = self.layout
        if press["mode"] is None:
            if dy < -lay.lift * 1.2 and abs(dy) > abs(dx):
                press["mode"] = "reorder"
                press["grab"] = (x0 - self.sprites[press["card"]].x, y0 - self.sprites[press["card"]].y)
            elif abs(dx) > DRAG_START:
                press["mode"] = "sweep"
                press["last_i"] = self.hand.cards.index(press["card"])
                self._sweep_set(press["card"], press["select"])
        if press["mode"] == "sweep":
            row_y = self.layout.seats[0].fan.bottom - lay.card_h // 2
            i = lay.hand_index_at(event.pos[0], row_y, len(self.hand.cards))
            if i is not None:
                # a fast drag skips cards between motion events: fill the gap
                last = press.get("last_i", i)
                lo, hi = min(last, i), max(last, i)
                for j in range(lo, hi + 1):
                    self._sweep_set(self.hand.cards[j], press["select"])
                press["last_i"] = i
        elif press["mode"] == "reorder":
            spr = self.sprites[press["card"]]
            gx, gy = press["grab"]
            self.tweens.cancel(spr)
            spr.x, spr.y = event.pos[0] - gx, event.pos[1] - gy
            self.app.dirty = True
        return True

    def _sweep_set(self, card: int, selected: bool) -> None:
        if (card in self.hand.selected) != selected:
            self.hand.toggle(card)
            self.place_hand(animate=True)
            self.refresh_buttons()

    def mouse_up(self, event: pygame.event.Event) -> bool:
        press, self.press = self.press, None
        if press is None or event.button != 1:
            return False
        card = press["card"]
        if press["mode"] == "reorder":
            spr = self.sprites[card]
            slot = self.layout.hand_slot_at(spr.x + self.layout.card_w / 2, len(self.hand.cards))
            self.hand.move(card, slot)
            self.place_hand(animate=True)
            return True
        if press["mode"] == "sweep":
            return True
        now = self.clock.time
        double = self.last_click is not None and self.last_click[0] == card and now - self.last_click[1] < DOUBLE_CLICK
        self.last_click = (card, now)
        if double:
            if self.giving_back is not None:
                self.hand.select_only([card])
            self.hand.selected.add(card)
            self.place_hand(animate=True)
            self.refresh_buttons()
            self.human_play()
            self.last_click = None
            return True
        self.pick(card)
        self.hand.focus = self.hand.cards.index(card)
        self.place_hand(animate=True)
        self.refresh_buttons()
        return True
