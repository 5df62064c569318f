"""The window and its loop: events in, fixed-step updates, redraw only when needed.

The loop waits on events while nothing moves (so an idle table costs almost no CPU),
and ticks at the frame rate while a scene animates. Game logic advances in fixed steps
of :data:`STEP` seconds. The window is an ordinary resizable one with a minimum size;
F11 toggles fullscreen; every resize lays the scenes out again.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from .ui import assets, cardart, memory, sound, transition
from .ui.transition import Transition
from . import router
from .ui.uimanager import UIManager
from .. import i18n
from .ui.uiscale import scaled_theme, ui_scale
from .table.layout import MIN_SIZE
from .ui.scene import Scene
from .settings import AppSettings

log = logging.getLogger(__name__)

FPS = 60
STEP = 1 / 120
IDLE_WAIT_MS = 1000
IDLE_POLL = 1 / 60
#: Seconds after the last resize (or a screen closing) before freed memory is handed
#: back (see memory.py).
RELEASE_AFTER = 0.5
#: Seconds of each frame spent drawing card faces ahead of need (cardart.Warmer).
WARM_BUDGET = 0.0025
#: The most game time one frame advances (seconds), however long the last one took.
MAX_CATCH_UP = 0.25
TITLE = "Big Two"
#: The window icon's size: the 256 px icon is too big for X11 (one request, 256 KB).
ICON_PX = 128
_WAKE: int | None = None


def wake_event_type() -> int:
    """A custom event type that only wakes the loop (posted from worker threads).

    Never one of pygame_gui's: after a ``pygame.quit()`` pygame numbers custom types
    from the start again, and the wake-up could get UI_BUTTON_PRESSED's number (every
    button press would then be taken for a wake-up and lost)."""
    global _WAKE
    if _WAKE is None:
        taken = {v for k, v in vars(pygame_gui).items() if k.startswith("UI_") and isinstance(v, int)}
        _WAKE = pygame.event.custom_type()
        while _WAKE in taken:
            _WAKE = pygame.event.custom_type()
    return _WAKE


def load_theme() -> dict:
    """The pygame_gui theme from big2/assets/theme.json, with the shipped font paths filled in."""
    with open(assets.asset("theme.json"), encoding="utf-8") as fh:
        theme = json.load(fh)
    # the menus' font follows the language (DejaVu, or a CJK subset for Chinese); each
    # family has its own name, as pygame_gui keeps the fonts it loaded by name
    family = i18n.current().language.fonts
    regular, bold = assets.font_files(family)
    name = "dejavu" if family == "latin" else f"big2_{family}"
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and font.get("name") == "dejavu":
            font.update(name=name, regular_path=str(regular), bold_path=str(bold))
    # "#font_<family>": a button in one family's font whatever the language (the language
    # picker writes each language's name in its own script)
    for fam in assets.FONT_FAMILIES:
        regular, bold = assets.font_files(fam)
        theme[f"#font_{fam}"] = {"font": {"name": "dejavu" if fam == "latin" else f"big2_{fam}", "size": "17", "bold": "1",
                                          "regular_path": str(regular), "bold_path": str(bold)}}
    theme["@current"] = {"colours": dict(theme.get("#primary", {}).get("colours", {}))}  # the choice in force
    return theme


class App:
    """One window, one UI manager, a stack of scenes."""

    def __init__(self, *, size: tuple[int, int] = (1280, 720), settings: AppSettings | None = None) -> None:
        self.settings = settings or AppSettings()
        self.size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.stack: list[Scene] = []
        self.running = False
        self.dirty = True
        self._settle = 0  # frames still to draw after input so hover states settle
        #: When to hand freed memory back once the window has stopped changing size.
        self._release_at: float | None = None
        self._acc = 0.0
        self._last = 0.0
        self.frames = 0
        #: Called with the seconds of work each drawn frame took (the benchmark listens).
        self.on_frame: Callable[[float], None] | None = None
        self.opened_at = 0.0
        self.first_frame_at: float | None = None
        self.fullscreen = False
        self._windowed_size = self.size
        self.exit_code = 0
        self.last_present = 0.0
        #: Computers think in a worker process (False: a thread, as tests do).
        self.ai_in_process = True
        #: Game time per real second; tests and demos speed the table up with it.
        self.time_scale = 1.0
        #: An exception escaping a frame goes to the crash guard (False: it is raised,
        #: as the app tests want).
        self.guard_crashes = True
        #: Card faces drawn ahead of need, a little each frame (see cardart.Warmer).
        self.warmer = cardart.Warmer()
        #: The UI scale (1.0 at 1280 × 720): scenes size fonts, buttons and panels by it.
        self.ui_scale = ui_scale(self.size)
        #: The next screen coming in (a fade and a rise; see ui/transition.py).
        self.transition = Transition()
        #: Called when the app closes, before the window goes (a hosted game's server stops).
        self.at_close: list[Callable[[], None]] = []

    # Setup and teardown ------------------------------------------------------------------

    def open(self) -> None:
        self.opened_at = time.perf_counter()
        assets.clear_caches()
        sound.init_mixer()
        # Every frame is drawn in software. On X11, SDL's default presents it through an
        # OpenGL texture and waits on the GL driver (4-6 ms a present under Xvfb, even for
        # a 1-pixel update); X's shared-memory framebuffer presents it in well under 1 ms.
        if sys.platform.startswith("linux"):
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        # only the subsystems we use: with the joystick one SDL polls while waiting
        pygame.display.init()
        pygame.font.init()
        # the title and icon before the window opens, so it never shows "pygame window"
        pygame.display.set_caption(TITLE)
        self._set_icon()
        self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        self._set_minimum_size()
        self._theme = load_theme()
        self.ui_scale = ui_scale(self.size)
        self.manager = UIManager(self.size, scaled_theme(self._theme, self.ui_scale), enable_live_theme_updates=False)
        fonts = assets.asset("fonts")
        self.manager.add_font_paths(
            "dejavu", str(fonts / assets.REGULAR), str(fonts / assets.BOLD)
        )
        self.sounds = sound.Sounds(volume=self.settings.volume, muted=self.settings.muted)
        wake_event_type()
        self._clock = pygame.time.Clock()
        self._last = time.perf_counter()

    @staticmethod
    def _set_icon() -> None:
        """The window's icon: big2/assets/icon/big2.png (the one icon every build ships)."""
        try:
            img = pygame.image.load(str(assets.asset("icon", "big2.png")))
            if img.get_width() > ICON_PX:  # X11 refuses an icon bigger than one request
                img = pygame.transform.smoothscale(img, (ICON_PX, ICON_PX))
            pygame.display.set_icon(img)
        except (pygame.error, FileNotFoundError, OSError, ValueError) as exc:
            log.warning("no window icon: %s", exc)

    def close(self) -> None:
        while self.stack:
            self.stack.pop().leave()
        while self.at_close:
            try:
                self.at_close.pop()()
            except Exception:  # one failing does not keep the others from closing
                log.exception("closing")
        cardart.set_high_contrast(False)
        cardart.set_deck("standard")
        assets.clear_caches()
        from .ui import text

        text.clear_cache()
        sound.quiesce()  # never close the audio device as a sound ends: a hang
        pygame.quit()

    # The scene stack ---------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def scene(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """``scene`` itself, or a new scene made from its name (see :mod:`.router`)."""
        if isinstance(scene, str):
            return router.make(self, scene, *args, **kwargs)
        return scene

    def push(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """Show ``scene`` (or the scene called that, made with ``args``) over the top one."""
        scene = self.scene(scene, *args, **kwargs)
        if self.stack:
            self.stack[-1].cover()
        self._coming_in(scene)
        self.stack.append(scene)
        scene.enter()
        self.dirty = True
        return scene

    def _coming_in(self, new: Scene | None) -> None:
        """The top screen changes to ``new`` (None: the one under the top): the next
        frames fade it in over the picture on the window now, rising into place (160 ms
        at the normal speed, scaled by the animation speed; none when animations are off;
        with reduced motion at most 80 ms and no rise). Only between menu screens (both
        ``fades``): never to, from or over the table."""
        if not self.running or self.frames == 0 or not hasattr(self, "screen"):
            return
        old = self.top
        if new is None:
            new = self.stack[-2] if len(self.stack) > 1 else None
        if old is None or new is None or not (old.fades and new.fades):
            self.transition.stop()
            return
        s = self.settings
        duration = transition.SECONDS * s.anim_scale
        rise = 0 if s.motion_cap is not None else max(1, round(transition.RISE_PX * self.ui_scale))
        if s.motion_cap is not None:
            duration = min(duration, s.motion_cap)
        self.transition.begin(self.screen, duration, rise)

    def pop(self) -> Scene:
        """Close the top screen and uncover the one under it. The last screen is never
        left alone to close: a window with no screen would draw its last picture and
        ignore every click and key, so the title opens instead."""
        self._coming_in(None)
        scene = self.stack.pop()
        scene.leave()
        self._release_soon()
        if self.stack:
            self.stack[-1].uncover()
        elif scene.name != "title":
            self.push("title")
        self.dirty = True
        return scene

    def replace(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """Swap the top scene for ``scene`` (or the scene called that)."""
        scene = self.scene(scene, *args, **kwargs)
        self._coming_in(scene)
        if self.stack:
            self.stack.pop().leave()
            self._release_soon()
        self.stack.append(scene)
        scene.enter()
        self.dirty = True
        return scene

    def reset_to(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """Clear the stack and show ``scene`` (or the scene called that)."""
        while self.stack:
            self.stack.pop().leave()
            self._release_soon()
        return self.push(scene, *args, **kwargs)

    def _release_soon(self) -> None:
        """A screen closed: once the next one is drawn, hand the memory the closed one
        used back to the system (the C allocator keeps freed pixels otherwise)."""
        if self._release_at is None:
            self._release_at = time.perf_counter() + RELEASE_AFTER

    def goto(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Leave every screen and open the one called ``name`` (``app.goto("title")``)."""
        return self.reset_to(name, *args, **kwargs)

    def find(self, kind: type | str) -> Scene | None:
        """The highest scene of class ``kind``, or whose ``name`` is ``kind``."""
        for s in reversed(self.stack):
            if (s.name == kind) if isinstance(kind, str) else isinstance(s, kind):
                return s
        return None

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    # The loop ----------------------------------------------------------------------------

    def animating(self) -> bool:
        return any(s.animating() for s in self.stack[-1:]) or self._settle > 0 or self.transition.active

    def _wait_ms(self) -> int:
        due = self.top.next_deadline() if self.top else None
        if self.warmer.queue:  # wake each step to draw a few more faces ahead
            due = STEP if due is None else min(due, STEP)
        if self._release_at is not None:
            wait = max(0.0, self._release_at - time.perf_counter())
            due = wait if due is None else min(due, wait)
        if due is None:
            return IDLE_WAIT_MS
        return max(1, min(IDLE_WAIT_MS, int(due * 1000) + 1))

    @staticmethod
    def _wait_for_events(timeout: float) -> list[pygame.event.Event]:
        """Sleep until input arrives or ``timeout`` seconds pass.

        pygame's own ``event.wait`` spins in 1 ms steps (about 2% of a core here);
        polling every 1/60 s costs a tenth of that and adds at most a frame of latency.
        """
        end = time.perf_counter() + timeout
        while True:
            events = pygame.event.get()
            if events:
                return events
            left = end - time.perf_counter()
            if left <= 0:
                return []
            time.sleep(min(IDLE_POLL, left))

    def frame(self, *, block: bool = True) -> None:
        """One turn of the loop; an exception escaping it is the crash guard's
        (:mod:`big2.app.crashguard`): report, save, back to the title."""
        try:
            self._frame(block=block)
        except Exception as exc:
            if not self.guard_crashes:
                raise
            from . import crashguard

            crashguard.recover(self, exc)

    def _frame(self, *, block: bool = True) -> None:
        """One turn of the loop: gather events (waiting if idle), update, maybe draw."""
        busy = self.animating() or self.dirty
        if block and not busy:
            events = self._wait_for_events(self._wait_ms() / 1000)
        else:
            events = pygame.event.get()
        t0 = time.perf_counter()
        #: When this turn of the loop began (parts that spread work over frames read it).
        self.frame_started = t0
        # a stall (a slow frame, a scene being built) is not caught up in one go: that
        # would make the next frame slower still
        dt = min(t0 - self._last, MAX_CATCH_UP) * self.time_scale
        self._last = t0
        for event in events:
            self.dispatch(event)
        if not self.running:
            return
        self._acc += dt
        steps = 0
        while self._acc >= STEP and steps < 160:
            if self.top:
                self.top.update(STEP)
            self._acc -= STEP
            steps += 1
        if self.warmer.queue:
            self.warmer.four_colour = self.settings.four_colour
            if self.warmer.step(WARM_BUDGET):
                self.dirty = True  # the real faces replace the stand-ins
        elif self._release_at is not None and t0 >= self._release_at:
            self._release_at = None  # the resize has settled and its faces are drawn
            memory.forget_unused()
            memory.release_freed()
        self.manager.update(dt)
        if events and any(e.type != wake_event_type() for e in events):
            self._settle = max(self._settle, 2)
        if self.dirty or self.animating():
            # always ask, so the scene's record of what it drew stays current
            rects = self.top.dirty_rects() if self.top is not None else None
            if self.dirty or self._settle > 0:
                rects = None
            self.draw(rects)
            self.dirty = False
            if self._settle > 0:
                self._settle -= 1
            work = time.perf_counter() - t0
            if self.on_frame is not None:
                self.on_frame(work)
            if block and self.animating():
                self._clock.tick(FPS)

    def draw(self, rects: list[pygame.Rect] | None = None) -> None:
        """Draw every visible scene; present all of it, or only ``rects``."""
        if cardart.set_high_contrast(self.settings.high_contrast):
            rects = None  # every card changed
        if cardart.set_deck(self.settings.deck_style):  # the theme changed its deck
            rects = None
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        for scene in self.stack[start:]:
            scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        if self.stack:
            self.stack[-1].draw_overlay(self.screen)
        if self.transition.active:
            self.transition.apply(self.screen)
            rects = None
        t = time.perf_counter()
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)
        #: Seconds the last present (flip or update) took: the window system's share.
        self.last_present = time.perf_counter() - t
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type == wake_event_type():
            self.dirty = True
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.resize(pygame.display.get_surface().get_size())
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        top = self.top
        if event.type == pygame.MOUSEBUTTONDOWN and top is not None:
            top.focus.handle(event)  # a click hides the keyboard's focus ring
        if self.manager.process_events(event):
            self.dirty = True
            return
        if top is not None and top.focus.handle(event):
            self.dirty = True
            return
        for scene in reversed(self.stack):
            if scene.handle(event):
                self.dirty = True
                return
            if scene.modal:
                return

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
        if (w, h) != tuple(size):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            pygame.display.set_caption(TITLE)
        self.screen = pygame.display.get_surface()
        if (w, h) == self.size:
            self.dirty = True
            return
        self.size = (w, h)
        self.manager.set_window_resolution(self.size)
        scale = ui_scale(self.size)
        if scale != self.ui_scale:  # fonts and corners follow; the scenes rebuild below
            self.ui_scale = scale
            memory.fresh_ui_caches(self.manager)
            self.manager.get_theme().load_theme(scaled_theme(self._theme, scale))
        for scene in self.stack:
            scene.resize(self.size)
        # the old size's images are gone: hand their pages back now, and again once the
        # new size's are drawn (those evicted more of the old ones from the caches)
        memory.release_freed()
        memory.mark_caches()
        self._release_at = time.perf_counter() + RELEASE_AFTER
        self.dirty = True

    @property
    def resize_settled(self) -> bool:
        """Whether the last resize's memory has been handed back (see memory.py)."""
        return self._release_at is None

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen at the desktop's size and back; the layout follows."""
        if not self.fullscreen:
            self._windowed_size = self.size
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
            self._set_minimum_size()
        pygame.display.set_caption(TITLE)
        self.fullscreen = not self.fullscreen
        self.resize(pygame.display.get_surface().get_size())

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window (the Settings screen); in fullscreen, the size to go back to."""
        w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
        if self.fullscreen:
            self._windowed_size = (w, h)
            return
        try:  # the same window, made larger or smaller (set_mode would open a new one)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().size = (w, h)
        except (AttributeError, pygame.error):  # pragma: no cover - older pygame-ce
            pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self._set_minimum_size()
            pygame.display.set_caption(TITLE)
        self.resize(pygame.display.get_surface().get_size())

    @staticmethod
    def _set_minimum_size() -> None:
        try:
            with warnings.catch_warnings():
                # only used to set the minimum size; drawing stays with the display module
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):  # pragma: no cover - older pygame-ce
            pass

    def run(self, first: Scene | None = None) -> int:
        """Run until the window closes; returns the exit code."""
        self._clock = pygame.time.Clock()
        if first is not None:
            self.push(first)
        self.running = True
        while self.running:
            self.frame()
        return self.exit_code

    def run_until(self, done: Callable[[], bool], *, timeout: float = 30.0) -> bool:
        """Run frames without blocking until ``done()`` or ``timeout`` seconds (tests)."""
        self._clock = getattr(self, "_clock", pygame.time.Clock())
        self.running = True
        end = time.perf_counter() + timeout
        while self.running and not done():
            if time.perf_counter() > end:
                return False
            self.frame(block=False)
            time.sleep(0.001)
        return done()

    def post_wake(self) -> None:
        """Wake the loop from another thread."""
        try:
            pygame.event.post(pygame.event.Event(wake_event_type()))
        except pygame.error:  # the display is gone: nothing to wake
            pass
