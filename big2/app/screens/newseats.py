"""Who sits at New game's seats: people by their names, computers as characters.

No pygame. A seat is a kind (``"Human"`` or ``"Computer (level)"``, the ids of
:func:`big2.app.table.opponents.seat_kinds`) and a name: a person's own, or for a
computer the name of its character (:mod:`big2.room.personas`), which only names the
seat: the kind's level is what it plays at. The functions here change the lists
``names`` and ``kinds`` of a form in place and keep the computers' characters distinct.
"""

from __future__ import annotations

from big2.room import personas

#: Every character a computer seat may be, weakest level first.
CHARACTERS: tuple[str, ...] = tuple(p.name for p in personas.PERSONAS)


def is_computer(kind: str) -> bool:
    return kind != "Human"


def level_of(kind: str) -> str:
    """The level of a ``"Computer (level)"`` kind ("normal" for a person's)."""
    return kind[kind.index("(") + 1: -1] if "(" in kind else "normal"


def seat_characters(names: list[str], kinds: list[str], n: int) -> None:
    """Give each computer of the first ``n`` seats a character: one whose name it has
    already keeps it (the first of two with the same keeps it), any other (an old
    choice's "East", a person's name left from a switch) gets a free one for its level
    (:func:`big2.room.personas.pick`), avoiding every name at the table."""
    kept: set[str] = set()
    pending: list[int] = []
    for i in range(n):
        if not is_computer(kinds[i]):
            continue
        if names[i] in CHARACTERS and names[i] not in kept:
            kept.add(names[i])
        else:
            pending.append(i)
    people = {names[i] for i in range(n) if not is_computer(kinds[i])}
    for i, p in zip(pending, personas.pick([level_of(kinds[i]) for i in pending], taken=kept | people)):
        names[i] = p.name


def choose_character(names: list[str], kinds: list[str], n: int, seat: int, name: str) -> None:
    """Seat ``seat`` (a computer) becomes the character ``name``; a computer that was
    that character takes the one ``seat`` had, so no two seats share one."""
    old = names[seat]
    for i in range(n):
        if i != seat and is_computer(kinds[i]) and names[i] == name:
            names[i] = old
    names[seat] = name


def change_kind(names: list[str], kinds: list[str], n: int, seat: int, kind: str, person_name: str) -> None:
    """Seat ``seat`` becomes ``kind``: a computer keeps its character at the new level;
    a person who becomes a computer gets a free character; a computer that becomes a
    person is called ``person_name`` (the seat's default) until they type a name."""
    was = kinds[seat]
    kinds[seat] = kind
    if is_computer(kind) and not is_computer(was):
        names[seat] = ""  # not a character: one is picked for the level
        seat_characters(names, kinds, n)
    elif not is_computer(kind) and is_computer(was):
        names[seat] = person_name
