"""The words after a command: how each command is typed, and the numbers and words its handler reads.

Every handler gets the session, the words after the command and the board's focused pit (``Focus``,
None in the line mode). Words a command does not take are refused with how it is typed, never ignored.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rules import VARIANT_KEYS, Side
from rules.clock import ClockError, TimeControl
from speech.words import phrases
from speech.words.i18n import _
from speech.words.naming import VERBOSITIES
from toguz_tui.commands.lexicon import COMMAND, MESSAGES, SETTING, WORD, shown_word
from toguz_tui.files.settings import COLOURS, OPPONENTS, Settings
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import Reply

Focus = tuple[Side, int] | None


@dataclass(frozen=True, slots=True)
class WrongWords:
    """What a handler answers when its command was given words it does not take: the table's guard says
    how ``command`` is typed (its usage, or ``usage`` where that is a text of its own), and, with
    ``unknown``, that this word names nothing the command knows."""

    command: str
    usage: str = ""
    unknown: str = ""


Answer = Reply | WrongWords
Handler = Callable[[GameSession, list[str], Focus], Answer]
THEIRS = ("their", "theirs", "opponent", "t")


def usage(name: str, text: str) -> str:
    """How the command ``name`` is typed, in the language spoken now: ``text`` (a message of the catalogue,
    its words shown in the player's), or its name where that is all."""
    if not text:
        return shown_word(COMMAND, name)
    return localised(_(text)).format(
        choices=phrases.listing_words([shown_word(WORD, word) for word in VERBOSITIES]),
        variants="|".join(VARIANT_KEYS), opponents="|".join(shown_word(WORD, word) for word in OPPONENTS),
        sides="|".join(shown_word(WORD, word) for word in COLOURS),
        names=", ".join(shown_word(SETTING, name) for name in Settings.__dataclass_fields__))


_LATIN_WORD = re.compile(r"(?<![\w{])[a-z][a-z-]*(?![\w}])")


def localised(text: str) -> str:
    """``text`` (a translated message) with the English command and argument words it names in the
    player's words (``where N или where their N`` is ``куда N или куда чужой N``)."""
    def word(match: re.Match[str]) -> str:
        found = match.group()
        if found in MESSAGES[WORD]:
            return shown_word(WORD, found)
        return shown_word(COMMAND, found) if found in MESSAGES[COMMAND] else found

    return _LATIN_WORD.sub(word, text)


def pit_number(session: GameSession, args: list[str], focus: Focus, command: str,
               extra: tuple[str, ...] = ()) -> int | Answer:
    """The one pit number in ``args`` (or the focused pit); else a spoken complaint. Words other than
    the number (and ``extra`` ones the command knows) are refused, never ignored."""
    numbers = [word for word in args if word.lstrip("-").isdecimal() and word.isascii()]
    others = [word for word in args if word not in numbers and word.lower() not in extra]
    if len(numbers) > 1 or others:
        return WrongWords(command)
    if numbers:
        if len(numbers[0]) <= 3:
            return int(numbers[0])
        return session.output.error(_("Pit {pit} does not exist: choose 1 to {pits}.").format(  # said as typed
            pit=phrases.clipped(numbers[0], 12), pits=session.view.position.variant.pits))
    if focus is not None:
        return focus[1]
    return WrongWords(command)


def game_number(word: str) -> int | None:
    """A game's (or a count's) number as typed (at most six digits), or None."""
    return int(word) if word.isdecimal() and word.isascii() and len(word) <= 6 else None


def one_number(args: list[str], command: str) -> int | WrongWords | None:
    """The one number ``args`` hold (None for none); a complaint for anything else. A number of up to 30
    digits is given back as it is, so that one past the end is said to be no lesson or puzzle."""
    if not args:
        return None
    if len(args) == 1 and args[0].isdecimal() and args[0].isascii() and len(args[0]) <= 30:
        return int(args[0])
    return WrongWords(command)


def steps(args: list[str]) -> int:
    """How many moves forward or back: the number given (bounded), or 1."""
    number = game_number(args[0]) if args else None
    return min(number, 10_000) if number is not None else 1


def joined_control(words: list[str]) -> list[str]:
    """The words with a time control's plus sign joined to its numbers ("15 + 10" is "15+10"), lower case."""
    return re.sub(r"\s*\+\s*", "+", " ".join(words)).lower().split()


def control_and_rated(session: GameSession, words: list[str],
                      command: str) -> tuple[TimeControl, bool, str] | Answer:
    """The time control, rated or casual, and the control as typed, among ``words`` (``15+10 rated``;
    casual by default)."""
    joined = joined_control(words)
    rated = "rated" in joined
    rest = [word for word in joined if word not in ("rated", "casual")]
    if len(rest) != 1:
        return WrongWords(command)
    try:
        return TimeControl.parse(rest[0]), rated, rest[0]
    except ClockError as error:
        return session.output.error(phrases.clock_error(error.reason, error.text))
