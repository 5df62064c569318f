"""Checked moves for people and the screen: every refusal as a sentence a player can read.

:class:`CheckedPlay` is a mixin of :class:`~big2.engine.game.Game` (its state is declared
on :class:`~big2.engine.state.HandState`). :meth:`~CheckedPlay.play`,
:meth:`~CheckedPlay.pass_turn` and :meth:`~CheckedPlay.make` check everything, raise
:class:`~big2.engine.errors.IllegalMove` and leave the state untouched when the rules
refuse, and return the events of the change; :meth:`~CheckedPlay.check_play` only checks.
"""

from __future__ import annotations

from .cards import FULL_MASK, CardSet, CardsLike, format_card, to_cardset
from .combos import PASS, Combo, Move, beats_move, check_move, classify, combo_of_move, format_play, move_size
from .errors import GameOver, IllegalMove, NotYourTurn
from .events import Dealt, Event, HandEnded, TurnStarted
from .explain import why_not_message
from .house import HouseRules
from .legal import LegalMoves
from .messages import Message, msg, msg_n
from .rules import LoneTwo
from .seats import check_seat

__all__ = ["CheckedPlay"]


class CheckedPlay(HouseRules):
    """The checked half of :class:`~big2.engine.game.Game` (see the module docstring)."""

    __slots__ = ()  # the state's slots are declared on HandState

    def legal_moves(self) -> LegalMoves:
        raise NotImplementedError  # Game's

    def start_events(self) -> tuple[Event, ...]:
        """The events that open the hand: the deal, then the first turn (or the end of a
        hand won at once by a dragon)."""
        hands = tuple(CardSet.from_mask(h | p) for h, p in zip(self._hands, self._played))
        if self.dragon:
            return (Dealt(hands, self._first), HandEnded(
                self._winner, self.card_counts, self.points(), tuple(self.finish_order), True, None,
            ))
        return (Dealt(hands, self._first), TurnStarted(self._to_act, True))

    def _check_turn(self, seat: int | None) -> int:
        """The seat to act, once it is sure it may act (and is ``seat``, when given)."""
        if seat is not None:
            check_seat(seat, self.n_players)
        if self._winner >= 0:
            raise GameOver(msg("The hand is over: {name} went out.", name=self.names[self._winner]))
        if self.exchange is not None:
            raise IllegalMove(msg("{name} must first give a card back.", name=self.names[self.exchange[1]]))
        if seat is not None and seat != self._to_act:
            raise NotYourTurn(msg("It is {name}'s turn.", name=self.names[self._to_act]))
        return self._to_act

    def check_play(self, cards: CardsLike, *, seat: int | None = None) -> Combo:
        """The combo ``cards`` make if the player to act may play them; else raise.

        Raises :class:`IllegalMove` (or :class:`~big2.engine.cards.CardParseError` for bad
        text) with a sentence a player understands. Never changes the state.
        """
        p = self._check_turn(seat)
        cs = to_cardset(cards)
        if not cs:
            raise IllegalMove(msg("Choose the cards to play.") if self.leading
                              else msg("Choose the cards to play, or pass."))
        missing = cs.mask & ~self._hands[p]
        if missing:
            held = format_play(missing, self.rules)
            raise IllegalMove(msg("You do not hold {cards}.", cards=held) if seat is None
                              else msg("{name} does not hold {cards}.", name=self.names[p], cards=held))
        combo = classify(cs, self.rules)
        if combo is None:
            if self._trick and move_size(self._trick) != len(cs):
                # following: how many cards the trick takes says more than what these are not
                raise IllegalMove(self._size_needed(move_size(self._trick)))
            reason = why_not_message(cs, self.rules)
            raise IllegalMove(reason if reason is not None else msg("That play is not allowed here."))
        if self._first_card >= 0 and not cs.mask >> self._first_card & 1:
            raise IllegalMove(msg("The first play must include {card}.",
                                  card=format_card(self._first_card, symbols=True)))
        if self._trick and not beats_move(combo.move, self._trick, self._t):
            table = combo_of_move(self._trick)
            if combo.size != table.size:
                raise IllegalMove(self._size_needed(table.size))
            if self._t.full_house_apart and combo.key > table.key:
                raise IllegalMove(msg("A full house cannot be played on a straight under these rules."))
            raise IllegalMove(msg("{play} does not beat {table}.", play=combo.text(self.rules),
                                  table=table.text(self.rules)))
        if combo.move not in self.legal_moves():
            raise IllegalMove(self._house_rule_reason(p, combo.move))
        return combo

    @staticmethod
    def _size_needed(size: int) -> Message:
        """The sentence for a play of the wrong size when following a trick of ``size``."""
        return (msg("Play a single card or pass.") if size == 1
                else msg_n("Play {n} card or pass.", "Play {n} cards or pass.", size))

    def _house_rule_reason(self, p: int, move: Move) -> Message:
        """Why a house rule (lone 2, assistant) refuses ``move`` for seat ``p``."""
        if self.rules.lone_two is not LoneTwo.ALLOWED and not self._lone_two_allows(p, move):
            left = format_play(self._hands[p] & ~move & FULL_MASK, self.rules)
            return msg("You may not keep a lone {cards} as your last card.", cards=left)
        if self._assistant_target(p):
            lst = self._list(p) if not self._valid[p] else self._moves[p]
            assert lst is not None
            top = format_play(self._highest_single(p, lst) & FULL_MASK, self.rules)
            nxt = self.names[self._next_seat_in(p)]
            return msg("{name} has one card left: play your highest single ({cards}) or a "
                       "combination of more cards.", name=nxt, cards=top)
        return msg("That play is not allowed here.")

    def play(self, cards: CardsLike, *, seat: int | None = None) -> tuple[Event, ...]:
        """Play ``cards`` for the player to act (or for ``seat``, checked to be theirs).

        Returns the events of the move; raises :class:`IllegalMove` and changes nothing
        when the play is not allowed.
        """
        combo = self.check_play(cards, seat=seat)
        return self._make_with_events(combo.move)

    def pass_turn(self, *, seat: int | None = None) -> tuple[Event, ...]:
        """Pass for the player to act; raises :class:`IllegalMove` when leading (or when
        the assistant rule forbids it)."""
        p = self._check_turn(seat)
        if not self._trick:
            raise IllegalMove(msg("You are leading this trick, so you cannot pass: play any combination."))
        if not self.legal_moves().can_pass:
            raise IllegalMove(self._house_rule_reason(p, PASS))
        return self._make_with_events(PASS)

    def make(self, move: Move, *, seat: int | None = None) -> tuple[Event, ...]:
        """Checked form of :meth:`~big2.engine.game.Game.apply` for a move int (from an
        opponent, say).

        Raises :class:`IllegalMove` for anything that is not a move, or a move the rules
        refuse here."""
        try:
            check_move(move)
        except ValueError as e:
            raise IllegalMove(str(e)) from None
        if move == PASS:
            return self.pass_turn(seat=seat)
        return self.play(CardSet.from_mask(move & FULL_MASK), seat=seat)

    def _make_with_events(self, move: Move) -> tuple[Event, ...]:
        """Make a checked move through the general path, collecting its events."""
        events: list[Event] = []
        self._log = events
        try:
            self._general_step(move)
        finally:
            self._log = None
        return tuple(events)
