"""A whole :class:`~big2.room.room.Room` as a JSON-able dict, and back.

The server saves each room after every move (:mod:`big2.net.directory`), so another
process can go on with the hand from the last move when the room's process dies. What
is stored: the session with the hand in play and its generators (the save files' codec,
:func:`~big2.persistence.sessioncodec.save_payload`), the computers' generators, the
room's set-up (seats, levels, session length, scoring), the finished hands' records
(:mod:`big2.room.codec`), which people's seats a computer plays, who left, and the hand
as it was dealt (the trick's plays are read from it).

The room restored plays on exactly as the saved one would have; its event log starts
empty (:meth:`~big2.room.room.Room.resume_hand`), so seats start from a snapshot.

This reaches into :class:`~big2.room.match.Match` and :class:`~big2.room.room.Room` for
the seats the computer holds (``_computer_for_hand``, ``_left``): the room has no public
snapshot of its own yet. :func:`seat_back` gives a person their seat back mid-hand the
same way.
"""

from __future__ import annotations

import random
from typing import Any

from ..persistence.gamecodec import game_from_dict, game_to_dict
from ..persistence.sessioncodec import load_payload, save_payload
from ..room import codec
from ..room.config import HandResult, MatchConfig, SeatConfig
from ..room.match import Match
from ..room.room import Brain, Room

#: Bumped when the shape below changes.
ROOM_STATE_VERSION = 1


def room_to_state(room: Room) -> dict[str, Any]:
    """Everything needed to rebuild ``room`` in another process, as JSON values."""
    m = room.match
    c = m.config
    payload = save_payload(m.session, rngs={f"seat-{i}": r for i, r in enumerate(m.ai_rngs)})
    return {
        "v": ROOM_STATE_VERSION,
        "payload": payload,
        "seats": [[s.name, s.human, s.level] for s in c.seats],
        "hands": c.hands, "target": c.target, "seed": c.seed, "scoring": c.scoring,
        "undo_hot_seat": c.undo_hot_seat,
        "results": [codec.to_json(r) for r in m.results],
        "computer_for_hand": sorted(m._computer_for_hand),
        "left": sorted(room._left),
        "assisted": m.assisted,
        "reveal_deal": room.reveal_deal,
        "hand_serial": room.hand_serial,
        # The hand as dealt: the room reads the plays of the trick in progress from it.
        "hand_start": None if getattr(room, "hand_start", None) is None else game_to_dict(room.hand_start),
    }


def room_from_state(state: dict[str, Any], *, brain: Brain | None = None) -> Room:
    """The room :func:`room_to_state` stored (``ValueError`` for anything else)."""
    if not isinstance(state, dict) or state.get("v") != ROOM_STATE_VERSION:
        raise ValueError("not a saved room of this version")
    resumed = load_payload(state["payload"])
    s = resumed.session
    seats = tuple(SeatConfig(str(name), bool(human), str(level)) for name, human, level in state["seats"])
    if len(seats) != s.n_players:
        raise ValueError("the saved seats do not match the session")
    config = MatchConfig(seats=seats, rules=s.rules, hands=int(state["hands"]), target=state["target"],
                         seed=state["seed"], scoring=str(state["scoring"]), undo_hot_seat=bool(state["undo_hot_seat"]))
    m = Match(config)
    m.session = s
    m.rng = s.rng
    m.scoring = s.scoring
    m.ai_rngs = [resumed.rngs.get(f"seat-{i}") or random.Random() for i in range(s.n_players)]
    m.game = s.current if s.current is not None else s.last_game
    results = [codec.from_json(r) for r in state["results"]]
    if not all(isinstance(r, HandResult) for r in results):
        raise ValueError("the saved hand records are not hand records")
    m.results = results
    m.assisted = bool(state["assisted"]) and s.current is not None
    m._computer_for_hand = {int(x) for x in state["computer_for_hand"] if 0 <= int(x) < s.n_players}
    start = state.get("hand_start")
    hand_start = game_from_dict(start, rules=s.rules) if isinstance(start, dict) else None
    room = Room(match=m, brain=brain, reveal_deal=bool(state["reveal_deal"]), hand_start=hand_start)
    room._left = {int(x) for x in state["left"] if 0 <= int(x) < s.n_players}
    room.hand_serial = int(state["hand_serial"])
    room.resume_hand()
    return room


def seat_back(room: Room, seat: int) -> bool:
    """The person of ``seat`` plays it again (they came back during the hand the
    computer was holding it for them). False when it was not held for them."""
    m = room.match
    if not m.config.seats[seat].human:
        return False
    held = seat in m._computer_for_hand or seat in room._left
    m._computer_for_hand.discard(seat)
    room._left.discard(seat)
    if held and room.thinking(seat):
        room._drop_thinking()
    return held


def hold_seat(room: Room, seat: int) -> None:
    """A computer plays ``seat`` from now on, this hand and later ones, until
    :func:`seat_back` (the person dropped; or the hand is over and the seat stays a
    computer's). Works between hands too, where the room's Leave command does not."""
    room._left.add(seat)
    game = room.match.game
    if game is not None and not game.is_over:
        room.command(seat, _leave())
    else:
        room.match.hand_to_computer(seat)


def _leave() -> Any:
    from ..room.commands import Leave

    return Leave()
