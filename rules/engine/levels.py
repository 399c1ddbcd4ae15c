"""The engine's levels, 1 (beginner) to 8 (strongest): how deep and how long each looks, how loosely it plays.

Levels 1 to 4 are set by depth alone and play some loose moves. Level 1 looks at its own move only,
as a beginner does, but never plays a move that a glance at the reply (two plies) shows handing over
more than 10 stones beyond its best when it has one that does not: a beginner's mistake, never an
absurd one. Levels 5 to 8 are set by a node budget (5,000, 20,000, 150,000 and 1,200,000: four to
eight times the level below's, some one to two plies more), so that each is clearly stronger than
the one below whatever the machine's load (level 5 had 2,500 until the ladder showed it no stronger
than level 4). Level 8 plays by the clock: given time (the clock's share-out, or the analysis budget
of a hint, an analysis or a line), it searches until that time is up, however deep that takes it; its
node budget (1,200,000) applies only to an engine made ``reproducible`` (tests and tools that must
replay its moves exactly). So a seed replays a game exactly at levels 1 to 7 (by depth or node budget,
whatever the machine), and at level 8 only with a reproducible engine (its suggested 3 s a move is
what it thinks without a clock). Levels 5 to 7 also play a loose move now and then (15, 12 and 10
percent of their moves, at most 1, 0.8 and 0.6 stones worse than their best, never a proven loss when
they can avoid one), a little more human below the top; level 8 always plays its best. Levels 5 to
7's time limits only guard slow machines (the compiled search, some 3 million nodes a second, spends level 7's budget in
well under a second; the pure-Python one, some 150,000, may reach the clock first); their depth caps
stop the search early where the tree is small (endgames). Levels 7 and 8 also solve endings with
few stones exactly.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """One playing strength (its name and description are words: ``speech.words.vocabulary`` has them).

    ``depth`` caps the search (plies); ``time_limit`` is the suggested seconds a move for the front
    ends; ``nodes``, when set, is the search's node budget a move (it makes the level's play
    independent of the machine's speed). With probability ``looseness`` the level picks at random
    among the moves that score at most ``slack`` stones below its best instead of the best one.
    ``guard``, when set, is the most stones a move it plays may score below the best in a two-ply
    look (for a level that looks less far). ``solves``: the level plays endings with few stones
    exactly (``endgame``), never giving up a win or a draw its search cannot see. ``timed``: the level
    searches for the time it is given, its node budget kept for a reproducible engine only.
    """

    number: int
    depth: int
    time_limit: float
    looseness: float
    slack: float
    nodes: int | None = None
    guard: float | None = None
    solves: bool = False
    timed: bool = False


LEVELS: tuple[Level, ...] = (
    Level(1, 1, 0.5, 0.6, 8.0, guard=10.0),
    Level(2, 2, 0.5, 0.4, 4.0),
    Level(3, 3, 0.5, 0.25, 2.0),
    Level(4, 4, 0.5, 0.1, 1.0),
    Level(5, 8, 1.0, 0.15, 1.0, 5_000),
    Level(6, 11, 1.5, 0.12, 0.8, 20_000),
    Level(7, 14, 3.0, 0.1, 0.6, 150_000, solves=True),
    Level(8, 100, 3.0, 0.0, 0.0, 1_200_000, solves=True, timed=True),
)


def level_numbered(number: int) -> Level:
    """The level numbered ``number`` (1..8); ``ValueError`` otherwise."""
    if not 1 <= number <= len(LEVELS):
        raise ValueError(f"level must be 1 to {len(LEVELS)}, not {number}")
    return LEVELS[number - 1]
