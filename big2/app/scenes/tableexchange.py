"""The three-player exchange at the table: the loser's highest card goes to the winner,
who gives one card back before anyone plays.

A mixin of :class:`~big2.app.scenes.table.TableScene`. The engine moves the loser's
card when it deals and then waits for :meth:`~big2.engine.game.Game.give_back`. The
table shows the deal as dealt, then the card crossing (:class:`~big2.app.match.ExchangeStarted`),
then the winner's choice: a computer gives back the engine's suggestion after a short
beat; a human picks one card in their hand (the suggestion already lifted) and presses
Give back or Enter. Card names are only shown to the person whose cards they are.
"""

from __future__ import annotations

from big2.engine.cards import format_card
from big2.engine.game import IllegalMove

from ..match import ExchangeStarted, exchange_card
from ..opponents import give_back_card
from ..sprites import CardSprite

PROMPT_SECONDS = 1e9  # the prompt stays until the card is given back
NOTE = (235, 225, 180)


def _card(c: int) -> str:
    return format_card(c, symbols=True)


class ExchangeTurn:
    """The exchange's animations and the winner's give-back (mixed into the table)."""

    #: The bottom seat while its human chooses a card to give back, else None.
    giving_back: int | None = None
    #: Game time at which a computer winner gives its card back.
    give_back_at: float | None = None

    # Who sees what ------------------------------------------------------------------------

    def sees_own(self, seat: int) -> bool:
        """Whether the screen may name ``seat``'s cards: it is the bottom seat, face up,
        and no other human shares the screen."""
        return seat == self.viewer and self.hand_visible and self.match.is_human(seat)

    def _you(self, seat: int) -> bool:
        return seat == self.viewer and self.match.is_human(seat) and not self.match.hot_seat

    # Animations -------------------------------------------------------------------------

    def fly_card(self, card: int, src: int, dst: int, *, face_up: bool) -> float:
        """Move one card from ``src``'s seat to ``dst``'s; returns the flight's length."""
        a = self.anim
        lay = self.layout
        dur = 0.5 * a
        ps, pd = self.pos_of(src), self.pos_of(dst)
        if ps == 0:
            spr = self.sprites.pop(card, None)
            if card in self.hand.cards:
                self.hand.remove([card])
            if spr is None:
                x, y = lay.seats[0].origin
                spr = CardSprite(card, x - lay.card_w / 2, y - lay.card_h / 2, lay.card_w, lay.card_h)
            self.place_hand(animate=True)
        else:
            x, y = lay.seats[ps].origin
            spr = CardSprite(card, x - lay.small_w / 2, y - lay.small_h / 2, lay.small_w, lay.small_h)
            spr.base = (lay.card_w, lay.card_h)
        self.counts[src] = max(0, self.counts[src] - 1)
        self.tweens.cancel(spr)
        spr.face_up = face_up
        if pd == 0:
            # into the bottom hand: the hand makes room and the card slides into its slot
            self.sprites[card] = spr
            self.hand.cards.append(card)
            self.hand.sort()
            self.counts[dst] += 1
            self.place_hand(animate=True)  # the others make room; this one takes its time
            i = self.hand.cards.index(card)
            x, y = lay.hand_positions(len(self.hand.cards))[i]
            self.tweens.to(spr, dur, ease="in_out_cubic", x=x, y=y, w=lay.card_w, h=lay.card_h)
            return dur
        fan = lay.seats[pd].fan
        self.flying.append(spr)

        def arrive() -> None:
            if spr in self.flying:
                self.flying.remove(spr)
            self.counts[dst] += 1

        self.tweens.to(
            spr, dur, ease="in_out_cubic", x=fan.center[0] - lay.small_w / 2, y=fan.center[1] - lay.small_h / 2,
            w=lay.small_w, h=lay.small_h, on_done=arrive,
        )
        return dur

    def show_handover(self, event: ExchangeStarted) -> float:
        """The loser's highest card goes to the winner (the engine moved it at the deal)."""
        loser, winner, card = event.loser, event.winner, event.card
        names = self.match.names
        self.turn = winner
        self.owner = None
        self.announce_leader = True
        dur = self.fly_card(card, loser, winner, face_up=self.sees_own(loser) or self.sees_own(winner))
        if self._you(loser):
            line = f"You give {_card(card)} to {names[winner]}"
        elif self._you(winner):
            line = f"{names[loser]} gives you {_card(card)}"
        else:
            line = f"{names[loser]} gives {names[winner]} their top card"
        self.log.append((line, NOTE))
        if self.sees_own(loser):
            self.say(f"Your highest card, {_card(card)}, goes to {names[winner]}, who gives you a card back.", 3.0, NOTE)
        self.app.sounds.play("deal")
        return dur + 0.35 * self.anim

    def show_exchange(self, event) -> float:
        """The winner's card goes back to the loser; the first turn follows."""
        loser, winner, card = event.loser, event.winner, event.returned
        names = self.match.names
        dur = self.fly_card(card, winner, loser, face_up=self.sees_own(loser) or self.sees_own(winner))
        if self._you(winner):
            line = f"You give {_card(card)} back to {names[loser]}"
        elif self._you(loser):
            line = f"{names[winner]} gives you {_card(card)} back"
        else:
            line = f"{names[winner]} gives {names[loser]} a card back"
        self.log.append((line, NOTE))
        if self.sees_own(loser):
            self.say(f"{names[winner]} gave you {_card(card)} for your {_card(event.given)}.", 3.5, NOTE)
        elif self.match.is_human(loser):  # hot-seat: told when they next see their cards
            self.exchange_notes[loser] = f"{names[winner]} gave you {_card(card)} for your {_card(event.given)}."
        self.turn = None
        self.app.sounds.play("deal")
        return dur + 0.25 * self.anim

    # The winner's choice ------------------------------------------------------------------

    def exchange_step(self) -> None:
        """The table is idle while the exchange waits: let the winner give a card back."""
        game = self.game
        loser, winner = game.exchange
        self.turn = winner
        if self.match.is_human(winner):
            self.give_back_at = None
            if self.awaiting_human:
                return
            if self.match.hot_seat and (winner != self.viewer or not self.hand_visible):
                from .privacy import PrivacyScene

                self.app.push(PrivacyScene(self.app, self, winner))
                return
            self.begin_human_turn()
            return
        if self.give_back_at is None:
            beat = max(self.app.settings.pace_delay, 0.6 * self.anim)
            self.give_back_at = self.clock.time + beat
            self.damage_info()
            return
        if self.clock.time < self.give_back_at:
            return
        self.give_back_at = None
        self.apply_events(game.give_back(give_back_card(game)))

    def begin_give_back(self) -> None:
        """The bottom human chooses a card to give back; the engine's suggestion is lifted."""
        game = self.game
        loser, winner = game.exchange
        self.awaiting_human = True
        self.giving_back = winner
        self.hand_visible = True
        self.place_hand(animate=False)
        suggestion = game.suggest_give_back()
        self.hand.select_only([suggestion])
        if suggestion in self.hand.cards:
            self.hand.focus = self.hand.cards.index(suggestion)
        self.place_hand(animate=True)
        card = exchange_card(game)
        got = f"You received {_card(card)} from {self.match.names[loser]}" if card is not None else "You won the last hand"
        self.say(f"{got} — choose a card to give back ({_card(suggestion)} is suggested).", PROMPT_SECONDS, (255, 236, 170))
        self.refresh_buttons()
        self.damage_info()

    def give_back_reason(self) -> str | None:
        """None when the selection is one card that may be given back; else why not."""
        loser = self.game.exchange[0] if self.game is not None and self.game.exchange else None
        to = f" to {self.match.names[loser]}" if loser is not None else ""
        if len(self.hand.selected) != 1:
            return f"Choose one card to give back{to}."
        return None

    def human_give_back(self) -> bool:
        """Give the selected card back; a wrong selection is refused with the reason."""
        if self.giving_back is None:
            return False
        reason = self.give_back_reason()
        if reason is not None:
            self.say(reason, 4.0, (255, 150, 140))
            return False
        (card,) = self.hand.selected
        try:
            events = self.game.give_back(card)
        except IllegalMove as exc:
            self.say(str(exc), 4.0, (255, 150, 140))
            return False
        self.giving_back = None
        self.hand.clear_selection()
        # nobody else has looked in between when the giver also leads
        self.end_human_turn(events, keep_visible=self.game.to_act == self.viewer)
        return True

    def hint_give_back(self) -> None:
        game = self.game
        card = game.suggest_give_back()
        alone = sum(1 for c in game.hand(game.exchange[1]) if c // 4 == card // 4) == 1
        why = "your lowest card that is not part of a pair" if alone else "your lowest card"
        self.hand.select_only([card])
        self.place_hand(animate=True)
        self.say(f"Give back {_card(card)}: {why}.", 5.0, (200, 235, 255))
        self.refresh_buttons()
