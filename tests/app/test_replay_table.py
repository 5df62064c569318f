"""The replay and the hand review draw the live table (docs/design/look.md): seats as
plates with portraits, each seat's last play before it and its Pass chip, only the play to
beat in the centre, and their own notes, points and review in the left drawer, which the
table makes room for. Opened and stepped with real clicks; at 800x600, 1280x720 and
1920x1080 no drawer, control, seat, play or the centre covers another."""

from __future__ import annotations

import os

import pygame
import pytest
from helpers import click, key, pump, visible_rect
from storage_helpers import seed_history

from big2.app import reviewjob, storage
from big2.app.screens.title import TitleScene
from big2.app.table.draw import ring_rect
from big2.app.table.seats import last_plays
from big2.persistence import AppPaths

SIZES = [(800, 600), (1280, 720), (1920, 1080)]


def _replay(make_app, size):
    seed_history(AppPaths.under(os.environ["BIG2_HOME"]), sessions=1, hands=2)
    app = make_app(size=size)
    st = storage.Storage.open()
    storage.attach(app, st)
    app.push(TitleScene(app))  # Title → Statistics → a hand's Replay, clicked
    pump(app, 2)
    click(app, visible_rect(app.top.b_stats).center)
    stats = app.top
    assert app.run_until(lambda: stats.future is None, timeout=10)
    pump(app, 2)
    click(app, visible_rect(stats.replay_buttons[0][0]).center)
    replay = app.top
    assert replay.name == "replay"
    assert app.run_until(lambda: replay.loaded is not None, timeout=20)
    pump(app, 2)
    return app, st, replay


def _step_to_a_pass(app, replay) -> None:
    """Forward (clicked) until someone has passed in a trick of two plays or more."""
    for _ in range(replay.last):
        state = replay.state
        if state.passed and len(state.trick_plays) >= 2 and not state.hand_over:
            return
        click(app, visible_rect(replay.buttons["fwd"]).center, frames=1)
    raise AssertionError("no trick with a pass and two plays in the hand")


def _clear(boxes: dict[str, pygame.Rect]) -> list[str]:
    names = list(boxes)
    return [f"{a} {boxes[a]} overlaps {b} {boxes[b]}" for i, a in enumerate(names) for b in names[i + 1:]
            if boxes[a].colliderect(boxes[b])]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_replay_is_the_table_with_its_notes_in_a_drawer(make_app, size):
    app, st, replay = _replay(make_app, size)
    _step_to_a_pass(app, replay)
    lay = replay.layout()
    col = replay.column(lay)
    window = pygame.Rect(0, 0, *size)
    assert "plays" in lay.drawers and col.drawer == pygame.Rect(lay.log.as_tuple())  # the table made room
    board = replay.board(lay)
    state = replay.state
    # the table's own drawing: the Pass chips, each seat's last play before it, the play to beat
    assert set(board.badges) == set(state.passed) and board.badges
    assert last_plays(board) and all(seat != board.trick[-1][0] for seat in last_plays(board))
    # the drawer's controls are in the drawer; the step buttons and Close on the felt
    drawer_controls = [replay.b_prev_hand, replay.b_next_hand, replay.b_copy_deal, replay.b_play_deal, replay.b_review]
    for b in drawer_controls:
        assert col.drawer.contains(b.rect), b.text
    boxes = {"drawer": col.drawer, "centre": ring_rect(lay)}
    for p, spot in enumerate(lay.seats):
        boxes[f"plate {spot.side}"] = pygame.Rect(spot.info.as_tuple())
        boxes[f"play {spot.side}"] = pygame.Rect(spot.play.as_tuple())
        if spot.side != "bottom":
            boxes[f"hand {spot.side}"] = pygame.Rect(spot.fan.as_tuple())
    for key_, b in replay.buttons.items():
        boxes[key_] = b.rect
    boxes["close"] = replay.b_close.rect
    for name, box in boxes.items():
        assert window.contains(box), f"{name} {box} is outside the window"
    boxes.pop("play bottom")  # your last play lies above your plate, beside the row's end at most
    problems = [p for p in _clear(boxes) if not ("hand " in p and "plate " in p)]  # a hand lies on its plate
    assert not problems, problems
    # the caption over the step buttons keeps clear of the seats and the drawer
    row = replay.caption_rect(lay)
    assert col.drawer.right <= row.x and row.right <= size[0]
    for spot in lay.seats:
        assert not row.colliderect(pygame.Rect(spot.info.as_tuple())), spot.side
    # a trick just won stays as it ended, everyone but its winner passed, till the winner leads
    while not (replay.state.leading and replay.state.trick_plays):
        click(app, visible_rect(replay.buttons["fwd"]).center, frames=1)
    board = replay.board(lay)
    state = replay.state
    assert board.turn == board.owner == state.to_act
    assert set(board.badges) == {s for s in range(state.n_players) if s != board.owner and state.counts[s]}
    key(app, pygame.K_ESCAPE)
    st.close()


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_review_keeps_its_panel_in_the_drawer_and_its_timeline_on_the_felt(make_app, monkeypatch, size):
    monkeypatch.setattr(reviewjob, "ITERATIONS", 8)
    app, st, replay = _replay(make_app, size)
    click(app, visible_rect(replay.b_review).center)
    review = app.top
    assert review.name == "review"
    assert app.run_until(lambda: review.job is not None and not review.job.running, timeout=60)
    pump(app, 2)
    lay = review.layout()
    col = review.column(lay)
    panel = review.panel_rect(lay)
    assert col.drawer.contains(panel) and panel.y >= col.points.bottom and panel.h > 6 * review.panel_font(lay)
    for b in (review.b_prev_hand, review.b_next_hand, review.b_try):
        assert col.drawer.contains(b.rect) and not b.rect.colliderect(panel)
    bar = review.timeline_rect(lay)
    assert bar.x >= col.drawer.right and bar.right <= size[0]
    for spot in lay.seats:
        for box in (spot.info, spot.play):
            assert not bar.colliderect(pygame.Rect(box.as_tuple())), spot.side
    for b in review.buttons.values():
        assert not bar.colliderect(b.rect)
    # a decision on the timeline is a click away
    step = review.job.steps[-1]
    click(app, (review.x_of(bar, step), bar.centery))
    assert review.step == step
    st.close()


def test_left_handed_the_steps_still_read_left_to_right(make_app):
    """Left-handed: the row and your plate go to the left, as at the table; the steps keep
    their order (|◀ Start, ◀ Back, Forward ▶, End ▶|), the arrows pointing their way."""
    app, st, replay = _replay(make_app, (1280, 720))
    app.settings.left_handed = True
    app.resize((1280, 720))
    pump(app, 2)
    lay = replay.layout()
    assert lay.left_handed and lay.seats[0].info.x < lay.seats[0].fan.x
    xs = [replay.buttons[k].rect.x for k in ("start", "back", "fwd", "end")]
    assert xs == sorted(xs)
    click(app, visible_rect(replay.buttons["fwd"]).center)
    assert replay.step == 1
    st.close()
