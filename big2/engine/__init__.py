"""The Big Two rules engine: pure, typed, standard library only.

No I/O, no clock, no globals: randomness comes from a ``random.Random`` passed in.
Start with :meth:`Game.deal`, ask :meth:`Game.legal_moves`, and move with
:meth:`Game.play` / :meth:`Game.pass_turn` (checked, for people; they return events) or
:meth:`Game.apply` (unchecked, fast, for search).
"""

from .cards import (
    Card,
    CardParseError,
    CardSet,
    card,
    card_name,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from .combos import (
    PASS,
    Combo,
    Kind,
    Move,
    beats,
    classify,
    combo_of_move,
    format_play,
    generate_moves,
    move_cards,
    move_kind,
    move_mask,
    move_size,
    why_not,
)
from .events import Dealt, Event, HandEnded, LastCard, Passed, Played, TrickWon, TurnStarted
from .game import Game, GameOver, IllegalMove, LegalMoves, NotYourTurn, SEAT_NAMES
from .rules import STANDARD, FlushOrder, Rules, StraightOrder
from .scoring import penalty_per_card, settle_pairwise, standard_penalties
from .session import HandRecord, Session

__all__ = [
    "Card", "CardParseError", "CardSet", "card", "card_name", "format_card", "format_cards",
    "parse_card", "parse_cards", "rank_of", "suit_of",
    "PASS", "Combo", "Kind", "Move", "beats", "classify", "combo_of_move", "format_play",
    "generate_moves", "move_cards", "move_kind", "move_mask", "move_size", "why_not",
    "Dealt", "Event", "HandEnded", "LastCard", "Passed", "Played", "TrickWon", "TurnStarted",
    "Game", "GameOver", "IllegalMove", "LegalMoves", "NotYourTurn", "SEAT_NAMES",
    "STANDARD", "FlushOrder", "Rules", "StraightOrder",
    "penalty_per_card", "settle_pairwise", "standard_penalties",
    "HandRecord", "Session",
]
