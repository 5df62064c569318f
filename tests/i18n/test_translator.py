"""The translation layer: rendering engine messages, plurals, contexts, fallbacks, and
the current language."""

from __future__ import annotations

import gettext
import io
import logging
import random
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

import big2.i18n as i18n
from big2.engine import Game, IllegalMove, msg, msg_n, msg_p
from big2.i18n import LANGUAGES, Translator, load


def _translator(code: str, entries: dict[object, object], plural_forms: str) -> Translator:
    """A translator over an in-memory catalog (the mechanism, apart from our wording)."""
    catalog = Catalog(locale=code.split("_")[0])
    catalog._num_plurals = int(plural_forms.split(";")[0].split("=")[1])
    catalog._plural_expr = plural_forms.split("plural=")[1].rstrip(";")
    for key, value in entries.items():
        context = None
        if isinstance(key, tuple) and len(key) == 3:  # (context, singular, plural)
            context, key = key[0], (key[1], key[2])
        elif isinstance(key, tuple) and key and key[0].startswith("ctx:"):
            context, key = key[0][4:], key[1]
        catalog.add(key, value, context=context)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return Translator(LANGUAGES[code], gettext.GNUTranslations(buf))


FIL = "nplurals=2; plural=(n % 10 == 4 || n % 10 == 6 || n % 10 == 9);"


def test_english_renders_the_template() -> None:
    t = Translator()
    assert t.render(msg("It is {name}'s turn.", name="Mei")) == "It is Mei's turn."
    assert t.render(msg_n("{n} card left", "{n} cards left", 1)) == "1 card left"
    assert t.render(msg_n("{n} card left", "{n} cards left", 1234)) == "1,234 cards left"


def test_render_translates_nested_messages_and_writes_numbers_the_language_way() -> None:
    t = _translator("id", {
        "{who} scores {points}.": "{who} mendapat {points} poin.",
        ("ctx:seat", "South"): "Selatan",
    }, "nplurals=1; plural=0;")
    message = msg("{who} scores {points}.", who=msg_p("seat", "South"), points=12345)
    assert t.render(message) == "Selatan mendapat 12.345 poin."
    assert str(message) == "South scores 12,345."  # English needs no translator


def test_plural_forms_are_chosen_by_the_languages_rule() -> None:
    t = _translator("fil", {
        ("{n} card left", "{n} cards left"): ("{n} barahang natitira", "{n} na baraha ang natitira"),
    }, FIL)
    m = lambda n: msg_n("{n} card left", "{n} cards left", n)  # noqa: E731
    assert t.render(m(3)) == "3 barahang natitira"
    assert t.render(m(4)) == "4 na baraha ang natitira"
    assert t.render(m(11)) == "11 barahang natitira"
    assert t.ngettext("{n} card left", "{n} cards left", 9) == "{n} na baraha ang natitira"


def test_contexts_keep_two_senses_apart() -> None:
    t = _translator("zh_Hant", {
        ("ctx:card rank", "Jack"): "J",
        ("ctx:player level", "Normal"): "普通",
    }, "nplurals=1; plural=0;")
    assert t.pgettext("card rank", "Jack") == "J"
    assert t.pgettext("player level", "Normal") == "普通"
    assert t.gettext("Normal") == "Normal"  # no context, no entry: the English text
    assert t.npgettext("x", "a", "b", 2) == "b"


def test_a_broken_translation_falls_back_to_english(caplog: pytest.LogCaptureFixture) -> None:
    t = _translator("id", {"It is {name}'s turn.": "Giliran {nama}."}, "nplurals=1; plural=0;")
    with caplog.at_level(logging.WARNING, logger="big2.i18n.translator"):
        assert t.render(msg("It is {name}'s turn.", name="Mei")) == "It is Mei's turn."
    assert "broken" in caplog.text


def test_unknown_missing_or_damaged_catalogs_give_english(tmp_path: Path,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="big2.i18n.translator"):
        assert load("xx").code == "en"
        assert load("id", tmp_path).code == "en"
        bad = tmp_path / "id" / "LC_MESSAGES"
        bad.mkdir(parents=True)
        (bad / "big2.mo").write_bytes(b"\xde\x12\x04\x95" + b"\x00" * 5)
        assert load("id", tmp_path).code == "en"
        (bad / "big2.mo").write_bytes(b"not a catalog at all")
        assert load("id", tmp_path).code == "en"
    assert caplog.text.count("using English") == 4


@pytest.mark.parametrize("code", [c for c in i18n.CODES if c != "en"])
def test_the_shipped_catalogs_translate_the_engines_refusals(code: str) -> None:
    t = load(code)
    assert t.code == code
    game = Game.deal(random.Random(7))
    with pytest.raises(IllegalMove) as refused:
        game.pass_turn()
    text = t.render(refused.value.message)
    assert text and text != str(refused.value)
    assert text == t.gettext(refused.value.message.id)


def test_set_language_switches_everything_and_tells_listeners() -> None:
    heard: list[str] = []
    listener = heard.append
    i18n.add_listener(lambda tr: listener(tr.code))
    try:
        assert i18n.set_language("zh_Hans").code == "zh_Hans"
        assert i18n._("Choose the cards to play.") == "请选择要出的牌。"
        assert i18n.render(msg("It is {name}'s turn.", name="Mei")) == "轮到Mei出牌。"
        i18n.set_language("zh_Hans")  # no change, no call
        i18n.set_language("nonsense")
        assert i18n.current().code == "en"
        assert i18n._("Choose the cards to play.") == "Choose the cards to play."
    finally:
        i18n._listeners.clear()
        i18n.set_language("en")
    assert heard == ["zh_Hans", "en"]


def test_the_shipped_catalog_folder_is_found() -> None:
    folder = i18n.locale_dir()
    for code in i18n.CODES:
        if code != "en":
            assert (folder / code / "LC_MESSAGES" / "big2.mo").is_file()
