"""Hot-seat turns as two people at one computer meet them, with real clicks and keys.

Undo takes back only your own decision (and says who took what back); the privacy
screen appears only when the computer really changes hands (never to the person who
already has it, as after an automatic pass); the hint names people by their names.
"""

from __future__ import annotations

import pygame
from helpers import click, click_button, key, pump

from big2.app.rooms import open_table
from big2.app.screens.privacy import PrivacyScene
from big2.room.config import MatchConfig, SeatConfig

MEI, BO = 0, 1
TWO = (SeatConfig("Mei", True), SeatConfig("Bo", True))


def _table(app, seed: int, **changes):
    table = open_table(app, MatchConfig(seats=TWO, hands=1, seed=seed, **changes))
    app.push(table)
    return table


def _next_stop(app, table) -> None:
    """Run until a person is asked for something: a privacy screen or their turn."""
    assert app.run_until(lambda: app.top is not table or table.awaiting_human or table.hand_over, timeout=30)


def _reveal(app, table) -> None:
    """Whoever the privacy screen names clicks "I am … — show my cards"."""
    screen = app.top
    assert isinstance(screen, PrivacyScene)
    click_button(app, screen.b_ready)
    assert app.top is table and table.awaiting_human


def _play_hint(app) -> None:
    key(app, pygame.K_h)
    key(app, pygame.K_RETURN if app.top.hand.selected else pygame.K_p)


def _history(table):
    return list(table.link.room.match.game.history)


def test_undo_takes_back_only_your_own_move_and_says_who(make_app):
    app = make_app()
    table = _table(app, seed=5, undo_hot_seat=True)
    _next_stop(app, table)
    _reveal(app, table)
    assert table.viewer == MEI and not table.undo.button.is_enabled  # nothing of Mei's yet
    _play_hint(app)  # Mei leads
    _next_stop(app, table)
    screen = app.top
    assert isinstance(screen, PrivacyScene) and screen.seat == BO
    assert screen.b_undo is not None and "Mei" in screen.b_undo.text
    _reveal(app, table)  # Bo has the computer now: Mei's move is no longer Bo's to undo
    assert table.viewer == BO
    assert not table.undo.button.is_enabled
    before = _history(table)
    click_button(app, table.undo.button)  # a disabled button: nothing happens
    key(app, pygame.K_u)
    assert _history(table) == before and table.awaiting_human and table.viewer == BO
    assert table.message[0] == "Only Mei can take back the last move."


def test_the_hand_over_screen_gives_the_mover_their_move_back(make_app):
    app = make_app()
    table = _table(app, seed=5, undo_hot_seat=True)
    _next_stop(app, table)
    _reveal(app, table)
    before = _history(table)
    hand = sorted(table.state.hand)
    _play_hint(app)
    _next_stop(app, table)
    screen = app.top
    assert isinstance(screen, PrivacyScene) and screen.seat == BO and _history(table) != before
    click_button(app, screen.b_undo)
    _next_stop(app, table)
    # Mei, who never gave the computer away, has her turn back at once: no hand-over
    assert app.top is table and table.awaiting_human and table.viewer == MEI and table.hand_visible
    assert _history(table) == before and sorted(table.state.hand) == hand
    assert table.message[0] == "Mei took a move back."


def test_no_hand_over_when_the_same_person_acts_next(make_app):
    """Automatic pass: Bo, who cannot beat Mei's play, is passed for without being handed
    the computer, and Mei (who has it) leads on without a privacy screen."""
    app = make_app(auto_pass=True)
    table = _table(app, seed=5)
    screens: list[int] = []
    auto_passed = False
    for _ in range(40):
        _next_stop(app, table)
        if table.hand_over:
            break
        if app.top is not table:
            screens.append(app.top.seat)
            _reveal(app, table)
            continue
        if table.message and table.message[0] == "Nothing Bo holds beats this: passing for them.":
            auto_passed = True
            assert table.viewer == MEI and table.hand_visible and screens[-1] == MEI
            assert any(line.startswith("Bo passes") for line, _colour in table.log)
            break
        _play_hint(app)
        pump(app, 2)
    assert auto_passed
    # each privacy screen changed hands: never one to the person who already had it
    assert all(a != b for a, b in zip(screens, screens[1:]))


def test_the_hint_names_people_by_their_names(make_app):
    app = make_app()
    table = _table(app, seed=0)
    said: list[str] = []
    for _ in range(80):
        _next_stop(app, table)
        if table.hand_over:
            break
        if app.top is not table:
            _reveal(app, table)
            continue
        key(app, pygame.K_h)
        said.append(table.message[0])
        key(app, pygame.K_RETURN if table.hand.selected else pygame.K_p)
    naming = [s for s in said if " left:" in s or " down to " in s]
    assert naming, said
    for sentence in naming:
        assert sentence.startswith(("Mei ", "Bo ")), sentence
        assert not any(compass in sentence for compass in ("North", "South", "East", "West"))
