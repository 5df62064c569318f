"""A hand played headless and recorded in a score history, for the review's tests."""

from __future__ import annotations

from big2.ai.review import play_hand
from big2.persistence import HandResult, History, Seat
from big2.persistence.gamecodec import game_to_dict, move_cards, rules_to_dict

SEATS = (Seat("You", True), Seat("West", False, "beginner"), Seat("North", False, "expert"),
         Seat("East", False, "normal"))
LEVELS = ("beginner", "beginner", "expert", "normal")


def record(history: History, number: int = 42, *, levels=LEVELS, seats=SEATS, iterations: int = 12) -> int:
    """Play deal ``number`` with ``levels`` (the person's seat played by the first level)
    and record it as a finished hand of a new session; returns the hand's id."""
    positions = play_hand(number, list(levels), iterations=iterations)
    first, last = positions[0], positions[-1]
    rules = first.rules
    sid = history.start_session(list(seats), rules_preset=rules.name, rules=rules_to_dict(rules))
    result = HandResult(
        hand_number=1, rules_preset=rules.name, rules=rules_to_dict(rules), winner_seat=last.winner or 0,
        cards_left=last.card_counts, points=last.points(),
        moves=[[seat, move_cards(move)] for seat, move in last.history],
        deal=[sorted(first.hand(s)) for s in range(first.n_players)], deal_seed=number,
        deal_number=number, start=game_to_dict(first))
    return history.record_hand(sid, result)
