"""How long the computer thinks on a move when it plays on a clock: ``thinking_time``.

A level that plays by the clock (level 8) shares out its time as a strong player does: it expects
fewer moves still to make as the stones leave the board (some 12 when the board is nearly empty, some
32 at the start), thinks longest in the middlegame (from a fifth to two thirds of the stones
captured, a third more than its even share), keeps a reserve of some seconds for a game that runs
long, and adds most of its increment; a forced move it plays
at once (the search returns after its first depth when only one move is legal), and a position
already decided ends the search as soon as it is proven. Whatever it takes, it never thinks past a
quarter of what it has left, so it cannot lose on time while the search keeps to its deadline (its
overrun is some milliseconds: ``bench/engine.py``'s time discipline). The other levels take the same
share, never more than their own limit.
"""

from __future__ import annotations

from rules.engine.levels import Level

MOVES_AT_THE_END = 12.0  # the moves still expected with no stone left on the board
MOVES_PER_STONE = 0.125  # and one more for every eight stones on it (some 32 at the start of Toguz)
MIDDLEGAME = (0.2, 0.67)  # the share of the stones captured between which the game is in its middle
MIDDLEGAME_WEIGHT = 4 / 3  # how much more of its share a move of the middlegame gets
RESERVE = 3.0  # seconds never shared out while more moves may come (a sudden-death game can run long)
SHARE_OF_INCREMENT = 0.75
MOST_OF_WHAT_IS_LEFT = 0.25
LEAST_THINKING = 0.01  # seconds: depth 1 at least is always searched (some milliseconds)


def thinking_time(left: float, increment: float, on_board: int, total: int, choices: int, level: Level) -> float:
    """The seconds the computer may think on a move with ``left`` seconds on its clock and ``increment``
    a move, ``on_board`` of the game's ``total`` stones still on the board and ``choices`` legal moves."""
    if choices <= 1:
        return LEAST_THINKING
    moves_to_go = MOVES_AT_THE_END + MOVES_PER_STONE * on_board
    captured = 1 - on_board / total if total else 0.0
    weight = MIDDLEGAME_WEIGHT if MIDDLEGAME[0] <= captured <= MIDDLEGAME[1] else 1.0
    share = max(0.0, left - RESERVE) / moves_to_go * weight + increment * SHARE_OF_INCREMENT
    if not level.timed:
        share = min(share, level.time_limit)
    return max(LEAST_THINKING, min(share, left * MOST_OF_WHAT_IS_LEFT))
