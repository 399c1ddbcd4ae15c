"""The game's course by ear: the advantage over the whole game as an audio chart, in about five seconds,
the way a sighted player glances at a graph of it.

- Time runs from left to right: one continuous tone, panned from the far left (after the first move) to
  the far right (after the last), ``BODY_MS`` from one to the other whatever the game's length, then held
  a moment at the last move's pitch and faded, with a short silent tail for the last marks to ring out.
- The advantage is pitch, heard by the listener: ``EVEN`` when the game is level, a semitone higher for
  every ``STONES_PER_SEMITONE`` stones the listener leads (lower when behind), an octave at most either
  way (``CHART_LIMIT`` stones, a proven win, is the octave). The tone glides from move to move.
- Over it, where each move falls in time (and so in the stereo field): a soft high click for each
  capture, louder for a larger one; a chime, another timbre, for each tuzdyk made; a low soft thud for
  each mistake (``MoveVerdict.mistake``), whoever made it.
- An analysis still under way holds its last known advantage to the end; one of no move (or one) is a
  short tone in the middle, at ``EVEN`` (or that one move's pitch).

``course_points`` and ``course_pitches`` give the advantage and the pitch after each move (the boxed
board's chart draws the same points). Pure synthesis with numpy, as ``speech.sounds.cues``: deterministic,
starting and ending at silence, its peak at most ``PEAK``.
"""

from __future__ import annotations

import math

import numpy as np

from rules.engine.game_analysis import CHART_LIMIT, GameAnalysis
from rules.variant import WHITE, Side
from speech.sounds import cues

BODY_MS = 4500.0  # from the first move's point (far left) to the last's (far right)
HOLD_MS = 250.0  # the last move's pitch held (and faded) after it
TAIL_MS = 250.0  # silence at the end, for the marks of the last moves to ring out
SHORT_MS = 600.0  # the tone of an analysis of no move or one
FADE_IN_MS, FADE_OUT_MS = 40.0, 180.0
EVEN = 440.0  # Hz: the tone when the game is level
STONES_PER_SEMITONE = CHART_LIMIT / 12  # so that the chart's limit is an octave
TONE_LEVEL = 0.22
PEAK = 0.95
CLICK_MS, CHIME_MS, THUD_MS = 22.0, 320.0, 150.0
CHIME_PITCH = 2093.0  # Hz: C7, above every partial of the tone that matters
THUD_PITCH = 82.0  # Hz: E2, below the tone's lowest (an octave under EVEN)


def course_points(analysis: GameAnalysis, listener: Side) -> list[float]:
    """The listener's advantage in stones after each move of the analysis (negative: behind), within
    ``CHART_LIMIT``; a move whose next position is not scored yet holds the last known advantage (0 at first)."""
    sign = 1.0 if listener == WHITE else -1.0
    points = [sign * max(-CHART_LIMIT, min(CHART_LIMIT, point)) for point in analysis.advantage()]
    last = points[-1] if points else 0.0
    return points[:len(analysis.verdicts)] + [last] * (len(analysis.verdicts) - len(points))


def pitch_of(advantage: float) -> float:
    """The tone's pitch for the listener's ``advantage`` in stones: ``EVEN`` when level, a semitone a
    ``STONES_PER_SEMITONE``, an octave at most either way."""
    semitones = max(-12.0, min(12.0, advantage / STONES_PER_SEMITONE))
    return EVEN * 2 ** (semitones / 12)


def course_pitches(analysis: GameAnalysis, listener: Side) -> list[float]:
    """The tone's pitch after each move (see ``course_points``)."""
    return [pitch_of(point) for point in course_points(analysis, listener)]


def move_times(moves: int) -> list[float]:
    """When each of ``moves`` moves sounds, in milliseconds from the start: spread evenly over ``BODY_MS``
    (one move alone: a little after the start of the short tone)."""
    if moves <= 1:
        return [SHORT_MS / 3] * moves
    return [BODY_MS * index / (moves - 1) for index in range(moves)]


def _tone(times: list[float], pitches: list[float], ms: float) -> tuple[cues.Mono, cues.Mono]:
    """The gliding tone of ``ms`` milliseconds through ``pitches`` at ``times``, and its pan at each frame."""
    count = cues.frames(ms)
    at = np.arange(count) * 1000 / cues.SAMPLE_RATE
    octaves = np.interp(at, times, np.log2(pitches)) if times else np.full(count, math.log2(EVEN))
    phase = 2 * math.pi * np.cumsum(2.0 ** octaves) / cues.SAMPLE_RATE
    tone = (np.sin(phase) + 0.3 * np.sin(2 * phase) + 0.1 * np.sin(3 * phase)) / 1.4
    tone *= TONE_LEVEL * cues.envelope(count, FADE_IN_MS, FADE_OUT_MS)
    pan = np.clip(at / BODY_MS * 2 - 1, -1.0, 1.0) if len(times) > 1 else np.zeros(count)
    return tone, pan


def _click(stones: int, seed: int) -> cues.Mono:
    """A soft high click, a little louder for a larger capture."""
    size = min(1.0, math.log(max(1, stones)) / math.log(60))
    ring = cues.partials(3800.0, CLICK_MS, (1.0, 1.47), (1.0, 0.5), attack_ms=0.5, release_ms=5.0, decay_ms=5.0)
    grit = np.diff(cues.noise(CLICK_MS, seed=seed), prepend=0.0) * cues.envelope(cues.frames(CLICK_MS), 0.3, 5.0,
                                                                                  3.0)
    return (0.10 + 0.12 * size) * (0.8 * ring + 0.25 * grit)


def _chime() -> cues.Mono:
    return 0.30 * cues.bell(CHIME_PITCH, CHIME_MS)


def _thud() -> cues.Mono:
    return 0.55 * cues.partials(THUD_PITCH, THUD_MS, (1.0, 2.0), (1.0, 0.25), attack_ms=4.0, release_ms=40.0,
                                decay_ms=70.0, glide=0.85)


def course_sound(analysis: GameAnalysis, listener: Side) -> cues.Sound:
    """The advantage over the whole of ``analysis`` heard by ``listener``, with its captures, tuzdyks and
    mistakes: float32 of shape (frames, 2), about five seconds (``SHORT_MS`` and a tail for a game of no
    move or one)."""
    pitches = course_pitches(analysis, listener)
    times = move_times(len(pitches))
    ms = (BODY_MS + HOLD_MS if len(pitches) > 1 else SHORT_MS) + TAIL_MS
    tone, pan = _tone(times, pitches, ms - TAIL_MS)
    angle = (pan + 1.0) * math.pi / 4
    mixed = np.zeros((cues.frames(ms), 2))
    mixed[:len(tone), 0] = tone * np.cos(angle)
    mixed[:len(tone), 1] = tone * np.sin(angle)
    for index, (verdict, start) in enumerate(zip(analysis.verdicts, times, strict=False)):
        place = float(pan[min(len(pan) - 1, cues.frames(start) if start > 0 else 0)])
        marks = [_click(verdict.captured, seed=31 + index % 8)] if verdict.captured > 0 else []
        marks += [_chime()] if verdict.tuzdyk_made else []
        marks += [_thud()] if verdict.mistake else []
        begin = cues.frames(start) if start > 0 else 0
        for mark in marks:
            sound = cues.stereo(mark, place)[:len(mixed) - begin]
            mixed[begin:begin + len(sound)] += sound
    mixed[-cues.frames(2.0):] = 0.0  # the tail ends in silence even under a mark still ringing
    loudest = float(np.max(np.abs(mixed)))
    if loudest > PEAK:
        mixed *= PEAK / loudest
    return mixed.astype(np.float32)
