"""Scenes navigate by name through the app, so no scene module imports another."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
from helpers import click_button, key

import big2.app as app_pkg
from big2.app import router
from big2.app.ui.scene import Scene

APP_DIR = Path(app_pkg.__file__).parent
#: The folders whose modules are screens (or the table's parts): none imports another's scene.
SCENE_DIRS = ("screens", "table", "guide", "online")
#: Modules every scene may use: the Scene base class and shared drawing.
HELPERS = {"big2.app.ui.scene", "big2.app.screens.common", "big2.app.screens.backdrop"}


def _scene_classes(tree: ast.Module) -> dict[str, set[str]]:
    """The Scene classes ``tree`` defines, each with the names of its bases."""
    return {
        node.name: {b.id for b in node.bases if isinstance(b, ast.Name)}
        for node in tree.body
        if isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id.endswith("Scene") for b in node.bases)
    }


def _runtime_nodes(tree: ast.AST):
    """Every node except those under ``if TYPE_CHECKING:`` (type hints import nothing)."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
            continue
        yield child
        yield from _runtime_nodes(child)


def _app_imports(module: str, path: Path) -> set[str]:
    """The big2.app modules ``path`` (module ``module``) imports when it runs (anywhere in it)."""
    found: set[str] = set()
    here = module.split(".")[:-1]
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(here[: len(here) - node.level + 1] + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)  # from pkg import submodule
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {name for name in found if name.startswith("big2.app.")}


def test_no_scene_module_imports_another_scene_module():
    modules = {
        f"big2.app.{folder}.{p.stem}": p
        for folder in SCENE_DIRS for p in (APP_DIR / folder).glob("*.py") if p.stem != "__init__"
    }
    trees = {name: ast.parse(p.read_text(encoding="utf-8")) for name, p in modules.items()}
    classes = {name: _scene_classes(tree) for name, tree in trees.items()}
    scene_modules = {name for name, found in classes.items() if found}
    # the detector sees the screens (else the check below would pass vacuously)
    assert {f"big2.app.screens.{m}" for m in ("title", "pause", "results", "newgame", "privacy", "confirm")} | {
        "big2.app.table.scene"} <= scene_modules
    offences = []
    for name, path in sorted(modules.items()):
        bases = set().union(*classes[name].values()) if classes[name] else set()
        for other in sorted(_app_imports(name, path) - HELPERS - {name}):
            if other in scene_modules and not bases & set(classes[other]):  # extending a scene is no navigation
                offences.append(f"{name} imports the scene module {other}")
    assert not offences, "; ".join(offences) + " (open scenes by name: app.push('name', ...))"


def test_every_registered_name_opens_its_scene(make_app):
    for name in router.SCENES:
        cls = router.scene_class(name)
        if name in router.FACTORIES:  # a function that makes the scene (a room, then its table)
            app = make_app()
            scene = app.push(name)
            assert isinstance(scene, Scene) and scene.name == name, (name, scene)
            app.close()
            continue
        assert issubclass(cls, Scene)
        assert cls.name == name, (name, cls.name)


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
