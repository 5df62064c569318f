"""Settings: round trip, unknown keys kept, every bad value replaced with a notice."""

from __future__ import annotations

import dataclasses
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from big2.persistence import settings as settings_module
from big2.persistence.atomic import backup_path
from big2.persistence.checksum import seal
from big2.persistence.notices import Severity, StorageError
from big2.persistence.paths import AppPaths
from big2.persistence.settings import (
    DEFAULTS, Settings, SettingsStore, settings_from_json,
)

CUSTOM = Settings(
    player_name="Mei",
    rules_preset="pusoy-dos",
    house_rules={"suit_order": "cshd", "bombs": True, "target": 200, "list": [1, "a"]},
    scoring="pairwise",
    opponents=("beginner", "expert"),
    animation_speed="slow",
    computer_pace="fast",
    four_colour_deck=True,
    card_back="red",
    felt="charcoal",
    volume=0.25,
    muted=True,
    auto_pass=True,
    window_width=1920,
    window_height=1080,
    fullscreen=True,
    language="zh_Hant",
)


def write_raw(paths: AppPaths, data: bytes) -> None:
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_bytes(data)


def write_json(paths: AppPaths, obj: object, *, sealed: bool = True) -> None:
    """Write ``obj`` as the settings file; ``sealed``: with its checksum, as the game
    writes its files (so the values inside are what is tested, not the checksum)."""
    if sealed and isinstance(obj, dict):
        obj = seal(obj)
    write_raw(paths, json.dumps(obj).encode())


def test_missing_file_gives_defaults_silently(paths: AppPaths) -> None:
    result = SettingsStore(paths).load()
    assert result.value == DEFAULTS and result.notices == () and result.source == "none"
    assert not paths.config_dir.exists(), "loading must not create folders"


def test_round_trip(paths: AppPaths) -> None:
    store = SettingsStore(paths)
    store.save(CUSTOM)
    result = store.load()
    assert result.value == CUSTOM and result.notices == ()
    assert result.value.opponents == ("beginner", "expert")


def test_unknown_keys_survive_a_save(paths: AppPaths) -> None:
    write_json(paths, {"volume": 0.5, "future_option": {"deep": [1, 2, {"x": None}]},
                       "zz": "kept"})
    store = SettingsStore(paths)
    loaded = store.load().value
    assert loaded.volume == 0.5
    store.save(dataclasses.replace(loaded, muted=True))
    on_disk = json.loads(paths.settings_file.read_text())
    assert on_disk["future_option"] == {"deep": [1, 2, {"x": None}]}
    assert on_disk["zz"] == "kept" and on_disk["muted"] is True


BAD_VALUES: list[tuple[str, Any]] = [
    ("player_name", ""), ("player_name", "   "), ("player_name", 42),
    ("player_name", "x" * 25), ("player_name", "bell\u0007"), ("player_name", None),
    ("rules_preset", ["standard"]), ("rules_preset", ""),
    ("scoring", 5), ("scoring", "x" * 41), ("scoring", None),
    ("house_rules", []), ("house_rules", "bombs"), ("house_rules", {"a": {"b": 1}}),
    ("house_rules", {"a": 10**10}), ("house_rules", {"a": "x" * 201}),
    ("house_rules", {str(i): i for i in range(65)}), ("house_rules", {"a": [[1]]}),
    ("opponents", []), ("opponents", ["normal"] * 4), ("opponents", ["godlike"]),
    ("opponents", "normal"), ("opponents", [1, 2]),
    ("animation_speed", "ludicrous"), ("animation_speed", 1),
    ("computer_pace", "off"), ("computer_pace", None),
    ("card_back", "green"), ("card_back", 0), ("auto_pass", "on"),
    ("four_colour_deck", 1), ("four_colour_deck", "yes"),
    ("felt", "pink"), ("felt", "GREEN"),
    ("volume", 1.5), ("volume", -0.1), ("volume", "loud"), ("volume", True),
    ("volume", 10**19), ("volume", 1e308),
    ("muted", 0), ("muted", "false"),
    ("window_width", 799), ("window_width", 100_000), ("window_width", 1280.0),
    ("window_width", 10**19), ("window_width", True), ("window_height", -720),
    ("window_height", "720"),
    ("fullscreen", None), ("fullscreen", [True]),
    ("language", "zh"), ("language", "zh_TW"), ("language", "EN"), ("language", 1),
    ("language", None),
    ("version", -1), ("version", "1"), ("version", 10**18),
]


@pytest.mark.parametrize(("key", "bad"), BAD_VALUES)
def test_each_bad_value_becomes_its_default(
    paths: AppPaths, caplog: pytest.LogCaptureFixture, key: str, bad: Any
) -> None:
    good = CUSTOM.to_json()
    good[key] = bad
    write_json(paths, good)
    with caplog.at_level(logging.WARNING, logger="big2.persistence.settings"):
        result = SettingsStore(paths).load()
    expected = dataclasses.replace(CUSTOM, **{key: getattr(DEFAULTS, key)})
    assert result.value == expected
    (notice,) = result.notices
    assert notice.severity is Severity.WARNING
    assert "reset to their defaults" in notice.text
    assert str(settings_module._LABELS[key]) in notice.text  # named as the screens name it
    assert f"{key}:" not in notice.text  # field names and reasons go to the log, not the player
    assert any(key in r.getMessage() for r in caplog.records)
    # the repaired file was written back, so the next load is quiet
    again = SettingsStore(paths).load()
    assert again.value == expected and again.notices == ()
    assert backup_path(paths.settings_file).exists()


def test_nan_and_huge_literals_in_the_file(paths: AppPaths) -> None:
    write_raw(paths, b'{"volume": NaN, "felt": "blue"}')
    result = SettingsStore(paths).load()
    assert result.value == DEFAULTS
    assert "damaged" in result.notices[0].text and "NaN" in result.notices[0].text
    write_raw(paths, b'{"window_width": 1' + b"0" * 30 + b', "felt": "blue"}')
    result = SettingsStore(paths).load()
    assert result.value == DEFAULTS and "31 digits" in result.notices[0].text


@pytest.mark.parametrize(
    "content",
    [b"[1, 2, 3]", b'"settings"', b"42", b"null", b"true", b"", b"\x00\x01\x02garbage",
     b'{"volume": 0.5, "felt": "bl', b"{" * 5000, b'{"a": ' + b"[" * 40 + b"]" * 40 + b"}",
     b" " * (300 * 1024)],
    ids=["list", "string", "number", "null", "bool", "empty", "binary", "truncated",
         "deep-hostile", "deep-unknown-key", "too-big"],
)
def test_damaged_file_is_set_aside_and_defaults_used(paths: AppPaths, content: bytes) -> None:
    write_raw(paths, content)
    result = SettingsStore(paths).load()
    assert result.value == DEFAULTS
    assert result.notices[0].text.startswith("Your settings file was damaged")
    assert "set aside as settings.json.damaged-" in result.notices[0].text
    assert result.notices[-1].text == "The default settings are used."
    aside = list(paths.config_dir.glob("settings.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content


def test_damaged_file_with_good_previous_copy(paths: AppPaths) -> None:
    store = SettingsStore(paths)
    store.save(CUSTOM)
    store.save(dataclasses.replace(CUSTOM, volume=0.9))
    write_raw(paths, b"\x00garbage")
    result = store.load()
    assert result.value == CUSTOM and result.source == "backup"
    assert result.notices[0].text.endswith("the previous copy was loaded.")
    # repaired at once: the main file holds the recovered settings
    assert json.loads(paths.settings_file.read_text())["volume"] == 0.25


def test_newer_version_keeps_its_number_and_keys(paths: AppPaths) -> None:
    data = CUSTOM.to_json() | {"version": 7, "new_thing": [1]}
    write_json(paths, data)
    store = SettingsStore(paths)
    loaded = store.load().value
    assert loaded.version == 7 and loaded.extra == {"new_thing": [1]}
    store.save(loaded)
    written = json.loads(paths.settings_file.read_text())
    assert written.pop("checksum").startswith("sha256:") and written == data


def test_constructor_refuses_bad_values() -> None:
    with pytest.raises(ValueError, match="setting volume"):
        dataclasses.replace(DEFAULTS, volume=2.0)
    with pytest.raises(ValueError, match="setting felt"):
        Settings(felt="purple")
    assert Settings(player_name="  Ann ").player_name == "Ann"
    assert Settings(opponents=["expert"]).opponents == ("expert",)  # type: ignore[arg-type]


def test_opponent_levels_cover_the_ai_levels() -> None:
    from big2.ai import LEVELS  # the contract between the two layers
    from big2.persistence.settings import OPPONENT_LEVELS
    assert set(LEVELS) | {"human"} == set(OPPONENT_LEVELS)


def test_save_failure_is_a_storage_error(paths: AppPaths) -> None:
    paths.config_dir.parent.mkdir(parents=True)
    paths.config_dir.write_bytes(b"")  # a file where the folder should be
    with pytest.raises(StorageError):
        SettingsStore(paths).save(CUSTOM)


json_scalars = (st.none() | st.booleans() | st.integers() | st.text(max_size=30)
                | st.floats(allow_nan=True, allow_infinity=True))
json_values = st.recursive(json_scalars, lambda c: st.lists(c, max_size=4)
                           | st.dictionaries(st.text(max_size=8), c, max_size=4),
                           max_leaves=12)
field_names = st.sampled_from([f.name for f in dataclasses.fields(Settings)] + ["other"])


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(field_names, json_values))
def test_any_object_gives_valid_settings(data: dict[str, Any]) -> None:
    loaded, problems = settings_from_json(data)
    assert isinstance(loaded, Settings)
    # whatever was accepted survives a rebuild unchanged
    assert Settings(**{f.name: getattr(loaded, f.name)
                       for f in dataclasses.fields(Settings)}) == loaded
    assert len(problems) <= len(data)


def test_settings_file_in_config_dir(paths: AppPaths, big2_home: Path) -> None:
    SettingsStore(paths).save(DEFAULTS)
    assert (big2_home / "config" / "settings.json").is_file()


def test_every_setting_has_a_label_for_notices() -> None:
    """A setting added without a label would be named "Settings file version" to the player."""
    known = {f.name for f in dataclasses.fields(settings_module.Settings)} - {"extra"}
    assert known == set(settings_module._LABELS)


def test_a_reset_notice_names_each_setting_once_in_the_players_language() -> None:
    from big2 import i18n

    notice = settings_module.reset_notice(["window_width: too small", "window_height: too big", "volume: bad"])
    assert notice.message is not None
    assert str(notice.message) == "Some settings were not valid and were reset to their defaults: Window size; Volume."
    i18n.set_language("zh_Hant")
    try:
        shown = i18n.render(notice.message)
        assert "視窗" in shown and "音量" in shown and "Window" not in shown
    finally:
        i18n.set_language("en")
