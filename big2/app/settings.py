"""The app's settings as the table uses them: a small mutable object, no files.

``big2.persistence`` owns storing settings; :func:`from_mapping` and
:meth:`AppSettings.to_mapping` are the seam where its Settings plug in. Unknown or bad
values fall back to the defaults here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping

# the felts and backs (re-exported), and the themes they make: see big2.app.themes
from .themes import CARD_BACKS, FELTS, deck_of, theme_of
from big2.room.personas import PERSON_PORTRAITS

ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.7}
COMPUTER_PACES = {"instant": 0.0, "fast": 0.35, "normal": 0.8, "slow": 1.5}
#: The high-contrast felt: near black, so white cards and light text stand out most.
HIGH_CONTRAST_FELT = ((18, 22, 20), (4, 6, 5))
#: With reduced motion every animation takes at most this share of its usual time.
REDUCED_MOTION_SCALE = 0.3
#: With reduced motion no animation lasts longer than this (seconds; docs/design/look.md).
REDUCED_MOTION_CAP = 0.08
#: How much larger the table's cards and text are with "larger cards and text".
LARGER_CARDS_SCALE = 1.25


@dataclass
class AppSettings:
    animation: str = "normal"
    pace: str = "normal"
    felt: str = "green"
    card_back: str = "blue"
    four_colour: bool = False
    volume: float = 0.7
    muted: bool = False
    auto_pass: bool = False
    larger_cards: bool = False
    high_contrast: bool = False
    reduced_motion: bool = False
    left_handed: bool = False
    one_tap: bool = True
    #: The portrait the player picked for their own seat (a key of
    #: ``big2.room.personas.PERSON_PORTRAITS``); "" draws their initials.
    portrait: str = ""

    @property
    def anim_scale(self) -> float:
        """Multiplier for every animation duration (0 = no animation); reduced motion
        caps it at :data:`REDUCED_MOTION_SCALE`."""
        scale = ANIMATION_SPEEDS.get(self.animation, 1.0)
        return min(scale, REDUCED_MOTION_SCALE) if self.reduced_motion else scale

    @property
    def motion_cap(self) -> float | None:
        """The longest any animation may last (reduced motion: 80 ms), or None."""
        return REDUCED_MOTION_CAP if self.reduced_motion else None

    @property
    def celebrations(self) -> bool:
        """Whether decorative effects (confetti) may play: not with reduced motion or
        with animations off."""
        return not self.reduced_motion and ANIMATION_SPEEDS.get(self.animation, 1.0) > 0

    @property
    def card_scale(self) -> float:
        """How much larger than usual the table draws its cards and text."""
        return LARGER_CARDS_SCALE if self.larger_cards else 1.0

    @property
    def pace_delay(self) -> float:
        """Seconds a computer waits before its move is shown."""
        return COMPUTER_PACES.get(self.pace, 0.8)

    @property
    def felt_colours(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """The felt's centre and edge colours (the high-contrast felt overrides the choice)."""
        if self.high_contrast:
            return HIGH_CONTRAST_FELT
        return FELTS.get(self.felt, FELTS["green"])

    @property
    def theme(self) -> str:
        """The theme the felt and back make ("classic", "midnight", "lacquer") or "custom"."""
        return theme_of(self.felt, self.card_back)

    @property
    def deck_style(self) -> str:
        """The deck style cards are drawn in (high contrast draws its own over it)."""
        return deck_of(self.felt, self.card_back)

    def to_mapping(self) -> dict[str, Any]:
        return asdict(self)

    def to_persistence(self) -> dict[str, Any]:
        """The same values under big2.persistence's Settings field names."""
        back = {v: k for k, v in PERSISTENCE_NAMES.items()}
        return {back.get(k, k): v for k, v in asdict(self).items()}


#: big2.persistence's Settings names for the same things.
PERSISTENCE_NAMES = {
    "animation_speed": "animation",
    "computer_pace": "pace",
    "four_colour_deck": "four_colour",
}


def from_mapping(data: Mapping[str, Any] | Any) -> AppSettings:
    """Settings from a mapping or any object with matching attributes; bad values dropped.

    Accepts big2.persistence's Settings (or its JSON) as well: its field names are
    translated through :data:`PERSISTENCE_NAMES`.
    """
    if not isinstance(data, Mapping):
        data = {name: getattr(data, name) for name in dir(data) if not name.startswith("_")}
    data = {PERSISTENCE_NAMES.get(k, k): v for k, v in data.items()}
    s = AppSettings()
    choices = {
        "animation": ANIMATION_SPEEDS,
        "pace": COMPUTER_PACES,
        "felt": FELTS,
        "card_back": CARD_BACKS,
    }
    for f in fields(AppSettings):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name in choices:
            if value in choices[f.name]:
                setattr(s, f.name, value)
        elif f.name == "portrait":
            if value == "" or value in PERSON_PORTRAITS:
                s.portrait = value
        elif f.name == "volume":
            if isinstance(value, (int, float)) and 0 <= value <= 1:
                s.volume = float(value)
        elif isinstance(value, bool):
            setattr(s, f.name, value)
    return s
