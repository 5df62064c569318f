"""The words of the achievements: a title and a one-line description each, as messages
rendered in the player's language when drawn (:func:`big2.i18n.render`), and the
announcement shown once when one is earned.

The ids and their order are :data:`big2.persistence.achievements.ACHIEVEMENTS`; how each
is earned, precisely, is :mod:`big2.persistence.feats` (the descriptions say it in a line).
"""

from __future__ import annotations

from typing import Final

from big2.engine.messages import Message, msg, msg_p

#: id -> (title, description).
TEXTS: Final[dict[str, tuple[Message, Message]]] = {
    "three_experts": (msg_p("achievement", "Among Experts"),
                      msg("Win a hand against three Expert computers.")),
    "saved_two": (msg_p("achievement", "Saving the two"),
                  msg("Win a hand whose last play, the one that takes you out, holds a 2.")),
    "clean_sweep": (msg_p("achievement", "Clean sweep"),
                    msg("Win a hand while every opponent still holds 8 cards or more.")),
    "hat_trick": (msg_p("achievement", "Hat trick"),
                  msg("Win three hands in a row in one game.")),
    "spotless": (msg_p("achievement", "Spotless"),
                 msg("Play a hand of 5 decisions or more whose review finds no costly one.")),
    "expert_eye": (msg_p("achievement", "The Expert's eye"),
                   msg("Play every decision of a hand (5 or more) as the Expert would, by its review.")),
    "beat_expert": (msg_p("achievement", "Better than the Expert"),
                    msg("Score more than the Expert's duplicate in a daily deal.")),
    "week_streak": (msg_p("achievement", "A week of deals"),
                    msg("Play the daily deal yourself on its day seven days in a row.")),
}


def announcement(ident: str) -> Message:
    """What the banner says once when ``ident`` is earned: its title only (short, on any
    screen's banner; the page says the rest)."""
    return msg("Achievement earned: {title}", title=TEXTS[ident][0])
