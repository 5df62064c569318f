"""The hands part: sessions over every preset, seat count and random house rules, moves
chosen at random, invariants checked after every move."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

from .report import Report, _where


# -- hands ------------------------------------------------------------------------------

def random_rules(rng: random.Random) -> tuple[Any, int]:
    """A preset or a random combination of house rules, and a seat count it deals to."""
    from big2.engine import (
        AssistantRule, Bombs, Deck, Direction, FlushOrder, HandEnd, LaterLeader, Leftovers,
        LoneTwo, Rules, StockDraw, StraightOrder, get_rules, preset_names,
    )

    n = rng.choice([2, 3, 4])
    if rng.random() < 0.4:
        rules = get_rules(rng.choice(preset_names()))
        if rules.leftovers is Leftovers.UNUSED and rules.cards_per_player * n > 52:
            rules = replace(rules, cards_per_player=13)
        return rules, n
    d: dict[str, Any] = {
        "suit_order": rng.choice(["dchs", "cshd", "cdhs"]),
        "straight_order": rng.choice(list(StraightOrder)),
        "flush_order": rng.choice(list(FlushOrder)),
        "later_leader": rng.choice(list(LaterLeader)),
        "first_lead_has_lowest": rng.random() < 0.5,
        "direction": rng.choice(list(Direction)),
        "assistant": rng.choice(list(AssistantRule)),
        "pass_locks_out": rng.random() < 0.5,
        "four_alone": rng.random() < 0.5,
        "bombs": rng.choice(list(Bombs)),
        "deck": rng.choice(list(Deck)),
        "dragon_wins": rng.random() < 0.5,
        "lone_two": rng.choice(list(LoneTwo)),
        "hand_end": rng.choice(list(HandEnd)),
        "auto_pass": rng.random() < 0.5,
        "cards_per_player": rng.choice([13, 17, 21]),
        "leftovers": rng.choice(list(Leftovers)),
        "stock_draw": rng.choice(list(StockDraw)),
        "three_player_exchange": rng.random() < 0.5,
    }
    if d["stock_draw"] is not StockDraw.NONE:
        d["leftovers"] = Leftovers.UNUSED
    if d["leftovers"] is Leftovers.UNUSED and d["cards_per_player"] * n > 52:
        d["cards_per_player"] = 13
    return Rules(**d), n


SCHEMES = ["penalty-table", "pairwise", "winner-collects", "finish-order", "pusoy-dos",
           "taiwan-loser-pays", "indonesia-honours", "chudadi-standard"]


def _masks(game: Any) -> tuple[list[int], list[int]]:
    return ([game.hand_mask(s) for s in range(game.n_players)],
            [game.played_by(s).mask for s in range(game.n_players)])


def _check_cards(game: Any, total: int) -> str | None:
    hands, played = _masks(game)
    seen = 0
    count = 0
    for m in hands + played:
        if seen & m:
            return "a card is in two places"
        seen |= m
        count += m.bit_count()
    count += game.stock_size
    if count != total:
        return f"cards not conserved ({count} of {total})"
    return None


def play_hands(report: Report, rng: random.Random, deadline: float, limit: int) -> None:
    from big2.engine import PASS, Session
    from big2.engine.cards import FULL_MASK
    from big2.engine.scoring import scoring_preset

    while report.hands < limit and time.monotonic() < deadline:
        rules, n = random_rules(rng)
        scheme = scoring_preset(rng.choice(SCHEMES))
        seed = rng.randrange(1 << 32)
        try:
            session = Session(random.Random(seed), rules=rules, players=n, scoring=scheme,
                              max_hands=rng.choice([1, 2, 3]))
            while not session.is_over and report.hands < limit:
                game = session.new_hand()
                if game.exchange is not None:
                    game.give_back(game.suggest_give_back())
                hands, played = _masks(game)
                total = sum(m.bit_count() for m in hands + played) + game.stock_size
                steps = 0
                while not game.is_over:
                    moves = game.legal_moves()
                    if not len(moves):
                        raise AssertionError("a player to act has no move")
                    mover = game.to_act
                    held = game.hand_mask(mover)
                    move = moves[rng.randrange(len(moves))]
                    before = len(game.history)
                    if rng.random() < 0.2:
                        game.make(move)
                    else:
                        game.apply(move)
                    report.moves += 1
                    steps += 1
                    new = game.history[before:]
                    if not new or new[0][0] != mover:
                        raise AssertionError("the move is not in the history under its mover")
                    if move != PASS and (move & FULL_MASK) & ~held:
                        raise AssertionError("the mover did not hold the cards played")
                    problem = _check_cards(game, total)
                    if problem:
                        raise AssertionError(problem)
                    if not game.is_over:
                        nxt = game.to_act
                        if nxt in game.finish_order:
                            raise AssertionError("a seat that is out of the hand is to act")
                        auto = len(new) > 1
                        if nxt == new[-1][0] and not rules.pass_locks_out and not auto \
                                and not game.leading:
                            raise AssertionError("the same seat acts twice in a row")
                    if steps > 5000:
                        raise AssertionError("the hand does not end")
                if game.hand_mask(game.winner):
                    raise AssertionError("the winner still holds cards")
                record = session.record()
                if scheme.zero_sum and sum(record.points) != 0:
                    raise AssertionError(f"a zero-sum scheme does not sum to zero: {record.points}")
                report.hands += 1
                report.tick()
        except Exception as exc:
            report.fail(f"hand: {_where(exc)}", f"rules={rules!r} players={n} seed={seed}")
            report.hands += 1
