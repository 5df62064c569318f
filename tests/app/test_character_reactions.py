"""The characters react at a table in this app (issue 44, "Computer personas"): as
their temperament says, in a bubble at the seat's own place (where online reactions
show), the same in every game with the same seed; the Reactions button mutes a
character with the same mute as online reactions."""

from __future__ import annotations

import pygame

from helpers import click_button, pump

from big2.app.online.reactions import is_muted
from big2.app.table.reactions import HERE, draw_bubble
from big2.room import personas
from big2.room.config import MatchConfig, SeatConfig


def _table(app, seed: int = 21):
    seats = (SeatConfig("You", True), *personas.seat_configs(["beginner", "skilled", "normal"]))  # Nena, Marco, Ah Keung
    table = app.push("table", MatchConfig(seats=seats, hands=1, seed=seed))
    pump(app)
    table.hand_seat_to_computer()  # the computer plays the person's cards: the hand plays itself
    return table


def _watch(app, table) -> list[tuple[int, str]]:
    """Every reaction shown until the hand ends, in order (each bubble once)."""
    seen: dict[tuple[int, str, float], None] = {}

    def look() -> bool:
        for seat, (reaction, until) in table.reactions.bubbles.items():
            seen.setdefault((seat, reaction, until))
        return table.hand_over

    assert app.run_until(look, timeout=60)
    return [(seat, reaction) for seat, reaction, _until in seen]


def test_characters_react_at_their_seat_and_the_same_seed_brings_the_same(make_app):
    app = make_app()
    table = _table(app)
    assert app.run_until(lambda: bool(table.reactions.bubbles) or table.hand_over, timeout=60)
    assert table.reactions.bubbles, "Nena (cheerful) and Marco (showman) said nothing in a whole hand"
    seat, (reaction, _until) = next(iter(table.reactions.bubbles.items()))
    assert seat != table.viewer and reaction in personas.REACTION_IDS
    # drawn at the seat's place for what it says, on the screen
    pump(app, 1)
    say = pygame.Rect(table.layout.seats[table.pos_of(seat)].say.as_tuple())
    drawn = draw_bubble(app.screen.copy(), table, seat, reaction)
    assert drawn.center == say.center or say.contains(drawn) or drawn.colliderect(say)
    edge = app.screen.get_at((drawn.centerx, drawn.top))
    assert min(edge[:3]) > 200, "the bubble's white edge is on the screen"
    first = _watch(app, table)
    app.pop()
    assert first[0] == (seat, reaction) and _watch(app, _table(app)) == first


def test_the_reactions_button_mutes_a_character_as_online(make_app):
    app = make_app()
    table = _table(app)
    part = table.reactions
    assert part.b_react is not None and part.b_react.visible
    click_button(app, part.b_react)
    labels = [b.text for b, _seat in part.panel_buttons]
    assert labels == ["Mute Nena", "Mute Marco", "Mute Ah Keung"]  # every character who may react
    nena = next(b for b, seat in part.panel_buttons if table.state.names[seat] == "Nena")
    click_button(app, nena)
    assert is_muted(app, HERE, 1, "Nena")
    assert [b.text for b, _seat in part.panel_buttons][0] == "Unmute Nena"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pump(app)
    assert part.panel is None
    said = _watch(app, table)
    assert all(table.state.names[seat] != "Nena" for seat, _r in said)
