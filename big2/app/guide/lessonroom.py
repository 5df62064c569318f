"""The lesson's room: How to play's fixed deal and scripted computers, in a room.

:func:`lesson_link` makes a :class:`~big2.room.room.Room` over :class:`LessonMatch` —
one hand of the tutorial's deal (:func:`big2.app.guide.tutorial.deal`), no score kept,
no deal number — whose computers play the script (:class:`ScriptBrain`), and links the
person's seat to it. :func:`big2.app.rooms.open_how_to_play` shows that seat at the
lesson's table (:class:`~big2.app.guide.howtoplay.HowToPlayScene`). No storage watches
the lesson's room, so nothing is autosaved or recorded.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from big2.engine import STANDARD, Game, Move
from big2.engine.combos import PASS
from big2.engine.events import HandEnded
from big2.room.config import HandResult, MatchConfig, SeatConfig
from big2.room.link import LocalLink
from big2.room.match import Match, opening_events
from big2.room.room import Room

from big2.app.guide.tutorial import NAMES, deal, scripted_move


class LessonMatch(Match):
    """A one-hand match over the tutorial's fixed deal; it keeps no score."""

    def __init__(self) -> None:
        seats = (SeatConfig(NAMES[0], human=True),) + tuple(SeatConfig(n, human=False) for n in NAMES[1:])
        super().__init__(MatchConfig(seats=seats, hands=1, seed=0))

    @property
    def deal_number(self) -> int | None:
        return None  # a written deal, not a shuffled one

    def new_hand(self):
        self.undo.clear()
        self.game = Game(deal(), rules=STANDARD, names=NAMES)
        self.session.current = self.game
        return opening_events(self.game)

    def record(self, event: HandEnded) -> HandResult:
        game = self.game
        assert game is not None
        result = HandResult(1, event.winner, tuple(game.card_counts), tuple(event.points), tuple(event.points),
                            tuple(tuple(game.hand(s)) for s in range(self.n_players)))
        self.results.append(result)
        return result

    @property
    def session_over(self) -> bool:
        return bool(self.results)


class ScriptBrain:
    """The room's brain for the lesson: each computer plays the script's move at once
    (the lowest legal play, should the script have none)."""

    def think(self, view: Any, level: str, seed: int) -> Future[Move]:
        from big2.ai.view import legal_moves

        move = scripted_move(view)
        if move is None:
            move = next((m for m in legal_moves(view) if m != PASS), PASS)
        fut: Future[Move] = Future()
        fut.set_result(move)
        return fut

    def shutdown(self) -> None:
        pass


def lesson_link() -> LocalLink:
    """A link to a fresh lesson room, for the person at seat 0."""
    return LocalLink(Room(match=LessonMatch(), brain=ScriptBrain()))
