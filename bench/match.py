"""The yardstick: today's level 8 against level 8 of a git commit (``bench/yardstick.py``: by default
df1fa41, the level 8 of 2026-11-28, before issue 38; ``--against COMMIT`` names another), both with the
same time a move, from 20 openings (a few random plies each) with each engine playing each colour, on two
processes. Prints each game, the score, and how many of today's losses came by its row running empty (the
other side collecting its own row under the no-move rule: starvation).

Run from the repository root: ``.venv/bin/python bench/match.py`` plays both lines of ``make match``:
40 games at 0.3 s a move and 20 at 1 s (some 40 minutes with two free cores); ``--seconds S
--openings N`` plays one line of ``2 N`` games; ``--clock 5+3`` plays 10 games on a clock, each engine
sharing out its own time as its toguz did (some 15 minutes a game), and says who lost on time. A game
that runs past 400 plies is adjudicated by the kazans. The commit's engine compiles its search once,
the first time (some 20 seconds).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.yardstick import DEFAULT, Yardstick
from rules import TOGUZ, Game, Side
from rules.clock import ClockError, TimeControl
from rules.engine import LEVELS, Engine
from rules.engine.engine import compiled
from rules.engine.time_use import LEAST_THINKING, thinking_time
from rules.move import Termination

LINES = ((0.3, 20), (1.0, 10))  # ``make match``: seconds a move and openings (each played with both colours)
CLOCK_OPENINGS = 5  # ``--clock``: games of some 15 minutes each


def opening(number: int) -> list[int]:
    """The random plies that open game pair ``number`` (the same for both colours)."""
    rng = random.Random(7919 * number)
    game = Game(TOGUZ)
    for _ in range(rng.choice((2, 3, 4))):
        game.play(rng.choice(game.legal_moves()))
    return list(game.moves)


_yardsticks: dict[str, Yardstick] = {}  # one engine process of each commit in each worker process


def yesterdays_share(left: float, increment: float) -> float:
    """The seconds the toguz of the yardstick commit (df1fa41 and before) gave level 8 on a clock: a
    thirtieth of what it had left plus three quarters of the increment, at most its 3 s and a quarter
    of what it had left."""
    return max(LEAST_THINKING, min(3.0, left / 30 + increment * 0.75, left * 0.25))


def play(number: int, new_is_white: bool, seconds: float, against: str = DEFAULT,
         clock: TimeControl | None = None) -> tuple[float, int, str, bool, Side | None]:
    """One game: the points of today's engine (1, 0.5 or 0), the plies, the kazans, whether it lost by
    its row running empty, and the side whose flag fell, if one did. With a ``clock``, each side's time
    is what its moves really took (the yardstick's answer included), each engine thinking its own share
    of what it has left (today's ``thinking_time``, the commit's ``yesterdays_share``); else ``seconds``
    a move."""
    game = Game(TOGUZ)
    for pit in opening(number):
        game.play(pit)
    new = Engine(8, seed=number)
    old = _yardsticks.get(against) or _yardsticks.setdefault(against, Yardstick(against))
    new_side = Side.WHITE if new_is_white else Side.BLACK
    left = [clock.initial, clock.initial] if clock is not None else [math.inf, math.inf]
    flagged: Side | None = None
    while not game.is_over and len(game.moves) < 400:
        position = game.position
        side = position.to_move
        think = seconds
        if clock is not None:
            think = (thinking_time(left[side], clock.increment, sum(position.board), TOGUZ.total,
                                   len(position.legal_moves()), LEVELS[7]) if side is new_side
                     else yesterdays_share(left[side], clock.increment))
        started = time.perf_counter()
        if side is new_side:
            pit = new.choose(position, time_limit=think).pit  # its book, then the clock
        else:
            pit = old.choose(position.fen(), think, number)
        left[side] -= time.perf_counter() - started
        if left[side] < 0:
            flagged = side
            break
        if clock is not None:
            left[side] += clock.increment
        game.play(pit)
    kazans = game.position.kazans
    if flagged is not None:
        points = 0.0 if flagged is new_side else 1.0
        return points, len(game.moves), f"{kazans[0]}-{kazans[1]}", False, flagged
    outcome = game.outcome
    if outcome is None:
        points = 1.0 if kazans[new_side] > kazans[1 - new_side] else (0.5 if kazans[0] == kazans[1] else 0.0)
    else:
        points = 0.5 if outcome.winner is None else (1.0 if outcome.winner is new_side else 0.0)
    starved = (points == 0.0 and outcome is not None and outcome.reason is Termination.NO_MOVES
               and game.position.to_move is new_side)
    return points, len(game.moves), f"{kazans[0]}-{kazans[1]}", starved, None


def match(seconds: float = 0.3, openings: int = 20, workers: int = 2, each: bool = True,
          against: str = DEFAULT, clock: TimeControl | None = None) -> float:
    """Play the match, print it (each game too, with ``each``) and return today's share of the points."""
    search = "compiled" if compiled() else "pure Python (numba missing or TOGUZ_ENGINE=python)"
    pace = f"at {seconds} s a move" if clock is None else f"on a {clock.initial / 60:g}+{clock.increment:g} clock"
    print(f"today's level 8 ({search} search) against level 8 of commit {against}, {pace.removeprefix('at ')}, "
          f"{openings} openings with both colours", flush=True)
    Yardstick(against).close()  # taken out of git, and its search compiled, before any clock runs
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        jobs = [(number, white, pool.submit(play, number, white, seconds, against, clock))
                for number in range(openings) for white in (True, False)]
        total, losses, starved, on_time, theirs_on_time = 0.0, 0, 0, 0, 0
        for number, white, job in jobs:
            points, plies, kazans, by_starving, flagged = job.result()
            total += points
            losses += points == 0.0
            starved += by_starving
            mine = flagged is not None and (flagged is Side.WHITE) == white
            on_time += mine
            theirs_on_time += flagged is not None and not mine
            if each:
                how = ", starved" if by_starving else (", lost on time" if mine else (
                    ", the commit's flag fell" if flagged is not None else ""))
                print(f"  opening {number:2d}, today's engine {'White' if white else 'Black'}: {points:3.1f} "
                      f"({plies} plies, kazans {kazans}{how})", flush=True)
    games = len(jobs)
    share = f"{100 * starved / losses:.0f}%" if losses else "-"
    timing = "" if clock is None else f"; lost on time: today's {on_time}, the commit's {theirs_on_time}"
    print(f"score {pace}: {total:.1f}/{games} = {100 * total / games:.1f}% for today's level 8; "
          f"losses by its row running empty: {starved} of {losses} ({share}){timing} "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    return total / games


def main() -> None:
    """Play the match and print it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=None,
                        help="play one line at this time a move (default: both lines, 0.3 s and 1 s)")
    parser.add_argument("--openings", type=int, default=None, help="openings, each played with both colours")
    parser.add_argument("--clock", default=None, metavar="MINUTES+INCREMENT",
                        help="play one line on this clock (5+3: five minutes and 3 s a move) instead")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quiet", action="store_true", help="print the score lines only, not each game")
    parser.add_argument("--against", default=DEFAULT, metavar="COMMIT",
                        help=f"the commit whose level 8 is the yardstick (default {DEFAULT})")
    options = parser.parse_args()
    if options.clock is not None:
        try:
            control = TimeControl.parse(options.clock)
        except ClockError:
            parser.error(f"not a clock: {options.clock} (say 5+3, or 60)")
        match(0.0, options.openings or CLOCK_OPENINGS, options.workers, not options.quiet, options.against, control)
        return
    if options.seconds is not None:
        match(options.seconds, options.openings or 20, options.workers, not options.quiet, options.against)
        return
    for seconds, openings in LINES:
        match(seconds, options.openings or openings, options.workers, not options.quiet, options.against)


if __name__ == "__main__":
    main()
