"""A hosted room in two modules: the lobby (big2.net.lobby) below the game's side
(big2.net.hosted). The lobby never imports the game's side, the server or the room's
game at run time (so no cycle can come back through it); the names callers import from
big2.net.hosted are still there, the very same objects; and a HostedRoom is a whole
lobby (no hook of the lobby left without the game's answer)."""

from __future__ import annotations

import ast
from pathlib import Path

import big2.net.hosted as hosted
import big2.net.lobby as lobby


def _runtime_imports(path: Path) -> set[str]:
    """The big2 modules ``path`` imports outside ``if TYPE_CHECKING:`` (relative imports
    resolved against big2.net)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for stmt in node.body for n in ast.walk(stmt)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            base = {0: "", 1: "big2.net", 2: "big2"}[node.level]
            module = ".".join(p for p in (base, node.module or "") if p)
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_the_lobby_does_not_reach_the_game_side_or_the_server() -> None:
    imports = _runtime_imports(Path(lobby.__file__))
    for below in ("big2.net.hosted", "big2.net.server", "big2.room.room", "big2.net.brain", "big2.net.roomstate"):
        assert not any(name == below or name.startswith(below + ".") for name in imports), below
    assert "big2.net.lobby" in _runtime_imports(Path(hosted.__file__))


def test_the_names_callers_use_are_still_in_hosted() -> None:
    for name in ("RoomError", "SeatSlot", "token_hash"):
        assert getattr(hosted, name) is getattr(lobby, name)
        assert name in hosted.__all__
    assert "HostedRoom" in hosted.__all__ and "STATE_VERSION" in hosted.__all__


def test_a_hosted_room_is_a_whole_lobby() -> None:
    assert issubclass(hosted.HostedRoom, lobby.RoomLobby)
    assert not hosted.HostedRoom.__abstractmethods__  # every hook of the lobby answered
    assert lobby.RoomLobby.__abstractmethods__ >= {"start_game", "command", "reconnected", "went_away"}
    # the lobby's own work stays in the lobby, the game's in hosted
    for name in ("join", "leave", "disconnected", "handle", "configure", "lobby", "seat_host", "create"):
        assert name in vars(lobby.RoomLobby), name
    for name in ("start_game", "command", "flush", "clock_frame", "to_state", "restore", "wake", "close"):
        assert name in vars(hosted.HostedRoom), name
