# mypy: disable-error-code="no-any-return"
# (the compiled functions read numpy arrays, whose elements mypy sees as Any)
"""The compiled rules alone, for measuring them (``bench/rules.py``) and proving them against the lean
ones (tests): ``FastRules``'s perft and random playouts, through ``fast``'s own sowing and move list
(Toguz's copy with its constants, and the general one for the small variants)."""

from __future__ import annotations

from typing import Any

import numpy as np

from rules.engine.fast import P_N, TOGUZ_PITS, compiled, legal, play_with, variant_params, warm
from rules.engine.lean import ONGOING, Cells, LeanRules


@compiled(inline=True)
def _moves_count(cells: Any, o: int, n: int) -> int:
    """How many moves the side to move has (``legal``'s count, the moves not listed)."""
    if cells[o + 2 * n + 5] != ONGOING:
        return 0
    start = o + cells[o + 2 * n + 4] * n
    count = 0
    for i in range(n):
        count += cells[start + i] != 0
    return count


@compiled(inline=True)
def _perft_with(stack: Any, depth: int, p: Any, moves: Any, counts: Any, index: Any, n: int) -> int:
    length = 2 * n + 6
    counts[0] = legal(stack, 0, p, moves, 0)
    if depth == 1:
        return counts[0]
    index[0] = 0
    total = 0
    ply = 0
    while ply >= 0:
        if index[ply] >= counts[ply]:
            ply -= 1
            continue
        move = moves[ply, index[ply]]
        index[ply] += 1
        o = ply * length
        for i in range(length):
            stack[o + length + i] = stack[o + i]
        play_with(stack, o + length, move, p, n)
        if ply + 2 == depth:
            total += _moves_count(stack, o + length, n)
        else:
            ply += 1
            counts[ply] = legal(stack, ply * length, p, moves, ply)
            index[ply] = 0
    return total


@compiled()
def _perft(stack: Any, depth: int, p: Any, moves: Any, counts: Any, index: Any) -> int:
    """``lean``'s ``perft`` of the position at the start of ``stack`` (``depth`` at least 1): the moves
    of the last ply counted, not made; a stack of plies, not recursion."""
    if p[P_N] == TOGUZ_PITS:
        return _perft_with(stack, depth, p, moves, counts, index, TOGUZ_PITS)
    return _perft_with(stack, depth, p, moves, counts, index, p[P_N])


@compiled(inline=True)
def _playouts_with(start: Any, games: int, seed: int, p: Any, cells: Any, moves: Any, n: int) -> int:
    length = 2 * n + 6
    state = np.uint64(seed | 1)
    plies = 0
    for _ in range(games):
        for i in range(length):
            cells[i] = start[i]
        count = legal(cells, 0, p, moves, 0)
        while count:
            state ^= state << np.uint64(13)
            state ^= state >> np.uint64(7)
            state ^= state << np.uint64(17)
            pick = int((state >> np.uint64(32)) * np.uint64(count) >> np.uint64(32))
            play_with(cells, 0, moves[0, pick], p, n)
            plies += 1
            count = legal(cells, 0, p, moves, 0)
    return plies


@compiled()
def _playouts(start: Any, games: int, seed: int, p: Any, cells: Any, moves: Any) -> int:
    """``games`` random games from ``start`` (each move drawn evenly from the legal ones by a xorshift
    generator seeded with ``seed``); the plies played."""
    if p[P_N] == TOGUZ_PITS:
        return _playouts_with(start, games, seed, p, cells, moves, TOGUZ_PITS)
    return _playouts_with(start, games, seed, p, cells, moves, p[P_N])


class FastRules:
    """The compiled rules of one variant for measuring them: perft and random playouts."""

    def __init__(self, lean: LeanRules) -> None:
        warm()
        self.lean = lean
        self.params = variant_params(lean.variant)

    def perft(self, cells: Cells, depth: int) -> int:
        """As ``LeanRules.perft``."""
        if depth <= 0:
            return 1
        stack = np.zeros((depth + 1) * self.lean.length, dtype=np.int32)
        stack[:self.lean.length] = cells
        moves = np.zeros((depth + 1, self.lean.pits), dtype=np.int64)
        counts = np.zeros(depth + 1, dtype=np.int64)
        return int(_perft(stack, depth, self.params, moves, counts, np.zeros(depth + 1, dtype=np.int64)))

    def playouts(self, cells: Cells, games: int, seed: int = 1) -> int:
        """``games`` random games played out from ``cells``; the plies played."""
        moves = np.zeros((1, self.lean.pits), dtype=np.int64)
        return int(_playouts(np.array(cells, dtype=np.int32), games, seed, self.params,
                             np.zeros(self.lean.length, dtype=np.int32), moves))
