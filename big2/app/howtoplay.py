"""How to play: the guided first game, at the real table with the real engine.

:class:`HowToPlayScene` is the table with three changes: the deal and every computer
move come from the script in :mod:`big2.app.tutorial`; a lesson panel (in the corner of
the recent plays) says what each turn teaches and which play to make, and other plays
are refused with the lesson's sentence; and nothing is recorded — no autosave, no
score history, no results screen. H lifts the lesson's cards, Enter plays, P passes,
so the game can be finished from the keyboard alone. Esc leaves it at any time.
"""

from __future__ import annotations

import pygame
import pygame_gui

from big2.engine.events import HandEnded

from ..i18n import _
from . import text
from .match import HandResult, Match, MatchConfig, SeatConfig, opening_events
from .tutorial import NAMES, Tutorial, new_game
from .scenes.table import TableScene
from .scenes.tablepart import TablePart
from .uiscale import MIN_FONT_PX

GOLD = (245, 210, 122)
WHITE = (245, 245, 240)
DIM = (190, 200, 195)


class TutorialMatch(Match):
    """A one-hand match over the tutorial's fixed deal; it keeps no score."""

    def __init__(self) -> None:
        seats = (SeatConfig(NAMES[0], human=True),) + tuple(SeatConfig(n, human=False) for n in NAMES[1:])
        super().__init__(MatchConfig(seats=seats, hands=1, seed=0))

    @property
    def deal_number(self) -> int | None:
        return None  # a written deal, not a shuffled one

    def new_hand(self):
        self.undo.clear()
        self.game = new_game()
        self.session.current = self.game
        return opening_events(self.game)

    def record(self, event: HandEnded) -> HandResult:
        game = self.game
        assert game is not None
        result = HandResult(1, event.winner, tuple(game.card_counts), tuple(event.points), tuple(event.points),
                            tuple(tuple(game.hand(s)) for s in range(self.n_players)))
        self.results.append(result)
        return result


class ScriptedTurns(TablePart):
    """The computers' turns from the script, each after the table's pace delay."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.since: float | None = None
        self.future = None  # what undo clears on a real table

    def step(self, seat: int) -> None:
        t = self.table
        if self.since is None:
            self.since = t.clock.time
            return
        if t.clock.time < self.since + min(self.app.settings.pace_delay, 0.8):
            return
        self.since = None
        move = t.tutorial.computer_move()
        if move is not None:
            t.apply_events(t.game.make(move, seat=seat))

    def deadline(self) -> float | None:
        return None if self.since is None else self.since + min(self.app.settings.pace_delay, 0.8)


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
                return self.refuse(t.selection())
            if k == pygame.K_p:
                return self.refuse(frozenset())
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            b = t.buttons
            if event.ui_element is b.get("hint"):
                self.lift()
                return True
            if event.ui_element is b.get("play"):
                return self.refuse(t.selection())
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
            t.say(_("Press P to pass."), 3.0, (200, 235, 255))
        t.refresh_buttons()

    def refuse(self, cards) -> bool:
        """True (the event is used up) when the play is not the lesson's; the table says why."""
        t = self.table
        if not t.awaiting_human:
            return False
        from big2.engine.cards import CardSet

        why = t.tutorial.check(CardSet(cards))
        if why is None:
            return False
        t.say(why, 4.0, (255, 190, 150))
        return True

    def area(self) -> pygame.Rect:
        """The lesson's corner: the recent plays' box, down over the left seat's card
        backs (its plate stays in view), clear of the top seat and the trick."""
        lay = self.table.layout
        log = lay.log
        margin = log.x
        right = min(lay.trick.x, lay.scores.x) - margin
        bottom = lay.message.y - margin
        for spot in lay.seats:
            if spot.side == "top":
                right = min(right, spot.fan.x - margin, spot.info.x - margin)
            elif spot.side == "left":
                bottom = min(bottom, spot.info.y - margin)
        return pygame.Rect(log.x, log.y, max(log.w, right - log.x), max(log.h, bottom - log.y))

    def event_shown(self, event) -> None:
        t = self.table
        if isinstance(event, HandEnded):
            t.clock.cancel_all()  # no results screen: the lesson has the last word
        t.view.damage(self.area())

    def draw(self, surf: pygame.Surface) -> None:
        t = self.table
        area = self.area()
        lay = t.layout
        width = area.w
        # the largest type (up to the table's) with which the whole lesson fits the corner
        for fp in range(max(MIN_FONT_PX, min(17, round(lay.font_px * 0.85))), MIN_FONT_PX - 1, -1):
            lines = text.wrap(t.tutorial.lesson(), fp, width - 20)
            step = round(fp * 1.3)
            need = 14 + round(fp * 1.6) + step * len(lines) + round(fp * 1.5) + 6
            if need <= area.h:
                break
        h = min(area.h, need)
        rect = pygame.Rect(area.x, area.y, width, h)
        pygame.draw.rect(surf, (14, 34, 26), rect, border_radius=10)  # opaque: it covers the recent plays
        pygame.draw.rect(surf, (150, 130, 70), rect, 2, border_radius=10)
        y = rect.y + 8
        text.draw(surf, _("How to play"), fp, (rect.x + 10, y), GOLD, bold=True)
        lesson, total = t.tutorial.progress()
        text.draw(surf, _("done") if t.tutorial.finished else _("lesson {lesson} of {total}").format(lesson=lesson, total=total), fp, (rect.right - 10, y), DIM, anchor="topright")
        y += round(fp * 1.6)
        for line in lines:
            if y + step > rect.bottom - round(fp * 1.4):
                break
            text.draw(surf, line, fp, (rect.x + 10, y), WHITE, suits="light", four_colour=t.app.settings.four_colour)
            y += step
        text.draw(surf, _("Esc leaves the lesson"), max(MIN_FONT_PX, fp - 3), (rect.x + 10, rect.bottom - round(fp * 1.35)), DIM)


class HowToPlayScene(TableScene):
    """The guided first game (see the module notes)."""

    name = "how_to_play"
    #: The storage skips a practice table: no autosave, no score history.
    practice = True

    def __init__(self, app) -> None:
        super().__init__(app, match=TutorialMatch())
        self.tutorial = Tutorial(new_game())
        self.computers.leave()
        scripted = ScriptedTurns(self)
        self.parts[self.parts.index(self.computers)] = scripted
        self.computers = scripted
        self.lesson = LessonPart(self)
        self.parts.insert(self.parts.index(self.input), self.lesson)
        # no undo and no tracker in the lesson: the lesson panel has their corner
        self.parts.remove(self.undo)
        self.parts.remove(self.tracker)

    def start_hand(self) -> None:
        super().start_hand()
        self.tutorial.game = self.match.game
        self.match.session.current_deal = None

    def show_hint(self) -> None:
        self.lesson.lift()

