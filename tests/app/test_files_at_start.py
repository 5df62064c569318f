"""Issue 43, items 17 and 19, as the player meets them: through the app's real start-up
(storage, the notice banner, the title).

- A settings file holding ``{}`` once loaded as the defaults without a word; now the
  banner says it was damaged and set aside, and the app goes on.
- A save its own loader would refuse (a name past the loader's limit) was once written,
  then set aside as damaged at the next start; now it is not written, the banner says
  why at once, and the next start finds the previous save whole.
"""

from __future__ import annotations

import os
import random

from helpers import pump
from storage_helpers import start_app

from big2.app.screens.title import TitleScene
from big2.engine import Session
from big2.persistence import AppPaths
from big2.persistence.sessioncodec import preview_of, save_payload


def test_an_emptied_settings_file_is_told_at_start_and_the_app_goes_on(make_app):
    paths = AppPaths.from_environment()
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_bytes(b"{}")
    app, st, _ = start_app(make_app)
    shown = app.notice_host.visible_text()
    assert "Your settings file was damaged (it holds none of the settings)" in shown
    assert "The default settings are used." in shown
    assert [p.name.split("-")[0] for p in paths.config_dir.glob("settings.json.damaged-*")] == [
        "settings.json.damaged"]
    assert isinstance(app.top, TitleScene) and app.settings.felt == "green"  # the defaults
    st.close()


def _autosave(st, first_name: str) -> None:
    session = Session(random.Random(3), players=4, names=(first_name, "East", "North", "West"))
    session.new_hand()
    st.autosave(save_payload(session, app={}), preview_of(session), None)
    assert st.flush()


def test_a_save_the_loader_would_refuse_is_told_at_once_and_the_previous_kept(make_app):
    app, st, _ = start_app(make_app)
    _autosave(st, "Mei")
    saved = st.saves.autosave_path.read_bytes()
    _autosave(st, "M" * 65)  # longer than a loaded game's names may be
    pump(app, 2)
    assert ("Could not save autosave.json (its list of players is not valid); the previous "
            "copy is kept.") in app.notice_host.visible_text()
    assert st.saves.autosave_path.read_bytes() == saved
    st.close()
    app.close()

    app, st, _ = start_app(make_app)  # the next start: nothing damaged, the game can go on
    assert "damaged" not in app.notice_host.visible_text()
    assert not list(st.saves.folder.glob("*damaged*"))
    loaded = st.saves.load_autosave()
    assert loaded.notices == () and loaded.value is not None
    assert os.environ["BIG2_HOME"] in str(st.saves.folder)
    st.close()
