"""Games and sessions survive save -> load exactly, and hostile payloads are refused."""

from __future__ import annotations

import copy
import dataclasses
import enum
import json
import random
import typing
from datetime import datetime, timezone
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from big2.engine import STANDARD, Game, Rules, Session
from big2.engine.rules import AssistantRule, Direction, LaterLeader, StockDraw
from big2.persistence.envelope import make_envelope, open_envelope
from big2.engine.scoring import SCORING_PRESETS, Scoring, scoring_preset
from big2.persistence.gamecodec import (
    game_from_dict, game_to_dict, rng_from_dict, rng_to_dict, rules_from_dict, rules_to_dict,
    state_slots,
)
from big2.persistence.handlog import hand_result, replay, start_position
from big2.persistence.sessioncodec import (
    check_payload, load_payload, preview_of, save_payload,
)
from big2.persistence.history import History, Seat
from big2.persistence.jsonsafe import dump_json, parse_json
from big2.persistence.notices import StorageError
from big2.persistence.paths import AppPaths
from big2.persistence.saves import SaveStore


def game_state(game: Game | None) -> object:
    """Everything observable about a game, including what it would allow next."""
    if game is None:
        return None
    n = game.n_players
    slots = {name: getattr(game, name) for name in sorted(state_slots())}
    return (slots, [game.hand_mask(s) for s in range(n)], game.to_act, game.trick,
            game.passed, game.out, game.must_include, game.winner, game.stock_size,
            game.exchange, list(game.legal_moves()))


def session_state(session: Session) -> object:
    return (session.rules, session.names, session.n_players, session.max_hands,
            session.target, session.scoring, list(session.totals), list(session.records),
            session.current_deal, game_state(session.current),
            game_state(session.last_game), session.rng.getstate())


def through_file_format(session: Session, rngs: dict[str, random.Random]) -> Any:
    """save_payload -> envelope -> bytes -> bounded parse -> envelope check -> load."""
    doc = make_envelope(save_payload(session, rngs=rngs), kind="autosave", name="",
                        saved_at=datetime(2026, 1, 1, tzinfo=timezone.utc),
                        preview=preview_of(session))
    saved = open_envelope(parse_json(dump_json(doc)))
    return load_payload(saved.payload)


def advance(session: Session, choose: random.Random) -> bool:
    """One step of play: deal, move or record; False once the session is over."""
    if session.current is None:
        if session.is_over:
            return False
        session.new_hand()
    elif session.current.is_over:
        try:
            session.record()
        except ValueError:
            # The engine refused to score the hand (a bug of its own, reported: two
            # players playing on). Not this codec's subject: stop this session here.
            return False
    elif session.current.exchange is not None:
        winner = session.current.exchange[1]
        session.current.give_back(choose.choice(sorted(session.current.hand(winner))))
    else:
        moves = list(session.current.legal_moves())
        session.current.make(choose.choice(moves))
    return True


def _rules_or_none(options: dict[str, Any]) -> Rules | None:
    try:
        return Rules(**options)
    except ValueError:  # a combination the engine refuses
        return None


_HINTS = typing.get_type_hints(Rules)
_OPTION_STRATEGIES: dict[str, st.SearchStrategy[Any]] = {
    f.name: (st.sampled_from(list(_HINTS[f.name])) if isinstance(_HINTS[f.name], type)
             and issubclass(_HINTS[f.name], enum.Enum) else st.booleans())
    for f in dataclasses.fields(Rules)
    if _HINTS[f.name] is bool or (isinstance(_HINTS[f.name], type)
                                  and issubclass(_HINTS[f.name], enum.Enum))
}
_OPTION_STRATEGIES["suit_order"] = st.permutations("dchs").map("".join)
_OPTION_STRATEGIES["cards_per_player"] = st.integers(3, 13)
#: Every rule option of the engine, in any combination the engine accepts.
rules_strategy = st.fixed_dictionaries(_OPTION_STRATEGIES).map(_rules_or_none).filter(
    lambda r: r is not None)


SCORINGS = [scoring_preset(name) for name in sorted(SCORING_PRESETS)]


class SaveLoadMachine(RuleBasedStateMachine):
    """Random sessions; after every step, save then load gives back the same session."""

    @initialize(seed=st.integers(0, 2**64), players=st.sampled_from([2, 3, 4]),
                rules=rules_strategy, max_hands=st.none() | st.integers(1, 3),
                scoring=st.sampled_from(SCORINGS))
    def start(self, seed: int, players: int, rules: Rules | None,
              max_hands: int | None, scoring: Scoring) -> None:
        assert rules is not None
        self.session = Session(random.Random(seed), rules=rules, players=players,
                               max_hands=max_hands, target=None if max_hands else 30,
                               scoring=scoring)
        self.ai = random.Random(seed ^ 0xB16)

    @rule(choice=st.integers(0, 2**32))
    def step(self, choice: int) -> None:
        self.ai.seed(choice)
        advance(self.session, self.ai)
        session = self.session
        event(f"hands finished: {len(session.records)}")
        if session.current is not None and session.current.is_over:
            event("a hand ended")
        if session.current is not None and session.current.exchange is not None:
            event("an exchange")
        if session.current is not None and session.current.stock_size:
            event("a stock")

    @invariant()
    def save_then_load_is_identity(self) -> None:
        resumed = through_file_format(self.session, {"seat-1": self.ai})
        assert session_state(resumed.session) == session_state(self.session)
        assert resumed.rngs["seat-1"].getstate() == self.ai.getstate()


SaveLoadMachine.TestCase.settings = settings(
    max_examples=25, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
TestSaveLoad = SaveLoadMachine.TestCase


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), stop_after=st.integers(0, 150),
       players=st.sampled_from([2, 3, 4]), rules=rules_strategy)
def test_resumed_session_plays_on_identically(seed: int, stop_after: int, players: int,
                                              rules: Rules | None) -> None:
    assert rules is not None
    session = Session(random.Random(seed), players=players, max_hands=2, rules=rules)
    ai = random.Random(seed + 1)
    for _ in range(stop_after):
        advance(session, ai)
    resumed = through_file_format(session, {"ai": ai})
    twin, twin_ai = resumed.session, resumed.rngs["ai"]
    while advance(session, ai):
        assert advance(twin, twin_ai)
        assert session_state(twin) == session_state(session)
    assert not advance(twin, twin_ai)
    assert twin.records == session.records and twin.totals == session.totals


@pytest.mark.parametrize("rules", [
    dataclasses.replace(STANDARD, three_player_exchange=True, later_leader=LaterLeader.LOSER,
                        direction=Direction.ALTERNATE),
    dataclasses.replace(STANDARD, stock_draw=StockDraw.ONE, assistant=AssistantRule.LIABILITY,
                        pass_locks_out=True, cards_per_player=10),
])
def test_every_step_of_three_hands_round_trips(rules: Rules) -> None:
    session = Session(random.Random(21), players=3, rules=rules, max_hands=3)
    ai = random.Random(22)
    seen_exchange = False
    while advance(session, ai):
        seen_exchange |= session.current is not None and session.current.exchange is not None
        resumed = through_file_format(session, {"ai": ai})
        assert session_state(resumed.session) == session_state(session)
    assert len(session.records) == 3
    assert seen_exchange == rules.three_player_exchange


def test_autosave_store_round_trip_with_validation(paths: AppPaths) -> None:
    session = Session(random.Random(7), players=4)
    ai = random.Random(8)
    for _ in range(30):
        advance(session, ai)
    store = SaveStore(paths, validate_payload=check_payload)
    store.autosave(save_payload(session, app={"levels": ["normal"] * 3}), preview_of(session))
    loaded = store.load_autosave()
    assert loaded.notices == () and loaded.value is not None
    assert loaded.value.preview.players == session.names
    assert loaded.value.preview.hand_number == 1
    resumed = load_payload(loaded.value.payload)
    assert session_state(resumed.session) == session_state(session)
    assert resumed.app == {"levels": ["normal"] * 3}


@pytest.mark.parametrize("exchange", [False, True])
def test_finished_hand_goes_to_history_and_replays(paths: AppPaths, exchange: bool) -> None:
    rules = dataclasses.replace(STANDARD, three_player_exchange=exchange)
    session = Session(random.Random(11), players=3, rules=rules)
    ai = random.Random(12)
    stored_hands = []
    with History.open(paths.history_db).value as history:
        sid = history.start_session([Seat("Mei", True), Seat("B", False, "beginner"),
                                     Seat("C", False, "expert")],
                                    rules_preset=rules.name, rules=rules_to_dict(rules))
        for _ in range(2):  # the second hand starts with the exchange
            game = session.new_hand()
            if game.exchange is not None:
                game.give_back(game.suggest_give_back())
            start = start_position(game)
            while not game.is_over:
                game.make(ai.choice(list(game.legal_moves())))
            record = session.record()
            hid = history.record_hand(sid, hand_result(game, record, start=start,
                                                       duration_s=12.0))
            stored = history.load_hand(hid)
            assert stored is not None
            stored_hands.append((stored, game))
    for stored, game in stored_hands:
        assert stored.result.deal_seed == str(game_record_seed(session, stored.hand_number))
        positions = replay(stored.result)
        assert len(positions) == len(game.history) + 1
        assert game_state(positions[-1]) == game_state(game)
        assert positions[0].history == [] and sum(positions[0].card_counts) == 39
        assert [sorted(positions[0].hand(s)) for s in range(3)] == list(stored.result.deal)


def game_record_seed(session: Session, number: int) -> int:
    return session.records[number - 1].deal_number


def test_replay_needs_the_start_position() -> None:
    from big2.persistence.history import HandResult
    with pytest.raises(ValueError, match="without its start position"):
        replay(HandResult(1, "standard", {}, 0, [0, 1], [1, -1]))


def test_rules_and_rng_round_trip() -> None:
    rules = dataclasses.replace(STANDARD, suit_order="cshd", first_lead_has_lowest=False)
    assert rules_from_dict(json.loads(json.dumps(rules_to_dict(rules)))) == rules
    assert rules_from_dict({}) == STANDARD  # options missing from old saves: defaults
    rng = random.Random(3)
    rng.gauss(0, 1)  # leaves a gauss_next in the state
    clone = rng_from_dict(json.loads(json.dumps(rng_to_dict(rng))))
    assert [clone.random() for _ in range(5)] == [rng.random() for _ in range(5)]


def _valid_payload() -> dict[str, Any]:
    session = Session(random.Random(5), players=4, max_hands=3)
    ai = random.Random(6)
    for _ in range(25):
        advance(session, ai)
    assert session.current is not None and len(session.current.history) > 3
    payload: dict[str, Any] = json.loads(json.dumps(save_payload(session, rngs={"x": ai})))
    return payload


def _set(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    target: Any = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


BROKEN: dict[str, tuple[tuple[Any, ...], Any]] = {
    "kind": (("kind",), "chess"),
    "unclassifiable-move": (("session", "current", "history", 0, 1), [0, 51]),
    "history-seat": (("session", "current", "history", 0, 0), 9),
    "move-not-pair": (("session", "current", "history", 0), [0]),
    "card-twice-in-hands": (("session", "current", "_hands", 1), 1),
    "card-in-hand-and-played": (("session", "current", "_played", 0), 2**52 - 1),
    "mask-too-big": (("session", "current", "_hands", 0), 2**60),
    "mask-negative": (("session", "current", "_hands", 0), -1),
    "hands-count": (("session", "current", "_hands"), [1, 2]),
    "to-act-out-of-range": (("session", "current", "_to_act"), 5),
    "to-act-bool": (("session", "current", "_to_act"), True),
    "step": (("session", "current", "_step"), 2),
    "direction": (("session", "current", "clockwise"), True),
    "trick-not-combo": (("session", "current", "_trick"), [0, 5]),
    "passes": (("session", "current", "_passes"), 99),
    "first-card": (("session", "current", "_first_card"), 52),
    "finish-order-twice": (("session", "current", "finish_order"), [1, 1]),
    "exchange-shape": (("session", "current", "exchange"), [1]),
    "slot-missing": (("session", "current"), {"rules": {}, "n_players": 4}),
    "players": (("session", "current", "n_players"), 7),
    "stock-card-twice": (("session", "current", "_stock"), [3, 3]),
    "rng-short": (("session", "rng", 1), [1, 2, 3]),
    "rng-word-huge": (("session", "rng", 1, 0), 2**40),
    "rng-position": (("session", "rng", 1, 624), 9999),
    "rng-version": (("session", "rng", 0), 7),
    "rng-gauss": (("session", "rng", 2), "x"),
    "extra-rng": (("rngs", "x"), None),
    "rule-unknown": (("session", "rules", "explode"), True),
    "rule-enum": (("session", "rules", "straight_order"), "sideways"),
    "rule-suits": (("session", "rules", "suit_order"), "dddd"),
    "rule-bool": (("session", "rules", "first_lead_has_lowest"), 1),
    "names-count": (("session", "names"), ["a", "b"]),
    "name-type": (("session", "names", 0), 7),
    "totals-count": (("session", "totals"), [0]),
    "total-huge": (("session", "totals", 0), 10**30),
    "record-winner": (("session", "records"), [{"number": 1, "deal_number": 1, "winner": 9,
                                               "cards_left": [0, 0, 0, 0],
                                               "points": [0, 0, 0, 0]}]),
    "deal-without-game": (("session", "current"), None),
    "max-hands-zero": (("session", "max_hands"), 0),
    "session-list": (("session",), []),
    "app-list": (("app",), [1]),
    "scoring-unknown": (("session", "scoring"), {"explode": 1}),
    "scoring-list": (("session", "scoring"), [1]),
    "scoring-value": (("session", "scoring", "unit"), "lots"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_broken_payloads_are_refused_with_value_error(case: str) -> None:
    path, value = BROKEN[case]
    with pytest.raises(ValueError):
        load_payload(_set(_valid_payload(), path, value))


def test_payload_is_valid_to_start_with() -> None:
    load_payload(_valid_payload())


def test_broken_autosave_is_set_aside_by_the_store(paths: AppPaths) -> None:
    broken = _set(_valid_payload(), ("session", "current", "_hands", 1), 1)
    store = SaveStore(paths, validate_payload=check_payload)
    with pytest.raises(StorageError, match="a card is in two places"):
        store.autosave(broken)  # the store never writes what it would set aside
    SaveStore(paths).autosave(broken)  # a file from elsewhere (an older version, say)
    result = store.load_autosave()
    assert result.value is None
    assert "its game is not valid (a card is in two places)" in result.notices[0].text


def _leaves(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(doc, dict):
        return [p for k, v in doc.items() for p in _leaves(v, prefix + (k,))] or [prefix]
    if isinstance(doc, list):
        return [p for i, v in enumerate(doc) for p in _leaves(v, prefix + (i,))] or [prefix]
    return [prefix]


VALID = _valid_payload()
LEAVES = [p for p in _leaves(VALID) if p]
json_any = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5)
                        | st.floats(allow_nan=False),
                        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=3),
                                                                            c, max_size=3),
                        max_leaves=5)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(LEAVES), json_any)
def test_any_mutated_leaf_loads_or_raises_value_error(path: tuple[Any, ...], value: Any) -> None:
    try:
        load_payload(_set(VALID, path, value))
    except ValueError:
        pass


def test_game_dict_round_trip() -> None:
    game = Game.deal(random.Random(4), players=4)
    for _ in range(9):
        game.make(game.legal_moves()[0])
    assert game_state(game_from_dict(json.loads(json.dumps(game_to_dict(game))))) == \
        game_state(game)
    mid = Game.from_position([[0, 1], [2, 3]], to_act=1, played=[[4], []])
    assert game_state(game_from_dict(game_to_dict(mid))) == game_state(mid)


def test_every_engine_slot_has_a_checked_kind() -> None:
    """Fails when the engine grows state: name it in gamecodec._SLOT_KINDS (until then
    plain values are still saved, unchecked) and in _SESSION_ATTRS."""
    from big2.persistence.gamecodec import _SLOT_KINDS
    from big2.persistence.sessioncodec import _SESSION_ATTRS
    assert state_slots() == set(_SLOT_KINDS)
    assert set(vars(Session(random.Random(1)))) == _SESSION_ATTRS


def test_new_plain_engine_state_is_still_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    import big2.persistence.gamecodec as codec
    game = Game.deal(random.Random(4), players=4)
    game.make(game.legal_moves()[0])
    kinds = {k: v for k, v in codec._SLOT_KINDS.items() if k != "_first"}
    monkeypatch.setattr(codec, "_SLOT_KINDS", kinds)  # as if the engine had just added it
    data = json.loads(json.dumps(game_to_dict(game)))
    assert data["_first"] == {"auto": "int", "value": game.first_player}
    assert game_state(game_from_dict(data)) == game_state(game)
    for bad in ({"auto": "int", "value": 2**70}, {"auto": "float", "value": 1.5},
                {"auto": "list", "value": ["x"]}, [1]):
        with pytest.raises(ValueError):
            game_from_dict(_set(data, ("_first",), bad))
    kinds.pop("_stock")
    game._stock = [object()]  # type: ignore[list-item]
    with pytest.raises(ValueError, match="cannot save: _stock"):
        game_to_dict(game)


def test_payload_size() -> None:
    payload = _valid_payload()
    assert len(dump_json(payload)) < 64 * 1024
