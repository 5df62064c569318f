"""The board's cards put in their places: the bottom hand (at once or gliding), every
sprite after a resize, and a hand shown as it stands, with no deal (a room restored from
a save, or a hand joined or rejoined in its middle; play goes on from the seat to act)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from big2.engine.combos import move_cards
from big2.room.events import TurnStarted

from big2 import i18n
from big2.i18n import _, pgettext
from big2.app import vocab
from big2.app.ui.sprites import CardSprite
from big2.app.table.log import KEEP as LOG_KEEP
from big2.app.table.playback import reading_order, recent_lines

if TYPE_CHECKING:
    from big2.app.table.part import Table


def place_hand(t: Table, *, animate: bool) -> None:
    """The bottom hand's sprites to their places (made where missing), the selected
    cards lifted; ``animate``: gliding there. A card being dragged stays with the mouse."""
    lay = t.layout
    positions = lay.hand_positions(len(t.hand.cards), t.hand_gaps())
    d = 0.16 * t.anim if animate else 0
    dragging = t.input.dragging()
    for i, c in enumerate(t.hand.cards):
        spr = t.sprites.get(c)
        if spr is None:
            x, y = positions[i]
            spr = t.sprites[c] = CardSprite(c, x, y, lay.card_w, lay.card_h, face_up=t.hand_visible)
        spr.face_up = t.hand_visible
        if c == dragging:
            continue
        x, y = positions[i]
        if c in t.hand.selected:
            y -= lay.lift
        spr.base = (lay.card_w, lay.card_h)
        if d > 0:
            t.tweens.to(spr, d, ease="out_cubic", x=x, y=y, w=lay.card_w, h=lay.card_h)
        else:
            t.tweens.cancel(spr)
            spr.x, spr.y, spr.w, spr.h = x, y, lay.card_w, lay.card_h


def place_all(t: Table) -> None:
    """After a resize: every sprite straight to its new place and size."""
    lay = t.layout
    t.place_hand(animate=False)
    for layer, (_seat, cards) in enumerate(t.trick):
        for c, (x, y) in zip(cards, lay.trick_positions(len(cards), layer)):
            spr = t.sprites.get(c)
            if spr is not None:
                spr.x, spr.y, spr.w, spr.h = x, y, lay.card_w, lay.card_h
                spr.base = (lay.card_w, lay.card_h)
    t.sweeping.clear()
    t.flying.clear()


def show_position(t: Table) -> None:
    """Put the table's board as the seat's state has it: the counts, the bottom hand,
    the trick's plays, who passed, a line in the log (and online the hand's public log),
    and the turn of the seat to act queued."""
    state = t.state
    rules = state.rules
    t.playback.queue.clear()
    t.tweens.finish_all()
    lay = t.layout
    t.counts = list(state.counts)
    t.hand.set_cards(state.hand)
    t.sprites.clear()
    t.flying.clear()
    for layer, (seat, move) in enumerate(state.trick_plays):
        cards = reading_order(list(move_cards(move)), rules)
        for c, (x, y) in zip(cards, lay.trick_positions(len(cards), layer)):
            t.sprites[c] = CardSprite(c, x, y, lay.card_w, lay.card_h)
        t.trick.append((seat, cards))
        t.owner = seat
    for s in state.passed:
        t.badges[s] = pgettext("badge", "Pass")
    t.place_hand(animate=False)
    n = state.hand_number or len(state.results) + 1
    if t.online and not state.history:  # online, a hand is joined as it is dealt
        t.log.append((vocab.later(lambda: _("Hand {number} is dealt").format(number=i18n.current().number(n))), (235, 225, 180)))
    elif t.online and not getattr(t.link, "taking_back", True) and getattr(t.link, "snapshots", 0) <= 1:
        # a newcomer in a seat opened to a person: the hand was never theirs before
        t.log.append((vocab.later(lambda: _("You join hand {number} as it stands").format(number=i18n.current().number(n))),
                      (235, 225, 180)))
    else:
        t.log.append((vocab.later(lambda: _("Hand {number} resumed where it stopped").format(number=i18n.current().number(n))), (235, 225, 180)))
    # online the snapshot carries the hand's public log: all of it, so a rejoin or a
    # reconnect shows what happened meanwhile (the computer's moves for this seat too)
    t.log.extend(recent_lines(state, LOG_KEEP if t.online else 3))
    if state.to_act is not None:
        t.playback.queue.append(TurnStarted(state.to_act, state.leading))
    t.link.poll()  # nothing new: the position is the state
    t.app.dirty = True


__all__ = ["place_all", "place_hand", "show_position"]
