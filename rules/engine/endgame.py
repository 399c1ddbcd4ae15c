"""Exact solving of endings: with few stones left on the board, every line is played to the end.

``solve`` finds, for each legal move of a position with at most ``ENDGAME_STONES`` stones on the
board, whether it wins, draws or loses against any defence (``WON``, ``DRAWN``, ``LOST`` for the
side to move). It is a depth-first search to the end of every line with a table of the positions
already solved (each is solved once, however many ways lead to it), within a budget of positions
(``SOLVE_LIMIT``: some 30 MB and under a second at the most, so that it never holds up a move
long). An ending too large for the budget is left to the ordinary search, and so is one where a
line it follows comes back to a position already on it (the stones can circle the board without a
capture): then no result is claimed at all. The search's proven scores give the fastest win; this
gives the draws, and the wins and losses too deep for the search to see.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.lean import DRAW, ONGOING, Cells, LeanRules

ENDGAME_STONES = 12  # stones on both rows together, at most, for an ending to be solved
SOLVE_LIMIT = 100_000  # positions solved at the most: some 30 MB, under a second in Python
CHECK_EVERY = 4096  # positions between looks at whether the solve was called off
WON, DRAWN, LOST = 1, 0, -1


class Unsolved(Exception):
    """The ending is larger than the budget, or its lines can repeat a position."""


def board_stones(lean: LeanRules, cells: Cells) -> int:
    """The stones on both rows."""
    return sum(cells[:lean.size])


def solve(lean: LeanRules, cells: Cells, limit: int = SOLVE_LIMIT,
          stopped: Callable[[], bool] = lambda: False) -> dict[int, int] | None:
    """Each legal move of ``cells`` (board indices) with its exact result for the side to move (``WON``,
    ``DRAWN`` or ``LOST``), or ``None`` when the position is no ending, cannot be solved within
    ``limit`` positions, or ``stopped`` says so (asked now and then)."""
    if cells[lean.result] != ONGOING or board_stones(lean, cells) > ENDGAME_STONES:
        return None
    solver = _Solver(lean, limit, stopped)
    try:
        results = {}
        solver.path.add(tuple(cells))
        for move in lean.legal(cells):
            child = cells[:]
            lean.play(child, move)
            results[move] = -solver.value(child)
        return results
    except (Unsolved, RecursionError):  # a line too long to follow is as good as too large
        return None


class _Solver:
    """One solve: the table of solved positions and the positions on the line being searched."""

    def __init__(self, lean: LeanRules, limit: int, stopped: Callable[[], bool]) -> None:
        self.lean = lean
        self.limit = limit
        self.stopped = stopped
        self.table: dict[tuple[int, ...], int] = {}
        self.path: set[tuple[int, ...]] = set()

    def value(self, cells: Cells) -> int:
        """The exact result of ``cells`` for its side to move (``Unsolved`` past the budget or on a repeat)."""
        lean = self.lean
        result = cells[lean.result]
        if result != ONGOING:
            winner = result % 3
            return DRAWN if winner == DRAW else (WON if winner == cells[lean.side] else LOST)
        key = tuple(cells)
        known = self.table.get(key)
        if known is not None:
            return known
        if key in self.path:
            raise Unsolved  # a line that comes back: the game need not end, and no result is claimed
        solved = len(self.table)
        if solved >= self.limit or (solved % CHECK_EVERY == 0 and self.stopped()):
            raise Unsolved
        self.path.add(key)
        best = LOST
        for move in lean.legal(cells):
            child = cells[:]
            lean.play(child, move)
            found = -self.value(child)
            if found > best:
                best = found
                if best == WON:
                    break  # nothing does better
        self.path.discard(key)
        self.table[key] = best
        return best
