"""Big2: Big Two (Cho Dai Di, Pusoy Dos) for the desktop.

``big2.__version__`` is the version from ``pyproject.toml`` (see :mod:`big2.version`).
"""

from __future__ import annotations


def __getattr__(name: str) -> str:
    if name == "__version__":
        from .version import version

        return version()
    raise AttributeError(f"module 'big2' has no attribute {name!r}")
