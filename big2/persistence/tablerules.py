"""The rules and scoring a new table starts with, from the player's settings.

Settings keep the preset, house rules and scoring as plain names and JSON (so a settings
file never depends on engine internals); :func:`table_rules` turns them into engine
values, skipping what the engine refuses with a notice for each, never raising.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from big2.engine import STANDARD, Rules, get_preset
from big2.engine.messages import Message, msg
from big2.engine.scoring import Scoring, scoring_preset

from .gamecodec import rules_from_dict, rules_to_dict
from .notices import Notice, Severity
from .settings import Settings

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class TableRules:
    """What a new game is played with, and what had to be left out of the settings."""

    rules: Rules
    scoring: Scoring
    notices: tuple[Notice, ...] = ()


def table_rules(settings: Settings) -> TableRules:
    """The settings' rule preset with its house rules applied (then named
    ``"<preset> (house)"``), and its scoring scheme.

    An unknown preset falls back to the standard rules, each house rule the engine
    refuses (unknown option, bad value, contradiction with the others) is left out, and
    an unknown scoring falls back to the preset's usual one — each with a notice.
    """
    notices: list[Notice] = []

    def refuse(text: Message) -> None:
        log.warning("%s", text)
        notices.append(Notice.of(text, Severity.WARNING))

    try:
        preset = get_preset(settings.rules_preset)
        base, usual_scoring = preset.rules, preset.scoring
    except KeyError:
        refuse(msg("The rule preset '{preset}' is not known; the standard rules are used.",
                   preset=settings.rules_preset))
        base, usual_scoring = STANDARD, "standard"
    options = rules_to_dict(base)
    for name, value in sorted(settings.house_rules.items()):
        trial = {**options, name: value}
        try:
            rules_from_dict(trial)
        except ValueError as exc:
            refuse(msg("The house rule '{rule}' was left out: {reason}.", rule=name, reason=str(exc)))
            continue
        options = trial
    rules = rules_from_dict(options)
    if rules != base:  # edited rules are named as New game names them ("Custom (from …)")
        rules = replace(rules, name=f"{base.name} (house)")
    try:
        scoring = scoring_preset(settings.scoring or usual_scoring)
    except ValueError:  # ScoringError
        refuse(msg("The scoring '{scoring}' is not known; the preset's usual scoring is used.",
                   scoring=settings.scoring))
        scoring = scoring_preset(usual_scoring)
    return TableRules(rules, scoring, tuple(notices))
