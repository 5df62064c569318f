"""Closing the app while a sound plays: pygame's mixer takes the interpreter lock on
SDL's audio thread as a sound ends, and ``pygame.quit()`` closes the audio device
holding that lock while it waits for the thread. A sound ending just then hung the app
on exit for good (a whole test run stopped in ``App.close``). The app now lets the
sounds end, waiting without the lock, before it quits pygame."""

from __future__ import annotations

import pygame


def test_the_app_quits_pygame_only_once_no_sound_plays(make_app, monkeypatch):
    app = make_app()
    assert app.sounds.available  # (the dummy audio driver plays, in real time)
    app.sounds.set_volume(0.5, muted=False)
    busy_at_quit: list[bool] = []
    real_quit = pygame.quit

    def quit_and_look() -> None:
        busy_at_quit.append(bool(pygame.mixer.get_init()) and pygame.mixer.get_busy())
        real_quit()

    monkeypatch.setattr(pygame, "quit", quit_and_look)
    for name in ("deal", "pass", "last_card"):
        app.sounds.play(name)
    assert pygame.mixer.get_busy()  # still playing as the player closes the window
    app.close()
    assert busy_at_quit == [False]
