"""speech-dispatcher through ``spd-say``: each utterance is handed to the daemon, ``spd-say -C`` cancels."""

from __future__ import annotations

import subprocess

from speech.voices import audio
from speech.voices.base import WorkerSpeaker

NAME = "speech-dispatcher"
COMMAND_TIMEOUT = 5.0  # spd-say can hang when the daemon has no sound device


def problem() -> str | None:
    """Why speech-dispatcher cannot speak here, or None."""
    if audio.program("spd-say") is None:
        return audio.fix_spd_say()
    return audio.audio_problem()


def options(rate: int | None, voice: str | None, volume: float | None) -> list[str]:
    """spd-say's flags: a rate in words a minute (175 is spd-say's 0), a voice, a volume 0.0 .. 1.0."""
    flags: list[str] = []
    if rate is not None:
        flags += ["-r", str(max(-100, min(100, round((rate - 175) / 2.5))))]
    if voice and len(voice) == 2 and voice.isalpha():
        flags += ["-l", voice]  # a language (toguz's voice for its language): the daemon picks the voice
    elif voice:
        flags += ["-y", voice]
    if volume is not None:
        flags += ["-i", str(round(max(0.0, min(1.0, volume)) * 200 - 100))]
    return flags


class DispatcherSpeaker(WorkerSpeaker):
    """Speaks with ``spd-say`` (or ``command``, for tests); an interruption first runs ``spd-say -C``."""

    name = NAME

    def __init__(self, command: str = "spd-say") -> None:
        self.command = command
        super().__init__()

    def stop(self) -> None:
        """Drop what is queued here and tell the daemon to cancel what it is saying."""
        super().stop()
        with self._lock:
            self._queue.append((self._generation, "", True))
            self._lock.notify_all()

    def _utter(self, text: str, generation: int, interrupt: bool) -> None:
        if interrupt:
            self._run([self.command, "-C"], generation, COMMAND_TIMEOUT)
        if text:
            argv = [self.command, *options(self.rate, self.voice, self.volume), "--", text]
            self._run(argv, generation, COMMAND_TIMEOUT)

    def voices(self) -> list[str]:
        """The synthesis voices ``spd-say -L`` lists."""
        return list_voices(self.command)


def list_voices(command: str = "spd-say") -> list[str]:
    """The synthesis voices ``spd-say -L`` lists; empty if it cannot tell in time."""
    try:
        listing = subprocess.run(
            [command, "-L"], capture_output=True, text=True, timeout=COMMAND_TIMEOUT, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [line.split()[0] for line in listing.splitlines()[1:] if line.strip()]
