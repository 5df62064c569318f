"""Deal numbers: a short number that, with the seat count and the rules, fixes a deal.

A deal number is an integer from 0 to 4 294 967 295 (``2**32 - 1``), shown in groups of
three digits (``4 294 967 295``). It is the seed of the shuffle below and nothing else:
the seat count and the rules (how many cards each seat gets, what happens to leftovers)
decide how the shuffled pack is dealt, and the session decides who leads, the direction
and any exchange. Two tables with the same number, seat count and rules get exactly the
same cards in the same seats.

The shuffle is written out here, not borrowed from :mod:`random`, so a number stays
valid in every version of the game and of Python. It must never change; a different
shuffle would need a new, visibly different number format.

**The shuffle.** Cards are the engine's card ints (``rank * 4 + suit``; ranks 3 4 5 6 7 8
9 10 J Q K A 2, suits ♦ ♣ ♥ ♠ — the card identities, whatever the rules' suit order).

1. Generator: SplitMix64 with state ``s = number``. Each draw: ``s = (s +
   0x9E3779B97F4A7C15) mod 2**64``; ``z = s``; ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
   mod 2**64``; ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB mod 2**64``; the draw is
   ``z ^ (z >> 31)``.
2. A uniform integer below ``bound``: draw ``r``; if ``r >= 2**64 - (2**64 mod bound)``
   draw again; the result is ``r mod bound``.
3. Fisher–Yates: start from the pack ``[0, 1, …, 51]``; for ``i`` from 51 down to 1, take
   ``j`` = a uniform integer below ``i + 1`` and swap positions ``i`` and ``j``.
4. The deal: with ``k`` cards each, seat 0 gets positions ``0 … k-1`` of the shuffled
   pack, seat 1 the next ``k`` and so on (seat 0 is the first seat at the table, then
   anticlockwise); the rest is the stock, or the leftovers dealt face up to the holder
   of the lowest card (see :func:`big2.engine.dealing.deal_from_pack`).
"""

from __future__ import annotations

import re
from typing import Final

from .messages import Message, msg

#: Deal numbers run from 0 to ``DEAL_NUMBER_LIMIT - 1``.
DEAL_NUMBER_LIMIT: Final = 1 << 32
_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_SEPARATORS: Final = re.compile(r"[\s,._'\-]+")


class DealNumberError(ValueError):
    """Text that is not a deal number. ``str(error)`` is a sentence for the player
    (English); ``error.message`` is the same sentence as a
    :class:`~big2.engine.messages.Message` for the app to translate."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


def _splitmix64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: ``(new_state, output)``."""
    state = (state + _GOLDEN) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def shuffled_pack(number: int) -> list[int]:
    """The 52 card ints in the order deal number ``number`` shuffles them (see above)."""
    check_deal_number(number)
    pack = list(range(52))
    state = number
    for i in range(51, 0, -1):
        bound = i + 1
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            state, r = _splitmix64(state)
            if r < limit:
                break
        j = r % bound
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def check_deal_number(number: int) -> int:
    """``number`` if it is a deal number, else :class:`DealNumberError`."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise DealNumberError(msg("A deal number is a whole number."))
    if not 0 <= number < DEAL_NUMBER_LIMIT:
        raise DealNumberError(msg("A deal number runs from 0 to {highest}.",
                                  highest=format_deal_number(DEAL_NUMBER_LIMIT - 1)))
    return number


def format_deal_number(number: int) -> str:
    """The number in groups of three digits from the right: ``"4 294 967 295"``."""
    return f"{number:,}".replace(",", " ")


def parse_deal_number(text: str) -> int:
    """The deal number written in ``text``; inverse of :func:`format_deal_number`.

    Accepts the digits with or without separators (spaces, commas, dots, dashes,
    underscores, apostrophes) and a leading ``#``. For any other text (separators alone,
    letters, a lone surrogate, anything at all) it raises :class:`DealNumberError`, a
    :class:`ValueError` with a sentence for the player, and never anything else.
    """
    if not isinstance(text, str):
        raise DealNumberError(msg("Type a deal number, for example 1 234 567."))
    cleaned = text.strip().removeprefix("#").strip()
    digits = _SEPARATORS.sub("", cleaned)
    if not digits:  # nothing, or separators only ("-", "#-", " . ")
        raise DealNumberError(msg("Type a deal number, for example 1 234 567."))
    for ch in digits:
        if not (ch.isascii() and ch.isdigit()):
            shown = ch if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF else f"U+{ord(ch):04X}"
            raise DealNumberError(msg("A deal number has only digits; '{bad}' is not one.", bad=shown))
    if len(digits) > 10:
        raise DealNumberError(msg("A deal number has at most 10 digits; this one has {count}.",
                                  count=len(digits)))
    return check_deal_number(int(digits))


#: A deal number written after ``#`` inside a longer text: grouped by threes, or plain.
_IN_TEXT: Final = re.compile(r"#\s?(\d{1,3}(?:[ ,.'_\u00a0\u202f]\d{3})+|\d+)(?!\d)")


def deal_number_in(text: str) -> int:
    """The deal number in ``text``: the whole text as :func:`parse_deal_number` reads
    it, or else the one number written after a ``#`` in it (``"#96 944 034 · Big Two
    daily 2026-12-06"``, the daily deal's share text pasted whole, on one line or
    several). :class:`DealNumberError` as :func:`parse_deal_number` says it when the
    text is neither, or names two different numbers after ``#``."""
    try:
        return parse_deal_number(text)
    except DealNumberError as exc:
        if not isinstance(text, str):
            raise
        found = {_SEPARATORS.sub("", m.group(1)) for m in _IN_TEXT.finditer(text)}
        if len(found) != 1:
            raise exc from None
        return parse_deal_number(found.pop())
