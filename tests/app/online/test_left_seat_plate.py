"""Issue 41 (severity 3): a seat whose person left says so on its plate, for everyone at
the table; the host opens it to a new person from where they see it (a click on the
plate, as the Menu's "Open Ben's seat to a person"), a person who is not the host gets
nothing from that click; and the online table's notices ("Ben is away", the note by
his plate) never lie over a seat's Pass chip, the pile or each other."""

from __future__ import annotations

import time

import pygame
import pytest
from helpers import click, click_button, key
from tablenet import ann_moves, play_while, start_online, wait_for

from big2.app import vocab
from big2.app.ui import text
from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink
from big2.net.server import Limits
from tests.waiting import until

LEFT_TAGS = ("left: the computer plays", "left")


def _plate_texts(app, table, seat: int) -> list[str]:
    plate = pygame.Rect(table.layout.seats[table.pos_of(seat)].info.as_tuple())
    app.dirty = True
    with text.recording() as drawn:
        app.draw()
    return [d.text for d in drawn if d.on_screen and plate.contains(d.rect) and d.text.strip()]


def _plate(table, seat: int) -> pygame.Rect:
    return pygame.Rect(table.layout.seats[table.pos_of(seat)].info.as_tuple())


def _in_hand(make_app):
    """Ann's window at the table of a two-hand session, in its first hand."""
    net = start_online(hands=2)
    app = make_app()
    table = app.push("table", net.ann)
    if not wait_for(app, lambda: net.ann.state is not None and net.ann.state.in_hand):
        net.close()
        raise AssertionError("the first hand never came")
    return net, app, table


def test_a_left_seat_says_so_on_its_plate_and_the_host_opens_it_with_a_click_there(make_app):
    net, app, table = _in_hand(make_app)
    try:
        level = vocab.level(net.ann.state.levels[1])
        net.ben.leave()  # Ben leaves the room for good
        assert wait_for(app, lambda: net.ann.lobby["seats"][1]["kind"] == "computer")
        assert wait_for(app, lambda: 1 in table.net.left)
        shown = _plate_texts(app, table, 1)
        assert "Ben" in shown or "\u2605 Ben" in shown
        assert any(t in LEFT_TAGS for t in shown), shown  # in place of the computer's level
        assert not any(level.lower() in t.lower() for t in shown), shown
        # everyone is told once; the host also how to give the seat to a friend
        assert table.message is not None and "Ben left" in table.message[0] and "click" in table.message[0].lower()
        # the Menu still offers it
        click_button(app, table.b_menu)
        assert [seat for _b, seat, _c in app.top.b_offers] == [1]
        key(app, pygame.K_ESCAPE)
        assert app.top is table
        # a click on Ben's plate asks the host the Menu's question
        click(app, _plate(table, 1).center)
        ask = app.top
        assert ask.name == "confirm" and "Ben" in ask.question
        click_button(app, ask.b_yes)
        assert app.top is table
        assert wait_for(app, lambda: net.ann.lobby["seats"][1]["kind"] == "open")
        assert table.message is not None and net.ann.lobby["code_shown"] in table.message[0]
        # still Ben's (left) seat until someone takes it: a click offers it back to the computer
        assert any(t in LEFT_TAGS for t in _plate_texts(app, table, 1))
        click(app, _plate(table, 1).center)
        assert app.top.name == "confirm"
        key(app, pygame.K_ESCAPE)  # no
        assert app.top is table and net.ann.lobby["seats"][1]["kind"] == "open"
        # a click on a plate whose seat is nobody's to give (a computer's from the start) does nothing
        click(app, _plate(table, 2).center)
        assert app.top is table
    finally:
        net.close()


def test_a_person_who_is_not_the_host_sees_the_left_seat_and_gets_nothing_from_a_click(make_app):
    server = ServerThread(host="127.0.0.1", port=0, advertise=False,
                          limits=Limits(computer_pace_s=0.0, reconnect_grace_s=0.3))
    url = server.start()
    links: list[RemoteLink] = []
    try:
        ann = RemoteLink(url, name="Ann", create={"players": 4, "computers": 1, "hands": 2}, backoff=(0.1, 0.5))
        links.append(ann)
        assert until(lambda: ann.lobby is not None and ann.code is not None)
        ben = RemoteLink(url, name="Ben", code=ann.code, backoff=(0.1, 0.5))
        cy = RemoteLink(url, name="Cy", code=ann.code, backoff=(0.1, 0.5))
        links += [ben, cy]
        assert until(lambda: ben.lobby is not None and cy.lobby is not None)
        for link in links:
            link.ready()
        assert until(lambda: ann.lobby is not None and all(s["ready"] for s in ann.lobby["seats"]))
        ann.start()
        assert until(lambda: ben.state is not None, step=lambda: [link.poll() for link in links])
        app = make_app()
        table = app.push("table", ben)  # Ben's window: he is not the host
        assert wait_for(app, lambda: ben.state.in_hand)
        cy_seat = cy.seat
        cy.leave()
        assert wait_for(app, lambda: cy_seat in table.net.left, also=ann.poll)
        shown = _plate_texts(app, table, cy_seat)
        assert any(t in LEFT_TAGS for t in shown), shown
        assert table.message is not None and "Cy left" in table.message[0]
        assert "click" not in table.message[0].lower()
        click(app, _plate(table, cy_seat).center)
        assert app.top is table  # nothing to ask: only the host opens seats
        assert ben.lobby["seats"][cy_seat]["kind"] == "computer"
    finally:
        for link in links:
            link.close()
        server.stop()


def test_a_person_still_away_when_the_hand_ends_has_left_not_come_back(make_app):
    """The server gives the seat of a person still away at a hand's end to the computer:
    the table says Ben left (his plate too), never "Ben is back"."""
    net, app, table = _in_hand(make_app)
    try:
        net.ben.close()  # Ben's app is gone for good
        assert wait_for(app, lambda: 1 in table.net.away)
        said: list[str] = []
        say = table.say
        table.say = lambda words, *a, **k: (said.append(str(words)), say(words, *a, **k))[1]
        play_while(app, table, net, lambda: net.ann.lobby["seats"][1]["kind"] != "computer", ben=False)
        assert net.ann.lobby["seats"][1]["kind"] == "computer"
        assert wait_for(app, lambda: 1 in table.net.left)
        assert 1 not in table.net.away
        assert not any("Ben is back" in w for w in said), said
        assert any(w.startswith("Ben left") for w in said), said
    finally:
        net.close()


@pytest.mark.parametrize("size, players", [((1280, 720), 4), ((800, 600), 3), ((1920, 1080), 4)])
def test_online_notices_keep_off_the_pass_chip_and_the_pile(make_app, size, players):
    from test_fit_property import table_problems

    from big2.app.table.seats import chip_rect

    net = start_online(hands=1, players=players, computers=players - 2)
    try:
        app = make_app(size=size)
        table = app.push("table", net.ann)
        # Ben passes, and it is Ann's turn: his Pass chip is up and stays while she thinks
        end = time.monotonic() + 40
        while time.monotonic() < end and not (1 in table.badges and table.awaiting_human):
            net.ben_moves()
            app.frame(block=False)
            if app.top is table and 1 not in table.badges:
                ann_moves(app, table)
            time.sleep(0.005)
        assert 1 in table.badges and table.awaiting_human
        net.ben.close()  # his app is gone: "Ben is away", with the note by his plate
        assert wait_for(app, lambda: 1 in table.net.away)
        assert table.message is not None and "Ben is away" in table.message[0]
        assert 1 in table.badges
        panels: list[pygame.Rect] = []
        real = text.panel

        def panel(surf, rect, **kwargs):
            panels.append(pygame.Rect(rect))
            return real(surf, rect, **kwargs)

        text.panel = panel
        try:
            table.draw(app.screen)
        finally:
            text.panel = real
        chips = [chip_rect(table, table.pos_of(s), w) for s, w in table.badges.items()]
        for chip in chips:
            for p in panels:
                if p != chip and not p.contains(chip):
                    assert not p.inflate(-2, -2).colliderect(chip), f"a panel at {tuple(p)} lies on the Pass chip {tuple(chip)}"
        assert table_problems(app, table) == []
    finally:
        net.close()
