"""Speakers never block, cut each other off at once, and leave no process behind."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from speech.system.machine import Machine
from speech.voices import RecordingSpeaker, SilentSpeaker, Speaker
from speech.voices.dispatcher import DispatcherSpeaker
from speech.voices.dispatcher import options as spd_options
from speech.voices.espeak import EspeakSpeaker
from speech.voices.espeak import options as espeak_options
from speech.voices.pyttsx3_backend import Pyttsx3Speaker
from speech.voices.screen_reader import ScreenReaderSpeaker
from tests.needs import need_library
from tests.speech.conftest import alive, started, wait_gone

SlowProgram = Callable[[str, float], tuple[Path, Path]]


def test_speak_returns_at_once_while_a_slow_espeak_ng_talks(slow_program: SlowProgram) -> None:
    program, log = slow_program("espeak-ng", 5.0)
    speaker = EspeakSpeaker(command=str(program))
    try:
        began = time.monotonic()
        speaker.speak("You sow 9 stones from pit 7.")
        assert time.monotonic() - began < 2.0  # the voice takes 5 s
        ((pid, args),) = started(log)
        assert args.endswith("-- You sow 9 stones from pit 7.")
        assert alive(pid)
    finally:
        speaker.close()
    assert not alive(pid)


def test_a_new_announcement_silences_the_old_one_at_once(slow_program: SlowProgram) -> None:
    program, log = slow_program("espeak-ng", 5.0)
    speaker = EspeakSpeaker(command=str(program))
    try:
        speaker.speak("first")
        ((first, _),) = started(log)
        began = time.monotonic()
        speaker.speak("second")
        assert time.monotonic() - began < 2.0  # the voice takes 5 s
        assert wait_gone(first) < 2.5  # cut off, not spoken for its 5 s
        second = started(log, 2)[1]
        assert second[1].endswith("-- second")
    finally:
        speaker.close()


def test_an_announcement_without_interrupt_waits_its_turn(slow_program: SlowProgram) -> None:
    program, log = slow_program("espeak-ng", 0.3)
    speaker = EspeakSpeaker(command=str(program))
    try:
        speaker.speak("first")
        speaker.speak("second", interrupt=False)
        assert speaker.wait(5.0)
        assert [args.rsplit("-- ", 1)[1] for _, args in started(log, 2)] == ["first", "second"]
    finally:
        speaker.close()


def test_stop_silences_and_forgets_the_queue(slow_program: SlowProgram) -> None:
    program, log = slow_program("espeak-ng", 5.0)
    speaker = EspeakSpeaker(command=str(program))
    try:
        speaker.speak("first")
        speaker.speak("queued", interrupt=False)
        ((first, _),) = started(log)
        speaker.stop()
        assert wait_gone(first) < 2.5  # cut off, not spoken for its 5 s
        assert speaker.wait(2.0)
        assert len(started(log)) == 1
    finally:
        speaker.close()


def test_close_is_clean_and_says_nothing_more(slow_program: SlowProgram) -> None:
    program, log = slow_program("espeak-ng", 5.0)
    speaker = EspeakSpeaker(command=str(program))
    speaker.speak("first")
    ((pid, _),) = started(log)
    speaker.close()
    assert not alive(pid)
    speaker.speak("after close")
    speaker.close()
    time.sleep(0.05)
    assert len(started(log)) == 1


def test_rate_voice_and_volume_reach_espeak_ng(slow_program: SlowProgram) -> None:
    program, log = slow_program("espeak-ng", 0.0)
    speaker = EspeakSpeaker(command=str(program))
    try:
        speaker.set_rate(220)
        speaker.set_voice("kk")
        speaker.set_volume(0.5)
        speaker.speak("Salem")
        assert speaker.wait(5.0)
        assert started(log)[0][1] == "-v kk -s 220 -a 50 -- Salem"
    finally:
        speaker.close()


def test_espeak_ng_and_spd_say_options_are_clamped() -> None:
    assert espeak_options(1000, None, 2.0) == ["-s", "500", "-a", "100"]
    assert spd_options(175, "Anna", 0.0) == ["-r", "0", "-y", "Anna", "-i", "-100"]
    assert spd_options(10_000, None, 1.0) == ["-r", "100", "-i", "100"]


def test_a_missing_program_is_remembered_and_never_raised(tmp_path: Path) -> None:
    speaker = EspeakSpeaker(command=str(tmp_path / "no-such-espeak"))
    try:
        speaker.speak("hello")
        assert speaker.wait(5.0)
        assert speaker.last_error is not None and "FileNotFoundError" in speaker.last_error
    finally:
        speaker.close()


class FakeRenderer:
    """Stands in for the pyttsx3 worker process: writes a short silent WAV file per request."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.closed = False

    def render(self, text: str, path: Path, rate: int | None = None, voice: str | None = None,
               volume: float | None = None, timeout: float = 30.0) -> Path:
        import wave

        self.texts.append(text)
        with wave.open(str(path), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(22050)
            wav.writeframes(b"\0\0" * 2205)
        return path

    def voices(self) -> list[str]:
        return ["gmw/en", "kk"]

    def close(self) -> None:
        self.closed = True


def test_pyttsx3_plays_through_a_player_that_is_cut_off_at_once(slow_program: SlowProgram) -> None:
    program, log = slow_program("aplay", 5.0)
    renderer = FakeRenderer()
    speaker = Pyttsx3Speaker(player=[str(program), "-q"], renderer=renderer)  # type: ignore[arg-type]  # a fake renderer
    try:
        began = time.monotonic()
        speaker.speak("Your pit 4: 12 stones.")
        assert time.monotonic() - began < 2.0  # the voice takes 5 s
        ((first, args),) = started(log)
        assert args.startswith("-q ") and args.endswith(".wav")
        speaker.speak("The computer captures 10.")
        assert wait_gone(first) < 2.5  # cut off, not spoken for its 5 s
        assert len(started(log, 2)) == 2
        assert renderer.texts == ["Your pit 4: 12 stones.", "The computer captures 10."]
    finally:
        speaker.close()
    assert not alive(started(log, 2)[1][0])
    assert renderer.closed


def test_the_real_pyttsx3_worker_renders_what_the_player_plays(
    slow_program: SlowProgram, real_machine: Machine,
) -> None:
    need_library("espeak-ng")
    program, log = slow_program("aplay", 0.0)
    speaker = Pyttsx3Speaker(player=[str(program), "-q"])
    try:
        speaker.speak("Your pit 4: 12 stones.")
        assert speaker.wait(20.0)
        ((_, args),) = started(log)
        assert args.startswith("-q ") and args.endswith(".wav")
        assert speaker.last_error is None
        assert "gmw/en" in speaker.voices()
    finally:
        speaker.close()


def test_speech_dispatcher_cancels_before_each_interrupting_announcement(slow_program: SlowProgram) -> None:
    program, log = slow_program("spd-say", 0.0)
    speaker = DispatcherSpeaker(command=str(program))
    try:
        speaker.set_rate(200)
        speaker.speak("first")
        speaker.speak("second", interrupt=False)
        assert speaker.wait(5.0)
        speaker.stop()
        assert speaker.wait(5.0)
        assert [args for _, args in started(log, 4)] == ["-C", "-r 10 -- first", "-r 10 -- second", "-C"]
    finally:
        speaker.close()


class FakeReaderLink:
    """Stands in for the line to the user's screen reader (``speech.system.readers.ReaderLink``)."""

    name = "NVDA"
    braille = True

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []
        self.silenced = 0

    def output(self, text: str, interrupt: bool) -> None:
        self.said.append((text, interrupt))

    def stop(self) -> None:
        self.silenced += 1


def test_the_screen_reader_gets_the_text_and_the_silence() -> None:
    link = FakeReaderLink()
    speaker = ScreenReaderSpeaker(lambda: link)
    try:
        speaker.speak("Your turn.")
        assert speaker.wait(5.0)
        speaker.stop()
        assert speaker.wait(5.0)
        assert link.said == [("Your turn.", True)]
        assert link.silenced == 1
    finally:
        speaker.close()


def test_recording_speaker_keeps_what_it_was_given() -> None:
    speaker = RecordingSpeaker()
    speaker.speak("one")
    speaker.speak("two")
    speaker.speak("three", interrupt=False)
    speaker.stop()
    assert speaker.spoken == ["one", "two", "three"]
    assert speaker.stops == 2
    assert speaker.name == "recording"


@pytest.mark.parametrize("speaker", [SilentSpeaker(), RecordingSpeaker()], ids=["silent", "recording"])
def test_text_only_speakers_fit_the_protocol(speaker: Speaker) -> None:
    assert isinstance(speaker, Speaker)
    speaker.set_rate(200)
    speaker.set_voice("en")
    speaker.set_volume(0.5)
    assert speaker.voices() == []
    speaker.close()
