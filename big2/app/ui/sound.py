"""Sound effects: loaded from big2/assets/sounds, with volume and mute; silent without a device.

:func:`init_mixer` must run before ``pygame.init()`` (it calls ``pre_init``); when no
audio device can be opened every play call is a no-op and the game runs silent.
"""

from __future__ import annotations

import logging
from collections import Counter

import pygame

from .assets import asset
from .synth import SOUNDS

log = logging.getLogger(__name__)


def init_mixer() -> None:
    try:
        pygame.mixer.pre_init(22050, -16, 1, 512)
    except pygame.error:  # pragma: no cover - pre_init only records values
        pass


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
                pygame.mixer.init()
            for name in SOUNDS:
                path = asset("sounds", f"{name}.wav")
                if path.exists():
                    self._sounds[name] = pygame.mixer.Sound(str(path))
            self.available = bool(self._sounds)
        except (pygame.error, OSError) as exc:
            log.info("sound off: %s", exc)
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
