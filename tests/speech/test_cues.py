"""The sound cues as a listener hears them: every cue written to a WAV file and read back is there,
audible, short enough, and heard where its pit lies on the board; a move's sound follows the stones."""

from __future__ import annotations

import dataclasses
import itertools
import math
from pathlib import Path

import numpy as np
import pytest

from rules import Game, Side
from speech.sounds import cues, sounds_command
from tests.speech.listening import Samples, read_wav

# The longest each cue may last, in milliseconds.
BUDGETS = {
    "tick": 60, "land": 150, "capture-small": 400, "capture": 400, "capture-large": 400, "tuzdyk": 400,
    "turn": 250, "illegal": 200, "edge": 100, "end-win": 900, "end-loss": 900, "end-draw": 900,
    "low-time": 400, "move": 1500,
    **{f"pit-{side.key}-{pit}": 150 for side in Side for pit in range(1, 10)},
}
RMS_FLOOR = 0.01  # quieter than this (on a scale of 1) is as good as silent


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every cue, written once by ``toguz sounds --wav``."""
    made = tmp_path_factory.mktemp("cues")
    assert sounds_command.main(["--wav", str(made)]) == 0
    return made


def energy(samples: Samples) -> tuple[float, float]:
    """The energy of the left and of the right channel."""
    left, right = (samples**2).sum(axis=0)
    return float(left), float(right)


def centroid(samples: Samples) -> float:
    """The spectral centroid in Hz (where the sound's brightness sits)."""
    mono = samples.sum(axis=1)
    spectrum = np.abs(np.fft.rfft(mono))
    freqs = np.fft.rfftfreq(len(mono), 1 / cues.SAMPLE_RATE)
    return float((spectrum * freqs).sum() / spectrum.sum())


def test_every_cue_is_written_as_16_bit_stereo_at_44100_hz(folder: Path) -> None:
    assert sorted(path.stem for path in folder.iterdir()) == sorted(cues.CUE_NAMES)
    assert set(cues.CUE_NAMES) == set(BUDGETS)
    for name in cues.CUE_NAMES:
        params, _ = read_wav(folder / f"{name}.wav")
        assert (params.nchannels, params.sampwidth, params.framerate) == (2, 2, 44100), name


def test_every_cue_is_audible_and_within_its_length(folder: Path) -> None:
    for name in cues.CUE_NAMES:
        params, samples = read_wav(folder / f"{name}.wav")
        ms = params.nframes * 1000 / params.framerate
        rms = math.sqrt(float((samples**2).mean()))
        assert rms > RMS_FLOOR, f"{name} is silent (RMS {rms:.4f})"
        assert 0 < ms < BUDGETS[name], f"{name} lasts {ms:.0f} ms, over {BUDGETS[name]} ms"
        assert np.abs(samples).max() <= 1.0


def test_every_cue_starts_and_ends_at_silence_so_nothing_clicks() -> None:
    for name in cues.CUE_NAMES:
        sound = cues.render_cue(name)
        assert sound.dtype == np.float32 and sound.ndim == 2 and sound.shape[1] == 2, name
        assert np.abs(sound[0]).max() < 1e-3 and np.abs(sound[-1]).max() < 1e-3, name


@pytest.mark.parametrize(("name", "low", "high"), [
    ("pit-white-1", 4.0, math.inf),   # White's pit 1 lies at the far left of the bottom row
    ("pit-white-9", 0.0, 0.25),       # and pit 9 at the far right
    ("pit-white-5", 0.8, 1.25),       # pit 5 in the middle
    ("pit-black-1", 0.0, 0.25),       # the top row is mirrored: Black's pit 1 at the far right
    ("pit-black-9", 4.0, math.inf),   # and Black's pit 9 at the far left
    ("pit-black-5", 0.8, 1.25),
])
def test_a_pit_cue_is_heard_where_the_pit_lies(folder: Path, name: str, low: float, high: float) -> None:
    left, right = energy(read_wav(folder / f"{name}.wav")[1])
    assert low <= left / right <= high, f"{name}: left/right energy {left / right:.2f}"


def test_the_pits_of_a_row_move_steadily_across(folder: Path) -> None:
    for side, direction in ((Side.WHITE, 1), (Side.BLACK, -1)):
        balance = []
        for pit in range(1, 10):
            left, right = energy(read_wav(folder / f"pit-{side.key}-{pit}.wav")[1])
            balance.append((right - left) / (right + left))
        assert all(direction * (b - a) > 0 for a, b in itertools.pairwise(balance)), balance


def test_a_larger_capture_is_longer_and_higher(folder: Path) -> None:
    small, middle, large = (read_wav(folder / f"{name}.wav")[1]
                            for name in ("capture-small", "capture", "capture-large"))
    assert len(small) < len(middle) < len(large)
    assert centroid(small) < centroid(large)
    assert len(cues.capture(0.0, 100)) < cues.SAMPLE_RATE * 0.4  # the largest capture still under 400 ms


def peak(samples: Samples) -> float:
    """The frequency of the strongest partial, in Hz."""
    mono = samples.sum(axis=1)
    return float(np.fft.rfftfreq(len(mono), 1 / cues.SAMPLE_RATE)[np.abs(np.fft.rfft(mono)).argmax()])


def test_the_three_endings_differ_in_direction() -> None:
    def pitches(result: str) -> list[float]:
        sound = cues.end(result).astype(np.float64)
        note = int(0.25 * cues.SAMPLE_RATE)  # the notes start 250 ms apart
        return [peak(sound[i * note:(i + 1) * note if i < 2 else None]) for i in range(3)]

    win, loss, draw = pitches("win"), pitches("loss"), pitches("draw")
    assert win[0] < win[1] < win[2]
    assert loss[0] > loss[1] > loss[2]
    assert max(draw) - min(draw) < 0.05 * draw[0]
    with pytest.raises(KeyError):
        cues.end("resign")


def test_pan_of_mirrors_with_black_at_the_bottom() -> None:
    for pits in (5, 7, 9):
        for pit in range(1, pits + 1):
            for side in Side:
                white_below = cues.pan_of(side, pit, pits)
                black_below = cues.pan_of(side, pit, pits, bottom=Side.BLACK)
                assert black_below == pytest.approx(-white_below)
                assert -1 <= white_below <= 1
            assert cues.pan_of(Side.BLACK, pit, pits, Side.BLACK) == pytest.approx(cues.pan_of(Side.WHITE, pit, pits))
        assert cues.pan_of(Side.WHITE, 1, pits) == pytest.approx(-0.9)
        assert cues.pan_of(Side.WHITE, pits, pits) == pytest.approx(0.9)


def test_stereo_keeps_the_power_across_the_field() -> None:
    mono = np.sin(np.linspace(0, 200, 4410))
    for pan in (-1.0, -0.4, 0.0, 0.7, 1.0):
        left, right = energy(cues.stereo(mono, pan).astype(np.float64))
        assert left + right == pytest.approx(float((mono**2).sum()), rel=1e-4)
    left, right = energy(cues.stereo(mono, -1.0).astype(np.float64))
    assert right < 1e-6 * left


def test_the_opening_move_7_sows_from_whites_pit_7_to_blacks_pit_6() -> None:
    report = Game().play(7)
    path = cues.sowing_path(report, 9)
    assert path == [(Side.WHITE, 7), (Side.WHITE, 8), (Side.WHITE, 9)] + [(Side.BLACK, pit) for pit in range(1, 7)]
    assert path[-1] == (report.landing_side, report.landing_pit)
    single = dataclasses.replace(report, pit=9, sown=1, landing_side=Side.BLACK, landing_pit=1)
    assert cues.sowing_path(single, 9) == [(Side.BLACK, 1)]  # one stone goes to the next pit
    black = dataclasses.replace(report, mover=Side.BLACK, pit=8, sown=4)
    assert cues.sowing_path(black, 9) == [(Side.BLACK, 8), (Side.BLACK, 9), (Side.WHITE, 1), (Side.WHITE, 2)]


def _balance(sound: Samples) -> float:
    left, right = energy(sound)
    return (right - left) / (right + left)


def test_a_moves_sound_follows_the_stones_across_the_board() -> None:
    report = Game().play(7)  # 9 stones from White's pit 7 to Black's pit 6, which then holds 10: captured
    sound = cues.move_sound(report, 9).astype(np.float64)
    timeline = cues.move_cues(report, 9)
    assert [cue.kind for cue in timeline] == ["tick"] * 9 + ["land", "capture"]

    def segment(start_ms: float, end_ms: float) -> Samples:
        return sound[round(start_ms * 44.1):round(end_ms * 44.1)]

    ticks = [segment(cue.start_ms, cue.start_ms + cues.TICK_MS) for cue in timeline[:9]]
    balances = [_balance(tick) for tick in ticks]
    # White's pit 7 is right of centre, so the first stone is heard on the right
    assert cues.pan_of(Side.WHITE, 7, 9) > 0 and balances[0] > 0.3
    # the stones move right to White's pit 9 and on to Black's pit 1 above it, then back left
    assert balances[0] < balances[1] < balances[2]
    assert balances[2] == pytest.approx(balances[3], abs=0.02)
    assert all(b < a for a, b in itertools.pairwise(balances[3:]))
    # each tick sits where its pit lies: the equal-power balance is -cos(2 angle) for the pan's angle
    for cue, balance in zip(timeline[:9], balances, strict=True):
        assert balance == pytest.approx(-math.cos((cue.pan + 1) * math.pi / 2), abs=0.02)
    # the last stone lands at Black's pit 6, left of centre on the top row
    landing, capture = timeline[9], timeline[10]
    assert landing.pan == pytest.approx(cues.pan_of(Side.BLACK, 6, 9)) and landing.pan < 0
    assert _balance(segment(landing.start_ms, capture.start_ms)) < -0.2
    assert timeline[8].start_ms < landing.start_ms < capture.start_ms
    assert sound.shape[1] == 2 and np.abs(sound).max() <= 1.0


def test_the_ticks_of_a_long_sowing_take_at_most_half_a_second() -> None:
    report = dataclasses.replace(Game().play(7), sown=75, captured=0)
    ticks = [cue for cue in cues.move_cues(report, 9) if cue.kind == "tick"]
    assert len(ticks) == 75 and ticks[-1].start_ms <= 500
    few = [cue for cue in cues.move_cues(Game().play(7), 9) if cue.kind == "tick"]
    assert few[1].start_ms - few[0].start_ms == pytest.approx(40.0)
    loud = cues.move_sound(report, 9)
    assert np.abs(loud).max() <= 1.0 and len(loud) < cues.SAMPLE_RATE * 1.2


def test_a_tuzdyk_chimes_at_the_pit_it_was_made_on() -> None:
    report = dataclasses.replace(Game().play(7), captured=0, tuzdyk_made=6, landing_count=3)
    timeline = cues.move_cues(report, 9)
    assert timeline[-1].kind == "tuzdyk" and timeline[-1].pan == pytest.approx(cues.pan_of(Side.BLACK, 6, 9))
    with_black_below = cues.move_cues(report, 9, bottom=Side.BLACK)
    assert with_black_below[-1].pan == pytest.approx(-timeline[-1].pan)


def test_volume_scales_a_moves_sound() -> None:
    report = Game().play(7)
    full, half = cues.move_sound(report, 9), cues.move_sound(report, 9, volume=0.5)
    assert np.allclose(half, full * 0.5, atol=1e-6)
    assert not cues.move_sound(report, 9, volume=0.0).any()


def test_pcm16_is_interleaved_little_endian_stereo() -> None:
    sound = np.array([[1.0, -1.0], [0.5, 0.0], [2.0, -3.0]], dtype=np.float32)
    data = np.frombuffer(cues.to_pcm16(sound), dtype="<i2")
    assert list(data) == [32767, -32767, 16384, 0, 32767, -32767]
