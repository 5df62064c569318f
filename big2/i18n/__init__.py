"""The translation layer: every player-facing text goes through here.

GNU gettext catalogs (``.po`` sources, compiled ``.mo`` shipped in ``big2/assets/locale``)
read with the standard library; see ``docs/i18n.md`` for the design, the workflow
(``python packaging/translations.py``) and how to add a language.

The app marks its texts with the usual gettext names, which the extraction tool looks
for::

    from big2.i18n import _, ngettext, pgettext
    label = _("New game…")
    left = ngettext("{n} card left", "{n} cards left", n).format(n=n)
    rank = pgettext("card rank", "Jack")

and renders the engine's :class:`~big2.engine.messages.Message` values (refusals,
explanations, hint reasons) with :func:`render`. :func:`N_` marks a text for the
catalog where it is defined (a table of labels) and leaves it English; translate it
where it is shown.

One language is current for the whole app (as with :func:`gettext.install`): set it with
:func:`set_language`, which returns at once and calls the listeners so open screens can
redraw their texts. Nothing is read at import: English needs no catalog, and the first
:func:`set_language` reads one ``.mo`` file.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.messages import Message
from .languages import CODES, ENGLISH, LANGUAGES, Language, language_for_locale, system_language
from .shown import verbatim
from .translator import Translator, load, locale_dir

__all__ = [
    "CODES", "LANGUAGES", "Language", "Message", "N_", "Translator", "add_listener", "current",
    "gettext", "language_for_locale", "load", "locale_dir", "ngettext", "npgettext",
    "pgettext", "remove_listener", "render", "sentence", "set_language", "system_language", "verbatim", "_",
]

_state: dict[str, Translator] = {"current": Translator(ENGLISH)}
_listeners: list[Callable[[Translator], None]] = []


def current() -> Translator:
    """The translator of the language in use."""
    return _state["current"]


def set_language(code: str) -> Translator:
    """Make ``code`` the language in use (English if unknown or its catalog is missing)
    and tell every listener; returns the new translator."""
    if code != current().code:
        _state["current"] = load(code)
        for listener in list(_listeners):
            listener(_state["current"])
    return current()


def add_listener(listener: Callable[[Translator], None]) -> None:
    """Call ``listener(translator)`` after every change of language."""
    _listeners.append(listener)


def remove_listener(listener: Callable[[Translator], None]) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def gettext(message: str) -> str:
    """``message`` in the current language."""
    return current().gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the current language."""
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` says, in the current language."""
    return current().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return current().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (yet)."""
    return message


def render(message: Message) -> str:
    """An engine message in the current language."""
    return current().render(message)


def sentence(said: object) -> str:
    """What a notice or refusal says, in the current language: a :class:`Message`
    rendered; an exception raised with a message, or a value carrying one in its
    ``message`` attribute (a storage notice), rendered; anything else as its text."""
    if isinstance(said, Message):
        return render(said)
    carried = getattr(said, "message", None)
    if isinstance(carried, Message):
        return render(carried)
    if isinstance(said, BaseException) and said.args and isinstance(said.args[0], Message):
        return render(said.args[0])
    return str(said)


def language(code: str) -> Language:
    """The :class:`Language` of ``code`` (English when unknown)."""
    return LANGUAGES.get(code, ENGLISH)
