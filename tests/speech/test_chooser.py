"""The chooser falls back to silence with a reason the user can act on, and never raises.

Each test states the machine it assumes (``FakeMachine``): which programs, libraries and sound
outputs exist. None reads the computer that runs it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypedDict, Unpack

import pytest

import speech.voices as speakers
from speech.system import use_system
from speech.system.machine import FakeMachine, Machine
from speech.voices import AUTO_ORDER, BACKENDS, SilentSpeaker, audio, open_speaker
from speech.voices.base import RecordingSpeaker
from speech.voices.espeak import EspeakSpeaker
from tests.speech.conftest import started

SlowProgram = Callable[[str, float], tuple[Path, Path]]


class Parts(TypedDict, total=False):
    """What a fake machine is given: programs, libraries and modules by name."""

    programs: set[str]
    libraries: set[str]
    modules: set[str]


EVERYTHING: Parts = {"programs": {"espeak-ng", "aplay", "spd-say"}, "libraries": {"espeak-ng"}, "modules": {"pyttsx3"}}


def equip(machine: FakeMachine, sound: bool = True, **parts: Unpack[Parts]) -> FakeMachine:
    """Give the fake machine these programs, libraries and modules, with or without a sound card."""
    for name, items in parts.items():
        getattr(machine, name).update(items)
    machine.has_sound_device = sound
    return machine


def test_there_is_no_audio_without_a_sound_card_or_sound_server(machine: FakeMachine) -> None:
    assert audio.audio_problem() == audio.fix_audio()
    machine.has_sound_device = True
    assert audio.audio_problem() is None


def test_a_sound_server_counts_as_audio(machine: FakeMachine) -> None:
    machine.has_sound_server = True
    assert audio.audio_problem() is None


@pytest.mark.usefixtures("machine_looks")
def test_the_real_machine_finds_a_playback_device_only_among_pcm_playback_nodes(tmp_path: Path) -> None:
    snd = tmp_path / "snd"
    assert not Machine().sound_device(snd)
    snd.mkdir()
    (snd / "controlC0").touch()
    (snd / "pcmC0D0c").touch()  # a capture device: no use for speaking
    assert not Machine().sound_device(snd)
    (snd / "pcmC0D0p").touch()
    assert Machine().sound_device(snd)


@pytest.mark.usefixtures("machine_looks")
def test_the_real_machine_hears_of_a_sound_server_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PULSE_SERVER", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert not Machine().sound_server()
    (tmp_path / "pipewire-0").touch()
    assert Machine().sound_server()
    (tmp_path / "pipewire-0").unlink()
    monkeypatch.setenv("PULSE_SERVER", "unix:/run/pulse")
    assert Machine().sound_server()


def test_off_and_silent_give_a_silent_speaker_without_complaint() -> None:
    for name in ("off", "silent", "OFF"):
        speaker, reason = open_speaker(name)
        assert isinstance(speaker, SilentSpeaker) and reason is None


def test_an_unknown_backend_falls_back_with_its_reason() -> None:
    speaker, reason = open_speaker("festival")
    assert isinstance(speaker, SilentSpeaker)
    assert reason == (
        "festival: unknown speech backend 'festival': choose auto, off or one of "
        "pyttsx3, espeak-ng, speech-dispatcher, screen-reader, silent"
    )


def test_no_audio_device_makes_every_voice_fall_back_with_the_fix(machine: FakeMachine) -> None:
    equip(machine, sound=False, **EVERYTHING)
    for name in ("pyttsx3", "espeak-ng"):
        speaker, reason = open_speaker(name)
        assert isinstance(speaker, SilentSpeaker)
        assert reason == f"{name}: {audio.fix_audio()}"
    speaker, reason = open_speaker("auto")
    assert isinstance(speaker, SilentSpeaker)
    assert reason == f"{audio.fix_audio()}"


def test_a_missing_program_is_named_with_its_debian_package(machine: FakeMachine) -> None:
    equip(machine, libraries={"espeak-ng"}, modules={"pyttsx3"})
    assert open_speaker("espeak-ng")[1] == (
        "espeak-ng: the espeak-ng program is missing (sudo apt install espeak-ng)"
    )
    assert "sudo apt install speech-dispatcher" in str(open_speaker("speech-dispatcher")[1])
    assert "sudo apt install alsa-utils" in str(open_speaker("pyttsx3")[1])


def test_a_missing_library_or_module_is_named_with_its_fix(machine: FakeMachine) -> None:
    equip(machine, programs={"aplay"}, modules={"pyttsx3"})
    assert open_speaker("pyttsx3")[1] == f"pyttsx3: {audio.fix_libespeak()}"
    machine.modules.clear()
    assert open_speaker("pyttsx3")[1] == f"pyttsx3: {audio.fix_pyttsx3()}"


def test_on_linux_the_screen_reader_reads_the_terminal_and_takes_no_text(machine: FakeMachine) -> None:
    equip(machine, **EVERYTHING)
    speaker, reason = open_speaker("screen-reader")
    assert isinstance(speaker, SilentSpeaker)
    assert reason == "screen-reader: on Linux your screen reader reads the terminal: use the screen-reader mode"


def test_on_windows_the_screen_reader_needs_prismatoid(machine: FakeMachine) -> None:
    equip(machine, **EVERYTHING)
    machine.system = "win32"
    with use_system("win32"):
        speaker, reason = open_speaker("screen-reader")
    assert isinstance(speaker, SilentSpeaker)
    assert reason == "screen-reader: the prismatoid package is missing (pip install prismatoid)"


def test_a_backend_that_breaks_while_starting_falls_back(
    machine: FakeMachine, monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken() -> EspeakSpeaker:
        raise OSError("device busy")

    equip(machine, **EVERYTHING)
    monkeypatch.setitem(speakers._OPENERS, "espeak-ng", broken)
    speaker, reason = open_speaker("espeak-ng", rate=200)
    assert isinstance(speaker, SilentSpeaker)
    assert reason == "espeak-ng: espeak-ng failed to start: OSError: device busy"


def test_a_check_that_breaks_is_a_reason_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> str | None:
        raise ValueError("odd system")

    monkeypatch.setitem(speakers._PROBLEMS, "espeak-ng", broken)
    assert speakers.backend_problem("espeak-ng") == "espeak-ng could not be checked: ValueError: odd system"


def test_auto_takes_the_first_backend_that_works_and_applies_the_settings(
    fake_bin: Path, slow_program: SlowProgram, machine: FakeMachine,
) -> None:
    _, log = slow_program("espeak-ng", 0.0)
    equip(machine, programs={"espeak-ng", "aplay"})  # pyttsx3 lacks its library here
    speaker, reason = open_speaker("auto", rate=150, voice="en", volume=1.0)
    try:
        assert reason is None and speaker.name == "espeak-ng"
        speaker.speak("Your turn.")
        assert started(log)[0][1] == "-v en -s 150 -a 100 -- Your turn."
    finally:
        speaker.close()


def test_the_backend_lists_agree() -> None:
    assert set(AUTO_ORDER) | {"silent"} == set(BACKENDS)


def test_auto_prefers_pyttsx3_the_default_self_voicing_engine(
    machine: FakeMachine, monkeypatch: pytest.MonkeyPatch,
) -> None:
    equip(machine, **EVERYTHING)
    opened: list[str] = []

    def opener(name: str) -> Callable[[], RecordingSpeaker]:
        def open_it() -> RecordingSpeaker:
            opened.append(name)
            speaker = RecordingSpeaker()
            speaker.name = name
            return speaker
        return open_it

    for name in AUTO_ORDER:
        monkeypatch.setitem(speakers._OPENERS, name, opener(name))
    speaker, reason = open_speaker("auto")
    assert reason is None and speaker.name == "pyttsx3"
    assert opened == ["pyttsx3"], "on Linux the screen reader reads the terminal: it is no voice of toguz's"
    machine.modules.add("prism")
    with use_system("win32"):  # on Windows, NVDA or JAWS through prismatoid comes first
        assert open_speaker("auto")[0].name == "screen-reader"
    machine.modules.discard("prism")
    machine.libraries.clear()
    assert open_speaker("auto")[0].name == "espeak-ng"
