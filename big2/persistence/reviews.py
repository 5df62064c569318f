"""Hand reviews kept with their hands in the score history, and finding the hand to review.

A review (:class:`big2.ai.review.HandReview`, as its ``to_json`` data) is stored per
hand, seat and search setting (``"1s"``, ``"60w"``) in the ``hand_reviews`` table
(schema version 5, :data:`big2.persistence.history.MIGRATIONS`), so a hand reviewed
once opens at once the next time, and goes when its hand goes. This module only stores
and reads JSON: it never imports the AI. Call these on the thread that owns the
:class:`~big2.persistence.history.History` (the app's storage writer thread).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

from .history import History
from .jsonsafe import JsonLimits, JsonRejected, parse_json

_LIMITS = JsonLimits(max_bytes=1024 * 1024, max_depth=16)


def save_review(history: History, hand_id: int, seat: int, settings: str,
                data: Mapping[str, Any]) -> None:
    """Keep review ``data`` of ``seat`` in hand ``hand_id`` (replacing one with the same
    ``settings``). ``ValueError`` when the hand is not in the history."""
    if not history.query("SELECT 1 FROM hands WHERE id = ?", (hand_id,)):
        raise ValueError(f"there is no hand {hand_id}")
    text = json.dumps(dict(data), ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    now = datetime.now(timezone.utc).isoformat()
    with history.transaction() as conn:
        conn.execute(
            "INSERT OR REPLACE INTO hand_reviews (hand_id, seat, settings, review_json, reviewed_at) "
            "VALUES (?, ?, ?, ?, ?)", (int(hand_id), int(seat), settings, text, now))


def load_review(history: History, hand_id: int, seat: int, settings: str | None = None) -> dict[str, Any] | None:
    """The review data kept for ``seat`` in hand ``hand_id`` with ``settings`` (any
    setting, the latest first, when None); None when there is none or it is damaged
    (a damaged review is only a cache: it is made again)."""
    if settings is None:
        rows = history.query("SELECT review_json FROM hand_reviews WHERE hand_id = ? AND seat = ? "
                             "ORDER BY reviewed_at DESC", (hand_id, seat))
    else:
        rows = history.query("SELECT review_json FROM hand_reviews WHERE hand_id = ? AND seat = ? "
                             "AND settings = ?", (hand_id, seat, settings))
    for (text,) in rows:
        try:
            data = parse_json(str(text).encode("utf-8"), _LIMITS)
        except JsonRejected:
            continue
        if isinstance(data, dict):
            return data
    return None


def last_hand(history: History, session_id: int | None = None) -> int | None:
    """The id of the last hand recorded (in session ``session_id``, when given)."""
    if session_id is None:
        rows = history.query("SELECT MAX(id) FROM hands")
    else:
        rows = history.query("SELECT MAX(id) FROM hands WHERE session_id = ?", (session_id,))
    return int(rows[0][0]) if rows and rows[0][0] is not None else None


def session_hands(history: History, hand_id: int) -> list[int]:
    """The ids of the hands of ``hand_id``'s session in the order played (the replay
    steps through them); empty for an unknown hand."""
    rows = history.query(
        "SELECT id FROM hands WHERE session_id = (SELECT session_id FROM hands WHERE id = ?) "
        "ORDER BY hand_number, id", (hand_id,))
    return [int(r[0]) for r in rows]
