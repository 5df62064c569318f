"""Every preset plays as its own source says: golden tests built from the sources' words.

Each test quotes the sentence of its seed (``shared/seeds/000``–``004``) it checks; the
option-by-option table with every quotation is docs/presets.md, and the last test proves
that table is exactly what ``docs/make_presets_md.py`` writes from the engine's presets.
Seats are numbered anticlockwise (South 0, East 1, North 2, West 3).
"""

from __future__ import annotations

import random
import runpy
from pathlib import Path

import pytest

from big2.engine import (
    PASS,
    Game,
    IllegalMove,
    Kind,
    Session,
    classify,
    get_preset,
    get_rules,
    move_cards,
    parse_cards,
)
from big2.engine import beats as engine_beats
from big2.engine.scoring import HandOutcome, score_hand, scoring_preset

ROOT = Path(__file__).resolve().parents[2]


def kind(text: str, preset: str) -> Kind | None:
    combo = classify(parse_cards(text), get_rules(preset))
    return None if combo is None else combo.kind


def beats(a: str, b: str, preset: str) -> bool:
    rules = get_rules(preset)
    ca, cb = classify(parse_cards(a), rules), classify(parse_cards(b), rules)
    assert ca is not None and cb is not None, (a, b)
    return engine_beats(ca, cb, rules)


def ascending(preset: str, *plays: str) -> None:
    """Each play beats every play before it, and none beats a later one."""
    for i, low in enumerate(plays):
        for high in plays[i + 1:]:
            assert beats(high, low, preset), f"{high} should beat {low} under {preset}"
            assert not beats(low, high, preset), f"{low} should not beat {high} under {preset}"


def points(preset_scoring: str, cards_left: tuple[int, ...], winner: int, **kw: object) -> tuple[int, ...]:
    return score_hand(HandOutcome(cards_left, winner, **kw), scoring_preset(preset_scoring))  # type: ignore[arg-type]


def play_hand_out(game: Game, rng: random.Random) -> None:
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_moves())))


def session_leaders(preset: str, hands: int, seed: int = 3) -> list[tuple[int | None, bool, int]]:
    """For each hand of a session: (forced leader, clockwise, last winner)."""
    s = Session(random.Random(seed), rules=get_rules(preset), scoring=scoring_preset(get_preset(preset).scoring))
    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        setup = s.next_hand_setup()
        g = s.new_hand()
        assert g.clockwise == setup.clockwise
        play_hand_out(g, rng)
        out.append((setup.leader, setup.clockwise, s.record().winner))
    return out


# -- standard: seed 004's basic game ------------------------------------------------------

def test_standard_suits_and_combinations() -> None:
    # 004: "There is also an ordering of suits - from high to low: spades, hearts, clubs, diamonds"
    ascending("standard", "3d", "3c", "3h", "3s")
    # 004: "there is no "two pair" combination, and although a four of a kind requires a
    # fifth card to complete the combination, a triple cannot be accompanied by extra cards"
    assert kind("5d 5c 7h 7s 9d", "standard") is None
    assert kind("5d 5c 5h 7s", "standard") is None
    assert kind("5d 5c 5h 5s", "standard") is None
    assert kind("5d 5c 5h 5s 9d", "standard") is Kind.FOUR_OF_A_KIND
    # 004: "any flush beats any straight, any full house beats any straight or flush, any
    # four of a kind plus an odd card beats any straight, flush or full house and any
    # straight flush beats all of the other type of five card group"
    ascending("standard", "Ts Js Qs Kh As", "3d 5d 7d 9d Jd", "3d 3c 3h 4d 4c",
              "4d 4c 4h 4s 3d", "3c 4c 5c 6c 7c")


def test_standard_first_lead_and_direction() -> None:
    # 004: "The player who holds the three of diamonds begins and must play this card,
    # either by itself or as part of a legal combination." / "Deal and play are normally
    # anticlockwise."
    g = Game.deal(random.Random(7), rules=get_rules("standard"))
    assert parse_cards("3d").lowest() in g.hand(g.to_act)
    assert all(parse_cards("3d").lowest() in move_cards(m) for m in g.legal_moves())
    assert not g.clockwise


def test_standard_passing_does_not_lock_you_out() -> None:
    # 004: "Example: At a late stage in a game, South starts with a 4, East beats it with a
    # jack, you (North) pass, West plays an ace, South and East pass. [...] you now play
    # your 2, which you held back before."
    g = Game([parse_cards("4d 9c"), parse_cards("Jd 8h"), parse_cards("2s 5c"),
              parse_cards("Ad 6d 7d")], rules=get_rules("standard"), first=0)
    g.play("4d")
    g.play("Jd")
    g.pass_turn()
    g.play("Ad")
    g.pass_turn()
    g.pass_turn()
    assert g.to_act == 2
    g.play("2s")  # North passed earlier in this trick and may still play


def test_standard_penalty_table() -> None:
    # 004: "The penalty is one point per card in your hand if you have 9 cards or fewer,
    # two points per card if you have 10, 11 or 12 cards, and three points per card (i.e.
    # 39 points) if you have all 13 of your cards left"
    assert get_preset("standard").scoring == "penalty-table"
    assert points("penalty-table", (0, 9, 10, 13), 0) == (0, -9, -20, -39)


# -- hong-kong: Ivan Ip (004) -------------------------------------------------------------

def test_hong_kong_straights_and_flushes() -> None:
    # 004 (Ivan Ip): "JQKA2 is not a valid straight or straight flush. The highest straight
    # or straight flush is A2345, then 23456, TJQKA, 9TJQK, and so on down to 34567"
    assert kind("Jd Qc Kh As 2d", "hong-kong") is None
    assert kind("Js Qs Ks As 2s", "hong-kong") is Kind.FLUSH
    ascending("hong-kong", "3s 4d 5d 6d 7d", "9s Td Jd Qd Kd", "Ts Jd Qd Kd Ad",
              "2d 3s 4d 5d 6d", "Ad 2d 3s 4d 5d")
    # "Flushes are compared according to the rank of the highest card." and 004's example
    # of that version: "2-J-7-5-3 beats A-J-10-7-6, which beats A-K-J-9-8"
    ascending("hong-kong", "Ah Kh Jh 9h 8h", "As Js Ts 7s 6s", "2d Jd 7d 5d 3d")


def test_hong_kong_dragon_lone_two_and_later_leader() -> None:
    rules = get_rules("hong-kong")
    # "A dragon wins the hand outright."
    dragon = parse_cards("3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As 2d")
    rest = [c for c in range(52) if c not in dragon]
    g = Game([dragon, rest[:13], rest[13:26], rest[26:39]], rules=rules)
    assert g.is_over and g.winner == 0 and g.dragon
    # "The deal cannot be won by playing a single 2 as your last card."
    g = Game([parse_cards("2s 5d"), parse_cards("3c 4c")], rules=rules, first=0)
    assert [move_cards(m).format() for m in g.legal_moves()] == ["2s"]
    with pytest.raises(IllegalMove):
        g.play("5d")
    # "The second and subsequent deals are begun by the winner of the previous deal."
    hands = session_leaders("hong-kong", 4)
    assert hands[0][0] is None
    assert [leader for leader, _, _ in hands[1:]] == [winner for _, _, winner in hands[:-1]]


def test_hong_kong_scores_with_the_hong_kong_multipliers() -> None:
    # 002: "According to Hong Kong-rules [...] between 1 and 9 cards is calculated as one
    # point each, 10 to 12 cards are doubled and 13 cards count as three times as many"
    scoring = scoring_preset(get_preset("hong-kong").scoring)
    assert [scoring.table.factor(n) for n in (1, 9, 10, 12, 13)] == [1, 1, 2, 2, 3]


# -- taiwan --------------------------------------------------------------------------------

def test_taiwan_suits_and_first_lead() -> None:
    # 004: "the order is spades (high), hearts, diamonds, clubs (low) - as in Bridge. In
    # this case the 3[♣] starts."
    ascending("taiwan", "3c", "3d", "3h", "3s")
    g = Game.deal(random.Random(1), rules=get_rules("taiwan"))
    three_clubs = parse_cards("3c").lowest()
    assert three_clubs in g.hand(g.to_act)
    assert all(three_clubs in move_cards(m) for m in g.legal_moves())


def test_taiwan_deck_and_honour_hands() -> None:
    # 004: "So only single cards, pairs and 5-card combinations can be played and the only
    # 5-card combinations are straight, full house, four of a kind, and straight flush."
    assert kind("9d 9c 9h", "taiwan") is None
    assert kind("3d 5d 7d 9d Jd", "taiwan") is None
    assert kind("9d 9c 9h 4s 4h", "taiwan") is Kind.FULL_HOUSE
    # 004: "Some allow an honour hand to be played not only to beat a lower 5-card hand,
    # but also to beat singles pairs or triples. [...] common in Lukang (central Taiwan)."
    assert beats("4d 4c 4h 4s 3d", "2s", "taiwan")
    assert beats("3c 4c 5c 6c 7c", "2h 2s", "taiwan")
    assert not beats("3d 3c 3h 4d 4c", "2s", "taiwan")  # a full house is no honour hand


def test_taiwan_loser_pays() -> None:
    # 004: "a version played in Taiwan in which the winner is paid a fixed amount by the
    # loser only"
    assert get_preset("taiwan").scoring == "taiwan-loser-pays"
    assert points("taiwan-loser-pays", (0, 3, 7, 5), 0) == (1, 0, -1, 0)


# -- pusoy-dos -----------------------------------------------------------------------------

def test_pusoy_dos_suits_first_lead_and_points() -> None:
    # 004: "the order of suits from high to low is diamonds, hearts, spades, clubs. In this
    # case it is the player who holds the 3[♣] rather than the 3[♦] who starts."
    ascending("pusoy-dos", "3c", "3s", "3h", "3d")
    g = Game.deal(random.Random(2), rules=get_rules("pusoy-dos"))
    assert parse_cards("3c").lowest() in g.hand(g.to_act)
    # "if you win and your last play includes a deuce (two) you score 2 points; if it
    # contains two deuces you score 4 points"
    scoring = get_preset("pusoy-dos").scoring
    assert points(scoring, (0, 5, 5, 5), 0, last_play=parse_cards("9d")) == (1, 0, 0, 0)
    assert points(scoring, (0, 5, 5, 5), 0, last_play=parse_cards("2d")) == (2, 0, 0, 0)
    assert points(scoring, (0, 5, 5, 5), 0, last_play=parse_cards("2d 2c")) == (4, 0, 0, 0)


# -- indonesia -----------------------------------------------------------------------------

def test_indonesia_straights_with_a_two() -> None:
    # 004: "In Indonesia, straights containing a two (A-2-3-4-5 and 2-3-4-5-6) beat all
    # other straights, and between each other they are ranked according to the suit of
    # the two"
    assert beats("Ad 2d 3c 4c 5c", "Ts Js Qs Ks Ah", "indonesia")
    assert beats("2d 3c 4c 5c 6c", "Ts Js Qs Ks Ah", "indonesia")
    assert beats("Ad 2s 3c 4c 5c", "2h 3d 4d 5d 6c", "indonesia")
    assert beats("2s 3d 4d 5d 6c", "Ad 2h 3c 4c 5c", "indonesia")


def test_indonesia_passing_locks_you_out() -> None:
    # 004: "Example: you hold 3-3-8-8-10-10. You lead your 3-3 and the second player,
    # holding 2-2 and no other pairs, decides not to waste these high cards. The other two
    # players also pass. Now you can play your 8-8, the player with 2-2 is not allowed to
    # play, having passed, and so you win with your 10-10."
    rules = get_rules("indonesia")
    # Harold Hutabarat: "clockwise play is usual in Indonesia": after South comes West.
    g = Game([parse_cards("3d 3c 8d 8c Td Tc"), parse_cards("4d 5d 6d 7h 9h"),
              parse_cards("4c 5c 6c 7c 9c"), parse_cards("2d 2c 4h 5h 6h")],
             rules=rules, first=0)
    assert g.clockwise
    g.play("3d 3c")
    assert g.to_act == 3
    for _ in range(3):
        g.pass_turn()
    assert g.to_act == 0
    g.play("8d 8c")
    assert g.to_act == 0  # everyone else passed and is locked out
    g.play("Td Tc")
    assert g.is_over and g.winner == 0


def test_indonesia_rounds_of_ten_deals() -> None:
    # 004: "Only the first deal of the round is begun by the 3. The next nine deals are
    # started by whoever won the previous deal"
    hands = session_leaders("indonesia", 11)
    assert hands[0][0] is None and hands[10][0] is None
    assert [leader for leader, _, _ in hands[1:10]] == [winner for _, _, winner in hands[:9]]
    assert all(clockwise for _, clockwise, _ in hands)


# -- cho-dai-di: seed 000 ------------------------------------------------------------------

def test_cho_dai_di_ranking() -> None:
    # 000: "Five Card Straight A,2,3,4,5 (highest rank) 2,3,4,5,6 (2nd highest rank)
    # A,K,Q,J,10 (3rd highest rank) 4,5,6,7,8 (2nd lowest rank) 3,4,5,6,7 (lowest rank)"
    ascending("cho-dai-di", "3s 4d 5d 6d 7d", "4s 5d 6d 7d 8d", "Ts Jd Qd Kd Ad",
              "2d 3s 4d 5d 6d", "Ad 2d 3s 4d 5d")
    # "If two or more players have A,2,3,4,5 then the suit of 2 decides the strongest. [...]
    # J, Q, K, A, 2 is not a straight."
    assert beats("As 2h 3d 4d 5d", "Ad 2c 3s 4s 5s", "cho-dai-di")
    assert kind("Jd Qc Kh As 2d", "cho-dai-di") is None
    # "Flushes 5 card 2 (highest rank) A (2nd highest rank) [...] If two or more players
    # have the same 5 cards, then the suit of the Flush decides the strongest."
    assert beats("2d 4d 6d 8d Td", "As Ks Qs Js 9s", "cho-dai-di")
    assert beats("3s 5s 7s 9s Js", "3h 5h 7h 9h Jh", "cho-dai-di")
    # (read: the suit decides only between the same five ranks)
    assert beats("Kd Qd 9d 7d 5d", "Ks Js Ts 7s 5s", "cho-dai-di")
    # "the Pair containing the Spade is the strongest"
    assert beats("9s 9d", "9h 9c", "cho-dai-di")


def test_cho_dai_di_direction_alternates_and_3d_leads_every_hand() -> None:
    # 000: "After each game round [...] play direction is switched from clockwise to
    # counter-clockwise or vice versa." and "The direction of play is to the left."
    # Only in tournament play: "for every subsequent hand the winner of the previous hand
    # goes first"; so outside tournaments the 3♦ leads every hand.
    hands = session_leaders("cho-dai-di", 4)
    assert [clockwise for _, clockwise, _ in hands] == [True, False, True, False]
    assert all(leader is None for leader, _, _ in hands)


def test_cho_dai_di_first_trick_example_and_autopass() -> None:
    rules = get_rules("cho-dai-di")
    # 000: "Player A begins by playing 3[♦] by itself. Player B can only follow with another
    # single, say 9[♦]. Player C is now restricted to singles higher than 9"
    g = Game([parse_cards("3d Kh Ks"), parse_cards("9d 4c 5c"), parse_cards("9s Tc Jc 4d 5d"),
              parse_cards("6c 7c 8c")], rules=rules, clockwise=False)
    g.play("3d")
    g.play("9d")
    assert {move_cards(m).format() for m in g.legal_moves() if m != PASS} == {"9s", "Tc", "Jc"}
    # "A player passes automatically: When 2 of spade is played alone"
    g = Game([parse_cards("2s 4d"), parse_cards("2h 5c"), parse_cards("2d 6c"),
              parse_cards("2c 7c")], rules=rules, first=0)
    g.play("2s")
    assert g.leading and g.to_act == 0


def test_cho_dai_di_assistant_liability() -> None:
    # 000: "If the assistant fails to do this, and the next player wins, the assistant
    # covers everyone's losses and can't take money from other players."
    rules = get_rules("cho-dai-di")
    g = Game.from_position([parse_cards("4d Ks"), parse_cards("9c 8d"), parse_cards("Ah"),
                            parse_cards("5c 6c")], to_act=1, rules=rules,
                           trick=classify(parse_cards("4c"), rules).move,  # type: ignore[union-attr]
                           trick_owner=0, clockwise=False)
    assert PASS in g.legal_moves()  # the assistant may ignore the duty
    g.pass_turn()
    g.play("Ah")
    assert g.is_over and g.liable == 1


def test_cho_dai_di_payments_example() -> None:
    # 000: "Player A - 3 cards, Player D - 4 cards, Player B - 0 cards (winner), Player C -
    # 1 card [...] Player B would win 8points. Player C would win 4points. Player D would
    # lose 8points. Player A would lose 4points."  (seats A, B, C, D)
    assert points(get_preset("cho-dai-di").scoring, (3, 0, 1, 4), 1) == (-4, 8, 4, -8)


# -- chudadi: seed 002 ---------------------------------------------------------------------

def test_chudadi_ranking() -> None:
    # 002: "three of spades + three of diamonds is a better pair than three of hearts +
    # three of clovers"; "a straight ending with ten of clovers is better than one ending
    # with ten of diamonds, a flush where the best card is eight of hearts is better then
    # one where the best card is seven of spades"; "you can never lay two pairs!"
    assert beats("3s 3d", "3h 3c", "chudadi")
    assert beats("6d 7d 8d 9d Tc", "6c 7c 8c 9c Td", "chudadi")
    # (a flush whose best card is a 7 would be the straight flush 34567: one rank up)
    assert beats("9h 6h 5h 4h 3h", "8s 6s 5s 4s 3s", "chudadi")
    assert kind("5d 5c 7h 7s", "chudadi") is None and kind("5d 5c 7h 7s 9d", "chudadi") is None


def test_chudadi_assistant_must_lay_the_best_card() -> None:
    # 002: "The player before (i.e. on the left side of) a player with only one card left
    # always has to lay his absolutely best card (when single cards are played)!"
    rules = get_rules("chudadi")
    g = Game.from_position([parse_cards("4d Ks"), parse_cards("9c 8d Qh"), parse_cards("Ah"),
                            parse_cards("5c 6c")], to_act=1, rules=rules,
                           trick=classify(parse_cards("4c"), rules).move,  # type: ignore[union-attr]
                           trick_owner=0)
    assert [move_cards(m).format() for m in g.legal_moves()] == ["Qh"]
    with pytest.raises(IllegalMove, match="highest single"):
        g.play("9c")
    with pytest.raises(IllegalMove):
        g.pass_turn()


def test_chudadi_winner_leads_with_anything_and_play_is_anticlockwise() -> None:
    # 002: "In all the other rounds it is the winner of the previous round that starts the
    # new round." / "the players take turns counterclockwise"
    hands = session_leaders("chudadi", 3)
    assert [leader for leader, _, _ in hands[1:]] == [winner for _, _, winner in hands[:-1]]
    assert not any(clockwise for _, clockwise, _ in hands)
    s = Session(random.Random(5), rules=get_rules("chudadi"))
    play_hand_out(s.new_hand(), random.Random(5))
    s.record()
    g = s.new_hand()
    assert g.must_include is None  # "with any one of the four possible openings"


def test_chudadi_payments_example() -> None:
    # 002's worked example (standard rules): A 4 cards, B 8, C 0, D 11 ->
    # "16 + 33 - 4 - 4 - 4 = 37", "4 + 33 - 16 - 16 - 16 = - 11", "4 + 16 + 33 = 53",
    # "4 + 16 - 33 - 33 - 33 = - 79"
    assert points(get_preset("chudadi").scoring, (4, 8, 0, 11), 2) == (37, -11, 53, -79)


# -- big-2: seed 003 -----------------------------------------------------------------------

def test_big_2_ranking() -> None:
    # 003: "A♠ beats A♥, which beats K♠"; "A pair consisting of the K♠ and K♣ beats a pair
    # consisting of K♥ and K♦."
    ascending("big-2", "Ks", "Ah", "As")
    assert beats("Ks Kc", "Kh Kd", "big-2")
    # "Therefore 3-4-5-6-7 < 2-3-4-5-6 [...] The largest straight is J-Q-K-A-2, while the
    # smallest straight is 3-4-5-6-7."
    ascending("big-2", "3s 4d 5d 6d 7d", "Ts Jd Qd Kd Ad", "2d 3s 4d 5d 6d", "Jd Qd Kd Ad 2s")
    # "Flush: [...] Rank is determined by highest suit and then by highest rank."
    ascending("big-2", "2d Jd 7d 5d 3d", "3s 5s 7s 9s Js", "4s 5s 7s 9s Qs")
    # "Straight Flush: [...] Ranked the same as straights, suit being a tie-breaker."
    ascending("big-2", "3s 4s 5s 6s 7s", "4d 5d 6d 7d 8d", "4c 5c 6c 7c 8c")
    # "A 4 of a kind cannot be played unless it is played as a 5-card hand"
    assert kind("9d 9c 9h 9s", "big-2") is None


def test_big_2_deal_and_scoring() -> None:
    # 003: "Any leftover cards are then given to the player holding the 3♦."
    g = Game.deal(random.Random(4), rules=get_rules("big-2"), players=3)
    counts = sorted(g.card_counts)
    assert counts == [17, 17, 18]
    assert len(g.hand(g.to_act)) == 18 and parse_cards("3d").lowest() in g.hand(g.to_act)
    # "if North won, and East, West, and South respectively still had 3, 11, and 8 cards
    # left, East would score -3, West would score -22, South would score -8, and North
    # would score +33."   (seats South, East, North, West)
    assert points(get_preset("big-2").scoring, (8, 3, 0, 11), 2) == (-8, -3, 33, -22)


# -- choi-dai-di: seed 001 -----------------------------------------------------------------

def test_choi_dai_di_no_wrap_around() -> None:
    # 001: "There's no wrap-around. You can't construct straights or straight flushes from
    # 2 back to 3." and "straights: Look at the highest card in the straight."
    assert kind("2d 3c 4h 5s 6d", "choi-dai-di") is None
    assert kind("Ad 2c 3h 4s 5d", "choi-dai-di") is None
    assert kind("2d 3d 4d 5d 6d", "choi-dai-di") is Kind.FLUSH
    ascending("choi-dai-di", "3s 4d 5d 6d 7d", "Ts Jd Qd Kd Ad", "Jd Qd Kd Ad 2s")


def test_choi_dai_di_flushes_and_straight_flushes_by_suit_first() -> None:
    # 001: "So any diamond flush < any club flush < any heart flush < any spade flush.
    # Under this variation, if you're comparing two flushes of the same suit you then (and
    # only then) look at the highest card in the flush."
    ascending("choi-dai-di", "2d Jd 7d 5d 3d", "3c 5c 7c 9c Jc", "3s 5s 7s 9s Js", "4s 5s 7s 9s Qs")
    # "Whatever flush rule variation you decide to use apply it to your straight-flushes as
    # well."
    ascending("choi-dai-di", "9h Th Jh Qh Kh", "3s 4s 5s 6s 7s", "4s 5s 6s 7s 8s")
    # "(3d,3s) beats (3c,3h) because 3s > 3h."
    assert beats("3d 3s", "3c 3h", "choi-dai-di")
    # "any straight < any flush < any full house < any quadruple+1 < any straight flush"
    ascending("choi-dai-di", "Jd Qd Kd Ad 2s", "3d 5d 7d 9d Jd", "3d 3c 3h 4d 4c",
              "4d 4c 4h 4s 3d", "3d 4d 5d 6d 7d")


def test_choi_dai_di_clockwise_and_the_winner_collects() -> None:
    # 001: "Players take turns making plays in a clockwise (or if you prefer, counter
    # clockwise) direction"
    assert Game.deal(random.Random(6), rules=get_rules("choi-dai-di")).clockwise
    # "The winner then receives payments from the other players based on the number of
    # cards in their hands." and "each card is worth $5, but if someone has 10 or more
    # cards left in their hand they pay $10 per card, or if they have 13 or more $15 per
    # card."
    scoring = scoring_preset(get_preset("choi-dai-di").scoring, unit=5)
    assert score_hand(HandOutcome((0, 9, 10, 13), 0), scoring) == (45 + 100 + 195, -45, -100, -195)


# -- the table of docs/presets.md -----------------------------------------------------------

def test_docs_presets_md_is_what_the_engine_plays() -> None:
    """docs/presets.md is regenerated from the engine's presets: run
    ``python docs/make_presets_md.py`` after changing one."""
    render = runpy.run_path(str(ROOT / "docs" / "make_presets_md.py"))["render"]
    assert (ROOT / "docs" / "presets.md").read_text(encoding="utf-8") == render()


def test_readme_links_the_presets_table() -> None:
    assert "(docs/presets.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
