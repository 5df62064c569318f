"""About: opened from the title with a real click, it shows the version and the player's
folders, and its buttons ask the file manager to show them — or say why they could not."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pygame
import pytest
from helpers import click_button, key, pump

from big2.app.storage import folders
from big2.persistence import AppPaths
from big2.version import version


class FakeLauncher:
    """Stands in for subprocess.Popen: records the command, exits with ``code``."""

    def __init__(self, code: int = 0, missing: bool = False) -> None:
        self.code, self.missing = code, missing
        self.commands: list[list[str]] = []

    def __call__(self, command, **kwargs):
        if self.missing:
            raise FileNotFoundError(2, "No such file or directory", command[0])
        self.commands.append(list(command))
        outer = self

        class Proc:
            def wait(self, timeout=None):
                return outer.code

        return Proc()


@pytest.fixture
def launcher(monkeypatch):
    """Every platform takes the xdg-open path here, so the test runs the same anywhere."""
    monkeypatch.setattr(folders, "launcher_command", lambda path, platform=None: ["xdg-open", str(path)])

    def use(fake: FakeLauncher) -> FakeLauncher:
        monkeypatch.setattr(subprocess, "Popen", fake)
        return fake

    return use


def open_about(app):
    title = app.push("title")
    app.draw()
    click_button(app, title.b_about)
    assert app.top.name == "about"
    app.draw()
    return app.top


def wait_for_outcome(app, about) -> None:
    for _ in range(50):
        pump(app, 1)
        if about.opening is None:
            return
        if about.opening.done.wait(0.05):
            pump(app, 1)
            return
    raise AssertionError("the folder request never finished")


def test_about_shows_the_version_and_this_game_s_folders(make_app, tmp_path: Path) -> None:
    app = make_app()
    about = open_about(app)
    paths = AppPaths.from_environment()
    assert paths.config_dir.is_relative_to(tmp_path)  # BIG2_HOME from the test fixture
    shown = {what: path for what, path, _folder in about.rows}
    assert shown == {"Settings": paths.settings_file, "Saved games": paths.saves_dir,
                     "Score history": paths.history_db, "Logs": paths.log_dir}
    assert version() and version() != "unknown"
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "title"


def test_open_folder_button_asks_the_file_manager_for_that_folder(make_app, launcher) -> None:
    fake = launcher(FakeLauncher(code=0))
    app = make_app()
    about = open_about(app)
    saves = AppPaths.from_environment().saves_dir
    click_button(app, about.b_open["Saved games"])
    wait_for_outcome(app, about)
    assert fake.commands == [["xdg-open", str(saves)]]
    assert saves.is_dir()  # made first, so there is something to show
    assert about.message.startswith("Showing ") and not about.message_bad
    app.draw()
    click_button(app, about.b_back)
    assert app.top.name == "title"


def test_a_missing_launcher_is_a_sentence_naming_the_folder(make_app, launcher) -> None:
    launcher(FakeLauncher(missing=True))
    app = make_app()
    about = open_about(app)
    click_button(app, about.b_open["Logs"])
    logs = AppPaths.from_environment().log_dir
    assert about.message_bad
    assert about.message == f"The folder could not be opened (xdg-open is not installed). It is {logs}"
    app.draw()  # the sentence is drawn; the window goes on
    assert app.top is about and app.running


def test_a_launcher_that_fails_later_is_reported_too(make_app, launcher) -> None:
    launcher(FakeLauncher(code=4))
    app = make_app()
    about = open_about(app)
    click_button(app, about.b_open["Settings"])
    wait_for_outcome(app, about)
    assert about.message_bad and "exit status 4" in about.message
    assert str(AppPaths.from_environment().config_dir) in about.message


def test_windows_uses_startfile_and_reports_its_error(tmp_path: Path) -> None:
    seen: list[str] = []
    opening = folders.open_folder(tmp_path / "a", platform="win32", startfile=seen.append)
    assert seen == [str(tmp_path / "a")] and opening.done.is_set() and not opening.problem

    def refuse(path: str) -> None:
        raise OSError(5, "Access is denied")

    opening = folders.open_folder(tmp_path / "b", platform="win32", startfile=refuse)
    assert opening.problem == f"The folder could not be opened (Access is denied). It is {tmp_path / 'b'}"


def test_a_folder_that_cannot_be_made_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    opening = folders.open_folder(blocker / "inside", popen=FakeLauncher())
    assert opening.problem.startswith("The folder could not be opened (it cannot be made")


def test_launcher_per_platform(tmp_path: Path) -> None:
    assert folders.launcher_command(tmp_path, "linux") == ["xdg-open", str(tmp_path)]
    assert folders.launcher_command(tmp_path, "darwin") == ["open", str(tmp_path)]
    assert folders.launcher_command(tmp_path, "win32") is None


def test_long_paths_are_shortened_in_the_middle(make_app) -> None:
    make_app()  # fonts need pygame
    from big2.app.ui import assets
    from big2.app.screens.about import elide

    long = "/home/someone/" + "very-long-folder-name/" * 8 + "saves"
    short = elide(long, 16, 300)
    assert "…" in short and short.startswith("/home") and short.endswith("saves")
    assert assets.font(16).size(short)[0] <= 300
    assert elide("/tmp/x", 16, 300) == "/tmp/x"
