"""The opening book: the moves masters played from positions of the opening, with their results.

``book.json`` (built by ``tools/build_book.py`` from 742 games of Kazakh federation events) holds
every position reached in at least two of those games in their first 20 plies, and for each move
played from it: the games that played it, the points it brought the side that played it, and the
games with a result. The strong levels play from it while the game is in it:

- level 8 the move with the best results (its points and one win and one loss more, so that one
  lucky game does not outweigh many), among moves played at least twice;
- levels 5 to 7 a move masters played at least twice, at random as often as they played it, among
  those whose results come within 0.15 of the best (seeded, so a game replays);
- levels 1 to 4 never: they are meant to play as beginners do.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from rules.position import Position
from rules.variant import TOGUZ

BOOK_FILE = Path(__file__).with_name("book.json")
MOST_BYTES = 4_000_000  # the book is some hundred kilobytes; a file far larger is not ours
LEAST_GAMES = 2  # a move played fewer times is not followed
NEAR_BEST = 0.15  # levels 5 to 7 choose among moves this close to the best results


def position_key(position: Position) -> str:
    """A position as the book knows it: its FEN without the move number."""
    return position.fen().rsplit(" ", 1)[0]


@cache
def load() -> dict[str, dict[int, tuple[int, float, int]]]:
    """The book's positions, each with its moves: ``pit -> (games, points, games with a result)``.
    An absent, oversized or malformed file gives an empty book (the engine then searches)."""
    try:
        if not BOOK_FILE.is_file() or BOOK_FILE.stat().st_size > MOST_BYTES:
            return {}
        raw: Any = json.loads(BOOK_FILE.read_text(encoding="utf-8"))
        found: dict[str, dict[int, tuple[int, float, int]]] = {}
        for key, moves in raw["positions"].items():
            entry = {}
            for pit, (games, points, scored) in moves.items():
                games, points, scored = int(games), float(points), int(scored)
                if not (1 <= int(pit) <= 9 and 0 <= scored <= games and 0 <= points <= scored):
                    return {}
                entry[int(pit)] = (games, points, scored)
            found[str(key)] = entry
        return found
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def expected(points: float, scored: int) -> float:
    """A move's results as a share, one win and one loss added (so that few games count for little)."""
    return (points + 1.0) / (scored + 2.0)


def book_move(position: Position, level: int, rng: random.Random) -> int | None:
    """The pit the book plays in ``position`` at ``level`` (see the module's docstring), or None."""
    if level < 5 or position.variant != TOGUZ:  # the masters played the standard rules
        return None
    moves = load().get(position_key(position))
    if not moves:
        return None
    legal = set(position.legal_moves())
    known = {pit: entry for pit, entry in moves.items() if pit in legal and entry[0] >= LEAST_GAMES}
    if not known:
        return None
    ranked = sorted(known, key=lambda pit: (-expected(known[pit][1], known[pit][2]), -known[pit][0], pit))
    if level >= 8:
        return ranked[0]
    best = expected(known[ranked[0]][1], known[ranked[0]][2])
    near = [pit for pit in ranked if expected(known[pit][1], known[pit][2]) >= best - NEAR_BEST]
    return rng.choices(near, weights=[known[pit][0] for pit in near])[0]


def masters_moves(position: Position) -> set[int]:
    """The pits masters played at least ``LEAST_GAMES`` times in ``position`` (none out of the book)."""
    if position.variant != TOGUZ:
        return set()
    moves = load().get(position_key(position)) or {}
    return {pit for pit, entry in moves.items() if entry[0] >= LEAST_GAMES}
