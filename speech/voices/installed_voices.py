"""Which installed voice of the system's synthesizer reads a language, for pyttsx3 on Windows and macOS.

toguz names a language's voice as espeak-ng does (``ru``, ``kk``: ``speech.voices.language_voice``), which
espeak-ng takes, on Linux. Windows' SAPI and macOS's NSSpeechSynthesizer take only a voice's own id
(``HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\TTS_MS_RU-RU_IRINA_11.0``,
``com.apple.voice.compact.ru-RU.Milena``): given another name, SAPI raises (pyttsx3's ``sapi5._tokenFromId``)
and pyttsx3 only reports it to no one (``DriverProxy._pump``), NSSpeechSynthesizer's ``setVoice_`` answers
NO, and the voice stays the default one, English, which then reads Russian. ``installed_voice`` finds the
voice to hand them instead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from speech.words.i18n import LANGUAGES, _

Listed = Sequence[tuple[str, Sequence[str]]]  # each voice's id and the languages it speaks
_LANGUAGE = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?")


def language_of(tag: str) -> str:
    """The language's code in a tag (``ru`` of ``ru-RU``, ``ru_RU``, ``RU``)."""
    return tag.replace("_", "-").split("-")[0].lower()


def installed_voice(wanted: str, voices: Listed) -> str | None:
    """The id of the installed voice that ``wanted`` names: the voice whose id it is (in any case); else,
    where it names a language (``ru``, ``ru-RU``), the first voice that speaks it, as its languages say (SAPI's
    ``ru-RU``, NSSpeechSynthesizer's ``ru_RU``) or else as its id does (``..._RU-RU_IRINA_11.0``,
    ``...ru-RU.Milena``). None when no installed voice is it or speaks it."""
    for voice, _languages in voices:
        if voice.lower() == wanted.lower():
            return voice
    if not _LANGUAGE.fullmatch(wanted):
        return None
    code = language_of(wanted)
    for voice, languages in voices:
        if any(language_of(str(language)) == code for language in languages):
            return voice
    in_id = re.compile(rf"(?<![a-z]){re.escape(code)}[-_][a-z]{{2}}(?![a-z])", re.IGNORECASE)
    return next((voice for voice, _languages in voices if in_id.search(voice)), None)


def none_speaks(wanted: str) -> str:
    """That no installed voice is ``wanted`` or speaks its language, and who reads instead: one line."""
    language = LANGUAGES.get(language_of(wanted)) if _LANGUAGE.fullmatch(wanted) else None
    if language is not None:
        return _("No voice installed here speaks {language}; the system's default voice reads it.").format(
            language=_(language.english))
    return _("The voice {voice} is not installed here; the system's default voice reads instead.").format(
        voice=wanted[:80])
