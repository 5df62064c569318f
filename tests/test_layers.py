"""The dependency direction of DESIGN.md: only big2.app may import pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import big2

PACKAGE = Path(big2.__file__).parent
ALLOWED = {
    "engine": set(),
    "ai": {"engine"},
    "persistence": {"engine"},
    "i18n": {"engine"},
    # the room: a game as a service between the engine and the app (no pygame, no I/O)
    "room": {"engine", "ai", "i18n"},
}


def test_core_layers_import_without_pygame() -> None:
    code = (
        "import sys; sys.modules['pygame'] = None; sys.modules['pygame_gui'] = None\n"
        "import pkgutil, importlib, big2\n"
        "for layer in ('engine', 'ai', 'persistence', 'i18n', 'room'):\n"
        "    pkg = importlib.import_module('big2.' + layer)\n"
        "    for mod in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(mod.name)\n"
        "import big2.simulate, big2.__main__\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = path.relative_to(PACKAGE).parts[:-1]
                base = parts[: len(parts) - node.level + 1]
                mod = ".".join(("big2", *base, node.module or ""))
                names.add(mod.rstrip("."))
            elif node.module:
                names.add(node.module)
    return names


def test_layers_only_point_down() -> None:
    stdlib = set(sys.stdlib_module_names)
    for layer, allowed in ALLOWED.items():
        for path in (PACKAGE / layer).rglob("*.py"):
            for name in _imports(path):
                top = name.split(".")[0]
                if top == "big2":
                    sub = name.split(".")[1] if "." in name else ""
                    assert sub in allowed | {layer}, f"{path.name} imports {name}"
                elif layer == "engine":
                    assert top in stdlib, f"the engine must use the standard library only: {path.name} imports {name}"
                else:
                    # numpy only for the learned opponents' inference (big2.ai.learned).
                    extra = {"numpy"} if layer == "ai" else set()
                    extra |= {"platformdirs"} if layer != "room" else set()
                    assert top in stdlib | extra, f"{path.name} imports {name}"
