"""Save slots and autosave: round trips, upgrades, and bad files that never crash."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from big2.persistence.atomic import backup_path
from big2.persistence.envelope import SAVE_VERSION, UPGRADES, Preview, open_envelope
from big2.persistence.notices import Severity, StorageError
from big2.persistence.paths import AppPaths
from big2.persistence.saves import SAVE_LIMITS, SaveStore, check_slot_name, slot_filename

from persistence_faults import FaultInjector

FIXTURES = Path(__file__).parent / "fixtures"
GAME = {"hands": [[0, 1, 2], [3, 4], [5], [51]], "turn": 1, "rng": [3, [1, 2, 3], None]}
PREVIEW = Preview(("Mei", "Bot A", "Bot B", "Bot C"), "standard", (3, -1, -1, -1), 4)


class Clock:
    def __init__(self) -> None:
        self.t = datetime(2026, 11, 21, 9, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.t += timedelta(minutes=1)
        return self.t


@pytest.fixture
def store(paths: AppPaths) -> SaveStore:
    return SaveStore(paths, now=Clock())


def test_autosave_round_trip(store: SaveStore) -> None:
    assert not store.has_autosave()
    assert store.load_autosave().value is None
    store.autosave(GAME, PREVIEW)
    assert store.has_autosave()
    result = store.load_autosave()
    assert result.notices == () and result.value is not None
    assert result.value.payload == GAME and result.value.preview == PREVIEW
    assert result.value.kind == "autosave"
    assert result.value.saved_at == datetime(2026, 11, 21, 9, 1, tzinfo=timezone.utc)
    store.clear_autosave()
    assert not store.has_autosave()


def test_slots_save_list_load_delete(store: SaveStore) -> None:
    store.save_slot("Friday night", GAME, PREVIEW)
    store.save_slot("Älter / ../../etc", {"turn": 2}, Preview(("A", "B"), "taiwan", (0, 0), 1))
    store.save_slot("Friday night", GAME | {"turn": 3}, PREVIEW)  # overwrite, newest
    slots = store.list_slots()
    assert [s.name for s in slots] == ["Friday night", "Älter / ../../etc"]
    assert all(s.problem is None and s.path.parent == store.folder for s in slots)
    assert slots[1].preview == Preview(("A", "B"), "taiwan", (0, 0), 1)
    loaded = store.load_slot("Friday night").value
    assert loaded is not None and loaded.payload["turn"] == 3 and loaded.name == "Friday night"
    assert store.delete_slot("Friday night") is True
    assert store.delete_slot("Friday night") is False
    assert [s.name for s in store.list_slots()] == ["Älter / ../../etc"]
    assert store.load_slot("Friday night").value is None


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "tab\there"])
def test_unusable_slot_names(store: SaveStore, name: str) -> None:
    with pytest.raises(ValueError, match="save name"):
        store.save_slot(name, GAME, PREVIEW)


def test_slot_file_names_are_safe_and_distinct() -> None:
    names = ["CON", "con", "../x", "a/b", "a\\b", "ünïcødé", "   spaced  ", "!!!"]
    files = [slot_filename(n) for n in names]
    assert len(set(files)) == len(names)
    assert all(f.startswith("slot-") and f.endswith(".json") for f in files)
    assert all(set(f) <= set("abcdefghijklmnopqrstuvwxyz0123456789-.") for f in files)
    assert check_slot_name("  spaced  ") == "spaced"


def test_old_version_1_file_is_upgraded(store: SaveStore) -> None:
    store.folder.mkdir(parents=True)
    shutil.copy(FIXTURES / "save_v1.json", store.autosave_path)
    result = store.load_autosave()
    assert result.notices == ()
    saved = result.value
    assert saved is not None
    assert saved.saved_at == datetime.fromtimestamp(1700000000.5, tz=timezone.utc)
    assert saved.preview == Preview(("Mei", "Computer 1", "Computer 2", "Computer 3"),
                                    "standard", (12, -4, -3, -5), 0)
    assert saved.payload["turn"] == 2


def test_old_version_1_slot_is_listed_and_loads_by_its_entry(store: SaveStore) -> None:
    store.folder.mkdir(parents=True)
    shutil.copy(FIXTURES / "save_v1.json", store.folder / "slot-old-game.json")
    (info,) = store.list_slots()
    assert info.problem is None and info.name == "slot-old-game"
    assert info.preview is not None and info.preview.scores == (12, -4, -3, -5)
    loaded = store.load_listed(info)
    assert loaded.notices == () and loaded.value is not None
    assert loaded.value.payload["turn"] == 2
    assert store.delete_listed(info) and store.list_slots() == []


def test_upgrade_chain_is_complete() -> None:
    assert sorted(UPGRADES) == list(range(1, SAVE_VERSION))


def write_autosave(store: SaveStore, content: bytes | object) -> None:
    store.folder.mkdir(parents=True, exist_ok=True)
    raw = content if isinstance(content, bytes) else json.dumps(content).encode()
    store.autosave_path.write_bytes(raw)


def envelope(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "big2-save", "version": SAVE_VERSION,
        "saved_at": "2026-11-21T09:00:00+00:00", "kind": "autosave", "name": "",
        "preview": PREVIEW.to_json(), "payload": GAME,
    }
    doc.update(changes)
    return doc


BAD_FILES: dict[str, bytes | object] = {
    "empty": b"",
    "truncated": json.dumps(envelope()).encode()[:60],
    "garbage": b"\x89PNG\r\n\x1a\n\x00\x00binary",
    "not-utf8": b'{"format": "\xff"}',
    "list": [1, 2, 3],
    "foreign-tag": envelope(format="tuxemon-save"),
    "no-tag": {"version": 2, "payload": {}},
    "version-zero": envelope(version=0),
    "version-text": envelope(version="2"),
    "version-bool": envelope(version=True),
    "version-huge": b'{"format": "big2-save", "version": 1' + b"0" * 100 + b"}",
    "huge-int-in-game": b'{"format": "big2-save", "version": 2, "payload": {"x": '
                        + b"9" * 5000 + b"}}",
    "nan": b'{"format": "big2-save", "version": 2, "payload": {"x": NaN}}',
    "deep": b'{"format": "big2-save", "version": 2, "payload": ' + b"[" * 100_000,
    "too-big": b" " * (SAVE_LIMITS.max_bytes + 1),
    "payload-list": envelope(payload=[1]),
    "payload-missing": {k: v for k, v in envelope().items() if k != "payload"},
    "preview-wrong-types": envelope(preview={"players": "Mei", "scores": [1]}),
    "preview-huge-score": envelope(preview={"scores": [10**30]}),
    "preview-not-object": envelope(preview=[]),
    "bad-date": envelope(saved_at="yesterday"),
    "date-number": envelope(saved_at=12),
    "bad-kind": envelope(kind="exploit"),
    "name-object": envelope(name={"a": 1}),
    "v1-bad-date": envelope(version=1, saved_at="soon"),
    "v1-date-overflow": envelope(version=1, saved_at=1e300),
    "v1-no-payload": {"format": "big2-save", "version": 1, "saved_at": 1.0},
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_bad_autosave_gives_a_notice_never_an_exception(store: SaveStore, name: str) -> None:
    write_autosave(store, BAD_FILES[name])
    result = store.load_autosave()
    assert result.value is None and result.source == "none"
    (notice,) = result.notices
    assert notice.severity is Severity.ERROR
    assert notice.text.startswith("Your saved game was damaged (")
    assert "set aside as autosave.json.damaged-" in notice.text
    assert not store.autosave_path.exists()
    assert len(list(store.folder.glob("autosave.json.damaged-*"))) == 1


def test_bad_autosave_with_a_previous_copy(store: SaveStore) -> None:
    store.autosave(GAME, PREVIEW)
    store.autosave(GAME | {"turn": 2}, PREVIEW)
    store.autosave_path.write_bytes(b'{"format": "big2-sa')
    result = store.load_autosave()
    assert result.value is not None and result.value.payload == GAME
    assert "the previous copy was loaded" in result.notices[0].text


def test_newer_version_is_set_aside_as_newer(store: SaveStore) -> None:
    write_autosave(store, envelope(version=SAVE_VERSION + 5))
    result = store.load_autosave()
    assert result.value is None
    assert result.notices[0].text.startswith(
        f"Your saved game was made by a newer version of Big2 (save format {SAVE_VERSION + 5}")
    assert len(list(store.folder.glob("autosave.json.newer-*"))) == 1


def test_payload_validator_rejects_unusable_games(paths: AppPaths) -> None:
    def validate(payload: dict[str, Any]) -> None:
        if "hands" not in payload:
            raise KeyError("hands")

    store = SaveStore(paths, validate_payload=validate)
    with pytest.raises(StorageError, match="its game is not valid"):
        store.autosave({"turn": 1}, PREVIEW)  # never written: it would not load
    SaveStore(paths).autosave({"turn": 1}, PREVIEW)  # a file from elsewhere
    result = store.load_autosave()
    assert result.value is None and "its game is not valid" in result.notices[0].text
    store.autosave(GAME, PREVIEW)
    assert store.load_autosave().value is not None


def test_damaged_slots_are_listed_with_a_problem_and_can_be_deleted(store: SaveStore) -> None:
    store.save_slot("good", GAME, PREVIEW)
    store.save_slot("broken", GAME, PREVIEW)
    store.slot_path("broken").write_bytes(b"garbage")
    backup_path(store.slot_path("broken")).unlink(missing_ok=True)
    (store.folder / "slot-stray-0000.json").write_bytes(json.dumps(envelope(version=99)).encode())
    slots = store.list_slots()
    assert [s.problem is None for s in slots] == [True, False, False]
    assert slots[0].name == "good"
    assert all(s.problem and s.problem.startswith("This save cannot be loaded:")
               for s in slots[1:])
    assert store.slot_path("broken").exists(), "listing must not move files"
    for info in slots[1:]:
        assert store.delete_listed(info)
    assert [s.name for s in store.list_slots()] == ["good"]


def test_slot_with_only_a_previous_copy_is_listed(store: SaveStore) -> None:
    store.save_slot("only-bak", GAME, PREVIEW)
    path = store.slot_path("only-bak")
    path.rename(backup_path(path))
    (info,) = store.list_slots()
    assert info.name == "only-bak" and info.from_backup and info.problem is None
    assert store.load_slot("only-bak").value is not None


def test_interrupted_autosave_at_every_step_still_loads(
    store: SaveStore, faults: FaultInjector
) -> None:
    store.autosave(GAME, PREVIEW)
    faults.arm(None)
    store.autosave(GAME | {"turn": 9}, PREVIEW)
    steps = len(faults.calls)
    for k in range(steps):
        store.autosave(GAME, PREVIEW)
        faults.arm(k)
        try:
            store.autosave(GAME | {"turn": 9}, PREVIEW)
        except StorageError:
            pass
        faults.arm(None)
        result = store.load_autosave()
        assert result.value is not None, f"step {k}: {result.notices}"
        assert result.value.payload["turn"] in (1, 9)


def test_unsavable_payload_is_refused_before_touching_the_file(store: SaveStore) -> None:
    store.autosave(GAME, PREVIEW)
    before = store.autosave_path.read_bytes()
    with pytest.raises(StorageError, match="could not be saved"):
        store.autosave({"x": float("nan")}, PREVIEW)
    with pytest.raises(StorageError):
        store.autosave({"x": object()}, PREVIEW)
    assert store.autosave_path.read_bytes() == before


def test_listing_an_absent_folder_creates_nothing(store: SaveStore) -> None:
    assert store.list_slots() == []
    assert not store.folder.exists()


hostile = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda c: st.lists(c, max_size=3) | st.dictionaries(
        st.sampled_from(["format", "version", "saved_at", "kind", "name", "preview",
                         "payload", "players", "scores", "preset", "hand_number", "x"]),
        c, max_size=6),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hostile, st.booleans())
def test_fuzzed_documents_never_raise(doc: Any, tagged: bool) -> None:
    if tagged and isinstance(doc, dict):
        doc = doc | {"format": "big2-save"}
    try:
        saved = open_envelope(doc)
    except ValueError:
        return
    assert isinstance(saved.payload, dict)
