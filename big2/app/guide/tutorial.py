"""How to play: the script of the guided first game. No pygame.

A real hand at the real table under the standard rules, from a fixed deal: every
computer move is written here, and each of the person's turns is a lesson that names
the play to make (H lifts it, Enter plays it, P passes), so the game can be finished
with the keyboard alone. Together the lessons cover the rank and suit order, the first
lead, each kind of combination, following and passing, control, and going out.

:class:`Tutorial` follows the game as the person's seat sees it (its
:class:`~big2.room.state.SeatState`): :meth:`Tutorial.expected` is the next move of the
script, :meth:`Tutorial.lesson` the text to show, and :meth:`Tutorial.check` refuses
(with a sentence) any other play the person tries. :func:`scripted_move` is the
computers' side, for the lesson's room (:mod:`big2.app.guide.lessonroom`). A tutorial hand is
never recorded in the statistics and never saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from big2.engine import PASS, CardSet, Move, parse_cards
from big2.engine.cards import FULL_MASK

from ...i18n import N_, _

#: Seat names at the tutorial table (seat 0 is the person).
NAMES = ("You", "East", "North", "West")


@dataclass(frozen=True, slots=True)
class Step:
    """One move of the script: ``seat`` plays ``cards`` (empty: passes). A person's step
    carries the lesson shown while it is waited for."""

    seat: int
    cards: str
    #: The lesson (marked for the catalogs, translated when shown).
    lesson: str = ""
    #: Whether the lesson ends by saying how to play (:data:`HOW`).
    how: bool = False


HOW = N_("Press H to lift the cards, then Enter to play them.")

STEPS: tuple[Step, ...] = (
    Step(0, "3d 3s",
         N_("Cards rank 3 (lowest) 4 5 6 7 8 9 10 J Q K A 2 (highest); between cards of one "
            "rank the suit decides: ♦ < ♣ < ♥ < ♠. You hold the 3♦, the lowest card of all, so "
            "you lead the first trick, and that first play must include it. Lead your pair of "
            "3s (a pair is two cards of one rank)."), how=True),
    Step(1, "5d 5h"), Step(2, ""), Step(3, ""),
    Step(0, "8c 8h",
         N_("Following: East beat your pair with a higher pair, 5♦ 5♥; North and West passed. "
            "To follow you play the same kind of combination with the same number of cards, "
            "and higher. Beat the 5s with your pair of 8s."), how=True),
    Step(1, ""), Step(2, ""), Step(3, ""),
    Step(0, "9d Tc Jh Qs Kd",
         N_("Control: everyone else passed, so you won the trick and lead the next one with "
            "any combination you like. Five-card hands rank straight < flush < full house < "
            "four of a kind (with one more card) < straight flush. Lead your straight, "
            "9 10 J Q K."), how=True),
    Step(1, "3c 4c 6c 7c Jc"), Step(2, ""), Step(3, ""),
    Step(0, "",
         N_("Passing: East played a flush (five cards of one suit), which beats your straight, "
            "and you hold nothing higher. Press P to pass; you may play again when it comes "
            "round, unless the others all pass and East takes the trick.")),
    Step(1, "4d"), Step(2, "6h"), Step(3, "Ks"),
    Step(0, "2s",
         N_("Singles: East won the trick and led the 4♦; North and West each played a higher "
            "single. The 2 is the highest rank and the 2♠ the highest card of all: play it."), how=True),
    Step(1, ""), Step(2, ""), Step(3, ""),
    Step(0, "Ad Ac Ah",
         N_("Finishing: nobody can beat the 2♠, so you lead again. The first player to play "
            "all their cards wins the hand; the others lose points for the cards they still "
            "hold. Go out with your last three cards, a triple (three of one rank)."), how=True),
)

#: What the table says once the person has gone out.
DONE = N_("You went out first and won the hand! That is all of Big Two: beat the play "
          "before you or pass, take control, and be first to empty your hand. Press Enter "
          "to go back to the title.")


def deal() -> list[CardSet]:
    """Each seat's cards: everything the script plays, and the rest of the pack shared
    out as cards nobody plays."""
    played: list[int] = [0, 0, 0, 0]
    for step in STEPS:
        played[step.seat] |= parse_cards(step.cards).mask if step.cards else 0
    rest = [c for c in range(52) if not any(m >> c & 1 for m in played)]
    hands = [CardSet.from_mask(m) for m in played]
    for seat in (1, 2, 3):
        need = 13 - len(hands[seat])
        hands[seat] = hands[seat] | CardSet(rest[:need])
        rest = rest[need:]
    return hands


def _move(step: Step) -> CardSet:
    return parse_cards(step.cards) if step.cards else CardSet()


def scripted_move(view: Any) -> Move | None:
    """The script's move for the computer to act in ``view`` (its
    :class:`~big2.ai.view.PlayerView`), as an engine move; None when the script has none."""
    from big2.ai.view import legal_moves

    index = len(view.history)
    if index >= len(STEPS) or STEPS[index].seat != view.seat:
        return None
    cards = _move(STEPS[index])
    if not cards:
        return PASS
    return next((m for m in legal_moves(view) if m & FULL_MASK == cards.mask), None)


class Tutorial:
    """Where a tutorial game stands in the script (it reads the seat's history)."""

    def __init__(self, state_of: Callable[[], Any]) -> None:
        #: The person's seat state now (a :class:`~big2.room.state.SeatState`).
        self.state_of = state_of

    @property
    def index(self) -> int:
        return len(self.state_of().history)

    @property
    def finished(self) -> bool:
        return self.state_of().hand_over

    def expected(self) -> tuple[int, CardSet] | None:
        """The seat to move and the cards of the script's next move (empty: a pass)."""
        if self.finished or self.index >= len(STEPS):
            return None
        step = STEPS[self.index]
        return step.seat, _move(step)

    def progress(self) -> tuple[int, int]:
        """``(lesson, lessons)``: which of the person's turns this is, and how many."""
        mine = [i for i, step in enumerate(STEPS) if step.seat == 0]
        done = sum(1 for i in mine if i < self.index)
        return min(done + 1, len(mine)), len(mine)

    def lesson(self) -> str:
        """The text to show now: the current lesson, or the closing words."""
        if self.finished:
            return _(DONE)
        # the latest person's lesson at or before this point of the script
        for step in reversed(STEPS[: self.index + 1]):
            if step.lesson:
                if step.how:
                    return _("{lesson} {how}").format(lesson=_(step.lesson), how=_(HOW))
                return _(step.lesson)
        return ""

    def check(self, cards: CardSet) -> str | None:
        """``None`` if the person's play (empty: a pass) is the lesson's, else a sentence."""
        nxt = self.expected()
        if nxt is None or nxt[0] != 0:
            return _("Wait for the others to play.")
        want = nxt[1]
        if cards == want:
            return None
        if not want:
            return _("In this lesson you pass: press P.")
        return _("In this lesson, play {cards}: press H to lift it, then Enter.").format(cards=want.format(symbols=True))
