"""A language's compiled catalog (GNU gettext ``.mo``) and everything rendered through it.

Catalogs live in the game's data folder, ``big2/assets/locale/<code>/LC_MESSAGES/big2.mo``
(found like the rest of the data: ``$BIG2_ASSETS``, else ``importlib.resources``, else
the frozen app's folder) and are read with the standard library's :mod:`gettext`; no
third-party module is needed at run time. English is the source language: it has no
catalog and every text is shown as written.
"""

from __future__ import annotations

import datetime as _dt
import gettext
import logging
import os
import struct
import sys
from importlib import resources
from pathlib import Path

from ..engine.messages import Message, finish
from . import formats
from .languages import ENGLISH, LANGUAGES, Language
from .shown import remember

log = logging.getLogger(__name__)

DOMAIN = "big2"


def locale_dir() -> Path:
    """The folder holding one ``<code>/LC_MESSAGES/big2.mo`` per language."""
    env = os.environ.get("BIG2_ASSETS")
    if env:
        return Path(env) / "locale"
    found = resources.files("big2").joinpath("assets", "locale")
    if isinstance(found, Path) and found.is_dir():
        return found
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "big2" / "assets" / "locale"
    return Path(str(found))


class Translator:
    """Renders texts in one language; English when built without a catalog.

    The methods mirror :mod:`gettext` (``gettext``, ``ngettext``, ``pgettext``,
    ``npgettext``); :meth:`render` translates an engine :class:`Message` and its nested
    parameters; the ``number``/``date`` family write values the language's way.
    """

    def __init__(self, language: Language = ENGLISH,
                 catalog: gettext.NullTranslations | None = None) -> None:
        self.language = language
        self._catalog = catalog or gettext.NullTranslations()

    @property
    def code(self) -> str:
        return self.language.code

    # -- texts -------------------------------------------------------------------------

    def gettext(self, message: str) -> str:
        return remember(self._catalog.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return remember(self._catalog.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        return remember(self._catalog.pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return remember(self._catalog.npgettext(context, singular, plural, n))

    def template(self, message: Message) -> str:
        """The translated template of ``message`` (its English one when untranslated)."""
        c = self._catalog
        if message.plural is not None:
            n = message.n if message.n is not None else 2
            if message.context:
                return c.npgettext(message.context, message.id, message.plural, n)
            return c.ngettext(message.id, message.plural, n)
        if message.context:
            return c.pgettext(message.context, message.id)
        return c.gettext(message.id)

    def render(self, message: Message) -> str:
        """``message`` in this language: template translated, numbers written the
        language's way, nested messages rendered too. A translation whose placeholders
        do not fit (a test forbids that) falls back to English, logged."""
        values: dict[str, str] = {}
        for key, value in message.kwargs.items():
            if isinstance(value, Message):
                values[key] = self.render(value)
            elif isinstance(value, int) and not isinstance(value, bool):
                values[key] = self.number(value)
            else:
                values[key] = str(value)
        try:
            return remember(finish(message, self.template(message).format_map(values)))
        except (KeyError, IndexError, ValueError) as exc:
            log.warning("translation of %r into %s is broken (%s)", message.id, self.code, exc)
            return remember(finish(message, message.template().format_map(values)))

    # -- values ------------------------------------------------------------------------

    def number(self, value: float, *, decimals: int = 0) -> str:
        return formats.format_number(value, self.language, decimals=decimals)

    def signed(self, value: int) -> str:
        return formats.format_signed(value, self.language)

    def percent(self, fraction: float) -> str:
        return formats.format_percent(fraction, self.language)

    def date(self, day: _dt.date) -> str:
        return remember(formats.format_date(day, self.language))

    def time(self, moment: _dt.time | _dt.datetime) -> str:
        return remember(formats.format_time(moment, self.language))

    def datetime(self, moment: _dt.datetime) -> str:
        return remember(formats.format_datetime(moment, self.language))


def load(code: str, directory: Path | None = None) -> Translator:
    """The translator for language ``code``; English (logged) if the code is unknown or
    its catalog is missing or unreadable, so a damaged install still plays."""
    language = LANGUAGES.get(code)
    if language is None:
        log.warning("unknown language %r; using English", code)
        return Translator()
    if language is ENGLISH:
        return Translator()
    folder = directory or locale_dir()
    path = folder / language.code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with open(path, "rb") as fp:
            catalog = gettext.GNUTranslations(fp)
    except (OSError, ValueError, IndexError, struct.error) as exc:  # missing or damaged
        log.warning("the %s catalog %s cannot be read (%s); using English", code, path, exc)
        return Translator()
    return Translator(language, catalog)
