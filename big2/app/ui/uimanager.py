"""pygame_gui's UI manager with its theming-id cache bounded (memory that grew with use).

Every pygame_gui element, when made, asks the theme for its "combined ids" (the theme
blocks that may style it, most specific first). pygame_gui 0.6 keeps each answer in a
dict that is never emptied, under a key built by ``str.join`` of the id lists' reprs
into one another: its length is the *product* of theirs, so an option inside an open
drop-down makes a key of 2-3 million characters (4-6 MB). A drop-down's options carry
their ids as object ids, and Settings' window-size list holds the current size: every
size the window had added entries of megabytes each. 25,000 random UI events ended at
388 MB of resident memory, most of it these keys.

:class:`UIManager` is pygame_gui's own with one change: its theme (:class:`Theme`)
answers from a cache keyed by the id tuples themselves, holding at most
:data:`Theme.KEEP` answers (least recently used go first), and never fills
pygame_gui's dict. The answers are the same as pygame_gui's (the tests compare them).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Optional

import pygame_gui
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

IdList = Optional[list]


def _key(ids: IdList) -> tuple[Any, ...] | None:
    return None if ids is None else tuple(ids)


class Theme(UIAppearanceTheme):
    """pygame_gui's theme; its combined ids cached by a small key, and bounded."""

    #: Combined-id lists kept. A screen uses a few dozen distinct hierarchies; a drop-down's
    #: options one each. Each entry is a few hundred bytes.
    KEEP = 512

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._combined: OrderedDict[tuple[Any, ...], list[str]] = OrderedDict()

    def build_all_combined_ids(self, element_base_ids: IdList, element_ids: IdList,
                               class_ids: IdList, object_ids: IdList) -> list[str]:
        """The ids that may style an element, most specific first (pygame_gui's answer)."""
        key = (_key(element_base_ids), _key(element_ids), _key(class_ids), _key(object_ids))
        found = self._combined.get(key)
        if found is not None:
            self._combined.move_to_end(key)
            return found
        if hasattr(self, "_get_next_id_node"):
            combined = self._combine(element_base_ids, element_ids, class_ids, object_ids)
        else:  # another pygame_gui: its own answer, and its dict emptied again
            combined = super().build_all_combined_ids(element_base_ids, element_ids, class_ids, object_ids)
            self.unique_theming_ids.clear()
        self._combined[key] = combined
        while len(self._combined) > self.KEEP:
            self._combined.popitem(last=False)
        return combined

    def _combine(self, element_base_ids: IdList, element_ids: IdList, class_ids: IdList,
                 object_ids: IdList) -> list[str]:
        """pygame_gui 0.6.14's ``build_all_combined_ids`` after its cache look-up."""
        combined_ids: list[str] = []
        if object_ids is not None and element_ids is not None and class_ids is not None \
                and element_base_ids is not None:
            if len(object_ids) != len(element_ids) or len(class_ids) != len(element_ids) \
                    or len(element_base_ids) != len(element_ids):
                raise ValueError(
                    f"Object & class ID hierarchy is not equal in length to Element ID"
                    f" hierarchyElement IDs: {element_ids}\nClass IDs: {class_ids}\n"
                    f"\nObject IDs: {object_ids}\n")
            if len(element_ids) != 0:
                self._get_next_id_node(None, element_base_ids, element_ids, class_ids, object_ids,
                                       0, len(element_ids), combined_ids)
            # then each id with its outer parts dropped, a part at a time, until a pass
            # meets an id with no part left to drop (pygame_gui's loop as it is)
            found_all = False
            current = combined_ids[:]
            while not found_all:
                if not current:
                    break
                for index, cid in enumerate(current):
                    dot = cid.find(".")
                    if dot == -1:
                        found_all = True
                    else:
                        current[index] = cid[dot + 1:]
                        combined_ids.append(current[index])
        return combined_ids

    @property
    def combined_ids_kept(self) -> int:
        """How many combined-id lists the theme holds (its own cache and pygame_gui's)."""
        return len(self._combined) + len(self.unique_theming_ids)


class UIManager(pygame_gui.UIManager):
    """pygame_gui's UI manager with the bounded :class:`Theme`."""

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        theme = Theme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme
