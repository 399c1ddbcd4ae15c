"""The message catalogue: every word toguz says or shows, looked up in the player's language.

Messages are written in English in the code, as gettext message ids, and looked up in
``speech/locale/LANG/LC_MESSAGES/toguz.mo`` (compiled by Babel from the ``.po`` file beside it):

- ``_(text)``: a message; ``n_(one, many, count)``: a message with plural forms (Russian has three,
  Kazakh and Kyrgyz one); ``p_(context, text)`` and ``np_(...)``: the same with a context, where one
  English text needs two translations (the grammar of "you", of a named player, of White or Black);
- ``N_(text)`` and ``Np_(context, text)`` only mark a message for extraction, for tables built at
  import time: the table keeps the English, and the code looks it up (``_()``, ``p_()``) when it is
  shown, so that a change of language takes effect at once.

Placeholders are named (``{count}``), so a translation may put them in any order. Pure apart from
reading the compiled catalogues and, where the environment names no language, asking the system for
the user's; a missing or broken catalogue falls back to English.
"""

from __future__ import annotations

import contextlib
import gettext
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from speech.system.language import system_languages

DOMAIN = "toguz"
LOCALES = Path(__file__).resolve().parents[1] / "locale"


@dataclass(frozen=True)
class Language:
    """A language toguz speaks: its code, its name in itself, its name in the catalogue's English
    (``_(language.english)`` says it in the language spoken now), the espeak-ng voice that reads it, and
    the keyboard layout its players type in (the board reads keys by their place in it)."""

    code: str
    name: str
    english: str
    voice: str
    keyboard: str = "latin"


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without looking it up (a table built at import time)."""
    return message


LANGUAGES: dict[str, Language] = {
    language.code: language for language in (
        Language("en", "English", N_("English"), "en"),
        Language("kk", "Қазақша", N_("Kazakh"), "kk", "kazakh"),
        Language("ru", "Русский", N_("Russian"), "ru", "russian"),
        Language("ky", "Кыргызча", N_("Kyrgyz"), "ky", "kyrgyz"),
        Language("cs", "Čeština", N_("Czech"), "cs", "czech"),
        Language("de", "Deutsch", N_("German"), "de", "german"),
        Language("pl", "Polski", N_("Polish"), "pl"),
        Language("nl", "Nederlands", N_("Dutch"), "nl"),
    )
}
DEFAULT = "en"

_lock = threading.Lock()
_code = DEFAULT
_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_cache: dict[str, gettext.NullTranslations] = {}


def catalogue(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``code``: English (the message ids themselves) when it has none."""
    with _lock:
        found = _cache.get(code)
        if found is None:
            found = gettext.NullTranslations()
            if code != DEFAULT:
                with contextlib.suppress(OSError, ValueError, UnicodeError):  # no catalogue, or a broken one:
                    found = gettext.translation(DOMAIN, LOCALES, languages=[code])  # English, not a crash
            _cache[code] = found
        return found


def set_language(code: str) -> None:
    """Speak ``code`` from now on (a code of ``LANGUAGES``; anything else is English)."""
    global _code, _catalogue
    code = code if code in LANGUAGES else DEFAULT
    found = catalogue(code)
    with _lock:
        _code, _catalogue = code, found


def language() -> str:
    """The code of the language spoken now."""
    return _code


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, as gettext reads it: ``LANGUAGE`` (a list, ``kk:ru``),
    then ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (``kk_KZ.UTF-8``); where none of them is set, the one the
    system keeps for the user (Windows' display language, macOS's preferred languages:
    ``speech.system.language``); English when none is ours."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        for item in value.split(":"):
            code = _code_of(item)
            if code in LANGUAGES:
                return code
        if variable != "LANGUAGE":
            return DEFAULT  # the first locale variable set decides, as gettext does
    for tag in system_languages():
        if _code_of(tag) in LANGUAGES:
            return _code_of(tag)
    return DEFAULT


def _code_of(tag: str) -> str:
    """The language's code in a locale's or a language tag's name: ``kk`` of ``kk_KZ.UTF-8``, ``ru-KZ``."""
    return tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _catalogue.gettext(message)


def n_(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` (the language's plural rule picks it)."""
    return _catalogue.ngettext(singular, plural, count)


def p_(context: str, message: str) -> str:
    """``message`` in its ``context`` (one English text, two meanings or grammars)."""
    return _catalogue.pgettext(context, message)


def np_(context: str, singular: str, plural: str, count: int) -> str:
    """``n_`` with a context."""
    return _catalogue.npgettext(context, singular, plural, count)


def Np_(context: str, message: str) -> tuple[str, str]:
    """Marks ``message`` in ``context`` for the catalogue; ``p_(*pair)`` looks it up later."""
    return context, message


def language_asked(args: list[str]) -> str:
    """The language code that ``--language CODE`` or ``--language=CODE`` asks for in ``args`` (read
    before the options are parsed, so that their help is in it), or ""."""
    wanted = ""
    for index, word in enumerate(args):
        if word == "--language" and index + 1 < len(args):
            wanted = args[index + 1]
        elif word.startswith("--language="):
            wanted = word.partition("=")[2]
    return wanted
