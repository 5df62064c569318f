"""Named save slots: save the game at the table, load one, delete one, with previews.

Opened from the title (load and delete) or from the pause menu (save as well). Each
slot shows its name, when it was saved, the players, the rule preset, the hand in
progress and the scores; a slot that cannot be read shows why and can only be deleted.
"""

from __future__ import annotations

from datetime import datetime

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from big2.persistence import StorageError
from big2.persistence.atomic import backup_path
from big2.persistence.saves import SlotInfo
from big2.persistence.sessioncodec import preview_of

from ... import i18n
from ...i18n import _, verbatim
from .. import storage, vocab
from ..ui import text
from ..crashguard import marks_file
from ..storage.reopen import open_payload
from ..ui.scene import Scene
from .common import dialog_rect, felt, frame

GOLD = (245, 210, 122)
WHITE = (240, 240, 235)
DIM = (190, 200, 205)
RED = (255, 150, 140)
ROW_H = 74


def when(moment: datetime | None) -> str:
    """A save time in the player's local time, the language's way: "Nov 21, 2026 2:05 PM"."""
    if moment is None:
        return _("unknown time")
    return i18n.current().datetime(moment.astimezone())


def scores_text(players: tuple[str, ...], scores: tuple[int, ...]) -> str:
    signed = i18n.current().signed
    parts = [f"{verbatim(p)} {signed(s)}" for p, s in zip(players, scores)]
    return " · ".join(parts) if parts else _("no scores yet")


class SavesScene(Scene):
    """The save slots; ``table`` (from the pause menu) adds saving its game."""

    name = "saves"

    def __init__(self, app, *, table=None) -> None:
        super().__init__(app)
        self.table = table
        self.page = 0
        self.status: tuple[str, tuple[int, int, int]] | None = None
        self.slots: list[SlotInfo] = []
        self.rows: list[tuple[SlotInfo, pygame_gui.elements.UIButton, pygame_gui.elements.UIButton]] = []
        self.typed: str | None = None  # the name being typed, kept when the window resizes
        self.refresh_list()

    # Data ------------------------------------------------------------------------------------

    @property
    def store(self):
        return storage.of(self.app)

    def refresh_list(self) -> None:
        st = self.store
        self.slots = st.saves.list_slots() if st is not None else []

    def default_name(self) -> str:
        """The first player and the hand ("Ann, hand 3"), made unique with " (2)"… The
        time is not in it: the entry shows the time it was saved, once."""
        m = self.table.state
        tr = i18n.current()
        base = _("{name}, hand {number}").format(name=verbatim(m.names[0]), number=tr.number(max(1, m.hand_number)))
        taken = {info.name for info in self.slots}
        name, n = base, 2
        while name in taken:
            name, n = f"{base} ({tr.number(n)})", n + 1
        return name

    # Layout ------------------------------------------------------------------------------------

    def per_page(self) -> int:
        px = self.px
        r = self.rect
        top = self.list_top
        return max(1, (r.bottom - px(80) - top) // px(ROW_H))

    def build_ui(self) -> None:
        px = self.px
        m = self.app.manager
        r = self.rect = dialog_rect(self.app.size, px(900), px(640))
        y = r.y + px(70)
        old = getattr(self, "entry", None)
        if old is not None:  # rebuilt (a resize): keep what was typed
            self.typed = old.get_text()
        self.entry = None
        self.b_save = None
        if self.table is not None:
            self.entry = UITextEntryLine(pygame.Rect(r.x + px(30), y, r.w - px(230), px(40)), m, container=self.ui)
            self.entry.set_text_length_limit(40)
            self.entry.set_text(self.typed if self.typed is not None else self.default_name())
            self.b_save = self.button((r.right - px(190), y, px(160), px(40)), _("Save here"), object_id="#primary", tooltip=_("Save this game under the name on the left"))
            y += 56
        self.list_top = y + 8
        n = self.per_page()
        pages = max(1, -(-len(self.slots) // n))
        self.page = min(self.page, pages - 1)
        self.rows = []
        for i, info in enumerate(self.slots[self.page * n:(self.page + 1) * n]):
            ry = self.list_top + i * px(ROW_H)
            b_load = self.button((r.right - px(250), ry + px(14), px(110), px(40)), _("Load"), object_id="#primary")
            b_del = self.button((r.right - px(130), ry + px(14), px(100), px(40)), _("Delete"), object_id="#danger")
            if info.problem is not None:
                b_load.disable()
            self.rows.append((info, b_load, b_del))
        self.b_prev = self.button((r.x + px(30), r.bottom - px(64), px(130), px(44)), _("◀ Newer"))
        self.b_next = self.button((r.x + px(170), r.bottom - px(64), px(130), px(44)), _("Older ▶"))
        (self.b_prev.enable if self.page > 0 else self.b_prev.disable)()
        (self.b_next.enable if self.page < pages - 1 else self.b_next.disable)()
        if pages == 1:
            self.b_prev.hide()
            self.b_next.hide()
        self.b_back = self.button((r.right - px(190), r.bottom - px(64), px(160), px(44)), _("Back"))

    # Input -------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.typed = self.entry.get_text()
            return True
        if self.b_save is not None and (
            self.pressed(event, self.b_save)
            or (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry)
        ):
            self.ask_save(self.entry.get_text())
            return True
        for info, b_load, b_del in self.rows:
            if self.pressed(event, b_load):
                self.load(info)
                return True
            if self.pressed(event, b_del):
                self.ask_delete(info)
                return True
        if self.pressed(event, self.b_prev):
            self.page -= 1
            self.build()
            return True
        if self.pressed(event, self.b_next):
            self.page += 1
            self.build()
            return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        return False

    def ask_delete(self, info: SlotInfo) -> None:
        def yes() -> None:
            self.delete(info)

        self.app.push("confirm", _("Delete the save “{name}”?").format(name=verbatim(info.name)), yes, yes=_("Delete"),
                      detail=_("It cannot be brought back."))

    def say(self, msg: str, colour: tuple[int, int, int] = WHITE) -> None:
        self.status = (msg, colour)
        self.app.dirty = True

    def ask_save(self, name: str) -> None:
        name = name.strip()
        if any(s.name == name for s in self.slots):
            self.app.push("confirm", _("Replace the save “{name}”?").format(name=verbatim(name)), lambda: self.save(name), yes=_("Replace"))
            return
        self.save(name)

    def save(self, name: str) -> None:
        st = self.store
        if st is None or self.table is None:
            return
        link = self.table.link  # a link to a room in this process: saves are for local games
        seated = storage.RoomWatch(self.app, link.room, link)
        rec = st.recorder(seated.match)
        try:
            payload = storage.payload_of(seated, rec)
            if rec.session_id.done():
                payload["app"]["history_session"] = rec.session_id.result()
            st.saves.save_slot(name, payload, preview_of(seated.match.session))
        except (ValueError, StorageError) as exc:
            self.say(i18n.sentence(exc), RED)
            return
        self.refresh_list()
        self.page = 0
        self.build()
        self.say(_("Saved as “{name}”.").format(name=verbatim(name)), (170, 230, 170))

    def load(self, info: SlotInfo) -> None:
        st = self.store
        if st is None:
            return
        loaded = st.saves.load_listed(info)
        for n in loaded.notices:
            st.tell(n)
        if loaded.value is None:
            self.refresh_list()
            self.build()
            self.say(_("That save could not be loaded."), RED)
            return
        self.app.goto("title")
        used = info.path if loaded.source == "main" else backup_path(info.path)
        from big2.persistence.sessioncodec import game_id

        with marks_file(used, game=game_id(loaded.value.payload)):  # it crashed: every copy set aside
            opened = open_payload(self.app, loaded.value.payload, from_slot=True)
        if not opened:
            self.app.push("saves")

    def delete(self, info: SlotInfo) -> None:
        st = self.store
        try:
            if st is not None:
                st.saves.delete_listed(info)
        except StorageError as exc:
            self.say(i18n.sentence(exc), RED)
            return
        self.refresh_list()
        self.build()
        self.say(_("Deleted “{name}”.").format(name=verbatim(info.name)), DIM)

    # Drawing -------------------------------------------------------------------------------------

    def details(self, info: SlotInfo) -> str:
        """The line under a slot's name: when it was saved, the rules, the hand. The time
        is left out when the name says it already (a kept unfinished game is named for
        it), so an entry shows one time."""
        p = info.preview
        saved = when(info.saved_at)
        parts: list[str] = []
        if saved not in info.name or info.saved_at is None:
            parts.append(saved)
        if info.from_backup:
            parts.append(_("previous copy"))
        if p and p.preset:
            parts.append(_("{rules} rules").format(rules=vocab.preset_title(p.preset)))
        if p and p.hand_number:
            parts.append(_("hand {number}").format(number=i18n.current().number(p.hand_number)))
        return " · ".join(parts)

    def draw(self, surf: pygame.Surface) -> None:
        px = self.px
        surf.blit(felt(surf.get_size(), self.app.settings.felt_colours), (0, 0))
        r = self.rect
        frame(surf, r)
        title = _("Save or load a game") if self.table is not None else _("Saved games")
        text.draw(surf, title, self.fpx(28), (r.centerx, r.y + px(34)), GOLD, anchor="center", bold=True)
        if not self.slots:
            empty = _("No saved games yet.") if self.table else _("No saved games yet. Save one from the pause menu (Esc) at the table.")
            text.draw(surf, empty, self.fpx(18), (r.centerx, self.list_top + px(40)), DIM, anchor="center", max_width=r.w - px(60))
        for i, (info, _load, _delete) in enumerate(self.rows):
            with marks_file(info.path):  # a row that cannot be drawn gets its file set aside
                self._draw_row(surf, i, info)
        if self.status is not None:
            msg, colour = self.status
            text.draw(surf, msg, self.fpx(17), (r.centerx + px(40), r.bottom - px(42)), colour, anchor="center", max_width=r.w - px(560))

    def _draw_row(self, surf: pygame.Surface, i: int, info: SlotInfo) -> None:
        px = self.px
        r = self.rect
        y = self.list_top + i * px(ROW_H)
        row = pygame.Rect(r.x + px(20), y + px(4), r.w - px(40), px(ROW_H - 8))
        text.panel(surf, row, alpha=70, radius=10)
        text_w = r.w - px(320)
        text.draw(surf, verbatim(info.name), self.fpx(19), (r.x + px(34), y + px(10)), WHITE, bold=True, max_width=text_w)
        if info.problem is not None:
            for k, line in enumerate(text.wrap(info.problem, 14, text_w)[:2]):
                text.draw(surf, line, self.fpx(14), (r.x + px(34), y + px(34) + px(18) * k), RED, max_width=text_w)
            return
        p = info.preview
        text.draw(surf, self.details(info), self.fpx(15), (r.x + px(34), y + px(34)), DIM, max_width=text_w)
        if p is not None:
            text.draw(surf, scores_text(p.players, p.scores), self.fpx(15), (r.x + px(34), y + px(53)), (225, 225, 215), max_width=text_w)
