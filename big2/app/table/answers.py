"""The room's answers to the bottom seat: a hint taken (its cards lifted, its reason
said), and online the refusals and hints that come back through the link, a round trip
after the command (a room here answers at once)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from big2.engine.combos import PASS, move_cards
from big2.room import commands as cmd
from big2.room.events import HintGiven

from big2.app import vocab

if TYPE_CHECKING:
    from big2.app.table.part import Table


def take_hint(t: Table, hint: HintGiven) -> None:
    """Show the room's suggestion: its cards lifted, its reason said."""
    if hint.move != PASS:
        t.hand.select_only(move_cards(hint.move))
        t.place_hand(animate=True)
    t.say(vocab.later(lambda: vocab.render_at(t.state, hint.why)), 5.0, (200, 235, 255))
    t.refresh_buttons()


def answers(t: Table, events: Any) -> list[Any]:
    """Online: take the server's refusals (say why; the turn is offered again) and
    hints (shown now) out of ``events``; the rest is for the playback."""
    rest = []
    for event in events:
        if isinstance(event, cmd.Refusal):
            t.waiting_on = None
            t.awaiting_human = False  # offered again, with the same cards
            t.say(vocab.render_at(t.state, event.message), 4.0, (255, 150, 140))
            t.refresh_buttons()
        elif isinstance(event, HintGiven):
            if t.awaiting_human:
                take_hint(t, event)
        else:
            rest.append(event)
    return rest


__all__ = ["answers", "take_hint"]
