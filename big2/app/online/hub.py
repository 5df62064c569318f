"""Play online (scene ``"online"``): Host a game, Join a game, Back — and, when the app
kept a seat from a game that was running when it closed, "Rejoin room HFSY-JXDC" first.

Rejoin takes the seat back with its seat token (:mod:`.rejoin`), waiting without
blocking a frame; once seated the lobby opens (it goes on to the table when the game has
started). A stored seat that cannot be taken back — its server gone, the token refused,
the room closed — gets one sentence and is forgotten. A damaged stored seat is set aside
with a notice (the app's banner when it has one, else the line under the buttons).
"""

from __future__ import annotations

from typing import Any

import pygame

from ...i18n import _, verbatim
from .. import storage
from ..crashguard import marks_file
from ..screens.common import felt
from ..ui import text
from ..ui.scene import Scene
from . import rejoin
from .entering import Entering

GOLD = (245, 210, 122)
WHITE = (235, 238, 240)
SOFT = (185, 195, 200)
BAD = (255, 170, 120)
GOOD = (150, 225, 160)


class HubScene(Scene):
    name = "online"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.message = ""
        self.message_bad = True
        self.entering: Entering | None = None
        self.stored: rejoin.Seat | None = None
        self.load_stored()

    def load_stored(self) -> None:
        self.stored, notices = rejoin.load()
        st = storage.of(self.app)
        from ... import i18n

        for notice in notices:
            if st is not None:
                st.tell(notice)
            else:
                self.say(i18n.sentence(notice))

    def say(self, sentence: str, *, bad: bool = True) -> None:
        self.message, self.message_bad = sentence, bad
        self.app.dirty = True

    # Layout ----------------------------------------------------------------------------------

    def seat_file(self) -> Any:
        """The stored seat's file while the hub shows it (None when there is none): a
        crash while it is measured or drawn sets it aside (see crashguard.marks_file),
        so the next launch cannot crash on it again."""
        return rejoin.path() if self.stored is not None else None

    def build_ui(self) -> None:
        with marks_file(self.seat_file()):
            self._build_ui()

    def _build_ui(self) -> None:
        w, h = self.app.size
        px = self.px
        g = px(12)
        labels = [_("Host a game"), _("Join a game"), _("Back"), _("Cancel")]
        rejoin_label = _("Rejoin room {code}").format(code=verbatim(self.stored.code_shown)) if self.stored else ""
        wanted = max(px(380), *(self.text_width(t, 17, bold=True) + px(48) for t in labels + [rejoin_label]))
        bw, bh = min(wanted, w - px(80)), px(52)
        x = (w - bw) // 2
        # the title, its line and the buttons as one block, a little above the middle
        self.title_size = max(32, int(h * 0.075))
        buttons = 3 * bh + 2 * g + ((bh + g + px(34)) if self.stored is not None else 0)
        block = int(self.title_size * 1.9) + px(48) + buttons + px(70)
        top = max(px(16), (h - block) // 2)
        self.title_y = top + self.title_size // 2
        y = top + int(self.title_size * 1.9) + px(48)
        self.b_rejoin = None
        if self.stored is not None:
            self.b_rejoin = self.button((x, y, bw, bh), _("Cancel") if self.entering else rejoin_label, object_id="#primary",
                                        tooltip=_("Take back your seat in the game you were playing when Big Two closed"))
            y += bh + g + px(34)
        self.b_host = self.button((x, y, bw, bh), _("Host a game"), object_id=None if self.stored else "#primary",
                                  tooltip=_("Run a game on this computer that friends join"))
        self.b_join = self.button((x, y + bh + g, bw, bh), _("Join a game"),
                                  tooltip=_("Find a game on this network, or type its address and room code"))
        self.b_back = self.button((x, y + 2 * (bh + g), bw, bh), _("Back"))
        if self.entering is not None:
            for b in (self.b_host, self.b_join, self.b_back):
                b.disable()
        self.rejoin_note_y = (self.b_rejoin.rect.bottom + px(6)) if self.b_rejoin is not None else 0
        self.message_y = y + 3 * (bh + g) + px(8)
        self.column = pygame.Rect(x, 0, bw, h)

    def uncover(self) -> None:
        super().uncover()
        self.load_stored()  # a join may have kept a seat, a leave forgotten one
        self.build()

    # Input -----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.b_rejoin is not None and self.pressed(event, self.b_rejoin):
            if self.entering is not None:
                self.cancel_wait()
            else:
                self.rejoin()
            return True
        if self.pressed(event, self.b_host):
            self.app.push("host_game")
            return True
        if self.pressed(event, self.b_join):
            self.app.push("join_game")
            return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            if self.entering is not None:
                self.cancel_wait()
            else:
                self.app.pop()
            return True
        return False

    def cancel_wait(self) -> None:
        """Stop waiting for the stored seat: the link is given up, the seat stays kept."""
        if self.entering is not None:
            self.entering.cancel()
            self.entering = None
            self.build()

    def rejoin(self) -> None:
        """Take the stored seat back with its token (the wait is :meth:`update`'s)."""
        seat = self.stored
        if seat is None or self.entering is not None:
            return
        from big2.net.link import RemoteLink

        try:
            link = RemoteLink(seat.url, name=seat.name, code=seat.code, token=seat.token, on_message=self.app.post_wake)
        except Exception as exc:  # noqa: BLE001 - a stored address no link can use
            self.forget(rejoin.stale_sentence(seat, str(exc)))
            return
        self.entering = Entering(link, seat.url)
        self.say("")
        self.build()

    def forget(self, sentence: str) -> None:
        rejoin.forget()
        self.stored = None
        self.say(sentence)
        self.build()

    def update(self, dt: float) -> None:
        entering = self.entering
        if entering is None:
            return
        outcome = entering.check()
        if outcome == "in":
            self.entering = None
            rejoin.Keeper(self.app.post_wake).watch(entering.link)
            self.app.replace("lobby", entering.link)
        elif outcome == "failed":
            self.entering = None
            assert self.stored is not None
            self.forget(rejoin.stale_sentence(self.stored, entering.sentence))

    def next_deadline(self) -> float | None:
        return 0.1 if self.entering is not None else None

    # Drawing ---------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        with marks_file(self.seat_file()):
            self._draw(surf)

    def _draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        surf.blit(felt((w, h), self.app.settings.felt_colours), (0, 0))
        size, ty = self.title_size, self.title_y
        title = _("Play online")
        text.draw(surf, title, size, (w // 2 + 3, ty + 3), (0, 0, 0), anchor="center", bold=True)
        text.draw(surf, title, size, (w // 2, ty), GOLD, anchor="center", bold=True)
        sub = _("Play with friends on other computers: one hosts, the others join.")
        text.draw(surf, sub, self.fpx(18), (w // 2, ty + size * 0.95), (220, 230, 225), anchor="center",
                  max_width=w - self.px(80))
        width = max(self.column.w, min(w - self.px(80), self.px(640)))
        if self.b_rejoin is not None:
            note = (_("Connecting…") if self.entering is not None else
                    _("Your seat in the game that was running when Big Two closed."))
            for k, line in enumerate(text.wrap(note, self.fpx(15), width)[:2]):
                text.draw(surf, line, self.fpx(15), (w // 2, self.rejoin_note_y + k * self.text_height(15)),
                          WHITE if self.entering is not None else SOFT, anchor="midtop")
        if self.message:
            y = self.message_y
            for line in text.wrap(self.message, self.fpx(16), width)[:4]:
                text.draw(surf, line, self.fpx(16), (w // 2, y), BAD if self.message_bad else GOOD, anchor="midtop")
                y += self.text_height(16) + self.px(2)
