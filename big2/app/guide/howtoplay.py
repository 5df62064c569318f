"""How to play: the guided first game, at the real table with the real engine.

:class:`HowToPlayScene` is the table with three changes: the deal and every computer
move come from the script in :mod:`big2.app.guide.tutorial` (played by the lesson's room,
:mod:`big2.app.guide.lessonroom`, which opens this scene); a lesson panel (in the corner of
the recent plays, clear of every card: the left seat's stack of backs moves down under
it when the lesson needs the room) says what each turn teaches and which play to make,
the cards the lesson names are outlined in the hand, and other plays are refused with
the lesson's sentence; and nothing is recorded — no autosave, no
score history, no results screen. H lifts the lesson's cards, Enter plays, P passes,
so the game can be finished from the keyboard alone. Esc leaves it at any time.
"""

from __future__ import annotations

import pygame
import pygame_gui

from big2.room.events import HandEnded

from big2.i18n import _
import dataclasses

from big2.app import vocab
from big2.app.ui import text
from big2.app.table import panelroom
from big2.app.table.layout import Box, TableLayout
from big2.app.guide.tutorial import DONE, HOW, STEPS, Tutorial
from big2.app.table.scene import TableScene
from big2.app.table.part import TablePart
from big2.app.ui.uiscale import MIN_FONT_PX

GOLD = (245, 210, 122)
WHITE = (245, 245, 240)
DIM = (190, 200, 195)
#: The outline round the cards a lesson names.
NAMED = (255, 214, 90)


@dataclasses.dataclass(frozen=True)
class LessonPlan:
    """Where the lesson panel goes and how it is written, for one layout and language."""

    rect: pygame.Rect
    font_px: int
    #: Whether the "Esc leaves the lesson" line fits under the lesson.
    footer: bool
    #: Whether "lesson 2 of 6" goes on a line of its own under "How to play" (narrow panels).
    split_header: bool = False


def lesson_texts() -> list[str]:
    """Every text the lesson panel shows, in the current language."""
    out = [_("{lesson} {how}").format(lesson=_(s.lesson), how=_(HOW)) if s.how else _(s.lesson)
           for s in STEPS if s.lesson]
    return out + [_(DONE)]


def _panel_height(lines: int, fp: int, footer: bool, split_header: bool = False) -> int:
    header = round(fp * 1.6) + (round(fp * 1.3) if split_header else 0)
    return 14 + header + round(fp * 1.3) * lines + (round(fp * 1.5) if footer else 0) + 6


def _header_splits(fp: int, width: int) -> bool:
    """Whether the panel's title and its widest progress text need two lines."""
    title = text.render(_("How to play"), fp, GOLD, bold=True).get_width()
    progress = max(text.render(words, fp, DIM).get_width()
                   for words in (_("lesson {lesson} of {total}").format(lesson=6, total=6), _("done")))
    return title + progress + 30 > width


def plan_lesson(lay: TableLayout, texts: list[str]) -> LessonPlan:
    """The panel: the recent plays' corner, as wide as the room left of the trick, the
    top seat and the scores allows, and as tall as the longest lesson needs at the
    largest type that fits above a still readable stack of the left seat's backs
    (down to the smallest type, and without the footer line where even that is short)."""
    if "plays" in lay.drawers:  # the table made room: the lesson has the left drawer
        return _fit_lesson(lay.log.x, lay.log.y, lay.log.w, lay.log.h, lay.log.h, lay.font_px, texts)
    margin = lay.log.x
    top = next((i for i, s in enumerate(lay.seats) if s.side == "top"), None)
    left = next((i for i, s in enumerate(lay.seats) if s.side == "left"), None)
    right = min(lay.trick.x, lay.scores.x) - margin
    floor = lay.message.y - margin
    if top is not None:
        spot = lay.seats[top]
        first = lay.back_positions(top, 13)[0][0]
        right = min(right, first - margin, spot.info.x - margin)
    if left is not None:
        spot = lay.seats[left]
        # the stack keeps at least a fifth of a card between backs
        least = lay.small_w + 12 * max(3, lay.small_w // 5)
        floor = min(floor, spot.info.y - margin - least)
    width = right - lay.log.x if right - lay.log.x >= 140 else lay.log.w
    return _fit_lesson(lay.log.x, lay.log.y, width, floor - lay.log.y, lay.log.h, lay.font_px, texts)


def _fit_lesson(x: int, y: int, width: int, room: int, least: int, font_px: int, texts: list[str]) -> LessonPlan:
    """The lesson panel at (x, y), ``width`` wide, in ``room`` height (at least ``least``
    tall): the largest type whose longest lesson fits, with its footer if it can."""
    biggest = max(MIN_FONT_PX, min(17, round(font_px * 0.85)))
    for footer in (True, False):
        for fp in range(biggest, MIN_FONT_PX - 1, -1):
            lines = max(len(text.wrap(t, fp, width - 20)) for t in texts)
            split = _header_splits(fp, width)
            need = _panel_height(lines, fp, footer, split)
            if need <= room:
                return LessonPlan(pygame.Rect(x, y, width, max(least if least < room else 0, need)), fp, footer, split)
    split = _header_splits(MIN_FONT_PX, width)
    return LessonPlan(pygame.Rect(x, y, width, max(least, room)), MIN_FONT_PX, False, split)


def clear_of_lesson(lay: TableLayout, panel: pygame.Rect) -> TableLayout:
    """``lay`` with the left seat's backs moved down under ``panel`` where it reaches them."""
    margin = lay.log.x
    seats = list(lay.seats)
    for i, spot in enumerate(seats):
        if spot.side != "left":
            continue
        backs = lay.back_positions(i, 13)
        if backs[0][1] >= panel.bottom + margin:
            continue
        fan = spot.fan
        y = panel.bottom + margin
        seats[i] = dataclasses.replace(spot, fan=Box(fan.x, y, fan.w, max(lay.small_w, fan.bottom - y)))
    return dataclasses.replace(lay, seats=tuple(seats))


class LessonPart(TablePart):
    """The lesson panel, the lesson's hint, and refusing plays the lesson did not ask for."""

    #: The lesson panel has the recent plays' corner.
    covers_log = True

    def handle(self, event: pygame.event.Event) -> bool:
        t = self.table
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE or (t.tutorial.finished and k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
                self.app.goto("title")
                return True
            if k in (pygame.K_t, pygame.K_u) or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
                return True  # no tracker or undo in the lesson
            if k == pygame.K_h:
                self.lift()
                return True
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.refuse(t.selection(), enter=True)
            if k == pygame.K_p:
                return self.refuse(frozenset())
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            b = t.buttons
            if event.ui_element is b.get("hint"):
                self.lift()
                return True
            if event.ui_element is b.get("play"):
                return self.refuse(t.selection(), enter=True)
            if event.ui_element is b.get("pass"):
                return self.refuse(frozenset())
            if event.ui_element is t.b_menu:
                self.app.goto("title")
                return True
        return False

    def lift(self) -> None:
        """H: lift exactly the cards the lesson asks for (or say to pass)."""
        t = self.table
        if not t.awaiting_human:
            return
        nxt = t.tutorial.expected()
        if nxt is None:
            return
        cards = nxt[1]
        if cards:
            t.hand.select_only(cards)
            t.place_hand(animate=True)
            t.say(_("Press Enter to play them."), 3.0, (200, 235, 255))
        else:
            t.hand.clear_selection()
            t.place_hand(animate=True)
            t.say(_("Nothing to lift this time: press P to pass."), 4.0, (200, 235, 255))
        t.refresh_buttons()

    def refuse(self, cards, *, enter: bool = False) -> bool:
        """True (the event is used up) when the play is not the lesson's; the table says
        why. ``enter``: Play (Enter) was pressed — with nothing lifted it plays nothing,
        so where the lesson wants a pass it says to press P (the habit of the other
        lessons, H then Enter, must not end in the table's refusal)."""
        t = self.table
        if not t.awaiting_human:
            return False
        from big2.engine.cards import CardSet

        if enter and not cards:
            nxt = t.tutorial.expected()
            if nxt is not None and nxt[0] == 0 and not nxt[1]:
                t.say(_("In this lesson you pass: press P."), 4.0, (255, 190, 150))
                return True
        why = t.tutorial.check(CardSet(cards))
        if why is None:
            return False
        t.say(why, 4.0, (255, 190, 150))
        return True

    def area(self) -> pygame.Rect:
        """The lesson panel's place: the recent plays' corner, clear of every card (see
        :func:`plan_lesson`)."""
        return pygame.Rect(self.table.lesson_plan.rect)

    def named_cards(self) -> list[int]:
        """The cards of the bottom hand the current lesson names (its play), while the
        person is to make it."""
        t = self.table
        nxt = t.tutorial.expected()
        if nxt is None or nxt[0] != t.viewer or not t.awaiting_human:
            return []
        return [c for c in t.hand.cards if c in nxt[1]]

    def highlights(self) -> list[pygame.Rect]:
        """Outlines round the named cards: each run of neighbouring named cards gets one,
        round the part of it that shows."""
        t = self.table
        named = set(self.named_cards())
        out: list[pygame.Rect] = []
        order = t.hand.cards
        i = 0
        while i < len(order):
            if order[i] not in named or order[i] not in t.sprites:
                i += 1
                continue
            j = i
            while j + 1 < len(order) and order[j + 1] in named and order[j + 1] in t.sprites:
                j += 1
            rects = [t.sprites[c].rect() for c in order[i:j + 1]]
            box = rects[0].unionall(rects[1:])
            if j + 1 < len(order) and order[j + 1] in t.sprites:
                nxt = t.sprites[order[j + 1]].rect()  # the next card covers the run's last
                box.w = max(rects[-1].x - box.x + 6, min(box.w, nxt.x - box.x + 3))
            out.append(box.inflate(6, 6))
            i = j + 1
        return out

    def event_shown(self, event) -> None:
        t = self.table
        if isinstance(event, HandEnded):
            t.clock.cancel_all()  # no results screen: the lesson has the last word
            t.playback.open_results = None  # (nor when a key skips the win's celebration)
        t.view.damage(self.area())

    def draw(self, surf: pygame.Surface) -> None:
        t = self.table
        boxes = self.highlights()
        for box in boxes:
            pygame.draw.rect(surf, NAMED, box, 3, border_radius=8)
        shown = getattr(self, "_shown", [])
        if boxes != shown:  # the outlines moved: their old and new places are drawn again
            for box in shown + boxes:
                t.view.damage(box.inflate(4, 4))
            self._shown = boxes
        plan = t.lesson_plan
        area = plan.rect
        fp = plan.font_px
        lines = text.wrap(t.tutorial.lesson(), fp, area.w - 20)
        step = round(fp * 1.3)
        h = min(area.h, _panel_height(len(lines), fp, plan.footer, plan.split_header))
        rect = pygame.Rect(area.x, area.y, area.w, h)
        pygame.draw.rect(surf, (14, 34, 26), rect, border_radius=10)  # opaque: it covers the recent plays
        pygame.draw.rect(surf, (150, 130, 70), rect, 2, border_radius=10)
        y = rect.y + 8
        text.draw(surf, _("How to play"), fp, (rect.x + 10, y), GOLD, bold=True)
        lesson, total = t.tutorial.progress()
        progress = _("done") if t.tutorial.finished else _("lesson {lesson} of {total}").format(lesson=lesson, total=total)
        if plan.split_header:
            y += round(fp * 1.3)
            text.draw(surf, progress, fp, (rect.x + 10, y), DIM)
        else:
            text.draw(surf, progress, fp, (rect.right - 10, y), DIM, anchor="topright")
        y += round(fp * 1.6)
        for line in lines:
            text.draw(surf, line, fp, (rect.x + 10, y), WHITE, suits="light", four_colour=t.app.settings.four_colour)
            y += step
        if plan.footer:
            text.draw(surf, _("Esc leaves the lesson"), max(MIN_FONT_PX, fp - 3), (rect.x + 10, rect.bottom - round(fp * 1.35)), DIM)


class HowToPlayScene(TableScene):
    """The guided first game (see the module notes)."""

    name = "how_to_play"

    def __init__(self, app, link) -> None:
        self.lesson_plan = LessonPlan(pygame.Rect(0, 0, 0, 0), MIN_FONT_PX, False)
        #: The lesson drawer's width while a layout is made (None: as wanted).
        self._lesson_w: int | None = None
        super().__init__(app, link)
        self.tutorial = Tutorial(lambda: self.link.state)
        self.lesson = LessonPart(self)
        self.parts.insert(self.parts.index(self.input), self.lesson)
        # no undo and no tracker in the lesson: the lesson panel has their corner
        self.parts.remove(self.undo)
        self.parts.remove(self.tracker)

    def left_drawer_w(self) -> int | None:
        """The lesson panel has the left drawer, wider than Recent plays' (issue 44: the
        table makes room for it, so it covers no seat); on a small window no wider than
        leaves the table its centre's line and its buttons (see :meth:`_compute_layout`)."""
        if self._lesson_w is not None:
            return self._lesson_w
        w, h = self.app.size
        return round(max(260, 340 * min(w / 1280, h / 720)))

    def _compute_layout(self) -> TableLayout:
        """The table's layout with room for the lesson panel (see :func:`plan_lesson`):
        the widest lesson drawer whose table still holds "★ Bo's play to beat" for every
        seat under its centre and its row of buttons (no Undo here: the row may take its
        place)."""
        self.drawers.offered = ()  # no tabs: the lesson's panel is the drawer
        w, h = self.app.size
        unit = min(w / 1280, h / 720)
        state = self.state
        lines = ["★ " + vocab.about(state, seat, _("Your play to beat"), _("{name}'s play to beat"))
                 for seat in range(state.n_players)]

        def make(width: int) -> TableLayout:
            self._lesson_w = width
            return super(HowToPlayScene, self)._compute_layout()

        try:
            lay = panelroom.fitted(make, panelroom.widths(self.app.size, round(max(260, 340 * unit)),
                                                          round(max(200, 250 * unit))), lines)
        finally:
            self._lesson_w = None
        self._lesson_w = lay.log.w
        self.lesson_plan = plan_lesson(lay, lesson_texts())
        return clear_of_lesson(lay, self.lesson_plan.rect)

    def pace(self) -> float:
        """The script's computers move a little sooner than the table's pace."""
        return min(super().pace(), 0.8)

    def show_hint(self) -> None:
        self.lesson.lift()

