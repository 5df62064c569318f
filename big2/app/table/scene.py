"""The card table: plays the engine's events as animations and takes the player's moves.

The engine is always ahead of the screen: a move changes the game at once and returns
its events; the table queues them and plays them back one at a time (deal, fly to the
centre, sweep, "Last card!", reveal). Only when the queue is empty does the next seat
act: a human gets the buttons, a computer thinks on a worker thread and its move is
shown after the pace delay.

The table is a composition. :class:`TableScene` holds the board (the match, the bottom
hand, card sprites, the trick, counts, log, banner, message, layout) and the bottom
human's turn (Play, Pass, Hint, Sort), and owns parts with their own state, each a
:class:`~big2.app.table.part.TablePart`:

* ``playback`` (:mod:`.playback`): the queue of engine events and their animations;
* ``exchange`` (:mod:`.exchange`): the three-player exchange and the give-back;
* ``computers`` (:mod:`.computers`): the worker searching the computers' moves;
* ``input`` (:mod:`.input`): clicks, drags and keys on the bottom hand;
* ``view`` (:mod:`.draw`): drawing and the record of what changed on screen;
* ``undo`` (:mod:`.undo`): taking the person's moves back (Ctrl+Z, U, a button);
* ``tracker`` (:mod:`.tracker`): the cards not seen yet (T).

More parts (undo, a card tracker, ...) join with :meth:`TableScene.add_part`. Other
screens are opened by name through the app (``app.push("pause", table)``).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import TypeVar

import pygame
import pygame_gui

from big2.engine.cards import CardSet
from big2.engine.combos import PASS, move_cards
from big2.engine.events import Dealt, Event
from big2.engine.game import IllegalMove

from ... import i18n
from ...i18n import _
from . import opponents
from .. import storage, vocab
from .hand import HandModel
from .layout import TableLayout, compute_layout
from ..match import Match, MatchConfig
from ..ui.sprites import CardSprite
from ..ui.tween import GameClock, Tweener
from ..ui.scene import Scene
from .computers import ComputerTurns
from .draw import TableView
from .log import KEEP as LOG_KEEP
from .exchange import ExchangeTurn
from .input import TableInput
from .part import TablePart
from .playback import EventPlayback
from .tracker import TrackerPart
from .undo import UndoPart

P = TypeVar("P", bound=TablePart)


class ReasonButton(pygame_gui.elements.UIButton):
    """A button that, clicked while greyed out, calls ``why`` (to say why it is off)."""

    def __init__(self, *args, why: Callable[[], None], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.why = why

    def process_event(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.is_enabled and self.visible
            and self.hover_point(*self.ui_manager.calculate_scaled_mouse_position(event.pos))
        ):
            self.why()
            return True
        return super().process_event(event)


def plan_groups(rules):
    """The hand's "combinations" sort: the Normal computer's plan (big2.ai, loaded on first use)."""

    def groups(cards: list[int]) -> list[list[int]]:
        from big2.ai.arrange import arrange_by_plan

        return arrange_by_plan(cards, rules)

    return groups


class TableScene(Scene):
    name = "table"
    keyboard_focus = False  # the table has its own keys (cards, play, pass)

    def __init__(self, app, config: MatchConfig | None = None, *, match: Match | None = None) -> None:
        super().__init__(app)
        self.match = match or Match(config or MatchConfig())
        self.clock = GameClock()
        self.tweens = Tweener()
        n = self.match.n_players
        self.hint_rng = random.Random(0 if self.match.config.seed is None else self.match.config.seed)
        humans = self.match.config.humans
        self.viewer = humans[0] if humans else 0
        self.hand_visible = not self.match.hot_seat
        rules = self.match.config.rules
        # the board: what the screen shows of the hand in play
        self.hand = HandModel(strength=rules.card_strength, grouper=plan_groups(rules))
        self.counts = [0] * n
        self.sprites: dict[int, CardSprite] = {}
        self.trick: list[tuple[int, list[int]]] = []
        self.sweeping: list[CardSprite] = []
        self.flying: list[CardSprite] = []
        self.revealed: dict[int, list[int]] = {}
        self.badges: dict[int, str] = {}
        self.turn: int | None = None
        self.owner: int | None = None
        self.log: deque[tuple[str, tuple[int, int, int]]] = deque(maxlen=LOG_KEEP)  # the whole hand
        self.banner: tuple[str, float, tuple[int, int, int]] | None = None
        self.banner_scale = 1.0
        self.message: tuple[str, float, tuple[int, int, int]] | None = None
        self.max_hand = 0
        #: hot-seat: each human's own order of their cards, kept while others play
        self.orders: dict[int, list[int]] = {}
        # the bottom human's turn
        self.awaiting_human = False
        self.hand_over = False
        self.auto_pass_at: float | None = None
        self.play_reason = ""
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        # the parts, each with its own state; hooks run in this order
        self.parts: list[TablePart] = []
        self.playback = self.add_part(EventPlayback(self))
        self.exchange = self.add_part(ExchangeTurn(self))
        self.computers = self.add_part(ComputerTurns(self))
        self.input = self.add_part(TableInput(self))
        self.view = self.add_part(TableView(self))
        self.undo = self.add_part(UndoPart(self))
        self.tracker = self.add_part(TrackerPart(self))
        self.layout = self._compute_layout()

    def add_part(self, part: P) -> P:
        """Wire ``part`` into the table: its hooks run after those of earlier parts."""
        self.parts.append(part)
        return part

    # Scene life cycle --------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self.start_hand()

    def leave(self) -> None:
        for part in self.parts:
            part.leave()
        super().leave()

    def _compute_layout(self) -> TableLayout:
        w, h = self.app.size
        most = max(self.match.config.rules.cards_per_player, self.max_hand)
        words = (_("Sort (S)"), _("Hint (H)"), _("Pass (P)"), _("Play ⏎"))
        s = self.app.settings
        self.layout_settings = (s.card_scale, s.left_handed)
        return compute_layout(w, h, self.match.n_players, max_hand=most, min_button_w=self.button_width(words),
                              card_scale=s.card_scale, left_handed=s.left_handed)

    def uncover(self) -> None:
        """Back from a screen on top (Settings, from the pause menu): a change of card
        size or hand applies at once."""
        super().uncover()
        s = self.app.settings
        if getattr(self, "layout_settings", None) != (s.card_scale, s.left_handed):
            self.resize(self.app.size)

    def build_ui(self) -> None:
        lay = self.layout = self._compute_layout()
        labels = {"sort": _("Sort (S)"), "hint": _("Hint (H)"), "pass": _("Pass (P)"), "play": _("Play ⏎")}
        tips = {
            "sort": _("Sort your hand by rank or by suit"),
            "hint": _("Suggest a play"),
            "pass": _("Pass this turn"),
            "play": _("Play the selected cards (Enter or double-click)"),
        }
        self.buttons = {
            name: self.button(box.as_tuple(), labels[name], object_id="#primary" if name == "play" else None, tooltip=tips[name])
            for name, box in lay.buttons.items() if name not in ("play", "pass")
        }
        # Play and Pass say why when clicked greyed out (pygame_gui swallows such clicks)
        for name, why in (("play", self.explain_play), ("pass", self.explain_pass)):
            self.buttons[name] = ReasonButton(
                pygame.Rect(lay.buttons[name].as_tuple()), labels[name], self.app.manager, container=self.ui,
                object_id="#primary" if name == "play" else None, tool_tip_text=tips[name], why=why,
            )
        self.buttons = {name: self.buttons[name] for name in lay.buttons}
        self.b_menu = self.button(lay.menu_button.as_tuple(), _("Menu"), tooltip=_("Pause (Esc)"))
        for part in self.parts:
            part.build_ui()
        self.refresh_buttons()

    def resize(self, size: tuple[int, int]) -> None:
        self.tweens.finish_all()
        super().resize(size)
        self.place_all()
        self.view.warm_table()  # the new size's faces, a little each frame

    def pos_of(self, seat: int) -> int:
        """Screen position (0 = bottom) of a seat, counted in playing order."""
        return (seat - self.viewer) % self.match.n_players

    @property
    def game(self):
        return self.match.game

    @property
    def anim(self) -> float:
        return self.app.settings.anim_scale

    # Starting a hand -----------------------------------------------------------------------

    def start_hand(self) -> None:
        self.clock.cancel_all()
        self.tweens = Tweener()
        self.sprites.clear()
        self.trick.clear()
        self.sweeping.clear()
        self.flying.clear()
        self.revealed.clear()
        self.badges.clear()
        self.log.clear()
        self.banner = None
        self.message = None
        self.hand_over = False
        for part in self.parts:
            part.hand_started()
        self.turn = self.owner = None
        self.counts = [0] * self.match.n_players
        self.orders.clear()
        self.hand.set_cards(())
        humans = self.match.config.humans
        events = self.match.new_hand()
        first = events[0].first if isinstance(events[0], Dealt) else 0
        exchange = self.match.game.exchange if self.match.game is not None else None
        if exchange is not None and exchange[1] in humans:
            first = exchange[1]  # the exchange's winner acts first: they give a card back
        if self.match.hot_seat:
            # the first human in playing order from the leader sits at the bottom
            n = self.match.n_players
            self.viewer = next(s for s in ((first + k) % n for k in range(n)) if s in humans)
            self.hand_visible = False
        self.layout = self._compute_layout()
        self.playback.enqueue(events)
        self.app.dirty = True
        storage.hand_started(self)

    # The loop ------------------------------------------------------------------------------

    def animating(self) -> bool:
        return self.tweens.active or bool(self.sweeping) or any(p.animating() for p in self.parts)

    def next_deadline(self) -> float | None:
        now = self.clock.time
        times = [d - now for d in (p.deadline() for p in self.parts) if d is not None]
        for due in (self.banner, self.message):
            if due is not None:
                times.append(due[1] - now)
        if self.auto_pass_at is not None:
            times.append(self.auto_pass_at - now)
        due = self.clock.next_due()
        if due is not None:
            times.append(due)
        return max(0.0, min(times)) if times else None

    def update(self, dt: float) -> None:
        self.clock.tick(dt)
        self.tweens.update(dt)
        now = self.clock.time
        for part in self.parts:
            part.update(now)
        if self.banner is not None and now >= self.banner[1]:
            self.banner = None
            self.damage_info()
        if self.message is not None and now >= self.message[1]:
            self.message = None
            self.damage_info()
        if self.playback.run(now) or self.hand_over or self.game is None:
            return
        if self.auto_pass_at is not None and now >= self.auto_pass_at:
            self.auto_pass_at = None
            if self.awaiting_human:
                self.human_pass()
            return
        self.next_action()

    def next_action(self) -> None:
        """Nothing is left to show: let the seat to act act."""
        game = self.game
        if game is None or game.is_over:
            return
        if game.exchange is not None:
            self.exchange.step()
            return
        seat = game.to_act
        if self.match.is_human(seat):
            self.call_human(seat)
            return
        self.computers.step(seat)

    def call_human(self, seat: int) -> None:
        """``seat``'s human acts next: hot-seat hides the hand until they are ready."""
        if self.awaiting_human:
            return
        if self.match.hot_seat and (seat != self.viewer or (not self.hand_visible and self.others_may_look(seat))):
            self.app.push("privacy", self, seat)
            return
        self.begin_human_turn()

    def others_may_look(self, seat: int) -> bool:
        """Whether another human still plays this hand (so ``seat``'s cards are hidden
        between turns). The last human left (the others out, or handed to the computer)
        keeps their hand in view: no hand-over screen after every computer move."""
        game = self.game
        return any(
            s != seat and self.match.is_human(s) and (game is None or bool(game.hand(s)))
            for s in range(self.match.n_players)
        )

    def apply_events(self, events: tuple[Event, ...]) -> None:
        """The engine took a move: show its events, autosave, tell the parts."""
        self.playback.enqueue(events)
        storage.after_move(self)
        for part in self.parts:
            part.moves_applied(events)
        self.damage_info()

    # Placing sprites -------------------------------------------------------------------------

    def place_hand(self, *, animate: bool) -> None:
        lay = self.layout
        positions = lay.hand_positions(len(self.hand.cards), self.hand_gaps())
        d = 0.16 * self.anim if animate else 0
        dragging = self.input.dragging()
        for i, c in enumerate(self.hand.cards):
            spr = self.sprites.get(c)
            if spr is None:
                x, y = positions[i]
                spr = self.sprites[c] = CardSprite(c, x, y, lay.card_w, lay.card_h, face_up=self.hand_visible)
            spr.face_up = self.hand_visible
            if c == dragging:
                continue
            x, y = positions[i]
            if c in self.hand.selected:
                y -= lay.lift
            spr.base = (lay.card_w, lay.card_h)
            if d > 0:
                self.tweens.to(spr, d, ease="out_cubic", x=x, y=y, w=lay.card_w, h=lay.card_h)
            else:
                self.tweens.cancel(spr)
                spr.x, spr.y, spr.w, spr.h = x, y, lay.card_w, lay.card_h

    def hand_gaps(self) -> frozenset[int]:
        """Indices of the bottom hand's cards that start a group (arranged by combinations)."""
        return frozenset(i for i in range(len(self.hand.cards)) if self.hand.starts_group(i))

    def place_all(self) -> None:
        """After a resize: every sprite straight to its new place and size."""
        lay = self.layout
        self.place_hand(animate=False)
        for layer, (_seat, cards) in enumerate(self.trick):
            for c, (x, y) in zip(cards, lay.trick_positions(len(cards), layer)):
                spr = self.sprites.get(c)
                if spr is not None:
                    spr.x, spr.y, spr.w, spr.h = x, y, lay.card_w, lay.card_h
                    spr.base = (lay.card_w, lay.card_h)
        self.sweeping.clear()
        self.flying.clear()

    # Human turns ---------------------------------------------------------------------------------

    def begin_human_turn(self) -> None:
        game = self.game
        if game.exchange is not None:
            self.exchange.begin_give_back()
            return
        self.awaiting_human = True
        self.hand_visible = True
        note = self.exchange.notes.pop(self.viewer, None)
        if note:
            self.say(note, 4.0, (235, 225, 180))
        if not game.leading and not any(m != PASS for m in game.legal_moves()):
            if self.app.settings.auto_pass:
                self.say(_("Nothing you hold beats this: passing."), 1.2)
                self.auto_pass_at = self.clock.time + 0.9 * max(self.anim, 0.3)
            else:
                self.say(_("Nothing you hold beats this: press Pass (P)."), 4.0)
        self.refresh_buttons()
        self.damage_info()

    def reveal_for(self, seat: int) -> None:
        """After the privacy screen: ``seat`` sits at the bottom and sees their hand."""
        if seat != self.viewer:
            self.orders[self.viewer] = list(self.hand.cards)
            for c in self.hand.cards:
                self.sprites.pop(c, None)
            self.viewer = seat
            self.hand.set_cards(self.game.hand(seat))
            kept = self.orders.get(seat)
            if kept and set(kept) >= set(self.hand.cards):
                self.hand.cards = [c for c in kept if c in set(self.hand.cards)]
        self.hand_visible = True
        self.place_hand(animate=False)
        self.place_all()
        self.begin_human_turn()

    def open_pause(self) -> None:
        self.app.push("pause", self)

    def say(self, text: str, seconds: float = 3.0, colour: tuple[int, int, int] = (255, 255, 255)) -> None:
        self.message = (text, self.clock.time + seconds, colour)
        self.damage_info()

    def selection(self) -> CardSet:
        return CardSet(self.hand.selected)

    def check_selection(self) -> str | None:
        """None when the selection is a legal play now; else the engine's reason."""
        if not self.awaiting_human or self.game is None:
            return _("Wait for your turn.")
        if self.exchange.giving_back is not None:
            return self.exchange.give_back_reason()
        try:
            self.game.check_play(self.selection(), seat=self.viewer)
        except IllegalMove as exc:
            return vocab.render_at(self.match, exc.message)
        return None

    def refresh_buttons(self) -> None:
        if not self.buttons:
            return
        mine = self.awaiting_human and not self.hand_over
        giving = self.exchange.giving_back is not None
        reason = self.check_selection() if mine else _("Wait for your turn.")
        self.play_reason = reason or ""
        b = self.buttons
        label = _("Play ⏎")
        if mine and giving:  # the button is narrow in a small window
            label = _("Give back") if b["play"].rect.width >= 100 else _("Give")
        if b["play"].text != label:
            b["play"].set_text(label)
        (b["play"].enable if mine and reason is None else b["play"].disable)()
        can_pass = mine and not giving and self.game is not None and not self.game.leading
        (b["pass"].enable if can_pass else b["pass"].disable)()
        (b["hint"].enable if mine else b["hint"].disable)()
        (b["sort"].enable if self.hand_visible and self.hand.cards else b["sort"].disable)()
        for part in self.parts:
            part.refresh()

    def pass_reason(self) -> str | None:
        """None when Pass may be pressed now; else why not, in a sentence."""
        if not self.awaiting_human or self.hand_over or self.game is None:
            return _("Wait for your turn.")
        if self.exchange.giving_back is not None:
            return _("First give a card back: choose one and press Give back (Enter).")
        if self.game.leading:
            return _("You lead this trick, so you cannot pass: play any combination.")
        return None

    def explain_play(self) -> None:
        """The greyed Play button was clicked: say why the selection cannot be played."""
        reason = self.check_selection() if self.awaiting_human and not self.hand_over else _("Wait for your turn.")
        if reason:
            self.say(reason, 4.0, (255, 150, 140))

    def explain_pass(self) -> None:
        reason = self.pass_reason()
        if reason:
            self.say(reason, 4.0, (255, 150, 140))

    def human_play(self) -> bool:
        """Play the selection; on an illegal one show the engine's reason."""
        if not self.awaiting_human:
            return False
        if self.exchange.giving_back is not None:
            return self.exchange.human_give_back()
        try:
            events = self.game.play(self.selection(), seat=self.viewer)
        except IllegalMove as exc:
            self.say(vocab.render_at(self.match, exc.message), 4.0, (255, 150, 140))
            return False
        self.end_human_turn(events)
        return True

    def human_pass(self) -> bool:
        if not self.awaiting_human:
            return False
        if self.exchange.giving_back is not None:
            self.say(_("First give a card back: choose one and press Give back (Enter)."), 4.0, (255, 150, 140))
            return False
        try:
            events = self.game.pass_turn(seat=self.viewer)
        except IllegalMove as exc:
            self.say(vocab.render_at(self.match, exc.message), 4.0, (255, 150, 140))
            return False
        self.hand.clear_selection()
        self.place_hand(animate=True)
        self.end_human_turn(events)
        return True

    def end_human_turn(self, events: tuple[Event, ...], *, keep_visible: bool = False) -> None:
        """The bottom human has moved; ``keep_visible`` when they are also the next to act."""
        self.awaiting_human = False
        self.auto_pass_at = None
        self.message = None
        if self.match.hot_seat and not keep_visible and self.others_may_look(self.viewer):
            # the next person may already be looking: the hand turns face down at once
            # (the cards just played turn up again as they fly to the centre)
            self.hand_visible = False
            self.place_hand(animate=False)
        self.apply_events(events)
        self.refresh_buttons()

    def show_hint(self) -> None:
        if not self.awaiting_human:
            return
        if self.exchange.giving_back is not None:
            self.exchange.hint_give_back()
            return
        move, why = opponents.hint(self.game, self.viewer, self.hint_rng)
        if move != PASS:
            self.hand.select_only(move_cards(move))
            self.place_hand(animate=True)
        self.say(i18n.render(why) if isinstance(why, i18n.Message) else why, 5.0, (200, 235, 255))
        self.refresh_buttons()

    def sort_hand(self) -> None:
        mode = self.hand.toggle_sort()
        self.place_hand(animate=True)
        self.say(_("Sorted by rank.") if mode == "rank" else _("Sorted by suit.") if mode == "suit" else _("Sorted into combinations."), 1.2, (220, 220, 220))

    def hand_seat_to_computer(self) -> None:
        """The bottom human's seat is played by the computer for the rest of the hand."""
        seat = self.viewer
        self.match.hand_to_computer(seat)
        self.awaiting_human = False
        self.auto_pass_at = None
        self.exchange.giving_back = None
        self.hand.clear_selection()
        self.place_hand(animate=True)
        self.say(vocab.about(self.match, seat, _("The computer plays for you until the hand ends."),
                             _("The computer plays for {name} until the hand ends.")), 3.0)
        self.refresh_buttons()

    # Input and drawing go to their parts -----------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        return any(part.handle(event) for part in self.parts)

    def draw(self, surf: pygame.Surface) -> None:
        self.view.paint(surf)

    def notice_area(self) -> pygame.Rect:
        """Beside the trick ring, on the side with more free felt: no cards, no plates."""
        lay = self.layout
        ring = pygame.Rect(lay.trick.as_tuple()).inflate(lay.card_w * 0.3, lay.card_h * 0.12)
        w, h = self.app.size
        left_edge, right_edge = 0, w
        for spot in lay.seats[1:]:
            for box in (spot.fan, spot.info):
                r = pygame.Rect(box.as_tuple())
                if r.bottom <= ring.top or r.top >= ring.bottom:
                    continue
                if r.right <= ring.centerx:
                    left_edge = max(left_edge, r.right)
                else:
                    right_edge = min(right_edge, r.left)
        room_right, room_left = right_edge - ring.right, ring.left - left_edge
        right = room_right >= 224 or room_right >= room_left  # the right, unless cramped
        area = pygame.Rect(ring.right + 12, ring.top, room_right - 24, ring.h) if right else pygame.Rect(left_edge + 12, ring.top, room_left - 24, ring.h)
        for box in (lay.scores, lay.log, lay.menu_button):  # the panels in the top corners
            r = pygame.Rect(box.as_tuple())
            if r.colliderect(area):
                area.height = area.bottom - (r.bottom + 8)
                area.top = r.bottom + 8
        if area.w < 200 or area.h < 100:  # a small window: over the recent plays, not cards
            log_box = pygame.Rect(lay.log.as_tuple())
            # as wide as the felt left of the top seat's cards, so sentences need fewer lines
            right = min((pygame.Rect(s.fan.as_tuple()).left for s in lay.seats if s.side == "top"), default=log_box.right)
            area = pygame.Rect(log_box.x, log_box.y, max(log_box.w, 220, right - log_box.x - 8), 0)
            # and as tall as the felt above the ring and the left seat's cards
            below = [ring, *(pygame.Rect(s.fan.as_tuple()) for s in lay.seats if s.side == "left")]
            bottom = min((r.top for r in below if r.left < area.right and r.right > area.left), default=log_box.bottom + 12)
            area.h = max(log_box.h, 120, bottom - 8 - log_box.y)
            return area
        return area

    def damage_info(self) -> None:
        """Mark every text and marker area for redrawing (after an event or message)."""
        self.view.damage_info()

    def dirty_rects(self) -> list[pygame.Rect] | None:
        return self.view.dirty_rects()
