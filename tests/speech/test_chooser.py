"""The chooser falls back to silence with a reason the user can act on, and never raises."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import speech.speakers as speakers
from speech.speakers import AUTO_ORDER, BACKENDS, SilentSpeaker, audio, open_speaker
from speech.speakers.espeak import EspeakSpeaker
from tests.speech.conftest import started

SlowProgram = Callable[[str, float], tuple[Path, Path]]


def test_there_is_no_audio_without_a_sound_card_or_sound_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PULSE_SERVER", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "linux")
    assert audio.audio_problem(tmp_path / "snd") == audio.FIX_AUDIO
    (tmp_path / "snd").mkdir()
    (tmp_path / "snd" / "controlC0").touch()
    assert audio.audio_problem(tmp_path / "snd") == audio.FIX_AUDIO
    (tmp_path / "snd" / "pcmC0D0p").touch()
    assert audio.audio_problem(tmp_path / "snd") is None


def test_a_sound_server_counts_as_audio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.delenv("PULSE_SERVER", raising=False)
    (tmp_path / "pipewire-0").touch()
    assert audio.audio_problem(tmp_path / "snd") is None


def test_off_and_silent_give_a_silent_speaker_without_complaint() -> None:
    for name in ("off", "silent", "OFF"):
        speaker, reason = open_speaker(name)
        assert isinstance(speaker, SilentSpeaker) and reason is None


def test_an_unknown_backend_falls_back_with_its_reason() -> None:
    speaker, reason = open_speaker("festival")
    assert isinstance(speaker, SilentSpeaker)
    assert reason == (
        "festival: unknown speech backend 'festival': choose auto, off or one of "
        "pyttsx3, espeak-ng, speech-dispatcher, screen-reader, silent; speech is off, text only"
    )


def test_no_audio_device_makes_every_voice_fall_back_with_the_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audio, "audio_problem", lambda: audio.FIX_AUDIO)
    for name in ("pyttsx3", "espeak-ng"):
        speaker, reason = open_speaker(name)
        assert isinstance(speaker, SilentSpeaker)
        assert reason == f"{name}: {audio.FIX_AUDIO}; speech is off, text only"
    speaker, reason = open_speaker("auto")
    assert isinstance(speaker, SilentSpeaker)
    assert reason == f"speech is off, text only: {audio.FIX_AUDIO}"


def test_a_missing_program_is_named_with_its_debian_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audio, "program", lambda name: None)
    monkeypatch.setattr(audio, "audio_problem", lambda: None)
    assert open_speaker("espeak-ng")[1] == (
        "espeak-ng: the espeak-ng program is missing (sudo apt install espeak-ng); speech is off, text only"
    )
    assert "sudo apt install speech-dispatcher" in str(open_speaker("speech-dispatcher")[1])
    assert "sudo apt install alsa-utils" in str(open_speaker("pyttsx3")[1])


def test_the_screen_reader_needs_accessible_output2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "accessible_output2", None)
    speaker, reason = open_speaker("screen-reader")
    assert isinstance(speaker, SilentSpeaker)
    assert reason is not None and "pip install 'toguz[screen-reader]'" in reason


def test_a_backend_that_breaks_while_starting_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> EspeakSpeaker:
        raise OSError("device busy")

    monkeypatch.setattr(audio, "audio_problem", lambda: None)
    monkeypatch.setitem(speakers._OPENERS, "espeak-ng", broken)
    speaker, reason = open_speaker("espeak-ng", rate=200)
    assert isinstance(speaker, SilentSpeaker)
    assert reason == "espeak-ng: espeak-ng failed to start: OSError: device busy; speech is off, text only"


def test_a_check_that_breaks_is_a_reason_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> str | None:
        raise ValueError("odd system")

    monkeypatch.setitem(speakers._PROBLEMS, "espeak-ng", broken)
    assert speakers.backend_problem("espeak-ng") == "espeak-ng could not be checked: ValueError: odd system"


def test_auto_takes_the_first_backend_that_works_and_applies_the_settings(
    fake_bin: Path, slow_program: SlowProgram, monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, log = slow_program("espeak-ng", 0.0)
    monkeypatch.setattr(audio, "audio_problem", lambda: None)
    monkeypatch.setitem(sys.modules, "accessible_output2", None)
    monkeypatch.setitem(speakers._PROBLEMS, "pyttsx3", lambda: "no pyttsx3 in this test")
    speaker, reason = open_speaker("auto", rate=150, voice="en", volume=1.0)
    try:
        assert reason is None and speaker.name == "espeak-ng"
        speaker.speak("Your turn.")
        assert started(log)[0][1] == "-v en -s 150 -a 100 -- Your turn."
    finally:
        speaker.close()


def test_the_backend_lists_agree() -> None:
    assert set(AUTO_ORDER) | {"silent"} == set(BACKENDS)


def test_auto_prefers_pyttsx3_the_default_self_voicing_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audio, "audio_problem", lambda: None)
    monkeypatch.setitem(sys.modules, "accessible_output2", None)
    speaker, reason = open_speaker("auto")
    try:
        assert reason is None and speaker.name == "pyttsx3"
    finally:
        speaker.close()
