"""The host's offers for the seats of an online table: a seat whose person left, opened
to a person again (or an open one given back to the computer). Offered in the pause
menu and by a click on the seat's plate (:mod:`big2.app.table.online`); both call
these, so neither imports the other."""

from __future__ import annotations

from big2.i18n import _, verbatim


def seat_offers(table) -> list[tuple[int, str, bool]]:
    """Online, for the host: the seats a person had that the computer plays for good now
    (the person was still away when a hand ended), offered to a person again, and those
    already open, offered back to the computer: ``(seat, label, computer)``. The server
    checks it too; a person takes an open seat with the room code. A seat is called by
    the name the table and the results show for it (the person who played it: the
    server names a seat whose person left after a computer character, which this
    session's table never shows)."""
    link = getattr(table, "link", None)
    room = getattr(link, "lobby", None) or {}
    if not getattr(table, "online", False) or room.get("host") != getattr(link, "seat", None):
        return []
    people, names = table.state.people, table.state.names
    offers = []
    for seat, slot in enumerate(room.get("seats", ())):
        if seat == link.seat or seat >= len(people) or not people[seat]:
            continue
        name = verbatim(str(names[seat] if seat < len(names) else slot.get("name", "")))
        if slot.get("kind") == "computer":
            offers.append((seat, _("Open {name}'s seat to a person").format(name=name), False))
        elif slot.get("kind") == "open":
            offers.append((seat, _("Give {name}'s seat back to the computer").format(name=name), True))
    return offers


def offer_detail(table, computer: bool) -> str:
    """What an offer does, under it (the Menu's tooltip, the plate's question)."""
    if computer:
        return _("The computer plays the seat for the rest of the session")
    code = (getattr(table.link, "lobby", None) or {}).get("code_shown", "")
    return _("Someone can take it by joining with the room code {code}").format(code=verbatim(code))


def apply_offer(table, seat: int, computer: bool) -> None:
    """Do what a seat offer says (from the Menu, or a click on the seat's plate): the
    seat open to a person, or back to the computer; the table says what follows."""
    table.link.set_seat(seat, computer)
    code = (table.link.lobby or {}).get("code_shown", "")
    table.say(_("The computer keeps the seat.") if computer else
              _("The seat is open: a friend takes it by joining with the room code {code}.").format(
                  code=verbatim(code)), 6.0)
