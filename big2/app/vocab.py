"""The words the app shows for ids of the engine and the settings: rule presets,
computer levels, seats. Each is marked for the catalogs here and translated when shown.

The English preset titles repeat ``big2.engine.PRESETS[name].title`` (a test keeps them
equal) until the engine's explanations module marks its own texts for translation.
"""

from __future__ import annotations

from ..i18n import N_, _, pgettext, verbatim

_PRESET_TITLES = {
    "standard": N_("Standard"),
    "hong-kong": N_("Hong Kong (Ivan Ip)"),
    "taiwan": N_("Taiwan"),
    "pusoy-dos": N_("Pusoy Dos (Philippines)"),
    "indonesia": N_("Indonesia"),
    "cho-dai-di": N_("Cho Dai Di (online rules)"),
    "chudadi": N_("Chudadi"),
    "big-2": N_("Big 2 (summary)"),
    "choi-dai-di": N_("Choi Dai Di"),
}


def preset_title(name: str) -> str:
    """A rule preset's name for players, in the current language (an unknown id as is)."""
    title = _PRESET_TITLES.get(name)
    return _(title) if title else verbatim(name)


def level(name: str) -> str:
    """A computer level (``beginner``, ``normal``, ``expert``) in the current language."""
    if name == "beginner":
        return pgettext("computer level", "beginner")
    if name == "normal":
        return pgettext("computer level", "normal")
    if name == "expert":
        return pgettext("computer level", "expert")
    return verbatim(name)
