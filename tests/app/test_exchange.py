"""The three-player exchange at the table: the winner gives a card back, by clicks or by
the computer, and play goes on; saved while it waits, it resumes there."""

from __future__ import annotations

import dataclasses

import pygame

from big2.engine.combos import PASS, move_cards
from big2.engine.events import Dealt, HandEnded
from big2.engine.rules import STANDARD

from helpers import card_point, click, click_button, key, pump

from big2.room.config import MatchConfig, SeatConfig
from big2.room.match import Match, opening_events
from big2.room.events import ExchangeStarted, SeatExchanged, SeatExchangeStarted
from big2.app.screens.privacy import PrivacyScene
from big2.app.screens.results import ResultsScene
from big2.app.screens.session_end import SessionEndScene
from big2.app.table.scene import TableScene
from big2.app.rooms import open_table
from big2.app.table.part import TablePart

RULES = dataclasses.replace(STANDARD, three_player_exchange=True)


def _config(seed, *, humans=(0,), hands=3):
    names = ("Ann", "East", "Ben")
    seats = tuple(SeatConfig(n, human=(i in humans), level="beginner") for i, n in enumerate(names))
    return MatchConfig(seats=seats, rules=RULES, hands=hands, seed=seed)


def _first_hand_won_by(winner, *, humans=(0,)):
    """A match whose first hand (played quickly by the engine) ``winner`` won."""
    for seed in range(300):
        m = Match(_config(seed, humans=humans))
        m.new_hand()
        game = m.game
        while not game.is_over:
            moves = [mv for mv in game.legal_moves() if mv != PASS] or [PASS]
            # the seat we want to win plays its longest play; the others dawdle
            pick = max(moves, key=lambda mv: len(move_cards(mv))) if game.to_act == winner else moves[0]
            events = game.make(pick)
        if game.winner == winner:
            m.record(next(e for e in events if isinstance(e, HandEnded)))
            return m
    raise AssertionError("no seed found")


def test_opening_events_show_the_deal_before_the_handover():
    m = _first_hand_won_by(0)
    events = m.new_hand()
    game = m.game
    loser, winner = game.exchange
    assert winner == 0
    dealt, handover = events
    assert isinstance(dealt, Dealt) and isinstance(handover, ExchangeStarted)
    assert (handover.loser, handover.winner) == (loser, winner)
    # as dealt: the loser still holds the card, the winner not yet
    assert handover.card in dealt.hands[loser] and handover.card not in dealt.hands[winner]
    assert len(dealt.hands[loser]) == len(dealt.hands[winner]) == RULES.cards_per_player
    assert handover.card in game.hand(winner)
    assert opening_events(game) == events


def test_human_winner_gives_a_card_back_by_clicks_and_play_goes_on(make_app):
    app = make_app()
    match = _first_hand_won_by(0)
    table = open_table(app, match=match)
    app.push(table)
    assert app.run_until(lambda: table.exchange.giving_back is not None, timeout=10), "no give-back prompt"
    game = table.link.room.match.game
    loser = game.exchange[0]
    received = game._exchange_card
    assert received in table.hand.cards and len(table.hand.cards) == RULES.cards_per_player + 1
    # the prompt names the card and the giver; the engine's suggestion is lifted
    prompt = table.message[0]
    assert prompt.startswith("You received") and match.names[loser] in prompt
    assert table.hand.selected == {game.suggest_give_back()}
    assert table.buttons["play"].text.startswith("Give") and table.buttons["play"].is_enabled
    assert not table.buttons["pass"].is_enabled
    # Pass is refused while the card is owed
    key(app, pygame.K_p)
    assert game.exchange is not None and "give a card back" in table.message[0]
    # choose another card by clicks: one card only stays selected
    others = [c for c in table.hand.cards if c != game.suggest_give_back()]
    choice, other = others[-1], others[-2]
    click(app, card_point(table, choice))
    assert table.hand.selected == {choice}
    click(app, card_point(table, other))
    assert table.hand.selected == {other}
    key(app, pygame.K_BACKSPACE)
    assert not table.hand.selected and not table.buttons["play"].is_enabled
    key(app, pygame.K_RETURN)  # nothing chosen: refused, with the reason
    assert game.exchange is not None and "Choose one card" in table.message[0]
    click(app, card_point(table, choice))
    click_button(app, table.buttons["play"])
    assert game.exchange is None and choice in game.hand(loser) and choice not in game.hand(0)
    assert table.exchange.giving_back is None and table.buttons["play"].text.startswith("Play")
    # the animation plays the card back and the hand goes on to a real move
    assert app.run_until(lambda: game.history or table.awaiting_human, timeout=10)
    assert choice not in table.hand.cards and len(table.hand.cards) == len(game.hand(0))
    assert any("back to" in line for line, _ in table.log)
    assert isinstance(app.top, TableScene)


def test_enter_gives_back_the_suggestion(make_app):
    app = make_app()
    table = open_table(app, match=_first_hand_won_by(0))
    app.push(table)
    assert app.run_until(lambda: table.exchange.giving_back is not None, timeout=10)
    game = table.link.room.match.game
    suggestion = game.suggest_give_back()
    loser = game.exchange[0]
    key(app, pygame.K_RETURN)
    assert game.exchange is None and suggestion in game.hand(loser)


def test_computer_winner_gives_back_and_a_human_loser_is_told(make_app):
    app = make_app()
    match = _first_hand_won_by(1)
    table = open_table(app, match=match)
    app.push(table)
    assert app.run_until(lambda: table.link.room.match.game.exchange is None and not table.playback.queue, timeout=10)
    assert table.exchange.giving_back is None
    lines = [line for line, _ in table.log]
    assert any("gives" in line and "back" in line for line in lines), lines


def test_computers_only_reach_the_third_hand(make_app):
    app = make_app()
    seats = tuple(SeatConfig(n, human=False, level="beginner") for n in ("South", "East", "West"))
    table = open_table(app, MatchConfig(seats=seats, rules=RULES, hands=3, seed=4))
    shown = []

    class Seen(TablePart):  # a part that only listens: every event the table shows
        def event_shown(self, event):
            shown.append(event)

    table.add_part(Seen(table))
    app.push(table)
    for hand in range(3):
        assert app.run_until(lambda: isinstance(app.top, ResultsScene), timeout=20), f"hand {hand + 1} stalled"
        click_button(app, app.top.b_next)
    assert isinstance(app.top, SessionEndScene)
    assert len(table.link.room.match.results) == 3
    # hands 2 and 3 each opened with the handover and the card given back
    assert sum(isinstance(e, SeatExchangeStarted) for e in shown) == 2
    assert sum(isinstance(e, SeatExchanged) for e in shown) == 2


def test_hot_seat_winner_sees_the_privacy_screen_first(make_app):
    app = make_app()
    match = _first_hand_won_by(2, humans=(0, 2))
    table = open_table(app, match=match)
    said = []  # every sentence the table shows, even one soon replaced
    shown_say = table.say
    table.say = lambda text, *args, **kw: (said.append(text), shown_say(text, *args, **kw))[1]
    app.push(table)
    assert app.run_until(lambda: isinstance(app.top, PrivacyScene), timeout=10)
    assert app.top.seat == 2 and table.link.room.match.game.exchange is not None
    assert table.viewer == 2 and not table.hand_visible
    assert not any(s.face_up for c, s in table.sprites.items() if c in table.hand.cards)
    key(app, pygame.K_RETURN)
    assert table.exchange.giving_back == 2 and table.hand_visible
    loser = table.link.room.match.game.exchange[0]
    key(app, pygame.K_RETURN)
    assert table.link.room.match.game.exchange is None
    # the hand turns face down at once (unless the giver leads), and no card name
    # reaches the shared log
    game = table.link.room.match.game
    assert table.hand_visible == (game.to_act == 2 and not game.history)
    pump(app, 5)
    exchange_lines = [line for line, _ in table.log if "give" in line]
    assert len(exchange_lines) == 2
    assert not any(suit in line for line in exchange_lines for suit in "♠♥♦♣")
    if loser == 0:  # Ann is told what she got when she next sees her cards
        assert 0 not in table.exchange.told
        for _turn in range(20):  # Ben plays (the hint when leading, else a pass) until Ann's turn
            assert app.run_until(lambda: isinstance(app.top, PrivacyScene), timeout=10)
            if app.top.seat == 0:
                break
            key(app, pygame.K_RETURN)
            assert table.viewer == 2 and table.awaiting_human
            if table.state.leading:
                key(app, pygame.K_h)
                key(app, pygame.K_RETURN)
            else:
                key(app, pygame.K_p)
        assert isinstance(app.top, PrivacyScene) and app.top.seat == 0
        key(app, pygame.K_RETURN)
        assert table.viewer == 0 and 0 in table.exchange.told
        assert any("gave you" in text for text in said)


def test_a_game_saved_while_the_card_is_owed_resumes_at_the_exchange(make_app, tmp_path, monkeypatch):
    from big2.app import storage
    from big2.app.screens.title import TitleScene

    def _open():
        app = make_app()
        st = storage.Storage.open()
        storage.attach(app, st)
        return app, st

    app, st = _open()
    table = open_table(app, match=_first_hand_won_by(0))
    app.push(table)
    assert app.run_until(lambda: table.exchange.giving_back is not None, timeout=10)
    game = table.link.room.match.game
    owed = (game.exchange, game._exchange_card, [sorted(game.hand(s)) for s in range(3)])
    app.running = False
    st.close()  # the window closes with the card still owed
    app.close()

    app, st = _open()
    title = TitleScene(app)
    app.push(title)
    pump(app)
    assert title.b_continue is not None
    click_button(app, title.b_continue)
    table = app.top
    assert (isinstance(table, TableScene) and hasattr(table, "resumed_moves"))
    game = table.link.room.match.game
    assert (game.exchange, game._exchange_card, [sorted(game.hand(s)) for s in range(3)]) == owed
    assert app.run_until(lambda: table.exchange.giving_back is not None, timeout=10), "no give-back prompt after Continue"
    assert sorted(table.hand.cards) == owed[2][0] and table.message[0].startswith("You received")
    loser = game.exchange[0]
    key(app, pygame.K_RETURN)
    # the loser has their card back (and may have led at once, holding the 3♦)
    held = len(game.hand(loser)) + len(game.played_by(loser))
    assert game.exchange is None and held == RULES.cards_per_player
    assert app.run_until(lambda: game.history or table.awaiting_human, timeout=10)
    assert st.flush()
    saved = st.saves.load_autosave().value
    assert saved is not None and saved.payload["app"]["hand_start"] is not None  # the start after the exchange
    st.close()


def test_handing_the_seat_to_the_computer_while_a_card_is_owed(make_app):
    from big2.app.screens.pause import PauseScene

    app = make_app()
    table = open_table(app, match=_first_hand_won_by(0))
    app.push(table)
    assert app.run_until(lambda: table.exchange.giving_back is not None, timeout=10)
    game = table.link.room.match.game
    from big2.room.room import give_back_card

    suggestion = give_back_card(game)  # the computer's own choice (big2.ai.exchange)
    loser = game.exchange[0]
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.b_hand.is_enabled
    click_button(app, pause.b_hand)
    assert app.run_until(lambda: game.exchange is None and not table.playback.queue, timeout=10)
    # the loser holds it, or has already led it (a 3♦ must open the hand)
    assert suggestion in game.hand(loser) or suggestion in game.played_by(loser)
    assert table.exchange.giving_back is None
    assert table.buttons["play"].text.startswith("Play")
