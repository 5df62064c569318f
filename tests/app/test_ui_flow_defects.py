"""Issue 27, defect 9 (the ui-flow part): opaque banners, "Pass" bubbles clear of the
cards, the unfinished-game question with Cancel and the page drawn behind it (and behind
the language picker), and New game without a hole at two seats."""

from __future__ import annotations

import pygame

from helpers import click_button, key, pick_option, pump
from newgame_steps import open_house_rules

from big2.app import storage
from big2.app.ui import text
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.common import veil
from big2.app.screens.confirm import ConfirmScene
from big2.app.screens.language_picker import LanguageScene
from big2.app.screens.newgame import NewGameScene
from big2.app.screens.settings import SettingsScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.screens.title import TitleScene

SEATS = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))


def _frame(app) -> pygame.Surface:
    app.draw()
    return app.screen.copy()


def _region(surf, rect) -> bytes:
    return pygame.image.tobytes(surf.subsurface(rect), "RGB")


def _veiled_page_behind(app, before: pygame.Surface, dialog, control_rect: pygame.Rect) -> None:
    """The dialog's frame shows ``control_rect`` of the page as it was, veiled."""
    assert not control_rect.colliderect(dialog.rect.inflate(40, 40)), "pick a control clear of the dialog"
    after = _frame(app)
    expected = before.copy()
    veil(expected, 150)
    assert _region(after, control_rect) == _region(expected, control_rect)


def test_the_unfinished_game_question_has_cancel_and_the_title_behind_it(make_app):
    app = make_app(size=(800, 600))
    st = storage.Storage.open()
    storage.attach(app, st)
    app.push(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_quick)
    table = app.top
    assert isinstance(table, TableScene)
    assert app.run_until(lambda: table.awaiting_human, timeout=30)
    key(app, pygame.K_ESCAPE)
    click_button(app, app.top.b_quit)  # Leave the game…
    click_button(app, app.top.b_yes)  # …Leave
    title = app.top
    assert isinstance(title, TitleScene) and title.b_continue is not None
    pump(app)
    before = _frame(app)
    about = title.b_about.rect.copy()
    click_button(app, title.b_quick)
    ask = app.top
    assert isinstance(ask, ConfirmScene) and ask.b_cancel is not None
    _veiled_page_behind(app, before, ask, about)
    # every button has its own room
    buttons = [ask.b_cancel.rect, ask.b_no.rect, ask.b_yes.rect]
    assert all(ask.rect.contains(b) for b in buttons)
    assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    click_button(app, ask.b_cancel)
    assert app.top is title and app.find(TableScene) is None
    assert storage.can_continue(app)  # the unfinished game is still there
    st.close()


def test_the_language_picker_shows_settings_behind_it(make_app):
    app = make_app(size=(1280, 720))
    app.push(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_settings)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    pump(app)
    before = _frame(app)
    click_button(app, settings.b_language)
    picker = app.top
    assert isinstance(picker, LanguageScene)
    control = settings.dd_back.rect.copy()  # the part of a control on the right clear of the picker
    control.width = control.right - (picker.rect.right + 30)
    control.x = picker.rect.right + 30
    assert control.width > 40
    _veiled_page_behind(app, before, picker, control)
    key(app, pygame.K_ESCAPE)
    assert app.top is settings


def _keys_until(app, table, done, tries=80):
    """Pass when allowed, else play the hint, by keys, until ``done()``."""
    for _ in range(tries):
        assert app.run_until(lambda: done() or table.awaiting_human or app.top is not table, timeout=30)
        if done() or app.top is not table:
            return
        before = len(table.link.room.match.game.history)
        key(app, pygame.K_p)
        if len(table.link.room.match.game.history) == before:
            key(app, pygame.K_h)
            key(app, pygame.K_RETURN)


def test_a_pass_bubble_sits_clear_of_the_seats_cards(make_app):
    def badge_rect(lay, p: int) -> pygame.Rect:
        """The seat's "Pass" chip place (inside the place of its last play)."""
        return pygame.Rect(lay.seats[p].badge.as_tuple())

    for size in ((800, 600), (1280, 720)):
        app = make_app(size=size, pace="slow")
        table = open_table(app, MatchConfig(seats=SEATS, hands=1, seed=5))
        app.push(table)
        north = next(s for s in range(4) if table.pos_of(s) == 2)
        _keys_until(app, table, lambda: bool(table.badges.get(north)))
        assert table.badges.get(north), "North never passed"
        with text.recording() as drawn:
            app.draw()
        fan = pygame.Rect(table.layout.seats[2].fan.as_tuple())
        bubble = next(d.rect for d in drawn if d.text == table.badges[north])
        assert not bubble.colliderect(fan)
        assert not badge_rect(table.layout, 2).colliderect(fan)
        for p in range(len(table.layout.seats)):  # no seat's bubble on anyone's cards
            for spot in table.layout.seats:
                assert not badge_rect(table.layout, p).colliderect(pygame.Rect(spot.fan.as_tuple())), (size, p)
        app.close()


def test_win_and_last_card_banners_hide_what_is_under_them(make_app):
    app = make_app(size=(1280, 720))
    table = open_table(app, MatchConfig(seats=SEATS, hands=1, seed=5))
    app.push(table)
    _keys_until(app, table, lambda: table.banner is not None)
    assert table.banner is not None
    message, _until, colour = table.banner
    lay = table.layout
    size = max(18, int(lay.font_px * 2.0 * max(0.2, table.banner_scale)))  # as the table draws it
    words = text.render(message, size, colour, bold=True).get_rect(center=pygame.Rect(lay.banner.as_tuple()).center)
    app.draw()
    with_banner = app.screen.copy()
    banner, table.banner = table.banner, None
    app.draw()
    without = app.screen.copy()
    table.banner = banner
    # the panel's padding left of the words: what is under it barely shows through
    strip = pygame.Rect(words.x - 16, words.centery - 4, 10, 8)
    seen = sum(_region(with_banner, strip))
    under = sum(_region(without, strip))
    assert seen <= 0.12 * under, (seen, under)


def test_new_game_at_two_seats_has_no_hole_in_the_form(make_app):
    app = make_app(size=(1280, 720))
    app.push(TitleScene(app))
    pump(app)
    click_button(app, app.top.b_new)
    form = app.top
    assert isinstance(form, NewGameScene)
    pick_option(app, form.dd_players, "2")
    form = app.top
    assert form.n == 2 and len(form.kind_menus) == 2
    # the session and "Play a deal" follow the two seats' rows
    assert form.dd_length.rect.top - form.kind_menus[-1].rect.bottom <= form.px(40)
    assert form.deal_entry.rect.top - form.dd_length.rect.bottom <= form.px(40)
    # on the second step, undo with several people follows the scoring's explanation
    page = open_house_rules(app, form)
    with text.recording() as drawn:
        app.draw()
    left = [d.rect for d in drawn if d.rect.x < page.rx - page.px(10) and page.scoring_y <= d.rect.y < page.dd_undo.rect.y]
    assert left, "the scoring's explanation is drawn"
    hole = page.dd_undo.rect.y - max(r.bottom for r in left)
    assert hole <= page.px(40), hole
