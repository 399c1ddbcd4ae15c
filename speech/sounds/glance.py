"""The board at a glance, by ear: the eighteen pits swept as short panned tones in about two seconds, the
way a sighted player's eye runs over the board, then the kazans as a closing chord.

- The order: the listener's row from pit 1 to pit N, left to right as the board is drawn with that row
  at the bottom, then the other row as it is drawn above, again left to right (its pit N first).
- Each pit is a short tone panned where the pit lies (``cues.pan_of``); its pitch rises with the count,
  a semitone a stone from ``LOWEST`` (counts above ``HIGHEST_COUNT`` sound as that many); an empty pit
  is a soft tick; a tuzdyk is a bell, another timbre, at one pitch, whatever it holds (nothing).
- The chord: a major triad in the middle, its root higher the more the listener leads (a semitone for
  every two stones, an octave at most either way), at ``EVEN`` when the kazans are level.

Pure synthesis with numpy, as ``speech.sounds.cues``: deterministic, starting and ending at silence.
"""

from __future__ import annotations

import numpy as np

from rules import Position, Side
from speech.sounds import cues

PIT_MS = 80.0  # one pit's tone
STEP_MS = 92.0  # from one pit's onset to the next
GAP_MS = 60.0  # between the sweep and the chord
CHORD_MS = 300.0
LOWEST = 220.0  # Hz: one stone
HIGHEST_COUNT = 36  # counts above sound as this many (three octaves above one stone)
EVEN = 330.0  # Hz: the chord's root when the kazans are level


def pitch_of(count: int) -> float:
    """A pit's pitch: a semitone higher for each stone (``count`` of at least 1)."""
    return LOWEST * 2 ** ((min(count, HIGHEST_COUNT) - 1) / 12)


def chord_root(lead: int) -> float:
    """The closing chord's root: higher the more the listener leads (``lead`` stones, negative behind)."""
    return EVEN * 2 ** (max(-12.0, min(12.0, lead / 2)) / 12)


def sweep(position: Position, me: Side) -> list[tuple[Side, int]]:
    """The pits in the order they sound: ``me``'s from pit 1 to N, then the other's from pit N to 1."""
    pits = position.variant.pits
    return [(me, pit) for pit in range(1, pits + 1)] + [(me.opponent, pit) for pit in range(pits, 0, -1)]


def _pit_tone(position: Position, side: Side, pit: int) -> cues.Mono:
    if position.tuzdyk_owner(side, pit) is not None:
        return 0.45 * cues.bell(1318.5, PIT_MS)
    count = position.pit(side, pit)
    if count == 0:
        tick = cues.noise(18.0, seed=23, smooth=4) * cues.envelope(cues.frames(18.0), 0.5, 6.0, 4.0)
        return 0.12 * tick
    return 0.3 * cues.partials(pitch_of(count), PIT_MS, (1.0, 2.0, 3.0), (1.0, 0.25, 0.08), attack_ms=4.0,
                                release_ms=25.0)


def glance_sound(position: Position, me: Side, volume: float = 1.0) -> cues.Sound:
    """The sweep of ``position`` heard by ``me`` (``me``'s row at the bottom), then the kazans' chord."""
    pits = position.variant.pits
    parts = []
    for index, (side, pit) in enumerate(sweep(position, me)):
        pan = cues.pan_of(side, pit, pits, bottom=me)
        tone = cues.stereo(_pit_tone(position, side, pit), pan)
        parts.append((index * STEP_MS, tone))
    root = chord_root(position.kazans[me] - position.kazans[me.opponent])
    chord = sum(cues.partials(root * ratio, CHORD_MS, (1.0, 2.0), (1.0, 0.2), attack_ms=10.0, release_ms=80.0)
                for ratio in (1.0, 1.25, 1.5))
    parts.append((len(parts) * STEP_MS + GAP_MS, cues.stereo(0.22 * np.asarray(chord), 0.0)))
    total = max(cues.frames(start) + len(sound) for start, sound in parts)
    mixed = np.zeros((total, 2), dtype=np.float32)
    for start, sound in parts:
        begin = cues.frames(start) if start > 0 else 0
        mixed[begin:begin + len(sound)] += sound
    return (mixed * volume).astype(np.float32)
