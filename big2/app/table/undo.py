"""Undo at the table: Ctrl+Z, U, the Undo button and the pause menu's Undo.

A part of :class:`~big2.app.table.scene.TableScene`. When the person at the bottom
is about to decide it keeps a snapshot (:func:`big2.app.undo.snapshot`) with what the
table shows; once they have moved the snapshot goes on the match's undo stack. Undo
takes the latest one back: the engine position, the computers' generators, and the
board as it was (the trick, the log, the hand in the player's order); any computer
search under way is dropped, and the autosave follows.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import pygame
import pygame_gui

from big2.engine.events import TurnStarted

from ... import i18n
from ...i18n import _, ngettext
from .. import storage
from ..ui.sprites import CardSprite
from ..undo import Snapshot, allowed, snapshot
from .part import TablePart


@dataclass(frozen=True, slots=True)
class Board:
    """What the table showed when a snapshot was taken."""

    trick: tuple[tuple[int, tuple[int, ...]], ...]
    owner: int | None
    badges: tuple[tuple[int, str], ...]
    log: tuple[tuple[str, tuple[int, int, int]], ...]
    order: tuple[int, ...]


class UndoPart(TablePart):
    """Keeps the person's decisions and takes them back."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.pending: Snapshot | None = None
        self.button: pygame_gui.elements.UIButton | None = None

    def hand_started(self) -> None:
        self.pending = None

    def build_ui(self) -> None:
        t = self.table
        lay = t.layout
        box = lay.extra_button  # beside Sort, at the outer end of the row
        self.button = None
        if not allowed(t.match):
            return
        self.button = t.button(box.as_tuple(), _("Undo (U)") if box.w >= 100 else _("Undo"), tooltip=_("Take your last move back, and the computers' replies (Ctrl+Z)"))

    def refresh(self) -> None:
        t = self.table
        game = t.game
        if (t.awaiting_human and game is not None and not game.is_over and game.exchange is None
                and game.to_act == t.viewer and t.match.is_human(t.viewer)):
            if self.pending is None or len(self.pending.game.history) != len(game.history):
                self.pending = snapshot(t.match, t.viewer, self._board())
        if self.button is not None:
            (self.button.enable if self.can_undo() else self.button.disable)()

    def moves_applied(self, events) -> None:
        t = self.table
        snap, self.pending = self.pending, None
        game = t.game
        if snap is None or game is None:
            return
        made = game.history[len(snap.game.history):]
        if made and made[0][0] == snap.seat and t.match.is_human(snap.seat):
            t.match.undo.push(snap)
        if self.button is not None:
            (self.button.enable if self.can_undo() else self.button.disable)()

    def can_undo(self) -> bool:
        t = self.table
        return not t.hand_over and t.match.undo.can_undo(t.match)

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
        m = t.match
        if not allowed(m):
            t.say(_("Undo is off at this table: New game can turn it on for several people."), 3.5, (255, 150, 140))
            return False
        if not self.can_undo():
            t.say(_("There is no move of yours to take back in this hand."), 3.0, (255, 150, 140))
            return False
        snap = m.undo.undo(m)
        assert snap is not None
        self.pending = None
        self.show(snap)
        storage.after_move(t)
        return True

    def show(self, snap: Snapshot) -> None:
        """Put the board of ``snap`` back on the table and give the turn to its seat."""
        t = self.table
        game = t.game
        board: Board | None = snap.board
        t.computers.future = None  # a reply being searched belongs to the undone line
        t.auto_pass_at = None
        t.awaiting_human = False
        t.playback.queue.clear()
        t.playback.busy_until = t.clock.time
        t.clock.cancel_all()
        t.tweens.finish_all()
        t.sweeping.clear()
        t.flying.clear()
        t.revealed.clear()
        t.sprites.clear()
        t.counts = list(game.card_counts)
        t.hand.set_cards(game.hand(t.viewer))
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
        lay = t.layout
        for layer, (_seat, cards) in enumerate(t.trick):
            for c, (x, y) in zip(cards, lay.trick_positions(len(cards), layer)):
                t.sprites[c] = CardSprite(c, x, y, lay.card_w, lay.card_h)
        if t.match.hot_seat:
            t.hand_visible = False  # the privacy screen shows it to the seat to act
        t.place_hand(animate=False)
        steps = len(t.match.undo)
        if steps:
            said = ngettext("Move taken back ({n} more step back).", "Move taken back ({n} more steps back).", steps).format(
                n=i18n.current().number(steps))
        else:
            said = _("Move taken back.")
        t.say(said, 2.5, (200, 235, 255))
        t.playback.queue.append(TurnStarted(game.to_act, game.leading))
        t.refresh_buttons()
        t.damage_info()
        t.app.dirty = True
