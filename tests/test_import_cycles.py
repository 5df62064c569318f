"""No import cycle anywhere in big2: a module never reaches back to one that imports it.

The graph is built from the source with :mod:`ast`: an arrow from a module to every big2
module it imports, relative imports resolved. Imports inside functions count (a lazy
import is still an arrow), and so do imports under ``if TYPE_CHECKING:``: they never run,
but a module that names another's types depends on it as surely, and a circle through
them is the same knot (what a lower module needs of an upper one is a ``Protocol`` in the
lower module). A second graph without them is the one that runs, checked too.
Importing ``a.b.c`` also runs the packages ``a.b`` and ``a``, so the arrow reaches those
package ``__init__`` files too, except the importer's own enclosing packages (Python has
already started them before it reaches the module).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import big2

PACKAGE = Path(big2.__file__).parent

def _modules() -> dict[str, Path]:
    mods: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("big2", *path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        name = ".".join(parts)
        mods[name] = path
    return mods


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """Ids of every node under an ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                skip.update(id(n) for n in ast.walk(stmt))
    return skip


def _imported(module: str, path: Path, mods: dict[str, Path], *, type_checking: bool = True) -> set[str]:
    """The big2 modules ``module`` imports, directly (``type_checking`` False: only those
    importing it runs, leaving out the imports under ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set() if type_checking else _type_checking_nodes(tree)
    is_package = path.name == "__init__.py"
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                here = module.split(".") if is_package else module.split(".")[:-1]
                base = ".".join(here[: len(here) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names.add(base)
            names.update(f"{base}.{a.name}" for a in node.names)  # ``from pkg import submodule``
    targets: set[str] = set()
    for name in names:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):  # the module and every package above it
            target = ".".join(parts[:i])
            if target in mods and target != module and not module.startswith(target + "."):
                targets.add(target)
    return targets


def import_graph(*, type_checking: bool = True) -> dict[str, set[str]]:
    mods = _modules()
    return {m: _imported(m, p, mods, type_checking=type_checking) for m, p in mods.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(root: str) -> None:
        # iterative Tarjan: (node, iterator over its arrows)
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, arrows = work[-1]
            for w in arrows:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == v:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _describe(component: list[str], graph: dict[str, set[str]]) -> str:
    inside = set(component)
    arrows = [f"    {m} -> {t}" for m in component for t in sorted(graph[m] & inside)]
    return f"{len(component)} modules: " + ", ".join(component) + "\n" + "\n".join(arrows)


def test_the_checker_finds_a_cycle_and_a_self_consistent_graph() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"f"}, "f": {"e"}}
    assert sorted(cycles(graph)) == [["a", "b", "c"], ["e", "f"]]
    real = import_graph()
    assert "big2.engine.game" in real["big2.engine"]  # the graph does see big2's imports
    assert all(t in real for targets in real.values() for t in targets)


def test_the_checker_sees_imports_for_types_only_when_asked(tmp_path: Path) -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from big2.engine import game\n"
    path = tmp_path / "m.py"
    path.write_text(source, encoding="utf-8")
    mods = _modules()
    assert "big2.engine.game" in _imported("big2.m", path, mods)
    assert "big2.engine.game" not in _imported("big2.m", path, mods, type_checking=False)


@pytest.mark.parametrize("type_checking", [True, False], ids=["with-type-only-imports", "run-time-imports"])
def test_no_import_cycle_in_big2(type_checking: bool) -> None:
    graph = import_graph(type_checking=type_checking)
    found = cycles(graph)
    assert not found, f"{len(found)} import cycle(s) in big2:\n" + "\n".join(_describe(c, graph) for c in found)
