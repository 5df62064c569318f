"""Storage helpers for the app's tests.

:func:`seed_history`: a score history with real hands in it, played by the engine with a
seeded generator. The app's tour seeds the same history for its Statistics and Replay
stops; the tests use that one helper (see :func:`tools.tour.seed_history` for its
options). :func:`start_app`: the app's start-up with its storage, as ``big2.app.run``
does it, up to the title.
"""

from __future__ import annotations

import dataclasses

from helpers import pump
from tools.tour import seed_history

__all__ = ["seed_history", "start_app"]


def start_app(make_app, *, quick: bool = False):
    """``(app, storage, title)``: an app from ``make_app`` started on the storage of
    ``BIG2_HOME`` (settings, notices, history) and showing the title. The stored settings
    set the computers' pace and the animations (a person's defaults) unless ``quick``:
    then the computers play at once and nothing animates, as under ``make_app``."""
    from big2.app import storage, wire
    from big2.app.screens.title import TitleScene

    app = make_app()
    st = storage.Storage.open()
    app.settings = st.app_settings()  # as big2.app.run does
    if quick:
        app.settings = dataclasses.replace(app.settings, pace="instant", animation="off")
    storage.attach(app, st)
    wire(app)
    st.history_ready.wait(5)
    title = TitleScene(app)
    app.push(title)
    pump(app, 4)
    return app, st, title
