"""The voice that speaks for the session: the speaker, the settings that change it, and its health.

The speaker (``speech.voices``) is the session's one voice: ``Output.say`` speaks through it, and the faces
speak a dialog's question with it. A change of the voice's settings (which voice, its rate, volume and
speaker) takes effect here, the speaker opened anew when another kind of voice is asked for. A voice that
stops working, or could not start, is news once: the same reason is not told twice.
"""

from __future__ import annotations

from speech.voices import Speaker, open_speaker
from toguz_tui.files.settings import Settings


class Voice:
    """The speaker, and the last reason it failed that was told."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self._told: str | None = None  # the last speech problem told, told once
        self._noted: str | None = None  # the last note told, told once

    def apply(self, settings: Settings) -> str | None:
        """Make the voice's settings take effect (which voice, rate, volume, speaker); why speech could not
        start, if that is news."""
        speaker = self.speaker
        wanted = settings.voice_backend
        if wanted != speaker.name and not (wanted == "auto" and speaker.name != "silent"):
            speaker.close()
            self.speaker, problem = open_speaker(wanted, rate=settings.rate, voice=settings.speech_voice,
                                                 volume=settings.volume)
            return self.news(problem)
        speaker.set_rate(settings.rate)
        speaker.set_volume(settings.volume)
        speaker.set_voice(settings.speech_voice or "")  # "": the engine's own voice (English)
        return None

    def failure(self) -> str | None:
        """Why the voice stopped working, the first time it is asked after that (else None)."""
        error = getattr(self.speaker, "last_error", None)
        if not isinstance(error, str) or not error or error == self._told:
            return None
        self._told = error
        return error

    def note(self) -> str | None:
        """What the voice notes that is no failure (no installed voice speaks the language: the default voice
        reads it), the first time it is asked after that (else None)."""
        note = getattr(self.speaker, "note", None)
        if not isinstance(note, str) or not note or note == self._noted:
            return None
        self._noted = note
        return note

    def news(self, problem: str | None) -> str | None:
        """``problem`` (why a voice could not start) when it was not told before, else None."""
        if problem and problem != self._told:
            self._told = problem
            return problem
        return None

    def close(self) -> None:
        """Stop speaking."""
        self.speaker.close()
