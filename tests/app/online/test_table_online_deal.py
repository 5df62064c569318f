"""The online table deals its cards as a local table does — at the host's Start, at the
next hand another person dealt, at a Rematch — and a seat taken back in the middle of a
hand is shown as it stands, with no deal. Real servers on loopback, real clicks; what is
observed is the table's own animation (its deal, the cards in flight, the counts rising,
the deal sounds), with animations on."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pytest

from big2.app.online.lobby import LobbyScene
from big2.app.table.scene import TableScene
from big2.app.table.playback import DEAL_STAGGER
from big2.engine.combos import PASS, move_cards
from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink
from big2.room import commands as cmd
from big2.room import seatrules
from big2.room.events import SeatDealt

from tests.app.helpers import click_button, click_control
from tests.waiting import until
from tablenet import ann_moves, start_online, wait_for


@dataclass
class Deal:
    """What a table showed in its first seconds."""

    #: The playback's deal as it began: (start, seconds between cards, cards).
    deal: tuple[float, float, int] | None = None
    #: The most cards seen in flight to the other seats at once.
    flying: int = 0
    #: Cards shown in every hand, frame by frame.
    counts: list[int] = field(default_factory=list)
    #: "deal" sounds played.
    sounds: int = 0
    #: Seconds from the first frame until every card arrived.
    seconds: float = 0.0


def watch(app, table, heard: int, seconds: float = 8.0, *, also=None) -> Deal:
    """Run the app's frames until ``table``'s deal is over (or ``seconds`` pass; a table
    that does not deal is watched for one second), noting what it showed; ``heard`` is
    the count of deal sounds before the table opened (or was told to go on)."""
    seen = Deal()
    start = time.monotonic()
    end = start + seconds
    while time.monotonic() < end:
        if also is not None:
            also()
        app.frame(block=False)
        if seen.deal is None and table.playback.deal is not None:
            seen.deal = table.playback.deal
        seen.flying = max(seen.flying, len(table.flying))
        seen.counts.append(sum(table.counts))
        if seen.deal is not None and not table.flying and not table.tweens.active:
            break
        if seen.deal is None and time.monotonic() > start + 1.0:
            break
        time.sleep(0.004)
    seen.seconds = time.monotonic() - start
    seen.sounds = app.sounds.counts["deal"] - heard
    return seen


def assert_dealt(app, seen: Deal, cards: int) -> None:
    """The table dealt ``cards`` cards with a local table's timing and sounds."""
    a = app.settings.anim_scale
    assert a > 0
    assert seen.deal is not None, "the table showed the hand without dealing it"
    _start, stagger, total = seen.deal
    assert total == cards and stagger == pytest.approx(DEAL_STAGGER * a)  # a local table's stagger
    assert seen.flying > 0  # the others' cards flew face down from the deck
    assert seen.counts[0] < cards and seen.counts[-1] == cards  # the hands filled up as cards arrived
    assert seen.sounds >= cards // 4  # a deal sound every fourth card, as at a local table
    assert seen.seconds >= 0.8 * total * stagger  # not at once


def assert_not_dealt(seen: Deal, table) -> None:
    assert seen.deal is None and seen.flying == 0 and seen.sounds == 0
    # as it stands, at once: never fewer cards than now (a deal starts from none)
    assert seen.counts and min(seen.counts) >= sum(table.state.counts) > 0


def move_for(link: RemoteLink) -> None:
    """The person at ``link`` plays their lowest play (or passes) when it is their turn."""
    link.poll()
    state = link.state
    if state is None or not state.in_hand or state.hand_over or state.to_act != link.seat or state.exchange:
        return
    if getattr(link, "_moved_at", None) == state.seq:
        return
    link._moved_at = state.seq
    moves = [m for m in seatrules.legal_moves(state) if m != PASS]
    if not state.leading and not moves:
        link.send(cmd.Pass())
    else:
        link.send(cmd.Play(tuple(move_cards(moves[0]))))


@pytest.fixture
def lobby_room():
    """A server, Ann's room of four (two computers) and Ben seated and ready in it; not
    started."""
    server = ServerThread(host="127.0.0.1", port=0, advertise=False)
    url = server.start()
    ann = RemoteLink(url, name="Ann", create={"players": 4, "computers": 2, "hands": 2}, backoff=(0.1, 0.5))
    ben = None
    try:
        assert until(lambda: ann.lobby is not None and ann.code is not None)
        ben = RemoteLink(url, name="Ben", code=ann.code, backoff=(0.1, 0.5))
        assert until(lambda: ben.lobby is not None)
        ben.ready()
        assert until(lambda: ann.lobby["seats"][1].get("ready"))
        yield ann, ben
    finally:
        for link in (ben, ann):
            if link is not None:
                link.close()
        server.stop()


def test_the_table_opened_by_the_hosts_start_deals_as_a_local_table_does(make_app, lobby_room):
    ann, ben = lobby_room
    app = make_app(animation="normal")
    scene = app.push("lobby", ann)
    assert isinstance(scene, LobbyScene)
    assert app.run_until(lambda: scene.b_start is not None and scene.b_start.is_enabled, timeout=20)
    heard = app.sounds.counts["deal"]
    click_control(app, scene.b_start)
    assert app.run_until(lambda: isinstance(app.top, TableScene), timeout=20)
    table = app.top
    assert table.link is ann and table.online
    online = watch(app, table, heard)
    assert_dealt(app, online, 52)
    assert sorted(table.hand.cards) == sorted(ann.state.hand)  # Ann's cards, face up in her hand
    assert all(table.sprites[c].face_up for c in table.hand.cards)
    # a local game's deal in the same app: the same pace, the same sounds
    heard = app.sounds.counts["deal"]
    local = app.push("table")
    assert not local.online
    here = watch(app, local, heard)
    assert_dealt(app, here, 52)
    assert here.deal[1:] == online.deal[1:]
    assert here.sounds == online.sounds
    # Ben's app too: his table, opened from his lobby, deals
    other = make_app(animation="normal")
    other.push("lobby", ben)
    assert other.run_until(lambda: isinstance(other.top, TableScene), timeout=20)
    assert_dealt(other, watch(other, other.top, 0), 52)


def first_hand_to_results(app, net):
    """Ann plays the first hand with clicks (animation off) to its results; Ben deals the
    next hand meanwhile. Returns (table, results)."""
    table = app.push("table", net.ann)
    net.ben_deals = True  # Ben deals the next hand before Ann presses Next hand
    end = time.monotonic() + 60
    while time.monotonic() < end and app.top.name != "results":
        net.ben_moves()
        app.frame(block=False)
        ann_moves(app, table)
        time.sleep(0.005)
    results = app.top
    assert results.name == "results"
    # the next hand is dealt meanwhile: its events wait in Ann's link (her table is under
    # the results) or, when they came as the hand's end was shown, in her table's queue
    assert wait_for(app, lambda: net.ben.state.hand_number == 2 and (
        net.ann.pending() or any(isinstance(e, SeatDealt) for e in table.playback.queue)), also=net.ben_moves)
    return table, results


def test_the_next_hand_another_person_dealt_is_dealt_at_this_table(make_app):
    net = start_online(hands=2)
    try:
        app = make_app()  # the first hand quickly, with no animation
        table, results = first_hand_to_results(app, net)
        app.settings.animation = "normal"
        heard = app.sounds.counts["deal"]
        click_button(app, results.b_next)
        assert app.top is table
        seen = watch(app, table, heard, also=net.ben_moves)
        assert_dealt(app, seen, 52)
        assert net.ann.state.hand_number == 2
        # and the hand goes on: Ann's turn comes with her cards
        assert wait_for(app, lambda: table.awaiting_human or len(net.ann.state.history) > 2, also=net.ben_moves)
    finally:
        net.close()


def test_a_next_hand_dealt_before_a_dropped_connection_came_back_is_shown_as_it_stands(make_app):
    """Ann's connection drops while her results are up and Ben has dealt: the snapshot it
    comes back with is the hand now (the moves made while she was away are in it only),
    so Next hand shows that, not the deal before the drop."""
    from tablenet import drop

    net = start_online(hands=2)
    try:
        app = make_app()
        table, results = first_hand_to_results(app, net)
        drop(net.ann)
        assert wait_for(app, lambda: net.ann.status == "reconnecting")
        net.ann.lobby = None  # the room frame after the rejoin follows the snapshot
        assert wait_for(app, lambda: net.ann.status == "connected" and net.ann.lobby is not None)
        assert net.ann.snapshots == 1  # (nothing took the new snapshot in yet)
        app.settings.animation = "normal"
        heard = app.sounds.counts["deal"]
        click_button(app, results.b_next)
        assert app.top is table
        seen = watch(app, table, heard)
        assert_not_dealt(seen, table)
        assert sorted(table.hand.cards) == sorted(net.ann.state.hand)
        assert table.counts == list(net.ann.state.counts)
    finally:
        net.close()


def test_a_rematch_is_dealt(make_app):
    net = start_online(hands=1)
    try:
        app = make_app()
        table = app.push("table", net.ann)
        end = time.monotonic() + 60
        while time.monotonic() < end and app.top.name != "session_end":
            net.ben_moves()
            app.frame(block=False)
            top = app.top
            if top is table:
                ann_moves(app, table)
            elif top.name == "results":
                click_button(app, top.b_next)
            time.sleep(0.005)
        ending = app.top
        assert ending.name == "session_end"
        app.settings.animation = "normal"
        heard = app.sounds.counts["deal"]
        click_button(app, ending.b_again)  # Ann is the host: Rematch
        assert wait_for(app, lambda: isinstance(app.top, TableScene), also=net.ben.poll)
        again = app.top
        assert again is not table and again.state.results == ()
        assert_dealt(app, watch(app, again, heard, also=net.ben.poll), 52)
    finally:
        net.close()


def test_a_seat_taken_back_in_the_middle_of_a_hand_is_not_dealt_again(make_app):
    """Ben's app stopped mid-hand; started again, it rejoins through the lobby (as the
    hub's Rejoin does): the table shows the hand as it stands at once, no deal."""
    net = start_online(hands=2)
    try:
        # a few moves, so the hand is under way
        assert until(lambda: len(net.ann.state.history) >= 3,
                     step=lambda: (move_for(net.ann), net.ben_moves()), seconds=30)
        net.ben.close()
        old = net.ben
        ben = net.ben = RemoteLink(net.url, name="Ben", code=old.code, token=old.token, backoff=(0.1, 0.5))
        app = make_app(animation="normal")
        app.push("lobby", ben)
        assert app.run_until(lambda: isinstance(app.top, TableScene), timeout=20)
        table = app.top
        assert ben.seat == 1 and table.state.in_hand and len(table.state.history) >= 3
        seen = watch(app, table, 0)
        assert_not_dealt(seen, table)
        assert sorted(table.hand.cards) == sorted(ben.state.hand)
        assert table.counts == list(ben.state.counts)
    finally:
        net.close()


def test_a_reconnect_at_an_open_table_shows_the_hand_as_it_stands(make_app):
    """The connection drops mid-hand at an open table: back, the hand is shown from the
    server's snapshot, not dealt again."""
    from tablenet import drop

    net = start_online(hands=1)
    try:
        app = make_app()
        table = app.push("table", net.ann)
        assert wait_for(app, lambda: table.awaiting_human, also=net.ben_moves)
        app.settings.animation = "normal"
        heard = app.sounds.counts["deal"]
        drop(net.ann)
        assert wait_for(app, lambda: net.ann.status == "reconnecting")
        assert wait_for(app, lambda: net.ann.status == "connected" and not table.net.held(), timeout=15)
        seen = watch(app, table, heard)
        assert_not_dealt(seen, table)
        assert sorted(table.hand.cards) == sorted(net.ann.state.hand)
    finally:
        net.close()
