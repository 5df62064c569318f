"""Issue 28, case 4: every file the game writes carries a checksum of its content, so a
damaged file (a flipped bit in the random state, a swapped type, a deleted key) is told
from a good one: set aside with a sentence, the previous good copy offered, never
loaded as another game. Files written before checksums (today's main) still load."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from big2.persistence.atomic import backup_path
from big2.persistence.checksum import CHECKSUM_KEY, canonical, digest
from big2.persistence.envelope import Preview
from big2.persistence.notices import Severity
from big2.persistence.paths import AppPaths
from big2.persistence.saves import SaveStore
from big2.persistence.sessioncodec import check_payload, load_payload
from big2.persistence.settings import DEFAULTS, SettingsStore

FIXTURES = Path(__file__).parent / "fixtures"
GAME = {"hands": [[0, 1, 2], [3, 4], [5], [51]], "turn": 1, "rng": [3, [1, 2, 3], None]}
PREVIEW = Preview(("Mei", "Bot A", "Bot B", "Bot C"), "standard", (3, -1, -1, -1), 4)


def _doc(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _write(path: Path, doc: dict[str, Any]) -> None:
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")


def test_saves_carry_a_checksum_of_their_content(paths: AppPaths) -> None:
    store = SaveStore(paths)
    store.autosave(GAME, PREVIEW)
    store.save_slot("Friday", GAME, PREVIEW)
    for path in (store.autosave_path, store.slot_path("Friday")):
        doc = _doc(path)
        assert doc[CHECKSUM_KEY] == digest(doc) and doc["version"] == 3
    # the indentation is not the content: the same document written compactly still loads
    doc = _doc(store.autosave_path)
    store.autosave_path.write_text(json.dumps(doc), encoding="utf-8")
    assert store.load_autosave().value.payload == GAME


DAMAGE = {
    "bit flip in a number": lambda d: d["payload"]["rng"][1].__setitem__(1, 3),
    "type swap": lambda d: d["payload"].__setitem__("turn", "1"),
    "deleted key": lambda d: d["payload"].pop("turn"),
    "deleted checksum": lambda d: d.pop(CHECKSUM_KEY),
    "checksum of something else": lambda d: d.__setitem__(CHECKSUM_KEY, "sha256:" + "0" * 64),
    "version turned back": lambda d: d.__setitem__("version", 2),
    "preview": lambda d: d["preview"].__setitem__("scores", [3, -1, -1, -2]),
    "name": lambda d: d.__setitem__("name", "x"),
}


@pytest.mark.parametrize("how", list(DAMAGE))
def test_a_damaged_save_is_set_aside_and_the_previous_copy_offered(paths: AppPaths, how: str) -> None:
    store = SaveStore(paths)
    store.autosave(GAME, PREVIEW)
    store.autosave(GAME | {"turn": 2}, PREVIEW)
    doc = _doc(store.autosave_path)
    DAMAGE[how](doc)
    _write(store.autosave_path, doc)
    loaded = store.load_autosave()
    assert loaded.source == "backup" and loaded.value is not None
    assert loaded.value.payload == GAME  # the previous good copy, never the damaged game
    (notice,) = loaded.notices
    assert notice.severity is Severity.WARNING
    assert notice.text.startswith("Your saved game was damaged (its checksum")
    assert "set aside as autosave.json.damaged-" in notice.text and "previous copy was loaded" in notice.text
    assert len(list(store.folder.glob("autosave.json.damaged-*"))) == 1


def test_a_damaged_slot_is_listed_with_its_problem(paths: AppPaths) -> None:
    store = SaveStore(paths)
    store.save_slot("Friday", GAME, PREVIEW)
    path = store.slot_path("Friday")
    doc = _doc(path)
    doc["payload"]["turn"] = 7
    _write(path, doc)
    (info,) = store.list_slots()
    assert info.problem is not None and "checksum does not match" in info.problem
    loaded = store.load_listed(info)
    assert loaded.value is None and "checksum does not match" in loaded.notices[0].text


def test_a_save_written_before_checksums_still_loads_and_is_the_same_game(paths: AppPaths) -> None:
    """The fixture was written by main before this change (format 2, no checksum)."""
    old = _doc(FIXTURES / "autosave_v2_before_checksums.json")
    assert old["version"] == 2 and CHECKSUM_KEY not in old
    store = SaveStore(paths, validate_payload=check_payload)
    store.folder.mkdir(parents=True)
    shutil.copy(FIXTURES / "autosave_v2_before_checksums.json", store.autosave_path)
    loaded = store.load_autosave()
    assert loaded.notices == () and loaded.value is not None
    assert loaded.value.payload == old["payload"]
    resumed = load_payload(loaded.value.payload)
    assert resumed.session.current is not None and len(resumed.session.current.history) >= 6
    # written again, it carries a checksum and the same content
    store.autosave(loaded.value.payload, loaded.value.preview)
    again = _doc(store.autosave_path)
    assert again["version"] == 3 and again[CHECKSUM_KEY] == digest(again)
    assert canonical(again["payload"]) == canonical(old["payload"])


def test_settings_carry_a_checksum_and_a_damaged_file_is_set_aside(paths: AppPaths) -> None:
    store = SettingsStore(paths)
    first = DEFAULTS
    store.save(first)
    import dataclasses

    second = dataclasses.replace(DEFAULTS, volume=0.3, felt="blue")
    store.save(second)
    doc = _doc(paths.settings_file)
    assert doc[CHECKSUM_KEY] == digest(doc) and doc["version"] == 2
    doc["volume"] = 0.7  # a valid value, but not the one written: damage
    _write(paths.settings_file, doc)
    loaded = store.load(repair=False)
    assert loaded.source == "backup" and loaded.value == first
    assert "checksum does not match" in loaded.notices[0].text
    assert "previous copy was loaded" in loaded.notices[0].text


def test_settings_written_before_checksums_still_load(paths: AppPaths) -> None:
    paths.settings_file.parent.mkdir(parents=True)
    shutil.copy(FIXTURES / "settings_before_checksums.json", paths.settings_file)
    loaded = SettingsStore(paths).load()
    assert loaded.notices == () and loaded.source == "main"
    assert loaded.value.version == 1 and loaded.value.extra == {}
    assert loaded.value.window_width == 1280
    SettingsStore(paths).save(loaded.value)
    doc = _doc(paths.settings_file)
    assert doc["version"] == 2 and doc[CHECKSUM_KEY] == digest(doc)
    assert SettingsStore(paths).load().notices == ()
    assert backup_path(paths.settings_file).exists()
