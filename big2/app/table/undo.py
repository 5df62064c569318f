"""Undo at the table: Ctrl+Z, U, the Undo button and the pause menu's Undo.

A part of :class:`~big2.app.table.scene.TableScene`. The room keeps the positions
(:mod:`big2.room.undo`); this part keeps what the table showed at each of the person's
decisions (the trick, the log, the hand in the player's order), keyed by how many moves
the hand had then. Undo sends the room :class:`~big2.room.commands.Undo`; when its
:class:`~big2.room.events.MoveUndone` is played back, the board of that decision is put
back (or, if this table never showed it, rebuilt from the seat's snapshot).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import pygame
import pygame_gui

from big2.engine.combos import move_cards
from big2.room import commands as cmd
from big2.room.events import MoveUndone, TurnStarted

from big2 import i18n
from big2.i18n import _, ngettext, pgettext
from big2.app import vocab
from big2.app.ui.sprites import CardSprite
from big2.app.table.part import TablePart


@dataclass(frozen=True, slots=True)
class Board:
    """What the table showed when a snapshot was taken."""

    trick: tuple[tuple[int, tuple[int, ...]], ...]
    owner: int | None
    badges: tuple[tuple[int, str], ...]
    log: tuple[tuple[str, tuple[int, int, int]], ...]
    order: tuple[int, ...]


class UndoPart(TablePart):
    """Keeps the board at the person's decisions and takes moves back."""

    #: Boards kept per hand (a hand has at most a few dozen of a person's decisions).
    KEEP = 200

    def __init__(self, table) -> None:
        super().__init__(table)
        #: The board at each decision of a person here, by the hand's move count then.
        self.boards: dict[int, Board] = {}
        self.button: pygame_gui.elements.UIButton | None = None

    def hand_started(self) -> None:
        self.boards.clear()

    def build_ui(self) -> None:
        t = self.table
        lay = t.layout
        box = lay.extra_button  # beside Sort, at the outer end of the row
        self.button = None
        if not t.state.undo_allowed or t.online:
            return
        self.button = t.button(box.as_tuple(), _("Undo (U)") if box.w >= 100 and not getattr(t, "short_labels", False) else _("Undo"), tooltip=_("Take your last move back, and the computers' replies (Ctrl+Z)"))

    def refresh(self) -> None:
        t = self.table
        state = t.state
        if t.awaiting_human and state.my_turn and state.exchange is None and state.is_person(t.viewer):
            moves = len(state.history)
            if moves not in self.boards:
                self.boards[moves] = self._board()
                while len(self.boards) > self.KEEP:
                    del self.boards[min(self.boards)]
        if self.button is not None:
            (self.button.enable if self.can_undo() else self.button.disable)()

    def moves_applied(self, events) -> None:
        if self.button is not None:
            (self.button.enable if self.can_undo() else self.button.disable)()

    def can_undo(self) -> bool:
        t = self.table
        return not t.hand_over and t.state.undo_steps > 0 and not t.online

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self.button is not None and event.ui_element is self.button:
            self.undo()
            return True
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_u or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)
        ):
            self.undo()
            return True
        return False

    def _board(self) -> Board:
        t = self.table
        return Board(
            trick=tuple((s, tuple(c)) for s, c in t.trick), owner=t.owner,
            badges=tuple(t.badges.items()), log=tuple(t.log), order=tuple(t.hand.cards),
        )

    def undo(self) -> bool:
        """Take the table back to the person's previous decision; False (with a
        sentence) when there is none."""
        t = self.table
        if t.online:
            t.say(_("There is no undo in a game online."), 3.0, (255, 150, 140))
            return False
        if not t.state.undo_allowed:
            t.say(_("Undo is off at this table: New game can turn it on for several people."), 3.5, (255, 150, 140))
            return False
        if not self.can_undo() and not t.hot_seat:
            t.say(_("There is no move of yours to take back in this hand."), 3.0, (255, 150, 140))
            return False
        # hot-seat: the room says whose move it is when it is not this person's
        refusal = t.link.send(cmd.Undo())
        if refusal is not None:
            t.say(vocab.render_at(t.state, refusal.message), 3.0, (255, 150, 140))
            return False
        # shown at once: whatever was still to be played back belongs to the undone line
        t.playback.queue.clear()
        for event in t.link.poll():
            if isinstance(event, MoveUndone):
                self.show(event)
        return True

    def show(self, event: MoveUndone) -> float:
        """Put the board of the decision ``event`` went back to on the table and give
        the turn to its seat."""
        t = self.table
        state = t.state
        board = self.boards.get(event.moves)
        for moves in [m for m in self.boards if m > event.moves]:
            del self.boards[moves]
        t.auto_pass_at = None
        t.handover.passing = t.handover.pass_at = None
        t.awaiting_human = False
        t.playback.queue.clear()
        t.playback.busy_until = t.clock.time
        t.clock.cancel_all()
        t.tweens.finish_all()
        t.sweeping.clear()
        t.flying.clear()
        t.revealed.clear()
        t.sprites.clear()
        t.counts = list(state.counts)
        t.hand.set_cards(state.hand)
        t.trick = []
        t.badges = {}
        t.owner = None
        if board is not None:
            if t.hand.sort_mode != "combinations" and set(board.order) == set(t.hand.cards):
                t.hand.cards = list(board.order)
            t.trick = [(s, list(c)) for s, c in board.trick]
            t.owner = board.owner
            t.badges = dict(board.badges)
            t.log = deque(board.log, maxlen=t.log.maxlen)
        else:  # a decision this table did not show: the trick from the snapshot
            from big2.app.table.playback import reading_order

            t.trick = [(s, reading_order(list(move_cards(m)), state.rules)) for s, m in state.trick_plays]
            t.owner = t.trick[-1][0] if t.trick else None
            t.badges = {s: pgettext("badge", "Pass") for s in state.passed}
        lay = t.layout
        for layer, (_seat, cards) in enumerate(t.trick):
            for c, (x, y) in zip(cards, lay.trick_positions(len(cards), layer)):
                t.sprites[c] = CardSprite(c, x, y, lay.card_w, lay.card_h)
        if t.hot_seat:
            t.hand_visible = False  # the privacy screen shows it to the seat to act
        t.place_hand(animate=False)
        said = self.said(event)
        t.say(said, 2.5, (200, 235, 255))
        if state.to_act is not None:
            t.playback.queue.append(TurnStarted(state.to_act, state.leading))
        t.refresh_buttons()
        t.damage_info()
        t.app.dirty = True
        return 0.0

    def said(self, event: MoveUndone) -> str:
        """The sentence for a move taken back: alone against computers "Move taken
        back."; with several people it names who took which move back."""
        state = self.table.state
        steps = event.steps_left
        n = i18n.current().number(steps)
        if vocab.alone(state, event.seat):
            if steps:
                return ngettext("Move taken back ({n} more step back).", "Move taken back ({n} more steps back).", steps).format(n=n)
            return _("Move taken back.")
        name = vocab.seat_name(state, event.seat)
        if steps:
            return ngettext("{name} took a move back ({n} more step back).", "{name} took a move back ({n} more steps back).",
                            steps).format(name=name, n=n)
        return _("{name} took a move back.").format(name=name)
