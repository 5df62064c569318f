"""The player's stored choices: their name, New game's defaults (the last game's choices),
the title's quick game, and the Settings screen's game defaults."""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING, Any

from big2.persistence import History, Settings

from ... import i18n
from ...i18n import _, ngettext
from .. import vocab
from .store import of

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)


def first_start(app: App) -> bool:
    """True on the first start of the game (the title then offers How to play).

    Asked once per run: the first answer is kept on the app, and the settings remember
    that the offer was made so later runs do not make it again.
    """
    known = getattr(app, "_first_start", None)
    if known is not None:
        return bool(known)
    st = of(app)
    first = st is not None and not st.settings.extra.get("tutorial_offered")
    if st is not None and first:
        st.save_settings(dataclasses.replace(st.settings, extra={**st.settings.extra, "tutorial_offered": True}))
    app._first_start = first  # type: ignore[attr-defined]
    return first


#: The key in the settings file's extra data under which New game keeps its own choices
#: (separate from the Settings screen's name, preset and opponents, which it never changes).
NEW_GAME_KEY = "new_game"


def new_game_defaults(scene: Any) -> None:
    """Start the New game form from New game's own last choices (seats with their names
    and kinds, preset with house rules and scoring, session length, undo with several
    people); before any New game was started, from the Settings screen's name, preset
    and opponents. Anything stored that no longer fits is left at the form's default."""
    st = of(scene.app)
    if st is None:
        return
    s = st.settings
    saved = s.extra.get(NEW_GAME_KEY)
    try:
        if isinstance(saved, dict):
            _apply_new_game(scene, saved)
            return
        _apply_rules(scene, s)
        kinds = getattr(scene, "seat_kinds", None)
        if isinstance(kinds, list) and 1 <= len(s.opponents) <= len(kinds) - 1:
            from ..table.opponents import seat_kinds

            known = seat_kinds()
            scene.n = 1 + len(s.opponents)
            for i, level in enumerate(s.opponents, start=1):
                kind = f"Computer ({level})"  # (a seat stored as "human" by older versions: a computer)
                kinds[i] = kind if kind in known else "Computer (normal)"
        if s.player_name != Settings().player_name:
            scene.seat_names[0] = s.player_name[:14]
    except Exception:  # the form works with its own defaults
        log.exception("new game defaults not applied")


def _apply_rules(scene: Any, s: Settings) -> None:
    """Put the preset, house rules and scoring of ``s`` on the form."""
    from big2.persistence.tablerules import table_rules

    from ..screens.rulesform import presets, scoring_names

    info = next((p for p in presets().values() if p.name == s.rules_preset), None)
    if info is not None:
        scene.preset_name = info.title
        scene.rules = table_rules(s).rules if s.house_rules else info.rules
        scene.scoring = s.scoring if s.scoring in scoring_names() else info.scoring


def _apply_new_game(scene: Any, saved: dict[str, Any]) -> None:
    """Put New game's stored choices (see :func:`remember_new_game`) on the form."""
    from ..table.opponents import seat_kinds

    house = saved.get("house_rules")
    rules = Settings(rules_preset=str(saved.get("preset", "standard")),
                     house_rules=house if isinstance(house, dict) else {},
                     scoring=str(saved.get("scoring", "")))
    _apply_rules(scene, rules)
    seats = saved.get("seats")
    if isinstance(seats, list) and 2 <= len(seats) <= len(scene.seat_kinds):
        known = seat_kinds()
        scene.n = len(seats)
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict):
                continue
            kind, name = seat.get("kind"), seat.get("name")
            if kind in known:
                scene.seat_kinds[i] = kind
            if isinstance(name, str) and name.strip():
                scene.seat_names[i] = name.strip()[:14]
    length = saved.get("length")
    if isinstance(length, str) and length in getattr(scene, "lengths", {}):
        scene.length = length
    if isinstance(saved.get("undo"), bool):
        scene.undo_hot_seat = saved["undo"]


def player_name(app: App) -> str | None:
    """The name the player gave (None without storage, or while it is still the stored
    default: the table then says "You", as New game does)."""
    st = of(app)
    if st is None or st.settings.player_name == Settings().player_name:
        return None
    return st.settings.player_name


def quick_game(app: App, *, seed: int | None = None) -> Any:
    """The title's "Play against the computer": the player's own choices from Settings —
    their name, rule preset (with house rules and scoring) and computer opponents at
    their levels (a seat set to Human there is a normal computer here) — four hands.
    The computers are the characters chosen there (:mod:`big2.room.personas`), a seat
    without one (an older file) gets one for its level.
    Without storage, or if the settings cannot be used, the standard game."""
    from dataclasses import replace

    from big2.room import personas
    from big2.room.config import MatchConfig, quick_config

    base = quick_config(player_name(app), seed=seed)
    cfg = replace(base, seats=(base.seats[0], *personas.seat_configs(
        [s.level for s in base.seats[1:]], taken={base.seats[0].name})))
    st = of(app)
    if st is None:
        return cfg
    s = st.settings
    try:
        from big2.persistence.tablerules import table_rules

        from ..table.opponents import levels
        from ..screens.rulesform import presets, scoring_names

        info = next((p for p in presets().values() if p.name == s.rules_preset), None)
        if info is None:
            return cfg
        rules = table_rules(s).rules if s.house_rules else info.rules
        scoring = s.scoring if s.scoring in scoring_names() else info.scoring
        seats = cfg.seats
        if 1 <= len(s.opponents) <= 3:
            known = levels()
            seats = (cfg.seats[0], *personas.seat_configs(
                [level if level in known else "normal" for level in s.opponents], taken={cfg.seats[0].name},
                names=s.characters))
        if rules.cards_per_player * len(seats) > 52:
            seats = cfg.seats
        return MatchConfig(seats=seats, rules=rules, hands=cfg.hands, seed=seed, scoring=scoring)
    except Exception:  # the standard game rather than none
        log.exception("quick game settings not applied")
        return cfg


def quick_game_hint(app: App) -> str:
    """The quick game button's tooltip: what it deals, in a sentence."""
    cfg = quick_game(app)
    st = of(app)
    preset = vocab.preset_title("standard")
    house = False
    if st is not None:
        preset = vocab.preset_title(st.settings.rules_preset)
        house = bool(st.settings.house_rules or st.settings.scoring)
    n = len(cfg.seats) - 1
    levels = ", ".join(vocab.level(lvl) for lvl in sorted({seat.level for seat in cfg.seats[1:]}))
    who = ngettext("one computer ({levels})", "{n} computers ({levels})", n).format(
        n=i18n.current().number(n), levels=levels)
    hands = ngettext("{n} hand", "{n} hands", cfg.hands).format(n=i18n.current().number(cfg.hands))
    if house:
        return _("You and {who}, {rules} rules with your house rules, {hands} (change them in "
                 "Settings)").format(who=who, rules=preset, hands=hands)
    return _("You and {who}, {rules} rules, {hands} (change them in Settings)").format(
        who=who, rules=preset, hands=hands)


def rename_player(app: App, old: str | None, new: str | None) -> None:
    """The player changed their name in Settings: their score history follows it
    (``None`` is the unnamed player, who plays as "You"), on the writer thread."""
    st = of(app)
    old, new = old or "You", new or "You"
    if st is None or old == new:
        return

    def job(history: History) -> bool:
        return history.rename_player(old, new)

    st.call(job)


def game_defaults(app: App) -> Settings | None:
    """The stored settings New game starts from (None without storage)."""
    st = of(app)
    return st.settings if st is not None else None


def set_game_defaults(app: App, settings: Settings) -> str | None:
    """Keep ``settings`` (the Settings screen's name, preset and opponents); returns a
    sentence when they cannot be kept, else None."""
    st = of(app)
    if st is None:
        return None
    try:
        st.save_settings(settings)
    except ValueError as exc:
        return i18n.sentence(exc)
    return None


def remember_new_game(scene: Any) -> None:
    """Keep the New game choices as New game's defaults for next time: every seat's kind
    and name, the preset with its house rules and scoring, the session length and undo.
    They are New game's own: the Settings screen's name, preset and opponents (which the
    title's quick game deals) stay as the player set them there."""
    st = of(scene.app)
    if st is None:
        return
    try:
        from big2.persistence.gamecodec import rules_to_dict

        from ..screens.rulesform import presets

        cfg = scene.config()
        info = presets()[scene.preset_name]
        base, mine = rules_to_dict(info.rules), rules_to_dict(cfg.rules)
        house = {k: v for k, v in mine.items() if k != "name" and base.get(k) != v}
        chosen = {
            "preset": info.name,
            "house_rules": house,
            "scoring": "" if cfg.scoring == info.scoring else cfg.scoring,
            "seats": [{"name": name, "kind": kind}
                      for name, kind in zip(scene.seat_names[:scene.n], scene.seat_kinds[:scene.n])],
            "length": scene.length,
            "undo": bool(scene.undo_hot_seat),
        }
        st.save_settings(dataclasses.replace(st.settings, extra={**st.settings.extra, NEW_GAME_KEY: chosen}))
    except Exception:  # a choice the settings refuse: the game starts anyway
        log.exception("new game choices not kept")
