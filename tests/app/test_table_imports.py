"""The table shows a seat, not the game: its code never imports the engine's game, the
session, the room's match or the room itself — only the seat's link, state, events and
commands (big2.room.link, state, events, commands, seatrules, config).

"Table code" is the table scene and its parts, the screens it opens over a hand
(privacy, pause, results, session end), the replay and the lesson's table, and every
module of big2.app they import. Modules outside that set build rooms and hand the table
a link (big2.app.rooms, big2.app.guide.lessonroom), or observe a room to keep its records
(the storage, big2.app.storage and the saved-match reader it uses): the table may call
the storage's one-line hooks, and the walk stops there.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_import_cycles import PACKAGE, _type_checking_nodes, import_graph

#: The table's own modules (their big2.app imports are followed too).
TABLE = tuple(sorted(
    {f"big2.app.table.{p.stem}" for p in (PACKAGE / "app" / "table").glob("*.py") if p.stem != "__init__"}
    | {"big2.app.screens.privacy", "big2.app.screens.pause", "big2.app.screens.results",
       "big2.app.screens.session_end", "big2.app.screens.replay", "big2.app.guide.howtoplay",
       "big2.app.guide.tutorial"}
))
#: Modules the table may not import (the game itself, behind the link).
FORBIDDEN_MODULES = {"big2.engine.game", "big2.engine.session", "big2.room.match", "big2.room.room",
                     "big2.room.undo", "big2.app.rooms", "big2.app.guide.lessonroom"}
FORBIDDEN_NAMES = {"Game", "Session", "Match", "Room"}
#: The room's record keepers: the table may call their hooks; the walk stops there.
OBSERVERS = ("big2.app.storage", "big2.app.storage.savedmatch")


def _path(module: str) -> Path:
    rel = Path(*module.split(".")[1:])
    path = PACKAGE / rel.with_suffix(".py")
    return path if path.exists() else PACKAGE / rel / "__init__.py"


def _imports(module: str) -> list[tuple[str, set[str]]]:
    """(imported module, names taken from it) for each import statement of ``module``."""
    path = _path(module)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_nodes(tree)
    out: list[tuple[str, set[str]]] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.extend((a.name, set()) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
            if node.level:
                base = ".".join(here[: len(here) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            out.append((base, {a.name for a in node.names}))
    return out


def table_code() -> set[str]:
    """The table's modules and every big2.app module they reach through big2.app."""
    graph = import_graph()
    seen: set[str] = set()
    todo = [m for m in TABLE]
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        todo.extend(t for t in graph[m] if t.startswith("big2.app.") and t not in FORBIDDEN_MODULES
                    and not t.startswith(OBSERVERS))
    return seen


def test_every_table_module_exists() -> None:
    graph = import_graph()
    assert all(m in graph for m in TABLE), sorted(set(TABLE) - set(graph))


def test_the_table_imports_no_game_session_match_or_room() -> None:
    found = []
    for module in sorted(table_code()):
        for target, names in _imports(module):
            if target in FORBIDDEN_MODULES or names & FORBIDDEN_NAMES:
                found.append(f"{module} imports {target} {sorted(names & FORBIDDEN_NAMES) or ''}")
    assert not found, "\n".join(found)


def test_the_check_sees_a_forbidden_import() -> None:
    # the walk reaches the storage hooks from no table module, and the link from the table
    code = table_code()
    assert "big2.app.table.scene" in code and "big2.app.table.playback" in code
    assert any(t == "big2.room.link" for t, _n in _imports("big2.app.table.scene"))
    assert any(names & {"Match"} for _t, names in _imports("big2.app.rooms"))  # builds rooms: outside
