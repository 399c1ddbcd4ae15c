"""Engine figures: search speed (compiled and pure Python) and today's compiled search beside the
yardstick commit's in the same run (``--against COMMIT``, by default df1fa41, level 8 of 2026-11-28:
nodes a second at depth 10 and depth and nodes a second in 0.3 s), depth reached in 0.3 s and 1 s, a
ladder of the levels at their real budgets, time discipline, and the yardstick match: today's level 8
against the commit's (``bench/match.py``, 40 games at 0.3 s a move, some 15 minutes).

Run from the repository root: ``.venv/bin/python bench/engine.py [--quick] [--skip-ladder] [--skip-match]``.
The run starts with the cold compile: Toguz's compiled search made ready (``fast.warm``) in a fresh process with
an empty numba cache (``NUMBA_CACHE_DIR``, a new temporary folder; target: at most 30 s on a quiet machine), then
the small variants' in the same process, then both loaded from that cache in a second one; ``--compile`` prints
only that.
The ladder plays each level against the one below from varied openings (a few random plies),
alternating colours, on two processes, each level with its own depth and node budget and no time
limit, so it is reproducible and does not depend on the machine's load (some 15 minutes in all with
the compiled search). ``--budget N`` scales both budgets of a pair by the same factor so that the
higher one is at most N (the ratio between them, which is what makes one level stronger than the
other, stays as in real play): ``--quick`` does that with N = 5,000 and 6 games a pair.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.match import match
from bench.yardstick import DEFAULT, Yardstick
from rules import TOGUZ, Game, Position, Side
from rules.engine import LEVELS, Engine
from rules.engine.engine import compiled
from rules.game import random_positions


def sample_positions(count: int, seed: int = 5) -> list[Position]:
    """Positions from random Toguz games, 10 to 60 plies in."""
    return random_positions(TOGUZ, count, random.Random(seed), (10, 60))


def nodes_per_second(depth: int, search: str) -> tuple[float, int]:
    """Nodes a second over fixed-depth searches of sample positions, and the nodes searched, with the
    ``compiled`` or the ``python`` search."""
    os.environ["TOGUZ_ENGINE"] = search
    try:
        engine = Engine(8)
        positions = sample_positions(16)
        # Made ready (compiled or loaded, its table's memory touched) before the clock runs.
        engine.choose(positions[0], depth=max(1, depth - 2))
        nodes, started = 0, time.perf_counter()
        for position in positions:
            nodes += engine.choose(position, depth=depth).nodes
        return nodes / (time.perf_counter() - started), nodes
    finally:
        del os.environ["TOGUZ_ENGINE"]


def compile_seconds() -> tuple[float, float, float]:
    """Seconds a fresh process takes to make Toguz's compiled search ready (``fast.warm("toguz")``) from an empty
    numba cache (a new temporary folder as ``NUMBA_CACHE_DIR``), then the small variants' in that same process,
    and a second process to load both from that cache."""
    root = Path(__file__).resolve().parent.parent
    timing = ("import time; from rules.engine.fast import warm; started = time.perf_counter(); warm('toguz'); "
              "middle = time.perf_counter(); warm('small'); print(middle - started, time.perf_counter() - middle)")
    with tempfile.TemporaryDirectory(prefix="toguz-numba-") as folder:
        environment = {**os.environ, "NUMBA_CACHE_DIR": folder}
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", timing], cwd=root, env=environment, check=True,
                              capture_output=True, text=True)
        whole = time.perf_counter() - started
        _toguz, small = (float(figure) for figure in done.stdout.split())
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "from rules.engine.fast import warm; warm()"], cwd=root,
                       env=environment, check=True)
        loaded = time.perf_counter() - started
    return whole - small, small, loaded


def print_compile() -> None:
    """Print ``compile_seconds``'s figures (target: Toguz's at most 30 s on a quiet machine)."""
    toguz, small, loaded = compile_seconds()
    print(f"cold compile: {toguz:.1f} s until Toguz's compiled search is ready (from an empty numba cache, the "
          f"process's start included), then {small:.1f} s for the small variants'; loaded from the cache: "
          f"{loaded:.1f} s", flush=True)


def middlegames() -> list[Position]:
    """Three middlegames: the positions after 20, 30 and 40 plies of a seeded game of level 6 against itself."""
    found = []
    for plies in (20, 30, 40):
        game = Game(TOGUZ)
        engine = Engine(6, seed=plies)
        while len(game.moves) < plies and not game.is_over:
            game.play(engine.choose(game.position, time_limit=math.inf).pit)
        found.append(game.position)
    return found


def side_by_side(against: str, depth: int = 10, seconds: float = 0.3) -> None:
    """Today's compiled search and level 8 of commit ``against`` (``bench/yardstick.py``) on the same
    positions in one run: nodes a second over the fixed-depth searches of ``nodes_per_second``, and the
    depth and nodes a second of the playing search in ``seconds`` from the start and three middlegames."""
    yardstick = Yardstick(against)
    try:
        engine = Engine(8, book=False)
        positions = sample_positions(16)
        engine.choose(positions[0], depth=depth - 2)
        yardstick.search(positions[0].fen(), depth=depth - 2)
        figures: dict[str, list[float]] = {"today": [0, 0], against: [0, 0]}
        for position in positions:
            found = engine.choose(position, depth=depth)
            figures["today"][0] += found.nodes
            figures["today"][1] += found.seconds
            old = yardstick.search(position.fen(), depth=depth)
            figures[against][0] += old["nodes"]
            figures[against][1] += old["seconds"]
        rates = {name: nodes / seconds for name, (nodes, seconds) in figures.items()}
        print(f"search speed at depth {depth}, 16 positions: today {rates['today']:,.0f} nodes/s, commit {against} "
              f"{rates[against]:,.0f}: {rates['today'] / rates[against]:.2f}x", flush=True)
        for name, position in [("start", Position.start(TOGUZ))] + [(f"ply {20 + 10 * index}", middle)
                                                                     for index, middle in enumerate(middlegames())]:
            found = engine.choose(position, time_limit=seconds)
            old = yardstick.search(position.fen(), seconds=seconds)
            print(f"  {seconds} s from the {name}: today depth {found.depth}, "
                  f"{found.nodes / found.seconds:,.0f} nodes/s; commit {against} depth {old['depth']:.0f}, "
                  f"{old['nodes'] / old['seconds']:,.0f} nodes/s", flush=True)
    finally:
        yardstick.close()


def depth_reached(seconds: float) -> tuple[int, list[int]]:
    """The depth level 8's playing search completes in ``seconds`` from the start and in three middlegames."""
    engine = Engine(8, book=False)
    start = engine.choose(Position.start(TOGUZ), time_limit=seconds).depth
    return start, [engine.choose(position, time_limit=seconds).depth for position in middlegames()]


def pair_budgets(high: int, low: int, budget: int | None) -> tuple[int | None, int | None]:
    """The node budgets of ``high`` and ``low`` in the ladder: their own, or both scaled so ``high``'s is at
    most ``budget``."""
    high_nodes, low_nodes = LEVELS[high - 1].nodes, LEVELS[low - 1].nodes
    scale = 1.0 if high_nodes is None or budget is None else min(1.0, budget / high_nodes)
    return (None if high_nodes is None else max(1, round(high_nodes * scale)),
            None if low_nodes is None else max(1, round(low_nodes * scale)))


def play_game(high: int, low: int, high_white: bool, opening: int, budget: int | None) -> tuple[float, float, float]:
    """One ladder game: what ``high`` scored against ``low`` (1, 0.5 or 0), and each side's mean depth."""
    rng = random.Random(opening)
    game = Game(TOGUZ)
    for _ in range(rng.choice((2, 3, 4))):
        game.play(rng.choice(game.legal_moves()))
    high_nodes, low_nodes = pair_budgets(high, low, budget)
    high_side = Side.WHITE if high_white else Side.BLACK
    engines = {high_side: (Engine(high, seed=opening), high_nodes),
               high_side.opponent: (Engine(low, seed=opening + 1), low_nodes)}
    depths: dict[Side, list[int]] = {Side.WHITE: [], Side.BLACK: []}
    while not game.is_over and len(game.moves) < 400:
        side = game.position.to_move
        engine, nodes = engines[side]
        result = engine.choose(game.position, time_limit=math.inf, nodes=nodes)
        depths[side].append(result.depth)
        game.play(result.pit)
    high_depth = sum(depths[high_side]) / max(1, len(depths[high_side]))
    low_depth = sum(depths[high_side.opponent]) / max(1, len(depths[high_side.opponent]))
    outcome = game.outcome
    if outcome is None:  # adjudicate a game too long by the kazans
        kazans = game.position.kazans
        points = 1.0 if kazans[high_side] > kazans[1 - high_side] else (0.5 if kazans[0] == kazans[1] else 0.0)
    else:
        points = 0.5 if outcome.winner is None else (1.0 if outcome.winner is high_side else 0.0)
    return points, high_depth, low_depth


def ladder(games: int, budget: int | None, workers: int, lowest: int = 2) -> None:
    """Each level against the one below; prints the higher level's score."""
    with ProcessPoolExecutor(workers) as pool:
        for high in range(lowest, len(LEVELS) + 1):
            started = time.perf_counter()
            jobs = [pool.submit(play_game, high, high - 1, index % 2 == 0, 1000 * high + index // 2, budget)
                    for index in range(games)]
            results = [job.result() for job in jobs]
            points = sum(result[0] for result in results)
            high_depth = sum(result[1] for result in results) / games
            low_depth = sum(result[2] for result in results) / games
            high_nodes, low_nodes = pair_budgets(high, high - 1, budget)
            print(f"  level {high} vs {high - 1}: {points:4.1f}/{games} = {100 * points / games:3.0f}%"
                  f"  (nodes {_budget(high_nodes)} vs {_budget(low_nodes)}, mean depth {high_depth:.1f} vs "
                  f"{low_depth:.1f}, {time.perf_counter() - started:.0f} s)", flush=True)


def _budget(nodes: int | None) -> str:
    return "-" if nodes is None else f"{nodes:,}"


def time_discipline(moves: int) -> tuple[float, float]:
    """Worst and mean overrun (seconds past the limit) over ``moves`` time-limited choices."""
    rng = random.Random(11)
    engine = Engine(8)
    worst, total = 0.0, 0.0
    positions = sample_positions(moves, seed=12)
    for position in positions:
        limit = rng.choice((0.01, 0.02, 0.05, 0.1))
        started = time.perf_counter()
        engine.choose(position, time_limit=limit)
        overrun = time.perf_counter() - started - limit
        worst, total = max(worst, overrun), total + overrun
    return worst, total / len(positions)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short ladder (6 games a pair)")
    parser.add_argument("--compile", action="store_true", help="only the cold compile's time (and the load's)")
    parser.add_argument("--skip-ladder", action="store_true")
    parser.add_argument("--games", type=int, default=None, help="ladder games a pair (default 20)")
    parser.add_argument("--budget", type=int, default=None,
                        help="ladder: scale a pair's budgets so the higher is at most this (default: real budgets; "
                             "quick: 5000)")
    parser.add_argument("--lowest", type=int, default=2, help="ladder: start from this level against the one below")
    parser.add_argument("--skip-match", action="store_true", help="leave out the match against the yardstick's level 8")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--against", default=DEFAULT, metavar="COMMIT",
                        help=f"the commit whose engine today's is measured against (default {DEFAULT})")
    options = parser.parse_args()
    if compiled():
        print_compile()
        if options.compile:
            return
        side_by_side(options.against)
    elif options.compile:
        print("cold compile: numba is not installed")
        return
    for search, depth in (("compiled", 10), ("python", 7)):
        if search == "compiled" and not compiled():
            print("search speed, compiled: numba is not installed")
            continue
        rate, nodes = nodes_per_second(depth, search)
        print(f"search speed, {search}: {rate:,.0f} nodes/s ({nodes:,} nodes, depth {depth}, 16 positions)")
    for seconds in (0.3, 1.0):
        start, midgame = depth_reached(seconds)
        print(f"depth in {seconds} s (level 8's playing search): {start} from the start, "
              f"{', '.join(map(str, midgame))} in three middlegames (plies 20, 30, 40)")
    result = Engine(8, book=False, reproducible=True).choose(Position.start(TOGUZ))
    print(f"level 8 from the start (its reproducible budget): depth {result.depth}, {result.nodes:,} nodes, "
          f"{result.seconds:.2f} s, pit {result.pit}, score {result.score:+.2f}, "
          f"line {' '.join(map(str, result.principal_line))}")
    worst, mean = time_discipline(40 if options.quick else 300)
    print(f"time discipline: worst overrun {1000 * worst:.1f} ms, mean {1000 * mean:.1f} ms")
    if not options.skip_ladder:
        games = options.games or (6 if options.quick else 20)
        budget = options.budget or (5000 if options.quick else None)
        scaled = "their real node budgets" if budget is None else f"node budgets scaled to at most {budget:,} a move"
        print(f"ladder: {games} games a pair, {scaled}, no time limit")
        ladder(games, budget, options.workers, options.lowest)
    if not options.skip_match:
        match(openings=6 if options.quick else 20, workers=options.workers, each=False, against=options.against)


if __name__ == "__main__":
    main()
