"""Computer players for the table, run off the render thread.

Opponents come from :mod:`big2.ai`: each sees only a :class:`~big2.ai.PlayerView`.
Decisions run in a worker *process* by default, so a long search never competes with
the render loop for the GIL; a thread worker is there for tests and as a fallback when
a process cannot be started. Each decision gets a fresh ``random.Random`` seeded from
the seat's own generator, so a seeded match plays the same way in either worker.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from big2.engine.cards import format_cards
from big2.engine.combos import PASS, Move, move_cards
from big2.engine.game import Game

from ...i18n import _

log = logging.getLogger(__name__)

#: Seconds the expert may search per move.
EXPERT_BUDGET = 1.0

_opponents: dict[str, Any] = {}  # per worker (one decision at a time per worker)


def _ai_levels() -> tuple[str, ...]:
    try:
        from big2.ai import LEVELS

        return tuple(LEVELS)
    except ImportError:  # pragma: no cover - big2.ai is part of the project
        return ("normal",)


def levels() -> tuple[str, ...]:
    """The computer levels a seat may have, weakest first."""
    return _ai_levels()


def seat_kinds() -> tuple[str, ...]:
    """What a seat in New game and Settings may be: "Human" or "Computer (level)" (ids,
    in English; :func:`seat_kind_label` says them in the player's language)."""
    return ("Human",) + tuple(f"Computer ({lvl})" for lvl in levels())


def seat_kind_label(kind: str) -> str:
    """A seat kind of :func:`seat_kinds` in the current language."""
    from ...i18n import _
    from .. import vocab

    if kind == "Human":
        return _("Human")
    if kind.startswith("Computer (") and kind.endswith(")"):
        return _("Computer ({level})").format(level=vocab.level(kind[len("Computer (") : -1]))
    return kind


def standin_move(game: Game) -> Move:
    """The lowest legal play, or pass when there is none (used if big2.ai is missing)."""
    for m in game.legal_moves():
        if m != PASS:
            return m
    return PASS


def decide(view: Any, level: str, seed: int) -> Move:
    """Run in the worker: the move of ``level`` for the seat to act in ``view``."""
    from big2.ai import make_opponent

    opp = _opponents.get(level)
    if opp is None:
        options = {"time_budget": EXPERT_BUDGET} if level == "expert" else {}
        opp = _opponents[level] = make_opponent(level, **options)
    return opp.choose(view, random.Random(seed))


def give_back_card(game: Game) -> int:
    """The card a computer exchange winner gives back: the AI's choice (its hand plan
    suffers least), or the engine's suggestion if big2.ai is missing. A few ms."""
    try:
        from big2.ai.exchange import give_back_for

        return give_back_for(game)
    except ImportError:  # pragma: no cover
        return game.suggest_give_back()


def _behind_the_window() -> None:
    """In the worker process: a lower priority, so a search never takes a core from
    drawing the window (the machine may have only two)."""
    try:
        os.nice(10)
    except (AttributeError, OSError):  # pragma: no cover - no nice() on this platform
        pass


def _warm_up() -> bool:
    import big2.ai  # noqa: F401  (import the opponents before the first real move)

    return True


def hint(game: Game, seat: int, rng: random.Random) -> tuple[Move, str]:
    """A suggested move for ``seat`` (the seat to act) and one sentence saying why."""
    try:
        from big2.ai import PlayerView
        from big2.ai.hint import hint as ai_hint

        h = ai_hint(PlayerView.from_game(game, seat), rng)
        return h.move, h.reason
    except ImportError:  # pragma: no cover
        move = standin_move(game)
        if move == PASS:
            return PASS, _("Nothing you hold beats this play: pass.")
        return move, _("Play {cards}.").format(cards=format_cards(move_cards(move), symbols=True))


class Thinker:
    """Runs computer decisions in one background worker (a process, or a thread)."""

    def __init__(self, on_done: Callable[[], None] | None = None, *, processes: bool = True) -> None:
        self._on_done = on_done
        self._pool: Executor | None = None
        self.processes = processes
        self._start()

    def _start(self) -> None:
        if self.processes:
            try:
                ctx = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=ctx, initializer=_behind_the_window)
                self._pool.submit(_warm_up)
                return
            except (OSError, ValueError, RuntimeError) as exc:  # pragma: no cover
                log.warning("no worker process (%s): thinking in a thread", exc)
                self.processes = False
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="big2-ai")

    def submit(
        self,
        game: Game,
        seat: int,
        rng: random.Random,
        level: str,
        *,
        scoring: Any = None,
        scores: list[int] | None = None,
        hands_left: int | None = None,
        target: int | None = None,
    ) -> Future[Move]:
        """Start choosing a move for ``seat``; the future gives the move. ``scoring`` is
        the table's scheme and ``scores`` the session totals: the Expert and Master play
        for the table's real points (None: the standard penalty table, no totals), and
        for first place on the session's last hand (``hands_left`` after this one,
        ``target`` the total that ends it)."""
        from big2.ai import PlayerView

        assert game.to_act == seat
        view = PlayerView.from_game(game, seat, scores=scores, scoring=scoring,
                                    hands_left=hands_left, target=target)
        seed = rng.getrandbits(64)
        assert self._pool is not None
        try:
            fut = self._pool.submit(decide, view, level, seed)
        except RuntimeError:  # a broken process pool: carry on in a thread
            self.processes = False
            self._start()
            fut = self._pool.submit(decide, view, level, seed)
        if self._on_done is not None:
            cb = self._on_done
            fut.add_done_callback(lambda _f: cb())
        return fut

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
