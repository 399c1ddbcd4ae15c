"""The game's course by ear (issue 30, part 3), checked from the WAV file a player would hear: about five
seconds whatever the game's length; time from left to right; the listener's advantage as pitch (``EVEN``
when level, higher ahead, mirrored for Black); a click at each capture, a chime at each tuzdyk, a low thud
at each mistake, each where its move falls. Most analyses are made by hand; one is the engine's."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rules.engine.game_analysis import CHART_LIMIT, GameAnalysis, MoveVerdict, analyse_game
from rules.game import Game
from rules.variant import BLACK, WHITE, Side
from speech.sounds import cues
from speech.sounds.course import (
    BODY_MS,
    CHIME_PITCH,
    EVEN,
    course_pitches,
    course_points,
    course_sound,
    move_times,
    pitch_of,
)
from speech.sounds.player import RecordingPlayer, SilentPlayer
from tests.speech.listening import Samples, balance, rendered, spectrum
from toguz_tui.session.output.sound_cues import SoundCues

KEY = "0" * 32


def analysis_of(scores: list[float], captures: dict[int, int] | None = None, tuzdyks: tuple[int, ...] = (),
                mistakes: tuple[int, ...] = ()) -> GameAnalysis:
    """An analysis whose White scores (``GameAnalysis.scores``) are ``scores``: one move fewer than scores,
    White first; ``captures`` (ply: stones), tuzdyks and mistakes at those plies (from 0)."""
    verdicts = []
    for ply, score in enumerate(scores[:-1]):
        mover = WHITE if ply % 2 == 0 else BLACK
        best = score if mover == WHITE else -score
        played = best - 6.0 if ply in mistakes else best
        verdicts.append(MoveVerdict(mover, 1, 1, best, played, ply in tuzdyks, None, (captures or {}).get(ply, 0)))
    return GameAnalysis(KEY, len(verdicts), tuple(verdicts), scores[-1])


def heard(tmp_path: Path, analysis: GameAnalysis, listener: Side = WHITE) -> Samples:
    """The course written as a WAV and read back, as floats in [-1, 1], shape (frames, 2)."""
    return rendered(tmp_path / "course.wav", course_sound(analysis, listener))


def window(sound: Samples, start_ms: float, ms: float) -> Samples:
    begin = max(0, round(start_ms * cues.SAMPLE_RATE / 1000))
    return sound[begin:begin + round(ms * cues.SAMPLE_RATE / 1000)]


def dominant(sound: Samples) -> float:
    """The strongest frequency between 150 Hz and 1.2 kHz (where the tone lies)."""
    frequencies, found = spectrum(sound)
    found[(frequencies < 150) | (frequencies > 1200)] = 0
    return float(frequencies[found.argmax()])


def band(sound: Samples, low: float, high: float) -> float:
    """The energy between ``low`` and ``high`` Hz."""
    frequencies, found = spectrum(sound)
    return float(np.sum(found[(frequencies >= low) & (frequencies < high)] ** 2))


def level(moves: int) -> list[float]:
    return [0.0] * (moves + 1)


def rising(moves: int) -> list[float]:
    """White from 20 stones behind to 20 ahead."""
    return [-20.0 + 40.0 * index / moves for index in range(moves + 1)]


def test_pitch_is_even_when_level_a_semitone_per_stones_and_an_octave_at_most() -> None:
    assert pitch_of(0.0) == EVEN
    assert pitch_of(CHART_LIMIT) == pytest.approx(2 * EVEN) and pitch_of(-CHART_LIMIT) == pytest.approx(EVEN / 2)
    assert pitch_of(500.0) == pytest.approx(2 * EVEN) and pitch_of(-500.0) == pytest.approx(EVEN / 2)
    assert pitch_of(2.5) == pytest.approx(EVEN * 2 ** (1 / 12))
    analysis = analysis_of(rising(10))
    assert course_points(analysis, BLACK) == [-point for point in course_points(analysis, WHITE)]
    pitches = course_pitches(analysis, WHITE)
    assert len(pitches) == 10 and pitches == sorted(pitches) and pitches[0] < EVEN < pitches[-1]


def test_a_short_and_a_long_game_both_last_about_five_seconds_from_silence_to_silence(tmp_path: Path) -> None:
    for moves in (3, 150):
        sound = heard(tmp_path, analysis_of(rising(moves), captures={1: 4}, tuzdyks=(moves - 1,)))
        seconds = len(sound) / cues.SAMPLE_RATE
        assert 4.5 <= seconds <= 5.5, (moves, seconds)
        assert np.all(np.abs(sound[:2]) < 1e-3) and np.all(np.abs(sound[-200:]) < 1e-3)
        assert float(np.max(np.abs(sound))) <= 1.0
        assert np.max(np.abs(np.diff(sound[: round(0.03 * cues.SAMPLE_RATE)], axis=0))) < 0.02, "a click at the start"
    first = course_sound(analysis_of(rising(30)), WHITE)
    assert np.array_equal(first, course_sound(analysis_of(rising(30)), WHITE)), "the same every time"


def test_time_runs_from_left_to_right(tmp_path: Path) -> None:
    sound = heard(tmp_path, analysis_of(level(40)))
    pans = [balance(window(sound, start, 400.0)) for start in (50.0, 1100.0, 2050.0, 3100.0, 4100.0)]
    assert pans == sorted(pans), pans
    assert pans[0] < -0.7 and abs(pans[2]) < 0.2 and pans[-1] > 0.7


def test_a_level_game_stays_at_the_even_pitch(tmp_path: Path) -> None:
    sound = heard(tmp_path, analysis_of(level(40)))
    for start in (100.0, 2000.0, 4000.0):
        assert abs(dominant(window(sound, start, 400.0)) - EVEN) < 5


def test_a_rising_advantage_rises_and_black_hears_it_mirrored(tmp_path: Path) -> None:
    analysis = analysis_of(rising(40))
    white = heard(tmp_path, analysis, WHITE)
    early, late = dominant(window(white, 0.0, 300.0)), dominant(window(white, BODY_MS - 250, 300.0))
    assert early < 0.8 * EVEN and late > 1.25 * EVEN, (early, late)
    assert early < dominant(window(white, BODY_MS / 2 - 150, 300.0)) < late
    black = heard(tmp_path, analysis, BLACK)
    mirrored = dominant(window(black, 0.0, 300.0)), dominant(window(black, BODY_MS - 250, 300.0))
    assert mirrored[0] > 1.25 * EVEN and mirrored[1] < 0.8 * EVEN, mirrored
    assert mirrored[1] == pytest.approx(EVEN * EVEN / late, rel=0.03)


def test_a_capture_clicks_a_tuzdyk_chimes_and_a_mistake_thuds_where_each_move_falls(tmp_path: Path) -> None:
    moves = 41
    times = move_times(moves)
    sound = heard(tmp_path, analysis_of(level(moves), captures={10: 6}, tuzdyks=(20,), mistakes=(30,)))
    quiet = heard(tmp_path, analysis_of(level(moves)))

    def near(found: Samples, ply: int, ms: float = 60.0) -> Samples:
        return window(found, times[ply] - 5, ms)

    high = [band(near(sound, ply), 3500, 4200) for ply in range(moves)]
    assert high.index(max(high)) == 10 and high[10] > 20 * band(near(quiet, 10), 3500, 4200)
    assert balance(near(sound, 10)) < -0.2, "the capture sounds left of the middle, where its move falls"
    chime = [band(near(sound, ply, 100.0), CHIME_PITCH - 60, CHIME_PITCH + 60) for ply in range(moves)]
    assert chime.index(max(chime)) == 20 and chime[20] > 20 * band(near(quiet, 20, 100.0), 2000, 2200)
    low = [band(near(sound, ply, 100.0), 40, 150) for ply in range(moves)]
    assert low.index(max(low)) == 30 and low[30] > 20 * band(near(quiet, 30, 100.0), 40, 150)
    assert balance(near(sound, 30)) > 0.2
    assert max(band(near(sound, ply), 3500, 4200) for ply in (20, 30)) < 0.1 * high[10], "a chime is not a click"


def test_no_move_or_one_is_a_short_level_tone(tmp_path: Path) -> None:
    for analysis in (GameAnalysis(KEY, 0, (), None), GameAnalysis(KEY, 0, (), 0.0), analysis_of([0.0, 0.0])):
        sound = heard(tmp_path, analysis)
        assert 0.3 < len(sound) / cues.SAMPLE_RATE < 1.5
        assert abs(dominant(window(sound, 100.0, 400.0)) - EVEN) < 5
        assert abs(balance(sound)) < 0.05


def test_an_analysis_under_way_holds_its_last_known_advantage() -> None:
    analysis = analysis_of(rising(10))
    partial = GameAnalysis(KEY, 20, analysis.verdicts, None)
    points = course_points(partial, WHITE)
    assert len(points) == 10 and points[-1] == points[-2] == course_points(analysis, WHITE)[-2]
    assert len(course_sound(partial, WHITE)) == len(course_sound(analysis, WHITE))


def test_the_engines_analysis_of_a_short_real_game_sounds() -> None:
    game = Game()
    for pit in (7, 3, 9, 1, 5, 2, 8, 6):
        game.play(pit)
    analysis = analyse_game(game, nodes=2000)
    sound = course_sound(analysis, BLACK)
    assert sound.dtype == np.float32 and sound.shape[1] == 2 and 4.5 <= len(sound) / cues.SAMPLE_RATE <= 5.5
    assert len(course_pitches(analysis, BLACK)) == 8
    captures = [ply for ply, verdict in enumerate(analysis.verdicts) if verdict.captured]
    assert captures, "the game has captures to hear"


def test_the_sessions_cues_play_the_course_or_say_they_are_silent() -> None:
    player = RecordingPlayer()
    analysis = analysis_of(rising(12))
    assert SoundCues(player).course(analysis, BLACK) is True
    assert player.names == ["course"] and np.array_equal(player.sounds[0], course_sound(analysis, BLACK))
    assert SoundCues(SilentPlayer()).course(analysis, WHITE) is False
