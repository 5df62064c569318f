"""The app's marked words for engine ids stay in step with the engine."""

from __future__ import annotations

from big2.ai import LEVELS
from big2.app import vocab
from big2.engine import PRESETS


def test_every_preset_has_its_engine_title() -> None:
    assert {name: vocab.preset_title(name) for name in PRESETS} == {
        name: preset.title for name, preset in PRESETS.items()}
    assert vocab.preset_title("house-special") == "house-special"  # unknown: shown as is


def test_every_computer_level_has_a_word() -> None:
    assert [vocab.level(name) for name in LEVELS] == list(LEVELS)
