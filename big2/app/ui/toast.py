"""Notices in the window: a banner at the top that every screen shows.

:class:`NoticeHost` is an invisible pygame_gui element made once for the app. The UI
manager updates it every frame on the render thread, so it can safely turn the storage's
queued :class:`~big2.persistence.notices.Notice` objects (appended from any thread) into
a :class:`NoticeBanner`, and, twice a second, save the settings and window size when
they changed. The banner is a pygame_gui panel above every scene: a line per notice and
a Dismiss button; notices that are only information go away by themselves, after
that many seconds on the clock (the loop idling between events wakes at least once a
second, and the time it hands on then runs slow: it catches up a quarter second at most).
"""

from __future__ import annotations

import html
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from big2.persistence.notices import Notice, Severity

from ... import i18n
from ...i18n import _, ngettext

if TYPE_CHECKING:
    from .scene import SceneHost

#: Seconds an information-only banner stays up.
INFO_SECONDS = 8.0
#: Seconds a warning stays up (none needs an answer: questions are dialogs).
WARNING_SECONDS = 16.0
#: Seconds between checks of the settings and window size.
WATCH_SECONDS = 0.5
BANNER_LAYER = 40
MAX_LINES = 4


class NoticeSource(Protocol):
    """What the banner host needs of the storage (:class:`~big2.app.storage.Storage`,
    which makes the host): the queue of notices, the wake-up when one is added, and the
    saving of the settings and window size when they changed."""

    notices: deque[Notice]
    on_notice: Callable[[], None] | None

    def remember_window(self, app: SceneHost) -> None: ...


class NoticeBanner(UIPanel):
    """A panel listing notices, with a Dismiss button, in the one place the screen on
    top keeps free for them (:meth:`~big2.app.ui.scene.Scene.notice_area`)."""

    def __init__(self, app: SceneHost, notices: list[Notice]) -> None:
        top = app.top
        area = top.notice_area() if top is not None else pygame.Rect(12, 8, min(760, app.size[0] - 24), app.size[1] // 3)
        w = max(200, min(760, area.w))
        lines = [i18n.sentence(n) for n in notices[-MAX_LINES:]]
        if len(notices) > MAX_LINES:
            more = len(notices) - MAX_LINES
            lines.insert(0, ngettext("({n} earlier message is in the log file.)",
                                     "({n} earlier messages are in the log file.)", more).format(n=i18n.current().number(more)))
        self.notices = list(notices)
        self.severe = any(n.severity is not Severity.INFO for n in notices)
        body = "<br>".join(("• " if len(lines) > 1 else "") + html.escape(t) for t in lines)
        button_h = 34
        # as tall as its sentences, measured by the text box itself (a guess cut them off
        # into a little scrolling box), within the room the screen keeps for notices
        most = max(48, area.h - button_h - 24)
        super().__init__(
            pygame.Rect(area.x, area.y, w, most + button_h + 20), starting_height=BANNER_LAYER, manager=app.manager, object_id="#notice",
        )
        self.text = UITextBox(body, pygame.Rect(6, 6, w - 16, -1), app.manager, container=self, object_id="#notice_text")
        if i18n.current().language.breaks_anywhere:
            # pygame_gui breaks a line only at spaces (Chinese has none: it hyphenated
            # 「已存遊-戲」): the lines are broken here between hanzi, in the box's own font
            from . import text as _text

            size = self.text.ui_theme.get_font(self.text.combined_element_ids).point_size
            room = w - 16 - 2 * (self.text.padding[0] + self.text.shadow_width + 1) - 6
            wrapped = [line for t in lines for line in _text.wrap(("• " if len(lines) > 1 else "") + t, size, room)]
            self.text.kill()
            self.text = UITextBox("<br>".join(html.escape(line) for line in wrapped), pygame.Rect(6, 6, w - 16, -1),
                                  app.manager, container=self, object_id="#notice_text")
        text_h = min(most, max(48, self.text.rect.h))
        if self.text.rect.h != text_h:
            self.text.set_dimensions((w - 16, text_h))
        h = text_h + button_h + 20
        self.set_dimensions((w, h))
        self.b_dismiss = UIButton(pygame.Rect(w - 112, h - button_h - 10, 100, button_h), _("Dismiss"), app.manager, container=self)
        self.shown_at = time.perf_counter()

    @property
    def age(self) -> float:
        """Seconds it has been up, on the clock."""
        return time.perf_counter() - self.shown_at

    @property
    def message(self) -> str:
        return "\n".join(n.text for n in self.notices)

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_dismiss:
            self.kill()
            return True
        return super().process_event(event)


class NoticeHost(UIElement):
    """Shows the storage's notices and keeps the settings saved; one per app."""

    def __init__(self, app: SceneHost, storage: NoticeSource) -> None:
        super().__init__(pygame.Rect(0, 0, 1, 1), app.manager, None, starting_height=1, layer_thickness=1, visible=0)
        self._set_image(pygame.Surface((1, 1), pygame.SRCALPHA))
        self.app = app
        self.storage = storage
        self.banner: NoticeBanner | None = None
        self.shown: list[Notice] = []
        self._watch = 0.0
        storage.on_notice = app.post_wake
        app.notice_host = self  # type: ignore[attr-defined]
        self.pump()

    def pump(self) -> None:
        """Move queued notices into the banner (render thread only)."""
        fresh: list[Notice] = []
        while self.storage.notices:
            fresh.append(self.storage.notices.popleft())
        if not fresh:
            return
        if self.banner is not None and self.banner.alive():
            self.shown += fresh
            self.banner.kill()
        else:
            self.shown = fresh
        self.banner = NoticeBanner(self.app, self.shown)
        self.app.dirty = True

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        self.pump()
        b = self.banner
        if b is not None:
            if not b.alive():
                self.banner = None
                self.shown = []
                self.app.dirty = True
            else:
                if b.age > (WARNING_SECONDS if b.severe else INFO_SECONDS):
                    b.kill()  # every notice fades: none needs an answer
                    self.app.dirty = True  # gone from the screen now, not at the next wake
        self._watch += time_delta
        if self._watch >= WATCH_SECONDS:
            self._watch = 0.0
            self.storage.remember_window(self.app)

    def visible_text(self) -> str:
        """What the banner says now ("" when there is none); for tests."""
        b = self.banner
        return b.message if b is not None and b.alive() else ""
