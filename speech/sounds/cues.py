"""Sound cues ("earcons"): short generated sounds for the routine events of a game, panned by where
the pit lies on the board.

Everything here is pure synthesis with numpy (no I/O apart from ``write_wav``): each cue is a
float32 array of shape (frames, 2), values in [-1, 1], at ``SAMPLE_RATE``. Choices made:

- Place is heard as stereo position: ``pan_of`` puts a pit where the board is drawn (the bottom
  row's pit 1 at the far left, the top row mirrored, since the rows run counterclockwise), and
  ``stereo`` pans with the equal-power law, so a cue sounds as loud in the middle as at the sides.
- Every cue is short and soft, and starts and ends at zero (a fade-in of a few milliseconds and a
  fade-out), so that nothing clicks and speech stays easy to follow over it.
- Size is heard as length and pitch: a larger capture lasts longer and sits higher, and carries
  more "stones pouring" clicks. The landing "tok" is a major third higher when the pit then
  holds an even count, the count that the even rule captures on the opponent's row.
- A whole move is one buffer (``move_sound``): a tick per stone sown, following the sowing path
  pit by pit and panned at each pit, then the landing, then the capture or the tuzdyk. The sowing
  run lasts at most about half a second however many stones are sown.
- The cues are deterministic (the noise has a fixed seed), so a rendering is the same every time.
"""

from __future__ import annotations

import math
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rules.game import Game
from rules.move import MoveReport
from rules.variant import Side

SAMPLE_RATE = 44100
Sound = npt.NDArray[np.float32]
Mono = npt.NDArray[np.float64]

EDGE_PAN = 0.9          # pits 1..N lie between -EDGE_PAN and +EDGE_PAN
TICK_MS = 28.0          # one stone sown
TICK_SPACING_MS = 40.0  # between the ticks of a few stones
SOWING_MS = 460.0       # the longest the ticks of one move run (onset of the first to onset of the last)
LAND_MS = 110.0
CAPTURE_MIN_MS, CAPTURE_MAX_MS = 140.0, 380.0
CAPTURE_BIGGEST = 60    # a capture this size or more sounds the largest
END_RESULTS = ("win", "loss", "draw")


# Building blocks ------------------------------------------------------------------------------

def frames(ms: float) -> int:
    """The number of frames ``ms`` milliseconds last."""
    return max(1, round(ms * SAMPLE_RATE / 1000))


def envelope(length: int, attack_ms: float, release_ms: float, decay_ms: float | None = None) -> Mono:
    """A gain curve of ``length`` frames that rises from 0 over ``attack_ms`` (half a cosine), decays
    exponentially with time constant ``decay_ms`` (if given), and falls back to exactly 0 over the last
    ``release_ms``."""
    gain = np.ones(length)
    attack = min(length, frames(attack_ms))
    release = min(length, frames(release_ms))
    gain[:attack] *= 0.5 - 0.5 * np.cos(np.linspace(0.0, math.pi, attack))
    if decay_ms is not None:
        gain *= np.exp(-np.arange(length) / (decay_ms * SAMPLE_RATE / 1000))
    gain[length - release:] *= 0.5 + 0.5 * np.cos(np.linspace(0.0, math.pi, release))
    return gain


def partials(
    frequency: float, ms: float, ratios: Sequence[float], levels: Sequence[float], *,
    attack_ms: float, release_ms: float, decay_ms: float | None = None, glide: float = 1.0,
) -> Mono:
    """A tone of ``ms`` milliseconds: partials at ``frequency`` times each ratio with their levels,
    gliding linearly to ``glide`` times its pitch by the end, under ``envelope``; peak about 1."""
    count = frames(ms)
    t = np.arange(count) / SAMPLE_RATE
    length = count / SAMPLE_RATE
    # the phase of a linear glide from f to f * glide: 2 pi (f t + (glide - 1) f t^2 / 2T)
    base_phase = 2 * math.pi * frequency * (t + (glide - 1.0) * t * t / (2 * length))
    tone = np.zeros(count)
    for ratio, level in zip(ratios, levels, strict=True):
        tone += level * np.sin(ratio * base_phase)
    tone /= sum(levels)
    return tone * envelope(count, attack_ms, release_ms, decay_ms)


def noise(ms: float, seed: int, smooth: int = 1) -> Mono:
    """Deterministic white noise, softened by a running mean over ``smooth`` frames (a crude low-pass)."""
    found = np.random.default_rng(seed).uniform(-1.0, 1.0, frames(ms))
    if smooth > 1:
        found = np.convolve(found, np.ones(smooth) / smooth, mode="same")
        found /= max(1e-9, float(np.max(np.abs(found))))
    return found


def _sequence(parts: Sequence[tuple[float, Mono]]) -> Mono:
    """Mono sounds added together, each starting at its own time in milliseconds."""
    starts = [frames(ms) if ms > 0 else 0 for ms, _ in parts]
    total = max(start + len(sound) for start, (_, sound) in zip(starts, parts, strict=True))
    mixed = np.zeros(total)
    for start, (_, sound) in zip(starts, parts, strict=True):
        mixed[start:start + len(sound)] += sound
    return mixed


def pan_of(side: Side, pit: int, pits: int, bottom: Side = Side.WHITE) -> float:
    """Where ``side``'s pit ``pit`` (1..``pits``) lies from left (-1) to right (+1), the board drawn with
    ``bottom``'s row at the bottom: that row runs from pit 1 at the far left to pit N at the far right,
    and the top row, running on counterclockwise, is mirrored (its pit 1 at the far right)."""
    place = 0.0 if pits <= 1 else -EDGE_PAN + 2 * EDGE_PAN * (pit - 1) / (pits - 1)
    return place if side is bottom else -place


def stereo(mono: npt.NDArray[np.floating], pan: float) -> Sound:
    """``mono`` panned to ``pan`` (-1 left .. +1 right) by the equal-power law: the gains are the cosine
    and sine of an angle from 0 to 90 degrees, so the loudness stays the same across the field."""
    angle = (min(1.0, max(-1.0, pan)) + 1.0) * math.pi / 4
    out = np.empty((len(mono), 2), dtype=np.float32)
    out[:, 0] = mono * math.cos(angle)
    out[:, 1] = mono * math.sin(angle)
    return out


# The cues ---------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _tick_mono() -> Mono:
    """One stone falling into a pit: a small bright click, built once (read-only)."""
    tone = partials(2300.0, TICK_MS, (1.0, 1.63), (1.0, 0.5), attack_ms=0.8, release_ms=4.0, decay_ms=6.0)
    click = noise(TICK_MS, seed=11, smooth=3) * envelope(frames(TICK_MS), 0.3, 4.0, 2.0)
    sound = 0.22 * (0.8 * tone + 0.3 * click)
    sound.flags.writeable = False
    return sound


def tick(pan: float) -> Sound:
    """One stone sown, panned at its pit (under 60 ms)."""
    return stereo(_tick_mono(), pan)


def _land_mono(count: int) -> Mono:
    pitch = 520.0 * (1.26 if count > 0 and count % 2 == 0 else 1.0)
    tok = partials(pitch, LAND_MS, (1.0, 2.41, 3.93), (1.0, 0.35, 0.15),
                    attack_ms=1.5, release_ms=12.0, decay_ms=30.0, glide=0.93)
    knock = noise(LAND_MS, seed=23, smooth=6) * envelope(frames(LAND_MS), 0.5, 12.0, 4.0)
    return 0.45 * (tok + 0.25 * knock)


def land(pan: float, count: int) -> Sound:
    """The last stone landing: a short wooden "tok", a major third higher when the pit then holds an
    even count (under 150 ms)."""
    return stereo(_land_mono(count), pan)


def _capture_size(stones: int) -> float:
    """0 for one stone to 1 for ``CAPTURE_BIGGEST`` or more, growing as the logarithm: the step from 2
    to 10 is heard as clearly as the one from 10 to 50."""
    return min(1.0, math.log(max(1, stones)) / math.log(CAPTURE_BIGGEST))


def capture(pan: float, stones: int) -> Sound:
    """Stones taken into the kazan: a rising sweep with a patter of stones, longer and higher the more
    stones are taken (140 to 380 ms, always under 400 ms)."""
    size = _capture_size(stones)
    ms = CAPTURE_MIN_MS + (CAPTURE_MAX_MS - CAPTURE_MIN_MS) * size
    sweep = partials(330.0 * 2 ** size, ms, (1.0, 2.0, 3.0), (1.0, 0.4, 0.2),
                      attack_ms=6.0, release_ms=40.0, decay_ms=ms * 0.6, glide=1.5)
    clicks = min(max(1, stones), 12)
    patter: list[tuple[float, Mono]] = [(0.0, 0.4 * sweep)]
    step = (ms - TICK_MS - 10.0) / clicks
    patter += [(i * step, 0.6 * _tick_mono()) for i in range(clicks)]
    return stereo(_sequence(patter)[: frames(ms)], pan)


def bell(frequency: float, ms: float) -> Mono:
    return partials(frequency, ms, (1.0, 2.76, 5.40), (1.0, 0.45, 0.2), attack_ms=1.5, release_ms=30.0,
                     decay_ms=90.0)


def tuzdyk(pan: float) -> Sound:
    """A tuzdyk made: a bright two-note chime, C6 then G6 (under 400 ms)."""
    return stereo(0.35 * _sequence([(0.0, bell(1046.5, 250.0)), (110.0, bell(1568.0, 260.0))]), pan)


def _soft(frequency: float, ms: float) -> Mono:
    return partials(frequency, ms, (1.0, 2.0), (1.0, 0.15), attack_ms=8.0, release_ms=35.0)


def turn() -> Sound:
    """Your turn: a soft rising fourth, E5 then A5, in the middle (under 250 ms)."""
    return stereo(0.28 * _sequence([(0.0, _soft(659.25, 100.0)), (110.0, _soft(880.0, 100.0))]), 0.0)


def illegal() -> Sound:
    """An illegal key or move: a low short buzz, in the middle (under 200 ms)."""
    ms = 160.0
    buzz = partials(110.0, ms, (1.0, 3.0, 5.0, 7.0), (1.0, 1 / 3, 1 / 5, 1 / 7), attack_ms=5.0, release_ms=35.0)
    flutter = 0.8 + 0.2 * np.sin(2 * math.pi * 30.0 * np.arange(len(buzz)) / SAMPLE_RATE)
    return stereo(0.45 * buzz * flutter, 0.0)


def edge(pan: float) -> Sound:
    """The focus hit the end of a row: a dull knock, panned to that end (under 100 ms)."""
    ms = 80.0
    thud = partials(160.0, ms, (1.0, 2.56), (1.0, 0.3), attack_ms=1.0, release_ms=12.0, decay_ms=18.0)
    knock = noise(ms, seed=37, smooth=12) * envelope(frames(ms), 0.5, 12.0, 5.0)
    return stereo(0.5 * (thud + 0.3 * knock), pan)


_END_NOTES: dict[str, tuple[float, float, float]] = {
    "win": (523.25, 659.25, 783.99),    # C5 E5 G5: rising
    "loss": (392.0, 311.13, 261.63),    # G4 E-flat4 C4: falling
    "draw": (659.25, 659.25, 659.25),   # E5 three times: level
}


def end(result: str) -> Sound:
    """The end of the game: three notes, rising for a ``"win"``, falling for a ``"loss"``, level for a
    ``"draw"``, in the middle (800 ms, under 900 ms); ``KeyError`` for anything else."""
    first, second, third = _END_NOTES[result]
    note = [partials(f, ms, (1.0, 2.0, 3.0), (1.0, 0.3, 0.1), attack_ms=10.0, release_ms=50.0, decay_ms=250.0)
            for f, ms in ((first, 220.0), (second, 220.0), (third, 300.0))]
    return stereo(0.4 * _sequence([(0.0, note[0]), (250.0, note[1]), (500.0, note[2])]), 0.0)


def low_time() -> Sound:
    """Little time left on the clock: two quick high beeps, in the middle (200 ms)."""
    beep = partials(1760.0, 70.0, (1.0,), (1.0,), attack_ms=3.0, release_ms=15.0)
    return stereo(0.25 * _sequence([(0.0, beep), (130.0, beep)]), 0.0)


# A whole move ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Cue:
    """One cue in a move's sound: ``kind`` (``tick``, ``land``, ``capture`` or ``tuzdyk``), when it
    starts (milliseconds from the start of the move's sound), and where (its pan)."""

    kind: str
    start_ms: float
    pan: float


def sowing_path(report: MoveReport, pits: int) -> list[tuple[Side, int]]:
    """The pit each stone of the move falls into, in order, as (side, pit number): the first goes back
    into the emptied pit when more than one is sown (a single stone goes to the next pit), and each
    later one into the next pit counterclockwise around the ring of 2N pits."""
    ring = 2 * pits
    origin = report.mover * pits + report.pit - 1
    first = origin if report.sown > 1 else origin + 1
    return [(Side(index // pits), index % pits + 1)
            for index in ((first + step) % ring for step in range(report.sown))]


def move_cues(report: MoveReport, pits: int, bottom: Side = Side.WHITE) -> list[Cue]:
    """The cues of one move, in order: a tick per stone sown at its pit (40 ms apart for a few stones,
    closer for many, so that the ticks take at most about half a second), the landing at the landing
    pit, then the capture there, or the tuzdyk made there."""
    path = sowing_path(report, pits)
    spacing = TICK_SPACING_MS if len(path) <= 1 else min(TICK_SPACING_MS, SOWING_MS / (len(path) - 1))
    cues = [Cue("tick", i * spacing, pan_of(side, pit, pits, bottom)) for i, (side, pit) in enumerate(path)]
    landing_pan = pan_of(report.landing_side, report.landing_pit, pits, bottom)
    landing_at = (len(path) - 1) * spacing + max(spacing, TICK_MS + 5.0)
    cues.append(Cue("land", landing_at, landing_pan))
    if report.captured:
        cues.append(Cue("capture", landing_at + LAND_MS * 0.75, landing_pan))
    if report.tuzdyk_made is not None:
        cues.append(Cue("tuzdyk", landing_at + LAND_MS * 0.75,
                        pan_of(report.mover.opponent, report.tuzdyk_made, pits, bottom)))
    return cues


def move_sound(report: MoveReport, pits: int, bottom: Side = Side.WHITE, volume: float = 1.0) -> Sound:
    """One buffer for the whole move (``move_cues`` mixed together), at ``volume``, clipped to [-1, 1].
    Where the ticks come closer than a tick lasts, each is softer, so that a long sowing is a patter
    at about the same loudness as a short one."""
    cues = move_cues(report, pits, bottom)
    ticks = [cue for cue in cues if cue.kind == "tick"]
    spacing = ticks[1].start_ms - ticks[0].start_ms if len(ticks) > 1 else TICK_SPACING_MS
    tick_gain = math.sqrt(min(1.0, spacing / TICK_MS))
    rendered: list[tuple[int, Sound]] = []
    for cue in cues:
        if cue.kind == "tick":
            sound = stereo(_tick_mono() * tick_gain, cue.pan)
        elif cue.kind == "land":
            sound = land(cue.pan, report.landing_count)
        elif cue.kind == "capture":
            sound = capture(cue.pan, report.captured)
        else:
            sound = tuzdyk(cue.pan)
        rendered.append((round(cue.start_ms * SAMPLE_RATE / 1000), sound))
    total = max(start + len(sound) for start, sound in rendered)
    mixed = np.zeros((total, 2), dtype=np.float32)
    for start, sound in rendered:
        mixed[start:start + len(sound)] += sound
    mixed *= np.float32(max(0.0, volume))
    np.clip(mixed, -1.0, 1.0, out=mixed)
    return mixed


# The named cues, for files and for trying them out ---------------------------------------------

def sample_move() -> MoveReport:
    """White's opening move from pit 7: 9 stones sown to Black's pit 6, which then holds 10 and is
    captured."""
    return Game().play(7)


def _pit_cues() -> dict[str, Callable[[], Sound]]:
    """``pit-white-1`` .. ``pit-black-9``: the landing cue at each pit of the 9-pit board, White below."""
    made: dict[str, Callable[[], Sound]] = {}
    for side in Side:
        for pit in range(1, 10):
            made[f"pit-{side.key}-{pit}"] = partial(_pit_cue, side, pit)
    return made


def _pit_cue(side: Side, pit: int) -> Sound:
    return land(pan_of(side, pit, 9), 1)


_CUES: dict[str, Callable[[], Sound]] = {
    "tick": lambda: tick(0.0),
    "land": lambda: land(0.0, 1),
    "capture-small": lambda: capture(0.0, 2),
    "capture": lambda: capture(0.0, 10),
    "capture-large": lambda: capture(0.0, 30),
    "tuzdyk": lambda: tuzdyk(0.0),
    "turn": turn,
    "illegal": illegal,
    "edge": lambda: edge(-EDGE_PAN),
    **{f"end-{result}": partial(end, result) for result in END_RESULTS},
    "low-time": low_time,
    "move": lambda: move_sound(sample_move(), 9),
    **_pit_cues(),
}
CUE_NAMES: tuple[str, ...] = tuple(_CUES)


def render_cue(name: str) -> Sound:
    """The cue called ``name`` (one of ``CUE_NAMES``); the ``edge`` cue is at the left end, the others
    that take a place are in the middle. ``KeyError`` for an unknown name."""
    return _CUES[name]()


# Output ---------------------------------------------------------------------------------------

def to_pcm16(sound: npt.NDArray[np.floating]) -> bytes:
    """``sound`` as interleaved little-endian 16-bit stereo PCM (clipped to [-1, 1] first)."""
    scaled = np.rint(np.clip(sound, -1.0, 1.0) * 32767.0)
    data: bytes = scaled.astype("<i2").tobytes()
    return data


def write_wav(path: Path | str, sound: npt.NDArray[np.floating]) -> None:
    """Write ``sound`` to ``path`` as a WAV file: 16-bit stereo at ``SAMPLE_RATE``."""
    with open(path, "wb") as raw, wave.open(raw, "wb") as out:  # a failed open leaves no half-made writer
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(to_pcm16(sound))
