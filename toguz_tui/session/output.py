"""What the player hears and reads: the voice, the sound cues, the wording, the stream of announcements.

Every part of the session says things through ``Output``: ``say`` keeps an announcement in the stream
(``toguz_tui.session.stream``) and speaks it. The ordering rules of speech live here: a command's
answer interrupts what is being said; what comes without a key (the computer's move, a server's, a
clock's warning, a background result) is queued after it, never over a move. Settings that change
how things are said or heard (language, verbosity, voice, rate, volume, sound cues) take effect here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from rules import Side
from speech.sounds.player import CuePlayer, open_player
from speech.voices import Speaker, open_speaker
from speech.voices.braille import SCREEN, BrailleDisplay, BrlapiDisplay, ScreenDisplay, open_display
from speech.words import phrases
from speech.words.announce import BRAILLE_CELLS, Announcer, Perspective
from speech.words.i18n import _, set_language
from toguz_tui.files import storage
from toguz_tui.files.settings import Settings
from toguz_tui.session.sound_cues import SoundCues
from toguz_tui.session.stream import AnnouncementStream, Kind, Reply


class Output:
    """The voice, the sound cues, the announcer and the announcements of one session."""

    def __init__(self, settings: Settings, speaker: Speaker, player: CuePlayer | None = None) -> None:
        set_language(settings.language_code)
        self.speaker = speaker
        self.sounds = SoundCues(player)  # silent unless a player is given
        self.announcer = Announcer(Perspective(), settings.verbosity)  # the sentences' point of view
        self.game_announcer = self.announcer  # the game's own (its clocks, warnings, end) under a review
        self.stream = AnnouncementStream()
        self._speech_said: str | None = None  # the last speech problem said, said once
        self.background: threading.Thread | None = None
        self.braille: BrailleDisplay = ScreenDisplay()  # a braille display of its own (BrlAPI), if in use
        self.braille_on = False  # the ``braille`` setting
        self.on_route: Callable[[str, int], None] | None = None  # a routing key: the window, the cell
        self.apply_braille(settings)
        trouble = self.braille.trouble if isinstance(self.braille, ScreenDisplay) else None
        if trouble:  # BrlAPI there but not answering, or broken: said once, at the start
            self.say(Reply(_("Braille is read from the screen: {reason}.").format(reason=trouble), kind="error"))

    # -- saying ---------------------------------------------------------------------------------
    def say(self, reply: Reply, interrupt: bool = True) -> Reply:
        """Keep ``reply`` in the stream and speak it; returns it (its text made safe to show: control
        characters written out). ``interrupt=False`` queues it after what is being said."""
        safe = Reply(phrases.visible(reply.text), None if reply.spoken is None else phrases.visible(reply.spoken),
                     reply.kind, reply.quit)
        self.speaker.speak(safe.speech, interrupt=interrupt)
        self.braille.show(safe.text, interrupt)
        self.stream.add(safe)
        return safe

    def utter(self, text: str) -> None:
        """Speak ``text`` and show it on a braille display, without keeping it (a pit's focus)."""
        self.speaker.speak(text)
        self.braille.show(text)

    def answer(self, text: str, kind: Kind = "info", interrupt: bool = True) -> Reply:
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
        self.speaker.speak(text)
        self.braille.show(text)
        return Reply(text)

    def later(self, note: str, work: Callable[[], Reply]) -> Reply:
        """Say ``note`` now and do ``work`` off the caller's thread (reading a big file); what it says
        comes through the stream. A fault becomes one line and a log entry."""
        reply = self.answer(note)

        def run() -> None:
            try:
                work()
            except Exception as error:  # the last guard between a bug and the player
                where = storage.log_failure(error)
                self.error(phrases.internal_error(f"{type(error).__name__}: {error}", where))

        self.background = threading.Thread(target=run, name="toguz-background", daemon=True)
        self.background.start()
        return reply

    # -- the voice's health ---------------------------------------------------------------------
    def speech_news(self) -> Reply | None:
        """A voice that stopped working, said once in words (the faces ask after each event)."""
        error = getattr(self.speaker, "last_error", None)
        if not isinstance(error, str) or not error or error == self._speech_said:
            return None
        self._speech_said = error
        return self.say(Reply(phrases.speech_failed(error), kind="error"))

    def speech_problem_news(self, problem: str | None) -> str | None:
        """``problem`` (why a voice could not start) when it was not said before, else None."""
        if problem and problem != self._speech_said:
            self._speech_said = problem
            return problem
        return None

    # -- settings taking effect -----------------------------------------------------------------
    def apply(self, settings: Settings) -> str | None:
        """Make the settings take effect (language, verbosity, the voice); why speech could not start,
        if that is news."""
        set_language(settings.language_code)
        self.announcer.verbosity = self.game_announcer.verbosity = settings.verbosity
        speaker = self.speaker
        wanted = settings.voice_backend
        if wanted != speaker.name and not (wanted == "auto" and speaker.name != "silent"):
            speaker.close()
            self.speaker, problem = open_speaker(wanted, rate=settings.rate, voice=settings.speech_voice,
                                                 volume=settings.volume)
            return self.speech_problem_news(problem)
        speaker.set_rate(settings.rate)
        speaker.set_volume(settings.volume)
        speaker.set_voice(settings.speech_voice or "")  # "": the engine's own voice (English)
        return None

    def apply_sounds(self, settings: Settings) -> str | None:
        """Turn the sound cues on or off, at the volume set; why they could not start, if they could not."""
        if settings.sounds != self.sounds.player.enabled:
            self.sounds.close()
            player, problem = open_player(settings.sounds, settings.sound_volume, hush=False)  # a screen may be up
            self.sounds = SoundCues(player)
            return problem
        self.sounds.player.set_volume(settings.sound_volume)
        return None

    def apply_braille(self, settings: Settings) -> str | None:
        """Take a braille display of its own (BrlAPI) or give it back, as the ``braille`` setting says, and
        cut brief announcements to its width; why BrlAPI could not be used, when braille is on."""
        problem = None
        if settings.braille and not self.braille_on:
            self.braille, problem = open_display(self._routed)
            if isinstance(self.braille, BrlapiDisplay):
                self.braille.on_lost = self._braille_lost
        elif not settings.braille and self.braille_on:
            self.braille.close()
            self.braille = ScreenDisplay()
        self.braille_on = settings.braille
        cells = settings.display_cells(self.braille.cells) if settings.braille else BRAILLE_CELLS
        self.announcer.cells = self.game_announcer.cells = cells
        return problem

    @property
    def screen_cells(self) -> int:
        """The width of the braille window that reads the screen (0: none does; BrlAPI shows its own)."""
        return self.announcer.cells if self.braille_on and self.braille.name == SCREEN else 0

    def route_to(self, routed: Callable[[str, int], None]) -> None:
        """Hand a braille display's routing key (the window shown, the cell pressed) to ``routed`` (the board)."""
        self.on_route = routed

    def _routed(self, window: str, cell: int) -> None:
        """A routing key, on the display's thread: handed to the board (a fault there is ours, not the
        display's: said and logged, and the display keeps working)."""
        if self.on_route is None:
            return
        try:
            self.on_route(window, cell)
        except Exception as error:  # the last guard between a bug and the player
            where = storage.log_failure(error)
            self.error(phrases.internal_error(f"{type(error).__name__}: {error}", where))

    def _braille_lost(self, reason: str) -> None:
        """The BrlAPI display failed or stopped answering (on a thread of its own): the screen is read from
        now on, at the same width, and the player is told why."""
        lost = self.braille
        if not isinstance(lost, BrlapiDisplay) or lost.lost != reason:
            return  # already given back or replaced
        self.braille = ScreenDisplay(lost.cells)
        self.answer(_("Braille is now read from the screen: {reason}.").format(reason=reason), kind="error",
                    interrupt=False)

    def look_from(self, perspective: Perspective, game: Perspective | None = None) -> None:
        """Name the sides from ``perspective``; the game's own clocks, warnings and end from ``game`` (None:
        the same)."""
        self.announcer.perspective = perspective
        self.game_announcer = self.announcer if game is None else Announcer(game, self.announcer.verbosity)
        self.game_announcer.cells = self.announcer.cells

    def warn_of_time(self, side: Side, seconds: float) -> None:
        """A clock reached a warning threshold: the low-time cue, and the words (from the game's point of
        view) after what is being said, never over a move."""
        self.sounds.low_time()
        self.answer(self.game_announcer.time_warning(side, seconds), interrupt=False)

    def close(self) -> None:
        """Stop speaking and sounding."""
        self.speaker.close()
        self.sounds.close()
        self.braille.close()
