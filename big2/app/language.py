"""Which language the window speaks, and switching it at once.

The offered languages (:data:`OFFERED`: all five, every screen speaks them) are listed
by the Settings picker, and the system's language is used by default when it is one of
them, else English. ``BIG2_LANGUAGE=zh_Hant`` (any code of :data:`big2.i18n.CODES`)
overrides the setting for one run, for translators and screenshots. See docs/i18n.md.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from .. import i18n

if TYPE_CHECKING:
    from .app import App

#: Languages players can choose, and the system's language may pick: every screen
#: speaks them (docs/i18n.md).
OFFERED: tuple[str, ...] = ("en", "zh_Hant", "zh_Hans", "fil", "id")
#: The environment variable that previews a language not offered yet.
PREVIEW = "BIG2_LANGUAGE"


def choose(setting: str, env: Mapping[str, str] | None = None) -> str:
    """The language to use: a preview from the environment, else the setting ("" means
    the system's language), if offered; else English."""
    env = os.environ if env is None else env
    preview = env.get(PREVIEW, "")
    if preview in i18n.LANGUAGES:
        return preview
    return resolve(setting)


def resolve(setting: str) -> str:
    """The language a setting means: ``""`` the system's, if offered; else English."""
    code = setting or i18n.system_language()
    return code if code in OFFERED else "en"


def native_name(code: str) -> str:
    """A language's own name (as the picker shows it, in its own script)."""
    return i18n.verbatim(i18n.language(code).native_name)


def font_id(code: str) -> str:
    """The theme id of a button drawn in ``code``'s own font (see ``app.load_theme``)."""
    return f"#font_{i18n.language(code).fonts}"


def apply(app: App, code: str) -> None:
    """Speak ``code`` from now on: catalog, fonts (the table's and the menus'), window
    title, and every open screen rebuilt with its texts in the new language."""
    from .ui import text
    from .app import load_theme
    from .ui.uiscale import scaled_theme

    if code == i18n.current().code:
        return
    i18n.set_language(code)
    text.clear_cache()
    if getattr(app, "manager", None) is not None:
        app._theme = load_theme()
        app.manager.get_theme().load_theme(scaled_theme(app._theme, app.ui_scale))
        for scene in app.stack:
            scene.build()
        app.dirty = True


# The language picker's entries (Settings and its picker) ------------------------------

def choices() -> list[str]:
    """The picker's entries: ``""`` (the system's language) then every offered language."""
    return ["", *OFFERED]


def choice_text(setting: str) -> str:
    """How an entry reads: a language's own name, or "System default (its name)"."""
    if setting:
        return native_name(setting)
    return i18n._("System default ({language})").format(language=native_name(resolve("")))


def choice_font(setting: str) -> str:
    """The theme id of the font that draws :func:`choice_text` whole: the language's own;
    for the system default the current language's, unless only the system language's
    script covers the name (the CJK fonts hold ASCII, DejaVu no hanzi)."""
    if setting:
        return font_id(setting)
    system = resolve("")
    if i18n.current().language.fonts == "latin" and i18n.language(system).fonts != "latin":
        return font_id(system)
    return font_id(i18n.current().code)
