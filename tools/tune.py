"""Tune the evaluation's weights by self-play under our own rules (Texel's method), checked on the
3,140 real games of ``../shared/data``.

1. Self-play: level 8's search (``--nodes`` a move, asked for 100 plies so that the budget ends it: no
   book, no reductions, no endgame solving, which would cost more than the search) plays ``--games`` games of
   Toguz Kumalak against itself from openings of 2 to 5 random plies (seeded: the same games every run,
   whatever the machine). Every position from ply 8 on is a sample, labelled with the game's result
   for the side to move (1, 0.5 or 0): both sides to move, so that what the side to move can take now
   (``NOW_CAPTURE``) and what it is threatened with (``THREAT``) are told apart from White's own edge
   (sampled with White to move only, until 2026-11-29, the fit put the first at 0 and the second at 45;
   the scores of consecutive depths then swung by 5 to 10 stones and the search grew with the swing).
2. Each sample's evaluation is split into its terms (see ``rules/engine/evaluate.py``): the kazan
   difference (fixed at 100 units a stone: the scale) and, one column per tuned weight, what that weight
   multiplies; and a last column of 1 for having the move (``TEMPO``, the one weight allowed below 0),
   which the evaluation does not have: the fit prints what it would be (-43 units on the run that set
   today's weights: none is wanted). Some terms are not quite linear in their weight (integer rounding;
   a tuzdyk within reach counts as captures at today's tuzdyk worth): the script prints how far the
   linear sum strays from the evaluation.
3. It finds ``K`` so that ``1 / (1 + exp(-K * evaluation / 100))`` best predicts the results with
   today's weights, then moves one weight at a time by 16, 8, 4, 2 and 1 units while the mean squared
   error falls (refitting ``K`` after each step size), and prints the error of today's weights and of
   the tuned ones on the self-play samples and on the real games.

Run from the repository root (some minutes on one core):

    .venv/bin/python tools/tune.py [--games 200] [--nodes 20000] [--data ../shared/data]

Today's weights came from ``--games 400 --nodes 50000`` (some 4 minutes).

No randomness beyond the seeded openings: a run reproduces its weights. Whether to take them is a
question for ``bench/match.py``: weights are adopted only when they win the match.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import TOGUZ, Game, Side, read_record_file  # noqa: E402 - after the path is set
from rules.engine import Engine  # noqa: E402
from rules.engine import evaluate as weights  # noqa: E402
from rules.engine.fast import P_N, _best_capture, _ends_by_no_move, variant_params  # noqa: E402
from rules.engine.lean import LeanRules  # noqa: E402
from rules.engine.search import Searcher  # noqa: E402

POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
# The tuned weights, in the order of the feature matrix's columns after the kazan difference (``TEMPO`` is
# fitted and printed, not in the evaluation: ``getattr(weights, name, 0)`` reads it as 0).
NAMES = ["ROW_EARLY", "ROW_LATE", "STARVE", "TUZDYK_INCOME", "MOBILITY", "EMPTY_ROW", "DECIDED", "NOW_CAPTURE",
         "THREAT", "TEMPO"]


def shape(variant_pits: int) -> list[float]:
    """A tuzdyk's worth on each pit number, as a share of a central one's (``evaluate.tuzdyk_worth``)."""
    centre = (variant_pits + 1) / 2
    return [1.0 - 0.45 * abs(pit - centre) / max(centre - 1, 1) for pit in range(1, variant_pits + 1)]


def features(cells: list[int], p: np.ndarray, shares: list[float]) -> list[float]:
    """The kazan difference in units, then what each weight of ``NAMES`` multiplies, for the side to move."""
    n = int(p[P_N])
    size = 2 * n
    side = cells[size + 4]
    other = 1 - side
    total = TOGUZ.total
    captured = cells[size] + cells[size + 1]
    remaining = total - captured
    phase = captured / total
    array = np.array(cells, dtype=np.int32)
    tuzdyks = 0.0
    if cells[size + 2 + side] >= 0:
        tuzdyks += remaining * shares[cells[size + 2 + side] % n]
    if cells[size + 2 + other] >= 0:
        tuzdyks -= remaining * shares[cells[size + 2 + other] % n]
    own, their = cells[side * n:side * n + n], cells[other * n:other * n + n]
    row, their_row = sum(own), sum(their)
    starving = max(0, row - 2 * their_row) - max(0, their_row - 2 * row)
    their_playable = n - their.count(0)
    empty = int(their_playable == 0)
    decided = int(bool(empty and _ends_by_no_move(array, 0, side, row, p, n)))
    return [(cells[size + side] - cells[size + other]) * weights.SCALE,
            (row - their_row) * (1 - phase), (row - their_row) * phase, starving * phase, tuzdyks,
            (n - own.count(0)) - their_playable, empty, decided,
            int(_best_capture(array, 0, side, remaining, p, n, total)),
            -int(_best_capture(array, 0, other, remaining, p, n, total)), 1.0]


def self_play(games: int, nodes: int) -> tuple[list[list[int]], list[float]]:
    """The sampled positions of ``games`` self-play games and their results for the side to move."""
    positions: list[list[int]] = []
    results: list[float] = []
    lean = LeanRules(TOGUZ)
    for number in range(games):
        rng = random.Random(104729 * number)
        game = Game(TOGUZ)
        for _ in range(rng.choice((2, 3, 4, 5))):
            game.play(rng.choice(game.legal_moves()))
        engine = Engine(8, seed=number, book=False, reproducible=True)
        sampled: list[tuple[list[int], Side]] = []
        while not game.is_over and len(game.moves) < 400:
            if len(game.moves) >= 8:
                sampled.append((lean.from_position(game.position), game.position.to_move))
            game.play(engine.choose(game.position, time_limit=math.inf, depth=100, nodes=nodes).pit)
        kazans = game.position.kazans
        white = 1.0 if kazans[0] > kazans[1] else (0.5 if kazans[0] == kazans[1] else 0.0)
        for cells, to_move in sampled:
            positions.append(cells)
            results.append(white if to_move is Side.WHITE else 1.0 - white)
    return positions, results


def real_games(data: Path) -> tuple[list[list[int]], list[float]]:
    """Every other position from ply 8 on of the real Toguz games with a result, and the results."""
    positions: list[list[int]] = []
    results: list[float] = []
    lean = LeanRules(TOGUZ)
    for path in sorted(data.glob("*.pgn")):
        for record in read_record_file(path):
            points = POINTS.get(record.result)
            if points is None or record.variant != TOGUZ or len(record.moves) < 10:
                continue
            game = Game(record.variant)
            for ply, pit in enumerate(record.moves):
                if ply >= 8:
                    positions.append(lean.from_position(game.position))
                    results.append(points if game.position.to_move is Side.WHITE else 1.0 - points)
                game.play(pit)
    return positions, results


def matrix(positions: list[list[int]]) -> np.ndarray:
    """The features of every position, one row each."""
    p = variant_params(TOGUZ)
    shares = shape(TOGUZ.pits)
    return np.array([features(cells, p, shares) for cells in positions], dtype=np.float64)


def error(x: np.ndarray, results: np.ndarray, tuned: np.ndarray, k: float) -> float:
    """Mean squared error of the predicted results."""
    evaluation = x[:, 0] + x[:, 1:] @ tuned
    predicted = 1.0 / (1.0 + np.exp(-k * evaluation / weights.SCALE))
    return float(np.mean((results - predicted) ** 2))


def best_k(x: np.ndarray, results: np.ndarray, tuned: np.ndarray) -> float:
    """The ``K`` that fits best (golden-section search over 0.001 to 3)."""
    low, high = 0.001, 3.0
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        if error(x, results, tuned, a) < error(x, results, tuned, b):
            high = b
        else:
            low = a
    return (low + high) / 2


def tune(x: np.ndarray, results: np.ndarray, start: np.ndarray) -> np.ndarray:
    """Coordinate descent in integer steps of 16, 8, 4, 2, 1 units while the error falls; the weights
    found. Prints each step size's error and ``K``."""
    tuned = start.copy()
    k = best_k(x, results, tuned)
    best = error(x, results, tuned, k)
    for step in (16, 8, 4, 2, 1):
        improved = True
        while improved:
            improved = False
            for index in range(len(tuned)):
                for delta in (step, -step):
                    trial = tuned.copy()
                    trial[index] += delta
                    if NAMES[index] != "TEMPO":
                        trial[index] = max(0, trial[index])
                    found = error(x, results, trial, k)
                    if found < best - 1e-12:
                        tuned, best, improved = trial, found, True
                        break
        k = best_k(x, results, tuned)
        best = error(x, results, tuned, k)
        print(f"  steps of {step:2d}: mean squared error {best:.6f} (K = {k:.4f})", flush=True)
    return tuned


def check_linear(positions: list[list[int]], x: np.ndarray, today: np.ndarray) -> float:
    """The largest gap, in stones, between the linear sum of the terms and the evaluation itself."""
    searcher = Searcher(LeanRules(TOGUZ))
    exact = np.array([searcher.evaluate(cells) for cells in positions], dtype=np.float64)
    return float(np.max(np.abs(x[:, 0] + x[:, 1:] @ today - exact))) / weights.SCALE


def main() -> None:
    """Play, fit and print."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="self-play games (default 200)")
    parser.add_argument("--nodes", type=int, default=20_000, help="nodes a move in self-play (default 20,000)")
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    options = parser.parse_args()
    started = time.perf_counter()
    positions, played = self_play(options.games, options.nodes)
    x, results = matrix(positions), np.array(played)
    print(f"self-play: {len(results):,} positions from {options.games} games at {options.nodes:,} nodes a move "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    today = np.array([getattr(weights, name, 0) for name in NAMES], dtype=np.float64)
    print(f"the linear terms stray from the evaluation by {check_linear(positions, x, today):.2f} stones at most")
    k = best_k(x, results, today)
    print(f"today's weights: mean squared error {error(x, results, today, k):.6f} (K = {k:.4f})", flush=True)
    tuned = tune(x, results, today)
    for name, old, new in zip(NAMES, today, tuned, strict=True):
        print(f"  {name:14s} {int(old):5d} -> {int(new):5d}")
    if options.data.is_dir():
        real_positions, real_results = real_games(options.data)
        real, outcomes = matrix(real_positions), np.array(real_results)
        for label, chosen in (("today's", today), ("tuned", tuned)):
            k_real = best_k(real, outcomes, chosen)
            print(f"real games ({len(outcomes):,} positions), {label} weights: mean squared error "
                  f"{error(real, outcomes, chosen, k_real):.6f} (K = {k_real:.4f})")
    print(f"({time.perf_counter() - started:.0f} s in all)")


if __name__ == "__main__":
    main()
