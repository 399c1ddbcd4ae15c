"""What the player hears and reads: the saying, over the parts that each hold one concern of it.

Every part of the session says things through ``Output``: ``say`` keeps an announcement in the stream
(``toguz_tui.session.output.announcement_stream``), speaks it and shows it in braille. The ordering rules of speech
live here: a
command's answer interrupts what is being said; what comes without a key (the computer's move, a server's,
a clock's warning, a background result) is queued after it, never over a move. The wording (the language,
the verbosity, the point of view) is the output's own; the rest is a part of it, with its own settings:

- ``voice``: the speaker, its settings, its health (``toguz_tui.session.output.voice``);
- ``sounds``: the sound cues and their setting (``toguz_tui.session.output.sound_cues``);
- ``braille``: the braille display, its width, its routing keys, its loss (``toguz_tui.session.output.braille_output``);
- ``background``: work done off the interface's thread (``toguz_tui.session.output.background_work``).
"""

from __future__ import annotations

from speech.sounds.player import CuePlayer
from speech.voices import Speaker
from speech.words import phrases
from speech.words.announce import Announcer, Perspective
from speech.words.i18n import _, set_language
from toguz_tui.files.settings import Settings
from toguz_tui.session.output.announcement_stream import AnnouncementKind, AnnouncementStream, Reply
from toguz_tui.session.output.background_work import BackgroundWork
from toguz_tui.session.output.braille_output import BrailleOutput
from toguz_tui.session.output.sound_cues import SoundCues
from toguz_tui.session.output.voice import Voice


class Output:
    """The announcer and the announcements of one session, and the parts that speak, sound and show them."""

    def __init__(self, settings: Settings, speaker: Speaker, player: CuePlayer | None = None) -> None:
        set_language(settings.language_code)
        self.voice = Voice(speaker)
        self.sounds = SoundCues(player)  # silent unless a player is given
        self.announcer = Announcer(Perspective(), settings.verbosity)  # the sentences' point of view
        self.game_announcer = self.announcer  # the game's own (its clocks, warnings, end) under a review
        self.stream = AnnouncementStream()
        self.background = BackgroundWork(self)
        self.braille = BrailleOutput(self)
        self.braille.start(settings)

    def say(self, reply: Reply, interrupt: bool = True) -> Reply:
        """Keep ``reply`` in the stream and speak it; returns it (its text made safe to show: control
        characters written out). ``interrupt=False`` queues it after what is being said."""
        safe = Reply(phrases.visible(reply.text), None if reply.spoken is None else phrases.visible(reply.spoken),
                     reply.kind, reply.quit)
        self.voice.speaker.speak(safe.speech, interrupt=interrupt)
        self.braille.show(safe.text, interrupt)
        self.stream.add(safe)
        return safe

    def utter(self, text: str) -> None:
        """Speak ``text`` and show it on a braille display, without keeping it (a pit's focus)."""
        self.voice.speaker.speak(text)
        self.braille.show(text)

    def answer(self, text: str, kind: AnnouncementKind = "info", interrupt: bool = True) -> Reply:
        """Say a query's answer."""
        return self.say(Reply(text, kind=kind), interrupt)

    def error(self, text: str) -> Reply:
        """A short spoken and written complaint, as a sentence, with the error cue; nothing changes."""
        self.sounds.error()
        text = text.strip()
        if text and text[-1] not in ".?!":
            text += "."
        return self.say(Reply(text[:1].upper() + text[1:], kind="error"))

    def repeat(self) -> Reply:
        """The last announcement again (spoken, not kept again)."""
        return self._again(self.stream.last())

    def step(self, step: int) -> Reply:
        """The previous (-1) or next (+1) announcement of the history."""
        return self._again(self.stream.step(step))

    def _again(self, text: str | None) -> Reply:
        if text is None:
            return Reply(_("Nothing has been said yet."))
        self.voice.speaker.speak(text)
        self.braille.show(text)
        return Reply(text)

    def speech_news(self) -> Reply | None:
        """A voice that stopped working, said once in words, or that no installed voice speaks the language
        (the faces ask after each event)."""
        error = self.voice.failure()
        if error is not None:
            return self.say(Reply(phrases.speech_failed(error), kind="error"))
        note = self.voice.note()
        return None if note is None else self.say(Reply(note))

    def reword(self, settings: Settings) -> None:
        """Make the wording's settings take effect: the language, the verbosity."""
        set_language(settings.language_code)
        self.announcer.verbosity = self.game_announcer.verbosity = settings.verbosity

    def look_from(self, perspective: Perspective, game: Perspective | None = None) -> None:
        """Name the sides from ``perspective``; the game's own clocks, warnings and end from ``game`` (None:
        the same)."""
        self.announcer.perspective = perspective
        self.game_announcer = self.announcer if game is None else Announcer(game, self.announcer.verbosity)
        self.game_announcer.cells = self.announcer.cells

    def close(self) -> None:
        """Stop speaking, sounding and showing."""
        self.voice.close()
        self.sounds.close()
        self.braille.close()
