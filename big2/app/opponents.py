"""Computer players for the table, run off the render thread.

When ``big2.ai`` provides opponents the table uses them; until then
:func:`standin_move` (the lowest legal play) keeps the game going. STAND-IN: replace
with big2.ai once it lands. Moves are chosen on a copy of the game in a worker thread,
so thinking never freezes the screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from big2.engine.cards import format_cards
from big2.engine.combos import PASS, Move, move_cards
from big2.engine.game import Game


def standin_move(game: Game, rng: random.Random) -> Move:
    """STAND-IN until big2.ai: the lowest legal play, or pass when there is none."""
    for m in game.legal_moves():
        if m != PASS:
            return m
    return PASS


def choose(game: Game, seat: int, rng: random.Random, level: str) -> Move:
    """A legal move for ``seat`` (the player to act in ``game``)."""
    assert game.to_act == seat
    return standin_move(game, rng)


def hint(game: Game) -> tuple[Move, str]:
    """A suggested move for the player to act, and why, in one sentence."""
    move = standin_move(game, random.Random(0))
    if move == PASS:
        return PASS, "Nothing you hold beats this play: pass."
    cards = format_cards(move_cards(move), symbols=True)
    if game.leading:
        return move, f"Lead {cards}: get rid of your lowest cards while you can choose."
    return move, f"Play {cards}: the cheapest play that beats the table."


class Thinker:
    """Runs computer decisions in one background thread."""

    def __init__(self, on_done: Callable[[], None] | None = None) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="big2-ai")
        self._on_done = on_done

    def submit(self, game: Game, seat: int, rng: random.Random, level: str) -> Future[Move]:
        """Start thinking on a private copy of ``game``; the future gives the move."""
        snapshot = game.copy()
        fut = self._pool.submit(choose, snapshot, seat, rng, level)
        if self._on_done is not None:
            cb = self._on_done
            fut.add_done_callback(lambda _f: cb())
        return fut

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
