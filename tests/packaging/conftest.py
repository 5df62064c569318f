"""Load the packaging helpers (packaging/ is a folder of scripts, not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"


def load(name: str, path: Path) -> ModuleType:
    """Import a script from packaging/ once; ``buildinfo`` keeps its own name because
    build.py and make_tarball.py import it as such, the others get a private one."""
    key = name if name == "buildinfo" else f"_big2_packaging_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def buildinfo() -> ModuleType:
    return load("buildinfo", PACKAGING / "buildinfo.py")
