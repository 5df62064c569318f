"""The words the app shows for ids of the engine and the settings: rule presets,
computer levels, seats. Each is marked for the catalogs here and translated when shown.

The English preset titles repeat ``big2.engine.PRESETS[name].title`` (a test keeps them
equal) until the engine's explanations module marks its own texts for translation.
"""

from __future__ import annotations

from dataclasses import replace
from collections.abc import Callable
from typing import Any

from ..i18n import N_, Message, _, pgettext, render, verbatim

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
    """A rule preset's name for players, in the current language (an unknown id as is).
    A rule set's name of edited rules, ``"standard (house)"`` (as New game names them and
    the history keeps them), reads "Custom (from Standard)"."""
    if name.endswith(" (house)"):
        return _("Custom (from {rules})").format(rules=preset_title(name.removesuffix(" (house)")))
    title = _PRESET_TITLES.get(name)
    return _(title) if title else verbatim(name)


def level(name: str) -> str:
    """A computer level (one of :data:`big2.ai.LEVELS`) in the current language."""
    if name == "beginner":
        return pgettext("computer level", "beginner")
    if name == "normal":
        return pgettext("computer level", "normal")
    if name == "skilled":
        return pgettext("computer level", "skilled")
    if name == "expert":
        return pgettext("computer level", "expert")
    if name == "master":
        return pgettext("computer level", "master")
    return verbatim(name)


def opponents(key: str) -> str:
    """A row of Statistics' "By opponent level": a level ("Normal"), the computers of
    mixed levels, people only (hot-seat or online), or people and computers together —
    never the stored id."""
    from big2.persistence.stats import HOT_SEAT, MIXED, PEOPLE_AND_COMPUTERS, PEOPLE_ONLINE

    if key == MIXED:
        return _("Mixed levels")
    if key == HOT_SEAT:
        return _("People only (hot-seat)")
    if key == PEOPLE_ONLINE:
        return _("People only (online)")
    if key == PEOPLE_AND_COMPUTERS:
        return _("People and computers")
    words = level(key)
    return words[:1].upper() + words[1:]


def place(key: str) -> str:
    """A row of Statistics' "Where you played": solo, hot-seat or online."""
    from big2.persistence.stats import HOT_SEAT, ONLINE, SOLO

    if key == SOLO:
        return pgettext("where played", "Solo")
    if key == HOT_SEAT:
        return pgettext("where played", "Hot-seat")
    if key == ONLINE:
        return pgettext("where played", "Online")
    return verbatim(key)


_COMPASS = ("South", "East", "North", "West")


def seat_name(seats: Any, seat: int) -> str:
    """A seat's name as shown: a computer's default compass name and the unnamed
    person's "You" in the current language, any other name (typed by a person) as it is.

    ``seats`` is what the table knows of the seats: a
    :class:`~big2.room.state.SeatState` (``names``, ``people``, ``is_person``)."""
    name = seats.names[seat]
    if name == "You":  # the person who gave no name (also while the computer plays for them)
        return pgettext("player name", "You")
    if name in _COMPASS and not seats.is_person(seat):
        return {
            "South": pgettext("seat", "South"), "East": pgettext("seat", "East"),
            "North": pgettext("seat", "North"), "West": pgettext("seat", "West"),
        }[name]
    return verbatim(name)


def render_at(seats: Any, message: Message) -> str:
    """An engine message (a refusal) in the current language, with the table's seat names
    as the table shows them: a computer's default compass name translated, like
    :func:`seat_name` (the engine passes the names as plain text)."""
    shown = {name: seat_name(seats, seat) for seat, name in enumerate(seats.names)}
    params = tuple((k, shown.get(v, v) if isinstance(v, str) else v) for k, v in message.params)
    return render(replace(message, params=params))


def alone(seats: Any, seat: int) -> bool:
    """Whether ``seat`` is the one person at the table, playing against computers."""
    return tuple(s for s, person in enumerate(seats.people) if person) == (seat,)


def about(seats: Any, seat: int, you: str, named: str, /, **values: object) -> str:
    """A sentence about ``seat``: ``you`` (a translated template) when the seat is the
    person playing alone against computers (the table then says "You"), else ``named``
    with ``{name}``. Two templates, because languages build the two differently."""
    if alone(seats, seat):
        return you.format(**values)
    return named.format(name=seat_name(seats, seat), **values)


def combination(kind: Any) -> str:
    """The name of a combination kind (``big2.engine.Kind``), lower case."""
    words = {
        "SINGLE": pgettext("combination", "single"),
        "PAIR": pgettext("combination", "pair"),
        "TRIPLE": pgettext("combination", "triple"),
        "STRAIGHT": pgettext("combination", "straight"),
        "FLUSH": pgettext("combination", "flush"),
        "FULL_HOUSE": pgettext("combination", "full house"),
        "FOUR_OF_A_KIND": pgettext("combination", "four of a kind"),
        "STRAIGHT_FLUSH": pgettext("combination", "straight flush"),
        "FOUR_ALONE": pgettext("combination", "four of a kind"),
    }
    return words.get(kind.name) or verbatim(kind.label)


def person_name(name: str) -> str:
    """A stored or typed player name as shown: the game's default names ("You" and the
    compass names) in the current language, any other name as it is."""
    if name == "You":
        return pgettext("player name", "You")
    if name in _COMPASS:
        return {
            "South": pgettext("seat", "South"), "East": pgettext("seat", "East"),
            "North": pgettext("seat", "North"), "West": pgettext("seat", "West"),
        }[name]
    return verbatim(name)


class Later(str):
    """A line worded when shown: ``str(line)`` calls ``word()`` again, so a line kept
    on screen (the table's Recent plays) reads in the language in force when it is
    drawn, not the one it was written in. As a plain string (``in``, ``==``, slicing)
    it is the wording of the moment it was made, so code that only reads it needs
    nothing else; code that draws it must draw ``str(line)``."""

    __slots__ = ("word",)

    def __new__(cls, word: Callable[[], str]) -> Later:
        line = super().__new__(cls, word())
        line.word = word
        return line

    def __str__(self) -> str:
        return self.word()


def later(word: Callable[[], str]) -> str:
    """A :class:`Later` line: ``word`` is called now and each time the line is shown."""
    return Later(word)
