"""The commands of the help's topic "speech": repeating, stepping through what was said, silencing, the
voice and the sound cues, and how much is said."""

from __future__ import annotations

from speech.voices import AUTO, SCREEN_READER, SILENT_NAMES
from speech.words import first_steps
from speech.words.i18n import _
from toguz_tui.commands.arguments import Answer, Focus, WrongWords
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import Reply


def repeat(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The last announcement again."""
    return session.output.repeat()


def previous(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The announcement before."""
    return session.output.step(-1)


def next_announcement(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The announcement after."""
    return session.output.step(+1)


def silence(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Stop speaking."""
    session.output.voice.speaker.stop()
    return Reply(_("Silenced."), spoken="")


def speech(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """Voice on or off; alone, whether it speaks now and how to change that."""
    if not args:
        return session.output.answer(speech_state(session))
    word = args[0].lower()
    if word not in ("on", "off"):
        return WrongWords("speech")
    return session.change_setting("speech", word)


def speech_state(session: GameSession) -> str:
    """Whether toguz's voice speaks now (through the screen reader, or its own), and why not when it is silent."""
    settings, speaker = session.view.settings, session.output.voice.speaker
    speaking = speaker.name not in SILENT_NAMES
    return first_steps.speech_state(speaking, speaker.name == SCREEN_READER, settings.speech in SILENT_NAMES,
                                    settings.screen_reader and settings.speech == AUTO)


def sounds(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """Sound cues on or off."""
    word = args[0].lower() if args else ""
    if word not in ("on", "off"):
        return WrongWords("sounds")
    return session.change_setting("sounds", word)


def verbosity(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """How much is said after a move."""
    if not args:
        return WrongWords("verbosity")
    return session.change_setting("verbosity", args[0])
