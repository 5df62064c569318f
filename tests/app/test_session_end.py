"""Issue 27, defects 5 and 7: the end of a session calls a tie a tie, celebrates only a
player's own win (behind the dialog), lists the hands with ways to Statistics and the
replay; the results' Menu opens the same pause menu as the table's."""

from __future__ import annotations

import pygame

from helpers import click, click_button, key, post, pump

from big2.app import storage
from big2.app.ui import text
from big2.room.config import MatchConfig, SeatConfig
from big2.app.screens.pause import PauseScene
from big2.app.screens.replay import ReplayScene
from big2.app.screens.results import ResultsScene
from big2.app.screens.session_end import SessionEndScene
from big2.app.screens.statistics import StatisticsScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table

SEATS = (SeatConfig("You", True), SeatConfig("East", False), SeatConfig("North", False), SeatConfig("West", False))


def _to_results(app, table):
    """Esc, then "Let the computer play my hand" (clicked): on to the hand's results."""
    assert app.run_until(lambda: table.awaiting_human or isinstance(app.top, ResultsScene), timeout=30)
    if not isinstance(app.top, ResultsScene):
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseScene)
        click_button(app, app.top.b_hand)
        assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=60)
    return app.top


def _play_session(app, hands, seed=7):
    table = open_table(app, MatchConfig(seats=SEATS, hands=hands, seed=seed))
    app.push(table)
    for _ in range(hands):
        results = _to_results(app, table)
        click_button(app, results.b_next)
    assert isinstance(app.top, SessionEndScene)
    return table.link


def _headline(app):
    with text.recording() as drawn:
        app.draw()
    scene = app.top
    return next(d.text for d in drawn if d.rect.centery < scene.rect.y + scene.px(60))


def test_results_menu_opens_the_pause_menu_like_the_tables(make_app):
    app = make_app()
    table = open_table(app, MatchConfig(seats=SEATS, hands=2, seed=3))
    app.push(table)
    results = _to_results(app, table)
    click_button(app, results.b_menu)
    pause = app.top
    assert isinstance(pause, PauseScene), app.top.name  # not the title
    assert not pause.b_undo.is_enabled and not pause.b_hand.is_enabled  # the hand is over
    click_button(app, pause.b_resume)
    assert app.top is results
    key(app, pygame.K_ESCAPE)  # Esc too, as at the table
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is results
    click_button(app, results.b_next)
    assert app.top is table and len(table.link.room.match.results) == 1


def test_a_tie_is_called_a_tie_and_nobody_is_celebrated(make_app):
    app = make_app(size=(1280, 720), animation="normal")
    link = _play_session(app, 1)
    match = link.room.match
    app.pop()
    best = max(match.totals)
    leader = match.totals.index(best)
    other = next(s for s in range(4) if s != leader)
    match.session.totals[other] = best  # two seats share the best total
    link.refresh()
    end = app.push(SessionEndScene(app, link))
    line = _headline(app)
    assert "tie" in line and "wins" not in line, line
    assert not end.animating()


def _pixels(surf, rect):
    return pygame.image.tobytes(surf.subsurface(rect), "RGB")


def test_confetti_only_for_the_players_own_win_and_never_over_the_dialog(make_app):
    app = make_app(size=(1280, 720), animation="normal")
    link = _play_session(app, 1)
    match = link.room.match
    app.pop()
    match.session.totals[:] = [-30, 10, 5, 15]  # the player last
    link.refresh()
    assert not app.push(SessionEndScene(app, link)).animating()
    app.pop()
    match.session.totals[:] = [12, -4, -4, -4]  # the player won
    link.refresh()
    end = app.push(SessionEndScene(app, link))
    assert _headline(app) == "You win the session!"
    assert end.animating()
    end.t = end.duration * 0.5  # the confetti half way down the window
    surf = pygame.Surface(app.size)
    end.draw(surf)
    with_confetti = _pixels(surf, end.rect)
    whole = pygame.image.tobytes(surf, "RGB")
    end.t = end.duration  # gone
    end.draw(surf)
    assert pygame.image.tobytes(surf, "RGB") != whole  # there was confetti on the screen
    assert _pixels(surf, end.rect) == with_confetti  # but none of it on the dialog


def test_hand_by_hand_scrolls_and_leads_to_statistics_and_the_replay(make_app):
    app = make_app(size=(800, 600))
    st = storage.Storage.open()
    storage.attach(app, st)
    match = _play_session(app, 10).room.match
    end = app.top
    with text.recording() as drawn:
        app.draw()
    words = [d.text for d in drawn]
    assert "Hand by hand" in words
    rows = end.visible_rows
    assert rows < 10  # at 800 × 600 the list scrolls
    assert end.first_row == 0
    pos = end.grid_rect().center
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)  # over the list
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False)
    pump(app, 2)
    assert end.first_row == 1
    key(app, pygame.K_END)
    assert end.first_row == 10 - rows
    with text.recording() as drawn:
        app.draw()
    assert any("of 10" in d.text for d in drawn)  # says there are more
    key(app, pygame.K_HOME)
    assert end.first_row == 0
    key(app, pygame.K_PAGEDOWN)
    assert end.first_row == min(rows, 10 - rows)
    key(app, pygame.K_HOME)

    click_button(app, end.b_stats)
    assert isinstance(app.top, StatisticsScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is end
    click_button(app, end.b_replay)
    replay = app.top
    assert isinstance(replay, ReplayScene) and len(replay.hand_ids) == 10 and replay.index == 0
    key(app, pygame.K_ESCAPE)
    assert app.top is end
    # a row of the list opens that hand's replay
    g = end.grid_rect()
    click(app, (g.centerx, g.y + end.row_h * 3 + end.row_h // 2))
    assert isinstance(app.top, ReplayScene) and app.top.index == 2
    assert len(match.results) == 10
    st.close()
