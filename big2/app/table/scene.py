"""The card table: plays the engine's events as animations and takes the player's moves.

The table shows one seat's view of a room (:mod:`big2.room`) through a link
(:class:`~big2.room.link.LocalLink` for a game in this process): it reads the seat's
:class:`~big2.room.state.SeatState` and its redacted events, and acts only by sending
commands. It never sees the engine's game. The room is always ahead of the screen: a
command changes the game at once and its events come back through the link; the table
queues them and plays them back one at a time (deal, fly to the centre, sweep, "Last
card!", reveal). Only when the queue is empty does it give the room time (the link's
``tick``): a person gets the buttons, a computer's move is chosen by the room's brain
(a worker process) and shown after the pace delay.

The table is a composition. :class:`TableScene` holds the board (the link, the bottom
hand, card sprites, the trick, counts, log, banner, message, layout) and the bottom
human's turn (Play, Pass, Hint, Sort), and owns parts with their own state, each a
:class:`~big2.app.table.part.TablePart`:

* ``playback`` (:mod:`.tableshow`): the queue of engine events and their animations;
* ``exchange`` (:mod:`.tableexchange`): the three-player exchange and the give-back;
* ``input`` (:mod:`.tableinput`): clicks, drags and keys on the bottom hand;
* ``view`` (:mod:`.tabledraw`): drawing and the record of what changed on screen;
* ``undo`` (:mod:`.tableundo`): taking the person's moves back (Ctrl+Z, U, a button);
* ``tracker`` (:mod:`.tabletracker`): the cards not seen yet (T).

More parts (undo, a card tracker, ...) join with :meth:`TableScene.add_part`. Other
screens are opened by name through the app (``app.push("pause", table)``).
"""

from __future__ import annotations

from collections import deque
from typing import TypeVar

import pygame
import pygame_gui

from big2.engine.cards import CardSet
from big2.room import commands as cmd
from big2.room import personas, seatrules
from big2.room.events import HintGiven, SeatDealt
from big2.room.link import SeatLink
from big2.room.state import SeatState

from big2 import i18n
from big2.i18n import _
from big2.app import vocab
from big2.app.table.hand import HandModel
from big2.app.table.layout import TableLayout, compute_layout
from big2.app.ui.sprites import CardSprite
from big2.app.ui.tween import GameClock, Tweener
from big2.app.ui.scene import Scene
from big2.app.table.draw import TableView
from big2.app.table.drawers import Drawers
from big2.app.ui.uiscale import font_px as scaled_font, ui_scale
from big2.app.table.log import KEEP as LOG_KEEP
from big2.app.table.exchange import ExchangeTurn
from big2.app.table.handover import HandOverPart
from big2.app.table.input import TableInput
from big2.app.table.part import TablePart
from big2.app.table.playback import EventPlayback
from big2.app.table.notice import notice_area
from big2.app.table import answers as replies, buttonrow, placing
from big2.app.table.feel import FeelPart
from big2.app.table.tracker import TrackerPart
from big2.app.table.undo import UndoPart

P = TypeVar("P", bound=TablePart)


def plan_groups(rules):
    """The hand's "combinations" sort: the Normal computer's plan (big2.ai, loaded on first use)."""

    def groups(cards: list[int]) -> list[list[int]]:
        from big2.ai.arrange import arrange_by_plan

        return arrange_by_plan(cards, rules)

    return groups


class TableScene(Scene):
    name = "table"
    keyboard_focus = False  # the table has its own keys (cards, play, pass)
    fades = False  # the deal is its coming in; dialogs over it come at once

    def __init__(self, app, link: SeatLink) -> None:
        super().__init__(app)
        #: The line to the room: the seat's state and events in, commands out.
        self.link = link
        #: The room is on a server (a :class:`~big2.net.link.RemoteLink`): commands are
        #: answered later, through the link's poll; no undo, no saves.
        self.online = bool(getattr(link, "remote", False))
        #: Online, after a move was sent: the state it was sent from. The seat's turn is
        #: not offered again until the server's answer replaces that state (or refuses).
        self.waiting_on: SeatState | None = None
        #: Online, set when the session's end screen takes the link over (it stays open).
        self.keep_link = False
        self.clock = GameClock()
        self.tweens = Tweener()
        state = link.state
        n = state.n_players
        self.hand_visible = not state.several_at_screen
        rules = state.rules
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
        #: The message showing is a routine line (see :meth:`say`).
        self.message_routine = False
        #: The language the message was said in (see :meth:`build_ui`).
        self.message_language = i18n.current().code
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
        #: The win's confetti, the last-card pulse, skipping to the results, reduced motion:
        #: first of the parts, so a key or click at the hand's end reaches it first.
        self.feel = FeelPart(self, self.playback)
        self.parts.insert(0, self.feel)
        self.exchange = self.add_part(ExchangeTurn(self))
        self.input = self.add_part(TableInput(self))
        self.view = self.add_part(TableView(self))
        self.undo = self.add_part(UndoPart(self))
        self.tracker = self.add_part(TrackerPart(self))
        self.drawers = self.add_part(Drawers(self))
        self.handover = self.add_part(HandOverPart(self))
        #: Online: the part that shows Reconnecting…, the away, the clock and reactions.
        self.net = None
        #: Here: the characters' reactions, as their temperament says (none online).
        self.reactions = None
        if not self.online:
            from big2.app.table.reactions import ReactionsPart

            self.reactions = ReactionsPart(self)
            self.parts.insert(1, self.reactions)  # its open mutes take Esc before the table
        if self.online:
            from big2.app.table.online import OnlinePart

            self.net = OnlinePart(self)
            self.parts.insert(0, self.net)  # first: held input never reaches the cards
        self.layout = self._compute_layout()

    def add_part(self, part: P) -> P:
        """Wire ``part`` into the table: its hooks run after those of earlier parts."""
        self.parts.append(part)
        return part

    # Scene life cycle --------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        if self.online and getattr(self.link, "on_message", None) is None:
            self.link.on_message = self.app.post_wake  # a frame from the server wakes the loop
        self.start_hand()

    def leave(self) -> None:
        for part in self.parts:
            part.leave()
        if not self.keep_link:
            self.link.close()
        super().leave()

    def button_labels(self, short: bool) -> dict[str, str]:
        """The action buttons' words (see :func:`~big2.app.table.buttonrow.button_labels`)."""
        return buttonrow.button_labels(short)

    def _compute_layout(self) -> TableLayout:
        w, h = self.app.size
        most = max(self.state.rules.cards_per_player, self.max_hand)
        s = self.app.settings
        self.layout_settings = (s.card_scale, s.left_handed)
        # the tabs' words at the largest type the layout may choose
        most_text = 1.0 + (max(1.0, min(s.card_scale, 1.5)) - 1.0) * 0.8
        tabs = self.drawers.tab_widths(scaled_font(18 * most_text, ui_scale((max(w, 800), max(h, 600)))))

        def make(words: tuple[str, ...]) -> TableLayout:
            return compute_layout(w, h, self.state.n_players, max_hand=most, min_button_w=self.button_width(words),
                                  card_scale=s.card_scale, left_handed=s.left_handed, drawers=self.drawers.names(),
                                  tab_w=tabs, left_drawer_w=self.left_drawer_w(), react_w=self.reactions_button_w())

        lay, self.short_labels = buttonrow.fitted_row(make, w)
        return lay

    def reactions_button_w(self) -> int:
        """The Reactions button's width (0: the table has none): online always, here
        when a character at the table may react."""
        if self.net is None and (self.reactions is None or not self.reactions.talkers()):
            return 0
        return self.button_width([_("Reactions")])

    def left_drawer_w(self) -> int | None:
        """The left drawer's width when a part needs it wider (How to play); None: as usual."""
        return None

    def uncover(self) -> None:
        """Back from a screen on top (Settings, from the pause menu): a change of card
        size or hand applies at once."""
        super().uncover()
        s = self.app.settings
        if getattr(self, "layout_settings", None) != (s.card_scale, s.left_handed):
            self.resize(self.app.size)

    def build_ui(self) -> None:
        if self.message is not None and not isinstance(self.message[0], vocab.Later) and \
                self.message_language != i18n.current().code:
            self.message = None  # said in the language just left: a worded-later line rewords itself
        lay = self.layout = self._compute_layout()
        # the words without their keys where the row could not give them their width
        self.short_labels = getattr(self, "short_labels", False) or buttonrow.too_narrow(lay, self.button_width)
        self.buttons = buttonrow.make_row(self, lay, self.short_labels,
                                          {"play": self.explain_play, "pass": self.explain_pass})
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
        return (seat - self.viewer) % self.state.n_players

    @property
    def state(self) -> SeatState:
        """What the seat at the bottom may know now (ahead of what is shown)."""
        return self.link.state

    @property
    def viewer(self) -> int:
        """The seat at the bottom of the screen (the link's seat)."""
        return self.link.seat

    @property
    def hot_seat(self) -> bool:
        """Several people share this screen: hands hide between their turns."""
        return self.state.several_at_screen

    def pace(self) -> float:
        """Seconds a computer's move waits after it was asked for: the player's pace,
        times the temperament of the character to act (never its strength)."""
        seat = self.state.to_act
        factor = personas.pace_factor(self.state.names[seat]) if seat is not None and not self.state.is_person(seat) else 1.0
        return self.app.settings.pace_delay * factor

    @property
    def anim(self) -> float:
        return self.app.settings.anim_scale

    # Starting a hand -----------------------------------------------------------------------

    def start_hand(self, *, as_it_stands: bool = False) -> None:
        """Show the hand in play from its start (the deal), or deal the next one.
        ``as_it_stands`` (online, back after a dropped connection): the hand as the
        server's snapshot has it, never a deal."""
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
        self.counts = [0] * self.state.n_players
        self.orders.clear()
        self.hand.set_cards(())
        if self.online:
            self.start_online_hand(as_it_stands=as_it_stands)
            return
        state = self.state
        resumed = state.in_hand and not state.hand_over and not self.link.pending()
        if not state.in_hand or (state.hand_over and not self.link.pending()):
            refusal = self.link.send(cmd.NextHand())
            if refusal is not None:  # the session is over: nothing to deal
                self.say(vocab.render_at(self.state, refusal.message), 4.0, (255, 150, 140))
                return
        state = self.state
        if self.hot_seat and state.in_hand:
            # the first person in playing order from the one to act sits at the bottom
            first = state.exchange[1] if state.exchange is not None else state.to_act
            n = state.n_players
            people = state.at_screen
            if first is not None:
                self.link.view_as(next((s for s in ((first + k) % n for k in range(n)) if s in people), self.viewer))
            self.hand_visible = False
        self.layout = self._compute_layout()
        if resumed:
            self.show_position()
        else:
            self.playback.enqueue(self.link.poll())
        self.app.dirty = True

    def start_online_hand(self, *, as_it_stands: bool = False) -> None:
        """Online, the server is ahead of any table. A hand whose deal is among the
        events not shown yet (the host's Start, a rematch, the next hand dealt by
        anyone) is played back from its deal, as a local table deals: the same sprites,
        timing and sounds. A hand joined in its middle (a rejoin, a reconnect, a
        restart; ``as_it_stands``) is shown as it stands, with no deal. A hand that is
        over is followed by the next: asked for here, its deal comes through the link."""
        link = self.link
        before = link.snapshots
        waiting = list(self.playback.queue)  # already heard (and recorded), not shown
        self.playback.queue.clear()
        new = [e for e in link.poll() if not isinstance(e, (cmd.Refusal, HintGiven))]
        if new:
            for part in self.parts:
                part.moves_applied(new)  # the history records a hand scored meanwhile
        # a snapshot that began another connection (not the link's first) replaces what
        # came before it: the hand is shown as it stands, not from an earlier deal (one
        # the table took in while covered, say by the results, waits in resync_due)
        came_back = as_it_stands or link.snapshots > max(before, 1)
        if self.net is not None:
            came_back = came_back or self.net.resync_due
            self.net.snapshots, self.net.resync_due = link.snapshots, False
        events = waiting + new
        deal = max((i for i, e in enumerate(events) if isinstance(e, SeatDealt)), default=None)
        state = self.state
        self.layout = self._compute_layout()
        if deal is not None and not came_back:
            self.playback.enqueue(events[deal:])
        elif state.in_hand and not state.hand_over:
            self.show_position()
        elif not state.session_over:
            link.send(cmd.NextHand())  # the deal comes through the link (a refusal too)
            self.app.dirty = True
            return
        here = getattr(link, "here", None)
        if here is not None and state.in_hand and not state.hand_over:
            # a hand someone else dealt (or a rematch): tell the room this seat is at the
            # table now, so its turn clock may run
            here(state.hand_number)
        self.app.dirty = True

    def show_position(self) -> None:
        """Show the hand as it stands (no deal animation): a room restored from a save,
        or joined in the middle of a hand. Play goes on from the seat to act."""
        placing.show_position(self)

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
        ready = getattr(self.link, "next_due", None)  # a computer's move waits for the pace
        if ready is not None and self.state.exchange is None and (at := ready(self.pace())) is not None:
            times.append(at - now)
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
        if self.link.pending():
            self.apply_events(self.link.poll())
        if self.playback.run(now) or self.hand_over or not self.state.in_hand:
            return
        if self.auto_pass_at is not None and now >= self.auto_pass_at:
            self.auto_pass_at = None
            if self.awaiting_human:
                self.human_pass()
            return
        self.next_action()

    def next_action(self) -> None:
        """Nothing is left to show: let the seat to act act (a person here gets the
        buttons; a computer, or a person elsewhere, is the room's to wait for)."""
        state = self.state
        if not state.in_hand or state.hand_over:
            return
        if self.waiting_on is not None:
            if self.link.state is self.waiting_on:
                return  # the server has not answered the move yet
            self.waiting_on = None
        if state.exchange is not None:
            self.exchange.step()
            return
        seat = state.to_act
        if seat is not None and seat in state.at_screen and state.is_person(seat):
            self.call_human(seat)
            return
        self.link.tick(self.clock.time, self.pace())
        if self.link.pending():
            self.apply_events(self.link.poll())

    def call_human(self, seat: int) -> None:
        """``seat``'s human acts next: hot-seat hides the hand until they are ready."""
        if self.awaiting_human or self.handover.passes_for(seat):
            return
        if self.handover.needs_screen(seat):
            self.app.push("privacy", self, seat)
            return
        self.begin_human_turn()

    def others_may_look(self, seat: int) -> bool:
        """Whether another human still plays this hand (so ``seat``'s cards are hidden
        between turns). The last human left (the others out, or handed to the computer)
        keeps their hand in view: no hand-over screen after every computer move."""
        state = self.state
        return any(
            s != seat and state.is_person(s) and (not state.in_hand or bool(state.counts[s]))
            for s in state.at_screen
        )

    def send(self, command) -> cmd.Refusal | None:
        """Send ``command`` for the bottom seat; a refusal now (a room here), or None.
        Online the answer comes later: the turn waits for it (see :attr:`waiting_on`)."""
        refusal = self.link.send(command)
        if self.online and refusal is None and not isinstance(command, cmd.Hint):
            self.waiting_on = self.link.state
        return refusal

    def apply_events(self, events) -> None:
        """The room took a move: show the seat's events, tell the parts. Online, a
        refusal (a move the server would not take) and a hint come this way too."""
        if self.online and events:
            events = self.answers(events)
        if not events:
            return
        self.playback.enqueue(events)
        for part in self.parts:
            part.moves_applied(events)
        self.damage_info()

    # Placing sprites -------------------------------------------------------------------------

    def place_hand(self, *, animate: bool) -> None:
        placing.place_hand(self, animate=animate)

    def hand_gaps(self) -> frozenset[int]:
        """Indices of the bottom hand's cards that start a group (arranged by combinations)."""
        return frozenset(i for i in range(len(self.hand.cards)) if self.hand.starts_group(i))

    def place_all(self) -> None:
        """After a resize: every sprite straight to its new place and size."""
        placing.place_all(self)

    # Human turns ---------------------------------------------------------------------------------

    def begin_human_turn(self) -> None:
        state = self.state
        if state.exchange is not None:
            self.exchange.begin_give_back()
            return
        self.awaiting_human = True
        if not self.hand_visible:  # the person who has the computer again: no hand-over
            self.hand_visible = True
            self.place_hand(animate=False)
        self.handover.turn_begun(self.viewer)
        note = self.exchange.note(self.viewer) if self.hot_seat else None
        if note:
            self.say(note, 4.0, (235, 225, 180))
        if seatrules.nothing_beats(state):
            if self.app.settings.auto_pass:
                self.say(vocab.later(lambda: _("Nothing you hold beats this: passing.")), 1.2, routine=True)
                self.auto_pass_at = self.clock.time + 0.9 * max(self.anim, 0.3)
            else:
                self.say(vocab.later(lambda: _("Nothing you hold beats this: press Pass (P).")), 4.0, routine=True)
        self.refresh_buttons()
        self.damage_info()

    def reveal_for(self, seat: int) -> None:
        """After the privacy screen: ``seat`` sits at the bottom and sees their hand."""
        if seat != self.viewer:
            self.orders[self.viewer] = list(self.hand.cards)
            for c in self.hand.cards:
                self.sprites.pop(c, None)
            self.link.view_as(seat)
            self.hand.set_cards(self.state.hand)
            kept = self.orders.get(seat)
            if kept and set(kept) >= set(self.hand.cards):
                self.hand.cards = [c for c in kept if c in set(self.hand.cards)]
        self.hand_visible = True
        self.place_hand(animate=False)
        self.place_all()
        self.begin_human_turn()

    def open_pause(self) -> None:
        self.app.push("pause", self)

    def say(self, text: str, seconds: float = 3.0, colour: tuple[int, int, int] = (255, 255, 255), *,
            routine: bool = False) -> None:
        """Show ``text`` in the table's message line for ``seconds`` (a
        :func:`~big2.app.vocab.later` line is worded anew in another language; any
        other is dropped when the language changes). A ``routine`` line
        (what the table says by itself at every turn: "nothing beats this") never hides
        a sentence still showing that was said for a reason — a refusal, a person away
        or back —; it is simply not said then."""
        now = self.clock.time
        if routine and self.message is not None and not self.message_routine and now < self.message[1]:
            return
        self.message = (text, now + seconds, colour)
        self.message_routine = routine
        self.message_language = i18n.current().code
        self.damage_info()

    def selection(self) -> CardSet:
        return CardSet(self.hand.selected)

    def check_selection(self) -> str | None:
        """None when the selection is a legal play now; else the engine's reason."""
        if not self.awaiting_human or not self.state.in_hand:
            return _("Wait for your turn.")
        if self.exchange.giving_back is not None:
            return self.exchange.give_back_reason()
        why = seatrules.check_play(self.state, self.selection())
        return None if why is None else vocab.render_at(self.state, why)

    def refresh_buttons(self) -> None:
        if not self.buttons:
            return
        mine = self.awaiting_human and not self.hand_over
        giving = self.exchange.giving_back is not None
        reason = self.check_selection() if mine else _("Wait for your turn.")
        self.play_reason = reason or ""
        buttonrow.refresh_row(self.buttons, getattr(self, "short_labels", False), mine=mine, giving=giving,
                              play=mine and reason is None,
                              can_pass=mine and not giving and self.state.in_hand and not self.state.leading,
                              sort=self.hand_visible and bool(self.hand.cards))
        for part in self.parts:
            part.refresh()

    def pass_reason(self) -> str | None:
        """None when Pass may be pressed now; else why not, in a sentence."""
        if not self.awaiting_human or self.hand_over or not self.state.in_hand:
            return _("Wait for your turn.")
        if self.exchange.giving_back is not None:
            return _("First give a card back: choose one and press Give back (Enter).")
        if self.state.leading:
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
        if self.online and (reason := self.check_selection()) is not None:
            # said here, as a local room says it: the turn stays this seat's (a server's
            # answer would come a round trip later)
            self.say(reason, 4.0, (255, 150, 140))
            return False
        refusal = self.send(cmd.Play(tuple(self.selection())))
        if refusal is not None:
            self.say(vocab.later(lambda m=refusal.message: vocab.render_at(self.state, m)), 4.0, (255, 150, 140))
            return False
        self.end_human_turn()
        return True

    def human_pass(self) -> bool:
        if not self.awaiting_human:
            return False
        if self.exchange.giving_back is not None:
            self.say(_("First give a card back: choose one and press Give back (Enter)."), 4.0, (255, 150, 140))
            return False
        refusal = self.send(cmd.Pass())
        if refusal is not None:
            self.say(vocab.later(lambda m=refusal.message: vocab.render_at(self.state, m)), 4.0, (255, 150, 140))
            return False
        self.hand.clear_selection()
        self.place_hand(animate=True)
        self.end_human_turn()
        return True

    def end_human_turn(self, *, keep_visible: bool = False) -> None:
        """The bottom human has moved; ``keep_visible`` when they are also the next to act."""
        self.awaiting_human = False
        self.auto_pass_at = None
        self.message = None
        if self.hot_seat and not keep_visible and self.others_may_look(self.viewer):
            # the next person may already be looking: the hand turns face down at once
            # (the cards just played turn up again as they fly to the centre)
            self.hand_visible = False
            self.place_hand(animate=False)
        self.apply_events(self.link.poll())
        self.refresh_buttons()

    def answers(self, events) -> list:
        """Online: the refusals and hints taken out of ``events`` (see :mod:`.answers`)."""
        return replies.answers(self, events)

    def show_hint(self) -> None:
        if not self.awaiting_human:
            return
        if self.exchange.giving_back is not None:
            self.exchange.hint_give_back()
            return
        self.link.send(cmd.Hint())
        if self.online:
            return  # the hint comes with the link's next poll (see answers)
        hints = [e for e in self.link.poll() if isinstance(e, HintGiven)]
        if hints:
            self.take_hint(hints[-1])

    def take_hint(self, hint: HintGiven) -> None:
        """Show the room's suggestion: its cards lifted, its reason said."""
        replies.take_hint(self, hint)

    def sort_hand(self) -> None:
        mode = self.hand.toggle_sort()
        self.place_hand(animate=True)
        self.say(_("Sorted by rank.") if mode == "rank" else _("Sorted by suit.") if mode == "suit" else _("Sorted into combinations."), 1.2, (220, 220, 220))

    def hand_seat_to_computer(self) -> None:
        """The bottom human's seat is played by the computer for the rest of the hand."""
        seat = self.viewer
        refusal = self.send(cmd.HandToComputer())
        if refusal is not None:
            self.say(vocab.render_at(self.state, refusal.message), 3.0, (255, 150, 140))
            return
        self.apply_events(self.link.poll())
        self.awaiting_human = False
        self.auto_pass_at = None
        self.exchange.giving_back = None
        self.hand.clear_selection()
        self.place_hand(animate=True)
        self.say(vocab.about(self.state, seat, _("The computer plays for you until the hand ends."),
                             _("The computer plays for {name} until the hand ends.")), 3.0)
        self.refresh_buttons()

    # Input and drawing go to their parts -----------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        return any(part.handle(event) for part in self.parts)

    def draw(self, surf: pygame.Surface) -> None:
        self.view.paint(surf)

    def notice_area(self) -> pygame.Rect:
        """Free felt for a notice (see :func:`~big2.app.table.notice.notice_area`)."""
        return notice_area(self.layout, self.app.size)

    def damage_info(self) -> None:
        """Mark every text and marker area for redrawing (after an event or message)."""
        self.view.damage_info()

    def dirty_rects(self) -> list[pygame.Rect] | None:
        return self.view.dirty_rects()
