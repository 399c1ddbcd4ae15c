"""The yardstick: today's level 8 against the frozen level 8 of before (``bench/frozen``), both with
the same time a move (0.3 s unless told), from 20 openings (a few random plies each) with each
engine playing each colour: 40 games, on two processes. Prints each game and the score.

Run from the repository root: ``.venv/bin/python bench/match.py [--seconds 0.3] [--openings 20]``
(some 15 minutes at 0.3 s with two cores). A game that runs past 400 plies is adjudicated by the
kazans.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.frozen import FrozenLevel8
from rules import TOGUZ, Game, Side
from rules.engine import Engine
from rules.engine.engine import compiled


def opening(number: int) -> list[int]:
    """The random plies that open game pair ``number`` (the same for both colours)."""
    rng = random.Random(7919 * number)
    game = Game(TOGUZ)
    for _ in range(rng.choice((2, 3, 4))):
        game.play(rng.choice(game.legal_moves()))
    return list(game.moves)


def play(number: int, new_is_white: bool, seconds: float) -> tuple[float, int, str]:
    """One game: the points of today's engine (1, 0.5 or 0), the plies, and how it ended."""
    game = Game(TOGUZ)
    for pit in opening(number):
        game.play(pit)
    new, old = Engine(8, seed=number), FrozenLevel8()
    new_side = Side.WHITE if new_is_white else Side.BLACK
    while not game.is_over and len(game.moves) < 400:
        if game.position.to_move is new_side:
            pit = new.choose(game.position, time_limit=seconds).pit  # its book, then its budget or the clock
        else:
            pit = old.choose(game.position, seconds)
        game.play(pit)
    kazans = game.position.kazans
    outcome = game.outcome
    if outcome is None:
        points = 1.0 if kazans[new_side] > kazans[1 - new_side] else (0.5 if kazans[0] == kazans[1] else 0.0)
    else:
        points = 0.5 if outcome.winner is None else (1.0 if outcome.winner is new_side else 0.0)
    return points, len(game.moves), f"{kazans[0]}-{kazans[1]}"


def match(seconds: float = 0.3, openings: int = 20, workers: int = 2, each: bool = True) -> float:
    """Play the match, print it (each game too, with ``each``) and return today's share of the points."""
    search = "compiled" if compiled() else "pure Python (numba missing or TOGUZ_ENGINE=python)"
    print(f"today's level 8 ({search} search) against the frozen level 8 (pure Python), {seconds} s a "
          f"move, {openings} openings with both colours", flush=True)
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        jobs = [(number, white, pool.submit(play, number, white, seconds))
                for number in range(openings) for white in (True, False)]
        total = 0.0
        for number, white, job in jobs:
            points, plies, kazans = job.result()
            total += points
            if each:
                print(f"  opening {number:2d}, today's engine {'White' if white else 'Black'}: {points:3.1f} "
                      f"({plies} plies, kazans {kazans})", flush=True)
    games = len(jobs)
    print(f"score: {total:.1f}/{games} = {100 * total / games:.1f}% for today's level 8 "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    return total / games


def main() -> None:
    """Play the match and print it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=0.3, help="time a move for both (default 0.3)")
    parser.add_argument("--openings", type=int, default=20, help="openings, each played with both colours")
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args()
    match(options.seconds, options.openings, options.workers)


if __name__ == "__main__":
    main()
