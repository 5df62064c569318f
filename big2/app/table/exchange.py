"""The three-player exchange at the table: the loser's highest card goes to the winner,
who gives one card back before anyone plays.

A part of :class:`~big2.app.table.scene.TableScene` with its own state (who is
giving a card back, which hot-seat people were told what they got). The room moves the
loser's card when it deals and then waits for the winner's
:class:`~big2.room.commands.GiveBack`. The table shows the deal as dealt, then the card
crossing (:class:`~big2.room.events.SeatExchangeStarted`), then the winner's choice: a
computer gives a card back after a short beat (the room's); a person picks one card in
their hand (the suggestion already lifted) and presses Give back or Enter. Card names
are only shown to the person whose cards they are; the room sends them to no one else.
"""

from __future__ import annotations

from big2.engine.cards import format_card
from big2.room import commands as cmd
from big2.room.events import SeatExchanged, SeatExchangeStarted

from big2.i18n import _
from big2.app import vocab
from big2.app.ui.sprites import CardSprite
from big2.app.table.part import TablePart

PROMPT_SECONDS = 1e9  # the prompt stays until the card is given back
NOTE = (235, 225, 180)


def _card(c: int) -> str:
    return format_card(c, symbols=True)


class ExchangeTurn(TablePart):
    """The exchange's animations and the winner's give-back."""

    def __init__(self, table) -> None:
        super().__init__(table)
        #: The bottom seat while its human chooses a card to give back, else None.
        self.giving_back: int | None = None
        #: Hot-seat people already told what the exchange gave them.
        self.told: set[int] = set()

    def hand_started(self) -> None:
        self.giving_back = None
        self.told.clear()

    def deadline(self) -> float | None:
        link = self.table.link
        due = getattr(link, "next_due", None)
        return due(self.pace()) if due is not None and self.table.state.exchange is not None else None

    def pace(self) -> float:
        """The beat before a computer winner gives its card back."""
        return max(self.app.settings.pace_delay, 0.6 * self.table.anim)

    def note(self, seat: int) -> str | None:
        """Once, for a hot-seat person who lost the exchange: what they got for what."""
        t = self.table
        done = t.state.exchanged
        if done is None or seat in self.told or done[0] != seat or done[2] is None or done[3] is None:
            return None
        self.told.add(seat)
        return _("{name} gave you {card} for your {given}.").format(
            name=vocab.seat_name(t.state, done[1]), card=_card(done[3]), given=_card(done[2]))

    # Who sees what ------------------------------------------------------------------------

    def sees_own(self, seat: int) -> bool:
        """Whether the screen may name ``seat``'s cards: it is the bottom seat, face up,
        and no other human shares the screen."""
        t = self.table
        return seat == t.viewer and t.hand_visible and t.state.is_person(seat)

    def _you(self, seat: int) -> bool:
        t = self.table
        return seat == t.viewer and t.state.is_person(seat) and not t.hot_seat

    # Animations -------------------------------------------------------------------------

    def fly_card(self, card: int | None, src: int, dst: int, *, face_up: bool) -> float:
        """Move one card from ``src``'s seat to ``dst``'s (``card`` None: one this screen
        may not know, face down); returns the flight's length."""
        t = self.table
        if card is None:
            card, face_up = -1, False
        a = t.anim
        lay = t.layout
        dur = 0.5 * a
        ps, pd = t.pos_of(src), t.pos_of(dst)
        if ps == 0:
            spr = t.sprites.pop(card, None)
            if card in t.hand.cards:
                t.hand.remove([card])
            if spr is None:
                x, y = lay.seats[0].origin
                spr = CardSprite(card, x - lay.card_w / 2, y - lay.card_h / 2, lay.card_w, lay.card_h)
            t.place_hand(animate=True)
        else:
            x, y = lay.seats[ps].origin
            spr = CardSprite(card, x - lay.small_w / 2, y - lay.small_h / 2, lay.small_w, lay.small_h)
            spr.base = (lay.card_w, lay.card_h)
        t.counts[src] = max(0, t.counts[src] - 1)
        t.tweens.cancel(spr)
        spr.face_up = face_up
        if pd == 0:
            # into the bottom hand: the hand makes room and the card slides into its slot
            t.sprites[card] = spr
            t.hand.cards.append(card)
            t.hand.sort()
            t.counts[dst] += 1
            t.place_hand(animate=True)  # the others make room; this one takes its time
            i = t.hand.cards.index(card)
            x, y = lay.hand_positions(len(t.hand.cards), t.hand_gaps())[i]
            t.tweens.to(spr, dur, ease="in_out_cubic", x=x, y=y, w=lay.card_w, h=lay.card_h)
            return dur
        fan = lay.seats[pd].fan
        t.flying.append(spr)

        def arrive() -> None:
            if spr in t.flying:
                t.flying.remove(spr)
            t.counts[dst] += 1

        t.tweens.to(
            spr, dur, ease="in_out_cubic", x=fan.center[0] - lay.small_w / 2, y=fan.center[1] - lay.small_h / 2,
            w=lay.small_w, h=lay.small_h, on_done=arrive,
        )
        return dur

    def show_handover(self, event: SeatExchangeStarted) -> float:
        """The loser's highest card goes to the winner (the engine moved it at the deal)."""
        t = self.table
        loser, winner, card = event.loser, event.winner, event.card
        t.turn = winner
        t.owner = None
        t.playback.announce_leader = True
        dur = self.fly_card(card, loser, winner, face_up=self.sees_own(loser) or self.sees_own(winner))
        if self._you(loser):
            line = vocab.later(lambda: _("You give {card} to {name}").format(card=_card(card), name=vocab.seat_name(t.state, winner)))
        elif self._you(winner):
            line = vocab.later(lambda: _("{name} gives you {card}").format(card=_card(card), name=vocab.seat_name(t.state, loser)))
        else:
            line = vocab.later(lambda: _("{name} gives {other} their top card").format(name=vocab.seat_name(t.state, loser),
                                                                                        other=vocab.seat_name(t.state, winner)))
        t.log.append((line, NOTE))
        if self.sees_own(loser):
            t.say(_("Your highest card, {card}, goes to {name}, who gives you a card back.").format(
                card=_card(card), name=vocab.seat_name(t.state, winner)), 3.0, NOTE)
        self.app.sounds.play("deal")
        return dur + 0.35 * t.anim

    def show_exchange(self, event: SeatExchanged) -> float:
        """The winner's card goes back to the loser; the first turn follows."""
        t = self.table
        loser, winner, card = event.loser, event.winner, event.returned
        winner_name = vocab.seat_name(t.state, winner)
        dur = self.fly_card(card, winner, loser, face_up=self.sees_own(loser) or self.sees_own(winner))
        if self._you(winner):
            line = vocab.later(lambda: _("You give {card} back to {name}").format(card=_card(card), name=vocab.seat_name(t.state, loser)))
        elif self._you(loser):
            line = vocab.later(lambda: _("{name} gives you {card} back").format(card=_card(card), name=vocab.seat_name(t.state, winner)))
        else:
            line = vocab.later(lambda: _("{name} gives {other} a card back").format(name=vocab.seat_name(t.state, winner),
                                                                                   other=vocab.seat_name(t.state, loser)))
        t.log.append((line, NOTE))
        if self.sees_own(loser) and card is not None and event.given is not None:
            self.told.add(loser)
            t.say(_("{name} gave you {card} for your {given}.").format(name=winner_name, card=_card(card), given=_card(event.given)), 3.5, NOTE)
        t.turn = None
        self.app.sounds.play("deal")
        return dur + 0.25 * t.anim

    # The winner's choice ------------------------------------------------------------------

    def step(self) -> None:
        """The table is idle while the exchange waits: let the winner give a card back."""
        t = self.table
        loser, winner = t.state.exchange
        if t.turn != winner:
            t.turn = winner
            t.damage_info()
        if t.state.is_person(winner) and winner in t.state.at_screen:
            t.call_human(winner)
            return
        t.link.tick(t.clock.time, t.pace(), self.pace())
        if t.link.pending():
            t.apply_events(t.link.poll())

    def begin_give_back(self) -> None:
        """The bottom human chooses a card to give back; the engine's suggestion is lifted."""
        t = self.table
        state = t.state
        loser, winner = state.exchange
        t.awaiting_human = True
        self.giving_back = winner
        t.hand_visible = True
        t.place_hand(animate=False)
        suggestion = state.give_back_hint
        if suggestion is not None:
            t.hand.select_only([suggestion])
            if suggestion in t.hand.cards:
                t.hand.focus = t.hand.cards.index(suggestion)
        t.place_hand(animate=True)
        card = state.exchange_card
        if card is not None:
            got = _("You received {card} from {name}").format(card=_card(card), name=vocab.seat_name(t.state, loser))
        else:
            got = _("You won the last hand")
        if suggestion is not None:
            t.say(_("{got} — choose a card to give back ({card} is suggested).").format(got=got, card=_card(suggestion)), PROMPT_SECONDS, (255, 236, 170))
        t.refresh_buttons()
        t.damage_info()

    def give_back_reason(self) -> str | None:
        """None when the selection is one card that may be given back; else why not."""
        t = self.table
        loser = t.state.exchange[0] if t.state.exchange else None
        if len(t.hand.selected) != 1:
            if loser is None:
                return _("Choose one card to give back.")
            return _("Choose one card to give back to {name}.").format(name=vocab.seat_name(t.state, loser))
        return None

    def human_give_back(self) -> bool:
        """Give the selected card back; a wrong selection is refused with the reason."""
        t = self.table
        if self.giving_back is None:
            return False
        reason = self.give_back_reason()
        if reason is not None:
            t.say(reason, 4.0, (255, 150, 140))
            return False
        (card,) = t.hand.selected
        refusal = t.send(cmd.GiveBack(card))
        if refusal is not None:
            t.say(vocab.render_at(t.state, refusal.message), 4.0, (255, 150, 140))
            return False
        self.giving_back = None
        t.hand.clear_selection()
        # nobody else has looked in between when the giver also leads
        t.end_human_turn(keep_visible=t.state.to_act == t.viewer)
        return True

    def hint_give_back(self) -> None:
        t = self.table
        card = t.state.give_back_hint
        if card is None:
            return
        alone = sum(1 for c in t.state.hand if c // 4 == card // 4) == 1
        why = _("your lowest card that is not part of a pair") if alone else _("your lowest card")
        t.hand.select_only([card])
        t.place_hand(animate=True)
        t.say(_("Give back {card}: {why}.").format(card=_card(card), why=why), 5.0, (200, 235, 255))
        t.refresh_buttons()
