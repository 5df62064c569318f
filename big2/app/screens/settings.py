"""Settings: your name and the game "Play against the computer" deals; the table, sound
and window; and Accessibility (a page of its own, :mod:`.accessibility`).

Everything applies at once: the table's look and pace are read live from
``app.settings`` (saved by the storage's watcher), the window changes size or goes
fullscreen straight away, and the name, your portrait (drawn at your seat), rule preset
and opponents (computers only: each a character of :mod:`big2.room.personas` at a level;
picking a character another opponent has swaps the two) are written to the stored
settings the title's quick game deals
(:func:`big2.app.storage.set_game_defaults`); New game starts from them until it has
choices of its own, which it keeps apart and never writes here. House rules are edited
in New game, where they are explained one by one; house rules kept here by older
versions are shown, and this screen can drop them.
"""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextEntryLine

from big2.persistence import Settings
from big2.room import personas

from ... import i18n
from ...i18n import _, ngettext, pgettext
from ..ui import cardart, text
from .. import language, storage, vocab
from .rulesform import presets
from ..settings import ANIMATION_SPEEDS, CARD_BACKS, COMPUTER_PACES, FELTS
from ..themes import CUSTOM, THEMES
from ..ui.scene import Scene
from ..ui.scaledgui import Slider
from .common import dialog_rect, felt, frame
from .newseats import CHARACTERS
from ..table.portrait import portrait

GOLD = (245, 210, 122)
SOFT = (200, 210, 215)
#: Window sizes offered (those larger than the screen are left out).
WINDOW_SIZES = ((800, 600), (1024, 640), (1280, 720), (1366, 768), (1440, 900), (1600, 900), (1920, 1080), (2560, 1440))
NAME_CHARS = 14  # as New game allows


def opponent_kinds() -> list[tuple[str, str]]:
    """The computer levels an opponent may have, as (shown text, id) options. Never
    "Human": the opponents here are the quick game's, and people sit down in New game."""
    from ..table.opponents import seat_kind_label, seat_kinds

    return [(seat_kind_label(k), k) for k in seat_kinds() if k != "Human"]


def speed_label(speed: str) -> str:
    """An animation speed or computer pace (``off``, ``instant``, ``fast``…) for players."""
    return {
        "off": pgettext("speed", "Off"), "instant": pgettext("speed", "Instant"), "fast": pgettext("speed", "Fast"),
        "normal": pgettext("speed", "Normal"), "slow": pgettext("speed", "Slow"),
    }.get(speed) or i18n.verbatim(speed)


def colour_label(colour: str) -> str:
    """A felt or card-back colour for players."""
    return {
        "green": pgettext("colour", "Green"), "blue": pgettext("colour", "Blue"),
        "red": pgettext("colour", "Red"), "charcoal": pgettext("colour", "Charcoal"),
        "midnight": pgettext("colour", "Deep blue"), "oxblood": pgettext("colour", "Oxblood"),
        "navy_gold": pgettext("card back", "Gold on navy"), "lacquer": pgettext("card back", "Red lacquer"),
    }.get(colour) or i18n.verbatim(colour)


def theme_label(theme: str) -> str:
    """A table theme (a felt, a back and a deck together) for players."""
    return {
        "classic": pgettext("theme", "Classic"), "midnight": pgettext("theme", "Midnight"),
        "lacquer": pgettext("theme", "Lacquer"), CUSTOM: pgettext("theme", "Custom"),
    }.get(theme) or i18n.verbatim(theme)


def theme_options(current: str) -> list[tuple[str, str]]:
    """The themes offered; "Custom" only while the felt and back chosen make no theme."""
    ids = list(THEMES) + ([CUSTOM] if current == CUSTOM else [])
    return options(ids, theme_label)


def options(ids, label) -> list[tuple[str, str]]:
    return [(label(i), i) for i in ids]


def kind_of(level: str) -> str:
    """An opponent's level as a seat kind (a "human" stored by older versions, which
    the quick game deals as a normal computer, shows as one)."""
    return "Computer (normal)" if level == "human" else f"Computer ({level})"


def level_of(kind: str) -> str:
    """The level in "Computer (level)" ("normal" for anything else)."""
    return kind[kind.index("(") + 1 : -1] if "(" in kind else "normal"


def computer_levels(levels) -> list[str]:
    """The stored opponents' levels, each a computer's ("human" becomes "normal")."""
    return ["normal" if lvl == "human" else lvl for lvl in levels]


def level_options() -> list[tuple[str, str]]:
    """The levels an opponent may play at, as (shown text, seat kind id): the level's
    word alone, the character beside it says it is a computer."""
    out = []
    for _shown, kind in opponent_kinds():
        words = vocab.level(level_of(kind))
        out.append((words[:1].upper() + words[1:], kind))
    return out


def opponent_characters(defaults: Settings) -> list[str]:
    """The opponents' characters as the quick game seats them: those stored, the rest
    (an older file, a name that is no character) picked for their level."""
    levels = computer_levels(defaults.opponents)
    taken = {defaults.player_name}
    return [p.name for p in personas.chosen(levels, defaults.characters, taken=taken)]


#: The portraits a person may pick, by the settings' key ("" none: initials).
NO_PORTRAIT = "initials"


def portrait_label(key: str) -> str:
    """A person's portrait (a key of :data:`big2.room.personas.PERSON_PORTRAITS`) as the
    Settings list names it: what it looks like."""
    return {
        "": pgettext("portrait", "Initials"), NO_PORTRAIT: pgettext("portrait", "Initials"),
        "fox": pgettext("portrait", "Short hair"), "owl": pgettext("portrait", "Long hair and glasses"),
        "koi": pgettext("portrait", "Curly hair"), "jade": pgettext("portrait", "Bob and earrings"),
        "pine": pgettext("portrait", "Moustache"), "plum": pgettext("portrait", "Hair in a bun"),
    }.get(key) or i18n.verbatim(key)


def portrait_options() -> list[tuple[str, str]]:
    """Initials first, then every portrait a person may pick, as (shown text, id)."""
    return [(portrait_label(""), NO_PORTRAIT)] + [(portrait_label(k), k) for k in personas.PERSON_PORTRAITS]


def contrast_note() -> str:
    """What high contrast does to the theme, the felt and the card back chosen here."""
    return _("High contrast is on (Accessibility): it replaces the theme with a near-black felt and cards with bold edges.")


def size_label(size: tuple[int, int]) -> str:
    return f"{size[0]} × {size[1]}"


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        #: The stored settings New game starts from (a copy when there is no storage).
        self.defaults: Settings = storage.game_defaults(app) or Settings()
        unnamed = self.defaults.player_name == Settings().player_name
        self.name_text = "" if unnamed else self.defaults.player_name[:NAME_CHARS]
        self.problem = ""

    # UI --------------------------------------------------------------------------------------

    def build_ui(self) -> None:
        m = self.app.manager
        s = self.app.settings
        d = self.defaults
        px = self.px
        r = self.rect = dialog_rect(self.app.size, px(1040), px(700))
        pad = px(28)
        col = self.col = (r.w - 3 * pad) // 2
        lx, rx = self.lx, self.rx = r.x + pad, r.x + 2 * pad + col
        row, h = (px(42), px(34)) if r.h >= px(640) else (px(38), px(30))
        gap = px(10)
        self.narrow = col < px(420)
        top = r.y + px(92)

        def label(x: int, y: int, words: str, width: int) -> None:
            UILabel(pygame.Rect(x, y, width, h), words, m, container=self.ui)

        def label_width(words: list[str], indent: int = 0) -> int:
            """Room for the longest label, but never more than 45% of the column."""
            return min(col * 9 // 20, max(self.text_width(w, 16) for w in words) + indent + gap)

        # Left: you, and the game New game starts from (short labels, wide choices)
        y = top
        lw = label_width([_("Language"), _("Your name"), _("Your portrait"), _("Rules"), _("Opponents")])
        label(lx, y, _("Language"), lw)
        words = language.choice_text(d.language)
        if self.text_width(words, 17, bold=True) + px(28) > col - lw:  # a narrow window: the name alone
            words = language.native_name(language.resolve(d.language))
        self.b_language = self.button((lx + lw, y, col - lw, h), words,
                                      object_id=language.choice_font(d.language), tooltip=_("The language of the game"))
        y += row
        label(lx, y, _("Your name"), lw)
        self.name_entry = UITextEntryLine(pygame.Rect(lx + lw, y, col - lw, h), m, container=self.ui, placeholder_text=_("(type your name)"))
        self.name_entry.set_text_length_limit(NAME_CHARS)
        self.name_entry.set_text(self.name_text)
        y += row
        # your portrait: drawn beside its list (as the table draws your seat)
        label(lx, y, _("Your portrait"), lw)
        self.face_d = h
        self.own_face = (lx + lw, y)
        key = s.portrait if s.portrait in personas.PERSON_PORTRAITS else NO_PORTRAIT
        self.dd_portrait = UIDropDownMenu(portrait_options(), (portrait_label(key), key),
                                          pygame.Rect(lx + lw + h + gap, y, col - lw - h - gap, h), m, container=self.ui,
                                          expansion_height_limit=px(260))
        y += row
        label(lx, y, _("Rules"), lw)
        titles = [(vocab.preset_title(p.name), t) for t, p in presets().items()]
        now = self.preset_title()
        self.dd_preset = UIDropDownMenu(titles, (vocab.preset_title(presets()[now].name), now), pygame.Rect(lx + lw, y, col - lw, h), m, container=self.ui, expansion_height_limit=px(260))
        y += row
        self.house_y = y
        plain_w = self.text_width(_("Drop them"), 17, bold=True) + px(28)
        self.plain_w = plain_w
        self.b_plain = self.button((lx + col - plain_w, y + 2, plain_w, h - 2), _("Drop them"), tooltip=_("Start New game from the plain preset"))
        if not self.has_house_rules():
            self.b_plain.hide()
        y += row + px(8)
        label(lx, y, _("Opponents"), lw)
        n = len(d.opponents)
        self.dd_count = UIDropDownMenu(["1", "2", "3"], str(n), pygame.Rect(lx + lw, y, px(80), h), m, container=self.ui)
        y += row
        # each opponent: its character's face, the character, the level it plays at
        self.dd_levels: list[UIDropDownMenu] = []
        self.dd_characters: list[UIDropDownMenu] = []
        self.opponent_faces: list[tuple[int, int]] = []
        self.characters = opponent_characters(d)
        characters = [(i18n.verbatim(c), c) for c in CHARACTERS]
        kinds = level_options()
        cx = lx + px(16) + h + gap
        cw = (lx + col - cx - gap) // 2
        for i, level in enumerate(d.opponents):
            self.opponent_faces.append((lx + px(16), y))
            name = self.characters[i]
            self.dd_characters.append(UIDropDownMenu(characters, (i18n.verbatim(name), name), pygame.Rect(cx, y, cw, h), m,
                                                     container=self.ui, expansion_height_limit=px(260)))
            now = next((o for o in kinds if o[1] == kind_of(level)), kinds[0])
            self.dd_levels.append(UIDropDownMenu(kinds, now, pygame.Rect(cx + cw + gap, y, lx + col - cx - cw - gap, h), m,
                                                 container=self.ui))
            y += row
        self.left_note_y = y + px(4)
        note_h = 2 * (self.fpx(14) + px(4))
        self.b_access = self.button((lx, self.left_note_y + note_h + gap, col, h + 2), _("Accessibility…"),
                                    tooltip=_("Larger cards and text, high contrast, reduced motion, a left-handed layout, one-tap selection"))

        # Right: the table, sound and window
        y = top
        lw = label_width([_("Animation speed"), _("Computer pace"), _("Theme"), _("Table felt"), _("Card back"), _("Volume"), _("Window size")])
        rw = col - lw
        label(rx, y, _("Animation speed"), lw)
        self.dd_anim = UIDropDownMenu(options(ANIMATION_SPEEDS, speed_label), (speed_label(s.animation), s.animation), pygame.Rect(rx + lw, y, rw, h), m, container=self.ui)
        y += row
        label(rx, y, _("Computer pace"), lw)
        self.dd_pace = UIDropDownMenu(options(COMPUTER_PACES, speed_label), (speed_label(s.pace), s.pace), pygame.Rect(rx + lw, y, rw, h), m, container=self.ui)
        y += row
        # a theme is a felt, a back and a deck together; the felt and back under it make
        # a custom pair (and pick the theme they match)
        label(rx, y, _("Theme"), lw)
        self.dd_theme = UIDropDownMenu(theme_options(s.theme), (theme_label(s.theme), s.theme), pygame.Rect(rx + lw, y, rw, h), m, container=self.ui,
                                       expansion_height_limit=px(220))
        y += row
        indent = px(16)
        label(rx + indent, y, _("Table felt"), lw - indent)
        self.dd_felt = UIDropDownMenu(options(FELTS, colour_label), (colour_label(s.felt), s.felt), pygame.Rect(rx + lw, y, rw, h), m, container=self.ui,
                                      expansion_height_limit=px(220))
        y += row
        label(rx + indent, y, _("Card back"), lw - indent)
        self.dd_back = UIDropDownMenu(options(CARD_BACKS, colour_label), (colour_label(s.card_back), s.card_back), pygame.Rect(rx + lw, y, rw, h), m, container=self.ui,
                                      expansion_height_limit=px(220))
        y += row
        # High contrast (Accessibility) draws its own felt and card edges: the felt chosen
        # here waits, greyed, for it to be off, and a note under the two says so.
        self.contrast = s.high_contrast
        self.contrast_y = y
        if self.contrast:
            self.dd_theme.disable()
            self.dd_felt.disable()
            fp = self.fpx(14)
            y += len(text.wrap(contrast_note(), fp, col)[:2]) * (fp + px(4)) + px(6)
        self.narrow = self.text_width(_("Pass automatically when I cannot play: off"), 17, bold=True) + px(28) > col
        self.b_four = self.button((rx, y, col, h + 2), self._four_text(), tooltip=_("Diamonds blue and clubs green, so every suit has its own colour"))
        y += row
        self.b_auto = self.button((rx, y, col, h + 2), self._auto_text(), tooltip=_("Pass for you when nothing you hold can beat the table"))
        y += row
        label(rx, y, _("Volume"), lw)
        mute_w = max(self.text_width(w, 17, bold=True) for w in (_("Mute"), _("Unmute"))) + px(28)
        self.sl_volume = Slider(pygame.Rect(rx + lw, y, rw - mute_w - gap, h), s.volume * 100, (0, 100), m, container=self.ui, scale=self.app.ui_scale)
        self.b_mute = self.button((rx + col - mute_w, y, mute_w, h), _("Unmute") if s.muted else _("Mute"))
        y += row
        label(rx, y, _("Window size"), lw)
        sizes = self.window_sizes()
        current = size_label(self.windowed_size())
        self.dd_size = UIDropDownMenu([size_label(z) for z in sizes], current, pygame.Rect(rx + lw, y, rw, h), m, container=self.ui, expansion_height_limit=px(220))
        y += row
        self.b_full = self.button((rx, y, col, h + 2), self._full_text(), tooltip=_("F11 switches too, anywhere in the game"))
        y += row
        self.preview_y = y
        self.b_back = self.button((r.centerx - px(110), r.bottom - px(62), px(220), px(44)), _("Done"), object_id="#primary")

    def _four_text(self) -> str:
        return _("Four-colour deck: on") if self.app.settings.four_colour else _("Four-colour deck: off")

    def _auto_text(self) -> str:
        if self.narrow:
            return _("Auto-pass when I cannot play: on") if self.app.settings.auto_pass else _("Auto-pass when I cannot play: off")
        return _("Pass automatically when I cannot play: on") if self.app.settings.auto_pass else _("Pass automatically when I cannot play: off")

    def _full_text(self) -> str:
        return _("Fullscreen: on") if self.app.fullscreen else _("Fullscreen: off")

    # The language -----------------------------------------------------------------------------

    def pick_language(self) -> None:
        """Open the picker; the choice is kept in the stored settings and applied at once."""
        self.name_text = self.name_entry.get_text()
        self.app.push("language", self.defaults.language, self.choose_language)

    def choose_language(self, setting: str) -> None:
        """Keep ``setting`` ("" for the system's language) and speak it from now on."""
        self.keep(language=setting)
        language.apply(self.app, language.resolve(setting))
        self.build()  # the button shows the new choice even when the language stays

    # The stored game defaults -----------------------------------------------------------------

    def preset_title(self) -> str:
        for info in presets().values():
            if info.name == self.defaults.rules_preset:
                return info.title
        return next(iter(presets()))

    def has_house_rules(self) -> bool:
        return bool(self.defaults.house_rules) or bool(self.defaults.scoring)

    def keep(self, **values) -> bool:
        """Store new game defaults; a value the settings refuse is said, not kept."""
        try:
            changed = dataclasses.replace(self.defaults, **values)
        except ValueError as exc:
            self.problem = i18n.sentence(exc)
            return False
        self.problem = storage.set_game_defaults(self.app, changed) or ""
        if not self.problem:
            self.defaults = changed
        return not self.problem

    def enter(self) -> None:
        self.name_at_enter = storage.player_name(self.app)
        super().enter()

    def leave(self) -> None:
        # one rename of the score history for the whole edit (not one per key typed)
        storage.rename_player(self.app, self.name_at_enter, storage.player_name(self.app))
        self.name_at_enter = storage.player_name(self.app)
        super().leave()

    def keep_name(self) -> None:
        self.name_text = self.name_entry.get_text()
        name = self.name_text.strip()
        if not name:
            unnamed = self.defaults.player_name == Settings().player_name
            self.problem = "" if unnamed else _("Your name needs at least one letter.")
            return
        if name != self.defaults.player_name:
            self.keep(player_name=name)
        else:
            self.problem = ""

    def choose_character(self, seat: int, name: str) -> None:
        """Opponent ``seat`` becomes the character ``name``; an opponent who was that
        character takes the one ``seat`` had (no two seats share one)."""
        names = list(self.characters)
        swapped = name in names and names.index(name) != seat
        if swapped:
            names[names.index(name)] = names[seat]
        names[seat] = name
        if self.keep(characters=tuple(names)):
            self.characters = names
        if swapped:
            self.rebuild()  # the other seat's list shows its new character
        self.app.dirty = True

    # The window --------------------------------------------------------------------------------

    def windowed_size(self) -> tuple[int, int]:
        return tuple(self.app._windowed_size) if self.app.fullscreen else tuple(self.app.size)  # type: ignore[return-value]

    def window_sizes(self) -> list[tuple[int, int]]:
        try:
            desk = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            desk = (1920, 1080)
        sizes = [z for z in WINDOW_SIZES if z[0] <= desk[0] and z[1] <= desk[1]]
        now = self.windowed_size()
        if now not in sizes:
            sizes.append(now)
        return sorted(sizes)

    # Input ----------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        s = self.app.settings
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED) and event.ui_element is self.name_entry:
            self.keep_name()
            self.app.dirty = True
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = event.ui_element
            if el is self.dd_anim:
                s.animation = self.chosen(event)
            elif el is self.dd_pace:
                s.pace = self.chosen(event)
            elif el is self.dd_theme:
                theme = THEMES.get(self.chosen(event))
                if theme is not None:
                    s.felt, s.card_back = theme.felt, theme.back
                self.rebuild()  # the felt and back show the theme's
            elif el is self.dd_felt:
                s.felt = self.chosen(event)
                self.rebuild()  # the theme shows what the pair makes now
            elif el is self.dd_back:
                s.card_back = self.chosen(event)
                self.rebuild()
            elif el is self.dd_preset:
                # house rules belong to the preset they were made on: a new preset starts plain
                self.keep(rules_preset=presets()[self.chosen(event)].name, house_rules={}, scoring="")
                self.rebuild()
            elif el is self.dd_count:
                levels = computer_levels(self.defaults.opponents)
                n = int(self.chosen(event))
                levels = (levels + [levels[-1] if levels else "normal"] * 3)[:n]
                names = [p.name for p in personas.chosen(levels, self.characters[:n], taken={self.defaults.player_name})]
                self.keep(opponents=tuple(levels), characters=tuple(names))
                self.rebuild()
            elif el in self.dd_levels:  # the character stays: it only names the seat
                levels = computer_levels(self.defaults.opponents)
                levels[self.dd_levels.index(el)] = level_of(self.chosen(event))
                self.keep(opponents=tuple(levels), characters=tuple(self.characters))
            elif el in self.dd_characters:
                self.choose_character(self.dd_characters.index(el), self.chosen(event))
            elif el is self.dd_portrait:
                key = self.chosen(event)
                s.portrait = "" if key == NO_PORTRAIT else key
                self.keep(portrait=s.portrait)
                self.app.dirty = True
            elif el is self.dd_size:
                w, h = (int(v) for v in self.chosen(event).split(" × "))
                self.app.set_window_size((w, h))
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.sl_volume:
            s.volume = self.sl_volume.get_current_value() / 100
            self.app.sounds.set_volume(s.volume)
            self.app.sounds.play("play")
            return True
        if self.pressed(event, self.b_mute):
            s.muted = not s.muted
            self.app.sounds.set_volume(s.volume, muted=s.muted)
            self.b_mute.set_text(_("Unmute") if s.muted else _("Mute"))
            return True
        if self.pressed(event, self.b_four):
            s.four_colour = not s.four_colour
            self.b_four.set_text(self._four_text())
            return True
        if self.pressed(event, self.b_auto):
            s.auto_pass = not s.auto_pass
            self.b_auto.set_text(self._auto_text())
            return True
        if self.pressed(event, self.b_access):
            self.name_text = self.name_entry.get_text()
            self.app.push("accessibility")
            return True
        if self.pressed(event, self.b_language):
            self.pick_language()
            return True
        if self.pressed(event, self.b_plain):
            self.keep(house_rules={}, scoring="")
            self.rebuild()
            return True
        if self.pressed(event, self.b_full):
            self.app.toggle_fullscreen()
            self.rebuild()
            return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.keep_name()
            self.app.pop()
            return True
        return False

    def uncover(self) -> None:
        super().uncover()  # shows every control again, the hidden "Drop them" too
        if self.contrast != self.app.settings.high_contrast:  # switched in Accessibility
            self.rebuild()
            return
        if not self.has_house_rules():
            self.b_plain.hide()

    def rebuild(self) -> None:
        self.name_text = self.name_entry.get_text()
        self.build()

    def resize(self, size: tuple[int, int]) -> None:
        self.name_text = self.name_entry.get_text()
        super().resize(size)

    # Drawing --------------------------------------------------------------------------------------

    def house_rules_line(self) -> str:
        title = vocab.preset_title(presets()[self.preset_title()].name)
        if self.has_house_rules():
            n = len(self.defaults.house_rules) + (1 if self.defaults.scoring else 0)
            return ngettext("{n} house rule on top of {title}, from your last New game.",
                            "{n} house rules on top of {title}, from your last New game.", n).format(
                n=i18n.current().number(n), title=title)
        return _("House rules are chosen in New game and kept for the next game.")

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        r = self.rect
        px = self.px
        frame(surf, r)
        text.draw(surf, _("Settings"), self.fpx(30), (r.centerx, r.y + px(34)), GOLD, anchor="center", bold=True)
        col, lx, rx = self.col, self.lx, self.rx
        head = self.fpx(18)
        text.draw(surf, _("You and your games"), head, (lx, r.y + px(62)), GOLD, bold=True, max_width=col)
        text.draw(surf, _("Table, sound and window"), head, (rx, r.y + px(62)), GOLD, bold=True, max_width=col)
        fp = self.fpx(14)
        line_h = fp + px(4)
        width = col - (self.plain_w + px(10) if self.has_house_rules() else 0)
        lines = text.wrap(self.house_rules_line(), fp, width)[:2]
        for i, line in enumerate(lines):
            text.draw(surf, line, fp, (lx, self.house_y + 2 + i * line_h), SOFT)
        note = self.problem or _("\u201cPlay against the computer\u201d deals these; your name is how statistics know you.")
        colour = (255, 150, 140) if self.problem else SOFT
        y = self.left_note_y
        for line in text.wrap(note, fp, col)[:2]:
            if y + line_h < r.bottom - px(70):
                text.draw(surf, line, fp, (lx, y), colour)
            y += line_h
        d = self.face_d
        shown = self.name_entry.get_text().strip() or pgettext("player name", "You")
        surf.blit(portrait(personas.PERSON_PORTRAITS.get(self.app.settings.portrait), shown, d), self.own_face)
        for (fx, fy), name in zip(self.opponent_faces, self.characters):
            found = personas.named(name)
            surf.blit(portrait(found.portrait if found is not None else None, name, d), (fx, fy))
        if self.contrast:
            y = self.contrast_y
            for line in text.wrap(contrast_note(), fp, col)[:2]:
                text.draw(surf, line, fp, (rx, y), GOLD)
                y += line_h
        # a preview of the deck's colours and the card back
        ch = min(px(90), r.bottom - px(74) - self.preview_y - 6)
        if ch > px(40):
            cw = int(ch * 0.7)
            g = px(8)
            x = rx + (col - (cw * 5 + 4 * g)) // 2
            for i, c in enumerate((47, 42, 37, 32)):  # A♠ K♥ Q♣ J♦: every suit's colour
                surf.blit(cardart.face(c, cw, ch, four_colour=self.app.settings.four_colour), (x + i * (cw + g), self.preview_y))
            surf.blit(cardart.back(cw, ch, style=self.app.settings.card_back), (x + 4 * (cw + g), self.preview_y))
