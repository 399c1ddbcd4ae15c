"""The message catalogue: complete in every language shipped, every message formats in every
language with its placeholders and plural forms, and what toguz reads (the compiled ``.mo``
files) is what the translators wrote (the ``.po`` files), extracted from the code as it is now."""

from __future__ import annotations

import gettext
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from speech.words import i18n
from speech.words.i18n import DOMAIN, LANGUAGES, LOCALES
from tests.needs import REPO

SHIPPED = [code for code in LANGUAGES if code != i18n.DEFAULT]
KEYWORDS = {"_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "np_": ((1, "c"), 2, 3), "N_": None,
            "Np_": ((1, "c"), 2)}
COUNTS = (0, 1, 2, 5, 21, 22, 25, 111)  # every plural form of the languages shipped


def catalogue(code: str) -> Catalog:
    with (LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as file:
        return read_po(file, locale=code)


def messages(code: str) -> Iterator[Message]:
    yield from (message for message in catalogue(code) if message.id)


def fields(text: str) -> set[str]:
    """The names of a template's placeholders: ``{count}`` and the like."""
    return {name for _literal, name, _spec, _conversion in string.Formatter().parse(text) if name is not None}


def only_one(read: gettext.NullTranslations, count: int) -> bool:
    """Whether ``count``'s plural form stands for 1 alone (German's, Czech's, Polish's first form: a
    translation may say "the last move" there, as the English does), not for 21 or 31 as well (Russian's)."""
    plural = getattr(read, "plural", None)
    return plural is not None and count == 1 and all(plural(n) != plural(1) for n in range(2, 1000))


def forms(message: Message) -> list[str | None]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def ids(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple | list) else [message.id]


@pytest.mark.parametrize("code", SHIPPED)
def test_every_message_is_translated_and_none_is_fuzzy(code: str) -> None:
    missing = [ids(message)[0] for message in messages(code) if not all(forms(message))]
    fuzzy = [ids(message)[0] for message in messages(code) if message.fuzzy]
    assert not missing, f"{len(missing)} untranslated in {code}: {missing[:10]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy in {code}: {fuzzy[:10]}"


@pytest.mark.parametrize("code", SHIPPED)
def test_every_translation_keeps_the_placeholders_of_its_message(code: str) -> None:
    wrong = []
    read = gettext.translation(DOMAIN, LOCALES, languages=[code])
    for message in messages(code):
        wanted = set().union(*(fields(text) for text in ids(message)))
        plural = fields(ids(message)[-1])  # a form may stand for 21 as well as 1: it keeps {count}
        for index, form in enumerate(forms(message)):
            if not form:
                continue
            kept = plural - fields(form) - ({"count"} if index == 0 and only_one(read, 1) else set())
            if fields(form) - wanted or (kept if len(ids(message)) > 1 else wanted - fields(form)):
                wrong.append((ids(message)[0], form))
    assert not wrong, "\n".join(f"{message!r} -> {form!r}" for message, form in wrong[:20])


@pytest.mark.parametrize("code", SHIPPED)
def test_the_plural_forms_are_the_languages_own(code: str) -> None:
    expected = {"ru": 3, "kk": 1, "ky": 1, "cs": 3, "pl": 3, "de": 2, "nl": 2}[code]
    assert catalogue(code).num_plurals == expected


@pytest.mark.parametrize("code", SHIPPED)
def test_every_message_formats_with_sample_values_in_every_plural_form(code: str) -> None:
    read = gettext.translation(DOMAIN, LOCALES, languages=[code])
    for message in messages(code):
        context = message.context
        names = set().union(*(fields(text) for text in ids(message)))
        for count in COUNTS if len(ids(message)) > 1 else (1,):
            sample = {name: count if name == "count" else f"<{name}>" for name in names}
            if len(ids(message)) > 1:
                singular, plural = ids(message)
                text = (read.npgettext(context, singular, plural, count) if context
                        else read.ngettext(singular, plural, count))
            else:
                text = read.pgettext(context, ids(message)[0]) if context else read.gettext(ids(message)[0])
            text.format(**sample)  # raises on a placeholder the code does not give
            if "count" in names and len(ids(message)) > 1 and not only_one(read, count):
                assert str(count) in text.format(**sample), (code, message.id, count, text)


@pytest.mark.parametrize("code", SHIPPED)
def test_the_compiled_catalogue_is_the_translators_one(code: str) -> None:
    compiled = gettext.GNUTranslations((LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb"))
    for message in messages(code):
        context = message.context
        if len(ids(message)) > 1:
            singular, plural = ids(message)
            for count in COUNTS:
                got = (compiled.npgettext(context, singular, plural, count) if context
                       else compiled.ngettext(singular, plural, count))
                assert got in forms(message), (code, singular, count, got)
        else:
            got = compiled.pgettext(context, ids(message)[0]) if context else compiled.gettext(ids(message)[0])
            assert got == message.string, (code, message.id, got, message.string)


# As babel.cfg maps them: the code, and the words of the lesson files.
METHODS = [("**.py", "python"), ("**/lessons/*.toml", "toguz_tui.training.lessons:extract_lessons")]


def test_the_catalogue_holds_every_message_of_the_code_and_no_other() -> None:
    found: set[tuple[str | None, str]] = set()
    for package in ("rules", "speech", "toguz_tui"):
        for _filename, _line, message, _comments, context in extract_from_dir(
                REPO / package, method_map=METHODS, keywords=KEYWORDS, comment_tags=("Translators:",)):
            found.add((context, message[0] if isinstance(message, tuple) else message))
    with (LOCALES / f"{DOMAIN}.pot").open("rb") as file:
        template = {(message.context, ids(message)[0]) for message in read_po(file) if message.id}
    assert found - template == set(), "run make messages: new messages are not in the catalogue"
    assert template - found == set(), "run make messages: the catalogue holds messages the code no longer has"
    for code in SHIPPED:
        assert {(message.context, ids(message)[0]) for message in messages(code)} == template, code


def test_a_missing_catalogue_speaks_english_rather_than_failing(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    monkeypatch.setattr(i18n, "_cache", {})
    i18n.set_language("kk")
    try:
        assert i18n._("Tied at {count}.") == "Tied at {count}."
    finally:
        monkeypatch.undo()
        i18n.set_language("en")
