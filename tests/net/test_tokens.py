"""Seat tokens, room codes, and the throttle on wrong codes."""

from __future__ import annotations

import math

from big2.net import tokens
from big2.net.tokens import Throttle, format_code, new_room_code, new_seat_token, normalise_code, same_token


def test_seat_tokens_are_long_random_and_url_safe() -> None:
    seen = {new_seat_token() for _ in range(500)}
    assert len(seen) == 500
    for token in seen:
        assert len(token) >= 22  # 128 bits in url-safe base64
        assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert tokens.TOKEN_BYTES * 8 >= 128
    a = new_seat_token()
    assert same_token(a, a) and not same_token(a, new_seat_token())


def test_room_codes_hold_forty_random_bits_and_read_back_however_typed() -> None:
    assert len(tokens.CODE_ALPHABET) ** tokens.CODE_LENGTH >= 2**40
    assert math.log2(len(tokens.CODE_ALPHABET)) * tokens.CODE_LENGTH >= 40
    codes = {new_room_code() for _ in range(2000)}
    assert len(codes) == 2000
    for code in list(codes)[:200]:
        shown = format_code(code)
        assert shown[4] == "-" and len(shown) == 9
        assert normalise_code(shown) == code
        assert normalise_code(" " + shown.lower() + " ") == code
    assert not set("ILOU") & set(tokens.CODE_ALPHABET)
    assert normalise_code("oooo-iiii") == "00001111" and normalise_code("LLLL llll") == "11111111"
    for bad in ("", "ABC", "ABCDEFGHJ", "ABCD-EFG!", "ÄBCDEFGH", None, 12345678):
        assert normalise_code(bad) is None  # type: ignore[arg-type]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_throttle_doubles_the_wait_after_the_free_misses_up_to_its_cap() -> None:
    clock = Clock()
    t = Throttle(free=2, base=1.0, cap=8.0, forget=100.0, clock=clock)
    assert t.wait("a") == 0
    assert [t.miss("a") for _ in range(7)] == [0, 0, 1, 2, 4, 8, 8]
    assert t.wait("a") == 8 and t.wait("b") == 0  # per peer
    clock.now += 5
    assert t.wait("a") == 3
    clock.now += 3
    assert t.wait("a") == 0
    assert t.miss("a") == 8  # misses are counted, never wiped by a right code in between


def test_the_throttle_forgets_quiet_peers_and_keeps_bounded_memory() -> None:
    clock = Clock()
    t = Throttle(free=0, base=1.0, cap=60.0, forget=10.0, max_peers=100, clock=clock)
    t.miss("a")
    t.miss("a")
    clock.now += 11
    assert t.wait("a") == 0 and t.miss("a") == 1  # forgotten: first miss again
    for i in range(10_000):
        t.miss(f"10.0.{i // 256}.{i % 256}")
    assert len(t) == 100
    assert t.wait("10.0.39.15") > 0  # the newest are kept
