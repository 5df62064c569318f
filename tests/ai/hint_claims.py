"""Checks every claim a hint's reason makes against the real position.

``python -m tests.ai.hint_claims [POSITIONS] [SEED]`` plays random positions under every
preset at 2, 3 and 4 seats, asks the hint for each, and prints how many reasons were
given, how many claims each kind made, and how many were false (must be 0). The claims
are checked against the *real* hands of the other seats (what a player would find out),
the hand plan recomputed from scratch, and the legal moves of the real game.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from collections.abc import Iterator

from big2.ai import PlayerView
from big2.ai.hint import explain
from big2.ai.normal import Normal
from big2.ai.plan import Planner
from big2.engine import PASS, PRESETS, SEAT_NAMES, Game, Rules, parse_cards
from big2.engine.cards import FULL_MASK
from big2.engine.combos import all_moves, beats_move
from big2.engine.rules import tables_for


def positions(count: int, seed: int) -> Iterator[Game]:
    """``count`` positions, each with a seat to act, cycling through the presets."""
    rng = random.Random(seed)
    names = list(PRESETS)
    made = 0
    while made < count:
        rules = PRESETS[names[made % len(names)]].rules
        players = rng.choice((2, 3, 4, 4))
        game = Game.deal(random.Random(rng.randrange(1 << 30)), rules=rules, players=players)
        for _ in range(rng.randrange(0, 45)):
            if game.is_over or game.exchange is not None:
                break
            game.apply(rng.choice(list(game.legal_moves())))
        if game.is_over or game.exchange is not None:
            continue
        made += 1
        yield game


def _others_can_beat(move: int, game: Game, seat: int) -> bool:
    """Whether another seat's real cards (or the stock they may draw) beat ``move``."""
    t = tables_for(game.rules)
    for s in range(game.n_players):
        if s == seat or s in game.out:
            continue
        cards = game.hand_mask(s)
        for c in game._stock:  # noqa: SLF001 - the audit may look at the undealt cards
            cards |= 1 << c
        if any(beats_move(m, move, t) for m in all_moves(cards, t)):
            return True
    return False


def _top_single(mask: int, rules: Rules) -> int:
    t = tables_for(rules)
    best = max((c for c in range(52) if mask >> c & 1), key=lambda c: t.card_strength[c])
    return t.single_moves[best]


def check(game: Game, normal: Normal, rng: random.Random) -> tuple[str, list[tuple[str, bool]]]:
    """The hint's reason at ``game`` and each claim it makes as ``(claim, true?)``."""
    seat = game.to_act
    view = PlayerView.from_game(game, seat)
    decision = normal.decide(view, rng)
    reason = str(explain(view, decision))
    move = decision.move
    rules = game.rules
    t = tables_for(rules)
    hand = game.hand_mask(seat)
    mask = move & FULL_MASK
    plan = Planner(rules).plan(hand).combos
    claims: list[tuple[str, bool]] = []
    if "Nothing you hold beats" in reason:
        claims.append(("nothing beats", not any(beats_move(m, game.trick_move, t)
                                                for m in all_moves(hand, t))))
    if "nobody can beat it" in reason:
        claims.append(("nobody can beat it", not _others_can_beat(move, game, seat)))
    if "while you hold control" in reason:
        left = hand & ~mask
        claims.append(("you hold control", bool(left) and not _others_can_beat(_top_single(left, rules), game, seat)))
    if "without breaking up your hand" in reason:
        claims.append(("without breaking up your hand", move in plan))
    if "would break up your hand" in reason:
        claims.append(("would break up your hand",
                       not any(beats_move(m, game.trick_move, t) for m in plan)))
    if "your weakest" in reason:
        size = mask.bit_count()
        same = [m for m in all_moves(hand, t) if (m & FULL_MASK).bit_count() == size]
        claims.append(("your weakest", min(same) == move))
    if "your plan can spare" in reason:
        claims.append(("your plan can spare", move in plan))
    if "all you have left" in reason:
        claims.append(("all you have left", mask == hand))
    if "your only legal play" in reason:
        claims.append(("only legal play", len(game.legal_moves()) == 1))
    if "five cards gone" in reason:
        claims.append(("five cards", mask.bit_count() == 5))
    if "first play must hold" in reason:
        must = game.must_include
        claims.append(("first play must hold", must is not None and bool(mask >> must & 1)))
    for kept in re.findall(r"[Kk]eep your (.+?)(?: for later|\s—)", reason):
        cards = re.sub(r"^(pair|triple|straight|flush|full house|four of a kind|straight flush) ", "", kept)
        claims.append(("keep your …", parse_cards(cards).mask & ~(hand & ~mask) == 0))
    for who, n in re.findall(r"(\w+) (?:has|is down to) (\d+) cards?", reason):
        seat_of = SEAT_NAMES[game.n_players].index(who)
        claims.append(("cards left", game.card_counts[seat_of] == int(n)))
    if move != PASS:
        claims.append(("legal", move in game.legal_moves()))
    return reason, claims


def audit(count: int, seed: int = 1) -> tuple[int, Counter[str], Counter[str], list[str]]:
    """(positions, claims made by kind, false claims by kind, examples of false ones)."""
    normal = Normal()
    rng = random.Random(seed)
    made: Counter[str] = Counter()
    false: Counter[str] = Counter()
    examples: list[str] = []
    for game in positions(count, seed):
        reason, claims = check(game, normal, rng)
        for claim, ok in claims:
            made[claim] += 1
            if not ok:
                false[claim] += 1
                if len(examples) < 10:
                    examples.append(f"{claim}: {reason} [{game!r}]")
    return count, made, false, examples


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 10_000
    seed = int(argv[1]) if len(argv) > 1 else 1
    n, made, false, examples = audit(count, seed)
    print(f"{n} positions over {len(PRESETS)} presets (seed {seed})")
    for claim in sorted(made):
        print(f"  {claim:32} {made[claim]:7d} made, {false[claim]:d} false")
    print(f"false claims: {sum(false.values())}")
    for e in examples:
        print("  " + e)
    return 1 if sum(false.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
