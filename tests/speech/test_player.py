"""Playing cues: the fakes, the choice of player, the mixer, and miniaudio's null device (no sound card
needed). No test opens the machine's real sound device."""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from collections.abc import Iterator

import numpy as np
import pytest

from speech.sounds import cues
from speech.sounds.hush import quiet_stderr
from speech.sounds.player import (
    CuePlayer,
    MiniaudioPlayer,
    Mixer,
    RecordingPlayer,
    SilentPlayer,
    open_player,
)
from speech.voices.audio import fix_audio
from tests.needs import need
from tests.waiting import until


def no_check() -> str | None:
    """A machine with audio output."""
    return None


def must_not_check() -> str | None:
    raise AssertionError("the machine was asked about its audio")


def constant(value: float, frames: int) -> np.ndarray:
    return np.full((frames, 2), value, dtype=np.float32)


def test_the_recording_player_keeps_what_it_played() -> None:
    player = RecordingPlayer()
    assert isinstance(player, CuePlayer) and player.enabled
    player.play(cues.tick(0.0), label="tick")
    player.play(cues.turn())
    assert player.names == ["tick", ""]
    assert len(player.sounds) == 2 and np.array_equal(player.sounds[0], cues.tick(0.0))
    player.set_volume(1.7)
    assert player.volume == 1.0
    player.close()
    player.play(cues.tick(0.0), label="late")
    assert player.closed and player.names == ["tick", ""]


def test_the_silent_player_plays_nothing_and_says_why() -> None:
    player = SilentPlayer("no reason at all")
    assert isinstance(player, CuePlayer) and not player.enabled
    player.play(cues.tick(0.0), label="tick")
    player.set_volume(0.5)
    player.close()
    assert player.reason == "no reason at all" and player.last_error is None


def test_cues_turned_off_give_a_silent_player_and_no_reason() -> None:
    player, reason = open_player(False, problem_check=must_not_check)
    assert isinstance(player, SilentPlayer) and reason is None and player.reason == ""


def test_no_audio_output_gives_a_silent_player_with_the_speech_lines_words() -> None:
    player, reason = open_player(True, problem_check=fix_audio)
    assert isinstance(player, SilentPlayer)
    assert reason == fix_audio() and player.reason == reason


def test_without_miniaudio_the_player_is_silent_with_a_plain_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "miniaudio", None)  # import miniaudio now raises ImportError
    player, reason = open_player(True, problem_check=no_check)
    assert isinstance(player, SilentPlayer)
    assert reason == "sound cues are off: the miniaudio package is not installed (pip install miniaudio)"


# The mixer, with no device ------------------------------------------------------------------

def test_the_mixer_adds_sounds_and_drops_finished_ones() -> None:
    mixer = Mixer()
    assert mixer.block(4) is None  # silence when nothing plays
    mixer.add(constant(0.25, 6))
    mixer.add(constant(0.5, 3))
    first = mixer.block(4)
    assert first is not None and first.shape == (4, 2)
    assert np.allclose(first[:3], 0.75) and np.allclose(first[3], 0.25)
    assert mixer.active() == 1
    second = mixer.block(4)
    assert second is not None and np.allclose(second[:2], 0.25) and np.allclose(second[2:], 0.0)
    assert mixer.active() == 0 and mixer.block(4) is None


def test_a_new_sound_never_cuts_one_still_sounding() -> None:
    mixer = Mixer()
    mixer.add(constant(0.1, 10))
    mixer.block(5)
    mixer.add(constant(0.2, 10))
    block = mixer.block(5)
    assert block is not None and np.allclose(block, 0.3)
    block = mixer.block(5)
    assert block is not None and np.allclose(block, 0.2)


def test_the_mix_is_clipped_and_follows_the_volume() -> None:
    mixer = Mixer()
    mixer.add(constant(0.8, 4))
    mixer.add(constant(0.8, 4))
    block = mixer.block(2)
    assert block is not None and np.allclose(block, 1.0)
    mixer.set_volume(0.25)
    block = mixer.block(2)
    assert block is not None and np.allclose(block, 0.4)


def test_the_mixer_records_when_the_newest_sound_first_goes_out() -> None:
    mixer = Mixer()
    mixer.add(constant(0.1, 10))
    assert mixer.first_output_at is None and mixer.played_at is not None
    mixer.block(4)
    started = mixer.first_output_at
    assert started is not None and started >= mixer.played_at
    mixer.block(4)
    assert mixer.first_output_at == started  # only the first frames count
    mixer.add(constant(0.1, 10))
    assert mixer.first_output_at is None


def test_a_sound_must_be_stereo_or_mono() -> None:
    mixer = Mixer()
    mixer.add(np.zeros(5))  # mono goes to both sides
    with pytest.raises(ValueError):
        mixer.add(np.zeros((5, 3)))


def test_quiet_stderr_keeps_what_c_libraries_print_off_the_terminal(capfd: pytest.CaptureFixture[str]) -> None:
    with quiet_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"


# miniaudio's null device ------------------------------------------------------------------

@pytest.fixture
def null_player() -> Iterator[MiniaudioPlayer]:
    """A player on miniaudio's null backend: a real device thread that plays into nothing."""
    need(importlib.util.find_spec("miniaudio") is not None,
         "the miniaudio package is not installed (pip install miniaudio)")
    player = MiniaudioPlayer("null")
    yield player
    player.close()


def test_the_null_device_hands_out_a_played_sound(null_player: MiniaudioPlayer) -> None:
    assert null_player.enabled and null_player.backend.lower() == "null"
    null_player.play(cues.turn(), label="turn")
    until(lambda: null_player.first_output_at is not None, 1.0)
    assert null_player.played_at is not None and null_player.first_output_at is not None
    assert null_player.first_output_at - null_player.played_at < 1.0


def test_play_returns_at_once(null_player: MiniaudioPlayer) -> None:
    sound = cues.end("win")
    started = time.perf_counter()
    null_player.play(sound)
    assert time.perf_counter() - started < 0.01


def test_sounds_played_together_mix_and_finish(null_player: MiniaudioPlayer) -> None:
    null_player.play(cues.tick(-0.9))
    null_player.play(cues.land(0.5, 4))
    null_player.play(cues.tick(0.9))
    assert null_player.playing() >= 1
    until(lambda: null_player.playing() == 0, 1.0)
    assert null_player.last_error is None and null_player.enabled


def test_close_stops_the_device(null_player: MiniaudioPlayer) -> None:
    null_player.play(cues.end("draw"))
    null_player.close()
    assert not null_player.enabled and null_player.playing() == 0
    null_player.play(cues.tick(0.0))  # nothing happens, nothing raises
    null_player.close()


def test_a_failure_in_the_audio_thread_turns_the_player_silent(
    null_player: MiniaudioPlayer, monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(frames: int) -> None:
        raise RuntimeError("the mixer broke")

    monkeypatch.setattr(null_player.mixer, "block", broken)
    until(lambda: null_player.last_error is not None, 1.0)
    null_player.play(cues.tick(0.0))
    assert not null_player.enabled
    assert null_player.last_error == "RuntimeError: the mixer broke"


def test_open_player_opens_the_null_device_without_asking_the_machine(capfd: pytest.CaptureFixture[str]) -> None:
    need(importlib.util.find_spec("miniaudio") is not None,
         "the miniaudio package is not installed (pip install miniaudio)")
    player, reason = open_player(True, volume=0.5, backend="null", problem_check=must_not_check)
    try:
        assert isinstance(player, MiniaudioPlayer) and reason is None
        assert player.mixer.volume == 0.5
    finally:
        player.close()
    assert capfd.readouterr() == ("", "")


def test_an_unknown_backend_gives_a_silent_player_not_an_error() -> None:
    need(importlib.util.find_spec("miniaudio") is not None,
         "the miniaudio package is not installed (pip install miniaudio)")
    player, reason = open_player(True, backend="no-such-backend", problem_check=no_check)
    assert isinstance(player, SilentPlayer)
    assert reason == "sound cues are off: the sound device would not start (no backend no-such-backend)"
