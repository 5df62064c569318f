"""The bottom player's hand as the screen shows it: order, selection, keyboard focus.

Pure data, no pygame. The order is the player's own (sorting or dragging changes it);
the engine only ever sees the set of selected cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

SORT_MODES = ("rank", "suit", "combinations")
#: Splits cards into groups in display order (see :func:`big2.ai.arrange.arrange_by_plan`).
Grouper = Callable[[list[int]], list[list[int]]]


class HandModel:
    """The hand's order, selection and focus.

    ``grouper`` enables the third sort, "combinations": the cards in the groups it
    returns, with :meth:`starts_group` telling the fan where to leave a gap. The groups
    are made again whenever cards leave the hand.
    """

    def __init__(self, cards: Iterable[int] = (), *, strength: Callable[[int], int] = lambda c: c,
                 grouper: Grouper | None = None) -> None:
        self.strength = strength
        self.grouper = grouper
        self.group_starts: set[int] = set()
        self.sort_mode = "rank"
        self.cards: list[int] = []
        self.selected: set[int] = set()
        self.focus = 0
        self.set_cards(cards)

    def __len__(self) -> int:
        return len(self.cards)

    def set_cards(self, cards: Iterable[int]) -> None:
        self.cards = list(cards)
        self.selected.clear()
        self.sort()
        self.focus = 0

    def _key(self, c: int) -> tuple[int, int]:
        s = self.strength(c)
        if self.sort_mode == "suit":
            return (s % 4, s // 4)
        return (s // 4, s % 4)

    @property
    def modes(self) -> tuple[str, ...]:
        """The sorts S cycles through: rank, suit, and combinations when grouped."""
        return SORT_MODES if self.grouper is not None else SORT_MODES[:2]

    def sort(self, mode: str | None = None) -> None:
        if mode is not None:
            if mode not in self.modes:
                raise ValueError(f"sort by {' or '.join(self.modes)}, not {mode!r}")
            self.sort_mode = mode
        self.group_starts = set()
        if self.sort_mode == "combinations" and self.grouper is not None:
            groups = [g for g in self.grouper(list(self.cards)) if g]
            self.cards = [c for g in groups for c in g]
            self.group_starts = {g[0] for g in groups[1:]}
            return
        self.cards.sort(key=self._key)

    def starts_group(self, index: int) -> bool:
        """Whether the card at ``index`` begins a new group (a gap goes before it)."""
        return 0 < index < len(self.cards) and self.cards[index] in self.group_starts

    def toggle_sort(self) -> str:
        """Switch to the next sort (rank → suit → combinations → rank); returns it."""
        modes = self.modes
        i = modes.index(self.sort_mode) if self.sort_mode in modes else -1
        self.sort(modes[(i + 1) % len(modes)])
        return self.sort_mode

    def toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.discard(card)
        elif card in self.cards:
            self.selected.add(card)

    def select_only(self, cards: Iterable[int]) -> None:
        self.selected = {c for c in cards if c in self.cards}

    def clear_selection(self) -> None:
        self.selected.clear()

    def remove(self, cards: Iterable[int]) -> None:
        gone = set(cards)
        focused = self.cards[self.focus] if self.cards and 0 <= self.focus < len(self.cards) else None
        self.cards = [c for c in self.cards if c not in gone]
        self.selected -= gone
        if self.sort_mode == "combinations" and gone:
            self.sort()
        if focused is not None and focused in self.cards:
            self.focus = self.cards.index(focused)
        self.focus = max(0, min(self.focus, len(self.cards) - 1))

    def move(self, card: int, slot: int) -> None:
        """Move ``card`` to index ``slot`` (drag to reorder)."""
        if card not in self.cards:
            return
        self.cards.remove(card)
        slot = max(0, min(slot, len(self.cards)))
        self.cards.insert(slot, card)
        self.group_starts = set()  # the player's own order now: no groups

    def move_focus(self, step: int) -> None:
        if self.cards:
            self.focus = (self.focus + step) % len(self.cards)

    def toggle_focused(self) -> None:
        if self.cards:
            self.toggle(self.cards[self.focus])

    @property
    def selection_in_order(self) -> list[int]:
        return [c for c in self.cards if c in self.selected]
