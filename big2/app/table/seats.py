"""Drawing the seats as people (docs/design/look.md, "The table").

Each seat: its plate (ink), its portrait in a circle (a character's face, the portrait a
person picked, or initials), the gold ring round the seat to act (online, the turn
clock's countdown: it empties clockwise and turns red for the last
:data:`URGENT_SECONDS`), the card-count badge on the portrait's edge (red at one card),
the name and, under it, the seat's status ("thinking…") or a computer's level, with the
session total; an opponent's hand as small fanned backs (faces once the hand is over);
and the seat's last play of the trick laid in front of it (small cards) or a "Pass"
chip. The centre shows only the play to beat; earlier plays of the trick lie here until
the trick is won.

Everything is read from the table's board (its seat's snapshot and events): nothing
here looks at a hidden card.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from big2 import i18n
from big2.i18n import pgettext
from big2.room import personas
from big2.room.personas import Portrait
from big2.app import vocab
from big2.app.ui import cardart, text
from big2.app.ui.uiscale import MIN_FONT_PX
from big2.app.table.portrait import initials_colours, portrait

if TYPE_CHECKING:
    from big2.app.table.part import Table

GOLD = (224, 176, 64)
GOLD_LIGHT = (245, 210, 122)
WHITE = (242, 242, 238)
DIM = (185, 192, 196)
RED = (214, 60, 52)
BLUE = (150, 220, 255)
AMBER = (255, 200, 120)
#: The ring turns red with this many seconds left on the turn clock.
URGENT_SECONDS = 5.0


def seat_portrait(t: Table, seat: int) -> Portrait | None:
    """A computer's character's portrait; the portrait this app's player picked for their
    own seat; else None (initials)."""
    state = t.state
    name = state.names[seat]
    if not state.is_person(seat) or seat in state.by_computer and not state.people[seat]:
        found = personas.named(name)
        return found.portrait if found is not None else None
    if seat == t.viewer and not t.hot_seat:
        key = getattr(t.app.settings, "portrait", "") or ""
        return personas.PERSON_PORTRAITS.get(key)
    return None


def clock_fraction(t: Table, seat: int) -> tuple[float, float] | None:
    """Online, for the seat whose turn clock runs: (the share of its time left, seconds)."""
    net = getattr(t, "net", None)
    shown = net.clock() if net is not None else None
    if shown is None or shown[0] != seat:
        return None
    total = float((getattr(t.link, "lobby", None) or {}).get("turn_clock") or 0) or max(shown[1], 1.0)
    return max(0.0, min(1.0, shown[1] / total)), shown[1]


def draw_seats(surf: pygame.Surface, t: Table, status) -> None:
    """Every seat's plate, hand (opponents) and last play. ``status(t, seat)`` is the
    seat's status line or None."""
    faces = [seat_portrait(t, seat) for seat in range(t.state.n_players)]
    initials = [seat for seat, face in enumerate(faces) if face is None]
    tints = dict(zip(initials, initials_colours([t.state.names[s] for s in initials])))  # none alike
    for seat in range(t.state.n_players):
        p = t.pos_of(seat)
        _plate(surf, t, seat, p, status(t, seat), faces[seat], tints.get(seat))
        if p != 0:  # the hand over its plate (under it, high contrast's solid plate hid it)
            _backs(surf, t, seat, p)
    _plays(surf, t)


def _backs(surf: pygame.Surface, t: Table, seat: int, p: int) -> None:
    lay = t.layout
    s = t.app.settings
    if seat in t.revealed:
        cards = t.revealed[seat]
        for c, (x, y) in zip(cards, lay.back_positions(p, len(cards))):
            surf.blit(cardart.face(c, lay.small_w, lay.small_h, four_colour=s.four_colour), (x, y))
        return
    img = cardart.back(lay.small_w, lay.small_h, style=s.card_back)
    for x, y in lay.back_positions(p, t.counts[seat]):
        surf.blit(img, (x, y))


def _plate(surf: pygame.Surface, t: Table, seat: int, p: int, status: str | None, face_spec: Portrait | None,
           tint: int | None) -> None:
    lay = t.layout
    spot = lay.seats[p]
    hc = t.app.settings.high_contrast
    box = pygame.Rect(spot.info.as_tuple())
    turn = seat == t.turn and not t.hand_over and t.state.in_hand
    text.panel(surf, box, alpha=255 if hc else 200, radius=8, border=(108, 133, 150))
    face = pygame.Rect(spot.portrait.as_tuple())
    name = vocab.seat_name(t.state, seat)
    surf.blit(portrait(face_spec, t.state.names[seat], face.w, tint), face)
    if turn:
        _ring(surf, face, 4 if hc else 3, clock_fraction(t, seat))
    _count(surf, t, seat, spot)
    label = pygame.Rect(spot.label.as_tuple())
    fp = lay.font_px
    small = max(MIN_FONT_PX, int(fp * 0.8))
    star = "★ " if seat == t.owner and t.trick else ""
    centred = spot.side == "bottom"
    anchor, x = ("midtop", label.centerx) if centred else ("topleft", label.x)
    words, size = fitted(star + name, fp, label.w, bold=True)
    text.draw(surf, words, size, (x, label.y), WHITE, anchor=anchor, bold=True, max_width=label.w)
    total = i18n.current().signed(t.state.totals[seat]) if t.state.totals else ""
    total_w = text.width_of(total, small) + 6
    y2 = label.y + round(fp * 1.3)
    net = getattr(t, "net", None)
    gone = gone_word(net, seat)  # online: the seat's person left or is away
    if status:
        tag, colour = status, (AMBER if gone else BLUE)
    elif not t.state.is_person(seat):
        words = vocab.level(t.state.levels[seat])
        tag, colour = words[:1].upper() + words[1:], DIM
    else:
        tag, colour = "", DIM
    if gone and status and not text.fits(tag + ("  " + total if centred else ""), small, label.w - (0 if centred else total_w)):
        tag = gone  # "left" or "away": the long words would be cut short on a narrow plate
    if centred:
        line = (tag + "  " + total).strip() if tag else total
        line, size = fitted(line, small, label.w)
        text.draw(surf, line, size, (label.centerx, y2), colour if tag else DIM, anchor="midtop", max_width=label.w)
    else:
        if tag:
            tag, size = fitted(tag, small, label.w - total_w)
            text.draw(surf, tag, size, (label.x, y2), colour, max_width=label.w - total_w)
        text.draw(surf, total, small, (label.right, y2), DIM, anchor="topright")


def gone_word(net, seat: int) -> str:
    """Online, the short word for a seat whose person left ("left") or is away ("away")
    (the plate's tag when its longer words do not fit); "" for any other seat."""
    if net is None:
        return ""
    if seat in net.left:
        return pgettext("a seat whose person left the game", "left")
    if seat in net.away:
        return pgettext("a seat whose person's connection dropped", "away")
    return ""


def fitted(words: str, size: int, width: int, *, bold: bool = False) -> tuple[str, int]:
    """``words`` and a type size that fit ``width`` on a plate: as they are, else in
    slightly smaller type, else shortened with "…" (a long name in a narrow window);
    never squeezed past what reads as squashed."""
    if text.fits(words, size, width, bold=bold):
        return words, size
    smaller = max(MIN_FONT_PX, round(size * 0.85))
    return text.shorten(words, smaller, width, bold=bold), smaller


def _ring(surf: pygame.Surface, face: pygame.Rect, width: int, clock: tuple[float, float] | None) -> None:
    """The gold ring round the portrait of the seat to act; with a clock, the part of it
    still to run (clockwise from the top), red in the last seconds."""
    r = face.inflate(2 * width + 2, 2 * width + 2)
    if clock is None:
        pygame.draw.ellipse(surf, GOLD, r, width)
        return
    share, left = clock
    colour = RED if left <= URGENT_SECONDS else GOLD
    pygame.draw.ellipse(surf, (60, 70, 70), r, width)
    if share <= 0:
        return
    # an arc from 12 o'clock, the time left clockwise (pygame's arcs run anticlockwise)
    start = math.pi / 2
    end = start + 2 * math.pi * share
    pygame.draw.arc(surf, colour, r, start, end, width)


def _count(surf: pygame.Surface, t: Table, seat: int, spot) -> None:
    """The card-count badge on the portrait's edge: a pill, red at one card."""
    n = t.counts[seat]
    b = pygame.Rect(spot.count.as_tuple())
    words = i18n.current().number(n)
    size = max(MIN_FONT_PX - 1, int(b.h * 0.78))
    right = b.right
    b.w = max(b.w, text.width_of(words, size, bold=True) + b.h // 2)
    b.right = right  # a wider count grows over the portrait, not into the words beside it
    pygame.draw.rect(surf, RED if n == 1 else (27, 34, 41), b, border_radius=b.h // 2)
    pygame.draw.rect(surf, WHITE if n == 1 else GOLD_LIGHT, b, 1, border_radius=b.h // 2)
    text.draw(surf, words, size, b.center, WHITE, anchor="center", bold=True)


def last_plays(t: Table) -> dict[int, list[int]]:
    """Each seat's latest play of the trick, less the play to beat (it is in the centre)."""
    out: dict[int, list[int]] = {}
    for seat, cards in t.trick[:-1]:
        out[seat] = cards
    if t.trick:
        top_seat = t.trick[-1][0]
        out.pop(top_seat, None)
    return out


def _plays(surf: pygame.Surface, t: Table) -> None:
    lay = t.layout
    s = t.app.settings
    for seat, cards in last_plays(t).items():
        p = t.pos_of(seat)
        for c, (x, y) in zip(cards, lay.play_positions(p, len(cards))):
            surf.blit(cardart.face(c, lay.mini_w, lay.mini_h, four_colour=s.four_colour), (x, y))
    for seat, words in t.badges.items():
        b = chip_rect(t, t.pos_of(seat), words)
        text.panel(surf, b, alpha=235, radius=b.h // 2, border=(200, 200, 200))
        text.draw(surf, words, t.layout.font_px, b.center, WHITE, anchor="center", bold=True, max_width=b.w - 8)


def chip_rect(t: Table, p: int, words: str) -> pygame.Rect:
    """The "Pass" (or "Out: place 1") chip of seat position ``p``: as wide as its words,
    in the middle of the seat's play box."""
    lay = t.layout
    box = pygame.Rect(lay.seats[p].badge.as_tuple())
    w = min(box.w, text.width_of(words, lay.font_px, bold=True) + max(20, lay.font_px))
    r = pygame.Rect(0, 0, w, box.h)
    r.center = box.center
    return r

