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
    from big2.app.ui.scene import Scene, SceneHost

#: Scene name -> "module:Class" (the name is also the class's ``name`` attribute), or
#: "module:function" for a scene that needs more than its arguments: the function makes
#: the scene (the table and How to play get a room and its link from
#: :mod:`big2.app.rooms`; see :data:`FACTORIES`).
SCENES: dict[str, str] = {
    "title": "big2.app.screens.title:TitleScene",
    "new_game": "big2.app.screens.newgame:NewGameScene",
    "house_rules": "big2.app.screens.houserules:HouseRulesScene",
    "table": "big2.app.rooms:open_table",
    "pause": "big2.app.screens.pause:PauseScene",
    "privacy": "big2.app.screens.privacy:PrivacyScene",
    "results": "big2.app.screens.results:ResultsScene",
    "session_end": "big2.app.screens.session_end:SessionEndScene",
    "rules": "big2.app.screens.rules:RulesScene",
    "settings": "big2.app.screens.settings:SettingsScene",
    "accessibility": "big2.app.screens.accessibility:AccessibilityScene",
    "saves": "big2.app.screens.saves:SavesScene",
    "statistics": "big2.app.screens.statistics:StatisticsScene",
    "replay": "big2.app.screens.replay:ReplayScene",
    "review": "big2.app.screens.review:ReviewScene",
    "confirm": "big2.app.screens.confirm:ConfirmScene",
    "about": "big2.app.screens.about:AboutScene",
    "daily": "big2.app.screens.daily:DailyScene",
    "daily_result": "big2.app.screens.dailyresult:DailyResultScene",
    "achievements": "big2.app.screens.achievements:AchievementsScene",
    "how_to_play": "big2.app.rooms:open_how_to_play",
    "language": "big2.app.screens.language_picker:LanguageScene",
    "online": "big2.app.online.hub:HubScene",
    "host_game": "big2.app.online.host:HostScene",
    "join_game": "big2.app.online.join:JoinScene",
    "lobby": "big2.app.online.lobby:LobbyScene",
}
#: The names that open through a function (it returns the scene).
FACTORIES = frozenset({"table", "how_to_play"})
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


def make(app: SceneHost, name: str, *args: Any, **kwargs: Any) -> Scene:
    """A new scene ``name`` for ``app``, built with ``args`` and ``kwargs``."""
    return scene_class(name)(app, *args, **kwargs)  # type: ignore[no-any-return]
