"""The table's playback of engine events: each event starts its animation.

A mixin of :class:`~big2.app.scenes.table.TableScene`: ``show(event)`` starts what the
event looks like (the deal, a play flying in, a sweep, "Last card!", the reveal) and
returns how long to wait before the next event.
"""

from __future__ import annotations

from big2.engine.cards import format_cards
from big2.engine.events import Dealt, Event, HandEnded, LastCard, Passed, Played, TrickWon, TurnStarted

from .. import storage
from ..match import ExchangeStarted, says
from ..sprites import CardSprite


class EventPlayback:
    """Animations for engine events (mixed into the table scene)."""

    def show(self, event: Event) -> float:
        """Start the animation for one event; returns how long to wait before the next."""
        a = self.anim
        if isinstance(event, Dealt):
            return self.show_deal(event)
        if isinstance(event, TurnStarted):
            self.turn = event.seat
            self.refresh_buttons()
            if self.announce_leader:  # after the exchange: the first turn of the hand
                self.announce_leader = False
                self.log.append((says(self.match.called(event.seat), "leads"), (235, 225, 180)))
            if event.leading:
                self.badges.clear()
                self.owner = None
            return 0.0
        if isinstance(event, Played):
            return self.show_play(event)
        if isinstance(event, Passed):
            self.badges[event.seat] = "Pass"
            auto = " (no play)" if getattr(event, "auto", False) else ""
            self.log.append((says(self.match.called(event.seat), "passes") + auto, (200, 200, 200)))
            self.app.sounds.play("pass")
            return 0.25 * a
        if isinstance(event, TrickWon):
            return self.show_sweep(event.seat)
        if isinstance(event, LastCard):
            self.banner = (f"Last card! — {self.match.called(event.seat)}", self.clock.time + max(1.6, 1.6 * a), (255, 214, 90))
            self.banner_scale = 0.3
            self.tweens.to(self, 0.5 * a, ease="out_back", banner_scale=1.0)
            self.app.sounds.play("last_card")
            return 0.7 * a
        if isinstance(event, HandEnded):
            return self.show_end(event)
        if isinstance(event, ExchangeStarted):
            return self.show_handover(event)
        name = type(event).__name__
        if name == "PlayerOut":
            place = event.place
            nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
            self.badges[event.seat] = f"Out {nth}"
            self.log.append((f"{says(self.match.called(event.seat), 'goes')} out {nth}", (255, 232, 140)))
            return 0.5 * a
        if name == "Drew":
            return self.show_draw(event.seat, list(event.cards))
        if name == "CardsExchanged":
            return self.show_exchange(event)
        return 0.0

    def show_draw(self, seat: int, cards: list[int]) -> float:
        """A passing player draws from the stock."""
        self.counts[seat] += len(cards)
        if seat == self.viewer:
            self.hand.cards.extend(cards)
            self.hand.sort()
            self.place_hand(animate=True)
        n = len(cards)
        self.log.append((f"{says(self.match.called(seat), 'draws')} {n} card{'s' if n != 1 else ''}", (200, 200, 200)))
        self.app.sounds.play("deal")
        return 0.3 * self.anim

    def show_deal(self, event: Dealt) -> float:
        a = self.anim
        lay = self.layout
        n = self.match.n_players
        hands = [list(h) for h in event.hands]
        exchange = bool(self.queue) and isinstance(self.queue[0], ExchangeStarted)
        # the exchange's winner holds one card more until they give one back
        most = max(len(h) for h in hands) + (1 if exchange else 0)
        if most > self.layout_hand_size():
            # an even deal to two or three players: lay out for the bigger hands
            self.max_hand = most + 1
            self.build()  # buttons and card sizes follow the new layout
            lay = self.layout
        self.hand.set_cards(hands[self.viewer])
        total = sum(len(h) for h in hands)
        stagger = 0.028 * a
        flight = 0.3 * a
        dx, dy = lay.deck
        k = 0
        per_seat = [0] * n
        order = []
        for r in range(max(len(h) for h in hands)):
            for s in range(n):
                if r < len(hands[s]):
                    order.append(s)
        targets_bottom = {c: i for i, c in enumerate(self.hand.cards)}
        bottom_pos = lay.hand_positions(len(self.hand.cards))
        for s in order:
            per_seat[s] += 1
            p = self.pos_of(s)
            if p == 0:
                card = hands[s][per_seat[s] - 1]
                i = targets_bottom[card]
                tx, ty = bottom_pos[i]
                spr = CardSprite(card, dx - lay.card_w / 2, dy - lay.card_h / 2, lay.card_w, lay.card_h, face_up=False)
                self.sprites[card] = spr

                def arrive(spr=spr, s=s) -> None:
                    spr.face_up = self.hand_visible
                    self.counts[s] += 1

                self.tweens.to(spr, flight, delay=k * stagger, ease="out_cubic", x=tx, y=ty, on_done=arrive)
            else:
                side = lay.seats[p].side
                rotated = side in ("left", "right")
                spr = CardSprite(-1, dx - lay.small_w / 2, dy - lay.small_h / 2, lay.small_w, lay.small_h, face_up=False, rotated=rotated)
                fan = lay.seats[p].fan
                self.flying.append(spr)

                def arrive_back(spr=spr, s=s) -> None:
                    if spr in self.flying:
                        self.flying.remove(spr)
                    self.counts[s] += 1

                tx = fan.center[0] - (lay.small_h if rotated else lay.small_w) / 2
                ty = fan.center[1] - (lay.small_w if rotated else lay.small_h) / 2
                self.tweens.to(spr, flight, delay=k * stagger, ease="out_cubic", x=tx, y=ty, on_done=arrive_back)
            if k % 4 == 0:
                self.clock.schedule(k * stagger, lambda: self.app.sounds.play("deal"))
            k += 1
        if a <= 0:
            self.counts = [len(h) for h in hands]
        if exchange:  # who leads is known once the exchange is done
            self.log.append((f"Hand {self.match.hand_number} dealt", (235, 225, 180)))
        else:
            self.log.append((f"Hand {self.match.hand_number}: {says(self.match.called(event.first), 'leads')}", (235, 225, 180)))
        self.deal = (self.clock.time, stagger, total)
        self._warm = list(range(52))  # draw every face now, a few a step, not mid-play
        return total * stagger + flight

    def layout_hand_size(self) -> int:
        return max(self.match.config.rules.cards_per_player, getattr(self, "max_hand", 0))

    def show_play(self, event: Played) -> float:
        a = self.anim
        lay = self.layout
        seat = event.seat
        try:  # laid out as a player reads them: straights in sequence, triple first
            cards = list(event.combo.ordered(self.match.config.rules))
        except (AttributeError, KeyError):
            cards = list(event.combo.cards)
        p = self.pos_of(seat)
        self.badges.pop(seat, None)
        self.owner = seat
        layer = len(self.trick)
        targets = lay.trick_positions(len(cards), layer)
        if p == 0 and all(c in self.sprites for c in cards):
            # from the bottom hand
            self.hand.remove(cards)
            for c in cards:
                self.sprites[c].face_up = True
        else:
            spot = lay.seats[p]
            ox, oy = spot.origin
            if p == 0:
                self.hand.remove(cards)
            for c in cards:
                spr = CardSprite(c, ox - lay.small_w / 2, oy - lay.small_h / 2, lay.small_w, lay.small_h)
                spr.base = (lay.card_w, lay.card_h)
                self.sprites[c] = spr
        self.counts[seat] = event.cards_left
        for c, (tx, ty) in zip(cards, targets):
            self.tweens.to(self.sprites[c], 0.32 * a, ease="out_cubic", x=tx, y=ty, w=lay.card_w, h=lay.card_h)
        self.trick.append((seat, cards))
        if p == 0:
            self.place_hand(animate=True)
        text = event.combo.text(self.match.config.rules) if hasattr(event.combo, "text") else format_cards(cards, symbols=True)
        self.log.append((f"{self.match.called(seat)}: {event.combo.kind.label} {text}", (255, 255, 255)))
        self.app.sounds.play("play")
        return 0.4 * a

    def show_sweep(self, seat: int) -> float:
        a = self.anim
        lay = self.layout
        spot = lay.seats[self.pos_of(seat)]
        ox, oy = spot.origin
        self.log.append((f"{says(self.match.called(seat), 'wins')} the trick", (170, 220, 170)))
        for _, cards in self.trick:
            for c in cards:
                spr = self.sprites.pop(c, None)
                if spr is None:
                    continue
                self.sweeping.append(spr)

                def gone(spr=spr) -> None:
                    if spr in self.sweeping:
                        self.sweeping.remove(spr)

                self.tweens.to(spr, 0.45 * a, ease="in_cubic", x=ox - lay.small_w / 2, y=oy - lay.small_h / 2, w=lay.small_w * 0.6, h=lay.small_h * 0.6, alpha=0, on_done=gone)
        if a <= 0:
            self.sweeping.clear()
        self.trick.clear()
        self.badges.clear()
        self.owner = seat
        return 0.5 * a

    def show_end(self, event: HandEnded) -> float:
        a = self.anim
        game = self.game
        self.hand_over = True
        self.awaiting_human = False
        self.turn = None
        result = self.match.record(event)
        storage.hand_recorded(self)
        for s in range(self.match.n_players):
            if s != self.viewer and game.hand(s):
                self.revealed[s] = sorted(game.hand(s), key=self.match.config.rules.card_strength)
        if event.dragon and event.winner != self.viewer:  # the dragon is laid down: show it
            self.revealed[event.winner] = sorted(game.played_by(event.winner),
                                                 key=self.match.config.rules.card_strength)
        if not self.hand_visible:
            self.hand_visible = True
            self.place_hand(animate=False)
        for spr in self.sprites.values():
            spr.face_up = True
        name = self.match.called(event.winner)
        won = "the hand with a dragon" if event.dragon else "the hand"
        self.banner = (f"{says(name, 'wins')} {won}!", self.clock.time + 2.4 * max(a, 0.5), (255, 232, 140))
        self.banner_scale = 0.4
        self.tweens.to(self, 0.6 * a, ease="out_elastic", banner_scale=1.0)
        self.log.append((f"{says(name, 'lays')} down a dragon" if event.dragon else f"{says(name, 'goes')} out",
                         (255, 232, 140)))
        self.app.sounds.play("win")
        self.refresh_buttons()
        delay = 1.8 * max(a, 0.35)

        def results() -> None:
            from .results import ResultsScene

            if self.app.top is self:
                self.app.push(ResultsScene(self.app, self, result))

        self.clock.schedule(delay, results)
        return delay
