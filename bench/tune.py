"""Tune the evaluation's weights on the 3,140 real games of ``../shared/data`` (Texel's method).

Every other position of every game with a result, from ply 8 on, is a sample; its target is the
game's result for the side to move (1, 0.5 or 0). The evaluation is a sum of weighted terms (see
``rules/engine/evaluate.py``): the kazan difference (fixed at 100 units a stone: the scale), the
tuzdyks, stones on one's row, pits one can play, the other's empty row, a game the no-move rule
decides, the best capture now and the opponent's best threat. The script finds ``K`` so that
``1 / (1 + exp(-K * evaluation / 100))`` best predicts the results with today's weights, then
moves one weight at a time by 8, 4, 2 and 1 units while the mean squared error falls. It prints
the error with today's weights and with the weights it found, and the weights; run from the
repository root:

    .venv/bin/python bench/tune.py [--data ../shared/data] [--every 2]

It reproduces its weights exactly (no randomness). Whether to take them is a question for
``bench/match.py``: a better fit to human results is not always stronger play.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import Game, Side, read_record_file  # noqa: E402 - after the path is set
from rules.engine import evaluate as weights  # noqa: E402
from rules.engine.fast import P_N, P_WORTH, _best_capture, _ends_by_no_move, _params  # noqa: E402
from rules.engine.lean import LeanRules  # noqa: E402
from rules.engine.search import Searcher  # noqa: E402

POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
# The tuned terms, in the order of the feature matrix's columns after the two fixed ones.
NAMES = ["ROW_STONE", "MOBILITY", "EMPTY_ROW", "DECIDED", "NOW_CAPTURE", "THREAT"]


def features(cells: list[int], p: np.ndarray) -> list[int]:
    """The evaluation's terms for the side to move: kazans (in units), tuzdyks (in units), then the
    tuned ones' factors, in ``NAMES``'s order."""
    n = int(p[P_N])
    size = 2 * n
    side = cells[size + 4]
    other = 1 - side
    total = sum(cells[:size]) + cells[size] + cells[size + 1]
    remaining = total - cells[size] - cells[size + 1]
    array = np.array(cells, dtype=np.int32)
    tuzdyks = 0
    if cells[size + 2 + side] >= 0:
        tuzdyks += int(p[int(p[P_WORTH]) + cells[size + 2 + side]]) * remaining // total
    if cells[size + 2 + other] >= 0:
        tuzdyks -= int(p[int(p[P_WORTH]) + cells[size + 2 + other]]) * remaining // total
    own, their = cells[side * n:side * n + n], cells[other * n:other * n + n]
    their_playable = n - their.count(0)
    empty = int(their_playable == 0)
    decided = int(bool(empty and _ends_by_no_move(array, 0, side, sum(own), p)))
    return [(cells[size + side] - cells[size + other]) * weights.SCALE, tuzdyks,
            sum(own) - sum(their), (n - own.count(0)) - their_playable, empty, decided,
            int(_best_capture(array, 0, side, remaining, p)), -int(_best_capture(array, 0, other, remaining, p))]


def samples(data: Path, every: int) -> tuple[np.ndarray, np.ndarray, int]:
    """The feature matrix, the results for the side to move, and the number of games used."""
    rows: list[list[int]] = []
    results: list[float] = []
    used = 0
    lean = LeanRules(Game().variant)
    p = _params(lean.variant)
    searcher = Searcher(lean)
    for path in sorted(data.glob("*.pgn")):
        for record in read_record_file(path):
            points = POINTS.get(record.result)
            if points is None or record.variant != lean.variant or len(record.moves) < 10:
                continue
            used += 1
            game = Game(record.variant)
            for ply, pit in enumerate(record.moves):
                if ply >= 8 and ply % every == 0:
                    cells = lean.from_position(game.position)
                    row = features(cells, p)
                    current = row[0] + row[1] + sum(getattr(weights, name) * value
                                                    for name, value in zip(NAMES, row[2:], strict=True))
                    assert current == searcher.evaluate(cells), "the terms must add up to the evaluation"
                    rows.append(row)
                    results.append(points if game.position.to_move is Side.WHITE else 1.0 - points)
                game.play(pit)
    return np.array(rows, dtype=np.float64), np.array(results), used


def error(x: np.ndarray, results: np.ndarray, tuned: np.ndarray, k: float) -> float:
    """Mean squared error of the predicted results."""
    evaluation = x[:, 0] + x[:, 1] + x[:, 2:] @ tuned
    predicted = 1.0 / (1.0 + np.exp(-k * evaluation / weights.SCALE))
    return float(np.mean((results - predicted) ** 2))


def best_k(x: np.ndarray, results: np.ndarray, tuned: np.ndarray) -> float:
    """The ``K`` that fits best (golden-section search over 0.01 to 3)."""
    low, high = 0.01, 3.0
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        if error(x, results, tuned, a) < error(x, results, tuned, b):
            high = b
        else:
            low = a
    return (low + high) / 2


def tune(x: np.ndarray, results: np.ndarray, start: np.ndarray, k: float) -> np.ndarray:
    """Coordinate descent in integer steps of 8, 4, 2, 1 units while the error falls."""
    tuned = start.copy()
    best = error(x, results, tuned, k)
    for step in (8, 4, 2, 1):
        improved = True
        while improved:
            improved = False
            for index in range(len(tuned)):
                for delta in (step, -step):
                    trial = tuned.copy()
                    trial[index] = max(0, trial[index] + delta)
                    found = error(x, results, trial, k)
                    if found < best - 1e-12:
                        tuned, best, improved = trial, found, True
                        break
    return tuned


def main() -> None:
    """Fit and print."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--every", type=int, default=2, help="take every Nth position of a game (default 2)")
    options = parser.parse_args()
    started = time.perf_counter()
    x, results, games = samples(options.data, options.every)
    print(f"{len(results):,} positions from {games:,} games with a result ({time.perf_counter() - started:.0f} s)")
    today = np.array([getattr(weights, name) for name in NAMES], dtype=np.float64)
    k = best_k(x, results, today)
    print(f"K = {k:.4f}; mean squared error with today's weights: {error(x, results, today, k):.6f}")
    tuned = tune(x, results, today, k)
    k_tuned = best_k(x, results, tuned)
    print(f"mean squared error with the tuned weights: {error(x, results, tuned, k_tuned):.6f} (K = {k_tuned:.4f})")
    for name, old, new in zip(NAMES, today, tuned, strict=True):
        print(f"  {name:12s} {int(old):5d} -> {int(new):5d}")


if __name__ == "__main__":
    main()
