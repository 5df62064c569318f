"""Putting a saved session back on the table: the title's Continue and Saved games' Load.

The save is read through the storage, rebuilt with :func:`big2.app.storage.savedmatch.match_from`
and put in a room that goes on from the position (:func:`big2.app.rooms.local_link`);
the table is opened by name (``"table"``), so the storage never imports a scene.
"""

from __future__ import annotations

from typing import Any

from big2.engine.messages import Message, msg, msg_p
from big2.persistence import Notice
from big2.persistence.atomic import backup_path
from big2.persistence.sessioncodec import game_id, load_payload

from big2.app.storage.savedmatch import match_from, unknown_levels
from big2.app.storage.store import of


def _tell(app: Any, said: Message) -> None:
    st = of(app)
    if st is not None:
        st.tell(Notice.of(said))


def open_payload(app: Any, payload: Any, *, from_slot: bool = False) -> bool:
    """Put the session a save payload holds on the table; False (and a notice) if not.

    ``from_slot``: a game loaded from Saved games, whose autosaves will replace the
    autosave's game, which is therefore kept in a slot first."""
    st = of(app)
    try:
        resumed = load_payload(payload)
    except ValueError as exc:
        _tell(app, msg("The saved game could not be resumed ({reason}).", reason=str(exc)))
        return False
    s = resumed.session
    if s.current is None and s.is_over:
        _tell(app, msg("That session was already over."))
        return False
    match = match_from(resumed)
    for name, level in unknown_levels(resumed.app):
        _tell(app, msg("{name} was saved at a computer level this version does not know ({level}); "
                       "{name} plays at the {fallback} level instead.",
                       name=name, level=repr(level[:40]), fallback=msg_p("computer level", "normal")))
    sid = resumed.app.get("history_session")
    start = resumed.app.get("hand_start")
    start = start if isinstance(start, dict) else None
    if st is not None:
        if from_slot:
            st.keep_unfinished(unless=payload)
        st.adopt(match, session_id=sid if isinstance(sid, int) and not isinstance(sid, bool) else None, hand_start=start,
                 game_id=game_id(payload))
    from big2.persistence.gamecodec import game_from_dict

    dealt = None
    if start is not None and match.game is not None:
        try:
            dealt = game_from_dict(start, rules=match.game.rules)
        except (ValueError, KeyError, TypeError):
            dealt = None  # the trick in progress then shows its last play only
    table = app.push("table", match, hand_start=dealt)  # a resumed table (``resumed_moves``)
    resumed_hook = getattr(app, "table_resumed", None)  # (the app's features above the storage)
    if table is not None and resumed_hook is not None:
        resumed_hook(table, resumed.app)
    return True


def continue_game(app: Any) -> bool:
    """The title's Continue: the autosaved session, exactly where it stopped."""
    st = of(app)
    if st is None:
        return False
    st.flush(timeout=3.0)  # the last move's autosave may still be on its way
    loaded = st.saves.load_autosave()
    for n in loaded.notices:
        st.tell(n)
    if loaded.value is None:
        if not loaded.notices:
            st.tell(Notice.of(msg("There is no saved game to continue.")))
        return False
    from big2.app.crashguard import marks_file  # here: it draws with pygame, the storage imports without

    # (which copy loaded: the autosave, or its previous copy standing in for it)
    used = st.saves.autosave_path if loaded.source == "main" else backup_path(st.saves.autosave_path)
    # opening it crashed: that file, and every copy of its game, is set aside
    with marks_file(used, game=game_id(loaded.value.payload)):
        return open_payload(app, loaded.value.payload)
