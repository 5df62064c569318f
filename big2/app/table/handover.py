"""Hot-seat hand-overs: when the computer must pass to another person, and when not.

A part of :class:`~big2.app.table.scene.TableScene`. With several people at one screen
the privacy screen ("Pass the computer to Bo") hides every hand between people. It is
shown only when the computer really changes hands:

- :attr:`HandOverPart.looking` is the person who has the computer now and has seen
  their hand since it was last handed over (None at a new hand or a resumed one). When
  the next person to act is that person, their hand simply turns face up again: no
  hand-over to the person who already has it.
- With Automatic pass on, a person who cannot beat the table is passed for without
  handing them the computer (they would only watch their pass): the table says so, and
  whoever has the computer keeps it.
"""

from __future__ import annotations

from big2.room import commands as cmd
from big2.room import seatrules

from big2.i18n import _
from big2.app import vocab
from big2.app.table.part import TablePart


class HandOverPart(TablePart):
    """Decides the privacy screens of a hot-seat table and passes for absent people."""

    def __init__(self, table) -> None:
        super().__init__(table)
        #: The person who has the computer and has seen their hand since the last hand-over.
        self.looking: int | None = None
        #: A person passed for automatically (without a hand-over), and when.
        self.passing: int | None = None
        self.pass_at: float | None = None

    def hand_started(self) -> None:
        self.looking = None
        self.passing = self.pass_at = None

    def turn_begun(self, seat: int) -> None:
        """``seat``'s person sees their hand and acts: they have the computer now."""
        self.looking = seat

    def needs_screen(self, seat: int) -> bool:
        """Whether the computer must be handed to ``seat``'s person (the privacy screen)
        before they act."""
        t = self.table
        if not t.hot_seat:
            return False
        if seat != t.viewer:
            return True
        return not t.hand_visible and self.looking != seat and t.others_may_look(seat)

    def passes_for(self, seat: int) -> bool:
        """Pass for ``seat``'s person without handing them the computer when Automatic
        pass is on and nothing they hold beats the table; True while that pass is under
        way (the caller then waits)."""
        t = self.table
        if self.passing == seat:
            return True
        if not (t.hot_seat and seat != t.viewer and t.app.settings.auto_pass):
            return False
        if not seatrules.nothing_beats(t.link.state_of(seat)):
            return False
        self.passing = seat
        self.pass_at = t.clock.time + 0.9 * max(t.anim, 0.3)
        t.say(_("Nothing {name} holds beats this: passing for them.").format(name=vocab.seat_name(t.state, seat)),
              1.2, routine=True)
        return True

    def deadline(self) -> float | None:
        return self.pass_at

    def update(self, now: float) -> None:
        if self.pass_at is None or now < self.pass_at:
            return
        t = self.table
        seat, self.passing, self.pass_at = self.passing, None, None
        if seat is None or t.hand_over or t.state.to_act != seat:
            return  # the hand moved on (an undo, the hand ended): nothing to pass
        refusal = t.link.send_as(seat, cmd.Pass())
        if refusal is not None:
            t.say(vocab.render_at(t.state, refusal.message), 4.0, (255, 150, 140))
            return
        t.apply_events(t.link.poll())
        t.refresh_buttons()
