"""``python -m big2 simulate``: a whole hand of random legal play, printed move by move.

Text only, no pygame: the deal number (``--seed``) fully decides the game, so anyone can
share it and see the same hand.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from . import cliargs
from .engine import (
    Dealt,
    Event,
    Game,
    HandEnded,
    CardsExchanged,
    Drew,
    LastCard,
    Passed,
    Played,
    PlayerOut,
    Rules,
    TrickWon,
    TurnStarted,
    format_deal_number,
    format_play,
    get_preset,
)


def describe(event: Event, game: Game) -> str | None:
    """One line of text for an event (None for events that need no line)."""
    names = game.names
    if isinstance(event, Dealt):
        lines = [f"{names[s]:>6}: {format_play(h.mask, game.rules)}" for s, h in enumerate(event.hands)]
        return "\n".join(lines)
    if isinstance(event, Played):
        return f"{names[event.seat]:>6}: {event.combo.text(game.rules)}  ({event.combo.kind.label}, {event.cards_left} left)"
    if isinstance(event, Passed):
        return f"{names[event.seat]:>6}: pass" + (" (auto)" if event.auto else "")
    if isinstance(event, Drew):
        return f"        {names[event.seat]} draws {len(event.cards)} from the stock."
    if isinstance(event, PlayerOut):
        return f"        {names[event.seat]} is out in place {event.place}; the others play on."
    if isinstance(event, CardsExchanged):
        return f"        {names[event.loser]} gives a card to {names[event.winner]} and gets one back."
    if isinstance(event, TrickWon):
        return f"        {names[event.seat]} wins the trick and leads."
    if isinstance(event, LastCard):
        return f"        {names[event.seat]}: Last card!"
    if isinstance(event, HandEnded):
        if event.dragon:
            return f"{names[event.winner]} holds a dragon and wins at once."
        scores = ", ".join(f"{names[s]} {p:+d}" for s, p in enumerate(event.points))
        left = ", ".join(f"{names[s]} {n}" for s, n in enumerate(event.cards_left))
        return (f"{names[event.winner]} is out and wins the hand.\n"
                f"Cards left: {left}\nScores: {scores}")
    if isinstance(event, TurnStarted):
        return None
    return None


def simulate(seed: int, *, players: int = 4, rules: Rules | None = None) -> list[str]:
    """Play a hand from deal number ``seed`` with random legal moves; return the lines."""
    rules = rules if rules is not None else get_preset("standard").rules
    game = Game.deal(seed, players=players, rules=rules)
    chooser = random.Random(seed ^ 0x5EED)
    lines = [f"Deal {format_deal_number(seed)}: {players} players, {game.rules.name} rules"]
    events = list(game.start_events())
    while True:
        for e in events:
            text = describe(e, game)
            if text is not None:
                lines.append(text)
        if game.is_over:
            return lines
        moves = game.legal_moves()
        events = list(game.make(moves[chooser.randrange(len(moves))]))


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="big2 simulate", description=__doc__)
    parser.add_argument("--seed", "--deal", type=cliargs.deal_number, default=None,
                        help="deal number, e.g. 42 or '1 234 567' (random if omitted)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--rules", default="standard", help="rule preset name (e.g. hong-kong, taiwan)")
    args = parser.parse_args(list(argv))
    try:
        rules = get_preset(args.rules).rules
    except KeyError as exc:
        parser.error(str(exc.args[0]))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    try:
        lines = simulate(seed, players=args.players, rules=rules)
    except ValueError as exc:
        parser.error(str(exc))
    print("\n".join(lines))
    return 0
