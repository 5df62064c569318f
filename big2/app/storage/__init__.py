"""The app's side of big2.persistence: one object owning settings, saves and history.

:class:`Storage` (:mod:`.store`) is made once at start-up (:meth:`Storage.open`) and
hung on the app (:func:`attach`). Everything slow — the autosave after every move (an
fsync costs ~10 ms), history writes, statistics queries — runs on one background
*writer* thread, in the order it was asked for, so the render loop never blocks on the
disk. The score history's SQLite connection lives on that thread (sqlite3 objects belong
to the thread that opened them); the statistics screen asks for its data with
:meth:`Storage.call` and gets a :class:`~concurrent.futures.Future`.

Sentences for the player (a damaged file set aside, a write that failed) are collected
in :attr:`Storage.notices`; the banner in :mod:`big2.app.ui.toast` shows them. The same
banner host watches the in-app settings and the window size and saves them when they
change, so no screen has to remember to.

The other screens call in through one-line hooks, each a no-op when the app has no
storage (most tests, the self-test):

* a room in this process (:mod:`.tablehooks`): :func:`watch` makes the storage its
  observer — :func:`hand_started`, :func:`after_move` (autosave) and
  :func:`hand_recorded` (score history; at the session's end the autosave goes), with
  what a match keeps in :mod:`.recorder`;
* a room on a server (:mod:`.onlinerecord`): the online table hands its seat's events
  to :func:`observe_online`, which keeps each scored hand in the history;
* the title (:mod:`.titlehooks`): :func:`can_continue`, :func:`continue_hint` and
  :func:`title_event` (Continue, Saved games, Statistics), and
  :func:`ask_before_new_game` (also New game's);
* the player's choices (:mod:`.choices`): New game through :func:`new_game_defaults`
  and :func:`remember_new_game`, Settings through :func:`game_defaults`,
  :func:`set_game_defaults` and :func:`rename_player`, the title's quick game through
  :func:`quick_game` and :func:`quick_game_hint`.

Putting a save back on the table (Continue, Saved games' Load) is :mod:`.reopen`; the
save is checked and rebuilt into a match by :mod:`big2.app.storage.savedmatch`, and put in a
room that goes on from the position (:func:`big2.app.rooms.local_link`).
"""

from __future__ import annotations

from big2.app.storage.onlinerecord import observe as observe_online
from big2.app.storage.choices import first_start, game_defaults, new_game_defaults, player_name, quick_game, quick_game_hint, remember_new_game, rename_player, set_game_defaults
from big2.app.storage.recorder import Recorder
from big2.app.storage.store import REPEAT_SECONDS, Storage, attach, of
from big2.app.storage.tablehooks import RoomWatch, after_move, hand_recorded, hand_started, match_data, payload_of, watch
from big2.app.storage.titlehooks import ask_before_new_game, can_continue, continue_hint, title_event

__all__ = [
    "REPEAT_SECONDS", "Recorder", "RoomWatch", "Storage", "after_move", "ask_before_new_game", "attach",
    "can_continue", "continue_hint", "first_start", "game_defaults", "hand_recorded",
    "hand_started", "match_data", "observe_online", "new_game_defaults", "of", "payload_of", "player_name",
    "quick_game", "quick_game_hint", "remember_new_game", "rename_player",
    "set_game_defaults", "title_event", "watch",
]
