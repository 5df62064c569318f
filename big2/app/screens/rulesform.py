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

from ...i18n import N_, _, verbatim

_KNOWN: dict[str, tuple[str, str, list[tuple[str, Any]]]] = {
    "suit_order": (
        N_("Suit order"),
        N_("Which suit wins a tie of ranks; the lowest suit's 3 starts."),
        [(N_("♦ < ♣ < ♥ < ♠ (standard)"), "dchs"), (N_("♣ < ♠ < ♥ < ♦ (Pusoy Dos)"), "cshd"), (N_("♣ < ♦ < ♥ < ♠ (Taiwan)"), "cdhs")],
    ),
    "cards_per_player": (
        N_("Cards each"),
        N_("13 is usual; 17 or 21 with two or three players."),
        [("13", 13), ("17", 17), ("21", 21)],
    ),
    "first_lead_has_lowest": (N_("First lead: lowest card"), N_("The first play of a hand must include the lowest card."), []),
    "straight_order": (N_("Straight order"), N_("Which runs count as straights and which straight is highest."), []),
    "flush_order": (N_("Flush order"), N_("How two flushes are compared."), []),
    "straight_flush_by_flush_order": (
        N_("Straight flushes by the flush order"),
        N_("Straight flushes rank against each other as flushes do (by suit first, say)."),
        [],
    ),
    "later_leader": (N_("Who leads later hands"), N_("Who starts the second and later hands of a session."), []),
    "direction": (N_("Direction of play"), N_("Which way the turn passes round the table."), []),
    "assistant": (N_("Assistant rule"), N_("Duties of the player before someone holding one card."), []),
    "pass_locks_out": (N_("Passing locks you out"), N_("Once you pass you sit out the rest of the trick."), []),
    "four_alone": (N_("Four of a kind alone"), N_("Four of a kind may be played without a fifth card."), []),
    "bombs": (N_("Bombs"), N_("Five-card hands that beat singles, pairs and triples."), []),
    "deck": (N_("Combinations"), N_("Leaner sets: no triples or flushes, or Da Lao Er."), []),
    "dragon_wins": (N_("Dragon wins"), N_("A hand with one card of every rank wins at once."), []),
    "lone_two": (N_("Going out on a 2"), N_("Whether your last card may be a lone 2."), []),
    "hand_end": (N_("End of a hand"), N_("First player out ends it, or play on to a finish order."), []),
    "auto_pass": (N_("Automatic pass"), N_("Pass for a player who cannot beat the table."), []),
    "leftovers": (N_("Cards left over"), N_("With two or three players: what happens to undealt cards."), []),
    "stock_draw": (N_("Drawing from the stock"), N_("With two or three players: a passing player draws."), []),
    "three_player_exchange": (N_("Three-player exchange"), N_("The loser gives their highest card to the winner."), []),
}
_MEMBER_LABELS = {
    "hong-kong": N_("Hong Kong: A2345 > 23456 > … > 34567"),
    "top-card": N_("By top card, 2 high: JQKA2 highest"),
    "no-wrap": N_("No wrap: 2AKQJ highest, 76543 lowest"),
    "23456-high": N_("23456 > A2345 > … > 34567"),
    "23456-high-a2345-low": N_("23456 highest, A2345 lowest"),
    "no-a2345": N_("No A2345; 23456 highest"),
    "2akqj-high-65432-low": N_("2AKQJ highest, 65432 lowest"),
    "65432-second": N_("2AKQJ, then 65432, then AKQJT"),
    "indonesia": N_("Indonesia: straights with a 2 beat all"),
    "highest-card": N_("By highest card"),
    "suit-first": N_("By suit, then highest card"),
    "poker": N_("All five cards, as in poker"),
    "lowest-card": N_("Holder of the lowest card"),
    "winner": N_("Winner of the last hand"),
    "loser": N_("Loser of the last hand"),
    "indonesian-rounds": N_("Indonesian rounds of ten"),
    "anticlockwise": N_("Anticlockwise"),
    "clockwise": N_("Clockwise"),
    "alternate": N_("Alternate, anticlockwise first"),
    "alternate-clockwise-first": N_("Alternate, clockwise first"),
    "off": N_("Off"),
    "enforced": N_("Enforced"),
    "liability": N_("Liability: pays if it goes wrong"),
    "none": N_("None"),
    "honour-hands": N_("Honour hands beat small plays"),
    "royal-over-fours": N_("Royal flush beats four of a kind"),
    "full": N_("All combinations"),
    "no-triples-no-flushes": N_("No triples, no flushes"),
    "da-lao-er": N_("Da Lao Er"),
    "allowed": N_("Allowed"),
    "no-lone-two": N_("Not on a lone 2"),
    "no-lone-top-two": N_("Not on the top 2"),
    "first-out": N_("First out ends it"),
    "play-on": N_("Play on (5/3/1/0)"),
    "unused": N_("Left face down"),
    "to-lowest": N_("To the lowest card's holder"),
    "one": N_("Draw one card"),
    "as-many-as-needed": N_("Draw as many as the play"),
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
            options = [(N_("Yes"), True), (N_("No"), False)]
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


_SCORING_TITLES = {
    "penalty-table": N_("Penalty table"),
    "winner-collects": N_("Winner collects"),
    "winner-only": N_("Winner collects, no side bets"),
    "pairwise": N_("Pairwise settling"),
    "super": N_("Super (pairwise, multiplied)"),
    "chudadi-standard": N_("Chudadi standard"),
    "chudadi-hong-kong": N_("Chudadi Hong Kong"),
    "one-per-card": N_("One point a card"),
    "greater-penalties": N_("Greater penalties"),
    "double-double": N_("Double and double again"),
    "twos-double": N_("Each 2 held doubles"),
    "starter-doubles": N_("Multiplied for the starter only"),
    "all-twos-double": N_("Going out on 2s doubles"),
    "difference-doubling": N_("Doubling on the difference"),
    "face-values": N_("Card values (face)"),
    "rank-values": N_("Card values (rank)"),
    "da-lao-er": N_("Da Lao Er"),
    "taiwan-loser-pays": N_("Taiwan: loser pays"),
    "pusoy-dos": N_("Pusoy Dos"),
    "finish-order": N_("Finishing order (5/3/1/0)"),
    "indonesia-honours": N_("Indonesia, with honours"),
}


def scoring_title(name: str) -> str:
    """A scoring scheme's name for players, in the current language (an unknown id as is)."""
    title = _SCORING_TITLES.get(name)
    return _(title) if title else verbatim(name)


def shown(label: str) -> str:
    """An option or label of this module (marked with ``N_``) in the current language."""
    return _(label) if label else label


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


#: What a rule set's name ends with when its options differ from its preset's (the
#: history keeps it; ``big2.app.vocab.preset_title`` shows "Custom (from Standard)").
HOUSE = " (house)"


def named_for(rules: Rules, preset: str) -> Rules:
    """``rules`` named for what they are: ``preset`` (an engine preset's id) when they are
    that preset's rules, else ``"<preset> (house)"``. Unknown presets keep the house mark."""
    try:
        from big2.engine.presets import get_preset

        same = dataclasses.replace(rules, name=preset) == get_preset(preset).rules
    except (ImportError, KeyError):
        same = False
    name = preset if same else f"{preset}{HOUSE}"
    return rules if rules.name == name else dataclasses.replace(rules, name=name)


def is_house(rules: Rules) -> bool:
    """Do ``rules`` differ from their preset's (their name says so: see :func:`named_for`)?"""
    return rules.name.endswith(HOUSE)


def with_choice(rules: Rules, name: str, value: Any) -> Rules:
    """``rules`` with one field changed, named as a house variant of their preset (or
    the preset's own name again once every option is back to the preset's)."""
    if getattr(rules, name) == value:
        return rules
    base = rules.name.removesuffix(HOUSE)
    return named_for(dataclasses.replace(rules, **{name: value}), base)
