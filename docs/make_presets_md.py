"""Write docs/presets.md from the quotations below and the engine's actual presets.

Run ``python docs/make_presets_md.py`` after changing a preset; the test suite checks that
docs/presets.md is what this script writes, so the table never disagrees with the game.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from big2.engine import PRESETS, rules_to_dict  # noqa: E402
from big2.engine.scoring import scoring_preset  # noqa: E402

S000, S001, S002, S003, S004 = "000", "001", "002", "003", "004"

OPTIONS = [
    ("suit_order", "Suit order, low to high"),
    ("straight_order", "Straights"),
    ("flush_order", "Flushes"),
    ("straight_flush_by_flush_order", "Straight flushes follow the flush rule"),
    ("deck", "Combinations in play"),
    ("four_alone", "Four of a kind alone"),
    ("bombs", "Bombs"),
    ("first_lead_has_lowest", "First lead must hold the lowest card"),
    ("later_leader", "Who leads later hands"),
    ("direction", "Direction"),
    ("assistant", "Assistant rule"),
    ("pass_locks_out", "Passing locks you out"),
    ("dragon_wins", "Dragon wins"),
    ("lone_two", "Going out on a lone 2"),
    ("hand_end", "End of the hand"),
    ("auto_pass", "AutoPass"),
    ("cards_per_player", "Cards each (2–3 players)"),
    ("leftovers", "Cards left over (2–3 players)"),
    ("stock_draw", "Drawing from the stock"),
    ("three_player_exchange", "Three-player exchange"),
    ("scoring", "Scoring"),
]

def q(seed: str, text: str) -> str:
    return f'{seed}: "{text}"'

def silent(choice: str, why: str) -> str:
    return f"the source is silent; we chose {choice} because {why}"

# What the basic game of 004 (the standard preset's source) says; other presets fall back to it
# where their own source is silent, and say so.
BASIC = {
    "suit_order": q(S004, "There is also an ordering of suits - from high to low: spades, hearts, clubs, diamonds"),
    "straight_order": q(S004, "The highest straight or straight flush is A2345, then 23456, TJQKA, 9TJQK, and so on down to 34567 (lowest)") + " (Ivan Ip; 000 ranks straights the same way; 004's basic game names no order)",
    "flush_order": q(S004, "Some play that the rank of a flush is determined by the rank of its highest card; the suit only becomes relevant if the highest cards are equal. [...] This is the usual version played in Hong Kong."),
    "straight_flush_by_flush_order": silent("off (straight flushes rank as straights do)", "004 gives one order for \"straight or straight flush\" (Ivan Ip)"),
    "deck": q(S004, "There are four types of legal play: single cards, pairs, triples and five card groups."),
    "four_alone": q(S004, "although a four of a kind requires a fifth card to complete the combination"),
    "bombs": q(S004, "You cannot for example use a triple to beat a pair or a straight to beat a triple."),
    "first_lead_has_lowest": q(S004, "The player who holds the three of diamonds begins and must play this card, either by itself or as part of a legal combination."),
    "later_leader": q(S004, "The player who holds the three of diamonds begins") + " — in every deal; 004 lists the winner leading as a variation (\"In many groups, instead of [...]\")",
    "direction": q(S004, "Deal and play are normally anticlockwise."),
    "assistant": q(S004, "When playing for money, if the person playing after you has only one card left, you should take precautions") + " — we play for points, not money, so the rule is off (it is a setting)",
    "pass_locks_out": q(S004, "Passing does not prevent you from playing when your turn comes round again."),
    "dragon_wins": silent("off", "only a Hong Kong variation of 004 names the dragon"),
    "lone_two": silent("allowed", "only variations of 004 forbid it"),
    "hand_end": q(S004, "As soon as this happens, the play ends and the hand is scored."),
    "auto_pass": silent("off", "the table offers to pass when you cannot play (a setting), and only 000 passes for you"),
    "cards_per_player": silent("13 each, the rest unused", "it keeps the four-player hand size; 001 deals \"either 13 or 17 cards\" and 004 has two players play \"with 13 cards each and 26 unused\""),
    "leftovers": silent("unused cards face down", "001: \"Any unused cards in the 2-3 player games are left face down for the duration of the game.\""),
    "stock_draw": silent("no drawing", "drawing is a variation of 004's two- and three-player games"),
    "three_player_exchange": silent("off", "the exchange is a variation of 004's three-player game (\"Some play that from the second deal onwards [...]\")"),
    "scoring": q(S004, "The penalty is one point per card in your hand if you have 9 cards or fewer, two points per card if you have 10, 11 or 12 cards, and three points per card [...] each pair of players settles up according to the difference between their scores."),
}

def fallback(key: str) -> str:
    basic = BASIC[key]
    if basic.startswith("the source is silent; "):
        return basic
    return "the source is silent; we chose the standard preset's value, from 004's basic game: " + basic

PER = {
    "standard": {
        "title_source": "RULES.md §1 (the common core) and seed 004's basic game as played in China, with Ivan Ip's straights (004)",
        **BASIC,
    },
    "hong-kong": {
        "title_source": "seed 004, Ivan Ip's version, \"standard in Hong Kong\"",
        "straight_order": q(S004, "JQKA2 is not a valid straight or straight flush. The highest straight or straight flush is A2345, then 23456, TJQKA, 9TJQK, and so on down to 34567 (lowest)."),
        "flush_order": q(S004, "Flushes are compared according to the rank of the highest card."),
        "straight_flush_by_flush_order": q(S004, "The highest straight or straight flush is A2345, then 23456") + " — one order for both, so off",
        "dragon_wins": q(S004, "A dragon wins the hand outright."),
        "lone_two": q(S004, "The deal cannot be won by playing a single 2 as your last card.") + " — any 2, not only 2♠",
        "later_leader": q(S004, "The second and subsequent deals are begun by the winner of the previous deal."),
        "first_lead_has_lowest": "Ivan Ip is silent on the first deal; we chose the basic game's: " + BASIC["first_lead_has_lowest"],
        "scoring": silent("pairwise payments with seed 002's Hong Kong multipliers (×1 up to 9 cards, ×2 for 10–12, ×3 for 13)", "they are the only scoring a source calls Hong Kong: 002: \"According to Hong Kong-rules you count a bit differently: between 1 and 9 cards is calculated as one point each, 10 to 12 cards are doubled and 13 cards count as three times as many\""),
    },
    "taiwan": {
        "title_source": "seed 004's Taiwan reports: the bridge suit order, Todd Latta's lean deck, Jonathan Dushoff's Lukang honour hands and Taiwan loser-pays scoring",
        "suit_order": q(S004, "Some players in Taiwan and a few in Hong Kong interchange clubs and diamonds, so that the order is spades (high), hearts, diamonds, clubs (low) - as in Bridge. In this case the 3[♣] starts."),
        "deck": q(S004, "Some play without triples and flushes - I have one report of this from Singapore (Gary Chan) and one from Taiwan (Todd Latta)."),
        "bombs": q(S004, "Some allow an honour hand to be played not only to beat a lower 5-card hand, but also to beat singles pairs or triples. [...] Jonathan Dushoff reports that this variation is common in Lukang (central Taiwan).") + " Todd Latta's seven-card \"straight flush plus two\" is not played: a straight flush is five cards here",
        "first_lead_has_lowest": q(S004, "In this case the 3[♣] starts."),
        "flush_order": "no flushes in this deck, so the value has no effect; it stays the standard preset's",
        "scoring": q(S004, "Jonathan Dushoff reports a version played in Taiwan in which the winner is paid a fixed amount by the loser only. Which player is the loser is determined by looking at the remaining cards of the players other than the winner:") + " — the seed's list is cut short; our reading: most cards left, a tie going to the weaker hand",
    },
    "pusoy-dos": {
        "title_source": "seed 004, Pusoy Dos (the Philippines)",
        "suit_order": q(S004, "In the game Pusoy Dos, played in the Philippines, the order of suits from high to low is diamonds, hearts, spades, clubs. In this case it is the player who holds the 3[♣] rather than the 3[♦] who starts."),
        "first_lead_has_lowest": q(S004, "it is the player who holds the 3[♣] rather than the 3[♦] who starts") + " — and, as in the basic game, \"must play this card\"",
        "scoring": q(S004, "The winner (the first player to run out of cards) normally scores 1 point and the others score nothing. However, if you win and your last play includes a deuce (two) you score 2 points; if it contains two deuces you score 4 points"),
    },
    "indonesia": {
        "title_source": "seed 004, Harold Hutabarat's Indonesian rules",
        "direction": q(S004, "Harold Hutabarat tells me that clockwise play is usual in Indonesia."),
        "straight_order": q(S004, "In Indonesia, straights containing a two (A-2-3-4-5 and 2-3-4-5-6) beat all other straights, and between each other they are ranked according to the suit of the two") + " — the seed's own example is garbled, so the suit of the 2 alone decides between them",
        "later_leader": q(S004, "In Indonesia, the game is played in \"rounds\" of ten deals. Only the first deal of the round is begun by the 3. The next nine deals are started by whoever won the previous deal, and this player can begin with any legal card or combination."),
        "pass_locks_out": q(S004, "In Indonesia, a player who has passed is not allowed to play cards in subsequent turns of the same trick. [...] If you play a card or combination and no one else beats it, you are allowed to beat your own cards."),
        "assistant": q(S004, "In Indonesia, a player with only two cards or only one card is obliged to announce this, but the next player is not placed under any constraints as a result."),
        "scoring": q(S004, "Harold Hutabarat reports that in Indonesia the following scoring is used: [...] Four of a kind (any but four twos): [...] -20 points. [...] Straight flush: [...] -40 points [...] Four twos: [...] -80 points") + " — the seed gives only the honours; we add them to the basic game's penalty table (our reading)",
    },
    "cho-dai-di": {
        "title_source": "seed 000, Cho Dai Di online rules",
        "straight_order": q(S000, "A,2,3,4,5 (highest rank) 2,3,4,5,6 (2nd highest rank) A,K,Q,J,10 (3rd highest rank) [...] J, Q, K, A, 2 is not a straight."),
        "flush_order": q(S000, "Flushes 5 card 2 (highest rank) A (2nd highest rank) [...] If two or more players have the same 5 cards, then the suit of the Flush decides the strongest.") + " — the suit decides only between the same five ranks, so the ranks are compared first, as in poker",
        "straight_flush_by_flush_order": q(S000, "Straight flush A,2,3,4,5 of the same suit (highest rank) [...] If two or more players have the same rank of straight then the suit decides the strongest.") + " — ranked as straights, so off",
        "suit_order": q(S000, "if players have the Pairs of the same rank, then suits decide the strongest (the Pair containing the Spade is the strongest)") + " — 000 names no other suit; we chose the standard ♦ < ♣ < ♥ < ♠ of every other source",
        "first_lead_has_lowest": q(S000, "The player holding 3[♦] (the lowest ranked card) starts the first trick by discarding a card set that includes the 3[♦]."),
        "later_leader": q(S000, "In tournament play there are some minor variations [...] Only the very first hand is initiated with the lowest ranked card, for every subsequent hand the winner of the previous hand goes first") + " — that is tournament play only, so in ordinary play the 3♦ leads every hand",
        "direction": q(S000, "After each game round the dealer button moves one position in a clockwise and play direction is switched from clockwise to counter-clockwise or vice versa.") + " and " + q(S000, "The direction of play is to the left.") + " — so clockwise first, then alternating",
        "assistant": q(S000, "When a player has 1 card left, the previous player (the assistant) must play his best possible card set. [...] If the assistant fails to do this, and the next player wins, the assistant covers everyone's losses and can't take money from other players.") + " — failing is possible and costs the losses: the liability form",
        "auto_pass": q(S000, "A player passes automatically: When 2 of spade is played alone, or as part of a pair or 3-of-a-Kind. When a player holds fewer cards than the number of cards played in the preceding set.") + " — in both cases passing is the only legal play; we pass automatically whenever it is",
        "cards_per_player": q(S000, "Cho Dai Di (also called Big 2) is a game for 2, 3, or 4 players. [...] Each player is dealt 13 cards."),
        "leftovers": q(S000, "Each player is dealt 13 cards.") + " — the rest stay undealt",
        "hand_end": q(S000, "The game round ends when a player has discarded all his cards."),
        "four_alone": q(S000, "Four of a kind+ Kicker 2,2,2,2 + any card (highest rank)"),
        "scoring": q(S000, "A player earns points from all players who have more cards than him. Thus the winner earns points from all other players. [...] Each card counts as one point."),
        "pass_locks_out": silent("no", "000's example has players pass and play again in one trick: \"If Player D and Player A then pass, Player B wins the trick\" is the common core"),
    },
    "chudadi": {
        "title_source": "seed 002, Chudadi (Patrick Hassel Zein's Swedish page)",
        "suit_order": q(S002, "Therefore you should memorise the scale; diamonds – cloves – hearts – spades!"),
        "flush_order": q(S002, "a flush where the best card is eight of hearts is better then one where the best card is seven of spades"),
        "straight_order": q(S002, "a straight ending with ten of clovers is better than one ending with ten of diamonds") + " — 002 names no order of the straights with a 2; we chose the standard preset's (Ivan Ip, 004)",
        "first_lead_has_lowest": q(S002, "The first trick of the first round always starts with the person having the worst card of the deck (i.e. three of diamonds) laying down that card."),
        "later_leader": q(S002, "In all the other rounds it is the winner of the previous round that starts the new round.") + " and " + q(S002, "Thereafter the last winner startthe first trick with any one of the four possible openings."),
        "direction": q(S002, "In each trick the players take turns counterclockwise in laying better cards than the previous players."),
        "assistant": q(S002, "The player before (i.e. on the left side of) a player with only one card left always has to lay his absolutely best card (when single cards are played)!") + " — enforced: the highest single, or a combination of more cards",
        "deck": q(S002, "When a player starts a new trick he has got four possible choices; to lay one card, to lay a pair, to lay three card with the same number or to lay a poker-hand.") + " and " + q(S002, "And please note that you can never lay two pairs!"),
        "pass_locks_out": q(S002, "If you can't or wont lay a card you may pass") + " — nothing says a pass shuts you out; we chose the common core",
        "hand_end": q(S002, "When a player has laid his last card he becomes the winner of the current round and the round ends immediately."),
        "scoring": q(S002, "if you have less than 8 cards left they are counted as one point each, but if you've got 8, 9 or 10 cards they count as the double (16, 18 and 20). If you've got 11 or 12 cards they count as three times as many (33 and 36). And if you've been so clumsy/unfortunate to have all 13 cards left on hand they actually count as 4 * 13 = 52 cards!") + " and " + q(S002, "the winner earns points from all other players and the other players may earn points from eachother"),
    },
    "big-2": {
        "title_source": "seed 003, the Big 2 summary",
        "suit_order": q(S003, "Suit rank: ♠ (Spades) > ♥ (Hearts) > ♣ (Clubs) > ♦ (Diamonds)"),
        "straight_order": q(S003, "Rank is determined by the value of the biggest card, with the suit used only as a tie-breaker. Therefore 3-4-5-6-7 < 2-3-4-5-6, since 2 is considered the largest card in the 2-3-4-5-6 straight. The largest straight is J-Q-K-A-2, while the smallest straight is 3-4-5-6-7.") + " — 003 does not place A2345; we count it, between JQKA2 and 23456",
        "flush_order": q(S003, "**Flush:** Any 5 cards of the same suit (but not in a sequence). Rank is determined by highest suit and then by highest rank."),
        "straight_flush_by_flush_order": q(S003, "**Straight Flush:** Five cards in sequence in the same suit. Ranked the same as straights, suit being a tie-breaker."),
        "four_alone": q(S003, "A 4 of a kind cannot be played unless it is played as a 5-card hand"),
        "first_lead_has_lowest": q(S003, "At the beginning of each game, the player with the 3♦ starts by either playing it singly or as part of a combination"),
        "later_leader": q(S003, "At the beginning of each game, the player with the 3♦ starts"),
        "direction": q(S003, "Play proceeds counter-clockwise."),
        "pass_locks_out": q(S003, "A pass does not hinder any further play in the trick."),
        "hand_end": q(S003, "The game ends when one player runs out of cards."),
        "cards_per_player": q(S003, "The cards are dealt out among the players as far as they can go while retaining an equal number of cards for each player.") + " — the pack is dealt out, so the 13 is not used",
        "leftovers": q(S003, "Any leftover cards are then given to the player holding the 3♦. If this card is one of the leftover cards, the holder of the next lowest card adds them to his pile."),
        "scoring": q(S003, "After a game, each player with remaining cards scores -1 point for each, unless they have 10 or more remaining, in which they score -2 for each. If they didn't get to play any cards at all, they score -3 for each. The winner of the hand scores +1 for every -1 the opponents get."),
    },
    "choi-dai-di": {
        "title_source": "seed 001, the Choi Dai Di write-up (the most common version in Hong Kong, as its author played it)",
        "suit_order": q(S001, "3d, 3c, 3h, 3s, 4d, 4c, 4h, 4s, [...] 2d, 2c, 2h, 2s"),
        "straight_order": q(S001, "straights: Look at the highest card in the straight. That card determines the rank.") + " and " + q(S001, "There's no wrap-around. You can't construct straights or straight flushes from 2 back to 3.") + " — so 23456 and A2345 are no straights and JQKA2 is the highest",
        "flush_order": q(S001, "Some people play where the suit is the main determinant of rank. So any diamond flush < any club flush < any heart flush < any spade flush. Under this variation, if you're comparing two flushes of the same suit you then (and only then) look at the highest card in the flush.") + " — the first of 001's two ways (\"It's up to you to decide\"; the other is a setting)",
        "straight_flush_by_flush_order": q(S001, "straight-flushes: These combine the rules of straights and flushes, as described above. Whatever flush rule variation you decide to use apply it to your straight-flushes as well."),
        "deck": q(S001, "(a) singles [...] (b) pairs [...] (c) triples [...] (d) five card groups"),
        "four_alone": q(S001, "quadruple + 1: 4 cards with the same face value plus any other card"),
        "direction": q(S001, "Players take turns making plays in a clockwise (or if you prefer, counter clockwise) direction, until somebody goes out."),
        "first_lead_has_lowest": silent("the 3♦ holder leads and must play it", "001 never says who starts (\"PlayerA starts the game playing pairs\"); every other source does this"),
        "later_leader": silent("the 3♦ holder leads every hand", "001 is silent, and the common core of 003 and 004 does so"),
        "pass_locks_out": q(S001, "PlayerC could beat that pair, but decides not to, she passes. [...] PlayerC passes.") + " — in 001's example PlayerC has a turn again after passing, so passing locks nobody out",
        "hand_end": q(S001, "When someone goes out they win."),
        "cards_per_player": q(S001, "If you're playing with 2-3 people, each person is dealt either 13 or 17 cards (like the payment scheme, this is agreed upon before play).") + " — we chose 13 (17 is a setting)",
        "leftovers": q(S001, "Any unused cards in the 2-3 player games are left face down for the duration of the game."),
        "scoring": q(S001, "When someone goes out they win. The winner then receives payments from the other players based on the number of cards in their hands.") + " and " + q(S001, "each card is worth $5, but if someone has 10 or more cards left in their hand they pay $10 per card, or if they have 13 or more $15 per card.") + " — the winner collects only, ×2 from 10 cards, ×3 for 13",
    },
}

def value_words(key: str, value: object) -> str:
    if key == "scoring":
        return f"{scoring_preset(str(value)).describe()} (`{value}`)"
    return f"`{value}`".replace("`True`", "`true`").replace("`False`", "`false`")

def render() -> str:
    """The text of docs/presets.md."""
    out = ["# The rule presets and their sources", "",
           "Every preset of `big2.engine.presets.PRESETS`, option by option: the value the game plays, "
           "and the words of the preset's own source that decide it, or why we chose it where the source "
           "is silent. The sources are the five seed texts (`shared/seeds/000`–`004`) digested in "
           "`shared/RULES.md`; a quotation is exact, `[...]` marks words left out. Where two sources "
           "disagree, a preset follows its own source. Values are the JSON names of "
           "`big2.engine.rules_to_dict` and `big2.engine.scoring`; "
           "`tests/engine/test_preset_sources.py` checks every value below against the engine and "
           "plays each source's own examples.", "",
           "Options that only matter with two or three players (cards each, leftovers, the stock, the "
           "exchange) apply when a table that size plays the preset.", ""]
    for name, p in PRESETS.items():
        d = rules_to_dict(p.rules)
        d["scoring"] = p.scoring
        per = PER[name]
        out += [f"## `{name}` — {p.title}", "", f"Source: {per['title_source']}.", "",
                "| option | value | what decides it |", "|---|---|---|"]
        for key, label in OPTIONS:
            why = per.get(key) or fallback(key)
            val = value_words(key, d[key])
            out.append(f"| {label} (`{key}`) | {val} | {why} |")
        out.append("")
    return "\n".join(out)



if __name__ == "__main__":
    (ROOT / "docs" / "presets.md").write_text(render(), encoding="utf-8")
