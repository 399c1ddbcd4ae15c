"""The puzzles of ``toguz puzzles``: positions from real games where one move is clearly best.

``puzzles.json`` is built by ``tools/build_puzzles.py`` (its text says how a puzzle is found); this
module reads it, checks every puzzle's shape, orders the puzzles for a player, and keeps the
puzzle ratings (Elo, as chess sites rate puzzles).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules import TOGUZ, IllegalMoveError, MoveReport, NotationError, Position, Side
from rules.move import moves_of, play_move
from speech.words.i18n import _

PUZZLE_FILE = Path(__file__).with_name("puzzles.json")
MOST_BYTES = 2_000_000  # the file is some hundred kilobytes; one far larger is not ours
DEPTH = 6  # plies the engine searches each candidate to
MARGIN = 5.0  # stones the best move must be ahead of the second best by
PILE = 8  # stones: a threat this large makes saving the pile a theme
THEMES = ("capture", "tuzdyk", "defence", "ending")
RATINGS = {1: 1100, 2: 1450, 3: 1800}  # a puzzle's rating by its difficulty
START_RATING = 1200  # a new player's puzzle rating: the easy puzzles come first
K_FACTOR = 32
NEAR = 200  # the next puzzle is chosen among those rated this close to the player (or the nearest)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the position, the move that solves it, what kind of move it is, and for every
    legal move the opponent's best reply (none where the move ends the game)."""

    number: int
    position: Position
    answer: int
    theme: str
    difficulty: int
    rating: int
    replies: dict[int, int]
    source: str


class PuzzleFileError(ValueError):
    """The puzzle file is missing or broken (the reason in words)."""


def immediate_gain(position: Position, pit: int) -> int:
    """The stones ``pit`` brings the side to move into its kazan at once."""
    return _gain(position, play_move(position, pit)[1])


def _gain(position: Position, report: MoveReport) -> int:
    return report.kazans[report.mover] - position.kazans[report.mover]


def best_gain(position: Position, side: Side | None = None) -> int:
    """The most ``side`` (the side to move by default) could take at once, were it its turn (0 when it
    cannot move)."""
    mover = position.to_move if side is None else side
    return max((_gain(position, report) for report in moves_of(position, mover)), default=0)


def most_threatened(position: Position) -> int:
    """The most the side not to move could take at once, were it its turn."""
    return best_gain(position, position.to_move.opponent)


@cache
def load_puzzles(path: Path = PUZZLE_FILE) -> tuple[Puzzle, ...]:
    """Every puzzle of the file, each checked; ``PuzzleFileError`` says why the file cannot be used."""
    try:
        if not path.is_file() or path.stat().st_size > MOST_BYTES:
            raise PuzzleFileError(_("{name} is missing or too large").format(name=path.name))
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise PuzzleFileError(_("{name} cannot be read ({error})").format(name=path.name, error=error)) from None
    items = data.get("puzzles") if isinstance(data, dict) else None
    if not isinstance(items, list) or not items:
        raise PuzzleFileError(_("{name} holds no puzzles").format(name=path.name))
    return tuple(_puzzle(item, number) for number, item in enumerate(items, 1))


def _puzzle(item: object, number: int) -> Puzzle:
    """One puzzle of the file, its every field checked."""
    if not isinstance(item, dict):
        raise PuzzleFileError(_("puzzle {number} is not a table").format(number=number))
    try:
        position = Position.from_fen(str(item["fen"]), TOGUZ)
        answer, theme, difficulty = item["answer"], item["theme"], item["difficulty"]
        rating, source, replies = item["rating"], item.get("source", ""), item["replies"]
        if theme not in THEMES or difficulty not in RATINGS or not isinstance(rating, int) \
                or not 0 < rating < 4000 or not isinstance(source, str) or not isinstance(replies, dict):
            raise ValueError(_("a field is out of its range"))
        play_move(position, answer)
        pits = position.variant.pits
        checked = {int(pit): int(reply) for pit, reply in replies.items()}
        if not all(1 <= pit <= pits and 1 <= reply <= pits for pit, reply in checked.items()):
            raise ValueError(_("a field is out of its range"))
    except (KeyError, TypeError, ValueError, NotationError, IllegalMoveError) as error:
        raise PuzzleFileError(_("puzzle {number} is broken ({error})").format(number=number, error=error)) from None
    return Puzzle(number, position, answer, theme, difficulty, rating, checked, source[:120])


def expected_score(rating: float, against: float) -> float:
    """The chance, by Elo's formula, that a player of ``rating`` solves a puzzle rated ``against``."""
    return float(1.0 / (1.0 + 10.0 ** ((against - rating) / 400.0)))


def rated(rating: int, puzzle: Puzzle, solved: bool) -> int:
    """The player's rating after the puzzle, solved at the first try or not (bounded 100..3500)."""
    change = K_FACTOR * ((1.0 if solved else 0.0) - expected_score(rating, puzzle.rating))
    return max(100, min(3500, round(rating + change)))


def next_puzzle(puzzles: tuple[Puzzle, ...], rating: int, seen: frozenset[int], seed: int, count: int) -> Puzzle:
    """The player's next puzzle: one not seen yet, rated near the player (the nearest ones when none is
    within ``NEAR``), chosen by a generator seeded with ``seed`` and how many were played. A fresh
    player with the same seed always gets the same first puzzle. When every puzzle was seen, they
    come round again."""
    fresh = [puzzle for puzzle in puzzles if puzzle.number not in seen] or list(puzzles)
    distance = min(abs(puzzle.rating - rating) for puzzle in fresh)
    near = [puzzle for puzzle in fresh if abs(puzzle.rating - rating) <= max(NEAR, distance)]
    return random.Random(f"{seed}|{count}").choice(near)
