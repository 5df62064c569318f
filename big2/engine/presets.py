"""Named rule sets, the plain-words description of a rule set, and its JSON form.

Each preset is a documented combination of options with its source seed (see
``shared/RULES.md``); where a source leaves a point open the preset's note says what we
chose. :func:`get_preset` finds one by name or alias, ignoring case.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields, replace
from typing import Any, Final

from .explain import blurb, rule_lines
from .messages import Message, msg
from .rules import (
    STANDARD,
    AssistantRule,
    Bombs,
    Deck,
    Direction,
    FlushOrder,
    LaterLeader,
    Leftovers,
    LoneTwo,
    Rules,
    StraightOrder,
    check_rules,
)
from .scoring_scheme import scoring_preset


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
    """A preset; its summary is written from its rules and scoring (``summary`` is only
    the author's note of what it should say, kept beside the options for reading)."""
    rules = replace(STANDARD, name=name, **options)
    return Preset(name, title, rules, str(blurb(rules, scoring_preset(scoring))), source, notes,
                  scoring, aliases)


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
    if not isinstance(name, str):
        raise KeyError(f"a rule preset is named by text, such as 'standard', not {name!r}")
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key not in _ALIASES:
        raise KeyError(f"no rule preset called '{name}': choose one of {', '.join(PRESETS)}")
    return PRESETS[_ALIASES[key]]


def get_rules(name: str) -> Rules:
    return get_preset(name).rules


# -- describing a rule set in plain words ------------------------------------------------


def describe(rules: Rules) -> list[tuple[Message, Message]]:
    """Every option of ``rules`` as ``(label, plain words)`` lines, for the rules screen
    (see :func:`big2.engine.explain.rule_lines`)."""
    return rule_lines(rules)


def title_of(rules: Rules) -> str:
    """The player's name for a rule set: its preset's title, or "Custom (from <title>)"
    when options were changed; never an id (English; see :func:`title_message`)."""
    return str(title_message(rules))


def title_message(rules: Rules) -> Message:
    """:func:`title_of` as a :class:`~big2.engine.messages.Message` to translate (the
    preset titles are in the catalogs: ``big2.app.vocab`` marks them)."""
    check_rules(rules)
    preset = PRESETS.get(rules.name.removesuffix(" (house)"))
    if preset is None:
        return msg("Custom rules")
    if replace(rules, name=preset.name) == preset.rules:
        return Message(preset.title)
    return msg("Custom (from {rules})", rules=Message(preset.title))


def summary(rules: Rules) -> str:
    """One line: the preset's summary when ``rules`` is a preset, else what differs."""
    check_rules(rules)
    preset = PRESETS.get(rules.name)
    if preset is not None and preset.rules == rules:
        return preset.summary
    base = preset.rules if preset is not None else STANDARD
    changed = [str(label) for (label, text), (_, base_text) in zip(describe(rules), describe(base))
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
