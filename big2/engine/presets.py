"""Named rule sets, the plain-words description of a rule set, and its JSON form.

Each preset is a documented combination of options with its source seed (see
``shared/RULES.md``); where a source leaves a point open the preset's note says what we
chose. :func:`get_preset` finds one by name or alias, ignoring case.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields, replace
from typing import Any, Final

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


@dataclass(frozen=True, slots=True)
class Preset:
    """A named rule set: the rules, a one-line summary, where it comes from, and the
    choices we made where the source is silent. ``scoring`` names the usual scoring
    scheme of that table (see :mod:`big2.engine.scoring`)."""

    name: str
    title: str
    rules: Rules
    summary: str
    source: str
    notes: str
    scoring: str
    aliases: tuple[str, ...] = ()


def _preset(name: str, title: str, summary: str, source: str, notes: str, scoring: str,
            aliases: tuple[str, ...] = (), **options: Any) -> Preset:
    return Preset(name, title, replace(STANDARD, name=name, **options), summary, source,
                  notes, scoring, aliases)


PRESETS: Final[dict[str, Preset]] = {p.name: p for p in [
    _preset(
        "standard", "Standard",
        "Hong Kong ranking, 3♦ leads every hand, first out wins, penalty table.",
        "RULES.md §1; seed 004 (the basic game as played in China) with Ivan Ip's straights",
        "The common core every source agrees on, anticlockwise, no house rules.",
        "penalty-table", ("default", "basic"),
    ),
    _preset(
        "hong-kong", "Hong Kong (Ivan Ip)",
        "Winner leads the next hand, a dragon wins at once, no going out on a lone 2.",
        "Seed 004, Ivan Ip's Hong Kong rules",
        "Flushes by highest card; A2345 > 23456 > AKQJT. The lone-2 ban reads 'a single 2 "
        "as your last card', so any 2 counts. Scored with the Hong Kong multipliers of 002.",
        "chudadi-hong-kong", ("hk", "ivan-ip"),
        later_leader=LaterLeader.WINNER, dragon_wins=True, lone_two=LoneTwo.NO_LONE_TWO,
    ),
    _preset(
        "taiwan", "Taiwan",
        "Suits ♣ < ♦ < ♥ < ♠ (3♣ leads), no triples or flushes, honour hands beat anything, "
        "loser pays.",
        "Seed 004: the Taiwan suit order; Todd Latta's Taiwan deck without triples and "
        "flushes; Jonathan Dushoff's Lukang honour hands and Taiwan loser-pays scoring",
        "Four Taiwan reports of seed 004 combined; Todd Latta's seven-card straight flush "
        "is not played (a straight flush is five cards).",
        "taiwan-loser-pays", ("tw",),
        suit_order="cdhs", deck=Deck.NO_TRIPLES_NO_FLUSHES, bombs=Bombs.HONOUR_HANDS,
    ),
    _preset(
        "pusoy-dos", "Pusoy Dos (Philippines)",
        "Suits ♣ < ♠ < ♥ < ♦ (3♣ leads); positive points doubled per 2 in the last play.",
        "Seed 004, Pusoy Dos",
        "Direction is left anticlockwise, which the source does not specify.",
        "pusoy-dos", ("pusoy", "philippines"),
        suit_order="cshd",
    ),
    _preset(
        "indonesia", "Indonesia",
        "Clockwise; passing locks you out of the trick; straights with a 2 on top; rounds of ten.",
        "Seed 004, Harold Hutabarat's Indonesian rules",
        "Honours (four of a kind, straight flush, four twos) are scored as penalties; players "
        "with one or two cards announce it (shown on the table, no constraint).",
        "indonesia-honours", ("id", "capsa"),
        direction=Direction.CLOCKWISE, pass_locks_out=True,
        straight_order=StraightOrder.INDONESIA, later_leader=LaterLeader.INDONESIAN_ROUNDS,
    ),
    _preset(
        "cho-dai-di", "Cho Dai Di (online rules)",
        "Direction switches every hand, 3♦ leads every hand, assistant rule with liability, "
        "AutoPass, pairwise payments.",
        "Seed 000, Cho Dai Di online rules",
        "Pairwise payments without multipliers, as in 000's worked example; the winner "
        "leads later hands only in 000's tournament play, so here 3♦ leads every hand.",
        "pairwise", ("chodaidi", "cdd"),
        direction=Direction.ALTERNATE_CLOCKWISE_FIRST, assistant=AssistantRule.LIABILITY,
        auto_pass=True, flush_order=FlushOrder.POKER,
    ),
    _preset(
        "chudadi", "Chudadi",
        "Anticlockwise, winner leads later hands, the assistant must play their best single, "
        "pairwise payments with multipliers.",
        "Seed 002, Chudadi (Swedish page)",
        "002 enforces the assistant rule ('always has to lay his absolutely best card'); "
        "sessions to 200 points suit it.",
        "chudadi-standard", ("chu-da-di",),
        later_leader=LaterLeader.WINNER, assistant=AssistantRule.ENFORCED,
    ),
    _preset(
        "big-2", "Big 2 (summary)",
        "Straights by top card (JQKA2 highest), flushes by suit, winner collects.",
        "Seed 003, Big 2 summary",
        "With 2 or 3 players the pack is dealt out evenly, leftovers to the 3♦ holder.",
        "winner-collects", ("big2", "big-two", "bigtwo"),
        straight_order=StraightOrder.TOP_CARD, flush_order=FlushOrder.SUIT_FIRST,
        leftovers=Leftovers.TO_LOWEST,
    ),
    _preset(
        "choi-dai-di", "Choi Dai Di",
        "Clockwise; no wrap-around straights; flushes and straight flushes by suit first; "
        "the winner collects.",
        "Seed 001, Choi Dai Di write-up (option 1 for flushes)",
        "13 cards each even with 2 or 3 players; the rest of the pack lies unused.",
        "winner-only", ("choidaidi",),
        direction=Direction.CLOCKWISE, straight_order=StraightOrder.NO_WRAP,
        flush_order=FlushOrder.SUIT_FIRST, straight_flush_by_flush_order=True,
    ),
]}

_ALIASES: Final = {a: p.name for p in PRESETS.values() for a in (p.name, *p.aliases)}


def preset_names() -> list[str]:
    return list(PRESETS)


def get_preset(name: str) -> Preset:
    """The preset called ``name`` (or an alias), ignoring case, spaces and underscores.

    Raises ``KeyError`` with a message listing the known names.
    """
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key not in _ALIASES:
        raise KeyError(f"no rule preset called '{name}': choose one of {', '.join(PRESETS)}")
    return PRESETS[_ALIASES[key]]


def get_rules(name: str) -> Rules:
    return get_preset(name).rules


# -- describing a rule set in plain words ------------------------------------------------

_SUIT_NAMES = {"d": "♦", "c": "♣", "h": "♥", "s": "♠"}

_STRAIGHTS = {
    StraightOrder.HONG_KONG: "A2345 > 23456 > AKQJT > … > 34567; JQKA2 is no straight",
    StraightOrder.TOP_CARD: "by the top card, 2 high: JQKA2 > A2345 > 23456 > AKQJT > … > 34567",
    StraightOrder.NO_WRAP: "2s and 3s never touch: 2AKQJ highest, 76543 lowest",
    StraightOrder.TWO_HIGH: "23456 > A2345 > AKQJT > … > 34567",
    StraightOrder.TWO_HIGH_ACE_LOW: "23456 highest, A2345 lowest",
    StraightOrder.NO_A2345: "23456 > AKQJT > … > 34567; A2345 is no straight",
    StraightOrder.TWOS_HIGH_65432_LOW: "2AKQJ highest, 65432 lowest",
    StraightOrder.SIX_FIVE_SECOND: "2AKQJ > 65432 > AKQJT > … > 34567",
    StraightOrder.INDONESIA: "straights with a 2 (A2345, 23456) beat all others, by the suit of the 2",
}
_FLUSHES = {
    FlushOrder.HIGHEST_CARD: "by the highest card, then its suit",
    FlushOrder.SUIT_FIRST: "by suit first, then the highest card",
    FlushOrder.POKER: "all five cards compared from the top as in poker, then the suit",
}
_LEADERS = {
    LaterLeader.LOWEST_CARD: "the holder of the lowest card, who must play it",
    LaterLeader.WINNER: "the winner of the last hand, with anything",
    LaterLeader.LOSER: "the player with most cards left last hand, with anything",
    LaterLeader.INDONESIAN_ROUNDS: "rounds of ten deals: the lowest card starts a round, the winner the rest",
}
_ASSISTANT = {
    AssistantRule.OFF: "off",
    AssistantRule.ENFORCED: "before a player on one card you must play your highest single or several cards",
    AssistantRule.LIABILITY: "ignore it and you pay everyone's losses if the next player then goes out",
}
_BOMBS = {
    Bombs.NONE: "none",
    Bombs.HONOUR_HANDS: "four of a kind + 1 and straight flushes also beat singles, pairs and triples",
    Bombs.ROYAL_OVER_FOURS: "only a royal flush beats four of a kind; fours beat other straight flushes",
}
_DECKS = {
    Deck.FULL: "every combination",
    Deck.NO_TRIPLES_NO_FLUSHES: "no triples and no flushes",
    Deck.DA_LAO_ER: "no flushes; a full house cannot beat a straight",
}
_LONE_TWO = {
    LoneTwo.ALLOWED: "allowed",
    LoneTwo.NO_LONE_TWO: "nobody may go out on a lone 2",
    LoneTwo.NO_LONE_TOP_TWO: "nobody may go out on the lone top 2",
}
_STOCK = {
    StockDraw.NONE: "no drawing",
    StockDraw.ONE: "passing draws one card from the stock",
    StockDraw.AS_MANY_AS_NEEDED: "passing draws as many cards as the play needed",
}


def describe(rules: Rules) -> list[tuple[str, str]]:
    """Every option of ``rules`` as ``(label, plain words)`` lines, for the rules screen."""
    suits = " < ".join(_SUIT_NAMES[s] for s in rules.suit_order)
    yes = {True: "yes", False: "no"}
    return [
        ("Suits", suits),
        ("Straights", _STRAIGHTS[rules.straight_order]),
        ("Flushes", _FLUSHES[rules.flush_order]),
        ("Combinations", _DECKS[rules.deck]),
        ("Four of a kind alone", "its own type, beats only lower fours" if rules.four_alone else "not allowed"),
        ("Bombs", _BOMBS[rules.bombs]),
        ("First lead", "must include the lowest card" if rules.first_lead_has_lowest else "anything"),
        ("Later hands led by", _LEADERS[rules.later_leader]),
        ("Direction", rules.direction.value),
        ("Assistant rule", _ASSISTANT[rules.assistant]),
        ("Passing", "locks you out until the trick ends" if rules.pass_locks_out else "you may play again later in the trick"),
        ("Dragon (one of each rank)", "wins at once" if rules.dragon_wins else "no special effect"),
        ("Going out on a 2", _LONE_TWO[rules.lone_two]),
        ("End of hand", "play on until one player is left" if rules.hand_end is HandEnd.PLAY_ON else "the first player out wins"),
        ("AutoPass", yes[rules.auto_pass]),
        ("Cards dealt (2-3 players)", "dealt out evenly, leftovers to the lowest card" if rules.leftovers is Leftovers.TO_LOWEST else f"{rules.cards_per_player} each, the rest unused"),
        ("Stock", _STOCK[rules.stock_draw]),
        ("Three-player exchange", "loser gives their highest card for an unwanted one" if rules.three_player_exchange else "no"),
    ]


def summary(rules: Rules) -> str:
    """One line: the preset's summary when ``rules`` is a preset, else what differs."""
    preset = PRESETS.get(rules.name)
    if preset is not None and preset.rules == rules:
        return preset.summary
    base = preset.rules if preset is not None else STANDARD
    changed = [label for (label, text), (_, base_text) in zip(describe(rules), describe(base))
               if text != base_text]
    title = preset.title if preset is not None else rules.name
    return f"{title} with house rules: {', '.join(changed)}." if changed else f"{title}."


# -- JSON ------------------------------------------------------------------------------------


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """A plain JSON-able dict of every option (enums by value)."""
    out: dict[str, Any] = {}
    for f in fields(Rules):
        value = getattr(rules, f.name)
        out[f.name] = value.value if isinstance(value, enum.Enum) else value
    return out


def rules_from_dict(data: object) -> Rules:
    """Rules from :func:`rules_to_dict` output; missing options take standard values.

    Raises ``ValueError`` naming any unknown option or value, or a contradiction.
    """
    if not isinstance(data, dict):
        raise ValueError("rules must be a JSON object")
    known = {f.name: f for f in fields(Rules)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ValueError(f"unknown rule option(s): {', '.join(map(str, unknown))}")
    values: dict[str, Any] = {}
    for name, raw in data.items():
        default = getattr(STANDARD, name)
        if isinstance(default, enum.Enum):
            enum_type = type(default)
            try:
                values[name] = enum_type(raw)
            except ValueError:
                choices = ", ".join(e.value for e in enum_type)
                raise ValueError(f"'{raw}' is not a value of {name} (choose {choices})") from None
        elif isinstance(default, bool):
            if not isinstance(raw, bool):
                raise ValueError(f"{name} must be true or false, not {raw!r}")
            values[name] = raw
        elif isinstance(default, int):
            if not isinstance(raw, int) or isinstance(raw, bool):
                raise ValueError(f"{name} must be a whole number, not {raw!r}")
            values[name] = raw
        else:
            if not isinstance(raw, str) or len(raw) > 60:
                raise ValueError(f"{name} must be a short text, not {raw!r}")
            values[name] = raw
    return replace(STANDARD, **values)
