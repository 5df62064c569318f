"""The achievements kept by the storage: read once, earned, written, announced once.

Everything here runs on the storage's writer thread (the score history's thread), so
earning is never raced: :func:`after_hand` (a hand was just recorded, from
:func:`.recorder.keep_hand`), and :func:`earn` with what the review or the daily results
found (:mod:`big2.app.achievements` submits those). :func:`ensure` reads the file when
the storage starts, before anything can be earned (so what the history holds then is
earned again silently, and what is earned later is announced); when neither it nor its previous copy could be read (or there
is no file yet) it earns them again from the score history and the daily results
(:func:`big2.persistence.feats.derive`), silently: they were announced when first earned.

A newly earned achievement is written at once and announced once, as an information
notice (the banner every screen shows; it does not move, so reduced motion has nothing
to take away). A write that fails is told as a notice; the achievement stays earned for
this run of the app and is earned again from the history at the next start if the file
is still missing.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from concurrent.futures import Future
from datetime import datetime
from typing import Any, Protocol

from big2.persistence import Notice, StorageError
from big2.persistence.achievements import ACHIEVEMENTS, AchievementBook, AchievementStore
from big2.persistence.daily import DailyBook, DailyStore
from big2.persistence.feats import ReviewSummary, derive, feats_of_hand
from big2.persistence.history import History
from big2.persistence.notices import Severity

from big2.app.achievementtext import TEXTS, announcement

log = logging.getLogger(__name__)


class Keeper(Protocol):
    """What the achievements need of the :class:`~big2.app.storage.store.Storage`."""

    paths: Any
    history: History | None
    daily_book: Any

    def tell(self, notice: Notice) -> None: ...

    def submit(self, fn: Any) -> None: ...


def summarise(data: Mapping[str, Any]) -> ReviewSummary | None:
    """A stored review's JSON as the achievements read it; None when unreadable."""
    from big2.ai.review import HandReview

    try:
        review = HandReview.from_json(dict(data))
    except (KeyError, TypeError, ValueError):
        return None
    return ReviewSummary(len(review.verdicts), len(review.costly), len(review.good), review.complete)


def _daily(st: Keeper) -> DailyBook:
    book = getattr(st, "daily_book", None)
    if book is None:
        loaded = DailyStore(st.paths).load()
        for notice in loaded.notices:
            st.tell(notice)
        book = st.daily_book = loaded.value
    return book  # type: ignore[no-any-return]


def ensure(st: Keeper) -> AchievementBook:
    """The achievements, read the first time (writer thread); see the module notes."""
    book = getattr(st, "achievement_book", None)
    if book is not None:
        return book  # type: ignore[no-any-return]
    store = AchievementStore(st.paths)
    loaded = store.load()
    for notice in loaded.notices:
        st.tell(notice)
    book = loaded.value
    if loaded.source != "main":
        try:
            found = derive(st.history, _daily(st), summarise)
        except Exception:  # noqa: BLE001 - a history that cannot be read earns nothing back
            log.exception("achievements could not be earned again from the history")
            found = {}
        if book.new_in(found):
            book = book.merged(found)
            _save(st, store, book)
    st.achievement_book = book  # type: ignore[attr-defined]
    return book


def _save(st: Keeper, store: AchievementStore, book: AchievementBook) -> None:
    try:
        store.save(book)
    except StorageError as exc:
        log.warning("achievements not saved: %s", exc)
        st.tell(Notice(str(exc), Severity.ERROR, exc.message))


def earn(st: Keeper, found: Mapping[str, datetime]) -> list[str]:
    """Keep what ``found`` holds that was not earned yet, write it and announce each
    once (writer thread). Returns the ids newly earned."""
    if not found:
        return []
    book = ensure(st)
    fresh = book.new_in(found)
    if not fresh:
        return []
    book = book.merged(fresh)
    st.achievement_book = book  # type: ignore[attr-defined]
    _save(st, AchievementStore(st.paths), book)
    ids = [i for i in ACHIEVEMENTS if i in fresh]
    for ident in ids:
        if ident in TEXTS:
            st.tell(Notice.of(announcement(ident), Severity.INFO))
    return ids


def after_hand(st: Keeper, history: History, hand_id: int) -> None:
    """A hand was just recorded as ``hand_id`` (writer thread): earn what it earns."""
    try:
        earn(st, feats_of_hand(history, hand_id))
    except Exception:  # noqa: BLE001 - an achievement never costs the hand's record
        log.exception("achievements of hand %s", hand_id)


def load_later(st: Keeper) -> Future[AchievementBook]:
    """The achievements, read on the writer thread (for a screen that must not wait)."""
    fut: Future[AchievementBook] = Future()

    def job() -> None:
        try:
            fut.set_result(ensure(st))
        except Exception as exc:  # noqa: BLE001 - the page says it could not read them
            fut.set_exception(exc)

    st.submit(job)
    return fut
