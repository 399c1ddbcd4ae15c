"""The words a player types, in the player's language: the commands' and the words after them.

Each command has one message in the catalogue, in the context ``command``, whose msgid is its English
name and whose translation is that language's words for it, separated by spaces, the first the name
shown (``p_("command", "board")`` is ``доска д`` in Russian). The words after a command are the same
in the context ``word`` (``their``, ``on``, ``white``, ``list`` ...), the settings' names in the
context ``setting``. A language brings its words with its ``.po`` file; English words are accepted in
every language, and where a word of the player's language and an English word name two different
things, the player's language wins. A typed answer to a yes-or-no question (``typed_answer``) is read
here too, in any language and any keyboard layout (``toguz_tui.keyboards.places``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from rules import VARIANT_KEYS
from speech.words.i18n import DEFAULT, LANGUAGES, Np_, catalogue, language
from speech.words.naming import VERBOSITIES
from toguz_tui.files.settings import COLOURS, KEYBOARDS, OPPONENTS, THEMES
from toguz_tui.keyboards.places import layout_names, places

COMMAND = "command"
WORD = "word"
SETTING = "setting"
ANSWER = "answer"

# Marked for the catalogue (the msgid is the English name; the translation the language's words).
_COMMAND_MESSAGES = (
    Np_("command", "play"), Np_("command", "where"), Np_("command", "pit"), Np_("command", "mine"),
    Np_("command", "theirs"), Np_("command", "board"), Np_("command", "compact"), Np_("command", "glance"),
    Np_("command", "threats"),
    Np_("command", "chances"), Np_("command", "kazans"), Np_("command", "tuzdyks"), Np_("command", "turn"),
    Np_("command", "moves"), Np_("command", "last"), Np_("command", "history"), Np_("command", "players"),
    Np_("command", "clock"), Np_("command", "fen"), Np_("command", "repeat"), Np_("command", "previous"),
    Np_("command", "next"), Np_("command", "silence"), Np_("command", "speech"), Np_("command", "sounds"),
    Np_("command", "verbosity"), Np_("command", "hint"), Np_("command", "analyse"), Np_("command", "line"),
    Np_("command", "undo"), Np_("command", "pause"), Np_("command", "resume"), Np_("command", "new"),
    Np_("command", "resign"), Np_("command", "save"), Np_("command", "open"), Np_("command", "recent"),
    Np_("command", "games"), Np_("command", "review"), Np_("command", "forward"), Np_("command", "back"),
    Np_("command", "start"), Np_("command", "end"), Np_("command", "goto"), Np_("command", "continue"),
    Np_("command", "close"), Np_("command", "learn"), Np_("command", "lessons"), Np_("command", "puzzle"),
    Np_("command", "mistakes"),
    Np_("command", "skip"), Np_("command", "seek"), Np_("command", "challenge"), Np_("command", "accept"),
    Np_("command", "decline"), Np_("command", "say"), Np_("command", "draw"), Np_("command", "abort"),
    Np_("command", "watch"),
    Np_("command", "command"), Np_("command", "settings"), Np_("command", "help"),
    Np_("command", "quit"), Np_("command", "more"), Np_("command", "account"), Np_("command", "course"),
    Np_("command", "tournament"),
)
# The answers to a yes-or-no question: the letters and words for yes and no (the first letter shown).
_ANSWER_MESSAGES = (Np_("answer", "y"), Np_("answer", "n"))
# The words after commands (the English word is the one the handlers read).
_WORD_MESSAGES = (
    Np_("word", "their"), Np_("word", "now"), Np_("word", "on"), Np_("word", "off"), Np_("word", "white"),
    Np_("word", "black"), Np_("word", "list"), Np_("word", "all"), Np_("word", "level"), Np_("word", "clock"),
    Np_("word", "none"), Np_("word", "computer"), Np_("word", "human"), Np_("word", "two"),
    Np_("word", "replace"), Np_("word", "append"), Np_("word", "rated"), Np_("word", "casual"),
    Np_("word", "brief"), Np_("word", "normal"), Np_("word", "full"),
    Np_("word", "game"), Np_("word", "online"), Np_("word", "stop"), Np_("word", "last"),
    Np_("word", "days"), Np_("word", "join"),
    Np_("word", "once"), Np_("word", "tv"),
    # the values of the settings with names of their own: themes, keyboards, variants, auto
    Np_("word", "default"), Np_("word", "high-contrast"), Np_("word", "terminal"), Np_("word", "auto"),
    Np_("word", "latin"), Np_("word", "russian"), Np_("word", "kazakh"), Np_("word", "kazakh-latin"),
    Np_("word", "kyrgyz"), Np_("word", "czech"), Np_("word", "german"),
    Np_("word", "toguz"), Np_("word", "kozdatu"), Np_("word", "bestemshe"),
)
_SETTING_MESSAGES = (
    Np_("setting", "speech"), Np_("setting", "voice"), Np_("setting", "rate"), Np_("setting", "volume"),
    Np_("setting", "verbosity"), Np_("setting", "level"), Np_("setting", "variant"), Np_("setting", "opponent"),
    Np_("setting", "colour"), Np_("setting", "digit_plays"), Np_("setting", "screen_reader"),
    Np_("setting", "reader_board"), Np_("setting", "theme"), Np_("setting", "board_turns"),
    Np_("setting", "white_name"), Np_("setting", "black_name"), Np_("setting", "language"),
    Np_("setting", "clock"), Np_("setting", "clock_warnings"), Np_("setting", "sounds"),
    Np_("setting", "sound_volume"), Np_("setting", "keyboard"), Np_("setting", "braille"),
    Np_("setting", "braille_cells"), Np_("setting", "plain_input"),
)
MESSAGES: dict[str, tuple[str, ...]] = {
    COMMAND: tuple(message for _context, message in _COMMAND_MESSAGES),
    WORD: tuple(message for _context, message in _WORD_MESSAGES),
    SETTING: tuple(message for _context, message in _SETTING_MESSAGES),
    ANSWER: tuple(message for _context, message in _ANSWER_MESSAGES),
}
SETTING_VALUES = ("on", "off", *VERBOSITIES, *OPPONENTS, *COLOURS, "none", *THEMES, *KEYBOARDS, *VARIANT_KEYS)
HELP_TOPIC_WORDS = ("all", "game", "online")


def words_in(code: str, context: str, english: str) -> tuple[str, ...]:
    """The words of ``code`` for the English ``english`` in ``context`` (none when untranslated)."""
    if code == DEFAULT:
        return ()
    translated = catalogue(code).pgettext(context, english)
    if translated == english:
        return ()
    return tuple(word.lower() for word in translated.split())


def word_table(english: Mapping[str, Iterable[str]], native: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """Every word to the English name it stands for: English words first, the player's language's
    over them (a word naming two things in the two sets means what it means in the player's)."""
    table = {word.lower(): name for name, words in english.items() for word in words}
    table.update({word.lower(): name for name, words in native.items() for word in words})
    return table


@cache
def commands_of(code: str, english: tuple[tuple[str, tuple[str, ...]], ...]) -> dict[str, str]:
    """The command words of ``code`` and English (``english``: each name and its words) to the names."""
    native = {name: words_in(code, COMMAND, name) for name, _words in english}
    return word_table(dict(english), native)


@cache
def _words_of(code: str, context: str) -> dict[str, str]:
    english = {message: (message,) for message in MESSAGES[context]}
    return word_table(english, {message: words_in(code, context, message) for message in MESSAGES[context]})


def english_word(word: str, context: str = WORD, code: str | None = None) -> str:
    """The English word ``word`` (of the player's language, or English) stands for; itself if none."""
    return _words_of(code or language(), context).get(word.lower(), word)


def native_words(context: str, english: str, code: str | None = None) -> tuple[str, ...]:
    """The player's language's words for ``english`` (none in English, or untranslated)."""
    return words_in(code or language(), context, english)


def shown_word(context: str, english: str, code: str | None = None) -> str:
    """The word shown for ``english``: the language's first, else the English one."""
    found = native_words(context, english, code)
    return found[0] if found else english


def arguments(command: str, words: list[str], known: Iterable[str]) -> list[str]:
    """The words after ``command`` with those of the player's language read as the English ones the
    handler knows (``known``, the command's; names, files and text stay as typed)."""
    if command in ("settings", "set"):
        if not words:
            return words
        return [english_word(words[0], SETTING), *(english_word(word) if english_word(word) in SETTING_VALUES
                                                   else word for word in words[1:])]
    if command == "help":
        return [english_word(word) if english_word(word) in HELP_TOPIC_WORDS else word for word in words]
    known = tuple(known)
    return [english_word(word) if english_word(word) in known else word for word in words]


def argument_choices(command: str, known: Iterable[str]) -> tuple[str, ...]:
    """The words Tab offers after ``command`` (``known``: the English words it reads), in the player's
    language and English."""
    if command in ("settings", "set"):
        names = (shown_word(SETTING, name) for name in MESSAGES[SETTING])
        return (*names, *(shown_word(WORD, value) for value in SETTING_VALUES))
    return tuple(shown_word(WORD, word) for word in known)


def typed_answer(typed: str | None) -> str | None:
    """What a typed answer to a yes-or-no question means: ``y``, ``n`` or ``q`` (close), else None.
    The letters and words of the player's language come first (Russian д and н, Kazakh и and ж, Kyrgyz
    о and ж), then those of the other languages (a Russian speaker answers ``н`` for «нет» whatever the
    language spoken), then English ``y``, ``yes``, ``n``, ``no`` and ``q``, then a letter at the place
    of ``y``, ``n`` or ``q`` in any of the layouts (``й`` is ``q``; ``н``, at the place of ``y``, is
    never yes: it is Russian's no)."""
    word = (typed or "").strip().lower()
    if not word:
        return None
    spoken = language()
    for code in (spoken, *(known for known in LANGUAGES if known != spoken)):
        for key in ("y", "n"):
            if word in native_words(ANSWER, key, code):
                return key
    english = {"y": "y", "yes": "y", "n": "n", "no": "n", "q": "q"}
    if word in english:
        return english[word]
    for layout in layout_names():
        latin = places(layout).get(word)
        if latin in ("y", "n", "q"):
            return latin
    return None
