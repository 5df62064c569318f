"""Fuzz the wire format and the server with random and mutated frames (Hypothesis).

    python -m big2.net.fuzz [--frames 10000] [--server] [--seed N]

Without ``--server`` every frame goes through
:func:`~big2.net.protocol.parse_client_frame` (and the hello path), which must return a
:class:`~big2.net.protocol.Frame` of a declared type or raise
:class:`~big2.net.protocol.ProtocolError` — any other exception is a failure. With
``--server`` the same frames are then sent over loopback websockets to a server that
runs a room, from clients seated in it and from strangers, and afterwards the room must
be as it was and still take a legitimate frame. Prints one JSON line of counts; exits 1
on a failure. A developer tool: it needs Hypothesis (the ``test`` extra).

The strategies (:func:`frames`) are shared with the test suite, which runs a few hundred
derandomised examples.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

try:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
except ImportError as exc:  # a developer tool: Hypothesis comes with the test extra
    raise ImportError("python -m big2.net.fuzz needs Hypothesis: pip install -e '.[test]'") from exc

from . import protocol
from .protocol import (
    AnyList, AnyObj, Bool, Cards, CLIENT_FRAMES, Field, Int, Name, Obj, ProtocolError, Spec, Str,
)

_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=40),
)
json_values = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=12), inner, max_size=5)),
    max_leaves=20,
)


def _value(spec: Spec) -> st.SearchStrategy[Any]:
    """Values a well-behaved client would send for ``spec``."""
    if isinstance(spec, Name):
        return st.text(st.characters(categories=("L", "N", "Zs")), min_size=1, max_size=protocol.NAME_MAX).filter(
            lambda s: s.strip())
    if isinstance(spec, Str):
        if spec.choices:
            return st.sampled_from(spec.choices)
        if spec.pattern is not None:
            return st.from_regex(spec.pattern, fullmatch=True)
        return st.text(st.characters(categories=("L", "N")), max_size=spec.max_len)
    if isinstance(spec, Int):
        return st.integers(spec.lo, spec.hi)
    if isinstance(spec, Bool):
        return st.booleans()
    if isinstance(spec, Cards):
        return st.lists(st.integers(0, 51), max_size=spec.max_items, unique=True)
    if isinstance(spec, Obj):
        return _object(spec.fields)
    if isinstance(spec, AnyObj):
        return st.dictionaries(st.text(max_size=8), _scalars, max_size=4)
    if isinstance(spec, AnyList):
        return st.lists(_scalars, max_size=4)
    raise AssertionError(spec)


def _object(fields: Mapping[str, Field]) -> st.SearchStrategy[dict[str, Any]]:
    required = {k: _value(f.spec) for k, f in fields.items() if f.required}
    optional = {k: _value(f.spec) for k, f in fields.items() if not f.required}
    return st.fixed_dictionaries(required, optional=optional)


def valid_frames(types: Sequence[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Frames a client may send, of ``types`` (default every type but hello)."""
    names = list(types) if types is not None else [t for t in CLIENT_FRAMES if t != "hello"]
    return st.one_of([_object(CLIENT_FRAMES[t]).map(lambda d, t=t: {"type": t, **d}) for t in names])


_nasty_text = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["\x00", "\u202e", "\ud800", "\t\n", " ", "A" * 300, "😀" * 30, "\u0000name", "é" * 25]),
)


@st.composite
def mutated_frames(draw: st.DrawFn) -> dict[str, Any]:
    """A valid frame with one to three things broken."""
    frame = dict(draw(valid_frames(list(CLIENT_FRAMES))))
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(("drop", "add", "retype", "type", "nasty", "nest")))
        keys = [k for k in frame if k != "type"]
        if action == "drop" and frame:
            frame.pop(draw(st.sampled_from(sorted(frame))), None)
        elif action == "add":
            frame[draw(st.text(max_size=10))] = draw(json_values)
        elif action == "retype" and keys:
            frame[draw(st.sampled_from(keys))] = draw(json_values)
        elif action == "type":
            frame["type"] = draw(st.one_of(st.sampled_from(sorted(CLIENT_FRAMES)), json_values))
        elif action == "nasty" and keys:
            frame[draw(st.sampled_from(keys))] = draw(_nasty_text)
        elif action == "nest" and keys:
            key = draw(st.sampled_from(keys))
            frame[key] = {"command": frame[key], "x": [frame[key]]}
    return frame


@st.composite
def frames(draw: st.DrawFn) -> str | bytes:
    """Text (or bytes) as a hostile client might send: valid, mutated, random JSON,
    broken JSON, huge or deeply nested frames, binary data."""
    kind = draw(st.integers(0, 9))
    if kind <= 2:
        return json.dumps(draw(valid_frames()), ensure_ascii=draw(st.booleans()))
    if kind <= 5:
        return json.dumps(draw(mutated_frames()), ensure_ascii=draw(st.booleans()))
    if kind == 6:
        return json.dumps(draw(json_values), allow_nan=True)
    if kind == 7:
        good = json.dumps(draw(valid_frames()))
        cut = draw(st.integers(0, max(0, len(good) - 1)))
        junk = draw(st.text(max_size=5))
        return good[:cut] + junk + good[cut + 1:]
    if kind == 8:
        depth = draw(st.integers(1, 40_000))
        shape = draw(st.sampled_from(("[", "{\"a\":")))
        closer = "]" if shape == "[" else "}"
        return shape * depth + "1" + closer * depth
    return draw(st.one_of(st.binary(max_size=64), st.text(max_size=200),
                          st.just("9" * 5000), st.just('{"type":"ping","t":' + "9" * 5000 + "}"),
                          st.just("x" * (protocol.MAX_FRAME_BYTES + 1))))


def check_frame(raw: str | bytes) -> str:
    """Parse ``raw`` both as a first frame and a later one; returns ``"ok"`` or the error
    code; raises AssertionError on anything but a Frame or a ProtocolError."""
    outcome = ""
    for hello in (False, True):
        try:
            frame = protocol.parse_client_frame(raw, expect_hello=hello)
        except ProtocolError as exc:
            assert isinstance(exc.code, str) and exc.code and exc.message.endswith((".", "!")), exc.code
            outcome = outcome or exc.code
            continue
        except Exception as exc:  # pragma: no cover - this is the bug the fuzzer looks for
            raise AssertionError(f"{type(exc).__name__} from the validator on {str(raw)[:200]!r}") from exc
        assert frame.type in protocol.CLIENT_FRAMES
        # Whatever passed the gate can be sent back out.
        protocol.encode_frame({"type": frame.type, **frame.fields})
        outcome = outcome or "ok"
    return outcome


def collect(count: int, seed: int | None = None) -> list[str | bytes]:
    """``count`` frames from :func:`frames` (Hypothesis drives the drawing)."""
    out: list[str | bytes] = []

    @settings(max_examples=count, database=None, derandomize=seed is None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(frames())
    def draw(raw: str | bytes) -> None:
        out.append(raw)

    if seed is not None:
        draw = __import__("hypothesis").seed(seed)(draw)
    draw()
    return out


def run_validator(raws: Sequence[str | bytes]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for raw in raws:
        code = check_frame(raw)
        counts[code] = counts.get(code, 0) + 1
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m big2.net.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=10_000, help="how many frames (default 10000)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: derandomised)")
    parser.add_argument("--server", action="store_true", help="also send them to a live server over loopback")
    args = parser.parse_args(argv)
    raws = collect(args.frames, args.seed)
    try:
        counts = run_validator(raws)
    except AssertionError as exc:
        print(json.dumps({"ok": False, "failure": str(exc)}))
        return 1
    report: dict[str, Any] = {"ok": True, "frames": len(raws), "outcomes": counts}
    if args.server:
        import asyncio

        from .fuzzserver import fuzz_server

        report["server"] = asyncio.run(fuzz_server(raws))
        report["ok"] = bool(report["server"]["intact"])
    print(json.dumps(report, sort_keys=True))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
