"""What the New game screen can edit in a rule set, read off the Rules dataclass.

No pygame. Each editable field of :class:`~big2.engine.rules.Rules` becomes a
:class:`RuleChoice`: a label, one line of explanation, and the values to pick from.
Enums offer their members, booleans on/off, and a few known fields their sensible
values; the explanation comes from the field's metadata (``doc``) when the engine
gives one. Presets come from the engine when it names them.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any

from big2 import i18n
from big2.engine.rules import STANDARD, Rules

_KNOWN: dict[str, tuple[str, str, list[tuple[str, Any]]]] = {
    "suit_order": (
        "Suit order",
        "Which suit wins a tie of ranks; the lowest suit's 3 starts.",
        [("♦ < ♣ < ♥ < ♠ (standard)", "dchs"), ("♣ < ♠ < ♥ < ♦ (Pusoy Dos)", "cshd"), ("♣ < ♦ < ♥ < ♠ (Taiwan)", "cdhs")],
    ),
    "cards_per_player": (
        "Cards each",
        "13 is usual; 17 or 21 with two or three players.",
        [("13", 13), ("17", 17), ("21", 21)],
    ),
    "first_lead_has_lowest": ("First lead: lowest card", "The first play of a hand must include the lowest card.", []),
    "straight_order": ("Straight order", "Which runs count as straights and which straight is highest.", []),
    "flush_order": ("Flush order", "How two flushes are compared.", []),
    "straight_flush_by_flush_order": (
        "Straight flushes by the flush order",
        "Straight flushes rank against each other as flushes do (by suit first, say).",
        [],
    ),
    "later_leader": ("Who leads later hands", "Who starts the second and later hands of a session.", []),
    "direction": ("Direction of play", "Which way the turn passes round the table.", []),
    "assistant": ("Assistant rule", "Duties of the player before someone holding one card.", []),
    "pass_locks_out": ("Passing locks you out", "Once you pass you sit out the rest of the trick.", []),
    "four_alone": ("Four of a kind alone", "Four of a kind may be played without a fifth card.", []),
    "bombs": ("Bombs", "Five-card hands that beat singles, pairs and triples.", []),
    "deck": ("Combinations", "Leaner sets: no triples or flushes, or Da Lao Er.", []),
    "dragon_wins": ("Dragon wins", "A hand with one card of every rank wins at once.", []),
    "lone_two": ("Going out on a 2", "Whether your last card may be a lone 2.", []),
    "hand_end": ("End of a hand", "First player out ends it, or play on to a finish order.", []),
    "auto_pass": ("Automatic pass", "Pass for a player who cannot beat the table.", []),
    "leftovers": ("Cards left over", "With two or three players: what happens to undealt cards.", []),
    "stock_draw": ("Drawing from the stock", "With two or three players: a passing player draws.", []),
    "three_player_exchange": ("Three-player exchange", "The loser gives their highest card to the winner.", []),
}
_MEMBER_LABELS = {
    "hong-kong": "Hong Kong: A2345 > 23456 > AKQJT …",
    "top-card": "By top card, 2 high: JQKA2 highest",
    "no-wrap": "No wrap: 2AKQJ highest, 76543 lowest",
    "23456-high": "23456 > A2345 > AKQJT …",
    "23456-high-a2345-low": "23456 highest, A2345 lowest",
    "no-a2345": "No A2345; 23456 highest",
    "2akqj-high-65432-low": "2AKQJ highest, 65432 lowest",
    "65432-second": "2AKQJ, then 65432, then AKQJT",
    "indonesia": "Indonesia: straights with a 2 beat all",
    "highest-card": "By highest card",
    "suit-first": "By suit, then highest card",
    "poker": "All five cards, as in poker",
    "lowest-card": "Holder of the lowest card",
    "winner": "Winner of the last hand",
    "loser": "Loser of the last hand",
    "indonesian-rounds": "Indonesian rounds of ten",
    "anticlockwise": "Anticlockwise",
    "clockwise": "Clockwise",
    "alternate": "Alternate, anticlockwise first",
    "alternate-clockwise-first": "Alternate, clockwise first",
    "off": "Off",
    "enforced": "Enforced",
    "liability": "Liability: pays if it goes wrong",
    "none": "None",
    "honour-hands": "Honour hands beat small plays",
    "royal-over-fours": "Royal flush beats four of a kind",
    "full": "All combinations",
    "no-triples-no-flushes": "No triples, no flushes",
    "da-lao-er": "Da Lao Er",
    "allowed": "Allowed",
    "no-lone-two": "Not on a lone 2",
    "no-lone-top-two": "Not on the top 2",
    "first-out": "First out ends it",
    "play-on": "Play on (5/3/1/0)",
    "unused": "Left face down",
    "to-lowest": "To the lowest card's holder",
    "one": "Draw one card",
    "as-many-as-needed": "Draw as many as the play",
}


@dataclass(frozen=True, slots=True)
class RuleChoice:
    name: str
    label: str
    explanation: str
    options: tuple[tuple[str, Any], ...]

    def label_of(self, value: Any) -> str:
        for label, v in self.options:
            if v == value:
                return label
        return str(value)

    def value_of(self, label: str) -> Any:
        for lab, v in self.options:
            if lab == label:
                return v
        raise KeyError(label)


def _humanise(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _enum_label(member: enum.Enum) -> str:
    v = member.value
    if isinstance(v, str) and v in _MEMBER_LABELS:
        return _MEMBER_LABELS[v]
    return str(v).replace("-", " ").capitalize() if isinstance(v, str) else member.name.replace("_", " ").capitalize()


def rule_choices(rules_cls: type = Rules) -> list[RuleChoice]:
    """Every field of the rule set a player can change, with its options."""
    out = []
    for f in dataclasses.fields(rules_cls):
        if f.name == "name":
            continue
        label, expl, options = _KNOWN.get(f.name, (_humanise(f.name), "", []))
        expl = f.metadata.get("doc", expl) if f.metadata else expl
        default = getattr(STANDARD, f.name, None) if rules_cls is Rules else None
        if isinstance(default, enum.Enum):
            options = [(_enum_label(m), m) for m in type(default)]
        elif isinstance(default, bool) and not options:
            options = [("Yes", True), ("No", False)]
        if not options:
            continue
        if default is not None and all(v != default for _, v in options):
            options = [(str(default), default), *options]
        out.append(RuleChoice(f.name, label, expl or label, tuple(options)))
    return out


@dataclass(frozen=True, slots=True)
class PresetInfo:
    """A named rule set as the New game screen offers it."""

    name: str
    title: str
    rules: Rules
    summary: str
    scoring: str


def presets() -> dict[str, PresetInfo]:
    """The engine's named rule sets by title, standard first."""
    try:
        from big2.engine.presets import PRESETS
    except ImportError:  # pragma: no cover - an engine without presets
        PRESETS = {}
    out: dict[str, PresetInfo] = {}
    for name, p in PRESETS.items():
        out[p.title] = PresetInfo(name, p.title, p.rules, p.summary, p.scoring)
    if not out:  # pragma: no cover
        out["Standard"] = PresetInfo("standard", "Standard", STANDARD, "The common core.", "penalty-table")
    return out


def scoring_names() -> list[str]:
    """The engine's scoring schemes by name."""
    try:
        from big2.engine.scoring import SCORING_PRESETS

        return list(SCORING_PRESETS)
    except ImportError:  # pragma: no cover
        return ["penalty-table"]


def table_blurb(rules: Rules, scoring: str) -> str:
    """One line on how ``rules`` and the scoring called ``scoring`` differ from the common
    core (the engine's words, true of the rules actually chosen)."""
    from big2.engine.explain import blurb
    from big2.engine.scoring import scoring_preset

    try:
        return i18n.render(blurb(rules, scoring_preset(scoring)))
    except ValueError:
        return ""


def describe_scoring(name: str) -> str:
    """One line on how a scoring scheme works."""
    try:
        from big2.engine.scoring import scoring_preset

        text = i18n.render(scoring_preset(name).explained())
    except (ImportError, AttributeError, ValueError, KeyError):
        return ""
    return text if isinstance(text, str) else " ".join(map(str, text))


def with_choice(rules: Rules, name: str, value: Any) -> Rules:
    """``rules`` with one field changed; the name marks it as a house variant."""
    if getattr(rules, name) == value:
        return rules
    base = rules.name.removesuffix(" (house)")
    return dataclasses.replace(rules, **{name: value, "name": f"{base} (house)"})
