"""Achievements in the app: what the page shows, and the hooks that earn them.

The list, and what counts (practice, undo, the computer finishing a hand, hot-seat and
online rooms with other people do not), is :mod:`big2.persistence.feats`; the file and
how it survives damage, :mod:`big2.persistence.achievements`; keeping, writing and
announcing on the storage's writer thread, :mod:`big2.app.storage.achievementhooks`.

Where they are earned:

* a hand recorded in the score history — :func:`big2.app.storage.recorder.keep_hand`;
* a review that finishes — :func:`after_review` (from :mod:`big2.app.reviewjob`);
* a daily result kept, or the Expert's duplicate result added to it — :func:`after_daily`
  (from :mod:`big2.app.daily`).

Without storage (most tests, the self-test) nothing is kept and nothing is earned.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from big2.persistence.achievements import AchievementBook
from big2.persistence.feats import ReviewSummary, daily_feats, feats_of_review

from big2.app import storage
from big2.app.storage.achievementhooks import earn, load_later


def book(app: Any) -> AchievementBook | None:
    """The achievements as last read or earned; None until they are read (see :func:`load`)."""
    st = storage.of(app)
    if st is None:
        return AchievementBook()
    return getattr(st, "achievement_book", None)


def load(app: Any) -> Future[AchievementBook]:
    """The achievements, read on the writer thread (at once when read already)."""
    st = storage.of(app)
    known = book(app)
    if st is None or known is not None:
        done: Future[AchievementBook] = Future()
        done.set_result(known if known is not None else AchievementBook())
        return done
    fut = load_later(st)
    fut.add_done_callback(lambda _f: app.post_wake())
    return fut


def after_review(app: Any, hand_id: int, seat: int, review: Any) -> None:
    """A review of ``seat`` in hand ``hand_id`` finished (a :class:`~big2.ai.review.HandReview`)."""
    st = storage.of(app)
    if st is None or review is None:
        return
    summary = ReviewSummary(len(review.verdicts), len(review.costly), len(review.good), bool(review.complete))
    st.call(lambda h: earn(st, feats_of_review(h, hand_id, seat, summary)))


def after_daily(app: Any) -> None:
    """The daily results changed (a first play kept, or the Expert's result added)."""
    st = storage.of(app)
    if st is None:
        return

    def job() -> None:
        if st.daily_book is not None:
            earn(st, daily_feats(st.history, st.daily_book))

    st.submit(job)
