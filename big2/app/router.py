"""Scenes by name: the app makes each screen from its name, so scene modules never
import one another.

``app.push("pause", table)``, ``app.replace("session_end", match)`` and
``app.goto("title")`` look the name up here and import the scene's module only when it
is first needed (start-up stays quick). A new screen is one line in :data:`SCENES`, or
:func:`register` from anywhere (tests register stand-ins).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import App
    from .scenes.base import Scene

#: Scene name -> "module:Class"; the name is also the class's ``name`` attribute.
SCENES: dict[str, str] = {
    "title": "big2.app.scenes.title:TitleScene",
    "new_game": "big2.app.scenes.newgame:NewGameScene",
    "table": "big2.app.tables:open_table",
    "pause": "big2.app.scenes.pause:PauseScene",
    "privacy": "big2.app.scenes.privacy:PrivacyScene",
    "results": "big2.app.scenes.results:ResultsScene",
    "session_end": "big2.app.scenes.session_end:SessionEndScene",
    "rules": "big2.app.scenes.rules:RulesScene",
    "settings": "big2.app.scenes.settings_scene:SettingsScene",
    "accessibility": "big2.app.scenes.accessibility:AccessibilityScene",
    "saves": "big2.app.scenes.saves:SavesScene",
    "statistics": "big2.app.scenes.statistics:StatisticsScene",
    "replay": "big2.app.scenes.replay:ReplayScene",
    "confirm": "big2.app.scenes.confirm:ConfirmScene",
    "about": "big2.app.scenes.about:AboutScene",
    "how_to_play": "big2.app.lessonroom:open_how_to_play",
    "language": "big2.app.scenes.language_picker:LanguageScene",
}
_classes: dict[str, type] = {}


def register(name: str, target: str | type) -> None:
    """Make ``name`` open ``target`` (a class, or "module:Class" imported when first used)."""
    _classes.pop(name, None)
    if isinstance(target, str):
        SCENES[name] = target
    else:
        SCENES[name] = f"{target.__module__}:{target.__qualname__}"
        _classes[name] = target


def scene_class(name: str) -> type:
    """The class registered under ``name``; KeyError names the unknown scene."""
    cls = _classes.get(name)
    if cls is None:
        try:
            where = SCENES[name]
        except KeyError:
            raise KeyError(f"no scene is called {name!r}") from None
        module, _, attr = where.partition(":")
        cls = _classes[name] = getattr(importlib.import_module(module), attr)
    return cls


def make(app: App, name: str, *args: Any, **kwargs: Any) -> Scene:
    """A new scene ``name`` for ``app``, built with ``args`` and ``kwargs``."""
    return scene_class(name)(app, *args, **kwargs)  # type: ignore[no-any-return]
