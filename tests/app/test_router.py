"""Scenes navigate by name through the app, so no scene module imports another."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
from helpers import click_button, key

import big2.app.scenes as scenes_pkg
from big2.app import router
from big2.app.scenes.base import Scene

SCENES_DIR = Path(scenes_pkg.__file__).parent
#: Modules every scene may use: the Scene base class and shared drawing.
HELPERS = {"base", "common"}


def _defines_scene(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id.endswith("Scene") for b in node.bases)
        for node in tree.body
    )


def _runtime_nodes(tree: ast.AST):
    """Every node except those under ``if TYPE_CHECKING:`` (type hints import nothing)."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
            continue
        yield child
        yield from _runtime_nodes(child)


def _scene_imports(path: Path) -> set[str]:
    """The modules of big2.app.scenes that ``path`` imports when it runs (anywhere in it)."""
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:  # from .x import y / from . import x
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(a.name for a in node.names)
            elif node.module and node.module.startswith("big2.app.scenes."):
                found.add(node.module.split(".")[3])
            elif node.module == "big2.app.scenes":
                found.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("big2.app.scenes."):
                    found.add(a.name.split(".")[3])
    return found


def test_no_scene_module_imports_another_scene_module():
    modules = {p.stem: p for p in SCENES_DIR.glob("*.py") if p.stem != "__init__"}
    scene_modules = {name for name, p in modules.items() if _defines_scene(ast.parse(p.read_text(encoding="utf-8")))}
    # the detector sees the screens (else the check below would pass vacuously)
    assert {"title", "table", "pause", "results", "newgame", "privacy", "confirm"} <= scene_modules
    offences = []
    for name, path in sorted(modules.items()):
        for other in sorted(_scene_imports(path) - HELPERS - {name}):
            if other in scene_modules:
                offences.append(f"{name}.py imports the scene module {other}")
    assert not offences, "; ".join(offences) + " (open scenes by name: app.push('name', ...))"


def test_every_registered_name_opens_its_scene():
    for name in router.SCENES:
        cls = router.scene_class(name)
        assert issubclass(cls, Scene)
        assert cls.name == name or name == "resumed_table", (name, cls.name)


def test_a_registered_scene_is_opened_by_name(make_app):
    app = make_app()

    class Probe(Scene):
        name = "probe"

        def __init__(self, app, word, *, loud=False):
            super().__init__(app)
            self.word, self.loud = word, loud

    router.register("probe", Probe)
    try:
        title = app.push("title")
        probe = app.push("probe", "hello", loud=True)
        assert app.stack == [title, probe] and (probe.word, probe.loud) == ("hello", True)
        assert title.covered and app.find("probe") is probe and app.find("title") is title
        back = app.goto("title")
        assert app.stack == [back] and back is not title
    finally:
        router.SCENES.pop("probe", None)
        router._classes.pop("probe", None)


def test_title_buttons_and_table_keys_open_scenes_by_name(make_app):
    """Real clicks and keys through the router: Rules from the title, then a game,
    its pause menu (Esc) and back to the title."""
    app = make_app()
    title = app.push("title")
    app.draw()
    click_button(app, title.b_rules)
    assert app.top.name == "rules"
    key(app, pygame.K_ESCAPE)
    assert app.top is title
    click_button(app, title.b_quick)
    assert app.top.name == "table"
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"
    click_button(app, app.top.b_quit)
    assert app.top.name == "confirm"  # leaving a game asks first
    click_button(app, app.top.b_yes)
    assert [s.name for s in app.stack] == ["title"]
