"""The table needs nothing but a seat's stream: here every snapshot, event and command
between the table and its room goes through JSON text (as it will over a network), and
a whole session is played at the real table with real clicks — the person's plays, the
computers' replies, the results screen, the next hand.
"""

from __future__ import annotations

from typing import Any

from helpers import click_button

from big2.app.screens.results import ResultsScene
from big2.room import codec
from big2.room.config import MatchConfig, SeatConfig
from big2.room.link import LocalLink
from big2.room.room import Room
from big2.room.seatrules import legal_moves
from big2.engine.combos import PASS, move_cards


class JsonLink:
    """A link whose every message crosses as JSON text (the table sees only copies)."""

    def __init__(self, inner: LocalLink) -> None:
        self._inner = inner
        self.frames = 0
        self.seat = inner.seat
        self.state = self._copy(inner.state)

    def _copy(self, value: Any) -> Any:
        self.frames += 1
        return codec.loads(codec.dumps(value))

    def send(self, command: Any) -> Any:
        refusal = self._inner.send(codec.command_from_json(codec.to_json(command)))
        self.state = self._copy(self._inner.state)
        return None if refusal is None else self._copy(refusal)

    def poll(self) -> list[Any]:
        events = [self._copy(e) for e in self._inner.poll()]
        self.state = self._copy(self._inner.state)
        return events

    def pending(self) -> bool:
        return self._inner.pending()

    def tick(self, now: float, pace: float = 0.0, exchange_pace: float | None = None) -> None:
        self._inner.tick(now, pace, exchange_pace)

    def thinking(self, seat: int) -> bool:
        return self._inner.thinking(seat)

    def view_as(self, seat: int) -> None:
        self._inner.view_as(seat)
        self.seat = seat
        self.state = self._copy(self._inner.state)

    def close(self) -> None:
        self._inner.close()


def test_a_session_plays_at_the_table_with_everything_through_json(make_app):
    seats = (SeatConfig("You", True), SeatConfig("East", False, "beginner"), SeatConfig("North", False, "beginner"),
             SeatConfig("West", False, "beginner"))
    link = JsonLink(LocalLink(Room(MatchConfig(seats=seats, hands=2, seed=21))))
    app = make_app()
    table = app.push("table", link)
    assert table.link is link
    for _ in range(400):
        if isinstance(app.top, ResultsScene):
            if table.state.session_over:
                break
            click_button(app, app.top.b_next)
            continue
        assert app.run_until(lambda: table.awaiting_human or isinstance(app.top, ResultsScene), timeout=30)
        if isinstance(app.top, ResultsScene):
            continue
        move = legal_moves(table.state)[0]
        if move == PASS:
            click_button(app, table.buttons["pass"])
        else:
            table.hand.select_only(move_cards(move))
            table.refresh_buttons()
            click_button(app, table.buttons["play"])
    assert isinstance(app.top, ResultsScene) and table.state.session_over
    assert len(table.state.results) == 2 and link.frames > 100
    # the totals the table shows are the hands' points, added up
    assert list(table.state.totals) == [sum(r.points[s] for r in table.state.results) for s in range(4)]
