"""Issue 43, items 7, 8, 14 and 16: what the player saw on the results, New game, title,
session-end and pause screens, driven with real clicks and keys."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIScrollingContainer, UITextEntryLine

from helpers import click_button, key, pump

from big2.app.ui import text
from big2.app.rooms import open_table
from big2.app.screens.pause import PauseScene
from big2.app.table.layout import results_card
from big2.room.config import MatchConfig
from test_session_end import SEATS, _to_results

SIZES = [(800, 600), (1280, 720), (1920, 1080)]


# Item 7: "Deal number copied" covers nothing that matters ----------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_the_deal_copied_toast_covers_no_line_card_or_button(make_app, size):
    app = make_app(size=size)
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=3))
    app.push(table)
    results = _to_results(app, table)
    click_button(app, results.b_copy_deal)
    assert results.toast.shown
    app.draw()
    with text.recording() as drawn:  # what the results dialog itself writes
        results.draw(pygame.display.get_surface())
    toast = results.toast.rect
    assert toast.h > 0 and results.rect.contains(toast)
    words = [d for d in drawn if d.on_screen and results.rect.contains(d.rect)]
    deal_line = next(d for d in words if d.text.startswith("Deal "))
    assert not toast.colliderect(deal_line.rect), (toast, deal_line.rect)
    for d in words:  # the title, the heads, names, points, totals, the line under the hands
        assert not toast.colliderect(d.rect), (d.text, d.rect, toast)
    buttons = [b for b in (results.b_menu, results.b_play_deal, results.b_copy_deal, results.b_next) if b is not None]
    assert not any(toast.colliderect(b.rect) for b in buttons)
    # the cards left in each hand: a row starts where its name is written
    _cw, ch = results_card(app.ui_scale)
    names = [d for d in words if d.text.lstrip("★ ") in ("You", "East", "North", "West")]
    assert len(names) == 4
    for d in names:
        top = d.rect.centery - results.px(18)
        assert toast.top >= top + ch, (d.text, toast)


# Item 8: a refused deal number is said by its field, and only while it is wrong -------------

RED = "A deal number has only digits; 'a' is not one."


def _drawn(app) -> list:
    app.dirty = True
    with text.recording() as drawn:
        app.draw()
    return drawn


def _with_unfinished_game(make_app, size):
    """A title screen with storage and a game left mid-hand (Continue would bring it back)."""
    from big2.app import storage
    from big2.app.screens.title import TitleScene

    app = make_app(size=size)
    st = storage.Storage.open()
    storage.attach(app, st)
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=4))
    app.push(table)
    assert app.run_until(lambda: table.awaiting_human, timeout=20)
    assert st.flush()
    app.reset_to(TitleScene(app))
    pump(app, 2)
    assert app.top.b_continue is not None
    return app, st


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_a_refused_deal_number_is_said_by_its_field_and_goes_when_fixed(make_app, size):
    from helpers import type_text
    from big2.app.screens.newgame import NewGameScene

    app, st = _with_unfinished_game(make_app, size)
    click_button(app, app.top.b_new)
    form = app.top
    assert isinstance(form, NewGameScene)
    type_text(app, form.deal_entry, "abc", enter=False)
    click_button(app, form.b_start)
    assert app.top is form
    said = [d for d in _drawn(app) if d.text.startswith("A deal number")]
    assert " ".join(d.text for d in said) == RED
    entry = form.deal_entry  # (the form rebuilt: a new field)
    # right under the field, in its column, clear of every control
    assert said[0].rect.top >= entry.rect.bottom and said[0].rect.top - entry.rect.bottom <= form.px(12)
    assert all(form.lx - 1 <= d.rect.left and d.rect.right <= form.lx + form.col_w + 1 for d in said)
    kinds = (UIButton, UILabel, UITextEntryLine, UIDropDownMenu, UIScrollingContainer)
    controls = [el for el in app.manager.get_sprite_group().sprites() if isinstance(el, kinds) and el.visible]
    for d in said:
        hit = [(type(el).__name__, el.rect) for el in controls if el.rect.colliderect(d.rect)]
        assert not hit, (d.text, d.rect, hit)
    assert entry.is_focused  # the caret in the field, to fix it
    # the first key that edits it into a number takes the sentence away
    type_text(app, entry, "1", enter=False)
    assert not [d for d in _drawn(app) if d.text.startswith("A deal number")]
    assert form.error == ""
    # Start: the unfinished game's question, with no refusal under it from the form
    click_button(app, form.b_start)
    assert app.top.name == "confirm"
    assert not [d for d in _drawn(app) if "deal number" in d.text.lower()]
    st.close()


def test_a_deal_refusal_stays_while_wrong_goes_when_right_and_never_reaches_the_next_dialog(make_app):
    from helpers import post, type_text

    app, st = _with_unfinished_game(make_app, (1280, 720))
    click_button(app, app.top.b_new)
    form = app.top
    type_text(app, form.deal_entry, "12a", enter=True)  # Enter in the field starts too
    assert app.top is form and form.error == RED
    assert form.deal_entry.is_focused
    post(pygame.TEXTINPUT, text="x")  # "12ax": still wrong, still said
    pump(app, 2)
    assert form.deal_entry.get_text() == "12ax" and form.error == RED
    key(app, pygame.K_BACKSPACE, unicode="\b")
    key(app, pygame.K_BACKSPACE, unicode="\b")  # "12": a deal number
    assert form.deal_entry.get_text() == "12" and form.error == ""
    assert not [d for d in _drawn(app) if d.text.startswith("A deal number")]
    key(app, pygame.K_RETURN)
    assert app.top.name == "confirm"
    assert not [d for d in _drawn(app) if "deal number" in d.text.lower()]
    st.close()


# Item 14: the title's Quit button quits; Esc still asks ------------------------------------


def test_a_click_on_quit_quits_at_once_and_esc_still_asks(make_app):
    from big2.app.screens.title import TitleScene

    app = make_app()
    title = app.push(TitleScene(app))
    pump(app, 2)
    key(app, pygame.K_ESCAPE)  # a key that may be a slip: asked
    assert app.running and app.top.name == "confirm" and app.top.question == "Quit Big Two?"
    key(app, pygame.K_ESCAPE)  # Esc again: no
    assert app.running and app.top is title
    click_button(app, title.b_quit)  # the red button says Quit: no question after it
    assert not app.running and app.top is title


# Item 16a: a real session that ends in a tie for first ---------------------------------------


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_a_session_tied_for_first_says_so_and_names_both(make_app, size):
    from test_session_end import _headline, _play_session

    app = make_app(size=size, animation="normal")
    link = _play_session(app, 2, seed=18)  # two hands, played out: You and West end level
    end = app.top
    totals = list(link.state.totals)
    best = max(totals)
    level = [link.state.names[s] for s in range(4) if totals[s] == best]
    assert level == ["You", "West"], totals
    line = _headline(app)
    assert line == "A tie for first place: You, West", line
    assert not end.animating()  # no confetti for a shared first place
    with text.recording() as drawn:
        app.draw()
    head = next(d for d in drawn if d.text == line)
    assert head.squeeze == 1.0 and end.rect.contains(head.rect)  # whole, not squeezed
    # both are placed first in the standings
    assert [p for p, _n, _t in link.state.standings()][:2] == [1, 1]


# Item 16b: the rules in brief stay whole while house rules are changed -----------------------


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_rules_in_brief_grow_whole_as_house_rules_are_chosen(make_app, size):
    from helpers import pick_option, visible_rect
    from newgame_steps import open_house_rules
    from big2.app.screens.newgame import NewGameScene
    from big2.app.screens.rulesform import table_blurb
    from big2.app.screens.title import TitleScene

    app = make_app(size=size)
    title = app.push(TitleScene(app))
    pump(app, 2)
    click_button(app, title.b_new)
    assert isinstance(app.top, NewGameScene)
    form = open_house_rules(app, app.top)  # the house rules: New game's second step
    picks = [("suit_order", "♣ < ♦ < ♥ < ♠ (Taiwan)"), ("straight_order", "By top card, 2 high: JQKA2 highest"),
             ("flush_order", "All five cards, as in poker"), ("later_leader", "Winner of the last hand"),
             ("direction", "Clockwise")]
    for name, option in picks:
        menu = form.rule_menus[name]  # (looked up afresh: the form may rebuild)
        pick_option(app, menu, option)
        assert form.choices[name].label_of(getattr(form.rules, name)) == option  # (the pick took)
        app.dirty = True
        with text.recording() as drawn:
            app.draw()
        blurb = table_blurb(form.rules, form.scoring)
        box = form.blurb_text.rect
        shown = [d for d in drawn if box.contains(d.rect)]
        assert not form.blurb_text.overflows, (name, len(form.blurb_text.lines), form.blurb_text.rows)
        assert " ".join(d.text for d in shown) == blurb, (name, [d.text for d in shown])
        # under it, clear of it, the house rules' list; the rule just chosen is still in sight
        assert form.rules_box.rect.top >= box.bottom
        still = form.rule_menus[name]
        assert visible_rect(still).size == still.rect.size, name
    assert len(form.blurb_text.lines) >= 3  # it did grow past the two lines it started with


# Item 16c: "kept in Saved games" leaves Recent plays by itself ------------------------------


def test_the_kept_game_banner_goes_by_itself_on_time_while_the_table_waits(make_app, monkeypatch):
    import time

    from big2.app.ui import toast

    monkeypatch.setattr(toast, "INFO_SECONDS", 2.0)
    app, st = _with_unfinished_game(make_app, (800, 600))
    click_button(app, app.top.b_quick)  # a new game while one waits: keep the old one
    assert app.top.name == "confirm"
    click_button(app, app.top.b_yes)  # "Keep it in Saved games"
    table = app.top
    assert st.flush()
    pump(app, 2)
    assert "kept in Saved games" in app.notice_host.visible_text()
    banner = app.notice_host.banner.rect
    log = pygame.Rect(table.layout.log.as_tuple())
    assert banner.colliderect(log)  # at 800x600 the only free felt is over Recent plays…
    assert app.run_until(lambda: table.awaiting_human, timeout=20)
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        app.frame()  # the real loop: it idles while the player thinks
    assert app.notice_host.visible_text(), "gone before it could be read"
    while time.perf_counter() - start < 3.2 and app.notice_host.visible_text():
        app.frame()
    assert not app.notice_host.visible_text(), "…so it goes by itself, on time"  # (it ran slow when idle: 4x)
    st.close()


# Item 16d: the pause menu is as tall as its buttons ------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_the_pause_menu_ends_under_leave_the_game(make_app, size):
    from helpers import click

    app = make_app(size=size)
    table = app.push(open_table(app, MatchConfig(seats=SEATS, hands=2, seed=4)))
    assert app.run_until(lambda: table.awaiting_human, timeout=20)
    click(app, pygame.Rect(table.layout.menu_button.as_tuple()).center)  # the table's Menu
    pause = app.top
    assert isinstance(pause, PauseScene), pause.name
    buttons = [b for b in (pause.b_resume, pause.b_undo, pause.b_hand, pause.b_save, pause.b_rules,
                           pause.b_settings, pause.b_quit) if b is not None]
    side = buttons[0].rect.left - pause.rect.left
    under = pause.rect.bottom - pause.b_quit.rect.bottom  # the last: Leave the game
    assert max(b.rect.bottom for b in buttons) == pause.b_quit.rect.bottom
    assert abs(under - side) <= 2, (under, side)  # no empty strip: the same air as at its sides
    # with the reason written under a greyed Undo, and everything inside
    assert not pause.b_undo.is_enabled and pause.reasons
    assert all(pause.rect.contains(b.rect) for b in buttons)
