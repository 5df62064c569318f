"""Replay a finished hand from the score history, step by step, every hand face up.

Opened with the history ids of a session's hands (from the statistics screen). The
positions come from :func:`big2.persistence.handlog.replay` and are shown through a link
fed from history (:class:`~big2.room.replay.ReplayLink`): the screen reads each step's
:class:`~big2.room.state.SeatState`, never the engine's game. The table's own layout
places the cards. ← and → step back and forwards (the buttons too), Home and End jump
to the start and the end, Page Up and Page Down change hands, Esc closes.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pygame

from big2.engine.cards import format_cards
from big2.engine.combos import move_cards
from big2.engine.dealnumber import format_deal_number
from big2.persistence import StorageError, StoredHand
from big2.persistence.handlog import replay
from big2.room.replay import ReplayLink
from big2.room.state import SeatState

from big2 import i18n
from big2.i18n import _, ngettext, verbatim
from big2.app.ui import cardart, text
from big2.app.screens import dealactions
from big2.app import storage
from big2.app.vocab import person_name
from big2.app.table.playback import reading_order
from big2.app.table.layout import TableLayout, compute_layout
from big2.app.ui.scene import Scene
from big2.app.screens.common import felt

GOLD = (245, 210, 122)
WHITE = (245, 245, 240)
DIM = (190, 200, 195)
#: Hands the computer finished for a person, as the statistics mark them.
COMPUTER = (150, 200, 255)


@dataclass
class Loaded:
    hand: StoredHand
    link: ReplayLink
    moves: list[tuple[int, list[int]]]


def load(history: Any, hand_id: int) -> Loaded:
    """The stored hand and a link over every position of it (storage writer thread)."""
    stored = history.load_hand(hand_id)
    if stored is None:
        raise ValueError(_("The hand is no longer in the score history."))
    positions = replay(stored.result)
    moves = [(int(seat), [int(c) for c in cards]) for seat, cards in stored.result.moves]
    seats = stored.seats
    n = positions[0].n_players
    names = tuple(seats[s].name if s < len(seats) else f"Seat {s + 1}" for s in range(n))
    people = tuple(bool(seats[s].is_human) if s < len(seats) else False for s in range(n))
    levels = tuple(str(getattr(seats[s], "level", "") or "normal") if s < len(seats) else "normal" for s in range(n))
    viewer = next((i for i, person in enumerate(people) if person), 0)
    link = ReplayLink(positions, seat=viewer, names=names, people=people, levels=levels,
                      deal_number=stored.result.deal_number)
    return Loaded(stored, link, moves)


def trick_at(state: SeatState) -> tuple[list[tuple[int, list[int]]], int | None]:
    """The plays on the table in ``state`` (as laid out), and who played last."""
    layers = [(seat, reading_order(list(move_cards(move)), state.rules)) for seat, move in state.trick_plays]
    return layers, (layers[-1][0] if layers else None)


class ReplayScene(Scene):
    name = "replay"
    arrow_focus = False  # ← → step through the hand

    def __init__(self, app, hand_ids: list[int], *, index: int = 0) -> None:
        super().__init__(app)
        self.hand_ids = list(hand_ids)
        self.index = max(0, min(index, len(self.hand_ids) - 1))
        self.loaded: Loaded | None = None
        self.future: Future[Loaded] | None = None
        self.error = ""
        self.step = 0
        self.toast = dealactions.Toast()
        self.b_play_deal = self.b_copy_deal = self.b_review = None
        self.request()

    # Data --------------------------------------------------------------------------------------

    def request(self) -> None:
        st = storage.of(self.app)
        self.loaded = None
        self.error = ""
        if st is None or not self.hand_ids:
            self.error = _("There is no score history to replay.")
            return
        hand_id = self.hand_ids[self.index]
        self.future = st.call(lambda h: load(h, hand_id))
        self.future.add_done_callback(lambda _f: self.app.post_wake())

    def next_deadline(self) -> float | None:
        if self.future is not None:
            return 0.05
        return self.toast.remaining()

    def update(self, dt: float) -> None:
        if self.toast.expired():
            self.app.dirty = True
        fut = self.future
        if fut is None or not fut.done():
            return
        self.future = None
        try:
            self.loaded = fut.result()
        except (StorageError, ValueError) as exc:
            self.error = _("This hand cannot be replayed: {why}").format(why=verbatim(str(exc)))
        self.step = 0
        self.build()  # the layout follows the number of seats
        self.app.dirty = True

    @property
    def state(self) -> SeatState | None:
        """The step shown, as the replay's link gives it (every hand face up)."""
        return self.loaded.link.state if self.loaded else None

    @property
    def last(self) -> int:
        return self.loaded.link.last if self.loaded else 0

    def viewer(self) -> int:
        return self.loaded.link.seat if self.loaded is not None else 0

    # Layout and input ------------------------------------------------------------------------------

    def layout(self) -> TableLayout:
        n = self.loaded.link.state.n_players if self.loaded else 4
        w, h = self.app.size
        words = (_("|◀ Start"), _("◀ Back"), _("Forward ▶"), _("End ▶|"), _("◀ Earlier"), _("Later ▶"))
        return compute_layout(w, h, n, min_button_w=self.button_width(words))

    def build_ui(self) -> None:
        # the table's own places: its four action buttons step, its menu button closes
        lay = self.layout()
        boxes = [lay.buttons[k] for k in ("sort", "hint", "pass", "play")]
        names = [("start", _("|◀ Start")), ("back", _("◀ Back")), ("fwd", _("Forward ▶")), ("end", _("End ▶|"))]
        self.buttons = {}
        for box, (key, label) in zip(boxes, names):
            self.buttons[key] = self.button(box.as_tuple(), label, object_id="#primary" if key == "fwd" else None)
        first = boxes[0]
        step = boxes[1].x - boxes[0].x
        prev = (first.x - 2 * step, first.y, first.w, first.h)
        nxt = (first.x - step, first.y, first.w, first.h)
        if prev[0] < lay.seats[0].fan.x:
            # no room left of the step buttons (a small window): under the log box instead
            log = lay.log
            gap = step - first.w
            half = (log.w - gap) // 2
            y = log.bottom + gap
            prev = (log.x, y, half, first.h)
            nxt = (log.x + half + gap, y, log.w - half - gap, first.h)
        self.b_prev_hand = self.button(prev, _("◀ Earlier"), tooltip=_("The session's earlier hand (Page Up)"))
        self.b_next_hand = self.button(nxt, _("Later ▶"), tooltip=_("The session's later hand (Page Down)"))
        self.b_close = self.button(lay.menu_button.as_tuple(), _("Close"), tooltip=verbatim("Esc"))
        under_log = prev[1] < first.y  # Earlier and Later went under the log box
        self.build_deal_buttons(lay, below=prev[1] + prev[3] if under_log else lay.log.bottom)
        self.build_review_button(lay)
        self.refresh_buttons()

    def build_review_button(self, lay: TableLayout) -> None:
        """"Review" (where the person lost points: the screen "review") left of Close, and
        left of Play this deal where that went there."""
        gap = lay.buttons["hint"].x - lay.buttons["sort"].right
        close = pygame.Rect(lay.menu_button.as_tuple())
        right = close.x - gap
        if self.b_play_deal is not None and self.b_play_deal.rect.y == close.y:
            right = self.b_play_deal.rect.x - gap
        want = self.button_width([_("Review")])
        self.b_review = self.button((right - want, close.y, want, close.h), _("Review"),
                                    tooltip=_("Where you lost points: the Expert looks at each of your decisions"))

    def hand_lift(self, card: int) -> int:
        """Pixels the bottom seat's ``card`` is drawn raised (the review lifts its better move)."""
        return 0

    def deal_number(self) -> int | None:
        return self.loaded.hand.result.deal_number if self.loaded is not None else None

    def build_deal_buttons(self, lay: TableLayout, below: int) -> None:
        """"Copy" (the deal number) and "Play this deal"; none for a hand stored without
        a deal number.

        Copy sits on the log box's deal line when it fits beside the number, else left of
        the points box; Play this deal under the log box (and under Earlier and Later
        when a small window puts them there), else, where that would cover a seat's
        cards, left of Close. Neither covers a seat's cards, the trick or a panel.
        """
        self.b_play_deal = self.b_copy_deal = None
        number = self.deal_number()
        if number is None:
            return
        log = lay.log
        gap = lay.buttons["hint"].x - lay.buttons["sort"].right
        h = lay.buttons["play"].h
        taken = [pygame.Rect(b.as_tuple()) for b in (lay.trick, lay.log, lay.scores, lay.menu_button)]
        for spot in lay.seats:
            taken += [pygame.Rect(spot.fan.as_tuple()), pygame.Rect(spot.info.as_tuple())]
        # the top corner's free felt: right of the top seat's cards (a full hand of them)
        most = self.loaded.link.state.rules.cards_per_player if self.loaded else 13
        top = [(p, spot) for p, spot in enumerate(lay.seats) if spot.side == "top"]
        free_left = log.right + gap
        if top:
            backs = lay.back_positions(top[0][0], most)
            free_left = max(free_left, backs[-1][0] + lay.small_w + gap)
        # Copy
        fp = max(12, int(lay.font_px * 0.8))
        line = int(fp * 1.45)
        copy_w = self.button_width([_("Copy")])
        words = _("Deal {number}").format(number=format_deal_number(number))
        x = log.x + 8 + text.render(words, fp, WHITE).get_width() + gap
        if x + copy_w <= log.right - 4:
            copy = pygame.Rect(log.right - 4 - copy_w, log.y + 6 + line - 3, copy_w, line + 4)
        else:
            copy = pygame.Rect(max(free_left, lay.scores.x - gap - copy_w), lay.scores.y, copy_w, h)
        self.b_copy_deal = self.button(copy, _("Copy"), tooltip=_("Copy deal number"))
        # Play this deal
        play = pygame.Rect(log.x, below + gap, log.w, h)
        if play.collidelist(taken) >= 0:
            want = self.button_width([_("Play this deal")])
            right = lay.menu_button.x - gap
            play = pygame.Rect(max(free_left, right - want), lay.menu_button.y, min(want, right - free_left), lay.menu_button.h)
        self.b_play_deal = self.button(play, _("Play this deal"),
                                       tooltip=_("A new game with exactly these cards, the same seats and rules"))

    def refresh_buttons(self) -> None:
        if not getattr(self, "buttons", None):
            return
        ready = self.loaded is not None
        b = self.buttons
        for key in ("start", "back"):
            (b[key].enable if ready and self.step > 0 else b[key].disable)()
        for key in ("fwd", "end"):
            (b[key].enable if ready and self.step < self.last else b[key].disable)()
        (self.b_prev_hand.enable if self.index > 0 else self.b_prev_hand.disable)()
        (self.b_next_hand.enable if self.index < len(self.hand_ids) - 1 else self.b_next_hand.disable)()

    def go(self, step: int) -> None:
        if self.loaded is None:
            return
        self.step = self.loaded.link.go(step).seq
        self.refresh_buttons()
        self.app.dirty = True

    def change_hand(self, delta: int) -> None:
        i = self.index + delta
        if 0 <= i < len(self.hand_ids):
            self.index = i
            self.request()
            self.refresh_buttons()

    def close(self) -> None:
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        b = self.buttons
        if self.pressed(event, self.b_close):
            self.close()
            return True
        if self.b_review is not None and self.pressed(event, self.b_review):
            self.app.push("review", self.hand_ids, index=self.index, step=self.step)
            return True
        actions = {
            "start": lambda: self.go(0), "back": lambda: self.go(self.step - 1),
            "fwd": lambda: self.go(self.step + 1), "end": lambda: self.go(self.last),
        }
        for key, act in actions.items():
            if self.pressed(event, b[key]):
                act()
                return True
        if self.b_play_deal is not None and self.pressed(event, self.b_play_deal):
            hand = self.loaded.hand
            config = dealactions.stored_table(hand.seats, self.loaded.link.state.rules, self.deal_number())
            dealactions.play_deal(self.app, config)
            return True
        if self.b_copy_deal is not None and self.pressed(event, self.b_copy_deal):
            dealactions.copy_deal_number(self.deal_number(), self.toast)
            self.app.dirty = True
            return True
        if self.pressed(event, self.b_prev_hand):
            self.change_hand(-1)
            return True
        if self.pressed(event, self.b_next_hand):
            self.change_hand(1)
            return True
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: lambda: self.go(self.step + 1), pygame.K_LEFT: lambda: self.go(self.step - 1),
                pygame.K_HOME: lambda: self.go(0), pygame.K_END: lambda: self.go(self.last),
                pygame.K_PAGEUP: lambda: self.change_hand(-1), pygame.K_PAGEDOWN: lambda: self.change_hand(1),
                pygame.K_ESCAPE: self.close,
            }
            act = keys.get(event.key)
            if act is not None:
                act()
                return True
        return False

    # Drawing -------------------------------------------------------------------------------------

    def caption(self) -> str:
        if self.loaded is None:
            return ""
        if self.step == 0:
            return _("The deal: every hand face up. Press → to step through the moves.")
        seat, cards = self.loaded.moves[self.step - 1]
        name = self.seat_name(seat)
        seats = self.loaded.hand.seats
        you = seat < len(seats) and seats[seat].name == "You"  # the default name: "You play", not "You plays"
        if not cards:
            return _("You pass") if you else _("{name} passes").format(name=name)
        shown = format_cards(sorted(cards), symbols=True)
        return _("You play {cards}").format(cards=shown) if you else _("{name} plays {cards}").format(name=name, cards=shown)

    def seat_name(self, seat: int) -> str:
        """A seat's stored name as shown (default names in the current language)."""
        seats = self.loaded.hand.seats if self.loaded else ()
        return person_name(seats[seat].name) if seat < len(seats) else _("Seat {number}").format(number=seat + 1)

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        w, h = surf.get_size()
        if self.loaded is None:
            msg = self.error or _("Loading the hand…")
            text.draw(surf, msg, 22, (w // 2, h // 2), WHITE, anchor="center", max_width=w - 80)
            return
        lay = self.layout()
        game = self.state
        four = self.app.settings.four_colour
        n = game.n_players
        me = self.viewer()
        # every hand, face up
        for seat in range(n):
            p = (seat - me) % n
            cards = sorted(game.revealed[seat], key=game.rules.card_strength)
            if p == 0:
                for c, (x, y) in zip(cards, lay.hand_positions(len(cards))):
                    surf.blit(cardart.face(c, lay.card_w, lay.card_h, four_colour=four), (x, y - self.hand_lift(c)))
            else:
                rotated = lay.seats[p].side in ("left", "right")
                for c, (x, y) in zip(cards, lay.back_positions(p, len(cards))):
                    if rotated:
                        x += (lay.small_h - lay.small_w) // 2
                        y -= (lay.small_h - lay.small_w) // 2
                    surf.blit(cardart.face(c, lay.small_w, lay.small_h, four_colour=four), (x, y))
            self.draw_plate(surf, lay, p, self.seat_name(seat), len(cards), seat == game.to_act and not game.hand_over,
                            seat in self.loaded.hand.result.by_computer)
        # the trick
        layers, owner = trick_at(game)
        for layer, (_seat, cards) in enumerate(layers):
            for c, (x, y) in zip(cards, lay.trick_positions(len(cards), layer)):
                surf.blit(cardart.face(c, lay.card_w, lay.card_h, four_colour=four), (x, y))
        tb = pygame.Rect(lay.trick.as_tuple())
        if owner is not None and layers:
            who = self.seat_name(owner)
            text.draw(surf, f"★ {who}", max(13, int(lay.font_px * 0.85)), (tb.centerx, tb.bottom + 4), GOLD, anchor="midtop")
        # what happened: the table's log box names the hand, its message row the move
        st = self.loaded.hand
        box = pygame.Rect(lay.log.as_tuple())
        text.panel(surf, box, alpha=110)
        fp = max(12, int(lay.font_px * 0.8))
        y = box.y + 6
        for part, colour, bold in self.log_rows(fp, box):
            text.draw(surf, part, fp, (box.x + 8, y), colour, bold=bold, max_width=box.w - 14)
            y += int(fp * 1.45)
        self.draw_points(surf, lay, st, fp)
        row = pygame.Rect(lay.message.as_tuple())
        text.draw(surf, self.caption(), max(14, lay.font_px), row.center, WHITE, anchor="center", suits="light", four_colour=four, max_width=row.w)
        self.toast.draw(surf, (w // 2, lay.trick.center[1]), max(14, lay.font_px), w - 80)

    #: Lines of the log box that give way, first to last, when they do not all fit.
    SPARE = ("date", "deal", "undo")

    def log_entries(self) -> list[tuple[str, str, tuple[int, int, int], bool]]:
        """What the log box says about the hand: (what, line, colour, bold), first line
        first. A hand the computer finished for a person says so, in the statistics' colour."""
        if self.loaded is None:
            return []
        st = self.loaded.hand
        game = self.state
        out = [("title", _("Replay · hand {number}").format(number=st.hand_number), GOLD, True)]
        if st.result.deal_number is not None:
            out.append(("deal", _("Deal {number}").format(number=format_deal_number(st.result.deal_number)), WHITE, False))
        out.append(("date", i18n.current().datetime(st.started_at.astimezone()), DIM, False))
        out.append(("move", _("Move {step} of {last}").format(step=self.step, last=self.last), WHITE, False))
        for seat in st.result.by_computer:
            line = (_("The computer finished this hand for you") if seat == self.viewer() else
                    _("The computer finished this hand for {name}").format(name=self.seat_name(seat)))
            out.append(("computer", line, COMPUTER, False))
        if st.result.assisted:
            out.append(("undo", _("Played with undo"), DIM, False))
        if game.hand_over and game.winner is not None:
            out.append(("out", _("{name} went out").format(name=self.seat_name(game.winner)), GOLD, False))
        return out

    def log_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """:meth:`log_entries` as (line, colour, bold)."""
        return [(line, colour, bold) for _what, line, colour, bold in self.log_entries()]

    def log_rows(self, fp: int, box: pygame.Rect) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The log box's lines wrapped to ``box``; where they do not all fit, the date,
        then the deal number, then the undo note give way (see :data:`SPARE`)."""
        entries = self.log_entries()
        room = max(1, (box.h - 6) // int(fp * 1.45))
        spare = list(self.SPARE)
        while True:
            rows = [(part, colour, bold) for _what, line, colour, bold in entries
                    for part in text.wrap(line, fp, box.w - 14, bold=bold)]
            if len(rows) <= room or not spare:
                return rows[:room]
            gone = spare.pop(0)
            entries = [e for e in entries if e[0] != gone]

    def draw_points(self, surf: pygame.Surface, lay: TableLayout, st: StoredHand, fp: int) -> None:
        """The hand's result in the table's score box: points per seat."""
        box = pygame.Rect(lay.scores.as_tuple())
        text.panel(surf, box, alpha=110)
        y = box.y + 6
        text.draw(surf, _("Points this hand"), fp, (box.x + 8, y), GOLD, bold=True)
        y += int(fp * 1.4)
        for seat, pts in enumerate(st.result.points):
            name = self.seat_name(seat)
            text.draw(surf, name, fp, (box.x + 8, y), WHITE, max_width=box.w - 70)
            text.draw(surf, f"{pts:+d}" if pts else "0", fp, (box.right - 8, y), WHITE, anchor="topright")
            y += int(fp * 1.35)

    def draw_plate(self, surf: pygame.Surface, lay: TableLayout, p: int, name: str, count: int, turn: bool,
                   by_computer: bool = False) -> None:
        box = pygame.Rect(lay.seats[p].info.as_tuple())
        text.panel(surf, box, alpha=150 if turn else 110, border=GOLD if turn else COMPUTER if by_computer else None)
        if by_computer:  # the statistics' mark for a hand the computer finished
            pygame.draw.circle(surf, COMPUTER, (box.right - 12, box.y + 12), 6, 2)
        fp = lay.font_px
        text.draw(surf, name, fp, (box.x + 10, box.y + 6), GOLD if turn else WHITE, bold=True, max_width=box.w - 16)
        text.draw(surf, ngettext("{n} card", "{n} cards", count).format(n=count), int(fp * 0.85), (box.x + 10, box.y + 8 + fp * 1.2), DIM)
