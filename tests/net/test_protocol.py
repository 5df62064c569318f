"""The wire format's gate: every bad frame gets a ProtocolError with a stable code and a
sentence, every good frame comes through with the declared fields, and nothing else ever
escapes the validator (property tests over random and mutated frames)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from big2.net import protocol
from big2.net.fuzz import check_frame, frames, mutated_frames, valid_frames
from big2.net.protocol import PROTOCOL_VERSION, ProtocolError, parse_client_frame, parse_server_frame

V = PROTOCOL_VERSION


def _code(raw: str | bytes, *, hello: bool = False) -> str:
    with pytest.raises(ProtocolError) as info:
        parse_client_frame(raw, expect_hello=hello)
    assert info.value.message.endswith("."), info.value.message
    return info.value.code


GOLDEN_BAD = [
    (b'{"type":"ping"}', "binary"),
    ("x" * (protocol.MAX_FRAME_BYTES + 1), "too_big"),
    ('{"type":"ping","t":"' + "é" * 40_000 + '"}', "too_big"),  # under 64 K characters, over 64 KiB
    ("{not json", "bad_json"),
    ("", "bad_json"),
    ('{"type":"ping","t":NaN}', "bad_json"),
    ('{"type":"ping","t":Infinity}', "bad_json"),
    ('{"type":"ping","type":"leave"}', "bad_json"),  # a key twice
    ('{"type":"ping","t":' + "9" * 5000 + "}", "bad_json"),  # a number too long to read
    ("[" * 30_000 + "]" * 30_000, "bad_json"),  # nested too deep
    ("[1,2]", "not_object"),
    ('"ping"', "not_object"),
    ("null", "not_object"),
    ('{"t":1}', "missing_type"),
    ('{"type":7}', "missing_type"),
    ('{"type":"teleport"}', "unknown_type"),
    ('{"type":"join_room","name":"Ann"}', "missing_field"),
    ('{"type":"leave","x":1}', "extra_field"),
    ('{"type":"ready","ready":1}', "wrong_type"),
    ('{"type":"ping","t":true}', "wrong_type"),
    ('{"type":"ping","t":1.5}', "wrong_type"),
    ('{"type":"ping","t":-1}', "out_of_range"),
    ('{"type":"ping","t":9007199254740992}', "out_of_range"),
    ('{"type":"create_room","name":"' + "N" * 25 + '"}', "too_long"),
    ('{"type":"create_room","name":"\\u0000\\u200b\\n"}', "bad_name"),
    ('{"type":"create_room","name":"Ann","players":5}', "out_of_range"),
    ('{"type":"reaction","reaction":"you stink"}', "bad_value"),
    ('{"type":"join_room","code":"ABCD","name":"Ann","token":"short"}', "bad_value"),
    ('{"type":"join_room","code":"' + "A" * 80 + '","name":"Ann"}', "too_long"),
    ('{"type":"command","seq":1,"command":{"kind":"fly"}}', "bad_value"),
    ('{"type":"command","seq":1,"command":{"kind":"play","cards":[1,1]}}', "bad_value"),
    ('{"type":"command","seq":1,"command":{"kind":"play","cards":[52]}}', "out_of_range"),
    ('{"type":"command","seq":1,"command":{"kind":"play","cards":[true]}}', "wrong_type"),
    ('{"type":"command","seq":1,"command":{"kind":"play","cards":' + json.dumps(list(range(14))) + "}}", "too_long"),
    ('{"type":"command","seq":1,"command":{"kind":"pass","why":"x"}}', "extra_field"),
    ('{"type":"command","seq":1,"command":[]}', "wrong_type"),
    ('{"type":"hello","version":' + str(V) + "}", "hello_again"),
]


@pytest.mark.parametrize(("raw", "code"), GOLDEN_BAD, ids=[c + str(i) for i, (_, c) in enumerate(GOLDEN_BAD)])
def test_golden_bad_frames_get_their_error_code(raw: str | bytes, code: str) -> None:
    assert _code(raw) == code


def test_the_first_frame_must_be_a_hello_of_this_version() -> None:
    assert parse_client_frame('{"type":"hello","version":%d,"client":"big2 0.1"}' % V, expect_hello=True).fields == {
        "version": V, "client": "big2 0.1"}
    assert _code('{"type":"ping"}', hello=True) == "not_hello"
    for other in (V + 1, V - 1, "1", True, None):
        with pytest.raises(ProtocolError) as info:
            parse_client_frame(json.dumps({"type": "hello", "version": other, "future": [1]}), expect_hello=True)
        assert info.value.code == "version" and info.value.fatal
        assert info.value.message.count(".") == 1 and "version" in info.value.message
    with pytest.raises(ProtocolError) as older:
        parse_client_frame(json.dumps({"type": "hello", "version": V + 5}), expect_hello=True)
    assert str(V + 5) in older.value.message and str(V) in older.value.message


def test_error_frames_carry_the_command_number_when_it_was_readable() -> None:
    with pytest.raises(ProtocolError) as info:
        parse_client_frame('{"type":"command","seq":41,"command":{"kind":"fly"}}')
    assert info.value.frame() == {"type": "error", "code": "bad_value", "seq": 41, "message": info.value.message}


def test_good_frames_come_through_with_their_fields() -> None:
    f = parse_client_frame('{"type":"command","seq":3,"command":{"kind":"play","cards":[0,51]}}')
    assert f.type == "command" and f["seq"] == 3 and f["command"] == {"kind": "play", "cards": [0, 51]}
    f = parse_client_frame('{"type":"join_room","code":"abcd-efgh","name":"  Mei\\u0007  Ling ",'
                           '"token":"' + "A" * 32 + '"}')
    assert f["name"] == "Mei Ling" and f["code"] == "abcd-efgh" and f["token"] == "A" * 32
    assert parse_client_frame('{"type":"leave"}').fields == {}
    # 24 characters of a script with no ASCII: counted in characters, not bytes.
    assert parse_client_frame(json.dumps({"type": "create_room", "name": "美" * 24}))["name"] == "美" * 24


def test_names_lose_control_format_and_surrogate_characters() -> None:
    assert protocol.clean_name("\u202eevil\u202c \ud800Bob\x1b[31m") == "evil Bob[31m"
    with pytest.raises(ProtocolError):
        protocol.clean_name("\x00\x01")


def test_server_frames_are_checked_too() -> None:
    assert parse_server_frame(protocol.encode("ack", seq=5)).fields == {"seq": 5}
    with pytest.raises(ProtocolError):
        parse_server_frame('{"type":"ack"}')


def test_encode_refuses_what_json_cannot_hold() -> None:
    with pytest.raises(ValueError):
        protocol.encode("pong", t=float("nan"))
    assert json.loads(protocol.encode("pong", t=1)) == {"type": "pong", "t": 1}


@settings(max_examples=150)
@given(valid_frames())
def test_every_valid_frame_passes_as_sent(frame: dict) -> None:
    parsed = parse_client_frame(json.dumps(frame))
    assert parsed.type == frame["type"]
    for key, value in parsed.fields.items():
        if isinstance(value, str) and key == "name":
            assert value == " ".join(frame[key].split())
        else:
            assert value == frame[key]


@settings(max_examples=200)
@given(mutated_frames())
def test_mutated_frames_never_raise_anything_but_a_protocol_error(frame: dict) -> None:
    check_frame(json.dumps(frame))


@settings(max_examples=300)
@given(frames())
def test_random_frames_never_raise_anything_but_a_protocol_error(raw: str | bytes) -> None:
    check_frame(raw)


def test_every_error_code_the_server_sends_is_documented_for_the_app() -> None:
    import re
    from pathlib import Path

    import big2.net

    used = set()
    for path in Path(big2.net.__file__).parent.glob("*.py"):
        used |= set(re.findall(r'(?:ProtocolError|RoomError)\("([a-z_]+)"', path.read_text(encoding="utf-8")))
    assert used and used <= set(protocol.ERROR_CODES), used - set(protocol.ERROR_CODES)
