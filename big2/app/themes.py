"""Table themes: a felt, a card back and a deck style chosen together (no pygame).

A theme is not stored: it is read from the felt and the back the settings hold. A felt
and a back that make one of :data:`THEMES` are that theme (and its deck style); any
other pair is "custom", drawn with the standard deck. So settings files written before
themes existed load as they were: green felt with blue backs (the old defaults) is
Classic, anything else stays the player's own choice. High contrast overrides every
theme (see :attr:`big2.app.settings.AppSettings.felt_colours`).
"""

from __future__ import annotations

from dataclasses import dataclass

#: The felts offered, as (centre, edge) colours of the radial gradient.
FELTS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "green": ((22, 94, 58), (14, 66, 40)),
    "blue": ((24, 70, 120), (14, 44, 84)),
    "red": ((120, 30, 40), (80, 18, 26)),
    "charcoal": ((52, 56, 60), (30, 32, 36)),
    "midnight": ((22, 42, 86), (8, 16, 40)),
    "oxblood": ((98, 24, 32), (48, 10, 16)),
}
#: The card backs offered (drawn by :func:`big2.app.ui.cardart.back`).
CARD_BACKS = ("blue", "red", "navy_gold", "lacquer")
#: The deck styles (the faces' paper and edge; see :mod:`big2.app.ui.cardart`).
DECKS = ("standard", "silver", "ivory")
CUSTOM = "custom"


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    felt: str
    back: str
    deck: str


#: The themes in the order Settings offers them.
THEMES: dict[str, Theme] = {
    "classic": Theme("classic", "green", "blue", "standard"),
    "midnight": Theme("midnight", "midnight", "navy_gold", "silver"),
    "lacquer": Theme("lacquer", "oxblood", "lacquer", "ivory"),
}


def theme_of(felt: str, back: str) -> str:
    """The theme a felt and a back make, or :data:`CUSTOM`."""
    for theme in THEMES.values():
        if (theme.felt, theme.back) == (felt, back):
            return theme.name
    return CUSTOM


def deck_of(felt: str, back: str) -> str:
    """The deck style drawn with this felt and back (standard for a custom pair)."""
    theme = THEMES.get(theme_of(felt, back))
    return theme.deck if theme is not None else "standard"
