"""Achievements as a player meets them: a seeded hand played with clicks and keys earns
"Saving the two", the banner says so once, Title → Achievements shows it with its date
and the others greyed; a damaged achievements file is set aside, the player told, and
what the history holds is earned again; with reduced motion nothing moves."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pygame
from helpers import card_point, click, key, pump, visible_rect
from storage_helpers import seed_history, start_app

from big2.engine.combos import PASS, move_cards
from big2.persistence.achievements import ACHIEVEMENTS, AchievementStore
from big2.room.config import MatchConfig, SeatConfig

ANNOUNCED = "Achievement earned: Saving the two"


def _config(seed: int) -> MatchConfig:
    seats = (SeatConfig("You", True),) + tuple(SeatConfig(n, False, "beginner") for n in ("East", "North", "West"))
    return MatchConfig(seats=seats, hands=1, seed=seed)


def _is_two(card: int) -> bool:
    return card >> 2 == 12


def play_hand(app, table) -> None:
    """Play the hand as a careful player: the lowest play that spends no 2 (a 2 only to go
    out), else pass; each card clicked, Enter to play, P to pass."""
    for _turn in range(60):
        assert app.run_until(lambda: table.awaiting_human or table.hand_over, timeout=30)
        if table.hand_over:
            return
        game = table.link.room.match.game  # what the player sees: their own cards and the trick
        mine = len(game.hand(0))
        moves = [m for m in game.legal_moves() if m != PASS]
        keep = [m for m in moves if not any(_is_two(c) for c in move_cards(m)) or len(move_cards(m)) == mine]
        if not keep and PASS in game.legal_moves():
            key(app, pygame.K_p)
            continue
        move = min(keep or moves, key=lambda m: (-len(move_cards(m)) if len(move_cards(m)) == mine else 0,
                                                  max(move_cards(m)), len(move_cards(m))))
        for card in sorted(move_cards(move)):
            click(app, card_point(table, card))
        key(app, pygame.K_RETURN)
    raise AssertionError("the hand never ended")


def banner(app) -> str:
    return app.notice_host.visible_text()


def open_page(app):
    app.goto("title")
    pump(app, 3)
    title = app.top
    click(app, visible_rect(title.b_achievements).center)
    page = app.top
    assert page.name == "achievements"
    assert app.run_until(lambda: page.loading is None, timeout=10)
    pump(app, 2)
    return page


def test_a_hand_played_well_earns_an_achievement_announced_once_and_shown_on_its_page(make_app):
    app, st, _title = start_app(make_app)
    try:
        table = app.push("table", _config(2))  # seeded: going out on 2♠
        play_hand(app, table)
        st.flush()
        assert app.run_until(lambda: ANNOUNCED in banner(app), timeout=10), banner(app)
        kept = AchievementStore(st.paths).load()
        assert kept.source == "main" and set(kept.value.earned) == {"saved_two"}
        click(app, visible_rect(app.notice_host.banner.b_dismiss).center)
        # another hand won on a 2: not announced again
        table = app.goto("table", _config(3))
        play_hand(app, table)
        st.flush()
        pump(app, 4)
        assert ANNOUNCED not in banner(app)
        # the page: earned with its date, the others greyed with how to earn them
        page = open_page(app)
        assert page.earned_count() == 1
        words = [w for w, *_rest in page.lines("saved_two")]
        assert any(w.startswith("Earned ") for w in words)
        assert not any(w.startswith("Earned ") for w in (x for x, *_r in page.lines("hat_trick")))
        assert len(page.cards) == len(ACHIEVEMENTS)
        key(app, pygame.K_ESCAPE)
        assert app.top.name == "title"
    finally:
        st.close()


def test_a_damaged_achievements_file_is_set_aside_and_they_are_earned_again_from_the_history(make_app):
    from big2.persistence.paths import AppPaths

    paths = AppPaths.from_environment()
    seed_history(paths, sessions=1, hands=3)
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    (paths.data_dir / "achievements.json").write_bytes(b'{"format": "big2-achievements", "version": 1, "earned": {')
    app, st, _title = start_app(make_app)
    try:
        from big2.persistence.feats import derive
        from big2.persistence.daily import DailyBook
        from big2.app.storage.achievementhooks import summarise

        expected = st.call(lambda h: derive(h, DailyBook(), summarise)).result(10)
        page = open_page(app)
        said = banner(app)
        assert "achievements file" in said and "set aside" in said, said
        assert any(p.name.startswith("achievements.json.damaged-") for p in paths.data_dir.iterdir())
        assert set(page.book.earned) == set(expected)
        st.flush()
        assert set(AchievementStore(paths).load().value.earned) == set(expected)
        assert "Achievement earned" not in said  # earned before: not announced again
    finally:
        st.close()


def test_a_finished_review_with_no_costly_decision_earns_spotless_and_nothing_moves(make_app):
    from big2.app import achievements
    from big2.persistence.paths import AppPaths

    paths = AppPaths.from_environment()
    ids = seed_history(paths, sessions=1, hands=1)
    app, st, _title = start_app(make_app)
    app.settings = dataclasses.replace(app.settings, reduced_motion=True, animation="normal")
    try:
        review = SimpleNamespace(verdicts=(1,) * 6, costly=(), good=(1,) * 5, complete=True)
        achievements.after_review(app, ids[0], 0, review)
        st.flush()
        pump(app, 2)
        assert "Achievement earned: Spotless" in banner(app)
        assert not app.transition.active  # a banner, not an animation
        page = open_page(app)
        assert app.transition.rise == 0 and app.transition.duration <= 0.08
        assert page.book.when("spotless") is not None and page.book.when("expert_eye") is None
    finally:
        st.close()
