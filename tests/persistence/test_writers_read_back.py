"""Issue 43, item 17: a writer never writes what its own reader refuses.

The save fuzzer found a save holding a text longer than the loader takes (1,000
characters): written without a word, then set aside as damaged at the next start. Every
writer with a checked reader now runs that reader on its bytes first; what it would
refuse is never written, the previous copy stays, and the error says why.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from big2.engine import Session
from big2.persistence import History, Seat
from big2.persistence.atomic import backup_path
from big2.persistence.envelope import Preview
from big2.persistence.history import HandResult
from big2.persistence.notices import StorageError
from big2.persistence.paths import AppPaths
from big2.persistence.saves import SaveStore
from big2.persistence.sessioncodec import check_payload, preview_of, save_payload
from big2.persistence.settings import Settings, SettingsStore
from big2.persistence.textcheck import MAX_TEXT_CHARS

GAME = {"hands": [[0, 1, 2], [3, 4], [5], [51]], "turn": 1}
PREVIEW = Preview(("Mei", "Bot A", "Bot B", "Bot C"), "standard", (3, -1, -1, -1), 4)


def test_a_save_with_a_text_past_the_limit_is_refused_and_the_previous_kept(paths: AppPaths) -> None:
    store = SaveStore(paths)
    store.autosave(GAME | {"note": "x" * MAX_TEXT_CHARS}, PREVIEW)  # at the limit: fine
    before = store.autosave_path.read_bytes()
    with pytest.raises(StorageError) as refused:
        store.autosave(GAME | {"note": "x" * (MAX_TEXT_CHARS + 1)}, PREVIEW)
    assert str(refused.value) == (
        f"Could not save autosave.json (a text is longer than {MAX_TEXT_CHARS} characters); "
        "the previous copy is kept.")
    assert store.autosave_path.read_bytes() == before
    assert not backup_path(store.autosave_path).exists()  # nothing moved either
    loaded = store.load_autosave()
    assert loaded.notices == () and loaded.value is not None
    assert loaded.value.payload["note"] == "x" * MAX_TEXT_CHARS


def test_a_first_slot_past_the_limit_leaves_no_file(paths: AppPaths) -> None:
    store = SaveStore(paths)
    with pytest.raises(StorageError, match=r"^Could not save slot-friday-\w+\.json \(a text is longer"):
        store.save_slot("Friday", GAME | {"x": ["y" * (MAX_TEXT_CHARS + 1)]}, PREVIEW)
    assert store.list_slots() == []
    assert not store.folder.exists()  # nothing reached the disk, not even the folder


def _payload(names: tuple[str, ...]) -> tuple[dict[str, Any], Preview]:
    session = Session(random.Random(3), players=4, names=names)
    session.new_hand()
    return save_payload(session, app={}), preview_of(session)


def test_a_players_name_the_game_would_not_load_is_never_saved(paths: AppPaths) -> None:
    """A name the loader's game check refuses (past its 64 characters) is refused when
    written too: the writer runs the same check, not a copy of its limit."""
    store = SaveStore(paths, validate_payload=check_payload)
    store.autosave(*_payload(("Mei", "East", "North", "West")))
    before = store.autosave_path.read_bytes()
    long_name = "M" * 65
    with pytest.raises(StorageError, match="the previous copy is kept"):
        store.autosave(*_payload((long_name, "East", "North", "West")))
    assert store.autosave_path.read_bytes() == before
    loaded = store.load_autosave()
    assert loaded.notices == () and loaded.value is not None


def test_settings_the_loader_would_set_aside_are_never_written(paths: AppPaths) -> None:
    store = SettingsStore(paths)
    store.save(Settings(felt="blue", extra={"from_a_newer_version": 1}))
    before = store.path.read_bytes()
    with pytest.raises(StorageError, match="the previous copy is kept"):
        store.save(Settings(felt="red", extra={"from_a_newer_version": 10**25}))  # > 20 digits
    assert store.path.read_bytes() == before
    loaded = store.load()
    assert loaded.notices == () and loaded.value.felt == "blue"
    assert loaded.value.extra == {"from_a_newer_version": 1}


def test_a_hand_record_the_replay_could_not_read_is_refused_before_the_database() -> None:
    history = History.in_memory()
    sid = history.start_session([Seat("Mei", True), Seat("Bot", False, "normal")],
                                rules_preset="standard", rules={})
    deep: Any = []
    for _ in range(40):  # the history reads hand records at most 32 levels deep
        deep = [deep]
    hand = HandResult(hand_number=1, rules_preset="standard", rules={}, winner_seat=0,
                      cards_left=(0, 5), points=(5, -5), start={"x": deep})
    with pytest.raises(ValueError, match="start could not be read back"):
        history.record_hand(sid, hand)
    assert history.query("SELECT COUNT(*) FROM hands") == [(0,)]
    good = history.record_hand(sid, HandResult(hand_number=1, rules_preset="standard", rules={},
                                               winner_seat=0, cards_left=(0, 5), points=(5, -5),
                                               start={"x": [[1]]}))
    stored = history.load_hand(good)
    assert stored is not None and json.dumps(stored.result.start) == '{"x": [[1]]}'
