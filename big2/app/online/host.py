"""Host a game (scene ``"host_game"``): the player's name, then Host starts the game
server inside the app, opens a room of four seats on it and seats the host (or, with a
game server's address typed, opens the room on that ``big2 serve`` instead); the lobby
(``app.replace("lobby", link, hosting=…, fresh=True)``) shows friends the address and
the room code, and is where the seats, the rules and the turn clock are chosen: it
starts from the set-up the host last used (:mod:`.setupmemory`).

Starting the server and opening the room never block a frame: :mod:`.hosting` starts the
server on a worker thread and :mod:`.entering` watches the link; this screen polls both
in :meth:`update`. A port that cannot be opened is a sentence, with the name kept.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from ...i18n import _
from . import hosting as hosting_mod
from .address import BadAddress, server_url
from ..ui import text
from .form import SOFT, WHITE, FormScene

#: The room a host opens: four seats, all open for people until the lobby says otherwise.
NEW_ROOM = {"players": 4, "computers": 0}


class HostScene(FormScene):
    name = "host_game"
    box = (680, 480)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.hosting: hosting_mod.Hosting | None = None
        self.starting = False
        self.player = ""
        self.server_text = ""

    def labels(self) -> list[str]:
        return [_("Your name"), _("Game server")]

    def build_ui(self) -> None:
        px = self.px
        r = self.frame_rect()
        pad = px(36)
        self.inner = pygame.Rect(r.x + pad, r.y + px(80), r.w - 2 * pad, r.h - px(80) - pad)
        h = px(42)
        self.name_row(self.inner.x, self.inner.y, self.inner.w, h)
        lw = self.label_width()
        sy = self.inner.y + h + px(14)
        self.server_y = sy + h // 2
        self.server_entry = self.entry((self.inner.x + lw, sy, self.inner.w - lw, h), self.server_text,
                                       _("(empty: this computer)"), 200)
        busy = self.starting or self.waiting
        bw = self.button_width([_("Host"), _("Back"), _("Cancel")]) + px(24)
        bh = px(48)
        by = r.bottom - pad - bh
        self.b_host = self.button((r.centerx - bw - px(8), by, bw, bh), _("Host"), object_id="#primary",
                                  tooltip=_("Start the game on this computer and open a room for your friends"))
        self.b_back = self.button((r.centerx + px(8), by, bw, bh), _("Cancel") if busy else _("Back"))
        if busy:
            self.b_host.disable()
            self.name_entry.disable()
            self.server_entry.disable()
        self.text_y = sy + h + px(22)
        self.message_y = by - px(66)

    def keep_texts(self) -> None:
        super().keep_texts()
        el = getattr(self, "server_entry", None)
        if el is not None and el.alive():
            self.server_text = el.get_text()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in (self.name_entry, self.server_entry):
            self.keep_texts()
            self.host()  # Enter in the name field
            return True
        if self.handle_text(event):
            return True
        if self.pressed(event, self.b_host) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.busy):
            self.host()
            return True
        if self.pressed(event, self.b_back) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            if self.busy:
                self.cancel()
            else:
                self.app.pop()
            return True
        return False

    @property
    def busy(self) -> bool:
        return self.starting or self.waiting

    def host(self) -> None:
        """Start the server (if it is not running) and open a room on it; with a game
        server typed, open the room there."""
        if self.busy:
            return
        name = self.typed_name()
        if name is None:
            return
        self.player = name
        self.keep_texts()
        if self.server_text.strip():
            try:
                url = server_url(self.server_text)
            except BadAddress as exc:
                self.say(str(exc))
                return
            from big2.net.link import RemoteLink

            self.hosting = None
            link = RemoteLink(url, name=name, create=dict(NEW_ROOM), on_message=self.app.post_wake)
            self.enter_room(link, self.server_text.strip())
            return
        self.hosting = hosting_mod.of(self.app)
        self.hosting.begin(name=name)  # friends' game lists show the host's name
        self.starting = True
        self.say("")
        self.build()

    def cancel(self) -> None:
        """Stop waiting: the room is given up and the server stopped."""
        self.starting = False
        self.cancel_wait()
        if self.hosting is not None:
            self.hosting.stop_soon()
        self.say(_("Hosting was cancelled."), bad=False)
        self.build()

    def update(self, dt: float) -> None:
        hosting = self.hosting
        if self.starting and hosting is not None and not hosting.starting:
            self.starting = False
            if hosting.url is not None:
                from big2.net.link import RemoteLink

                link = RemoteLink(hosting.url, name=self.player, create=dict(NEW_ROOM), on_message=self.app.post_wake)
                self.enter_room(link, hosting.url)
            else:
                self.say(hosting.problem or _("The game server could not start."))
                self.build()
            return
        super().update(dt)

    def next_deadline(self) -> float | None:
        return 0.1 if self.busy else None

    def seated(self, link: Any) -> None:
        if self.hosting is None:  # a room on a game server outlives this app: kept for a rejoin
            from . import rejoin

            rejoin.Keeper(self.app.post_wake).watch(link)
        self.app.replace("lobby", link, hosting=self.hosting, fresh=True)  # from the last set-up

    def failed(self, entering: Any) -> None:
        super().failed(entering)
        if self.hosting is not None:
            self.hosting.stop_soon()

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_frame(surf, _("Host a game"))
        width = self.inner.w
        text.draw(surf, _("Game server"), self.fpx(17), (self.label_x, self.server_y), WHITE, anchor="midleft", bold=True)
        y = self.draw_lines(surf, _("Your computer runs the game. Friends join it with the address and room code "
                                    "the next screen shows; on your network they also find it under "
                                    "\u201cJoin a game\u201d."), (self.inner.x, self.text_y), width, WHITE, size=16, most=4)
        self.draw_lines(surf, _("Keep Big Two open while you play: the game ends for everyone when you leave. "
                                "To play on a game server (big2 serve) instead, type its address."),
                        (self.inner.x, y + self.px(10)), width, SOFT, size=15, most=3)
        if self.starting:
            self.draw_lines(surf, _("Starting the game server…"), (self.inner.x, self.message_y), width, WHITE, size=17)
        else:
            self.draw_message(surf, self.inner.x, self.message_y, width)
