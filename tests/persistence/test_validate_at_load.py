"""Issue 28, cases 2 and 3: everything a save holds that the game will later use is
checked at load by the code that will use it, so a save loads whole or is refused at
once. A damaged rule inside the hand's start (kept for the score history) once loaded,
played the hand and crashed at its end, every launch; a preview holding a lone surrogate
once crashed Saved games every time it was opened."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from big2.persistence.envelope import Preview
from big2.persistence.notices import StorageError
from big2.persistence.paths import AppPaths
from big2.persistence.saves import SaveStore
from big2.persistence.sessioncodec import check_payload, load_payload
from big2.persistence.textcheck import check_texts

FIXTURE = Path(__file__).parent / "fixtures" / "autosave_v2_before_checksums.json"


@pytest.fixture
def payload() -> dict[str, Any]:
    """A real autosave's payload: a hand in progress, with its start kept."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))["payload"]
    check_payload(data)
    assert isinstance(data["app"]["hand_start"], dict)
    return data


START_DAMAGE = {
    "a misspelt direction": lambda s: s["rules"].__setitem__("direction", "anticlockhise"),
    "an unknown rule": lambda s: s["rules"].__setitem__("sideways", True),
    "other rules than the hand": lambda s: s["rules"].__setitem__("lone_two", "forbidden"),
    "rules not a table": lambda s: s.__setitem__("rules", []),
    "a start without its history": lambda s: s.pop("history"),
}


@pytest.mark.parametrize("how", list(START_DAMAGE))
def test_a_damaged_hand_start_is_refused_at_load(payload: dict[str, Any], how: str) -> None:
    bad = copy.deepcopy(payload)
    START_DAMAGE[how](bad["app"]["hand_start"])
    load_payload(bad)  # the session itself still reads...
    with pytest.raises(ValueError, match="the hand's start|score history"):
        check_payload(bad)  # ...but the hand could not be recorded at its end


def test_a_save_whose_every_copy_has_a_bad_start_is_refused_whole(paths: AppPaths, payload: dict[str, Any]) -> None:
    """Case 2 as it happened: every autosave of the hand wrote the same bad value."""
    bad = copy.deepcopy(payload)
    bad["app"]["hand_start"]["rules"]["direction"] = "anticlockhise"
    store = SaveStore(paths, validate_payload=check_payload)
    with pytest.raises(StorageError, match="the hand's start"):
        store.autosave(bad, Preview())  # this version never writes it (issue 43, item 17)
    written_before = SaveStore(paths)  # as the version of case 2 wrote it
    written_before.autosave(bad, Preview())
    written_before.autosave(bad, Preview())
    loaded = store.load_autosave()
    assert loaded.value is None  # refused at once: nothing reaches the table
    text = " ".join(n.text for n in loaded.notices)
    assert "the hand's start" in text and "set aside" in text
    assert not store.has_autosave()


@pytest.mark.parametrize("where", ["preview player", "preview preset", "slot name", "session name",
                                   "app seat", "deep in the game"])
def test_a_lone_surrogate_anywhere_is_refused_with_a_sentence(paths: AppPaths, payload: dict[str, Any],
                                                               where: str) -> None:
    store = SaveStore(paths, validate_payload=check_payload)
    store.save_slot("Friday", payload, Preview(("You", "East", "North", "West"), "standard", (0, 0, 0, 0), 1))
    path = store.slot_path("Friday")
    doc = json.loads(path.read_text(encoding="utf-8"))
    if where == "preview player":
        doc["preview"]["players"][1] = "\ud800"
    elif where == "preview preset":
        doc["preview"]["preset"] = "x\udfff"
    elif where == "slot name":
        doc["name"] = "Fri\ud800"
    elif where == "session name":
        doc["payload"]["session"]["names"][2] = "\ud800"
    elif where == "app seat":
        doc["payload"]["app"]["seats"][1][0] = "East\ud800"
    else:
        doc["payload"]["session"]["rules"]["\ud800"] = 1
    from big2.persistence.checksum import seal

    # sealed: the checksum matches, so only the check of the texts can refuse it
    path.write_text(json.dumps(seal(doc)), encoding="utf-8")
    (info,) = store.list_slots()
    assert info.problem is not None and "surrogate" in info.problem
    info.problem.encode("utf-8")  # the sentence itself can be drawn
    assert "\ud800" not in info.problem and info.preview is None
    loaded = store.load_listed(info)
    assert loaded.value is None and "surrogate" in loaded.notices[0].text


def test_texts_are_checked_for_length_and_control_characters() -> None:
    check_texts({"a": ["fine text", {"b": "中文 ♠"}]})
    for bad in ("x" * 1001, "bell\a", "new\nline", "\udc80"):
        with pytest.raises(ValueError):
            check_texts({"k": [bad]})
        with pytest.raises(ValueError):
            check_texts({bad: 1})
