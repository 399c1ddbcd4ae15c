"""A separate process that owns one pyttsx3 engine and renders text to WAV files on request.

Run as ``python -m speech.voices.pyttsx3_worker``. It reads one JSON request a line on stdin
(``{"text", "path", "rate", "voice", "volume"}``) and answers one JSON line
(``{"ok": true}`` or ``{"failed": KIND, "detail": "..."}``, which the parent words in the user's
language: ``start``, ``no-sound`` or ``error``). pyttsx3's own printing goes to /dev/null: only the
answers reach the parent. ``{"voices": true}`` answers ``{"voices": [...], "languages": [[...], ...]}``
(each voice's id, and the languages it speaks).
"""

from __future__ import annotations

import json
import os
import sys
import time
import wave
from pathlib import Path
from typing import IO, Any

from speech.voices import aiff


def _answers() -> IO[str]:
    """Keep the real stdout for answers; send everything else printed to /dev/null."""
    answers = os.fdopen(os.dup(1), "w", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the process
    return answers


def wav_ready(path: Path) -> bool:
    """True once ``path`` is a complete WAV file with sound in it, or a complete AIFF one: what macOS's
    synthesizer writes whatever the file is called (pyttsx3's ``nsss.save_to_file``: "Apple writes .aiff,
    not .wav"; ``render`` then turns it into WAV)."""
    if aiff.ready(path):
        return True
    try:
        with wave.open(str(path), "rb") as wav:
            frames = wav.getnframes()
            expected = frames * wav.getsampwidth() * wav.getnchannels()
        return frames > 0 and path.stat().st_size >= expected + 44
    except (OSError, EOFError, wave.Error):
        return False


MOST_VOICES = 1000  # voices listed (SAPI has a few, NSSpeechSynthesizer some 180, espeak-ng some 130)


def spoken(voice: Any) -> list[str]:
    """The languages a pyttsx3 voice speaks, as its driver names them (``ru-RU`` SAPI, ``ru_RU``
    NSSpeechSynthesizer, ``ru`` espeak-ng; bytes decoded), at most eight."""
    return [item.decode("utf-8", "replace") if isinstance(item, bytes) else str(item)
            for item in list(getattr(voice, "languages", None) or [])[:8]]


class NoSound(RuntimeError):
    """pyttsx3 wrote no sound to the file (its path)."""


def render(engine: Any, request: dict[str, Any], timeout: float = 20.0) -> None:
    """Render one request's text to its path; RuntimeError if no complete file appears in time."""
    if request.get("rate") is not None:
        engine.setProperty("rate", int(request["rate"]))
    if request.get("voice"):
        engine.setProperty("voice", str(request["voice"]))
    if request.get("volume") is not None:
        engine.setProperty("volume", float(request["volume"]))
    path = Path(request["path"])
    engine.save_to_file(str(request["text"]), str(path))
    engine.runAndWait()
    deadline = time.monotonic() + timeout
    while not wav_ready(path):  # the file may appear after runAndWait returns
        if time.monotonic() > deadline:
            raise NoSound(str(path))
        time.sleep(0.01)
    try:
        aiff.to_wav(path)  # macOS's AIFF made WAV, which every player and ``toguz speech --wav`` take
    except (OSError, aiff.NotAiff):
        raise NoSound(str(path)) from None


def main() -> int:
    """Serve requests until stdin closes."""
    answers = _answers()
    try:
        import pyttsx3

        engine = pyttsx3.init()
    except Exception as error:
        answers.write(json.dumps({"failed": "start", "detail": str(error)}) + "\n")
        return 1
    answers.write(json.dumps({"ready": True}) + "\n")
    for line in sys.stdin:
        try:
            request = json.loads(line)
            if request.get("voices"):
                found = list(engine.getProperty("voices"))[:MOST_VOICES]
                answers.write(json.dumps({"voices": [str(voice.id) for voice in found],
                                          "languages": [spoken(voice) for voice in found]}) + "\n")
                continue
            render(engine, request)
            answers.write(json.dumps({"ok": True}) + "\n")
        except NoSound as error:
            answers.write(json.dumps({"failed": "no-sound", "detail": str(error)}) + "\n")
        except Exception as error:
            answers.write(json.dumps({"failed": "error", "detail": f"{type(error).__name__}: {error}"}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
