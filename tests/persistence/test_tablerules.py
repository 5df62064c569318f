"""Settings become engine rules and scoring, with notices for what is left out."""

from __future__ import annotations

import dataclasses

from big2.engine import STANDARD, get_preset
from big2.engine.rules import Direction
from big2.engine.scoring import scoring_preset
from big2.persistence.settings import Settings
from big2.persistence.tablerules import table_rules


def test_defaults_are_the_standard_table() -> None:
    table = table_rules(Settings())
    assert table.rules == STANDARD and table.notices == ()
    assert table.scoring == scoring_preset(get_preset("standard").scoring)


def test_preset_house_rules_and_scoring_apply() -> None:
    settings = Settings(rules_preset="Taiwan", scoring="pairwise",
                        house_rules={"direction": "clockwise", "auto_pass": True})
    table = table_rules(settings)
    assert table.notices == ()
    assert table.rules == dataclasses.replace(get_preset("taiwan").rules, name="taiwan (house)",
                                              direction=Direction.CLOCKWISE, auto_pass=True)
    assert table.scoring == scoring_preset("pairwise")


def test_what_the_engine_refuses_is_left_out_with_a_notice() -> None:
    settings = Settings(rules_preset="no-such-game", scoring="no-such-scoring",
                        house_rules={"direction": "sideways", "explode": True,
                                     "cards_per_player": 10**9, "auto_pass": True})
    table = table_rules(settings)
    assert table.rules == dataclasses.replace(STANDARD, name="standard (house)", auto_pass=True)
    texts = [n.text for n in table.notices]
    assert texts[0] == ("The rule preset 'no-such-game' is not known; "
                        "the standard rules are used.")
    assert sum("house rule" in t for t in texts) == 3
    assert any("'direction' was left out" in t for t in texts)
    assert texts[-1].startswith("The scoring 'no-such-scoring' is not known")
    assert table.scoring == scoring_preset("standard")
