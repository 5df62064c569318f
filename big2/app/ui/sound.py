"""Sound effects: loaded from big2/assets/sounds, with volume and mute; silent without a device.

:func:`init_mixer` must run before ``pygame.init()`` (it calls ``pre_init``); when no
audio device can be opened every play call is a no-op and the game runs silent, after
one line on stderr saying so. SDL's probing of the audio drivers is done with the
process's stderr pointed elsewhere (:func:`quiet_stderr`): on Linux without a sound card
libasound writes eight "ALSA lib …" lines of its own from C, which would greet a player
starting the game from a terminal.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator

import pygame

from .assets import asset
from .synth import SOUNDS

log = logging.getLogger(__name__)


def init_mixer() -> None:
    try:
        pygame.mixer.pre_init(22050, -16, 1, 512)
    except pygame.error:  # pragma: no cover - pre_init only records values
        pass


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Point file descriptor 2 away while the block runs, then back: what C libraries
    write there meanwhile (libasound's probing) is dropped. Python's own ``sys.stderr``
    is flushed first so nothing written before is lost. Where descriptor 2 cannot be
    copied (a windowed build with no console) the block runs as it is."""
    if os.name != "posix":
        yield
        return
    try:
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # no stderr, or a closed one
        pass
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with tempfile.TemporaryFile() as sink:  # a file, never a pipe that could fill and block
            os.dup2(sink.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


def quiesce(timeout: float = 1.0) -> None:
    """Let the sounds still playing end before ``pygame.quit()``, waiting with the
    interpreter lock released. pygame's mixer takes that lock on SDL's audio thread as a
    sound ends (to let go of it), and ``pygame.quit()`` closes the audio device holding
    the lock while it waits for that thread: a sound ending just then hung the app on
    exit for good (seen in a test run). With nothing playing, the audio thread takes
    nothing. A sound longer than ``timeout`` is stopped."""
    if not pygame.mixer.get_init():
        return
    end = time.monotonic() + timeout
    busy = False
    while pygame.mixer.get_busy() and time.monotonic() < end:
        busy = True
        time.sleep(0.01)  # sleeping releases the lock: the ending sounds' callbacks run
    if pygame.mixer.get_busy():
        pygame.mixer.stop()
    time.sleep(0.02 if busy else 0.002)  # a channel's end callback may be on its way


class Sounds:
    """The game's sounds. ``available`` is False when there is no audio device."""

    def __init__(self, *, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.available = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # the last names played, newest last (for debugging)
        self.counts: Counter[str] = Counter()  # how often each sound was asked for
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init()
            for name in SOUNDS:
                path = asset("sounds", f"{name}.wav")
                if path.exists():
                    self._sounds[name] = pygame.mixer.Sound(str(path))
            self.available = bool(self._sounds)
        except (pygame.error, OSError) as exc:
            # one line: in the log file, or on stderr where no log is kept
            log.warning("No sound device could be opened (%s); the game plays without sound.", exc)
            self._sounds.clear()

    def set_volume(self, volume: float, *, muted: bool | None = None) -> None:
        self.volume = max(0.0, min(1.0, volume))
        if muted is not None:
            self.muted = muted

    def play(self, name: str) -> None:
        self.played.append(name)
        self.counts[name] += 1
        del self.played[:-20]
        if self.muted or self.volume <= 0 or not self.available:
            return
        snd = self._sounds.get(name)
        if snd is None:
            return
        try:
            snd.set_volume(self.volume)
            snd.play()
        except pygame.error:  # device vanished mid-game: go silent
            self.available = False
