"""The table opened on a saved session (the scene ``"resumed_table"``).

:class:`ResumedTableScene` is the ordinary table that, instead of dealing, shows the
hand as it stood: the bottom hand, card counts, the plays of the trick in progress,
passes — then carries on with the seat to act. The match it gets is rebuilt from the
save by :mod:`big2.app.storage.savedmatch`; Continue and Saved games open it through
:mod:`big2.app.storage.reopen`.
"""

from __future__ import annotations

from typing import Any

from big2.engine.combos import PASS, move_cards
from big2.engine.events import HandEnded, TurnStarted

from ... import i18n
from ...i18n import _, pgettext
from .. import vocab
from ..match import Match, opening_events
from ..storage.savedmatch import trick_layers
from ..ui.scene import Scene
from .scene import TableScene
from ..ui.sprites import CardSprite


def recent_lines(game: Any, match: Any, count: int) -> list[tuple[str, tuple[int, int, int]]]:
    """The table log's lines for the last ``count`` moves of ``game`` (as it words them:
    each line is worded again when shown, in the language then in force)."""
    from big2.engine import classify

    lines: list[tuple[str, tuple[int, int, int]]] = []
    for seat, move in game.history[-count:]:
        if move == PASS:
            lines.append((vocab.later(lambda seat=seat: vocab.about(match, seat, _("You pass"), _("{name} passes"))), (200, 200, 200)))
            continue
        combo = classify(list(move_cards(move)), game.rules)
        if combo is None:
            continue
        cards = combo.text(game.rules)
        lines.append((vocab.later(lambda seat=seat, kind=combo.kind, cards=cards: vocab.about(
            match, seat, _("You: {combination} {cards}"), _("{name}: {combination} {cards}"),
            combination=vocab.combination(kind), cards=cards)), (255, 255, 255)))
    return lines


class ResumedTableScene(TableScene):
    """The table, opened on a session in progress instead of a fresh deal."""

    def __init__(self, app: Any, match: Match, *, hand_start: dict[str, Any] | None = None) -> None:
        super().__init__(app, match=match)
        self._resume_start = hand_start
        self._resuming = True
        # the crash guard sets every copy aside when the table fails before moving on
        self.resumed_moves = len(match.game.history) if match.game is not None else -1

    def enter(self) -> None:
        Scene.enter(self)  # the UI; then the resumed hand instead of the table's own start
        self.start_hand()

    def start_hand(self) -> None:
        game = self.match.game
        if not self._resuming or game is None or (game.is_over and self.match.session.current is None):
            self._resuming = False
            super().start_hand()  # between hands: deal the next one
            return
        self._resuming = False
        # the table's own start of a hand, with the hand in play instead of a new deal
        away = set(getattr(self.match, "_computer_for_hand", ()))
        self.match.new_hand = lambda: opening_events(game)  # type: ignore[method-assign]
        try:
            super().start_hand()
        finally:
            del self.match.new_hand
        self.match._computer_for_hand = away
        if game.history or game.is_over:
            self.show_position(game)

    def show_position(self, game: Any) -> None:
        """Show the position as it stands (no deal animation) and carry on from it."""
        self.playback.queue.clear()
        self.tweens.finish_all()
        lay = self.layout
        self.counts = list(game.card_counts)
        self.hand.set_cards(game.hand(self.viewer))
        self.sprites.clear()
        self.flying.clear()
        for layer, (seat, cards) in enumerate(trick_layers(game, self._resume_start)):
            for c, (x, y) in zip(cards, lay.trick_positions(len(cards), layer)):
                self.sprites[c] = CardSprite(c, x, y, lay.card_w, lay.card_h)
            self.trick.append((seat, cards))
            self.owner = seat
        for s in getattr(game, "passed", ()):
            self.badges[s] = pgettext("badge", "Pass")
        self.place_hand(animate=False)
        n = self.match.hand_number or len(self.match.results) + 1
        self.log.append((vocab.later(lambda: _("Hand {number} resumed where it stopped").format(number=i18n.current().number(n))), (235, 225, 180)))
        self.log.extend(recent_lines(game, self.match, 3))
        if game.is_over:
            self.playback.queue.append(HandEnded(game.winner, tuple(game.card_counts), tuple(game.points()), tuple(game.finish_order)))
        else:
            self.playback.queue.append(TurnStarted(game.to_act, game.leading))
        self.app.dirty = True
