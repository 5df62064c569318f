"""Test modules in folders without ``__init__.py`` are imported by basename.

pytest's default import mode puts such a folder on ``sys.path`` and imports the
file by its bare name, so two of them called ``test_x.py`` collide and the whole
run stops at collection ("import file mismatch"). Running the suite in halves
hides that; this test does not.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _top_level_name(path: Path) -> str:
    """The module name pytest gives ``path``: dotted through every package above it."""
    parts = [path.stem]
    folder = path.parent
    while (folder / "__init__.py").exists():
        parts.append(folder.name)
        folder = folder.parent
    return ".".join(reversed(parts))


def test_no_two_test_modules_share_an_import_name():
    by_name: dict[str, list[Path]] = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        if path.name.startswith("test_"):
            by_name[_top_level_name(path)].append(path.relative_to(TESTS))
    clashes = {name: paths for name, paths in by_name.items() if len(paths) > 1}
    assert not clashes, f"test modules that would be imported under one name: {clashes}"
