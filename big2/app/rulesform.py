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

from big2.engine import rules as rules_mod
from big2.engine.rules import STANDARD, Rules

_KNOWN: dict[str, tuple[str, str, list[tuple[str, Any]]]] = {
    "suit_order": (
        "Suit order",
        "Which suit beats which when ranks tie (the lowest 3 leads).",
        [("♦ < ♣ < ♥ < ♠ (standard)", "dchs"), ("♣ < ♠ < ♥ < ♦ (Pusoy Dos)", "cshd"), ("♣ < ♦ < ♥ < ♠ (Taiwan)", "cdhs")],
    ),
    "cards_per_player": (
        "Cards each",
        "How many cards each player is dealt (13 is usual; 17 or 21 with fewer players).",
        [("13", 13), ("17", 17), ("21", 21)],
    ),
    "first_lead_has_lowest": (
        "First lead holds the lowest card",
        "The first play of a hand must include the lowest card (3♦ by default).",
        [("Yes", True), ("No", False)],
    ),
    "straight_order": ("Straight order", "How straights rank against each other.", []),
    "flush_order": ("Flush order", "How flushes rank against each other.", []),
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


def presets() -> dict[str, Rules]:
    """Named rule sets: the engine's, or just the standard one until it names more."""
    found = getattr(rules_mod, "PRESETS", None)
    if isinstance(found, dict) and found:
        return {str(k): v for k, v in found.items() if isinstance(v, Rules)}
    return {STANDARD.name: STANDARD}


def with_choice(rules: Rules, name: str, value: Any) -> Rules:
    """``rules`` with one field changed; the name marks it as a house variant."""
    if getattr(rules, name) == value:
        return rules
    base = rules.name.removesuffix(" (house)")
    return dataclasses.replace(rules, **{name: value, "name": f"{base} (house)"})
