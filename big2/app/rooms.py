"""Opening a table: a room in this process, its computers, its record keeping, and the
seat link the table shows.

The scene ``"table"`` is opened through :func:`open_table` (see the router): given a
:class:`~big2.room.config.MatchConfig` it makes a :class:`~big2.room.room.Room` whose
computers think in the app's worker process (:class:`~big2.app.table.opponents.Thinker`),
attaches the storage's observer (autosave after every move, the score history at each
hand's end) and a crash report for a computer that fails, and shows the people's seats
through a :class:`~big2.room.link.LocalLink`. Given a link (a room made elsewhere, a
replay, a room on a server later) it shows that. The table itself never sees the room.
"""

from __future__ import annotations

import logging
from typing import Any

from big2.persistence.notices import Notice, Severity
from big2.room.config import MatchConfig
from big2.room.link import LocalLink
from big2.room.match import Match
from big2.room.room import Room

from big2.i18n import _
from big2.app.table import opponents
from big2.app import vocab
from big2.app.storage.store import of as storage_of
from big2.app.storage.tablehooks import watch

log = logging.getLogger(__name__)


def local_link(app: Any, config: MatchConfig | None = None, *, match: Match | None = None,
               hand_start: Any = None, keep_records: bool = True) -> LocalLink:
    """A room in this process for ``config`` (or around a restored ``match``, whose hand
    in play goes on from ``hand_start``, the engine game as it was dealt), linked to the
    people at this screen. ``keep_records`` False: no autosave and no score history."""
    thinker = opponents.Thinker(on_done=app.post_wake, processes=app.ai_in_process)
    room = Room(config, match=match, brain=thinker, hand_start=hand_start)
    if match is not None:
        room.resume_hand()  # before the link: its stream starts at the position
    link = LocalLink(room)
    room.on_stumble = lambda exc, seat, level, used: _report(app, link, exc, seat, level, used)
    if keep_records:
        watch(app, room, link)
    return link


def open_table(app: Any, setup: Any = None, **options: Any) -> Any:
    """The table scene for ``setup``: a link; a :class:`MatchConfig` (None: the default
    game) for a new room in this process; or a restored :class:`~big2.room.match.Match`
    (Continue) whose hand goes on. ``options`` go to :func:`local_link`.

    A table on a restored match has ``resumed_moves`` (the moves its hand had when it
    was opened; -1 between hands) from the start, before it is entered: the crash guard
    sets every copy of a resumed game aside when it fails before moving on."""
    from big2.app.table.scene import TableScene

    if hasattr(setup, "send"):
        return TableScene(app, setup)
    if not isinstance(setup, Match):
        return TableScene(app, local_link(app, setup, **options))
    table = TableScene(app, local_link(app, match=setup, **options))
    table.resumed_moves = len(setup.game.history) if setup.game is not None else -1
    return table


def open_how_to_play(app: Any) -> Any:
    """The scene ``"how_to_play"``: the lesson's table over a fresh lesson room."""
    from .guide.howtoplay import HowToPlayScene
    from .guide.lessonroom import lesson_link

    return HowToPlayScene(app, lesson_link())


def _report(app: Any, link: LocalLink, exc: BaseException, seat: int, level: str, used: str) -> None:
    """A computer's brain failed and the room made a simpler move: write a crash report
    (the first time at this table) and tell the player in one sentence."""
    if getattr(link, "reported", False):
        return
    link.reported = True  # type: ignore[attr-defined]
    from big2.app import crashguard

    match = link.room.match
    name = match.config.seats[seat].name
    shown = vocab.seat_name(link.state, seat)
    instead = {"lowest": "the lowest legal play"}.get(used, f"the {used} level's move")
    note = (f"the computer player {name} (seat {seat}, {level}) failed in its worker; "
            f"{instead} was made instead and the game went on")
    table = next((s for s in reversed(getattr(app, "stack", [])) if getattr(s, "link", None) is link), None)
    path = crashguard.write_report(app, exc, table=table, note=note)
    st = storage_of(app)
    if st is not None:
        said = (_("{name}'s computer player hit a problem, so it made a simpler move. "
                  "A report is in the log folder.") if path is not None else
                _("{name}'s computer player hit a problem, so it made a simpler move."))
        st.tell(Notice(said.format(name=shown), Severity.WARNING))
