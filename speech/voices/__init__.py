"""Voices: one small module per backend, and a chooser that falls back to silence with a reason.

``auto`` tries, in order: the screen reader (NVDA or JAWS through prismatoid on Windows, VoiceOver
through osascript on macOS, so the user's own voice and braille win), ``pyttsx3`` (the default
self-voicing engine: a worker process renders each utterance in about 15 ms and the system's player plays
it: ``aplay``, ``afplay``, or toguz's own on Windows), ``espeak-ng`` (the
program itself, where pyttsx3 cannot start), then ``speech-dispatcher`` (last: its daemon hangs
when there is no sound device).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from speech.voices import audio, dispatcher, espeak, pyttsx3_backend, screen_reader
from speech.voices.base import RecordingSpeaker, SilentSpeaker, Speaker, WorkerSpeaker
from speech.voices.screen_reader import ReaderNotReached
from speech.words.i18n import DEFAULT, LANGUAGES, _, p_

AUTO, ON, OFF, SILENT = "auto", "on", "off", "silent"
PYTTSX3, ESPEAK_NG, SPEECH_DISPATCHER, SCREEN_READER = "pyttsx3", "espeak-ng", "speech-dispatcher", "screen-reader"
BACKENDS = (PYTTSX3, ESPEAK_NG, SPEECH_DISPATCHER, SCREEN_READER, SILENT)
AUTO_ORDER = (SCREEN_READER, PYTTSX3, ESPEAK_NG, SPEECH_DISPATCHER)
SILENT_NAMES = (SILENT, OFF, "none")
SPEECH_CHOICES = (AUTO, ON, *BACKENDS, OFF)  # the speech setting: ``on`` is toguz's voice in any mode
RATE_RANGE = (80, 450)  # words a minute a voice is asked to speak at, slowest and fastest

__all__ = [
    "AUTO", "AUTO_ORDER", "BACKENDS", "ESPEAK_NG", "OFF", "ON", "PYTTSX3", "RATE_RANGE", "SCREEN_READER", "SILENT",
    "SPEECH_CHOICES", "SPEECH_DISPATCHER", "RecordingSpeaker", "SilentSpeaker", "Speaker", "WorkerSpeaker",
    "backend_problem", "language_voice", "list_voices", "open_speaker", "render_wav", "speech_label",
]

_PROBLEMS: dict[str, Callable[[], str | None]] = {
    PYTTSX3: pyttsx3_backend.problem,
    ESPEAK_NG: espeak.problem,
    SPEECH_DISPATCHER: dispatcher.problem,
    SCREEN_READER: screen_reader.problem,
}
_OPENERS: dict[str, Callable[[], Speaker]] = {
    PYTTSX3: pyttsx3_backend.Pyttsx3Speaker,
    ESPEAK_NG: espeak.EspeakSpeaker,
    SPEECH_DISPATCHER: dispatcher.DispatcherSpeaker,
    SCREEN_READER: screen_reader.ScreenReaderSpeaker,
}


def speech_label(value: str) -> str:
    """A speech setting in words: the backends keep their own names."""
    labels = {AUTO: p_("speech", "automatic"), ON: p_("speech", "on"), OFF: p_("speech", "off"),
              SILENT: p_("speech", "silent")}
    return labels.get(value, value)


def backend_problem(name: str) -> str | None:
    """Why backend ``name`` cannot speak here (with the command that fixes it), or None."""
    if name in SILENT_NAMES:
        return None
    check = _PROBLEMS.get(name)
    if check is None:
        return _("unknown speech backend {name}: choose auto, off or one of {backends}").format(
            name=repr(name), backends=", ".join(BACKENDS))
    try:
        return check()
    except Exception as error:  # a check that breaks is a reason, not a crash
        return _("{name} could not be checked: {error}").format(name=name, error=f"{type(error).__name__}: {error}")


def _start(
    name: str, rate: int | None, voice: str | None, volume: float | None,
) -> tuple[Speaker | None, str]:
    found = backend_problem(name)
    if found is not None:
        return None, found
    try:
        speaker = _OPENERS[name]()
        if rate is not None:
            speaker.set_rate(rate)
        if voice is not None:
            speaker.set_voice(voice)
        if volume is not None:
            speaker.set_volume(volume)
    except ReaderNotReached as error:  # no screen reader answered: said as it is
        return None, str(error)
    except Exception as error:  # a broken backend falls back, never raises
        return None, _("{name} failed to start: {error}").format(name=name, error=f"{type(error).__name__}: {error}")
    return speaker, ""


def open_speaker(
    name: str = "auto", *, rate: int | None = None, voice: str | None = None, volume: float | None = None,
) -> tuple[Speaker, str | None]:
    """The speaker for backend ``name`` (``auto``, ``off`` or one of ``BACKENDS``) and, when the wish
    could not be met, a one-line reason ("espeak-ng: ...", one for each backend tried), a silent
    speaker then (``speech.words.phrases.speech_problem`` says it as a sentence). Never raises."""
    wish = name.strip().lower()
    if wish in SILENT_NAMES:
        return SilentSpeaker(), None
    if wish != "auto":
        speaker, reason = _start(wish, rate, voice, volume)
        if speaker is None:
            return SilentSpeaker(), f"{wish}: {reason}"
        return speaker, None
    reasons: list[str] = []
    for candidate in AUTO_ORDER:
        speaker, reason = _start(candidate, rate, voice, volume)
        if isinstance(speaker, screen_reader.ScreenReaderSpeaker):  # a reader that never speaks: toguz's own voice
            speaker.fallback = lambda: _own_voice(rate, voice, volume)
        if speaker is not None:
            return speaker, None
        reasons.append(f"{candidate}: {reason}")
    no_sound = audio.audio_problem()
    if no_sound is not None:
        return SilentSpeaker(), no_sound
    return SilentSpeaker(), "; ".join(reasons)


def _own_voice(rate: int | None, voice: str | None, volume: float | None) -> Speaker:
    """toguz's own voice, the first of ``auto``'s after the screen reader that starts (silent when none)."""
    for candidate in AUTO_ORDER:
        if candidate != SCREEN_READER:
            speaker, _reason = _start(candidate, rate, voice, volume)
            if speaker is not None:
                return speaker
    return SilentSpeaker()


def language_voice(code: str) -> str | None:
    """The voice that reads language ``code`` (espeak-ng's name, which pyttsx3 and speech-dispatcher
    take too); None for English, the engines' own default."""
    language = LANGUAGES.get(code)
    return None if language is None or language.code == DEFAULT else language.voice


def render_wav(text: str, path: Path, backend: str = "auto", voice: str | None = None,
               rate: int | None = None) -> Path:
    """Render ``text`` to the WAV file ``path`` with pyttsx3 or espeak-ng (``auto``: espeak-ng if
    installed, else pyttsx3), in ``voice`` and at ``rate`` words a minute if given. Raises
    ``RuntimeError`` with a plain reason when it cannot."""
    wish = backend.strip().lower()
    if wish == "auto":
        wish = "espeak-ng" if audio.program("espeak-ng") else "pyttsx3"
    path = Path(path)
    if wish == "espeak-ng":
        if audio.program("espeak-ng") is None:
            raise RuntimeError(audio.fix_espeak_ng())
        return espeak.render(text, path, rate=rate, voice=voice)
    if wish == "pyttsx3":
        return pyttsx3_backend.render(text, path, rate=rate, voice=voice)
    raise RuntimeError(_("cannot write WAV files with {backend}: choose auto, pyttsx3 or espeak-ng").format(
        backend=repr(backend)))


def list_voices(backend: str) -> list[str]:
    """The voices ``backend`` offers, whether or not there is a sound device (WAV files need them
    too). Raises ``RuntimeError`` with a plain reason when the backend cannot be asked."""
    if backend == "espeak-ng":
        if audio.program("espeak-ng") is None:
            raise RuntimeError(audio.fix_espeak_ng())
        return espeak.list_voices()
    if backend == "pyttsx3":
        found = pyttsx3_backend.render_problem()
        if found is not None:
            raise RuntimeError(found)
        renderer = pyttsx3_backend.Pyttsx3Renderer()
        try:
            return renderer.voices()
        finally:
            renderer.close()
    if backend == "speech-dispatcher":
        if audio.program("spd-say") is None:
            raise RuntimeError(audio.fix_spd_say())
        return dispatcher.list_voices()
    if backend in SILENT_NAMES:
        return []
    raise RuntimeError(_("{backend} has no list of voices here").format(backend=backend))
