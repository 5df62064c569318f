"""The computers' characters: a name, a level, a temperament and a portrait.

A computer seat is named after a character ("Nena", "Madam Wong"), never "North (CPU)"
or "Computer 3". The character's **temperament** shows only in its *pace* (a factor on
the player's computer pace setting) and its *reactions* at the table (how often, and to
what); its **level** is the strength it plays at by default. A seat may be given a
character at another level: the seat's level plays, the character only names it, so a
temperament never makes any level stronger or weaker.

Plain values, no pygame: New game, Settings, the quick game and the online room use
them; the app draws a :class:`Portrait` (``big2/app/table/portrait.py``).

How to list and pick them::

    from big2.room import personas

    personas.PERSONAS                      # every character, weakest level first
    personas.for_level("normal")           # the characters whose own level is Normal
    personas.named("Siti")                 # the character of a seat name, or None
    personas.pick(["normal", "expert"])    # one distinct character per level asked,
                                           # a character of that level first, then the
                                           # nearest level's (names stay distinct)
    personas.pick(levels, taken={"Siti"})  # ... avoiding names already at the table
    personas.seat_configs(levels)          # the same, as computer SeatConfigs
    personas.chosen(levels, names=["Jun"]) # the characters a player chose, the rest picked

Names are names: stored as plain text in saves and history (an old save's "East" stays
"East", drawn with initials), never translated. A person keeps their own name and may
pick a portrait (:data:`PERSON_PORTRAITS`, the settings key ``portrait``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from big2.room.config import SeatConfig

#: The levels in the order the game offers them (as :data:`big2.ai.base.LEVELS`).
LEVEL_ORDER: Final = ("beginner", "normal", "skilled", "expert", "master")

#: What a character may react with: the online room's reaction ids
#: (:data:`big2.net.protocol.REACTIONS`), so the table draws them the same way.
REACTION_IDS: Final = ("nice", "oops", "good_game", "well_played", "thanks", "hurry")

#: What a character reacts to: a big play of its own (five cards, four of a kind...),
#: another seat's big play, winning a trick, losing the hand, winning the hand.
MOMENTS: Final = ("own_big", "other_big", "won_trick", "lost_hand", "won_hand")


@dataclass(frozen=True, slots=True)
class Temperament:
    """How a character behaves at the table (never how well it plays).

    ``pace`` multiplies the computer pace setting's delay (1.0: as set). ``chance``
    (0..1) is how likely it reacts at a moment in ``moments``; ``replies`` maps a moment
    to the reaction id it says then.
    """

    key: str
    pace: float
    chance: float
    moments: frozenset[str]
    replies: tuple[tuple[str, str], ...]

    def reply(self, moment: str) -> str | None:
        """The reaction id for ``moment``, or None when this temperament is silent then."""
        if moment not in self.moments:
            return None
        return dict(self.replies).get(moment)


@dataclass(frozen=True, slots=True)
class Portrait:
    """What a drawn portrait looks like: colours as (r, g, b) and a few named shapes.

    ``hair`` is one of ``short``, ``long``, ``bun``, ``bald``, ``curly``, ``bob``;
    ``extra`` one of ``""``, ``glasses``, ``cap``, ``earrings``, ``moustache``, ``pearls``.
    """

    background: tuple[int, int, int]
    skin: tuple[int, int, int]
    hair_colour: tuple[int, int, int]
    hair: str
    shirt: tuple[int, int, int]
    extra: str = ""


@dataclass(frozen=True, slots=True)
class Persona:
    """A computer character: ``name`` (shown as it is), its own ``level``, its
    ``temperament`` and its ``portrait``."""

    name: str
    level: str
    temperament: Temperament
    portrait: Portrait


_ALL_REPLIES: Final = (("own_big", "nice"), ("other_big", "well_played"), ("won_trick", "nice"),
                       ("lost_hand", "good_game"), ("won_hand", "thanks"))

CHEERFUL: Final = Temperament("cheerful", 0.7, 0.6, frozenset(MOMENTS), _ALL_REPLIES)
CAUTIOUS: Final = Temperament("cautious", 1.35, 0.12, frozenset({"lost_hand", "other_big"}),
                              (("lost_hand", "good_game"), ("other_big", "oops")))
BRISK: Final = Temperament("brisk", 0.75, 0.25, frozenset({"own_big", "won_hand", "lost_hand"}),
                           (("own_big", "nice"), ("won_hand", "thanks"), ("lost_hand", "good_game")))
STEADY: Final = Temperament("steady", 1.0, 0.2, frozenset({"other_big", "lost_hand"}),
                            (("other_big", "well_played"), ("lost_hand", "good_game")))
SHOWMAN: Final = Temperament("showman", 0.75, 0.7, frozenset({"own_big", "other_big", "won_hand"}),
                             (("own_big", "nice"), ("other_big", "oops"), ("won_hand", "thanks")))
CALM: Final = Temperament("calm", 1.0, 0.1, frozenset({"lost_hand"}), (("lost_hand", "good_game"),))
DELIBERATE: Final = Temperament("deliberate", 1.5, 0.15, frozenset({"other_big", "lost_hand"}),
                                (("other_big", "well_played"), ("lost_hand", "good_game")))
ICY: Final = Temperament("icy", 1.0, 0.0, frozenset(), ())

#: Every character, weakest level first (see docs/design/look.md, "Characters").
PERSONAS: Final[tuple[Persona, ...]] = (
    Persona("Nena", "beginner", CHEERFUL,
            Portrait((236, 150, 120), (241, 200, 165), (90, 50, 30), "bob", (250, 210, 90), "earrings")),
    Persona("Jun", "beginner", CAUTIOUS,
            Portrait((120, 160, 210), (232, 196, 160), (30, 28, 30), "short", (80, 120, 90), "glasses")),
    Persona("Ah Keung", "normal", BRISK,
            Portrait((214, 120, 90), (226, 184, 140), (40, 36, 34), "short", (60, 90, 160), "cap")),
    Persona("Siti", "normal", STEADY,
            Portrait((120, 190, 160), (190, 140, 100), (30, 24, 22), "long", (170, 70, 110))),
    Persona("Marco", "skilled", SHOWMAN,
            Portrait((230, 190, 90), (222, 176, 130), (70, 44, 26), "curly", (200, 60, 60), "moustache")),
    Persona("Mei Lin", "skilled", CALM,
            Portrait((170, 150, 210), (240, 206, 175), (20, 20, 24), "bun", (60, 130, 140))),
    Persona("Professor Tan", "expert", DELIBERATE,
            Portrait((150, 150, 130), (226, 190, 150), (200, 200, 196), "bald", (90, 80, 70), "glasses")),
    Persona("Madam Wong", "master", ICY,
            Portrait((90, 110, 140), (236, 200, 170), (60, 60, 66), "bun", (30, 40, 60), "pearls")),
)

_BY_NAME: Final = {p.name: p for p in PERSONAS}

#: The portraits a person may pick (Settings), by key; "" is none (initials on a colour).
PERSON_PORTRAITS: Final[dict[str, Portrait]] = {
    "fox": Portrait((230, 140, 70), (241, 205, 170), (150, 70, 30), "short", (50, 90, 140)),
    "owl": Portrait((110, 140, 200), (220, 180, 140), (50, 40, 36), "long", (220, 180, 60), "glasses"),
    "koi": Portrait((220, 100, 100), (200, 150, 110), (20, 20, 20), "curly", (40, 130, 110)),
    "jade": Portrait((110, 180, 130), (238, 204, 174), (30, 26, 30), "bob", (120, 60, 140), "earrings"),
    "pine": Portrait((120, 150, 110), (210, 170, 130), (110, 80, 50), "bald", (170, 120, 60), "moustache"),
    "plum": Portrait((170, 110, 170), (230, 190, 160), (60, 30, 40), "bun", (50, 60, 90)),
}


def named(name: str) -> Persona | None:
    """The character a seat's name belongs to, or None (a person, an old save's
    "East", an online "Computer 3")."""
    return _BY_NAME.get(name)


def for_level(level: str) -> tuple[Persona, ...]:
    """The characters whose own level is ``level`` (none for an unknown level)."""
    return tuple(p for p in PERSONAS if p.level == level)


def _distance(level: str, persona: Persona) -> int:
    order = {lvl: i for i, lvl in enumerate(LEVEL_ORDER)}
    want = order.get(level, order["normal"])
    return abs(order[persona.level] - want)


def pick(levels: Iterable[str], taken: Iterable[str] = ()) -> tuple[Persona, ...]:
    """One distinct character for each of ``levels``, in order: the first free one of
    that level, else of the nearest level (weaker first). ``taken`` names (people's, or
    characters already seated) are avoided. Deterministic: the same levels always seat
    the same characters. With more seats than characters the rest repeat."""
    used = set(taken)
    out: list[Persona] = []
    for level in levels:
        free = [p for p in PERSONAS if p.name not in used] or list(PERSONAS)
        best = min(free, key=lambda p: (_distance(level, p), LEVEL_ORDER.index(p.level), PERSONAS.index(p)))
        used.add(best.name)
        out.append(best)
    return tuple(out)


def chosen(levels: Iterable[str], names: Iterable[str] = (), taken: Iterable[str] = ()) -> tuple[Persona, ...]:
    """One distinct character for each of ``levels``: the one named at the same place in
    ``names`` (the player's choice) when it is a character, free and not named twice;
    the other seats get one by :func:`pick`. ``taken`` names are avoided throughout."""
    levels, names = tuple(levels), tuple(names)
    used = set(taken)
    out: list[Persona | None] = []
    for i in range(len(levels)):
        found = named(names[i]) if i < len(names) else None
        if found is not None and found.name not in used:
            used.add(found.name)
            out.append(found)
        else:
            out.append(None)
    rest = iter(pick([lvl for lvl, p in zip(levels, out) if p is None], taken=used))
    return tuple(p if p is not None else next(rest) for p in out)


def seat_configs(levels: Iterable[str], taken: Iterable[str] = (), names: Iterable[str] = ()) -> tuple[SeatConfig, ...]:
    """Computer seats for ``levels``: each named after its character (:func:`chosen`: the
    one ``names`` gives it, else :func:`pick`), playing at the level asked (a character
    never changes a seat's strength)."""
    levels = tuple(levels)
    return tuple(SeatConfig(p.name, human=False, level=level) for p, level in zip(chosen(levels, names, taken), levels))


def pace_factor(name: str) -> float:
    """How much a seat's name slows (>1) or quickens (<1) the computer pace: its
    character's temperament; 1.0 for anyone else."""
    persona = named(name)
    return 1.0 if persona is None else persona.temperament.pace


__all__ = [
    "LEVEL_ORDER", "MOMENTS", "PERSONAS", "PERSON_PORTRAITS", "Persona", "Portrait", "REACTION_IDS", "Temperament",
    "chosen", "for_level", "named", "pace_factor", "pick", "seat_configs",
]
