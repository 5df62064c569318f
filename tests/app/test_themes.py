"""Issue 44 (feel): three themes (Classic, Midnight, Lacquer), each a felt, a card back and
a deck style together, chosen in Settings by clicks; court cards carry figures; settings
files from before themes load as they were; high contrast still overrides the theme."""

from __future__ import annotations

import os

import pygame
import pytest

from helpers import click_button, pick_option, pump
from storage_helpers import start_app
from test_settings_scene import _open, _stored

from big2.app.screens import common
from big2.app.themes import THEMES, theme_of
from big2.app.ui import cardart
from big2.persistence import AppPaths

KING_OF_HEARTS, ACE_OF_SPADES = 42, 47


def _table_look(app, w=90, h=126):
    """What the themed table shows: the felt's centre, a back, a court face (as drawn now)."""
    app.draw()  # the app hands the theme's deck style to the card art as it draws
    s = app.settings
    felt = common.felt((64, 36), s.felt_colours).get_at((32, 18))[:3]
    back = pygame.image.tobytes(cardart.back(w, h, style=s.card_back), "RGB")
    face = cardart.face(KING_OF_HEARTS, w, h)
    return felt, back, pygame.image.tobytes(face, "RGB"), face.get_at((w // 2, 3))[:3]


def test_each_theme_chosen_by_clicks_draws_its_own_felt_back_and_deck(make_app):
    app, st, s = _open(make_app)
    seen = {}
    for name in ("midnight", "lacquer", "classic"):
        label = {"classic": "Classic", "midnight": "Midnight", "lacquer": "Lacquer"}[name]
        pick_option(app, app.top.dd_theme, label)
        assert app.settings.theme == name
        # the felt and the back under the theme show the theme's pair
        assert app.top.dd_felt.selected_option[1] == THEMES[name].felt
        assert app.top.dd_back.selected_option[1] == THEMES[name].back
        seen[name] = _table_look(app)
    felts, backs, faces, papers = zip(*seen.values())
    assert len(set(felts)) == 3, felts
    assert len(set(backs)) == 3, "two themes draw the same card back"
    assert len(set(faces)) == 3, "two themes draw the same court card"
    assert len(set(papers)) >= 2  # Lacquer's ivory paper is not Classic's white
    _midnight, lacquer, classic = papers
    assert lacquer[2] < classic[2] - 12, (classic, lacquer)  # ivory: warmer, less blue
    t0 = pygame.time.get_ticks()
    while pygame.time.get_ticks() - t0 < 700:  # the storage's watcher saves twice a second
        pump(app, 1)
    saved = _stored(st)
    assert (saved.felt, saved.card_back) == ("green", "blue")
    st.close()


def test_a_felt_or_back_of_ones_own_makes_the_theme_custom(make_app):
    app, st, s = _open(make_app)
    pick_option(app, app.top.dd_back, "Red")
    assert app.settings.theme == "custom" and app.settings.deck_style == "standard"
    assert app.top.dd_theme.selected_option[1] == "custom"
    pick_option(app, app.top.dd_theme, "Midnight")
    assert app.settings.theme == "midnight" and app.settings.deck_style == "silver"
    st.close()


@pytest.mark.parametrize(("felt", "back", "theme"), [
    ("green", "blue", "classic"),   # the old defaults are Classic
    ("blue", "red", "custom"),      # an older choice of one's own stays as it was
    ("charcoal", "blue", "custom"),
])
def test_settings_files_from_before_themes_load_as_they_were(make_app, felt, back, theme):
    paths = AppPaths.under(os.environ["BIG2_HOME"])
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text(f'{{"version": 1, "felt": "{felt}", "card_back": "{back}", "volume": 0.5}}')
    app, st, _title = start_app(make_app)
    assert (app.settings.felt, app.settings.card_back, app.settings.theme) == (felt, back, theme)
    assert app.notice_host.visible_text() == ""  # nothing was reset
    st.close()


def test_court_cards_have_figures_and_every_size_is_drawn(display):
    # a king's picture is not the jack's nor the queen's, and is mirrored top to bottom
    w, h = 120, 168
    kings = pygame.image.tobytes(cardart.face(KING_OF_HEARTS, w, h), "RGB")
    queen = pygame.image.tobytes(cardart.face(KING_OF_HEARTS - 4, w, h), "RGB")
    jack = pygame.image.tobytes(cardart.face(KING_OF_HEARTS - 8, w, h), "RGB")
    assert len({kings, queen, jack}) == 3
    face = cardart.face(KING_OF_HEARTS, w, h)
    # the figure's gold crown in the top half, and again (upside down) in the bottom half
    gold = [(x, y) for x in range(w // 4, 3 * w // 4) for y in range(h)
            if (lambda c: c[0] > 190 and 140 < c[1] < 200 and c[2] < 110)(face.get_at((x, y)))]
    assert any(y < h * 0.3 for _x, y in gold) and any(y > h * 0.7 for _x, y in gold), "no crown top and bottom"
    for size in ((24, 34), (44, 62), (90, 126), (200, 280)):
        img = cardart.face(KING_OF_HEARTS, *size)
        assert img.get_size() == size


def test_high_contrast_overrides_the_theme(make_app):
    app = make_app(felt="oxblood", card_back="lacquer", high_contrast=True)
    app.draw()
    assert app.settings.theme == "lacquer"
    assert app.settings.felt_colours == ((18, 22, 20), (4, 6, 5))  # near black, not oxblood
    face = cardart.face(ACE_OF_SPADES, 90, 126)
    r, g, b = face.get_at((12, 100))[:3]
    assert min(r, g, b) >= 250, (r, g, b)  # white paper, not Lacquer's ivory


def test_theme_of_pairs():
    assert theme_of("midnight", "navy_gold") == "midnight"
    assert theme_of("midnight", "blue") == "custom"


@pytest.fixture
def display():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    cardart.set_deck("standard")
    yield
    cardart.clear_cache()
    pygame.quit()
