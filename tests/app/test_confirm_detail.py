"""A question's detail line wraps in its dialog instead of shrinking to fit one line
("A computer takes your seat for the rest of the session; the others play on." under
"Leave this game?" was drawn at about two thirds of its size at 800x600)."""

from __future__ import annotations

import pytest

from big2.app.ui import text

LONG = "A computer takes your seat for the rest of the session; the others play on."


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("detail", [LONG, LONG + " " + LONG + " " + LONG])
def test_a_long_detail_wraps_unsqueezed_above_the_buttons(make_app, size, detail):
    app = make_app(size=size)
    app.push("confirm", "Leave this game?", lambda: None, yes="Leave", detail=detail)
    scene = app.top
    app.dirty = True
    with text.recording() as drawn:
        app.draw()
    lines = [d for d in drawn if d.text.strip() and d.text.strip() in detail]
    assert " ".join(d.text.strip() for d in lines) == detail
    top = min(scene.b_yes.rect.top, scene.b_no.rect.top)
    for d in lines:
        assert d.squeeze >= 0.99, (d.text, d.squeeze)
        assert scene.rect.contains(d.rect) and d.rect.bottom <= top, (d.rect, top)
    assert len(lines) == 1 or len(lines) >= 2 and all(a.rect.bottom <= b.rect.top + 1 for a, b in zip(lines, lines[1:]))
