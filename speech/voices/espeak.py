"""The ``espeak-ng`` program: one process per utterance, ended at once to interrupt."""

from __future__ import annotations

import subprocess
from pathlib import Path

from speech.voices import audio
from speech.voices.base import WorkerSpeaker
from speech.words.i18n import _

NAME = "espeak-ng"


def problem() -> str | None:
    """Why espeak-ng cannot speak here, or None."""
    if audio.program("espeak-ng") is None:
        return audio.fix_espeak_ng()
    return audio.audio_problem()


def options(rate: int | None, voice: str | None, volume: float | None) -> list[str]:
    """espeak-ng's flags for a rate in words a minute, a voice and a volume of 0.0 .. 1.0."""
    flags: list[str] = []
    if voice:
        flags += ["-v", voice]
    if rate is not None:
        flags += ["-s", str(max(80, min(500, rate)))]
    if volume is not None:
        flags += ["-a", str(round(max(0.0, min(1.0, volume)) * 100))]
    return flags


class EspeakSpeaker(WorkerSpeaker):
    """Speaks by running ``espeak-ng`` (or ``command``, for tests) once per utterance."""

    name = NAME

    def __init__(self, command: str = "espeak-ng") -> None:
        self.command = command
        super().__init__()

    def _utter(self, text: str, generation: int, interrupt: bool) -> None:
        self._run([self.command, *options(self.rate, self.voice, self.volume), "--", text], generation)

    def voices(self) -> list[str]:
        """The language codes espeak-ng knows (``en``, ``kk``, ``ru`` ...)."""
        return list_voices(self.command)


def list_voices(command: str = "espeak-ng") -> list[str]:
    """The voices of ``espeak-ng --voices``, by language code; empty if it cannot run."""
    try:
        listing = subprocess.run(
            [command, "--voices"], capture_output=True, text=True, timeout=10, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    found = []
    for line in listing.splitlines()[1:]:
        fields = line.split()
        if len(fields) >= 2:
            found.append(fields[1])
    return found


def render(text: str, path: Path, rate: int | None = None, voice: str | None = None) -> Path:
    """Write ``text`` as a WAV file with espeak-ng; RuntimeError when it fails."""
    argv = ["espeak-ng", *options(rate, voice, None), "-w", str(path), "--", text]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as error:
        raise RuntimeError(_("espeak-ng could not run: {error}").format(error=error)) from error
    if done.returncode != 0 or not path.exists():
        said = done.stderr.strip()
        message = said.splitlines()[-1] if said else _("exit status {status}").format(status=done.returncode)
        raise RuntimeError(_("espeak-ng could not write {path}: {message}").format(path=path, message=message))
    return path
