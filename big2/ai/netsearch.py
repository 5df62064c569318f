"""The self-play network as the Expert's model in its playouts (issue 31).

Three ways to play a sampled world with the network, each a function the Expert's search
calls (:class:`big2.ai.expert.Expert`'s ``playout`` option picks one):

* :func:`batched_net_playouts`: every seat (or only the searching seat, the others by
  Normal's rules) plays the network's move on card masks, many worlds and candidates at
  once (:mod:`big2.ai.learned.netplay`); rules on the engine's lean path only.
* :func:`engine_net_playouts`: the same play on the engine, one playout at a time, with
  a :class:`~big2.ai.view.PlayerView` per move (any rules; about twelve times slower).
* :func:`value_playouts`: the others play the network's move until the seat is to act
  again, and the network's value of its best move there ends the playout.

Every engine game starts with the hand's history, so the network reads the same inputs
in a playout as at the table. Imports numpy (through :mod:`big2.ai.learned`): import
this module only when the network is used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from big2.engine import Move

from .fastplay import FastPlayout
from .learned.features import HandHistory
from .learned.net import QNet
from .learned.netplay import NetPlayout
from .skilled import Skilled
from .view import PlayerView, view_game

#: What a finished playout is worth to the seat: ``(hands, winner) -> value``.
Value = Callable[[Sequence[int], int], float]
#: A sampled world: every seat's card mask, and the stock.
World = tuple[list[int], list[int]]


def batched_net_playouts(npo: NetPlayout, view: PlayerView, value: Value, *,
                         others: FastPlayout | None = None
                         ) -> Callable[[Sequence[World], Sequence[Move]], list[float]]:
    """A function playing every move of ``moves`` (the seat's candidates) in every world
    of ``worlds`` with ``npo`` (made for ``view``'s rules and table) and giving their
    values world by world, move by move. Every seat plays the network; with ``others``
    (Normal's rules on masks, the same rules) only the seat does."""
    me = view.seat
    net_seats = -1 if others is None else 1 << me
    history = HandHistory.of(view.history, view.rules)
    played = [p.mask for p in view.played]
    trick = view.trick
    owner = view.trick_owner if view.trick_owner is not None else me
    passed = 0
    for s in view.passed:
        passed |= 1 << s

    def play_batch(worlds: Sequence[World], moves: Sequence[Move]) -> list[float]:
        starts = []
        for hands, _stock in worlds:
            for move in moves:
                pl = npo.start(list(hands), list(played), me, trick, owner, passed,
                               history.copy())
                starts.append(npo.after(pl, move))
        npo.run(starts, net_seats=net_seats, others=others)
        return [value(pl.hands, pl.winner) for pl in starts]

    return play_batch


def engine_net_playouts(view: PlayerView, net: QNet,
                        value: Value) -> Callable[[list[int], list[int], Move], float]:
    """``(hands, stock, move) -> value``: the world played on the engine after ``move``,
    every seat making the network's move from its own view (as Skilled)."""
    player = Skilled(net)
    me = view.seat
    n = view.n_players

    def play_net(hands: list[int], stock: list[int], move: Move) -> float:
        g = view_game(view, hands, stock)
        g.history[:0] = view.history  # the network reads the hand's moves so far
        g.apply(move)
        while not g.is_over:
            g.apply(player.choose(PlayerView.from_game(g, g.to_act), None))  # type: ignore[arg-type]
        w = g.winner if g.winner is not None else me
        return value([g.hand_mask(s) for s in range(n)], w)

    return play_net


def value_playouts(view: PlayerView, net: QNet,
                   scale: float) -> Callable[[list[int], list[int], Move], float]:
    """``(hands, stock, move) -> value``: after ``move`` the other seats play the
    network's move from their own views until the seat is to act again; there the
    network's value of the seat's best move (from the seat's view, which holds only what
    it could see) ends the playout. Both that value and a hand that ends first are in
    the network's terms times ``scale``: going out first 1, else minus the standard
    penalty / 39. The session is not read."""
    me = view.seat

    def play_value(hands: list[int], stock: list[int], move: Move) -> float:
        g = view_game(view, hands, stock)
        g.history[:0] = view.history  # the network reads the hand's moves so far
        g.apply(move)
        while not g.is_over and g.to_act != me:
            moves = list(g.legal_moves())
            if len(moves) > 1:
                q = net.scores(PlayerView.from_game(g, g.to_act), moves, session=False)
                g.apply(moves[int(q.argmax())])
            else:
                g.apply(moves[0])
        if g.is_over:
            return scale if g.winner == me else float(g.points()[me]) * scale / 39.0
        moves = list(g.legal_moves())
        q = net.scores(PlayerView.from_game(g, me), moves, session=False)
        return scale * float(q.max())

    return play_value
