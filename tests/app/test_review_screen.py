"""Review this hand, with real clicks: from Statistics, the replay and the results; the
timeline, the better move, Cancel, the review kept with the hand, Try from here."""

from __future__ import annotations

import os

import pygame
import pytest

from helpers import click, key, pump, visible_rect

from big2.app import reviewjob, storage
from big2.persistence import AppPaths, History
from big2.persistence.reviews import load_review
from tests.reviewdata import record


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(reviewjob, "ITERATIONS", 8)


@pytest.fixture
def app_with_history(make_app):
    paths = AppPaths.under(os.environ["BIG2_HOME"])
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    with History.open(paths.history_db).value as history:
        hand_id = record(history, 42)
    app = make_app(size=(1280, 720))
    st = storage.Storage.open()
    storage.attach(app, st)
    yield app, hand_id, paths
    st.close()


def _statistics(app):
    app.goto("title")
    stats = app.push("statistics")
    assert app.run_until(lambda: stats.future is None, timeout=20)
    pump(app, 2)
    return stats


def _finished(app, review):
    assert app.run_until(lambda: review.job is not None and not review.job.running, timeout=60)
    pump(app, 2)


def _at_timeline(review, step):
    bar = review.timeline_rect(review.layout())
    return review.x_of(bar, step), bar.centery


def test_review_from_statistics_marks_the_decisions_and_keeps_the_review(quick, app_with_history):
    app, hand_id, paths = app_with_history
    stats = _statistics(app)
    button, _sid = stats.review_buttons[0]
    click(app, visible_rect(button).center)
    review = app.top
    assert review.name == "review"
    _finished(app, review)
    job = review.job
    assert job.state == "done" and job.done == job.total > 0
    assert [v.step for v in job.verdicts] == job.steps
    # a click on the timeline at a decision goes there; the panel says what was better
    shown = next((v for v in job.verdicts if not v.good), job.verdicts[0])
    click(app, _at_timeline(review, shown.step))
    assert review.step == shown.step
    words = [line for line, *_rest in review.panel_lines(400, 14)]
    if shown.good:
        assert any(w.startswith("Good: the Expert would play") for w in words)
    else:
        assert any(w.startswith("Better: ") for w in words) and any(w.startswith("You played ") for w in words)
        assert any(review.hand_lift(c) for c in range(52)) or shown.best == 0
    assert words[0] == "Review · You"
    # kept with the hand: opened again, it is there at once, from the history
    assert storage.of(app).flush()
    with History.open(paths.history_db).value as history:
        assert load_review(history, hand_id, 0, "8w")["verdicts"]
    key(app, pygame.K_ESCAPE)
    assert app.top is stats
    click(app, visible_rect(stats.review_buttons[0][0]).center)
    again = app.top
    assert app.run_until(lambda: again.job is not None and again.job.state == "done", timeout=20)
    assert again.job.verdicts == job.verdicts


def test_cancel_stops_the_review_and_keeps_nothing(monkeypatch, app_with_history):
    app, hand_id, paths = app_with_history
    monkeypatch.setattr(reviewjob, "ITERATIONS", 400)  # slow enough to be stopped
    stats = _statistics(app)
    click(app, visible_rect(stats.replay_buttons[0][0]).center)
    replay = app.top
    assert app.run_until(lambda: replay.loaded is not None, timeout=20)
    pump(app, 2)
    click(app, visible_rect(replay.b_review).center)
    review = app.top
    assert review.name == "review"
    assert app.run_until(lambda: review.job is not None and review.job.state == "running", timeout=20)
    pump(app, 2)
    assert review.b_cancel.visible
    click(app, visible_rect(review.b_cancel).center)
    assert review.job.state == "cancelled" and review.job.done < review.job.total
    assert not review.b_cancel.visible
    assert any("Review stopped after" in line for line, *_r in review.panel_lines(400, 14))
    assert storage.of(app).flush()
    with History.open(paths.history_db).value as history:
        assert load_review(history, hand_id, 0) is None


def test_try_from_here_plays_on_from_the_position_as_practice(quick, app_with_history):
    app, hand_id, paths = app_with_history
    stats = _statistics(app)
    click(app, visible_rect(stats.review_buttons[0][0]).center)
    review = app.top
    _finished(app, review)
    step = review.job.steps[1]
    click(app, _at_timeline(review, step))
    assert review.step == step
    position = review.positions[step]
    click(app, visible_rect(review.b_try).center)
    table = app.top
    assert table.name == "table" and table.practice.step == step
    state = table.link.state
    assert tuple(sorted(state.hand)) == tuple(sorted(position.hand(0)))
    assert tuple(state.counts) == tuple(position.card_counts)
    assert storage.of(app).recorder_for(table.link) is None  # practice: nothing recorded


def test_review_this_hand_from_the_results(quick, make_app):
    from big2.room.commands import HandToComputer
    from big2.room.config import MatchConfig, SeatConfig

    app = make_app(size=(800, 600))
    st = storage.Storage.open()
    storage.attach(app, st)
    try:
        seats = (SeatConfig("You", True), SeatConfig("B", False))
        table = app.goto("table", MatchConfig(seats=seats, hands=2, seed=3))
        # the person's hand is played by the computer, as "Let the computer play my hand" does
        assert app.run_until(lambda: table.awaiting_human, timeout=30)
        table.link.send(HandToComputer())
        assert app.run_until(lambda: app.top.name == "results", timeout=60)
        results = app.top
        pump(app, 2)
        assert results.b_review is not None
        click(app, visible_rect(results.b_review).center)
        review = app.top
        assert review.name == "review"
        _finished(app, review)
        assert review.loaded.hand.hand_number == 1 and review.job.state == "done"
    finally:
        st.close()
