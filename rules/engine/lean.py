"""The lean rules: the same game as ``rules.move.play_move`` on a flat mutable list, for speed.

A lean position ("cells") is one ``list[int]`` laid out as::

    [pit 0 .. pit 2N-1, White's kazan, Black's kazan, White's tuzdyk, Black's tuzdyk, side, result]

Pits are board indices in sowing order (White's pits 1..N, then Black's 1..N). A tuzdyk slot holds
the board index of the pit its owner claimed on the other row, or -1. ``side`` is 0 for White and 1
for Black. ``result`` is -1 while the game goes on; else, when the player to move had no stones,
0 (White won), 1 (Black won) or 2 (draw); when a kazan passed half, 3 (White won) or 4 (Black won).
``result % 3`` is the winner (2: a draw).

Moves are board indices of the mover's pits. ``LeanRules`` compiles the functions for one variant
as closures over its constants, so the hot loops read only local names. Copy a position with
``cells[:]`` (copy-make); ``play`` changes it in place.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress

from rules.move import Outcome, Termination
from rules.position import Position
from rules.variant import Side, Variant

Cells = list[int]
ONGOING = -1
DRAW = 2
MAJORITY = 3  # added to the winner when a kazan passed half


class LeanRules:
    """The lean form of one variant: play, legal moves, outcome, perft and conversions."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        n = variant.pits
        self.pits = n
        self.size = 2 * n
        self.kazan = (2 * n, 2 * n + 1)
        self.tuzdyk = (2 * n + 2, 2 * n + 3)
        self.side = 2 * n + 4
        self.result = 2 * n + 5
        self.length = 2 * n + 6
        self.play: Callable[[Cells, int], int] = _compile_play(variant)
        self.legal: Callable[[Cells], list[int]] = _compile_legal(variant)

    # -- conversions -------------------------------------------------------------------------

    def from_position(self, position: Position) -> Cells:
        """The lean form of ``position``, with the end-of-game checks (``rules.move.end_of_game``) applied."""
        if position.variant != self.variant:
            raise ValueError(f"position of {position.variant.name}, rules of {self.variant.name}")
        n = self.pits
        white_tuzdyk, black_tuzdyk = position.tuzdyks
        cells = [
            *position.board, *position.kazans,
            -1 if white_tuzdyk is None else n + white_tuzdyk - 1,
            -1 if black_tuzdyk is None else black_tuzdyk - 1,
            int(position.to_move), ONGOING,
        ]
        _end_of_game(cells, self.variant)
        return cells

    def to_position(self, cells: Cells, move_number: int = 1) -> Position:
        """The ``rules.Position`` of lean ``cells`` (lean cells do not count moves: pass it in)."""
        n = self.pits
        white_tuzdyk, black_tuzdyk = cells[self.tuzdyk[0]], cells[self.tuzdyk[1]]
        return Position(
            self.variant, tuple(cells[: self.size]), (cells[self.kazan[0]], cells[self.kazan[1]]),
            (None if white_tuzdyk < 0 else white_tuzdyk - n + 1,
             None if black_tuzdyk < 0 else black_tuzdyk + 1),
            Side(cells[self.side]), move_number,
        )

    def start(self) -> Cells:
        """The starting position in lean form."""
        return self.from_position(Position.start(self.variant))

    # -- moves -------------------------------------------------------------------------------

    def index(self, side: int, pit: int) -> int:
        """Board index of ``side``'s pit number ``pit`` (1..N)."""
        return side * self.pits + pit - 1

    def pit_number(self, index: int) -> int:
        """The pit number (1..N, on its own row) of a board index."""
        return index % self.pits + 1

    def play_pit(self, cells: Cells, pit: int) -> int:
        """Play pit number ``pit`` (1..N) of the side to move; see ``play``."""
        return self.play(cells, self.index(cells[self.side], pit))

    def outcome(self, cells: Cells) -> Outcome | None:
        """``None`` while the game goes on, else who won, why, and the final kazans."""
        code = cells[self.result]
        if code == ONGOING:
            return None
        kazans = (cells[self.kazan[0]], cells[self.kazan[1]])
        reason = Termination.MAJORITY if code >= MAJORITY else Termination.NO_MOVES
        return Outcome(None if code == DRAW else Side(code % 3), reason, kazans)

    def perft(self, cells: Cells, depth: int) -> int:
        """The number of move sequences of ``depth`` plies from ``cells``; finished games end a line."""
        play, legal = self.play, self.legal

        def count(node: Cells, depth: int) -> int:
            moves = legal(node)
            if depth == 1:
                return len(moves)
            total = 0
            for move in moves:
                child = node[:]
                play(child, move)
                total += count(child, depth - 1)
            return total

        return 1 if depth <= 0 else count(cells, depth)


def _compile_legal(variant: Variant) -> Callable[[Cells], list[int]]:
    n = variant.pits
    side_at, result_at = 2 * n + 4, 2 * n + 5
    rows = (range(0, n), range(n, 2 * n))

    def legal(cells: Cells) -> list[int]:
        """Board indices the side to move may play, ascending; empty once the game is over."""
        if cells[result_at] != ONGOING:
            return []
        side = cells[side_at]
        start = side * n
        return list(compress(rows[side], cells[start : start + n]))

    return legal


def _end_of_game(cells: Cells, variant: Variant) -> None:
    """The end-of-game checks after a move, in the order of ``rules.move.end_of_game`` (the majority,
    then the player to move without a stone); sets the result slot."""
    n = variant.pits
    k0, k1, side_at, result_at = 2 * n, 2 * n + 1, 2 * n + 4, 2 * n + 5
    if variant.stop_at_majority:
        if cells[k0] >= variant.majority:
            cells[result_at] = MAJORITY
            return
        if cells[k1] >= variant.majority:
            cells[result_at] = MAJORITY + 1
            return
    stuck = cells[side_at]
    if any(cells[stuck * n : stuck * n + n]):
        cells[result_at] = ONGOING
        return
    _collect(cells, n, 1 - stuck, variant.no_move == "lose")


def _collect(cells: Cells, n: int, other: int, lose: bool) -> None:
    """The player to move is stuck: ``other`` collects his row, then the result is decided."""
    start = other * n
    cells[2 * n + other] += sum(cells[start : start + n])
    cells[start : start + n] = [0] * n
    white, black = cells[2 * n], cells[2 * n + 1]
    if lose:
        cells[2 * n + 5] = other
    else:
        cells[2 * n + 5] = DRAW if white == black else (0 if white > black else 1)


def _compile_play(variant: Variant) -> Callable[[Cells, int], int]:
    """Build ``play(cells, origin) -> captured`` for one variant.

    This is the hot loop: one long function on local names only, on purpose (speed).
    """
    n = variant.pits
    size = 2 * n
    k0, t0, t1, side_at, result_at = size, size + 2, size + 3, size + 4, size + 5
    everything = range(size)
    tuzdyks_on = variant.tuzdyks
    unrestricted = variant.unrestricted_tuzdyk
    stop = variant.stop_at_majority
    majority = variant.majority
    lose = variant.no_move == "lose"
    last_pit = (size - 1, n - 1)  # the opponent's pit N, for White and for Black

    def play(cells: Cells, origin: int) -> int:
        """Play board index ``origin`` for the side to move; returns the stones it captured."""
        stones = cells[origin]
        side = cells[side_at]
        cells[origin] = 0
        if stones == 1:
            last = origin + 1
            if last == size:
                last = 0
            cells[last] += 1
        else:
            laps, rest = divmod(stones, size)
            if laps:
                for i in everything:
                    cells[i] += laps
            end = origin + rest
            if end <= size:
                for i in range(origin, end):
                    cells[i] += 1
            else:
                for i in range(origin, size):
                    cells[i] += 1
                for i in range(end - size):
                    cells[i] += 1
            last = (origin + stones - 1) % size
        tuzdyk = cells[t0]
        if tuzdyk >= 0 and cells[tuzdyk]:
            cells[k0] += cells[tuzdyk]
            cells[tuzdyk] = 0
        tuzdyk = cells[t1]
        if tuzdyk >= 0 and cells[tuzdyk]:
            cells[k0 + 1] += cells[tuzdyk]
            cells[tuzdyk] = 0
        captured = 0
        if (last >= n) if side == 0 else (last < n):
            count = cells[last]
            if not count & 1:
                if count:
                    cells[k0 + side] += count
                    cells[last] = 0
                    captured = count
            elif count == 3 and tuzdyks_on and cells[t0 + side] < 0:
                theirs = cells[t1 - side]
                if unrestricted or (last != last_pit[side] and (theirs < 0 or abs(last - theirs) != n)):
                    cells[t0 + side] = last
                    cells[k0 + side] += 3
                    cells[last] = 0
                    captured = 3
        other = 1 - side
        cells[side_at] = other
        if stop:
            if cells[k0] >= majority:
                cells[result_at] = MAJORITY
                return captured
            if cells[k0 + 1] >= majority:
                cells[result_at] = MAJORITY + 1
                return captured
        if not any(cells[other * n : other * n + n]):
            _collect(cells, n, side, lose)
        return captured

    return play
