"""The computers' characters: distinct names per table, a level each, temperaments that
change pace and reactions only (never the level a seat plays)."""

from big2.ai.base import LEVELS
from big2.room import personas


def test_every_character_has_a_known_level_and_a_distinct_name():
    names = [p.name for p in personas.PERSONAS]
    assert len(set(names)) == len(names) == 8
    assert all(p.level in LEVELS for p in personas.PERSONAS)
    assert personas.LEVEL_ORDER == LEVELS
    assert {p.level for p in personas.PERSONAS} == set(LEVELS)


def test_pick_gives_distinct_characters_of_the_level_first():
    got = personas.pick(["normal", "normal", "normal"])
    assert [p.name for p in got][:2] == ["Ah Keung", "Siti"]
    assert len({p.name for p in got}) == 3
    assert personas.pick(["master"])[0].name == "Madam Wong"
    assert personas.pick(["beginner"], taken={"Nena"})[0].name == "Jun"
    assert personas.pick(["normal", "expert"]) == personas.pick(["normal", "expert"])  # deterministic


def test_seat_configs_keep_the_level_asked():
    seats = personas.seat_configs(["normal", "normal", "normal"])
    assert [s.level for s in seats] == ["normal"] * 3
    assert not any(s.human for s in seats)
    assert all(personas.named(s.name) is not None for s in seats)


def test_temperament_changes_pace_and_reactions_only():
    assert personas.pace_factor("Nena") < 1.0 < personas.pace_factor("Professor Tan")
    assert personas.pace_factor("East") == 1.0 and personas.named("East") is None
    icy = personas.named("Madam Wong").temperament
    assert icy.chance == 0 and icy.reply("won_hand") is None
    for p in personas.PERSONAS:
        for moment in personas.MOMENTS:
            reply = p.temperament.reply(moment)
            assert reply is None or reply in personas.REACTION_IDS


def test_reaction_ids_are_the_online_ones():
    from big2.net.protocol import REACTIONS

    assert personas.REACTION_IDS == REACTIONS
