"""The whole path the app takes, as one story: first run, play with autosave, the lid
closes mid-hand, Continue, finish, history and statistics. It doubles as the example of
which functions the app calls."""

from __future__ import annotations

import random
from typing import Any

from big2.engine import Session
from big2.persistence import AppPaths, History, SaveStore, Seat, SettingsStore
from big2.persistence import stats
from big2.persistence.handlog import hand_result, replay, start_position
from big2.persistence.sessioncodec import check_payload, load_payload, preview_of, save_payload
from big2.persistence.tablerules import table_rules


def play_one_move(session: Session, ai: random.Random) -> None:
    game = session.current
    assert game is not None
    if game.exchange is not None:
        game.give_back(game.suggest_give_back())
    else:
        game.make(ai.choice(list(game.legal_moves())))


def test_first_run_play_close_continue_finish(big2_home: Any) -> None:
    # start-up: paths, settings (first run: defaults, no notices), history
    paths = AppPaths.from_environment()
    settings = SettingsStore(paths).load()
    assert settings.notices == ()
    table = table_rules(settings.value)
    saves = SaveStore(paths, validate_payload=check_payload)
    assert not saves.has_autosave()  # no "Continue" on the title screen
    history = History.open(paths.history_db).value

    # a new game: the session, its history row, the first hand
    names = (settings.value.player_name, "Bot 1", "Bot 2", "Bot 3")
    session = Session(random.Random(2026), rules=table.rules, scoring=table.scoring,
                      names=names, max_hands=2)
    seats = [Seat(names[0], True)] + [Seat(n, False, lvl) for n, lvl in
                                       zip(names[1:], settings.value.opponents)]
    sid = history.start_session(seats, rules_preset=table.rules.name,
                                rules={"preset": table.rules.name})
    ai = random.Random(7)
    session.new_hand()
    assert session.current is not None
    start = start_position(session.current)
    app_data = {"history_session": sid, "hand_start": start}

    # autosave after every move; the lid closes after 12 moves
    for _ in range(12):
        play_one_move(session, ai)
        saves.autosave(save_payload(session, rngs={"ai": ai}, app=app_data),
                       preview_of(session))
    expected_history = list(session.current.history)
    history.close()
    del session, ai

    # next day: Continue
    history = History.open(paths.history_db).value
    assert saves.has_autosave()
    loaded = saves.load_autosave()
    assert loaded.notices == () and loaded.value is not None
    assert loaded.value.preview.players == names
    resumed = load_payload(loaded.value.payload)
    session, ai = resumed.session, resumed.rngs["ai"]
    sid, start = resumed.app["history_session"], resumed.app["hand_start"]
    assert session.current is not None and session.current.history == expected_history

    # play the session out, recording each finished hand
    while not session.is_over:
        game = session.current
        assert game is not None
        while not game.is_over:
            play_one_move(session, ai)
        record = session.record()
        history.record_hand(sid, hand_result(game, record, start=start))
        if not session.is_over:
            session.new_hand()
            assert session.current is not None
            if session.current.exchange is not None:
                session.current.give_back(session.current.suggest_give_back())
            start = start_position(session.current)
    history.end_session(sid)
    saves.clear_autosave()
    assert not saves.has_autosave()

    # the statistics screen and a replay
    report = stats.player_report(history, names[0])
    assert report.overall.hands == 2 and report.overall.sessions == 1
    assert [p.total for p in report.running_score][-1] == session.totals[0]
    (recent,) = stats.recent_sessions(history)
    assert recent.totals == tuple(session.totals) and recent.ended_at is not None
    first_hand = history.load_hand(1)
    assert first_hand is not None
    positions = replay(first_hand.result)
    assert positions[-1].is_over and positions[-1].winner == first_hand.result.winner_seat
    history.close()
