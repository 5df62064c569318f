"""The table's playback of engine events: each event starts its animation.

A part of :class:`~big2.app.table.scene.TableScene` (:class:`EventPlayback`) with its
own state: the queue of events still to show, when the current animation ends, the
deal in progress. ``show(event)`` starts what the event looks like (the deal, a play
flying in, a sweep, "Last card!", the reveal) and returns how long to wait before the
next event; every other part hears of it through ``event_shown``.
"""

from __future__ import annotations

from big2 import i18n
from big2.i18n import _, ngettext, pgettext

import math
from collections import deque
from collections.abc import Callable
from typing import Any

from big2.engine.cards import format_cards
from big2.engine.combos import PASS, classify, move_cards
from big2.room.events import HandEnded, HandRevealed, HandScored, LastCard, MoveUndone, Passed, Played, PlayerOut, SeatDealt, SeatDrew, SeatExchanged, SeatExchangeStarted, SeatHanded, TrickWon, TurnStarted

from big2.app import vocab
from big2.app.table.layout import results_card
from big2.app.ui.confetti import SECONDS as CELEBRATION  # the results wait for it (or a key or click)
from big2.app.ui.sprites import CardSprite
from big2.app.table.part import TablePart

# Motion, in seconds at the normal animation speed (docs/design/look.md, "Motion")
#: The deal: a card leaves the deck in the centre this often, and flies this long.
DEAL_STAGGER, DEAL_FLIGHT = 0.030, 0.200
#: A played card's flight to the trick, then its snap onto the cloth, and how much
#: larger it is just before the snap (the overshoot it settles from).
FLIGHT, SNAP, SNAP_LIFT = 0.220, 0.090, 0.04
#: Each of the two pulses of a last-card warning's badge.
PULSE = 0.4


def reading_order(cards: list[int], rules: Any) -> list[int]:
    """A play's cards as the table lays them out (straights in sequence, triple first)."""
    combo = classify(cards, rules)
    return list(combo.ordered(rules)) if combo is not None else list(cards)


def recent_lines(state: Any, count: int) -> list[tuple[str, tuple[int, int, int]]]:
    """The table log's lines for the last ``count`` moves of the hand in ``state`` (a
    :class:`~big2.room.state.SeatState`), each worded again when shown."""
    lines: list[tuple[str, tuple[int, int, int]]] = []
    rules = state.rules
    for seat, move in state.history[-count:] if count else ():
        if move == PASS:
            lines.append((vocab.later(lambda seat=seat: vocab.about(state, seat, _("You pass"), _("{name} passes"))), (200, 200, 200)))
            continue
        combo = classify(list(move_cards(move)), rules)
        if combo is None:
            continue
        cards = combo.text(rules)
        lines.append((vocab.later(lambda seat=seat, kind=combo.kind, cards=cards: vocab.about(
            state, seat, _("You: {combination} {cards}"), _("{name}: {combination} {cards}"),
            combination=vocab.combination(kind), cards=cards)), (255, 255, 255)))
    return lines


class EventPlayback(TablePart):
    """Plays the seat's events back on the table, one animation at a time."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.queue: deque[Any] = deque()
        #: Game time when the animation under way ends and the next event may start.
        self.busy_until = 0.0
        #: (start time, seconds between cards, cards) of the deal in progress, for the deck
        self.deal: tuple[float, float, int] | None = None
        #: After the exchange, the first turn's leader goes in the log.
        self.announce_leader = False
        #: The hand's score once shown (the results screen reads it).
        self.scored: HandScored | None = None
        #: Game time each seat's last-card warning began (its badge pulses after it).
        self.warned: dict[int, float] = {}
        #: At the hand's end: opens the results now (a key or click skips the wait).
        self.open_results: Callable[[], None] | None = None
        #: The win's celebration under way: (game time it began, seconds it lasts).
        self.celebration: tuple[float, float] | None = None

    def hand_started(self) -> None:
        self.busy_until = self.table.clock.time
        self.announce_leader = False
        self.scored = None
        self.warned.clear()
        self.open_results = None
        self.celebration = None

    def last_card_pulse(self, seat: int) -> float:
        """How far ``seat``'s card-count badge is swollen by its last-card warning now:
        0 at rest, up to 1 at the height of each of its two pulses (400 ms each at the
        normal speed, a sine; docs/design/look.md). Always 0 with reduced motion or
        animations off. The seat drawing scales or rings its badge by it."""
        start = self.warned.get(seat)
        a = self.table.anim
        if start is None or a <= 0 or self.app.settings.motion_cap is not None:
            return 0.0
        each = PULSE * a
        t = self.table.clock.time - start
        if not 0 <= t < 2 * each:
            return 0.0
        return math.sin(math.pi * (t % each) / each)

    def pulsing(self) -> bool:
        """Whether a last-card warning is pulsing now (the table keeps drawing)."""
        a = self.table.anim
        now = self.table.clock.time
        return a > 0 and any(0 <= now - s < 2 * PULSE * a for s in self.warned.values())

    def enqueue(self, events) -> None:
        """The seat's events from the room, to be shown after those already waiting."""
        self.queue.extend(events)

    def run(self, now: float) -> bool:
        """Start the events that are due; True while the table is still showing some."""
        t = self.table
        while self.queue and now >= self.busy_until and not t.covered:
            event = self.queue.popleft()
            self.busy_until = now + self.show(event)
            for part in t.parts:
                part.event_shown(event)
            t.damage_info()
            if t.covered:
                return True
        return bool(self.queue) or now < self.busy_until

    def animating(self) -> bool:
        return (bool(self.queue) and not self.table.covered) or self.table.clock.time < self.busy_until or self.pulsing()

    def deadline(self) -> float | None:
        return None

    def deck_left(self) -> int:
        """Cards still in the dealer's hand while the deal animates (0 otherwise)."""
        if self.deal is None:
            return 0
        start, stagger, total = self.deal
        if stagger <= 0:
            return 0
        left = total - int((self.table.clock.time - start) / stagger) - 1
        if left <= 0:
            self.deal = None
            return 0
        return left

    def show(self, event: Any) -> float:
        """Start the animation for one event; returns how long to wait before the next."""
        t = self.table
        a = t.anim
        if isinstance(event, SeatDealt):
            return self.show_deal(event)
        if getattr(event, "seat", None) == t.turn and not isinstance(event, (TurnStarted, LastCard)):
            t.turn = None  # the seat has acted (played, passed, went out): no "thinking…" left
        if isinstance(event, TurnStarted):
            t.turn = event.seat
            t.refresh_buttons()
            if self.announce_leader:  # after the exchange: the first turn of the hand
                self.announce_leader = False
                seat = event.seat
                t.log.append((vocab.later(lambda: vocab.about(t.state, seat, _("You lead"), _("{name} leads"))), (235, 225, 180)))
            if event.leading:
                t.badges.clear()
                t.owner = None
            return 0.0
        if isinstance(event, Played):
            return self.show_play(event)
        if isinstance(event, Passed):
            t.badges[event.seat] = pgettext("badge", "Pass")
            seat = event.seat
            if getattr(event, "auto", False):
                line = vocab.later(lambda: vocab.about(t.state, seat, _("You pass (no play)"), _("{name} passes (no play)")))
            else:
                line = vocab.later(lambda: vocab.about(t.state, seat, _("You pass"), _("{name} passes")))
            t.log.append((line, (200, 200, 200)))
            self.app.sounds.play("pass")
            return 0.25 * a
        if isinstance(event, TrickWon):
            return self.show_sweep(event.seat)
        if isinstance(event, LastCard):
            t.banner = (vocab.about(t.state, event.seat, _("Last card! — You"), _("Last card! — {name}")), t.clock.time + max(1.6, 1.6 * a), (255, 214, 90))
            t.banner_scale = 0.3
            t.tweens.to(t, 0.5 * a, ease="out_back", banner_scale=1.0)
            self.app.sounds.play("last_card")
            self.warned[event.seat] = t.clock.time  # the seat's badge pulses twice
            return 0.7 * a
        if isinstance(event, HandEnded):
            return self.show_end(event)
        if isinstance(event, SeatExchangeStarted):
            return t.exchange.show_handover(event)
        if isinstance(event, PlayerOut):
            place = event.place
            t.badges[event.seat] = _("Out: place {place}").format(place=i18n.current().number(place))
            seat = event.seat
            t.log.append((vocab.later(lambda: vocab.about(t.state, seat, _("You go out: place {place}"), _("{name} goes out: place {place}"),
                                                          place=i18n.current().number(place))), (255, 232, 140)))
            return 0.5 * a
        if isinstance(event, SeatDrew):
            return self.show_draw(event.seat, event.count, list(event.cards))
        if isinstance(event, SeatExchanged):
            return t.exchange.show_exchange(event)
        if isinstance(event, SeatHanded):
            t.refresh_buttons()
            return 0.0
        if isinstance(event, MoveUndone):
            return t.undo.show(event)
        if isinstance(event, HandScored):
            self.scored = event
        return 0.0  # HandRevealed, HandScored: taken with HandEnded; a hint: shown when asked

    def show_draw(self, seat: int, n: int, cards: list[int]) -> float:
        """A passing player draws ``n`` cards from the stock (``cards``: the drawer's own)."""
        t = self.table
        t.counts[seat] += n
        if seat == t.viewer and cards:
            t.hand.cards.extend(cards)
            t.hand.sort()
            t.place_hand(animate=True)
        n = len(cards)
        t.log.append((vocab.later(lambda: vocab.about(t.state, seat, ngettext("You draw {n} card", "You draw {n} cards", n),
                                                      ngettext("{name} draws {n} card", "{name} draws {n} cards", n), n=i18n.current().number(n))),
                       (200, 200, 200)))
        self.app.sounds.play("deal")
        return 0.3 * t.anim

    def show_deal(self, event: SeatDealt) -> float:
        t = self.table
        a = t.anim
        lay = t.layout
        n = t.state.n_players
        # the others' cards fly face down: only how many is known here
        hands = [list(event.hand) if s == t.viewer else [-1] * event.counts[s] for s in range(n)]
        exchange = bool(self.queue) and isinstance(self.queue[0], SeatExchangeStarted)
        # the exchange's winner holds one card more until they give one back
        most = max(len(h) for h in hands) + (1 if exchange else 0)
        if most > self.layout_hand_size():
            # an even deal to two or three players: lay out for the bigger hands
            t.max_hand = most + 1
            t.build()  # buttons and card sizes follow the new layout
            lay = t.layout
        t.hand.set_cards(hands[t.viewer])
        total = sum(len(h) for h in hands)
        stagger = DEAL_STAGGER * a
        flight = DEAL_FLIGHT * a
        dx, dy = lay.deck
        k = 0
        per_seat = [0] * n
        order = []
        for r in range(max(len(h) for h in hands)):
            for s in range(n):
                if r < len(hands[s]):
                    order.append(s)
        targets_bottom = {c: i for i, c in enumerate(t.hand.cards)}
        bottom_pos = lay.hand_positions(len(t.hand.cards), t.hand_gaps())
        for s in order:
            per_seat[s] += 1
            p = t.pos_of(s)
            if p == 0:
                card = hands[s][per_seat[s] - 1]
                i = targets_bottom[card]
                tx, ty = bottom_pos[i]
                spr = CardSprite(card, dx - lay.card_w / 2, dy - lay.card_h / 2, lay.card_w, lay.card_h, face_up=False)
                t.sprites[card] = spr

                def arrive(spr=spr, s=s) -> None:
                    spr.face_up = t.hand_visible
                    t.counts[s] += 1

                t.tweens.to(spr, flight, delay=k * stagger, ease="out_cubic", x=tx, y=ty, on_done=arrive)
            else:
                rotated = False  # every seat's backs fan across (docs/design/look.md)
                spr = CardSprite(-1, dx - lay.small_w / 2, dy - lay.small_h / 2, lay.small_w, lay.small_h, face_up=False, rotated=rotated)
                fan = lay.seats[p].fan
                t.flying.append(spr)

                def arrive_back(spr=spr, s=s) -> None:
                    if spr in t.flying:
                        t.flying.remove(spr)
                    t.counts[s] += 1

                tx = fan.center[0] - (lay.small_h if rotated else lay.small_w) / 2
                ty = fan.center[1] - (lay.small_w if rotated else lay.small_h) / 2
                t.tweens.to(spr, flight, delay=k * stagger, ease="out_cubic", x=tx, y=ty, on_done=arrive_back)
            if k % 4 == 0:
                t.clock.schedule(k * stagger, lambda: self.app.sounds.play("deal"))
            k += 1
        if a <= 0:
            t.counts = [len(h) for h in hands]
        hand_number, first = t.state.hand_number, event.first
        if exchange:  # who leads is known once the exchange is done
            t.log.append((vocab.later(lambda: _("Hand {number} dealt").format(number=i18n.current().number(hand_number))), (235, 225, 180)))
        else:
            t.log.append((vocab.later(lambda: vocab.about(t.state, first, _("Hand {number}: You lead"), _("Hand {number}: {name} leads"),
                                                          number=i18n.current().number(hand_number))),
                          (235, 225, 180)))
        self.deal = (t.clock.time, stagger, total)
        t.view.warm_table()  # every face this hand may show, a little each frame
        return total * stagger + flight

    def layout_hand_size(self) -> int:
        t = self.table
        return max(t.state.rules.cards_per_player, t.max_hand)

    def show_play(self, event: Played) -> float:
        t = self.table
        a = t.anim
        lay = t.layout
        seat = event.seat
        try:  # laid out as a player reads them: straights in sequence, triple first
            cards = list(event.combo.ordered(t.state.rules))
        except (AttributeError, KeyError):
            cards = list(event.combo.cards)
        p = t.pos_of(seat)
        t.badges.pop(seat, None)
        t.owner = seat
        layer = len(t.trick)
        targets = lay.trick_positions(len(cards), layer)
        if p == 0 and all(c in t.sprites for c in cards):
            # from the bottom hand
            t.hand.remove(cards)
            for c in cards:
                t.sprites[c].face_up = True
        else:
            spot = lay.seats[p]
            ox, oy = spot.origin
            if p == 0:
                t.hand.remove(cards)
            for c in cards:
                spr = CardSprite(c, ox - lay.small_w / 2, oy - lay.small_h / 2, lay.small_w, lay.small_h)
                spr.base = (lay.card_w, lay.card_h)
                t.sprites[c] = spr
        t.counts[seat] = event.cards_left
        for i, (c, (tx, ty)) in enumerate(zip(cards, targets)):
            self.fly_and_snap(t.sprites[c], (tx, ty, lay.card_w, lay.card_h), sound=i == 0)
        t.trick.append((seat, cards))
        if p == 0:
            t.place_hand(animate=True)
        text = event.combo.text(t.state.rules) if hasattr(event.combo, "text") else format_cards(cards, symbols=True)
        kind = event.combo.kind
        t.log.append((vocab.later(lambda: vocab.about(t.state, seat, _("You: {combination} {cards}"), _("{name}: {combination} {cards}"),
                                                      combination=vocab.combination(kind), cards=text)), (255, 255, 255)))
        return 0.4 * a

    def fly_and_snap(self, spr: CardSprite, to: tuple[float, float, float, float], *, sound: bool) -> None:
        """A played card flies to its place in the trick (220 ms, out cubic) a little
        above the cloth (4 % larger), then snaps down onto it (90 ms, out back: it
        overshoots and settles) with the card-snap sound (``sound``: for the first card
        of a play only). With reduced motion it flies straight to its place, no snap."""
        t = self.table
        a = t.anim
        x, y, w, h = to
        reduced = self.app.settings.motion_cap is not None

        def land() -> None:
            if sound:
                self.app.sounds.play("play")
            if not reduced:
                t.tweens.to(spr, SNAP * a, ease="out_back", x=x, y=y, w=w, h=h)

        if reduced or a <= 0:
            t.tweens.to(spr, FLIGHT * a, ease="out_cubic", x=x, y=y, w=w, h=h, on_done=land)
            return
        big = 1 + SNAP_LIFT
        t.tweens.to(spr, FLIGHT * a, ease="out_cubic", x=x - w * SNAP_LIFT / 2, y=y - h * SNAP_LIFT / 2, w=w * big, h=h * big,
                    on_done=land)

    def show_sweep(self, seat: int) -> float:
        t = self.table
        a = t.anim
        lay = t.layout
        spot = lay.seats[t.pos_of(seat)]
        ox, oy = spot.origin
        t.log.append((vocab.later(lambda: vocab.about(t.state, seat, _("You win the trick"), _("{name} wins the trick"))), (170, 220, 170)))
        for _seat, cards in t.trick:
            for c in cards:
                spr = t.sprites.pop(c, None)
                if spr is None:
                    continue
                t.sweeping.append(spr)

                def gone(spr=spr) -> None:
                    if spr in t.sweeping:
                        t.sweeping.remove(spr)

                t.tweens.to(spr, 0.45 * a, ease="in_cubic", x=ox - lay.small_w / 2, y=oy - lay.small_h / 2, w=lay.small_w * 0.6, h=lay.small_h * 0.6, alpha=0, on_done=gone)
        if a <= 0:
            t.sweeping.clear()
        t.trick.clear()
        t.badges.clear()
        t.owner = seat
        return 0.5 * a

    def show_end(self, event: HandEnded) -> float:
        t = self.table
        a = t.anim
        state = t.state
        rules = state.rules
        t.hand_over = True
        t.awaiting_human = False
        t.turn = None
        # the room sends the hands left and the score right after the end
        shown = next((e for e in self.queue if isinstance(e, HandRevealed)), None)
        scored = next((e for e in self.queue if isinstance(e, HandScored)), None)
        hands = shown.hands if shown is not None else state.revealed
        for s, held in enumerate(hands):
            if s != t.viewer and held:
                t.revealed[s] = sorted(held, key=rules.card_strength)
        if event.dragon and event.winner != t.viewer:  # the dragon is laid down: show it
            t.revealed[event.winner] = sorted(state.played[event.winner], key=rules.card_strength)
        # the results panel shows every hand's cards left: drawn while the banner shows
        t.view.warm([c for held in hands for c in held], results_card(t.app.ui_scale), first=True)
        if not t.hand_visible:
            t.hand_visible = True
            t.place_hand(animate=False)
        for spr in t.sprites.values():
            spr.face_up = True
        winner = event.winner
        if event.dragon:
            banner = vocab.about(t.state, event.winner, _("You win the hand with a dragon!"), _("{name} wins the hand with a dragon!"))
            line = vocab.later(lambda: vocab.about(t.state, winner, _("You lay down a dragon"), _("{name} lays down a dragon")))
        else:
            banner = vocab.about(t.state, event.winner, _("You win the hand!"), _("{name} wins the hand!"))
            line = vocab.later(lambda: vocab.about(t.state, winner, _("You go out"), _("{name} goes out")))
        t.banner = (banner, t.clock.time + 2.4 * max(a, 0.5), (255, 232, 140))
        t.banner_scale = 0.4
        t.tweens.to(t, 0.6 * a, ease="out_elastic", banner_scale=1.0)
        t.log.append((line, (255, 232, 140)))
        self.app.sounds.play("win")
        t.refresh_buttons()
        delay = 1.8 * max(a, 0.35)
        if self.celebrates(winner):  # confetti first; any key or click skips to the results
            self.celebration = (t.clock.time, CELEBRATION * a)
            delay = max(delay, CELEBRATION * a)

        def results() -> None:
            if self.open_results is None:  # shown already (a key or click skipped the wait)
                return
            # online the score may come a moment after the end: look again until it has
            found = scored or next((e for e in self.queue if isinstance(e, HandScored)), None) or self.scored
            if found is None:
                if t.hand_over:
                    t.clock.schedule(0.1, results)
                return
            self.open_results = None
            self.celebration = None
            if t.app.top is t:  # (a daily deal's table shows its duplicate result instead)
                t.app.push(getattr(t, "results_scene", "results"), t, found.result)

        self.open_results = results
        t.clock.schedule(delay, results)
        return delay

    def celebrates(self, winner: int) -> bool:
        """Whether the hand's win is celebrated with confetti: a person at this screen won
        it (never a computer, nor a person at another computer), and celebrations may
        play (not with reduced motion or animations off)."""
        t = self.table
        person_here = winner == t.viewer or (t.hot_seat and t.state.is_person(winner))
        return person_here and t.state.is_person(winner) and self.app.settings.celebrations

    def celebration_time(self) -> float | None:
        """Seconds into the win's celebration, or None when none is under way."""
        if self.celebration is None:
            return None
        start, duration = self.celebration
        now = self.table.clock.time - start
        if now >= duration:
            self.celebration = None
            return None
        return now

    def skip_end(self) -> None:
        """A key or click at the hand's end: the celebration stops, the results open now."""
        self.celebration = None
        if self.open_results is not None:
            self.open_results()
