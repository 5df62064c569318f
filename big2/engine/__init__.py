"""The Big Two rules engine: pure, typed, standard library only.

No I/O, no clock, no globals: randomness comes from a ``random.Random`` passed in, or a
deal number (:mod:`big2.engine.dealnumber`).
Start with :meth:`Game.deal`, ask :meth:`Game.legal_moves`, and move with
:meth:`Game.play` / :meth:`Game.pass_turn` (checked, for people; they return events) or
:meth:`Game.apply` (unchecked, fast, for search).
"""

from .cards import (
    Card,
    CardParseError,
    CardSet,
    card,
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
    move_key,
    move_kind,
    move_mask,
    move_size,
)
from .dealnumber import (
    DEAL_NUMBER_LIMIT,
    DealNumberError,
    format_deal_number,
    parse_deal_number,
)
from .events import (
    CardsExchanged,
    Dealt,
    Drew,
    Event,
    HandEnded,
    LastCard,
    Passed,
    Played,
    PlayerOut,
    TrickWon,
    TurnStarted,
)
from .explain import why_not
from .game import SEAT_NAMES, Game, GameOver, IllegalMove, NotYourTurn
from .legal import LegalMoves
from .messages import Message, msg, msg_n, msg_p
from .rules import (
    STANDARD,
    AssistantRule,
    Bombs,
    Deck,
    Direction,
    FlushOrder,
    HandEnd,
    LaterLeader,
    Leftovers,
    LoneTwo,
    Rules,
    StockDraw,
    StraightOrder,
)
from .presets import (
    PRESETS,
    Preset,
    describe,
    get_preset,
    get_rules,
    preset_names,
    rules_from_dict,
    rules_to_dict,
    summary,
)
from .scoring import penalty_per_card, settle_pairwise, standard_penalties
from .session import HandRecord, Session

__all__ = [
    "Card", "CardParseError", "CardSet", "card", "format_card", "format_cards",
    "parse_card", "parse_cards", "rank_of", "suit_of",
    "PASS", "Combo", "Kind", "Move", "beats", "classify", "combo_of_move", "format_play",
    "generate_moves", "move_cards", "move_key", "move_kind", "move_mask", "move_size", "why_not",
    "DEAL_NUMBER_LIMIT", "DealNumberError", "format_deal_number", "parse_deal_number",
    "CardsExchanged", "Dealt", "Drew", "Event", "HandEnded", "LastCard", "Passed", "Played",
    "PlayerOut", "TrickWon", "TurnStarted",
    "Game", "GameOver", "IllegalMove", "LegalMoves", "NotYourTurn", "SEAT_NAMES",
    "STANDARD", "AssistantRule", "Bombs", "Deck", "Direction", "FlushOrder", "HandEnd",
    "LaterLeader", "Leftovers", "LoneTwo", "Rules", "StockDraw", "StraightOrder",
    "penalty_per_card", "settle_pairwise", "standard_penalties",
    "HandRecord", "Session",
    "Message", "msg", "msg_n", "msg_p",
    "PRESETS", "Preset", "describe", "get_preset", "get_rules", "preset_names",
    "rules_from_dict", "rules_to_dict", "summary",
]
