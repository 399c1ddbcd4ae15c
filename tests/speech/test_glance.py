"""The board at a glance, by ear (issue 30, part 4), checked from the WAV file a player would hear: about
two seconds; the eighteen pits swept left to right twice (your row, then theirs), each where it lies;
pitch rising with the count, an empty pit a soft tick, a tuzdyk another timbre; the kazans' closing chord
higher the more you lead. And ``glance`` (key G) in a game plays it, or says that sounds are off."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from rules import Position, Side
from speech.sounds import cues
from speech.sounds.glance import CHORD_MS, GAP_MS, STEP_MS, glance_sound
from speech.sounds.player import RecordingPlayer, SilentPlayer
from speech.voices import RecordingSpeaker
from tests.speech.listening import Samples, balance, peak, rendered
from toguz_tui.commands.table import run_line
from toguz_tui.files.settings import Settings
from toguz_tui.session.facade import GameSession
from toguz_tui.session.setup import GameSetup

# Black's row from pit 9 down to 1, then White's from pit 1 to 9 (PlayStrategy's FEN): White's pits hold
# 1, 2 ... 9, Black's pit 5 is empty and White's pit 3 is Black's tuzdyk ("t").
COUNTS = "3S,3S,3S,3S,0S,3S,3S,3S,3S/1S,2S,t,4S,5S,6S,7S,8S,9S"


def heard(tmp_path: Path, position: Position, me: Side) -> Samples:
    """The glance written as a WAV and read back, as floats in [-1, 1], shape (frames, 2)."""
    return rendered(tmp_path / "glance.wav", glance_sound(position, me))


def position(kazans: tuple[int, int] = (48, 48)) -> Position:
    """The position of ``COUNTS`` with these kazans (96 stones between them: 66 lie on the rows)."""
    assert sum(kazans) == 162 - (1 + 2 + 4 + 5 + 6 + 7 + 8 + 9 + 8 * 3)
    return Position.from_fen(f"{COUNTS} {kazans[0]} {kazans[1]} S 20")


def segment(sound: Samples, index: int) -> Samples:
    start = round(index * STEP_MS * cues.SAMPLE_RATE / 1000)
    return sound[start:start + round(STEP_MS * cues.SAMPLE_RATE / 1000)]


def loudness(sound: Samples) -> float:
    return float(np.sqrt(np.mean(sound ** 2)))


def test_a_glance_lasts_about_two_seconds_and_starts_and_ends_in_silence(tmp_path: Path) -> None:
    sound = heard(tmp_path, position(), Side.WHITE)
    seconds = len(sound) / cues.SAMPLE_RATE
    assert 1.8 <= seconds <= 2.4, seconds
    assert abs(seconds - (18 * STEP_MS + GAP_MS + CHORD_MS) / 1000) < 0.05
    assert np.all(np.abs(sound[:2]) < 1e-3) and np.all(np.abs(sound[-2:]) < 1e-3)


def test_your_row_then_theirs_each_swept_from_left_to_right(tmp_path: Path) -> None:
    sound = heard(tmp_path, position(), Side.WHITE)
    sounded = [index for index in range(18) if index not in (2, 13)]  # not the tuzdyk, not the empty pit
    pans = {index: balance(segment(sound, index)) for index in sounded}
    mine = [pans[index] for index in range(9) if index in pans]
    theirs = [pans[index] for index in range(9, 18) if index in pans]
    assert mine == sorted(mine) and theirs == sorted(theirs), (mine, theirs)
    assert mine[0] < -0.7 and mine[-1] > 0.7 and theirs[0] < -0.7 and theirs[-1] > 0.7


def test_the_pitch_rises_with_the_count_and_an_empty_pit_is_a_soft_tick(tmp_path: Path) -> None:
    sound = heard(tmp_path, position(), Side.WHITE)
    counts_of_white = {0: 1, 1: 2, 3: 4, 4: 5, 5: 6, 6: 7, 7: 8, 8: 9}  # sweep index: stones (index 2: tuzdyk)
    pitches = [peak(segment(sound, index)) for index in counts_of_white]
    assert pitches == sorted(pitches) and pitches[-1] > 1.5 * pitches[0], pitches
    assert peak(segment(sound, 3)) > peak(segment(sound, 9)) + 10, "4 stones a semitone above 3"
    empty = loudness(segment(sound, 13))  # Black's pit 5 (sweep: Black's 9 ... 1 from index 9)
    assert 0 < empty < 0.3 * loudness(segment(sound, 12))


def test_a_tuzdyk_has_another_timbre(tmp_path: Path) -> None:
    sound = heard(tmp_path, position(), Side.WHITE)
    tuzdyk = segment(sound, 2)
    assert loudness(tuzdyk) > 0.01
    assert peak(tuzdyk) > 1200, "the bell sits above every pit's tone of a few stones"
    assert peak(tuzdyk) != peak(segment(sound, 3))


def test_the_chord_is_higher_the_more_you_lead(tmp_path: Path) -> None:
    def chord(kazans: tuple[int, int], me: Side) -> float:
        """The chord's root: its lowest strong partial."""
        sound = heard(tmp_path, position(kazans), me)
        mono = sound[-round(CHORD_MS * cues.SAMPLE_RATE / 1000):].mean(axis=1)
        spectrum = np.abs(np.fft.rfft(mono * np.hanning(len(mono)), n=1 << 16))
        frequencies = np.fft.rfftfreq(1 << 16, 1 / cues.SAMPLE_RATE)
        strong = np.flatnonzero(spectrum > 0.5 * spectrum.max())
        low = strong[0]
        while low + 1 < len(spectrum) and spectrum[low + 1] > spectrum[low]:
            low += 1
        return float(frequencies[low])

    level = chord((48, 48), Side.WHITE)
    assert abs(level - 330) < 10, level
    assert chord((63, 33), Side.WHITE) > level > chord((63, 33), Side.BLACK)


def test_glance_in_a_game_plays_the_sweep_and_says_when_sounds_are_off() -> None:
    settings = Settings(opponent="computer", level=1, colour="black")
    player = RecordingPlayer()
    session = GameSession(settings, RecordingSpeaker(), player=player, watch=False)
    session.start_game(GameSetup.from_settings(settings, 3))
    try:
        reply = run_line(session, "glance")
        assert reply is not None and reply.text.startswith("The board at a glance")
        assert player.names[-1] == "glance"
        assert balance(player.sounds[-1][: round(STEP_MS * cues.SAMPLE_RATE / 1000)].astype(np.float64)) < -0.7
    finally:
        session.close()
    quiet = GameSession(settings, RecordingSpeaker(), player=SilentPlayer(), watch=False)
    try:
        reply = run_line(quiet, "glance")
        assert reply is not None and reply.kind == "error" and "type sounds on" in reply.text
    finally:
        quiet.close()


def test_glance_with_sounds_on_but_no_audio_says_why_it_is_silent() -> None:
    settings = Settings(opponent="computer", level=1, colour="white", sounds=True)
    session = GameSession(settings, RecordingSpeaker(), player=SilentPlayer("no audio output: no sound card"),
                          watch=False)
    try:
        reply = run_line(session, "glance")
        assert reply is not None and reply.kind == "error"
        assert reply.text == ("Glance plays the board as tones, and they cannot play here: no audio output: no sound "
                              "card.")
    finally:
        session.close()
