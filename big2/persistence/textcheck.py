"""Every text a file holds is valid, printable Unicode of a bounded length.

JSON can carry what the game cannot draw or store: a lone surrogate (``"\\ud800"`` is
valid JSON, but no font renders it and UTF-8 cannot encode it), control characters,
a name of a million characters. :func:`check_texts` walks parsed data once (keys and
values, iteratively, so depth cannot hurt) and raises :class:`ValueError` with a plain
reason that never quotes the bad text; the loaders call it on a whole save so that such
a file is refused at load, never handed to a screen that would crash drawing it.
"""

from __future__ import annotations

from typing import Final

#: The longest text any file of the game holds (a name is at most 64, a date 32, a
#: checksum 71; the app's notes are short sentences).
MAX_TEXT_CHARS: Final = 1000


def text_problem(text: str, *, max_chars: int = MAX_TEXT_CHARS) -> str | None:
    """Why ``text`` cannot be shown or stored, or ``None`` when it is fine."""
    if len(text) > max_chars:
        return f"a text is longer than {max_chars} characters"
    if not text.isprintable():  # control characters and lone surrogates (category Cs)
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
            return "a text holds a lone surrogate, which is not a character"
        return "a text holds a control character"
    return None


def check_text(text: object, what: str, *, max_chars: int = MAX_TEXT_CHARS, empty: bool = True) -> str:
    """``text`` if it is a string that :func:`text_problem` accepts (and is not empty
    unless ``empty``); else :class:`ValueError` naming ``what``."""
    if not isinstance(text, str) or (not empty and not text):
        raise ValueError(f"{what} must be text")
    problem = text_problem(text, max_chars=max_chars)
    if problem is not None:
        raise ValueError(f"{what}: {problem}")
    return text


def check_texts(value: object, what: str = "it") -> None:
    """Raise :class:`ValueError` if any string in ``value`` (a key or a value, at any
    depth of lists and dicts) is not valid printable text of at most
    :data:`MAX_TEXT_CHARS` characters."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            problem = text_problem(item)
            if problem is not None:
                raise ValueError(f"{what} is not valid: {problem}")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
