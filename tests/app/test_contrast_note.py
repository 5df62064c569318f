"""Issue 43, item 10: with high contrast on (Accessibility), Settings went on offering
"Table felt: Red" and the card back as if they showed, with no word that high contrast
draws its own felt and card edges. Now the felt is greyed and a note under the felt and
the card back says high contrast is on and what it does; it goes when high contrast does."""

from __future__ import annotations

import pygame
import pytest

from helpers import click, click_button, pick_option, pump
from test_settings_scene import _open

from big2.app.screens.accessibility import AccessibilityScene
from big2.app.screens.settings import SettingsScene
from big2.app.ui import text


def _switch_high_contrast(app) -> SettingsScene:
    """Accessibility…, High contrast, Done: by clicks, back on Settings (a fresh form)."""
    click_button(app, app.top.b_access)
    assert isinstance(app.top, AccessibilityScene)
    click_button(app, app.top.toggles["high_contrast"])
    click_button(app, app.top.b_done)
    assert isinstance(app.top, SettingsScene)
    pump(app)
    return app.top


def _notes(app, s: SettingsScene):
    with text.recording() as drawn:
        app.draw()
    return [d for d in drawn if "High contrast" in d.text]


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_settings_say_high_contrast_overrides_the_felt_and_card_back(make_app, size):
    app, st, _s = _open(make_app, size)
    pick_option(app, app.top.dd_felt, "Red")
    assert app.settings.felt == "red"
    s = _switch_high_contrast(app)
    assert app.settings.high_contrast

    assert not s.dd_felt.is_enabled, "the felt it overrides is still offered as if it showed"
    click(app, s.dd_felt.rect.center)
    assert s.dd_felt.current_state is not s.dd_felt.menu_states.get("expanded")
    notes = _notes(app, s)
    assert notes, "nothing says high contrast is on"
    area = pygame.Rect(s.dd_back.rect.left - s.col, s.dd_back.rect.bottom, 2 * s.col, s.b_four.rect.top - s.dd_back.rect.bottom)
    for note in notes:  # under the felt and the card back, in the column, clear of every control
        assert area.contains(note.rect), (note.rect, area)
        assert note.squeeze >= 0.99
        for el in (s.dd_back, s.b_four, s.b_auto, s.dd_felt):
            assert not note.rect.colliderect(el.rect), el
    # the form still fits: Done and the last controls are where they were meant to be
    assert s.b_full.rect.bottom <= s.b_back.rect.top

    s = _switch_high_contrast(app)  # off again: the felt chosen is offered, the note gone
    assert not app.settings.high_contrast and app.settings.felt == "red"
    assert s.dd_felt.is_enabled and not _notes(app, s)
    st.close()
