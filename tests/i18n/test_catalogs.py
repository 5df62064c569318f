"""The catalogs against the code: every text translated, nothing stale, placeholders and
plural forms right, and the shipped .mo files compiled from the current .po files.

The keys come from the same extraction the workflow uses (packaging/translations.py,
Babel reading big2/ for ``_``, ``ngettext``, ``pgettext``, ``msg``, ``msg_n`` …), so
adding a text to the code without translating it fails here, in every language.
"""

from __future__ import annotations

import gettext
import importlib.util
import io
import string
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel import Locale
from babel.messages.mofile import write_mo

ROOT = Path(__file__).resolve().parents[2]


def _load_tool() -> ModuleType:
    name = "_big2_packaging_translations"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "packaging" / "translations.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


tool = _load_tool()
LANGS = tool.LANGUAGES


def _key(message: object) -> tuple[str | None, str]:
    mid = message.id  # type: ignore[attr-defined]
    return (message.context, mid[0] if isinstance(mid, (tuple, list)) else mid)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def extracted() -> dict[tuple[str | None, str], object]:
    return {_key(m): m for m in tool.extract() if m.id}


@pytest.fixture(scope="module", params=LANGS)
def catalog(request: pytest.FixtureRequest) -> tuple[str, object]:
    return request.param, tool.read_catalog(request.param)


def test_the_code_marks_texts(extracted: dict) -> None:
    # the engine's refusals at least: the extraction must see msg(...) calls
    assert (None, "It is {name}'s turn.") in extracted


def test_the_template_is_current(extracted: dict) -> None:
    from babel.messages.pofile import read_po

    with open(tool.TEMPLATE, "rb") as fp:
        template = read_po(fp)
    assert {_key(m) for m in template if m.id} == set(extracted), (
        "run: python packaging/translations.py update")


def test_every_text_is_translated_and_none_is_unused(catalog: tuple[str, object], extracted: dict) -> None:
    code, cat = catalog
    keys = {_key(m): m for m in cat if m.id}  # type: ignore[attr-defined]
    missing = sorted(set(extracted) - set(keys), key=str)
    unused = sorted(set(keys) - set(extracted), key=str)
    assert not missing, f"{code}: texts the code uses but the catalog lacks: {missing[:10]}"
    assert not unused, f"{code}: texts the code no longer uses: {unused[:10]}"
    untranslated = [k for k, m in keys.items() if not tool._translated(m)]
    fuzzy = [k for k, m in keys.items() if m.fuzzy]
    assert not untranslated, f"{code}: untranslated: {untranslated[:10]}"
    assert not fuzzy, f"{code}: marked fuzzy (check and clear): {fuzzy[:10]}"
    plural_mismatch = [k for k, m in keys.items()
                       if isinstance(m.id, (tuple, list)) != isinstance(extracted[k].id, (tuple, list))]
    assert not plural_mismatch, f"{code}: plural in one place only: {plural_mismatch}"


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_placeholders_match(catalog: tuple[str, object]) -> None:
    code, cat = catalog
    for m in cat:  # type: ignore[attr-defined]
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        wanted = set().union(*(_fields(i) for i in ids))
        for s in strings:
            got = _fields(s)
            # English may say "one card" without {n}; no catalog form may: Chinese and
            # Indonesian have one form for every count, Filipino's first serves 1, 2, 3, 5…
            assert got <= wanted, f"{code}: {m.id!r} -> {s!r} uses unknown {got - wanted}"
            assert not wanted - got, f"{code}: {m.id!r} -> {s!r} drops {wanted - got}"


def _cldr_index(code: str, n: int) -> int:
    """The gettext form CLDR picks for ``n``: forms are ordered one, other."""
    rule = Locale.parse(code).plural_form
    return 0 if rule(n) == "one" and "one" in rule.tags else (1 if rule.tags else 0)


def test_plural_forms_follow_cldr(catalog: tuple[str, object]) -> None:
    code, cat = catalog
    header = dict(cat.mime_headers)["Plural-Forms"]  # type: ignore[attr-defined]
    assert header == tool.PLURAL_FORMS[code]
    nplurals = int(header.split(";")[0].split("=")[1])
    tags = Locale.parse(code).plural_form.tags
    assert nplurals == len(tags) + 1, f"{code}: CLDR has the forms {sorted(tags)} + other"
    choose = gettext.c2py(header.split("plural=")[1].rstrip(";"))
    for n in range(0, 1001):
        assert choose(n) == _cldr_index(code, n), f"{code}: n={n}"
    for m in cat:  # type: ignore[attr-defined]
        if isinstance(m.id, (tuple, list)):
            assert len(m.string) == nplurals, f"{code}: {m.id!r} needs {nplurals} forms"


#: Header fields that name the tool or the moment that wrote a file, not what it says: a
#: newer Babel (the README's install takes the newest) writes another "Generated-By".
_TOOL_FIELDS = ("generated-by", "pot-creation-date", "po-revision-date", "x-generator")


def _meaning(translations: gettext.GNUTranslations) -> dict[object, object]:
    """A compiled catalog's messages and header, less the fields naming its tools."""
    found = dict(translations._catalog)  # type: ignore[attr-defined]
    header = str(found.pop("", ""))
    kept = [line for line in header.splitlines() if line.split(":", 1)[0].strip().lower() not in _TOOL_FIELDS]
    found[""] = "\n".join(kept)
    return found


def test_catalog_comparison_ignores_the_generator() -> None:
    one = gettext.GNUTranslations.__new__(gettext.GNUTranslations)
    two = gettext.GNUTranslations.__new__(gettext.GNUTranslations)
    one._catalog = {"": "Language: fil\nGenerated-By: Babel 2.18.0\n", "Pass": "Pass ka"}  # type: ignore[attr-defined]
    two._catalog = {"": "Language: fil\nGenerated-By: Babel 2.19.0\n", "Pass": "Pass ka"}  # type: ignore[attr-defined]
    assert _meaning(one) == _meaning(two)
    two._catalog["Pass"] = "Laktaw"  # type: ignore[attr-defined]
    assert _meaning(one) != _meaning(two)


def test_compiled_catalogs_are_current(catalog: tuple[str, object]) -> None:
    code, cat = catalog
    tool._set_plural_forms(cat, code)
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    buf.seek(0)
    fresh = gettext.GNUTranslations(buf)
    with open(tool.mo_path(code), "rb") as fp:
        shipped = gettext.GNUTranslations(fp)
    assert _meaning(shipped) == _meaning(fresh), "run: python packaging/translations.py compile"
    assert shipped.plural(4) == fresh.plural(4) and shipped.plural(1) == fresh.plural(1)  # type: ignore[attr-defined]


def test_switches_and_menus_speak_the_language(catalog: tuple[str, object]) -> None:
    """Issue 43, item 6: Filipino's Settings showed "Accessibility…", "Fullscreen", every
    "…: off" and the table's "Menu" in English. A switch's state is a word of the
    language, and those labels are translated, in every catalog."""
    code, cat = catalog
    english = {"on", "off"}
    for m in cat:  # type: ignore[attr-defined]
        if not isinstance(m.id, str) or not m.string:
            continue
        if m.id.endswith((": on", ": off")):
            state = m.string.rsplit(":", 1)[-1].rsplit("：", 1)[-1].strip()
            assert state.lower() not in english, f"{code}: {m.id!r} -> {m.string!r}"
    if code == "fil":
        for words in ("Accessibility", "Accessibility…", "Fullscreen: off", "Fullscreen: on", "Menu"):
            message = cat.get(words)  # type: ignore[attr-defined]
            assert message is not None and message.string and message.string != words, f"fil: {words!r} still English"
