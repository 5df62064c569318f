"""``big2.net`` and ``big2 serve`` never import pygame, and big2.net points only down the
layers of DESIGN.md (engine, ai, room, persistence, i18n) and to its own libraries."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import big2

NET = Path(big2.__file__).parent / "net"
ALLOWED_BIG2 = {"engine", "ai", "room", "persistence", "i18n", "net", "cliargs"}
ALLOWED_THIRD_PARTY = {"websockets", "redis", "zeroconf", "ifaddr"}
DEV_ONLY = {"fuzz.py": {"hypothesis"}}


def test_every_net_module_and_big2_serve_import_without_pygame() -> None:
    code = (
        "import sys; sys.modules['pygame'] = None; sys.modules['pygame_gui'] = None\n"
        "import importlib, pkgutil, big2.net\n"
        "for mod in pkgutil.walk_packages(big2.net.__path__, 'big2.net.'):\n"
        "    importlib.import_module(mod.name)\n"
        "from big2.__main__ import main\n"
        "try:\n"
        "    main(['serve', '--help'])\n"
        "except SystemExit as exc:\n"
        "    assert exc.code == 0\n"
        "assert not any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules if sys.modules[m] is not None)\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("ok") and "--redis" in out.stdout


def test_big2_net_imports_only_what_its_layer_may() -> None:
    stdlib = set(sys.stdlib_module_names)
    for path in NET.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level == 1:
                    continue  # big2.net itself
                if node.level == 2:
                    names = ["big2." + node.module] if node.module else ["big2." + a.name for a in node.names]
                else:
                    names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top == "big2":
                    assert name.split(".")[1] in ALLOWED_BIG2, f"{path.name} imports {name}"
                else:
                    allowed = stdlib | ALLOWED_THIRD_PARTY | DEV_ONLY.get(path.name, set())
                    assert top in allowed, f"{path.name} imports {name}"
