"""A check that every word drawn on screen came through the translation layer.

Off unless a test turns it on (:func:`start`): then every text the layer hands out in
the current language is remembered, and so is every text marked :func:`verbatim`
(players' names, typed by them). A drawn string passes when each of its words (a run of
two or more letters) is a word of something remembered; for Chinese, whose words are not
separated, when each run of letters is part of something remembered. So wrapped lines,
filled-in templates and texts joined with " · " pass, and a sentence that bypassed the
layer fails on its first English word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

_WORD = re.compile(r"[^\W\d_]{2,}")
_FIELD = re.compile(r"\{[^{}]*\}")


def _is_cjk(ch: str) -> bool:
    return "\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


@dataclass
class ShownCheck:
    """What the layer handed out while checking, and what was drawn that it did not."""

    words: set[str] = field(default_factory=set)
    texts: list[str] = field(default_factory=list)
    offenders: list[str] = field(default_factory=list)

    def remember(self, text: str) -> None:
        plain = _FIELD.sub(" ", text)  # a template's {fields} are filled in later
        self.texts.append(plain)
        self.words.update(w.casefold() for w in _WORD.findall(plain))

    def stray_words(self, text: str) -> list[str]:
        """The words of ``text`` that nothing remembered contains."""
        stray = []
        for word in _WORD.findall(text):
            if word.casefold() in self.words:
                continue
            if any(_is_cjk(ch) for ch in word):
                stray.extend(self._stray_in_cjk(word))
            else:
                stray.append(word)
        return stray

    def _stray_in_cjk(self, run: str) -> list[str]:
        """Chinese is written without spaces, so a filled-in template runs its pieces
        together ("標準" + "規則"): each stretch of hanzi must split into parts of remembered
        texts (longest first), each stretch of other letters must be a remembered word."""
        stray = []
        for part in re.findall(r"[\u2e80-\u9fff\uf900-\ufaff]+|[^\u2e80-\u9fff\uf900-\ufaff]+", run):
            if not _is_cjk(part[0]):
                if len(part) >= 2 and part.casefold() not in self.words:
                    stray.append(part)
                continue
            i = 0
            while i < len(part):
                j = len(part)
                while j > i and not any(part[i:j] in t for t in self.texts):
                    j -= 1
                if j == i:
                    stray.append(part)
                    break
                i = j
        return stray

    def shown(self, text: str, where: str = "") -> None:
        """Note ``text`` as drawn; it becomes an offender if it has stray words."""
        if self.stray_words(text):
            self.offenders.append(f"{where}: {text!r}" if where else repr(text))


_state: dict[str, ShownCheck | None] = {"check": None}


def start() -> ShownCheck:
    """Begin remembering (for tests); returns the check to read offenders from."""
    check = ShownCheck()
    _state["check"] = check
    return check


def stop() -> None:
    _state["check"] = None


def active() -> ShownCheck | None:
    return _state["check"]


def remember(text: str) -> str:
    """Hand ``text`` on, remembering it when a check is running."""
    check = _state["check"]
    if check is not None:
        check.remember(text)
    return text


def verbatim(text: str) -> str:
    """Mark ``text`` as shown as it is in every language (a player's name) and return it."""
    return remember(text)


def remember_all(texts: Iterable[str]) -> None:
    for t in texts:
        remember(t)
