"""Whether this machine can make a sound at all, and the commands that fix what is missing."""

from __future__ import annotations

from speech.system import sound
from speech.system.machine import PlayFailure, machine
from speech.words.i18n import _
from speech.words.machine_words import no_audio_words, play_failure_words


def fix_audio() -> str:
    """No sound at all, and how to get some (in the system's terms: ``speech.system.sound``)."""
    return no_audio_words(sound.no_output())


def fix_espeak_ng() -> str:
    """The espeak-ng program is missing, and how each system gets it (Windows needs it for nothing)."""
    here = machine().platform
    if here == "darwin":
        return _("the espeak-ng program is missing (brew install espeak-ng)")
    if here == "win32":
        return _("the espeak-ng program is missing; toguz's own voice needs nothing more on Windows (pyttsx3 speaks "
                 "with Windows' voices)")
    return _("the espeak-ng program is missing (sudo apt install espeak-ng)")


def fix_libespeak() -> str:
    """pyttsx3's library is missing."""
    return _("pyttsx3 needs the eSpeak NG library (sudo apt install libespeak-ng1)")


def fix_pyttsx3() -> str:
    """pyttsx3 is missing."""
    return _("pyttsx3 is not installed (pip install pyttsx3)")


def fix_aplay() -> str:
    """pyttsx3's player is missing."""
    return _("aplay, which plays pyttsx3's sound, is missing (sudo apt install alsa-utils)")


def fix_spd_say() -> str:
    """speech-dispatcher's client is missing (it is Linux's own)."""
    if machine().platform != "linux":
        return _("spd-say is missing: speech-dispatcher is Linux's; toguz's own voice (pyttsx3) needs nothing more "
                 "here")
    return _("spd-say is missing (sudo apt install speech-dispatcher)")


def audio_problem() -> str | None:
    """Why no sound can be heard here, or None when some audio output exists."""
    here = machine()
    if here.sound_device() or here.sound_server():
        return None
    return fix_audio()


def program(name: str) -> str | None:
    """The full path of a program on PATH, or None."""
    return machine().program(name)


def play_problem(backend: str) -> str | None:
    """Play a moment of silence through ``backend``'s player; why nothing can be heard, or None. An
    audio server that is announced but dead passes ``audio_problem`` and fails here."""
    import tempfile
    import wave
    from pathlib import Path

    here = machine()
    if backend == "espeak-ng":
        return _failure_words(here.play_fails(["espeak-ng", "-a", "1", "."]))
    if backend != "pyttsx3":
        return None
    with tempfile.TemporaryDirectory(prefix="toguz-check-") as folder:
        path = Path(folder) / "silence.wav"
        with wave.open(str(path), "wb") as silence:
            silence.setnchannels(1)
            silence.setsampwidth(2)
            silence.setframerate(22050)
            silence.writeframes(b"\0\0" * 1100)
        return _failure_words(here.play_fails([*sound.player_command(), str(path)]))


def _failure_words(failure: PlayFailure | None) -> str | None:
    return None if failure is None else play_failure_words(failure)
