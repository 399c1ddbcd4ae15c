"""The engine's levels, 1 (beginner) to 8 (strongest): how deep each looks and how loosely it plays."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """One playing strength.

    ``depth`` caps the search (plies); ``time_limit`` is the suggested seconds a move for the front
    ends. With probability ``looseness`` the level picks at random among the moves that score at
    most ``slack`` stones below its best instead of the best one itself.
    """

    number: int
    name: str
    description: str
    depth: int
    time_limit: float
    looseness: float
    slack: float


LEVELS: tuple[Level, ...] = (
    Level(1, "Beginner", "Looks one move ahead and often plays a loose move.", 1, 0.5, 0.6, 8.0),
    Level(2, "Novice", "Looks two moves ahead and sometimes plays a loose move.", 2, 0.5, 0.4, 4.0),
    Level(3, "Casual", "Looks three moves ahead and seldom gives stones away.", 3, 0.5, 0.25, 2.0),
    Level(4, "Club player", "Looks four moves ahead and plays carefully.", 4, 0.5, 0.1, 1.0),
    Level(5, "Strong club player", "Looks six moves ahead and always plays its best move.", 6, 1.0, 0.0, 0.0),
    Level(6, "Expert", "Looks up to eight moves ahead.", 8, 2.0, 0.0, 0.0),
    Level(7, "Master", "Looks up to ten moves ahead.", 10, 3.0, 0.0, 0.0),
    Level(8, "Grandmaster", "Searches as deep as the time allows.", 100, 6.0, 0.0, 0.0),
)


def level_numbered(number: int) -> Level:
    """The level numbered ``number`` (1..8); ``ValueError`` otherwise."""
    if not 1 <= number <= len(LEVELS):
        raise ValueError(f"level must be 1 to {len(LEVELS)}, not {number}")
    return LEVELS[number - 1]
