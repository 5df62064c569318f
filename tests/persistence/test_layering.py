"""The persistence layer imports no pygame and does nothing when imported."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import big2.persistence

PACKAGE_DIR = Path(big2.persistence.__file__).parent
ALLOWED_THIRD_PARTY = {"platformdirs"}


def _modules() -> list[str]:
    return sorted(f"big2.persistence.{p.stem}" for p in PACKAGE_DIR.glob("*.py")
                  if p.stem != "__init__")


def test_imports_without_pygame_and_touches_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    code = (
        "import sys\n"
        "sys.modules['pygame'] = None\n"
        "sys.modules['pygame_gui'] = None\n"
        "import importlib\n"
        f"for name in {_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')\n"
        "       and sys.modules[m] is not None]\n"
        "assert not bad, bad\n"
        "print('ok')\n"
    )
    env = dict(os.environ, BIG2_HOME=str(home))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
    assert not home.exists(), "importing big2.persistence created files"


def test_every_import_is_stdlib_platformdirs_or_engine() -> None:
    offenders = []
    for source in PACKAGE_DIR.glob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                ok = (top in sys.stdlib_module_names or top in ALLOWED_THIRD_PARTY
                      or name == "big2.engine" or name.startswith("big2.engine.")
                      or name.startswith("big2.persistence"))
                if not ok:
                    offenders.append(f"{source.name}: {name}")
    assert offenders == []
