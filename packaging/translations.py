"""Keep the translation catalogs and CJK font subsets in step with the code.

    python packaging/translations.py update    # extract texts, merge into every .po
    python packaging/translations.py compile   # .po -> .mo (shipped; a test checks them)
    python packaging/translations.py fonts     # CJK font subsets for the catalogs' characters
    python packaging/translations.py all       # the three, in that order

Needs Babel (``pip install -e '.[test]'``); ``fonts`` also needs fontTools and the Noto
Sans CJK fonts (Debian: ``apt-get install fonts-noto-cjk``; or set ``BIG2_CJK_FONT`` to
``NotoSansCJK-Regular.ttc``'s folder). The game itself reads only the compiled ``.mo``
files and the subset fonts, with the standard library and pygame.

Texts are found by the keywords listed in :data:`KEYWORDS`: gettext's own names for
app code (``_``, ``ngettext``, ``pgettext``, ``npgettext``, ``N_``) and the engine's
message builders (``msg``, ``msg_n``, ``msg_p``). See docs/i18n.md.
"""

from __future__ import annotations

import datetime
import io
import os
import string
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "big2"
LOCALE = PACKAGE / "assets" / "locale"
FONTS = PACKAGE / "assets" / "fonts"
TEMPLATE = LOCALE / "big2.pot"
DOMAIN = "big2"
#: Every language with a catalog (English is the source language and has none).
LANGUAGES = ("zh_Hant", "zh_Hans", "fil", "id")
#: gettext plural rules per language, as CLDR has them (a test checks them against
#: Babel's CLDR data): Chinese and Indonesian have one form; Filipino's "one" form is
#: every whole number not ending in 4, 6 or 9 (isang/dalawang/tatlong… but apat na).
PLURAL_FORMS = {
    "zh_Hant": "nplurals=1; plural=0;",
    "zh_Hans": "nplurals=1; plural=0;",
    "fil": "nplurals=2; plural=(n % 10 == 4 || n % 10 == 6 || n % 10 == 9);",
    "id": "nplurals=1; plural=0;",
}
KEYWORDS = {
    "_": None, "gettext": None, "N_": None,
    "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
    "msg": None, "msg_n": (1, 2), "msg_p": ((1, "c"), 2),
}
COMMENT_TAGS = ("TRANSLATORS:",)
_FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)

# The CJK subset fonts: (our file, Noto Sans CJK face in the .ttc, languages whose
# characters it must hold). Latin letters, digits, punctuation and the suit symbols are
# always kept, so a CJK font draws everything the game shows in that language.
# Only the characters the catalogs use (plus ALWAYS_IN_FONTS) are kept: about 300 KiB a
# face. Keeping the common hanzi too (Big5 level 1, GB 2312 level 1) for names typed in
# Chinese would cost 10.6 MiB, which the one-folder app's 100 MB budget (numpy takes 42 MB) cannot spare.
CJK_FONTS = (
    ("Big2CJK-TC-Regular.otf", "NotoSansCJK-Regular.ttc", "Noto Sans CJK TC", ("zh_Hant",)),
    ("Big2CJK-TC-Bold.otf", "NotoSansCJK-Bold.ttc", "Noto Sans CJK TC", ("zh_Hant",)),
    ("Big2CJK-SC-Regular.otf", "NotoSansCJK-Regular.ttc", "Noto Sans CJK SC", ("zh_Hans",)),
    ("Big2CJK-SC-Bold.otf", "NotoSansCJK-Bold.ttc", "Noto Sans CJK SC", ("zh_Hans",)),
)
ALWAYS_IN_FONTS = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + "♠♥♦♣♤♡♢♧★☆⏎…–—‘’“”•·×÷±→←↑↓▲▼◀▶►◄✓✔✗°%‰№"
    + "，。、：；！？「」『』（）《》〈〉【】～—…．・　"
    + "０１２３４５６７８９"
)


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _python_files() -> Iterator[Path]:
    for path in sorted(PACKAGE.rglob("*.py")):
        if "__pycache__" not in path.parts:
            yield path


def extract() -> "babel.messages.catalog.Catalog":  # type: ignore[name-defined]  # noqa: F821
    """The catalog template: every marked text in big2/, with where it is used."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_python

    template = Catalog(project="Big2", domain=DOMAIN, charset="utf-8",
                       msgid_bugs_address="", copyright_holder="Big2")
    for path in _python_files():
        with open(path, "rb") as fp:
            for lineno, funcname, messages, comments in extract_python(
                fp, list(KEYWORDS), COMMENT_TAGS, {}
            ):
                spec = KEYWORDS[funcname]
                found = _pick(messages, spec)
                if found is None:
                    continue
                msgid, context = found
                template.add(msgid, locations=[(path.relative_to(ROOT).as_posix(), lineno)],
                             auto_comments=comments, context=context)
    return template


def _pick(messages: object, spec: object) -> tuple[str | tuple[str, str], str | None] | None:
    """The msgid (a pair for plurals) and context of one call, per its keyword's spec;
    None when an argument is not a string literal (the call is not a catalog text)."""
    args = messages if isinstance(messages, tuple) else (messages,)
    if spec is None:
        spec = (1,)
    context = None
    ids: list[str] = []
    for item in spec:  # type: ignore[attr-defined]
        if isinstance(item, tuple):
            index = item[0]
            value = args[index - 1] if index - 1 < len(args) else None
            if not isinstance(value, str):
                return None
            context = value
            continue
        value = args[item - 1] if item - 1 < len(args) else None
        if not isinstance(value, str) or not value:
            return None
        ids.append(value)
    msgid: str | tuple[str, str] = ids[0] if len(ids) == 1 else (ids[0], ids[1])
    return msgid, context


def read_catalog(code: str) -> "babel.messages.catalog.Catalog":  # type: ignore[name-defined]  # noqa: F821
    from babel.messages.pofile import read_po

    with open(po_path(code), "rb") as fp:
        return read_po(fp, locale=code, domain=DOMAIN)


def _write_po(path: Path, catalog: object) -> None:
    from babel.messages.pofile import write_po

    # Fixed header fields and no line numbers: the files change only when texts do.
    catalog.creation_date = catalog.revision_date = _FIXED_DATE  # type: ignore[attr-defined]
    catalog.last_translator = "Big2 translators"  # type: ignore[attr-defined]
    catalog.language_team = "Big2 translators"  # type: ignore[attr-defined]
    catalog.fuzzy = False  # type: ignore[attr-defined]
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=True, ignore_obsolete=True,
             include_previous=False, include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def update() -> None:
    """Write the template and merge it into every language's ``.po`` (new texts
    untranslated, texts the code no longer uses dropped)."""
    from babel.messages.catalog import Catalog

    template = extract()
    _write_po(TEMPLATE, template)
    for code in LANGUAGES:
        path = po_path(code)
        if path.exists():
            catalog = read_catalog(code)
        else:
            catalog = Catalog(locale=code, domain=DOMAIN, project="Big2")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog._num_plurals, catalog._plural_expr = None, None  # noqa: SLF001
        catalog.mime_headers  # noqa: B018 - normalises the header fields
        _set_plural_forms(catalog, code)
        _write_po(path, catalog)
        missing = sum(1 for m in catalog if m.id and not _translated(m))
        print(f"{code}: {sum(1 for m in catalog if m.id)} texts, {missing} untranslated")


def _set_plural_forms(catalog: object, code: str) -> None:
    nplurals, plural = PLURAL_FORMS[code].split(";")[0:2]
    catalog._num_plurals = int(nplurals.split("=")[1])  # type: ignore[attr-defined]  # noqa: SLF001
    catalog._plural_expr = plural.split("=", 1)[1].strip()  # type: ignore[attr-defined]  # noqa: SLF001


def _translated(message: object) -> bool:
    s = message.string  # type: ignore[attr-defined]
    return all(s) if isinstance(s, (tuple, list)) else bool(s)


def compile_all() -> None:
    """Write every language's ``.mo`` from its ``.po``."""
    from babel.messages.mofile import write_mo

    for code in LANGUAGES:
        catalog = read_catalog(code)
        _set_plural_forms(catalog, code)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        mo_path(code).write_bytes(buf.getvalue())
        print(f"{code}: {mo_path(code).relative_to(ROOT)} ({len(buf.getvalue())} bytes)")


def catalog_characters(codes: Iterable[str]) -> set[str]:
    """Every character the translations of ``codes`` use."""
    chars: set[str] = set()
    for code in codes:
        for message in read_catalog(code):
            strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            for s in strings:
                chars.update(s or "")
    return chars - {"\n", "\t"}


def language_characters(codes: Iterable[str]) -> set[str]:
    """What a language's screens show besides its catalog: every language's own name
    (the language picker lists them all), its month and AM/PM words and the words of
    its date and time patterns."""
    sys.path.insert(0, str(ROOT))
    try:
        from big2.i18n.languages import LANGUAGES as TABLE
    finally:
        sys.path.remove(str(ROOT))
    chars = set("".join(lang.native_name for lang in TABLE.values()))
    for code in codes:
        lang = TABLE[code]
        chars.update("".join(lang.months) + "".join(lang.am_pm))
        # the words of its date and time patterns (年, 月 and 日 in Chinese dates)
        for pattern in (lang.date_pattern, lang.time_pattern):
            chars.update("".join(literal for literal, *_rest in string.Formatter().parse(pattern)))
    return chars


def _cjk_source(name: str) -> Path:
    folders = [os.environ.get("BIG2_CJK_FONT", ""), "/usr/share/fonts/opentype/noto",
               "/usr/share/fonts/noto-cjk", "/usr/share/fonts/google-noto-cjk"]
    for folder in folders:
        if folder and (Path(folder) / name).exists():
            return Path(folder) / name
    sys.exit(f"{name} not found: install fonts-noto-cjk or set BIG2_CJK_FONT to its folder")


def make_fonts() -> None:
    """Subset Noto Sans CJK (TC and SC faces) to the characters the catalogs use."""
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    for out, source, family, codes in CJK_FONTS:
        collection = TTCollection(str(_cjk_source(source)))
        face = next(f for f in collection.fonts if family in str(f["name"].getDebugName(1)))
        chars = catalog_characters(codes) | set(ALWAYS_IN_FONTS) | language_characters(codes)
        text = "".join(sorted(chars))
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        options.drop_tables += ["DSIG"]
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(face)
        face.recalcTimestamp = False  # the same catalogs give the same bytes
        face.save(str(FONTS / out))
        print(f"{out}: {len(text)} characters, {(FONTS / out).stat().st_size // 1024} KiB")


def main(argv: list[str]) -> int:
    steps = {"update": [update], "compile": [compile_all], "fonts": [make_fonts],
             "all": [update, compile_all, make_fonts]}
    if len(argv) != 1 or argv[0] not in steps:
        print(__doc__)
        return 2
    for step in steps[argv[0]]:
        step()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
