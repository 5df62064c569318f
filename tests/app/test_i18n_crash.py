"""The calm crash dialog and the computer-failure notice in the player's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from big2 import i18n
from big2.app.ui import text
from big2.app.crashguard import CrashScene, Recovery
from big2.i18n import shown

from helpers import pump
from test_i18n_screens import Watch


@pytest.mark.parametrize("code", ["zh_Hant", "id"])
@pytest.mark.parametrize("result", [
    Recovery(report=Path("/home/x/logs/crash-1.txt"), set_aside=Path("autosave.json.crashed-1"), previous_offered=True),
    Recovery(report=None, set_aside=Path("autosave.json.crashed-1")),
], ids=["previous-offered", "set-aside-no-report"])
def test_the_crash_dialog_draws_only_translated_words(make_app, monkeypatch, code, result) -> None:
    i18n.set_language(code)
    try:
        app = make_app(size=(800, 600))
        watch = Watch(monkeypatch)
        scene = CrashScene(app, result)
        app.push(scene)
        pump(app, 2)
        watch.scene(app, scene)
        assert not watch.check.offenders, "\n".join(watch.check.offenders)
        assert "problem" not in " ".join(scene.lines) and scene.b_ok.text != "Back to the title"
    finally:
        shown.stop()
        i18n.set_language("en")
        text.clear_cache()
