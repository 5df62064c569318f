"""Every house rule of RULES.md §2-§3, one table of cases per option."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from big2.engine import (
    PASS,
    CardSet,
    STANDARD,
    AssistantRule,
    Bombs,
    Deck,
    Direction,
    FlushOrder,
    Game,
    HandEnd,
    HandEnded,
    IllegalMove,
    LaterLeader,
    Leftovers,
    LoneTwo,
    Passed,
    PlayerOut,
    Rules,
    Session,
    StockDraw,
    StraightOrder,
    beats,
    classify,
    move_size,
    parse_cards,
)
from big2.engine.dealing import deal_cards, is_dragon


def combo(text: str, rules: Rules = STANDARD):  # type: ignore[no-untyped-def]
    c = classify(parse_cards(text), rules)
    assert c is not None, f"{text} should be a combination"
    return c


def steps(game: Game, *actions: str) -> None:
    """Play each action in turn: card text, or "pass"."""
    for action in actions:
        if action == "pass":
            game.pass_turn()
        else:
            game.play(action)


def assert_ascending(rules: Rules, plays: list[str]) -> None:
    """Each play beats every one before it, and none beats a later one."""
    combos = [combo(p, rules) for p in plays]
    for i, low in enumerate(combos):
        for high in combos[i + 1:]:
            assert beats(high, low, rules), f"{high.text()} should beat {low.text()}"
            assert not beats(low, high, rules), f"{low.text()} should not beat {high.text()}"


# -- suit orders --------------------------------------------------------------------------

@pytest.mark.parametrize(
    "order, lowest, ascending",
    [
        ("dchs", "3d", ["3d", "3c", "3h", "3s"]),
        ("cshd", "3c", ["3c", "3s", "3h", "3d"]),  # Pusoy Dos
        ("cdhs", "3c", ["3c", "3d", "3h", "3s"]),  # Taiwan
    ],
)
def test_suit_orders_rank_cards_and_pick_the_leader(order: str, lowest: str, ascending: list[str]) -> None:
    rules = replace(STANDARD, suit_order=order)
    assert_ascending(rules, ascending)
    assert rules.lowest_card == parse_cards(lowest).lowest()
    # West holds the 3 of the lowest suit (and the other 3 besides) and must lead it.
    other = "3c" if lowest == "3d" else "3d"
    hands = ["4d 5d", "6d 7d", "8d 9d", f"{lowest} {other} Td"]
    g = Game([parse_cards(h) for h in hands], rules=rules)
    assert g.to_act == 3 and g.must_include == parse_cards(lowest).lowest()
    with pytest.raises(IllegalMove, match=f"must include {combo(lowest).text()}"):
        g.play(other)
    g.play(lowest)


def test_pairs_follow_the_suit_order() -> None:
    pusoy = replace(STANDARD, suit_order="cshd")
    assert beats(combo("9d 9c", pusoy), combo("9h 9s", pusoy), pusoy)
    assert not beats(combo("9d 9c"), combo("9h 9s"))


# -- straights ----------------------------------------------------------------------------

STRAIGHT_CASES = {
    StraightOrder.HONG_KONG: (
        ["3d 4c 5h 6s 7d", "Td Jc Qh Ks Ad", "2d 3c 4h 5s 6d", "Ad 2c 3h 4s 5d"], ["Jd Qc Kh As 2d"]),
    StraightOrder.TOP_CARD: (
        ["3d 4c 5h 6s 7d", "Td Jc Qh Ks Ad", "2d 3c 4h 5s 6d", "Ad 2c 3h 4s 5d", "Jd Qc Kh As 2d"], []),
    StraightOrder.NO_WRAP: (
        ["3d 4c 5h 6s 7d", "Td Jc Qh Ks Ad", "Jd Qc Kh As 2d"], ["Ad 2c 3h 4s 5d", "2d 3c 4h 5s 6d"]),
    StraightOrder.TWO_HIGH: (
        ["3d 4c 5h 6s 7d", "Td Jc Qh Ks Ad", "Ad 2c 3h 4s 5d", "2d 3c 4h 5s 6d"], ["Jd Qc Kh As 2d"]),
    StraightOrder.TWO_HIGH_ACE_LOW: (
        ["Ad 2c 3h 4s 5d", "3d 4c 5h 6s 7d", "Td Jc Qh Ks Ad", "2d 3c 4h 5s 6d"], ["Jd Qc Kh As 2d"]),
    StraightOrder.NO_A2345: (
        ["3d 4c 5h 6s 7d", "Td Jc Qh Ks Ad", "2d 3c 4h 5s 6d"], ["Ad 2c 3h 4s 5d", "Jd Qc Kh As 2d"]),
    StraightOrder.TWOS_HIGH_65432_LOW: (
        ["2d 3c 4h 5s 6d", "3d 4c 5h 6s 7d", "Td Jc Qh Ks Ad", "Jd Qc Kh As 2d"], ["Ad 2c 3h 4s 5d"]),
    StraightOrder.SIX_FIVE_SECOND: (
        ["3d 4c 5h 6s 7d", "Td Jc Qh Ks Ad", "2d 3c 4h 5s 6d", "Jd Qc Kh As 2d"], ["Ad 2c 3h 4s 5d"]),
    StraightOrder.INDONESIA: (
        ["3d 4c 5h 6s 7d", "Td Jc Qh Ks Ad", "2d 3c 4h 5s 6d"], ["Jd Qc Kh As 2d"]),
}


@pytest.mark.parametrize("order", list(StraightOrder))
def test_every_straight_order(order: StraightOrder) -> None:
    rules = replace(STANDARD, straight_order=order)
    ascending, invalid = STRAIGHT_CASES[order]
    assert_ascending(rules, ascending)
    for text in invalid:
        assert classify(parse_cards(text), rules) is None, f"{text} is no straight under {order}"


def test_indonesia_ranks_straights_with_a_two_by_the_suit_of_the_two() -> None:
    rules = replace(STANDARD, straight_order=StraightOrder.INDONESIA)
    # A2345 with the 2♠ beats 23456 with the 2♥, which beats A2345 with the 2♦ (004).
    assert_ascending(rules, ["Ad 2d 3h 4s 5d", "2h 3c 4h 5s 6d", "As 2s 3c 4c 5h"])
    assert beats(combo("2d 3c 4h 5s 6d", rules), combo("Td Jc Qh Ks As", rules), rules)


# -- flushes ------------------------------------------------------------------------------

def test_flush_orders_with_the_004_examples() -> None:
    a = "2h Jh 7h 5h 3h"  # 2-J-7-5-3
    b = "Ac Jc Tc 7c 6c"  # A-J-10-7-6
    c = "Ad Kd Jd 9d 8d"  # A-K-J-9-8
    by_top = replace(STANDARD, flush_order=FlushOrder.HIGHEST_CARD)
    assert_ascending(by_top, [c, b, a])  # "2J753 beats AJT76, which beats AKJ98"
    poker = replace(STANDARD, flush_order=FlushOrder.POKER)
    assert_ascending(poker, [b, c, a])  # "AKJ98 beats AJT76 because the king beats the jack"
    suit_first = replace(STANDARD, flush_order=FlushOrder.SUIT_FIRST)
    assert_ascending(suit_first, [c, b, a, "3s 5s 7s 9s Js"])  # ♦ < ♣ < ♥ < ♠ whatever the ranks


# -- first lead, direction ------------------------------------------------------------------

def test_first_lead_need_not_hold_the_lowest_card() -> None:
    rules = replace(STANDARD, first_lead_has_lowest=False)
    g = Game([parse_cards(h) for h in ["3d 9s", "4d 5d", "6d 7d", "8d Td"]], rules=rules)
    assert g.to_act == 0 and g.must_include is None
    g.play("9s")
    assert g.to_act == 1


def test_clockwise_play_turns_to_the_lower_seat() -> None:
    rules = replace(STANDARD, direction=Direction.CLOCKWISE)
    g = Game([parse_cards(h) for h in ["3d 9s", "4d 5d", "6d 7d", "8d Td"]], rules=rules)
    g.play("3d")
    assert g.to_act == 3 and g.next_seat(3) == 2
    g.pass_turn()
    assert g.to_act == 2


# -- the assistant rule ---------------------------------------------------------------------

def assistant_game(rule: AssistantRule) -> Game:
    # South (0) must act before East (1), who holds one card.
    rules = replace(STANDARD, assistant=rule, first_lead_has_lowest=False)
    return Game([parse_cards(h) for h in ["4d 9s Ks 5c 5h", "Qd", "6d 7d 8c", "8d Td Jc"]],
                rules=rules, first=0)


def test_assistant_rule_enforced_when_leading() -> None:
    g = assistant_game(AssistantRule.ENFORCED)
    snapshot = (g.hand(0), g.to_act, list(g.history))
    with pytest.raises(IllegalMove, match=r"East has one card left: play your highest single \(K♠\)"):
        g.play("4d")
    assert (g.hand(0), g.to_act, list(g.history)) == snapshot
    g.play("5c 5h")  # a pair is fine


def test_assistant_rule_enforced_when_following_a_single() -> None:
    g = assistant_game(AssistantRule.ENFORCED)
    g2 = Game.from_position([g.hand(s) for s in range(4)], to_act=0, rules=g.rules,
                            trick=combo("8d").move, trick_owner=3)
    with pytest.raises(IllegalMove, match="highest single"):
        g2.pass_turn()  # K♠ beats the 8♦, so passing would help East
    with pytest.raises(IllegalMove, match=r"highest single \(K♠\)"):
        g2.play("9s")
    g2.play("Ks")


def test_assistant_liability_makes_the_assistant_pay() -> None:
    g = assistant_game(AssistantRule.LIABILITY)
    g.play("4d")  # allowed, but ignores the rule
    events = g.play("Qd")
    ended = events[-1]
    assert isinstance(ended, HandEnded) and ended.winner == 1 and ended.liable == 0
    assert g.liable == 0


def test_liability_is_not_charged_when_the_rule_was_obeyed() -> None:
    g = assistant_game(AssistantRule.LIABILITY)
    g.play("Ks")
    assert g.legal_moves().can_pass
    g.pass_turn()  # East cannot beat K♠
    assert g.liable is None


# -- passing locks you out (Indonesia) -------------------------------------------------------

def test_the_indonesian_pass_lock_example() -> None:
    rules = replace(STANDARD, pass_locks_out=True, first_lead_has_lowest=False)
    # You hold 3-3-8-8-10-10; the second player holds 2-2 and no other pair.
    g = Game([parse_cards(h) for h in ["3d 3c 8d 8c Td Tc", "2d 2c 4s 6s 9s Js", "4d 5c 7h 9h", "4h 5h 7s Jh"]],
             rules=rules, first=0)
    g.play("3d 3c")
    g.pass_turn()  # the player with 2-2 keeps them ...
    g.pass_turn()
    g.pass_turn()
    assert g.to_act == 0 and not g.leading  # ... so you may beat your own pair
    g.play("8d 8c")
    assert g.to_act == 0, "everyone else passed and stays locked out"
    events = g.play("Td Tc")
    assert isinstance(events[-1], HandEnded) and g.winner == 0


def test_pass_lock_owner_may_take_the_trick() -> None:
    rules = replace(STANDARD, pass_locks_out=True, first_lead_has_lowest=False)
    g = Game([parse_cards(h) for h in ["3d 9c", "2d 4s", "4d 5c", "4h 5h"]], rules=rules, first=0)
    g.play("9c")
    for _ in range(3):
        g.pass_turn()
    events = g.pass_turn()  # the owner passes: takes the trick and leads afresh
    assert g.leading and g.to_act == 0 and Passed(0) in events


def test_without_pass_lock_a_passed_player_plays_again() -> None:
    g = Game([parse_cards(h) for h in ["3d 4d 9c", "Kd 2d", "5d 6d", "7d 8d"]])
    g.play("3d")
    g.pass_turn()  # East passes ...
    g.play("5d")
    g.play("7d")
    g.play("9c")
    g.play("2d")  # ... and plays later in the same trick
    assert g.trick_owner == 1


# -- four of a kind alone, bombs, leaner decks ------------------------------------------------

def test_four_of_a_kind_alone() -> None:
    rules = replace(STANDARD, four_alone=True)
    assert_ascending(rules, ["5d 5c 5h 5s", "9d 9c 9h 9s"])
    assert classify(parse_cards("5d 5c 5h 5s")) is None
    assert not beats(combo("3d 4d 5d 6d 7d", rules), combo("5d 5c 5h 5s", rules), rules)
    assert not beats(combo("9d 9c 9h 9s", rules), combo("2s"), rules)


def test_honour_hands_beat_singles_pairs_and_triples() -> None:
    rules = replace(STANDARD, bombs=Bombs.HONOUR_HANDS)
    four = combo("3d 3c 3h 3s 4d", rules)
    sflush = combo("5h 6h 7h 8h 9h", rules)
    for low in ["2s", "2s 2h", "2s 2h 2c"]:
        assert beats(four, combo(low, rules), rules) and beats(sflush, combo(low, rules), rules)
    assert not beats(combo("3s 4c 5c 6c 7c", rules), combo("2s", rules), rules)  # a straight is no honour
    g = Game.from_position([parse_cards(h) for h in ["3d 3c 3h 3s 4d 9c", "2s 6d", "7d", "8d"]], to_act=0,
                           rules=rules, trick=combo("2s").move, trick_owner=1)
    assert four.move in g.legal_moves()
    assert not beats(four, combo("2s"))


def test_only_a_royal_flush_beats_four_of_a_kind() -> None:
    rules = replace(STANDARD, bombs=Bombs.ROYAL_OVER_FOURS)
    # 004: A-K-Q-J-10 beats 2-2-2-2-6, which beats 3-3-3-3-8, which beats K-Q-J-10-9.
    assert_ascending(rules, ["9h Th Jh Qh Kh", "3d 3c 3h 3s 8d", "2d 2c 2h 2s 6d", "Ts Js Qs Ks As"])


def test_no_triples_and_no_flushes() -> None:
    rules = replace(STANDARD, deck=Deck.NO_TRIPLES_NO_FLUSHES)
    assert classify(parse_cards("3d 3c 3h"), rules) is None
    assert classify(parse_cards("3d 5d 7d 9d Jd"), rules) is None
    assert classify(parse_cards("3d 3c 3h 4s 4d"), rules) is not None
    assert classify(parse_cards("3d 4d 5d 6d 7d"), rules) is not None
    g = Game([parse_cards(h) for h in ["3d 3c 3h 5d 7d 9d Jd Ks", "4c", "5c", "6c"]], rules=rules)
    assert {move_size(m) for m in g.legal_moves()} == {1, 2}
    with pytest.raises(IllegalMove, match="is a triple, which these rules don.t allow"):
        g.play("3d 3c 3h")


def test_da_lao_er_full_house_cannot_beat_a_straight() -> None:
    rules = replace(STANDARD, deck=Deck.DA_LAO_ER)
    straight, full = combo("3d 4c 5h 6s 7d", rules), combo("9d 9c 9h 4s 4d", rules)
    assert not beats(full, straight, rules) and not beats(straight, full, rules)
    assert beats(combo("Jd Jc Jh Js 4h", rules), straight, rules)
    assert classify(parse_cards("3d 5d 7d 9d Jd"), rules) is None
    g = Game.from_position([parse_cards(h) for h in ["9d 9c 9h 4s 4d Ks", "8d", "Qd", "3c"]], to_act=0,
                           rules=rules, trick=straight.move, trick_owner=3)
    with pytest.raises(IllegalMove, match="full house cannot be played on a straight"):
        g.play("9d 9c 9h 4s 4d")


# -- dragon, lone two, play on, auto-pass ---------------------------------------------------

def test_a_dragon_wins_at_once() -> None:
    dragon = "3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As 2d"
    assert is_dragon(parse_cards(dragon).mask)
    rules = replace(STANDARD, dragon_wins=True)
    others = [c for c in range(52) if c not in parse_cards(dragon)]  # 3 of each rank
    hands = [parse_cards(dragon)] + [CardSet(others[i * 13:(i + 1) * 13]) for i in range(3)]
    hands = [hands[1], hands[0], hands[2], hands[3]]
    assert not any(is_dragon(h.mask) for s, h in enumerate(hands) if s != 1)
    g = Game(hands, rules=rules)
    assert g.is_over and g.winner == 1 and g.dragon
    assert g.points() == (-39, 0, -39, -39)
    # like any winner, the dragon's holder ends holding nothing: the dragon is laid down
    assert g.card_counts == (13, 0, 13, 13) and not g.hand(1)
    assert g.played_by(1) == parse_cards(dragon)
    assert g.start_events()[0].hands[1] == parse_cards(dragon)  # the deal shows it
    outcome = g.outcome()  # scoring takes the finished hand as it is
    assert outcome.winner == 1 and outcome.dragon and outcome.cards_left == (13, 0, 13, 13)
    assert isinstance(g.start_events()[-1], HandEnded)
    assert not Game(hands).is_over  # without the house rule it is just a hand


@pytest.mark.parametrize("rule, hand, bad", [
    (LoneTwo.NO_LONE_TWO, "2d 5d", "5d"),
    (LoneTwo.NO_LONE_TOP_TWO, "2s 5d", "5d"),
])
def test_no_going_out_on_a_lone_two(rule: LoneTwo, hand: str, bad: str) -> None:
    rules = replace(STANDARD, lone_two=rule, first_lead_has_lowest=False)
    g = Game([parse_cards(h) for h in [hand, "3d 4d", "6d 7d", "8d 9d"]], rules=rules, first=0)
    with pytest.raises(IllegalMove, match="You may not keep a lone 2. as your last card"):
        g.play(bad)
    g.play(hand.split()[0])  # play the 2 first instead


def test_lone_low_two_is_fine_under_the_top_two_rule() -> None:
    rules = replace(STANDARD, lone_two=LoneTwo.NO_LONE_TOP_TWO, first_lead_has_lowest=False)
    g = Game([parse_cards(h) for h in ["2d 5d", "3d 4d", "6d 7d", "8d 9d"]], rules=rules, first=0)
    g.play("5d")


def test_play_on_until_one_player_is_left() -> None:
    rules = replace(STANDARD, hand_end=HandEnd.PLAY_ON)
    g = Game([parse_cards(h) for h in ["3d", "4d 9c", "5d Kc", "6d 2c"]], rules=rules)
    events = g.play("3d")
    assert PlayerOut(0, 1) in events and not g.is_over and g.to_act == 1
    steps(g, "4d", "5d", "6d", "pass", "pass")  # South is out and skipped: West's 6♦ takes the trick
    assert g.to_act == 3 and g.leading
    events = g.play("2c")
    assert PlayerOut(3, 2) in events
    steps(g, "pass", "pass")
    # West went out and nobody beat the 2♣: the next player still in (East) leads.
    assert g.leading and g.to_act == 1
    events = g.play("9c")  # East goes out third; North alone is left and the hand ends
    assert isinstance(events[-1], HandEnded) and g.is_over
    assert g.finish_order == [0, 3, 1, 2] and events[-1].finish_order == (0, 3, 1, 2)


def test_play_on_ends_with_a_full_finish_order() -> None:
    rules = replace(STANDARD, hand_end=HandEnd.PLAY_ON)
    rng = random.Random(4)
    g = Game.deal(random.Random(8), rules=rules)
    while not g.is_over:
        moves = g.legal_moves()
        g.apply(moves[rng.randrange(len(moves))])
    assert sorted(g.finish_order) == [0, 1, 2, 3]
    assert sum(1 for n in g.card_counts if n) == 1


def test_auto_pass_passes_for_players_who_cannot_beat() -> None:
    rules = replace(STANDARD, auto_pass=True)
    g = Game([parse_cards(h) for h in ["3d 4s 2s", "4d 5d", "6d 7d", "8d 9d"]], rules=rules)
    steps(g, "3d", "5d", "7d", "9d")
    events = g.play("2s")  # nobody can beat the 2♠: AutoPass passes for all three
    assert [e for e in events if isinstance(e, Passed)] == [Passed(1, True), Passed(2, True), Passed(3, True)]
    assert g.leading and g.to_act == 0 and [m for _, m in g.history[-3:]] == [PASS] * 3
    plain = Game([parse_cards(h) for h in ["3d 4s 2s", "4d 5d", "6d 7d", "8d 9d"]])
    steps(plain, "3d", "5d", "7d", "9d", "2s")
    assert plain.to_act == 1 and plain.no_legal_play


# -- two and three players -------------------------------------------------------------------

def test_three_players_seventeen_each_leftover_to_the_lowest() -> None:
    rules = replace(STANDARD, leftovers=Leftovers.TO_LOWEST)
    for seed in range(30):
        deal = deal_cards(random.Random(seed), rules, 3)
        counts = sorted(h.bit_count() for h in deal.hands)
        assert counts == [17, 17, 18] and len(deal.leftovers) == 1
        holder = next(s for s in range(3) if deal.hands[s].bit_count() == 18)
        dealt_without = [h if s != holder else h & ~(1 << deal.leftovers[0]) for s, h in enumerate(deal.hands)]
        lowest = min(c for c in range(52) if any(h >> c & 1 for h in dealt_without))
        assert deal.hands[holder] >> lowest & 1  # the lowest dealt card's holder took it


def test_leftover_three_of_diamonds_goes_to_the_next_lowest() -> None:
    class LastIsThreeDiamonds(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.sort(reverse=True)  # 2♠ first ... 3♦ last: the leftover

    rules = replace(STANDARD, leftovers=Leftovers.TO_LOWEST)
    deal = deal_cards(LastIsThreeDiamonds(), rules, 3)
    assert deal.leftovers == (0,)
    holder = next(s for s in range(3) if deal.hands[s] >> 0 & 1)
    assert deal.hands[holder] >> 1 & 1  # 3♣, the next lowest, was in this hand already


@pytest.mark.parametrize("players, per_hand", [(2, 13), (2, 17), (2, 21), (3, 13), (3, 17)])
def test_fixed_deals_leave_the_rest_unused(players: int, per_hand: int) -> None:
    rules = replace(STANDARD, cards_per_player=per_hand)
    g = Game.deal(random.Random(1), rules=rules, players=players)
    assert g.card_counts == (per_hand,) * players
    assert g.stock_size == 52 - players * per_hand
    lowest = min(c for s in range(players) for c in g.hand(s))
    assert g.must_include == lowest and lowest in g.hand(g.to_act)


@pytest.mark.parametrize("rule, drawn", [(StockDraw.ONE, 1), (StockDraw.AS_MANY_AS_NEEDED, 2)])
def test_passing_draws_from_the_stock(rule: StockDraw, drawn: int) -> None:
    rules = replace(STANDARD, stock_draw=rule, first_lead_has_lowest=False)
    g = Game([parse_cards(h) for h in ["3d 3c 9h", "4d 5d 6c"]], rules=rules, first=0,
             stock=parse_cards("Ks Kh Qs"))
    g.play("3d 3c")
    g.pass_turn()
    assert len(g.hand(1)) == 3 + drawn and g.stock_size == 3 - drawn


def test_the_three_player_exchange() -> None:
    rules = replace(STANDARD, three_player_exchange=True, leftovers=Leftovers.TO_LOWEST)
    s = Session(random.Random(3), rules=rules, players=3)
    g = s.new_hand()
    assert g.exchange is None
    while not g.is_over:
        g.apply(g.legal_moves()[0])
    s.record()
    g = s.new_hand()
    assert g.exchange is not None
    loser, winner = g.exchange
    assert s.current_deal is not None
    before = Game.deal(s.current_deal, rules=rules, players=3)
    given = max(before.hand(loser), key=rules.card_strength)
    assert given in g.hand(winner) and given not in g.hand(loser)
    assert g.exchange_card == given
    assert len(g.hand(winner)) == len(before.hand(winner)) + 1
    with pytest.raises(IllegalMove, match="must first give a card back"):
        g.pass_turn()
    assert len(g.legal_moves()) == 0
    card = g.suggest_give_back()
    before = len(g.hand(loser))
    g.give_back(card)
    assert len(g.hand(loser)) == before + 1 and card in g.hand(loser)
    assert g.exchange is None and g.exchange_card is None
    assert len(g.legal_moves()) > 0


# -- who leads later hands ---------------------------------------------------------------------

def finish(game: Game, rng: random.Random) -> None:
    while not game.is_over:
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])


def test_winner_leads_the_next_hand_with_anything() -> None:
    rules = replace(STANDARD, later_leader=LaterLeader.WINNER)
    s = Session(random.Random(11), rules=rules)
    rng = random.Random(2)
    g = s.new_hand()
    finish(g, rng)
    winner = s.record().winner
    g = s.new_hand()
    assert g.to_act == winner and g.must_include is None


def test_loser_leads_and_ties_go_to_the_smallest_combination() -> None:
    from big2.engine.session import loser_of
    rules = replace(STANDARD, later_leader=LaterLeader.LOSER)
    g = Game([parse_cards(h) for h in ["3d", "9d 9c 4s", "5d 6c 7h", "Kd Kh Ks"]], rules=rules)
    g.play("3d")
    # East (pair), North (single only) and West (triple) tie on 3 cards: North forms the
    # smallest largest-combination, so North is the loser.
    assert loser_of(g) == 2
    s = Session(random.Random(1), rules=rules)
    s.current, s.current_deal = g, 0
    s.record()
    assert s.new_hand().to_act == 2


def test_indonesian_rounds_of_ten() -> None:
    rules = replace(STANDARD, later_leader=LaterLeader.INDONESIAN_ROUNDS)
    s = Session(random.Random(5), rules=rules)
    rng = random.Random(9)
    for number in range(12):
        g = s.new_hand()
        if number % 10 == 0:
            assert g.must_include is not None
        else:
            assert g.must_include is None and g.to_act == s.records[-1].winner
        finish(g, rng)
        s.record()


def test_alternating_direction() -> None:
    rules = replace(STANDARD, direction=Direction.ALTERNATE)
    s = Session(random.Random(5), rules=rules)
    rng = random.Random(9)
    seen = []
    for _ in range(4):
        g = s.new_hand()
        seen.append(g.clockwise)
        finish(g, rng)
        s.record()
    assert seen == [False, True, False, True]


def test_contradictions_are_refused() -> None:
    with pytest.raises(ValueError, match="drawing from the stock needs undealt cards"):
        replace(STANDARD, stock_draw=StockDraw.ONE, leftovers=Leftovers.TO_LOWEST)
    with pytest.raises(ValueError, match="suit order"):
        replace(STANDARD, suit_order="ddhs")
    with pytest.raises(ValueError, match="more than 52"):
        Game.deal(random.Random(1), rules=replace(STANDARD, cards_per_player=17), players=4)


def test_play_on_hands_are_scored_by_the_session() -> None:
    from big2.engine.scoring import scoring_preset

    rules = replace(STANDARD, hand_end=HandEnd.PLAY_ON)
    for scoring in (None, scoring_preset("finish-order")):
        s = Session(random.Random(1), rules=rules, scoring=scoring)
        g = s.new_hand()
        finish(g, random.Random(2))
        record = s.record()
        assert record.finish_order == tuple(g.finish_order) and len(record.finish_order) == 4
        if scoring is not None:
            assert sorted(record.points) == [0, 1, 3, 5]
