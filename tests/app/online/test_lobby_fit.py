"""The lobby fits: every label and line in its box, no control on another, for the host
and a friend, at the smallest window and the usual one, in English and in the longest
and the tallest of the other languages."""

from __future__ import annotations

import time

import pytest

from big2 import i18n
from big2.app import language
from big2.app.online.lobby import problem_sentence
from big2.app.ui import text
from big2.net.hostthread import ServerThread
from big2.net.link import RemoteLink
from tools import fitcheck


def _wait(check, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "the server did not answer in time"
        time.sleep(0.02)


@pytest.fixture(scope="module")
def room():
    """Ann's room of four (a computer, an open seat) with Bob seated and a reaction each."""
    hosting = ServerThread(host="127.0.0.1", port=0, advertise=False)
    url = hosting.start()
    ann = RemoteLink(url, name="Ann", create={"players": 4, "computers": 1})
    _wait(lambda: ann.lobby is not None)
    bob = RemoteLink(url, name="Bob Bartholomew-Smith", code=ann.code)
    _wait(lambda: ann.lobby["seats"][1]["kind"] == "person")
    ann.configure(preset="taiwan", turn_clock=30)
    ann.react("good_game")
    bob.react("well_played")
    _wait(lambda: len(bob.reactions) == 2 and len(ann.reactions) == 2 and bob.lobby["preset"] == "taiwan")
    yield hosting, ann, bob
    bob.close()
    ann.close()
    hosting.stop()


@pytest.mark.parametrize("code", ["en", "fil", "zh_Hant"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_lobby_fits_for_host_and_friend(make_app, monkeypatch, room, code, size) -> None:
    hosting, ann, bob = room
    monkeypatch.setenv(language.PREVIEW, code)
    i18n.set_language(language.choose(""))
    problems: dict[str, list[str]] = {}
    try:
        for who, link, hosted in (("host", ann, hosting), ("friend", bob, None)):
            app = make_app(size=size)
            scene = app.push("lobby", link, hosting=hosted)
            assert app.run_until(lambda: scene._built == scene._signature() and bool(scene.room), timeout=10)
            scene.problem_text = problem_sentence(("bad_value", ""))  # the longest status line
            app.frame(block=False)
            found = fitcheck.draw_and_check(app)
            if found:
                problems[who] = [str(p) for p in found]
            app.close()
    finally:
        i18n.set_language("en")
        text.clear_cache()
    report = "\n".join(f"{who}:\n  " + "\n  ".join(p) for who, p in problems.items())
    assert not problems, f"in {code} at {size[0]}x{size[1]}:\n{report}"
