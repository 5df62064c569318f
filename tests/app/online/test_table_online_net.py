"""The table when the network misbehaves, and what it shows of the others: Reconnecting…,
a dropped person's seat held by the computer, the turn clock, reactions and mutes."""

from __future__ import annotations

import time

import pygame
import pytest

from big2.net.link import RemoteLink

from tests.app.helpers import click, click_button, key
from tablenet import ann_moves, drop, play_while, rejoin, start_online, wait_for


def test_the_table_shows_reconnecting_holds_input_and_plays_on(make_app):
    net = start_online(hands=1)
    try:
        net.ann.backoff = (1.5, 2.0)  # long enough to see (and click at) Reconnecting…
        app = make_app()
        table = app.push("table", net.ann)
        assert wait_for(app, lambda: table.awaiting_human, also=net.ben_moves)
        cards_before = list(table.hand.cards)
        # Ben does not move while Ann is away: the hand waits for him (a hand that ended
        # meanwhile would leave Ann's seat to the computer for good)
        drop(net.ann)
        assert wait_for(app, lambda: net.ann.status == "reconnecting")
        assert wait_for(app, lambda: table.net.held())  # (the table's next update sees it)
        assert not table.buttons["play"].is_enabled and not table.buttons["pass"].is_enabled
        # a click on a card is held: nothing lifts, nothing is sent
        from tests.app.helpers import card_point

        click(app, card_point(table, table.hand.cards[0]))
        assert not table.hand.selected
        surf = pygame.display.get_surface()
        table.draw(surf)  # the veil is drawn over the whole table
        centre = surf.get_at((app.size[0] // 2, app.size[1] // 2 - table.px(60)))
        assert centre[:3] != (0, 0, 0)
        assert wait_for(app, lambda: net.ann.status == "connected", timeout=15)
        assert wait_for(app, lambda: not table.net.held())
        assert table.buttons["sort"].is_enabled
        # the table shows the position from the snapshot (the computer may have moved
        # for Ann meanwhile): her cards are the room's
        assert wait_for(app, lambda: sorted(table.hand.cards) == sorted(net.ann.state.hand))
        assert table.counts == list(net.ann.state.counts)
        # the hand goes on from the new snapshot to its end, Ann clicking again
        end = time.monotonic() + 60
        while time.monotonic() < end and app.top.name == "table":
            net.ben_moves()
            app.frame(block=False)
            ann_moves(app, table)
            time.sleep(0.005)
        assert app.top.name == "results"
        assert set(net.ann.state.revealed[0]) <= set(cards_before)  # her own cards all along
        assert net.ann.reconnects >= 1
    finally:
        net.close()


def test_a_dropped_person_is_shown_away_and_back(make_app):
    net = start_online(hands=1)
    try:
        app = make_app()
        table = app.push("table", net.ann)
        assert wait_for(app, lambda: table.awaiting_human or net.ann.state.to_act != 0, also=net.ben_moves)
        net.ben.close()  # Ben's app stops: the server holds his seat with the computer
        assert wait_for(app, lambda: 1 in table.net.away)
        assert 1 in net.ann.state.by_computer
        assert table.message is not None and "Ben is away" in table.message[0]
        # the note is drawn under Ben's plate
        assert table.net.away == frozenset({1})
        rejoin(net)  # and back he comes, with his seat token
        assert wait_for(app, lambda: not table.net.away, also=net.ben.poll)
        assert 1 not in net.ann.state.by_computer
        assert table.message is not None and "Ben is back" in table.message[0]
    finally:
        net.close()


def test_the_turn_clock_shows_for_the_seat_to_act_and_the_server_moves_when_it_runs_out(make_app):
    net = start_online(hands=1, turn_clock=20)
    try:
        app = make_app()
        table = app.push("table", net.ann)
        assert wait_for(app, lambda: table.awaiting_human, also=net.ben_moves)
        assert wait_for(app, lambda: table.net.clock() is not None and table.net.clock()[0] == 0)
        seat, left = table.net.clock()
        assert 14 < left <= 20
        assert table.net.clock_shown == (0, int(left + 0.999))
        turn_at = len(net.ann.state.history)
        # Ann waits: the last seconds are urgent, then the server moves for her
        assert wait_for(app, lambda: table.net.clock() is not None and table.net.clock()[1] <= 5, timeout=25)
        assert table.net.urgent()
        assert wait_for(app, lambda: len(net.ann.state.history) > turn_at, timeout=10)
        assert net.ann.state.history[turn_at][0] == 0  # the server moved for Ann's seat
    finally:
        net.close()


def test_reactions_are_sent_shown_by_the_seat_and_muted(make_app):
    net = start_online(hands=1)
    try:
        app = make_app()
        table = app.push("table", net.ann)
        part = table.net
        click_button(app, part.b_react)
        assert part.panel is not None
        labels = [b.text for b, _kind, _value in part.panel_buttons]
        assert "Nice!" in labels and "Mute Ben" in labels
        nice = next(b for b, kind, value in part.panel_buttons if value == "nice")
        click_button(app, nice)
        assert part.panel is None
        assert wait_for(app, lambda: (net.ben.poll() is not None) and (0, "nice") in net.ben.reactions)
        net.ben.react("thanks")
        assert wait_for(app, lambda: 1 in part.bubbles)
        assert part.bubbles[1][0] == "thanks"
        # mute Ben: his reactions are not shown any more (for this run of the app)
        click_button(app, part.b_react)
        mute = next(b for b, kind, value in part.panel_buttons if kind == "mute" and value == 1)
        click_button(app, mute)
        assert part.muted(1) and 1 not in part.bubbles
        from big2.app.online.reactions import is_muted

        assert is_muted(app, net.ann.lobby["code"], 1, "Ben")  # the lobby's mute too: one choice
        unmute = [b.text for b, kind, value in part.panel_buttons if kind == "mute" and value == 1]
        assert unmute == ["Unmute Ben"]
        key(app, pygame.K_ESCAPE)  # closes the panel, not the table
        assert part.panel is None and app.top is table
        heard = len(net.ann.reactions)
        net.ben.react("oops")
        assert wait_for(app, lambda: len(net.ann.reactions) > heard)
        assert wait_for(app, lambda: part.heard == len(net.ann.reactions))  # the table took it in
        assert 1 not in part.bubbles
    finally:
        net.close()


def test_a_computers_reaction_shows_by_its_seat_and_its_mute_silences_it(make_app):
    """A computer character's reaction comes in the frame a person's does
    (big2.net.characters): the table shows it by the computer's seat, and the panel
    offers a mute for the character as for a person."""
    from big2.room import personas

    net = start_online(hands=1)
    try:
        app = make_app()
        table = app.push("table", net.ann)
        part = table.net
        state = table.state
        seat = next(s for s in range(state.n_players) if not state.people[s])
        name = state.names[seat]
        assert personas.named(name) is not None and personas.named(name).temperament.chance > 0
        net.ann.reactions.append((seat, "well_played"))  # as the link takes a reaction frame in
        assert wait_for(app, lambda: seat in part.bubbles)
        assert part.bubbles[seat][0] == "well_played"
        click_button(app, part.b_react)
        mute = next(b for b, kind, value in part.panel_buttons if kind == "mute" and value == seat)
        assert mute.text == f"Mute {name}"
        click_button(app, mute)
        assert part.muted(seat) and seat not in part.bubbles
        key(app, pygame.K_ESCAPE)
        net.ann.reactions.append((seat, "nice"))
        assert wait_for(app, lambda: part.heard == len(net.ann.reactions))
        assert seat not in part.bubbles
    finally:
        net.close()


def test_the_host_gives_a_seat_the_computer_kept_to_a_new_person(make_app):
    """Ben is still away when the hand ends: his seat stays the computer's. Ann, the host,
    opens it from the menu with real clicks; Cy joins with the room code and plays it,
    shown under his own name."""
    net = start_online(hands=2)
    cy = None
    try:
        app = make_app()
        table = app.push("table", net.ann)
        net.ben.close()  # Ben's app is gone for good
        assert wait_for(app, lambda: net.ann.lobby["seats"][1]["connected"] is False)
        end = time.monotonic() + 60
        while time.monotonic() < end and app.top.name != "results":
            app.frame(block=False)
            if app.top is table:
                ann_moves(app, table)
            time.sleep(0.005)
        assert app.top.name == "results"
        assert wait_for(app, lambda: net.ann.lobby["seats"][1]["kind"] == "computer")
        click_button(app, app.top.b_next)
        assert wait_for(app, lambda: app.top is table and net.ann.state.hand_number == 2)
        click_button(app, table.b_menu)
        pause = app.top
        assert pause.name == "pause" and [(seat, computer) for _b, seat, computer in pause.b_offers] == [(1, False)]
        assert "Ben" in pause.b_offers[0][0].text
        click_button(app, pause.b_offers[0][0])
        assert app.top is table and table.message and net.ann.lobby["code_shown"] in table.message[0]
        assert wait_for(app, lambda: net.ann.lobby["seats"][1]["kind"] == "open")
        cy = RemoteLink(net.url, name="Cy", code=net.ann.code)
        assert wait_for(app, lambda: cy.state is not None and net.ann.state.names[1] == "Cy", also=cy.poll)
        assert net.ann.state.is_person(1) and cy.seat == 1
        # and the menu offers nothing more: a person sits there
        click_button(app, table.b_menu)
        assert app.top.b_offers == []
    finally:
        if cy is not None:
            cy.close()
        net.close()


def test_with_the_server_gone_the_table_gives_up_with_a_sentence(make_app):
    from big2.app.online import errors

    net = start_online(hands=1)
    try:
        net.ann.give_up_s = 1.5  # (two minutes in the app)
        app = make_app()
        table = app.push("table", net.ann)
        assert wait_for(app, lambda: table.awaiting_human or net.ann.state.to_act != 0, also=net.ben_moves)
        net.server.stop(end_games=False)  # a server that went away without a word
        assert wait_for(app, lambda: net.ann.status == "closed", timeout=20)
        assert net.ann.problem[0] == "gone"
        assert wait_for(app, lambda: table.net.status == "closed")
        assert table.net.closed_detail() == errors.sentence("gone")
        assert table.net.b_leave is not None
        click_button(app, table.net.b_leave)
        assert app.top.name == "title"
    finally:
        net.close()


def test_a_server_that_restarted_without_the_room_says_the_game_is_gone(make_app):
    import socket

    from big2.net.hostthread import ServerThread

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    net = start_online(hands=1, port=port)
    fresh = None
    try:
        app = make_app()
        table = app.push("table", net.ann)
        assert wait_for(app, lambda: table.awaiting_human or net.ann.state.to_act != 0, also=net.ben_moves)
        net.server.stop(end_games=False)
        fresh = ServerThread(host="127.0.0.1", port=port, advertise=False)
        fresh.start()
        assert wait_for(app, lambda: net.ann.status == "closed", timeout=20)
        assert net.ann.problem[0] == "bad_code"
        assert wait_for(app, lambda: table.net.status == "closed")
        assert table.net.closed_detail().startswith("The game server no longer has this game")
    finally:
        net.close()
        if fresh is not None:
            fresh.stop()


def test_after_a_reconnect_recent_plays_keep_the_hand_so_far(make_app):
    net = start_online(hands=1)
    try:
        app = make_app()
        table = app.push("table", net.ann)
        play_while(app, table, net, lambda: len(net.ann.state.history) < 5, 30)  # a few moves first
        assert len(net.ann.state.history) >= 5
        drop(net.ann)
        assert wait_for(app, lambda: net.ann.reconnects >= 1 and net.ann.status == "connected", timeout=15)
        assert wait_for(app, lambda: any("resumed" in str(line) for line, _c in table.log))
        moves = len(net.ann.state.history)
        lines = [str(line) for line, _c in table.log]
        at = next(i for i, line in enumerate(lines) if "resumed" in line)
        assert len(lines) - at - 1 >= min(moves, 5)  # every move of the hand, not the last three
    finally:
        net.close()


def test_the_log_says_when_the_computer_played_for_you_while_you_were_away(make_app):
    net = start_online(hands=1)  # a seat waits 0.3 s for its person, then the computer plays it
    try:
        net.ann.backoff = (1.5, 2.0)
        app = make_app()
        table = app.push("table", net.ann)
        assert wait_for(app, lambda: table.awaiting_human and table.state.to_act == table.viewer,
                        also=net.ben_moves)
        mine = sum(1 for seat, _m in net.ann.state.history if seat == 0)
        drop(net.ann)  # (Ben waits meanwhile: a hand that ended would leave her seat to the computer)
        assert wait_for(app, lambda: net.ann.reconnects >= 1 and net.ann.status == "connected", timeout=15)
        assert wait_for(app, lambda: any("computer played for you" in str(line) for line, _c in table.log),
                        timeout=10)
        assert sum(1 for seat, _m in net.ann.state.history if seat == 0) > mine
    finally:
        net.close()
