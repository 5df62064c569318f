"""One string invites a friend: the lobby shows and copies ``big2://address/CODE`` (no
loopback address when a LAN one exists), and Join takes it pasted whole — alone, or in
the sentence the lobby copied — into the address field."""

from __future__ import annotations

import pytest

from helpers import click_control, type_text

from big2.app.online import invite


@pytest.mark.parametrize(("url", "code", "made"), [
    ("ws://192.168.1.5:7531", "HFSY-JXDC", "big2://192.168.1.5:7531/HFSY-JXDC"),
    ("wss://big2.example.org", "HFSY-JXDC", "big2s://big2.example.org/HFSY-JXDC"),
    ("wss://big2.example.org:8443/play", "AB12-CD34", "big2s://big2.example.org:8443/play/AB12-CD34"),
    ("ws://[fe80::1]:7600", "AB12-CD34", "big2://[fe80::1]:7600/AB12-CD34"),
])
def test_an_invite_carries_the_address_and_the_code_both_ways(url, code, made):
    assert invite.make(url, code) == made
    assert invite.read(made) == (url, code)
    assert invite.read(f"Big Two room {code} at {made} / big2://10.0.0.9:7531/{code}.") == (url, code)
    assert invite.read("  " + made.upper().replace(code.upper(), code) + "\n")[1] == code


def test_text_without_an_invite_is_none():
    for text in ("", "192.168.1.5", "ws://10.0.0.2:7531", "big2://", "big2://host/", "HFSY-JXDC"):
        assert invite.read(text) is None


def test_loopback_addresses_are_kept_from_friends_when_another_exists():
    urls = ["ws://192.0.2.2:41709", "ws://127.0.0.1:41709", "ws://localhost:1", "ws://[::1]:2"]
    assert invite.for_friends(urls) == ["ws://192.0.2.2:41709"]
    assert invite.for_friends(["ws://127.0.0.1:5"]) == ["ws://127.0.0.1:5"]


def test_the_lobby_shows_the_invite_and_join_takes_it_pasted_whole(make_app, lobby, room):
    from big2.app.ui import text

    server, ann = room
    code = ann.lobby["code_shown"]
    made = invite.make(server.url, code)
    # the host's lobby (a big2 serve here: the address is the server's) shows the invite
    host_app = make_app(size=(800, 600))  # the smallest window: the invite still whole
    from big2.app.online.lobby import LobbyScene

    scene = host_app.push(LobbyScene(host_app, ann))
    assert host_app.run_until(lambda: bool(scene.room), timeout=10)
    host_app.dirty = True
    with text.recording() as drawn:
        host_app.draw()
    assert any(made in d.text and "…" not in d.text for d in drawn), [d.text for d in drawn if "big2" in d.text]
    assert scene.invites() == [made]
    # a friend pastes the whole copied sentence into the address field, nothing else
    friend = make_app()
    click_control(friend, friend.push("title").b_online)
    click_control(friend, friend.top.b_join)
    form = friend.top
    type_text(friend, form.name_entry, "Ben", enter=False)
    type_text(friend, form.address_entry, f"Big Two room {code} at {made}", enter=False)
    click_control(friend, form.b_join)
    assert friend.run_until(lambda: lobby and lobby[-1].link.lobby is not None, timeout=20), form.message
    link = lobby[-1].link
    assert link.url == server.url and link.code == ann.lobby["code"] and link.seat == 1
