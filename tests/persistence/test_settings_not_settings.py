"""Issue 43, item 19: a settings file holding none of the settings (``{}``) is damaged.

It once loaded as the defaults without a word: every choice the player had made was gone
and nothing said so. Now it is treated as any damaged file (set aside, the previous copy
or the defaults used, the player told), while a file with some settings still keeps the
keys this version does not know (DESIGN.md: unknown keys kept).
"""

from __future__ import annotations

import json

import pytest

from big2.persistence.checksum import seal
from big2.persistence.paths import AppPaths
from big2.persistence.settings import DEFAULTS, Settings, SettingsStore


def _write(paths: AppPaths, content: dict[str, object], *, sealed: bool = False) -> bytes:
    raw = json.dumps(seal(content) if sealed else content).encode()
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_bytes(raw)
    return raw


@pytest.mark.parametrize(("content", "sealed"), [
    ({}, False),
    ({"colour_scheme": "dark", "zoom": 2}, False),  # only keys this version does not know
    ({"version": 2}, True),  # a version is not a setting
], ids=["empty", "unknown-keys-only", "version-only"])
def test_a_file_with_none_of_the_settings_is_set_aside_and_told(
        paths: AppPaths, content: dict[str, object], sealed: bool) -> None:
    raw = _write(paths, content, sealed=sealed)
    result = SettingsStore(paths).load()
    assert result.value == DEFAULTS and result.source == "none"
    texts = [n.text for n in result.notices]
    assert texts[0].startswith("Your settings file was damaged (it holds none of the settings); "
                               "it was set aside as settings.json.damaged-")
    assert texts[-1] == "The default settings are used."
    (aside,) = paths.config_dir.glob("settings.json.damaged-*")
    assert aside.read_bytes() == raw  # kept, not deleted
    assert not paths.settings_file.exists()


def test_an_emptied_file_falls_back_to_the_previous_copy(paths: AppPaths) -> None:
    store = SettingsStore(paths)
    store.save(Settings(player_name="Mei"))
    store.save(Settings(player_name="Mei", felt="blue"))
    _write(paths, {})
    result = store.load()
    assert result.source == "backup" and result.value.player_name == "Mei"
    assert result.notices[0].text.endswith("and the previous copy was loaded.")


def test_one_known_setting_is_enough_and_unknown_keys_are_kept(paths: AppPaths) -> None:
    _write(paths, {"felt": "blue", "from_a_newer_version": [1, 2]})
    store = SettingsStore(paths)
    result = store.load()
    assert result.notices == () and result.source == "main"
    assert result.value.felt == "blue" and result.value.extra == {"from_a_newer_version": [1, 2]}
    store.save(result.value)
    assert json.loads(paths.settings_file.read_text())["from_a_newer_version"] == [1, 2]
