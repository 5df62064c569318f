"""The :class:`Scoring` scheme value, its words and JSON, and the named presets.

Import these from :mod:`big2.engine.scoring`, which re-exports them.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass, replace
from types import MappingProxyType
from typing import Final

from .messages import Message, msg, msg_n, sentences
from .scoring_tables import (
    FOUR_PENALTY,
    FOUR_TWOS_PENALTY,
    STRAIGHT_FLUSH_PENALTY,
    Basis,
    Multiplier,
    MultiplyBy,
    ScoringError,
    Settlement,
)


@dataclass(frozen=True, slots=True)
class Scoring:
    """A scoring scheme: a settlement plus its options. Presets: :data:`SCORING_PRESETS`.

    Options about penalties (``basis``, ``table``, ``multiply_by``, ``starter_only``,
    ``double_per_two``, ``double_on_all_twos``, ``honours``) act only with the
    penalty-based settlements (penalties, winner-only, pairwise); the other settlements
    ignore them and :meth:`describe` leaves them out.

    - ``table``: the :class:`Multiplier` for the count of cards left.
    - ``starter_only``: the table's multiplier applies only to the starter (seed 004:
      "the double score for having 10 or more cards applies only to the starter"); the
      other seats pay ×1 a card. The twos and all-twos doublings still apply to all.
    - ``double_per_two``: ×2 for each 2 a loser still holds (seed 004: 9 cards with two
      twos under ×2-for-8+ cost 9 × 2 × 2 × 2 = 72).
    - ``double_on_all_twos``: every penalty ×2 when the winner's last play was all twos.
    - ``honours``: Indonesian honour penalties (seed 004, Harold Hutabarat) for honour
      hands a loser is caught holding: 20 a four of a kind, 40 a straight flush, 80 for
      four twos. The seed's text is cut short after the table; our reading: they are
      penalties like cards, added after the multiplier, paid to whoever the settlement
      pays (the honours of a hand a seat *played* are not counted: it used them well).
    - ``unit``: scales every result (points a card, the Taiwan payment, the Pusoy Dos
      point, the finish-order points).
    - ``place_points``: finish-order points for first to fourth; with fewer players the
      last place takes the last value (3 players 5/3/0, 2 players 5/0).
    """

    name: str = "penalty-table"
    settlement: Settlement = Settlement.PENALTIES
    _: KW_ONLY
    basis: Basis = Basis.CARDS
    table: Multiplier = Multiplier.HONG_KONG
    multiply_by: MultiplyBy = MultiplyBy.EACH_PLAYER
    starter_only: bool = False
    double_per_two: bool = False
    double_on_all_twos: bool = False
    honours: bool = False
    unit: int = 1
    place_points: tuple[int, ...] = (5, 3, 1, 0)

    def __post_init__(self) -> None:
        for name, kind in _FIELD_TYPES.items():
            value = getattr(self, name)
            if kind in (bool, int, str):
                if type(value) is not kind:
                    raise ScoringError(
                        f"scoring option '{name}' must be {_KIND_WORDS[kind]}, not {value!r}"
                    )
            elif not isinstance(value, kind):
                raise ScoringError(f"scoring option '{name}' cannot be {value!r}")
        if self.unit < 1:
            raise ScoringError(f"scoring option 'unit' must be at least 1, not {self.unit}")
        if len(self.place_points) != 4 or any(
            type(p) is not int or p < 0 for p in self.place_points
        ):
            raise ScoringError(
                "scoring option 'place_points' needs 4 whole points of 0 or more, "
                f"not {self.place_points!r}"
            )
        if self.multiply_by is MultiplyBy.PAIR_DIFFERENCE and (
            self.settlement is not Settlement.PAIRWISE or self.basis is not Basis.CARDS
        ):
            raise ScoringError(
                "multiplying by the difference between two players needs pairwise "
                "settlement on a card count (settlement 'pairwise', basis 'cards')"
            )

    @property
    def zero_sum(self) -> bool:
        """Whether every hand's points sum to zero (winner-only, pairwise, loser-pays)."""
        return self.settlement.zero_sum

    def describe(self, *, dragon: bool = False, liability: bool = False) -> str:
        """The scheme in plain English words (see :meth:`explained`)."""
        return str(self.explained(dragon=dragon, liability=liability))

    def explained(self, *, dragon: bool = False, liability: bool = False) -> Message:
        """The scheme in plain words, for the rules screen and the new-game dialog, as a
        :class:`~big2.engine.messages.Message` the app renders in the player's language.

        Pass ``dragon`` / ``liability`` when the table's rules enable the dragon or the
        assistant rule's liability, to add how this scheme scores them.
        """
        out = _sentences(self)
        if dragon and self.settlement.uses_penalties:
            out.append(msg("A player beaten by a dragon pays as if holding 13 cards never played."))
        if liability and (self.settlement.uses_penalties
                          or self.settlement is Settlement.LOSER_PAYS):
            out.append(msg("A player who ignored the assistant rule, when the next player "
                           "then won, pays everyone's losses and collects nothing."))
        return sentences(*out)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict; :meth:`from_dict` gives back an equal scheme."""
        out: dict[str, object] = {}
        for name in _FIELD_TYPES:
            value = getattr(self, name)
            if isinstance(value, enum.Enum):
                value = value.value
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Scoring:
        """Read :meth:`to_dict` output; missing keys take their defaults.

        Raises :class:`ScoringError` naming any unknown key, unknown value or value of
        the wrong type.
        """
        if not isinstance(data, Mapping):
            raise ScoringError(f"a scoring scheme is a JSON object, not {type(data).__name__}")
        unknown = sorted(str(k) for k in set(data) - set(_FIELD_TYPES))
        if unknown:
            raise ScoringError(f"unknown scoring option(s): {', '.join(unknown)}")
        kwargs: dict[str, object] = {}
        for name, value in data.items():
            kind = _FIELD_TYPES[name]
            if issubclass(kind, enum.Enum):
                try:
                    kwargs[name] = kind(value)
                except ValueError:
                    allowed = ", ".join(str(m.value) for m in kind)
                    raise ScoringError(
                        f"scoring option '{name}' cannot be {value!r} (one of: {allowed})"
                    ) from None
            elif kind is tuple:
                if not isinstance(value, (list, tuple)):
                    raise ScoringError(f"scoring option '{name}' must be a list, not {value!r}")
                kwargs[name] = tuple(value)
            else:
                kwargs[name] = value
        return cls(**kwargs)  # type: ignore[arg-type]


_FIELD_TYPES: Final[Mapping[str, type]] = MappingProxyType({
    "name": str, "settlement": Settlement, "basis": Basis, "table": Multiplier,
    "multiply_by": MultiplyBy, "starter_only": bool, "double_per_two": bool,
    "double_on_all_twos": bool, "honours": bool, "unit": int, "place_points": tuple,
})
_KIND_WORDS: Final[Mapping[type, str]] = MappingProxyType(
    {bool: "true or false", int: "a whole number", str: "text"}
)


def _points(n: int) -> Message:
    return msg_n("{n} point", "{n} points", n)


def _sentences(s: Scoring) -> list[Message]:
    """The sentences of :meth:`Scoring.explained`, in reading order."""
    if s.settlement is Settlement.LOSER_PAYS:
        return [msg("Only the loser pays: the player left with most cards (a tie goes to the one "
                    "with the weaker cards) pays the winner {points}; no one else pays.",
                    points=_points(s.unit))]
    if s.settlement is Settlement.POSITIVE:
        return [msg("Positive points: the winner scores {points}, doubled for each 2 in their "
                    "winning play (1, 2, 4, 8 or 16 times); the others score nothing.",
                    points=_points(s.unit))]
    if s.settlement is Settlement.FINISH_ORDER:
        pts = [p * s.unit for p in s.place_points]
        return [msg("Play goes on until one player is left; by finishing place the players score "
                    "{first}, {second}, {third} and {last} (with three players {first}, {second} "
                    "and {last}; with two {first} and {last}). Players still holding cards when "
                    "the hand ends are placed by fewer cards.",
                    first=pts[0], second=pts[1], third=pts[2], last=pts[3])]
    count = s.basis.words()
    if s.unit != 1:
        count = msg("{count} (each worth {points})", count=count, points=_points(s.unit))
    if s.table is not Multiplier.NONE:
        if s.multiply_by is MultiplyBy.PAIR_DIFFERENCE:
            count = msg("{count}, multiplied according to the difference between the two "
                        "players' cards: {table}", count=count, table=s.table.words())
        else:
            count = msg("{count}, multiplied according to the cards left: {table}", count=count,
                        table=s.table.words())
        if s.starter_only:
            count = msg("{count}, for the starter only", count=count)
    if s.double_per_two:
        count = msg("{count}; doubled again for each 2 still held", count=count)
    if s.double_on_all_twos:
        count = msg("{count}; all doubled when the winner's last play is all twos", count=count)
    head = {
        Settlement.PENALTIES: msg("Penalty points: each player left holding cards loses {count}; "
                                  "the winner loses nothing. Players settle the differences "
                                  "between their totals.", count=count),
        Settlement.WINNER_ONLY: msg("The winner collects from each other player {count}; the "
                                    "other players pay nothing to each other.", count=count),
        Settlement.PAIRWISE: msg("Every pair of players settles up: the one with more cards pays "
                                 "the difference, counting {count}.", count=count),
    }[s.settlement]
    out = [head]
    if s.honours:
        out.append(msg("Honours caught in hand cost extra: {four} a four of a kind, {flush} a "
                       "straight flush, {twos} for four twos.", four=FOUR_PENALTY,
                       flush=STRAIGHT_FLUSH_PENALTY, twos=FOUR_TWOS_PENALTY))
    return out


_P, _W, _PW = Settlement.PENALTIES, Settlement.WINNER_ONLY, Settlement.PAIRWISE
_M = Multiplier

#: Every named scheme of RULES.md §4, by name. Look names up with :func:`scoring_preset`.
SCORING_PRESETS: Final[Mapping[str, Scoring]] = MappingProxyType({
    s.name: s for s in (
        # Seed 004 basic game: 1/2/3 a card, pairs settle differences of totals.
        Scoring("penalty-table", _P, table=_M.HONG_KONG),
        # Seed 003: -1/-2/-3 (never played), the winner collects.
        Scoring("winner-collects", _W, table=_M.BIG_2),
        # Seed 004: only the winner collects, on the 1/2/3 table; seed 001's example
        # ($5 a card, $10 with 10 or more, $15 with 13) is this with unit=5.
        Scoring("winner-only", _W, table=_M.HONG_KONG),
        # Seed 000: 1 point a card, every pair settles the difference.
        Scoring("pairwise", _PW, table=_M.NONE),
        # Seed 000 Super Cho Dai Di.
        Scoring("super", _PW, table=_M.SUPER),
        # Seed 002 standard and Hong Kong multipliers.
        Scoring("chudadi-standard", _PW, table=_M.CHUDADI),
        Scoring("chudadi-hong-kong", _PW, table=_M.HONG_KONG),
        # Seed 004 variants on the penalty table.
        Scoring("one-per-card", _P, table=_M.NONE),
        Scoring("greater-penalties", _P, table=_M.STEEP),
        Scoring("double-double", _P, table=_M.DOUBLE_DOUBLE),
        Scoring("twos-double", _P, table=_M.DOUBLE_DOUBLE, double_per_two=True),
        Scoring("starter-doubles", _P, table=_M.HONG_KONG, starter_only=True),
        Scoring("all-twos-double", _P, table=_M.HONG_KONG, double_on_all_twos=True),
        Scoring("difference-doubling", _PW, table=_M.KAM,
                multiply_by=MultiplyBy.PAIR_DIFFERENCE),
        Scoring("face-values", _P, basis=Basis.FACE_VALUES, table=_M.TEN_OR_MORE),
        Scoring("rank-values", _P, basis=Basis.RANK_VALUES, table=_M.TEN_OR_MORE),
        Scoring("da-lao-er", _P, table=_M.DA_LAO_ER),
        Scoring("taiwan-loser-pays", Settlement.LOSER_PAYS),
        Scoring("pusoy-dos", Settlement.POSITIVE),
        Scoring("finish-order", Settlement.FINISH_ORDER),
        # Seed 004 Indonesia: the honours on top of the survey's basic penalty table
        # (the seed gives only the honours; the base count is our choice).
        Scoring("indonesia-honours", _P, table=_M.HONG_KONG, honours=True),
    )
})

#: Other names people use for the presets.
SCORING_ALIASES: Final[Mapping[str, str]] = MappingProxyType({
    "standard": "penalty-table", "penalties": "penalty-table",
    "big-2": "winner-collects", "big-two": "winner-collects", "choi-dai-di": "winner-only",
    "cho-dai-di": "pairwise", "super-cho-dai-di": "super",
    "chudadi": "chudadi-standard", "hong-kong": "chudadi-hong-kong",
    "kam": "difference-doubling", "card-values": "face-values",
    "taiwan": "taiwan-loser-pays", "loser-pays": "taiwan-loser-pays",
    "indonesia": "indonesia-honours", "honours": "indonesia-honours",
    "play-on": "finish-order",
})


def scoring_preset(name: str, **changes: object) -> Scoring:
    """The preset called ``name`` (case, spaces and underscores ignored; aliases work).

    Keyword ``changes`` derive a house variant, e.g.
    ``scoring_preset("pairwise", double_per_two=True)`` (it keeps the preset's name
    unless ``name=`` is given too). Every rule-set preset name of the rules engine
    (standard, hong-kong, taiwan, pusoy-dos, indonesia, cho-dai-di, chudadi, big-2,
    choi-dai-di) resolves to the scoring its source describes. Raises :class:`ScoringError`
    naming the unknown name and listing the known ones.
    """
    key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
    key = SCORING_ALIASES.get(key, key)
    if key not in SCORING_PRESETS:
        raise ScoringError(
            f"unknown scoring '{name}'; known: {', '.join(SCORING_PRESETS)}"
        )
    preset = SCORING_PRESETS[key]
    if changes:
        unknown = sorted(set(changes) - set(_FIELD_TYPES))
        if unknown:
            raise ScoringError(f"unknown scoring option(s): {', '.join(unknown)}")
        return replace(preset, **changes)  # type: ignore[arg-type]
    return preset
