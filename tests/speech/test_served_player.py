"""Windows' player of toguz's own voice is one process kept for every utterance (issue 51, item 8):
``wav_player.py --serve`` on miniaudio's real ``null`` backend, which plays at a device's pace to no device."""

from __future__ import annotations

import subprocess
import time
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from speech.system import processes, use_system
from speech.system.sound import player_command
from speech.voices import pyttsx3_backend
from speech.voices.pyttsx3_backend import Pyttsx3Speaker

RATE = 22050
LONG = 10.0  # seconds of the long utterance


def write_wav(path: Path, seconds: float) -> None:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(b"\x10\x00" * int(RATE * seconds))


class Renderer:
    """Stands in for the pyttsx3 worker: a WAV file of 0.2 s, or ``LONG`` s for a text with "long"."""

    def render(self, text: str, path: Path, rate: int | None = None, voice: str | None = None,
               volume: float | None = None, timeout: float = 30.0) -> Path:
        write_wav(path, LONG if "long" in text else 0.2)
        return path

    missing = None

    def voices(self) -> list[str]:
        return []

    def close(self) -> None:
        pass


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[list[str]]]:
    """Windows' branches of the seam, its player on the null backend; the players started (their argv)."""
    started: list[list[str]] = []
    real_popen = subprocess.Popen

    def popen(argv: Any, *args: Any, **kwargs: Any) -> Any:
        if any(str(word).endswith("wav_player.py") for word in argv):
            started.append([str(word) for word in argv])
        return real_popen(argv, *args, **kwargs)

    with use_system("win32"):
        own = player_command()
        monkeypatch.setattr(processes, "detached", lambda: {})  # Popen's creationflags exist on Windows only
        monkeypatch.setattr(pyttsx3_backend, "default_player", lambda: [*own, "--backend", "null"])
        monkeypatch.setattr(subprocess, "Popen", popen)
        yield started


def speaker() -> Pyttsx3Speaker:
    return Pyttsx3Speaker(renderer=Renderer())  # type: ignore[arg-type]  # a fake renderer


def test_two_utterances_in_a_row_are_played_by_one_player_process(windows: list[list[str]]) -> None:
    voice = speaker()
    try:
        voice.speak("Your pit 4: 12 stones.")
        assert voice.wait(20)
        first = getattr(getattr(voice, "_served", None), "pid", None)
        voice.speak("The computer captures 10.")
        assert voice.wait(20)
        assert voice.last_error is None
        assert first is not None and voice._served is not None and voice._served.pid == first
        assert len(windows) == 1, windows
        assert windows[0][-1] == "--serve"
    finally:
        voice.close()


def test_a_new_announcement_cuts_a_long_one_off_in_the_same_process(windows: list[list[str]]) -> None:
    voice = speaker()
    try:
        began = time.monotonic()
        voice.speak("a long announcement")
        voice.speak("Your turn.")  # cuts the long one off
        assert voice.wait(20)
        assert time.monotonic() - began < LONG / 3, "the stale announcement was played on"
        voice.speak("a long one again")
        voice.stop()
        assert voice.wait(LONG / 3)
        assert voice.last_error is None
        assert len(windows) == 1, windows
    finally:
        voice.close()


def test_a_stop_during_a_long_file_answers_stopped_at_once(windows: list[list[str]], tmp_path: Path) -> None:
    path = tmp_path / "long.wav"
    write_wav(path, LONG)
    short = tmp_path / "short.wav"
    write_wav(short, 0.2)
    argv = [*pyttsx3_backend.default_player(), "--serve"]
    player = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
    assert player.stdin is not None and player.stdout is not None
    try:
        player.stdin.write(f"play {short}\n")
        player.stdin.flush()
        assert player.stdout.readline().strip() == "done"  # the device is open and plays
        began = time.monotonic()
        player.stdin.write(f"play {path}\nstop\n")
        player.stdin.flush()
        answers = [player.stdout.readline().strip(), player.stdout.readline().strip()]
        assert answers == ["stopped", "stopped"]
        assert time.monotonic() - began < LONG / 5
        player.stdin.write(f"play {tmp_path / 'none.wav'}\n")
        player.stdin.flush()
        assert player.stdout.readline().startswith("failed ")
    finally:
        player.stdin.close()
        assert player.wait(10) == 0
        player.stdout.close()
