"""The title's Continue (whether it is offered, its tooltip), its Saved games and
Statistics buttons, and the question asked before a new game replaces an unfinished one."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ... import i18n
from ...i18n import _, verbatim
from .. import vocab
from .reopen import continue_game
from .store import of

if TYPE_CHECKING:
    from ..app import App


def can_continue(app: App) -> bool:
    """Whether the title should offer Continue: an autosave that loads (a damaged one is
    set aside here, and the player told, rather than after pressing Continue)."""
    st = of(app)
    if st is None:
        return False
    st.flush(timeout=2.0)  # a session that just ended may still be clearing its autosave
    st.continue_from = None
    if not st.has_autosave():
        return False
    loaded = st.saves.load_autosave()
    for n in loaded.notices:
        st.tell(n)
    st.continue_from = loaded.value
    return loaded.value is not None


def continue_hint(app: App) -> str:
    """The Continue button's tooltip: which game it goes back to."""
    st = of(app)
    saved = getattr(st, "continue_from", None)
    if saved is None:
        return _("Carry on with the game you left")
    p = saved.preview
    tr = i18n.current()
    scores = ", ".join(f"{verbatim(n)} {tr.signed(s)}" for n, s in zip(p.players, p.scores))
    when = tr.datetime(saved.saved_at.astimezone())
    hand = _("hand {number}").format(number=tr.number(p.hand_number)) if p.hand_number else _("between hands")
    return _("Carry on: {rules} rules, {hand} ({scores}); saved {when}").format(
        rules=vocab.preset_title(p.preset), hand=hand, scores=scores, when=when)


def title_event(title: Any, event: Any) -> bool:
    """The title's Continue, Saved games and Statistics buttons."""
    app = title.app
    if getattr(title, "b_continue", None) is not None and title.pressed(event, title.b_continue):
        if not continue_game(app):
            title.build()  # the save is gone or damaged: no Continue any more
        return True
    if getattr(title, "b_saves", None) is not None and title.pressed(event, title.b_saves):
        app.push("saves")
        return True
    if getattr(title, "b_stats", None) is not None and title.pressed(event, title.b_stats):
        app.push("statistics")
        return True
    return False


def ask_before_new_game(app: App, start: Callable[[], None]) -> None:
    """Start a new game with ``start()`` — but while an unfinished game waits to be
    continued, ask once what becomes of it first: "Keep it in Saved games" (one slot)
    or "Discard"; Cancel (or Esc) starts nothing. Either way the autosave is cleared, so the new
    game never adds a slot of its own and slots never pile up."""
    st = of(app)
    if st is None or not can_continue(app):
        start()
        return

    def keep() -> None:
        st.keep_unfinished()  # a slot and a notice, on the writer thread, then:
        st.clear_autosave()
        start()

    def discard() -> None:
        st.clear_autosave()
        start()

    app.push(
        "confirm", _("You have an unfinished game"), keep, yes=_("Keep it in Saved games"), no=_("Discard"),
        on_no=discard, danger=False, cancel=True, detail=_("A new game replaces it as the one Continue brings back."),
    )
