"""Rules speed: random-game plies per second through ``Game.play``, the lean form and the compiled rules
(``compiled_rules.FastRules``, where numba is installed), and perft from the start in the lean form and compiled.

Run from the repository root: ``.venv/bin/python bench/rules.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import TOGUZ, Game
from rules.engine.engine import compiled
from rules.engine.lean import LeanRules


def game_plies_per_second(seconds: float) -> float:
    """Random games through ``Game.play`` (full reports, immutable positions)."""
    rng = random.Random(1)
    plies, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        game = Game(TOGUZ)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            plies += 1
    return plies / (time.perf_counter() - started)


def lean_plies_per_second(seconds: float) -> float:
    """Random games through the lean form (move chosen by ``random()``, legal moves listed each ply)."""
    lean = LeanRules(TOGUZ)
    play, legal, start = lean.play, lean.legal, lean.start()
    random_number = random.Random(1).random
    plies, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        cells = start[:]
        moves = legal(cells)
        while moves:
            play(cells, moves[int(random_number() * len(moves))])
            plies += 1
            moves = legal(cells)
    return plies / (time.perf_counter() - started)


def perft_figures(depth: int) -> tuple[int, int, float]:
    """Perft from the Toguz start: leaf count, moves made (interior plies), seconds."""
    lean = LeanRules(TOGUZ)
    start = lean.start()
    started = time.perf_counter()
    leaves = lean.perft(start, depth)
    seconds = time.perf_counter() - started
    made = sum(lean.perft(start, d) for d in range(1, depth))
    return leaves, made, seconds


def compiled_figures(depth: int, games: int) -> tuple[int, float, float]:
    """The compiled rules: perft from the start (its leaves and the fastest of five runs' seconds) and
    random playouts from the start (plies a second over ``games`` games)."""
    from rules.engine.compiled_rules import FastRules

    lean = LeanRules(TOGUZ)
    rules = FastRules(lean)
    start = lean.start()
    rules.perft(start, depth - 1)
    fastest = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        leaves = rules.perft(start, depth)
        fastest = min(fastest, time.perf_counter() - started)
    rules.playouts(start, 10)
    started = time.perf_counter()
    plies = rules.playouts(start, games)
    return leaves, fastest, plies / (time.perf_counter() - started)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time for each random-game figure")
    parser.add_argument("--depth", type=int, default=7, help="perft depth")
    options = parser.parse_args()
    print(f"Game.play random games: {game_plies_per_second(options.seconds):12,.0f} plies/s")
    print(f"lean random games:      {lean_plies_per_second(options.seconds):12,.0f} plies/s")
    leaves, made, seconds = perft_figures(options.depth)
    print(f"perft({options.depth}) = {leaves:,} in {seconds:.2f} s: {leaves / seconds:,.0f} leaves/s, "
          f"{made / seconds:,.0f} moves made/s (the last ply is counted, not made)")
    if compiled():
        leaves, seconds, rate = compiled_figures(options.depth, 200_000)
        print(f"compiled perft({options.depth}) = {leaves:,} in {seconds:.4f} s (target at most 0.018 s)")
        print(f"compiled random playouts: {rate:12,.0f} plies/s (target at least 20,000,000)")
    else:
        print("compiled rules: numba is not installed")


if __name__ == "__main__":
    main()
