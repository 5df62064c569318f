"""Player-facing sentences as data: a stable id plus parameters, rendered by the app.

The engine may not translate (no I/O, no globals, stdlib only), yet its refusals and
explanations must reach the player in their own language. So a sentence the engine
means for a player is a :class:`Message`: its **id** is the English sentence as a
``str.format`` template (``"It is {name}'s turn."``), which is also the gettext msgid
the translators see; its **params** fill the template. ``str(message)`` gives the
English sentence, so logs, tests and English players need nothing else; the app's
translation layer (:mod:`big2.i18n`) looks the id up in the player's catalog and fills
in the same parameters, translating any parameter that is itself a Message.

Build messages with :func:`msg`, :func:`msg_n` (a count chooses the plural form) and
:func:`msg_p` (a context tells a translator which sense an ambiguous word has). Their
first arguments must be string literals: the extraction tool (Babel, see
``docs/i18n.md``) reads them from the source to build the catalog template, and a test
fails when a catalog misses or keeps a key the code does not use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Union

__all__ = ["Message", "Param", "capitalized", "clauses", "msg", "msg_n", "msg_p", "sentences"]

#: What a parameter may be: plain text (player names, card text such as ``9♠ 9♦``, which
#: reads the same in every language), a number, or another message to translate.
Param = Union[str, int, "Message"]


@dataclass(frozen=True, slots=True)
class Message:
    """One translatable sentence: ``id`` (English template), parameters, plural, context.

    ``plural`` and ``n`` are set together (see :func:`msg_n`): ``n`` picks the form and
    is also available to the template as ``{n}``. ``context`` tells apart two senses of
    one English text (see :func:`msg_p`). Equal messages render equally in every
    language.
    """

    id: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str | None = None
    n: int | None = None
    context: str | None = None
    #: Write the first letter as a capital (a sentence built from phrases; see
    #: :func:`capitalized`). Scripts without capitals are unchanged.
    capital: bool = False

    def __post_init__(self) -> None:
        if (self.plural is None) != (self.n is None):
            raise ValueError("a plural message needs both its plural text and its count")

    @property
    def kwargs(self) -> dict[str, Param]:
        """The parameters as a dict (with ``n`` for a plural message)."""
        values = dict(self.params)
        if self.n is not None:
            values.setdefault("n", self.n)
        return values

    def template(self) -> str:
        """The English template for this message's count."""
        if self.plural is not None and self.n != 1:
            return self.plural
        return self.id

    def format(self, render: Callable[[Message], str] | None = None) -> str:
        """Fill the template; ``render`` (default: English) renders nested messages."""
        values: dict[str, str] = {}
        for key, value in self.kwargs.items():
            if isinstance(value, Message):
                values[key] = render(value) if render else str(value)
            elif isinstance(value, int) and not isinstance(value, bool):
                values[key] = f"{value:,}"  # English digit grouping: 12,345
            else:
                values[key] = str(value)
        return finish(self, self.template().format_map(values))

    def __str__(self) -> str:
        return self.format()


def finish(message: Message, text: str) -> str:
    """``text`` (``message`` filled in) with the first letter a capital when asked."""
    return text[:1].upper() + text[1:] if message.capital else text


def capitalized(message: Message) -> Message:
    """``message`` with its first letter written as a capital, in every language that
    has capitals: for a sentence that begins with a phrase (``"clockwise; …"``)."""
    return replace(message, capital=True)


def sentences(*parts: Message) -> Message:
    """Sentences one after another (``"A. B."``): each language joins them its own way
    (a space in English, nothing in Chinese). At least one part."""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg_p("sentences", "{first} {then}", first=part, then=out)
    return out


def clauses(*parts: Message) -> Message:
    """Phrases of one sentence separated by semicolons (``"a; b; c"``), joined each
    language's way. At least one part."""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg_p("clauses", "{first}; {then}", first=part, then=out)
    return out


def _params(values: Mapping[str, Param]) -> tuple[tuple[str, Param], ...]:
    for key, value in values.items():
        if not isinstance(value, (str, int, Message)):
            raise TypeError(f"message parameter {key!r} must be text, a number or a Message")
    return tuple(sorted(values.items()))


def msg(message_id: str, /, **params: Param) -> Message:
    """A sentence: ``msg("It is {name}'s turn.", name="East")``."""
    return Message(message_id, _params(params))


def msg_n(singular: str, plural: str, n: int, /, **params: Param) -> Message:
    """A sentence whose words depend on the count ``n`` (available as ``{n}``):
    ``msg_n("{n} card left", "{n} cards left", 3)``. Languages with other plural rules
    (one form in Chinese and Indonesian) choose their own form from ``n``."""
    return Message(singular, _params(params), plural, n)


def msg_p(context: str, message_id: str, /, **params: Param) -> Message:
    """A sentence or word whose English text has more than one sense; ``context`` says
    which (``msg_p("card rank", "Jack")``) and is shown to translators."""
    return Message(message_id, _params(params), context=context)
