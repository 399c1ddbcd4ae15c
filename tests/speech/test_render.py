"""Real speech: sentences rendered to WAV through pyttsx3 and espeak-ng are valid, growing audio.

These need the real programs (``tests.needs``: skipped with the package to install, failed on CI).
"""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from speech.system.machine import Machine
from speech.voices import render_wav
from tests.needs import need_library, need_program

SHORT = "Your turn."
LONG = (
    "You sow 9 stones from pit 7; the last stone falls into the computer's pit 6, which now holds 10. "
    "You capture 10. You lead 10 to 0."
)


def seconds(path: Path) -> float:
    """The length of a WAV file, checking that it is mono 16-bit sound with frames."""
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getframerate() > 8000
        assert wav.getnframes() > 0
        return wav.getnframes() / wav.getframerate()


@pytest.mark.parametrize("backend", ["pyttsx3", "espeak-ng"])
def test_a_longer_sentence_makes_a_longer_wav(backend: str, tmp_path: Path, real_machine: Machine) -> None:
    if backend == "espeak-ng":
        need_program("espeak-ng")
    else:
        need_library("espeak-ng")
    short = render_wav(SHORT, tmp_path / "short.wav", backend)
    long = render_wav(LONG, tmp_path / "long.wav", backend)
    assert 0.3 < seconds(short) < seconds(long) / 3
    assert seconds(long) > 4


def test_auto_renders_a_wav(tmp_path: Path, real_machine: Machine) -> None:
    need_library("espeak-ng")
    path = render_wav(SHORT, tmp_path / "auto.wav")
    assert seconds(path) > 0.3


def test_an_unknown_wav_backend_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="cannot write WAV files with 'silent'"):
        render_wav(SHORT, tmp_path / "x.wav", "silent")
