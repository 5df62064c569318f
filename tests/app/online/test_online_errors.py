"""Every error code a game server can send has the player's sentence, in every language;
a refused command's ``msg`` is rendered through the room's codec in the player's
language; typed addresses become server URLs."""

from __future__ import annotations

import pytest

from big2 import i18n
from big2.app.online import errors
from big2.app.online.address import BadAddress, server_url
from big2.net import protocol
from big2.room import codec
from big2.room import commands as C
from big2.room.config import MatchConfig
from big2.room.link import LocalLink
from big2.room.room import Room


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def test_every_error_code_has_a_sentence():
    assert set(protocol.ERROR_CODES) <= set(errors.SENTENCES)
    assert not set(errors.SENTENCES) - set(protocol.ERROR_CODES), "a sentence for a code the server never sends"
    for code in protocol.ERROR_CODES:
        said = errors.sentence(code, "the server's English")
        assert said and said[0].isupper() and said.endswith("."), code
        assert "the server's English" not in said


@pytest.mark.parametrize("code", ["zh_Hant", "zh_Hans", "fil", "id"])
def test_the_sentences_are_translated(language, code):
    language(code)
    for key in protocol.ERROR_CODES:
        assert errors.sentence(key) != errors.SENTENCES[key], (code, key)


def test_a_code_from_a_newer_server_shows_its_own_words():
    assert errors.sentence("brand_new", "Something new.") == "The game server said: Something new."
    assert errors.sentence("brand_new") == "The game server refused that."


def _refusal() -> C.Refusal:
    room = Room(MatchConfig(seed=7))
    link = LocalLink(room)
    room.start_hand()
    for _ in range(200):
        link.poll()
        if link.state.my_turn:
            break
        room.tick(0.0)
    not_held = next(c for c in range(52) if c not in link.state.hand)
    refusal = link.send(C.Play((not_held,)))
    assert isinstance(refusal, C.Refusal)
    return refusal


def test_a_refused_commands_msg_renders_through_the_rooms_codec(language):
    refusal = _refusal()
    wire = codec.to_json(refusal.message)  # what the server puts in the error frame's msg
    assert errors.refusal(wire) == str(refusal.message)
    language("zh_Hant")
    shown = errors.refusal(wire)
    assert shown == i18n.render(refusal.message) and shown != str(refusal.message)
    language("en")
    assert errors.refusal({"$msg": "not a message"}) == errors.sentence("refused")


@pytest.mark.parametrize(("typed", "url"), [
    ("192.168.1.5", "ws://192.168.1.5:7531"),
    ("  my-pc.local ", "ws://my-pc.local:7531"),
    ("host:7600", "ws://host:7600"),
    ("ws://10.0.0.2", "ws://10.0.0.2:7531"),
    ("ws://10.0.0.2:8000", "ws://10.0.0.2:8000"),
    ("wss://big2.example.org/", "wss://big2.example.org"),
    ("WSS://big2.example.org:8443/play", "wss://big2.example.org:8443/play"),
    ("[fe80::1]:7531", "ws://[fe80::1]:7531"),
])
def test_typed_addresses(typed, url):
    assert server_url(typed) == url


@pytest.mark.parametrize("typed", ["", "   ", "http://x.org", "a b", "host:99999", "host:0", "host:port", "ws://"])
def test_what_cannot_be_an_address(typed):
    with pytest.raises(BadAddress) as caught:
        server_url(typed)
    assert str(caught.value).endswith(".")
