"""The search: iterative deepening negamax with principal variation search over lean positions.

A transposition table (a dict keyed by the whole lean position) keeps each node's depth, bound,
score and best move; moves are tried in the order: the table's move, captures (and tuzdyks) by size,
killers, then by history. (Captures before killers: in three middlegames the first move searched is
the one that fails high at 83 to 85 % of such nodes, not 69 to 74 %, and depth 16 takes a fifth less
time over thirty positions.) Scores are in evaluation units for the side to move; a finished
game scores ``WIN_UNITS - plies`` for the winner (exact), 0 for a draw.

A ``selective`` search (the playing search of level 8; never one asked for a depth, whose result must be
the minimax value) reduces late quiet moves (late-move reductions): at a node of depth 3 or more, a
move that captures nothing, is neither the table's move nor a killer and comes ``LMR_MOVES`` or more
into the order is first searched one ply shallower (two from ``LMR_MORE`` moves on at depth
``LMR_MORE_DEPTH`` or more) with a null window; only a move that then beats alpha is searched again at
its full depth. It also cuts a shallow node that stands far above beta (reverse futility pruning): a
null-window node of depth 2 to ``PRUNE_DEPTH`` whose evaluation is more than ``PRUNE_MARGIN`` units (4
stones) a ply above beta fails high at once, without its moves searched (its evaluation already counts
the opponent's best capture, so a position merely waiting to lose a pile is not called safe). There is
no null-move pruning: a player may not pass in this game, and near starvation having to move is often
the whole trouble (a null move would call lost positions safe).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from rules.engine.evaluate import compile_evaluate, compile_gains
from rules.engine.lean import DRAW, ONGOING, Cells, LeanRules

WIN_UNITS = 10_000_000  # a won game, before taking off the plies it takes
MAX_PLY = 200
INFINITY = WIN_UNITS + 1
CHECK_EVERY = 256  # nodes between looks at the clock, the node budget and the stop flag
NO_NODE_LIMIT = 1 << 62
TABLE_ENTRIES = 250_000  # the table is cleared when it grows past this (about 100 MB)

EXACT, LOWER, UPPER = 0, 1, 2
LMR_MOVES = 2  # a selective search reduces quiet moves from the third on
LMR_MORE = 4  # and by two plies from the fifth on, at depth ``LMR_MORE_DEPTH`` or more
LMR_MORE_DEPTH = 5
QUIET = 1 << 24  # an ordering key below this: a move that captures nothing, not the table's nor a killer
HISTORY_LIMIT = (1 << 23) - 1  # a move's history never grows past this, so its quiet key stays below ``QUIET``
TABLE_MOVE_KEY = 1 << 40  # the table's move's ordering key: above every capture's
FIRST_KILLER, SECOND_KILLER = 3 << 24, 2 << 24  # the killers' ordering keys: above every quiet move's history
CAPTURE_SHIFT = 27  # a capture's key: the stones it takes times 2**27 (above the killers), plus its history
PRUNE_DEPTH = 3  # a selective search's null-window node this shallow or less, whose evaluation is more than
PRUNE_MARGIN = 400  # this many units a ply above beta, is taken to fail high without a search


class SearchStopped(Exception):
    """Raised inside the search when time is up or ``stop`` was asked for."""


@dataclass(slots=True)
class Iteration:
    """What one finished depth of the search found: root move, score, and every root score."""

    depth: int
    move: int
    score: int
    scores: dict[int, int]


def root_order(moves: list[int], previous: Iteration | None) -> list[int]:
    """The root moves in the order a depth searches them: the last depth's best first (so that a depth
    cut short has always weighed its move against the best before it: a move whose bound merely tied
    with the best score must not take its place), then by the last depth's scores."""
    if previous is None:
        return list(moves)
    scores, best = previous.scores, previous.move
    return sorted(moves, key=lambda m: (m == best, scores.get(m, -INFINITY)), reverse=True)


class Searcher:
    """Searches lean positions of one variant; one search at a time, stoppable from other threads."""

    def __init__(self, lean: LeanRules) -> None:
        self.lean = lean
        self.evaluate = compile_evaluate(lean.variant)
        self.gain = compile_gains(lean.variant)
        self.table: dict[tuple[int, ...], tuple[int, int, int, int]] = {}
        self.history = [0] * lean.size
        self.killers: list[list[int]] = [[-1, -1] for _ in range(MAX_PLY + 2)]
        self.nodes = 0
        self.next_check = CHECK_EVERY
        self.deadline = float("inf")
        self.node_limit = NO_NODE_LIMIT
        self.stop_requested = False
        self.stoppable = True
        self.selective = False  # late-move reductions (the playing search only)
        self.partial: tuple[int, int] | None = None
        self.variant_proves_early = (
            not lean.variant.stop_at_majority and lean.variant.no_move == "collect"
        )

    def reset(self) -> None:
        """Forget everything learned (table, history, killers) so the next search is reproducible."""
        self.table.clear()
        self.history = [0] * self.lean.size
        self.killers = [[-1, -1] for _ in range(MAX_PLY + 2)]
        self.nodes = 0
        self.next_check = CHECK_EVERY

    def check(self) -> None:
        """Raise ``SearchStopped`` when the clock or the node budget has run out, or on ``stop``.

        The node budget is looked at only here, every ``CHECK_EVERY`` nodes: a search stopped by
        it alone is reproducible, whatever the machine's speed.
        """
        if not self.stoppable:
            return
        if self.stop_requested or self.nodes >= self.node_limit or time.perf_counter() >= self.deadline:
            raise SearchStopped

    def iterate(self, cells: Cells, max_depth: int, every_move: bool,
                report: Callable[[Iteration], None]) -> None:
        """Search depth 1, 2, ... ``max_depth``, calling ``report`` after each finished depth.

        Depth 1 always finishes; later depths stop with ``SearchStopped`` at the deadline. The search
        ends early once the best move is proven, or with ``every_move`` (each root move gets an exact
        score, no pruning at the root) once every move is.
        """
        moves = self.lean.legal(cells)
        previous: Iteration | None = None
        for depth in range(1, max_depth + 1):
            iteration = self.root(cells, root_order(moves, previous), depth, every_move, checking=depth > 1)
            report(iteration)
            previous = iteration
            proven = [abs(score) >= WIN_UNITS - MAX_PLY for score in iteration.scores.values()]
            if all(proven) if every_move else abs(iteration.score) >= WIN_UNITS - MAX_PLY:
                return  # deeper adds nothing (with every_move: to any of the moves)

    def root(self, cells: Cells, moves: list[int], depth: int, every_move: bool,
             checking: bool) -> Iteration:
        """One depth of the search at the root."""
        self.stoppable = checking
        try:
            self.check()  # a stop asked for between depths, or before, ends it here
            alpha, best, best_move = -INFINITY, -INFINITY, moves[0]
            scores: dict[int, int] = {}
            self.partial = None
            for move in moves:
                child = cells[:]
                self.lean.play(child, move)
                if every_move or move == moves[0]:
                    score = -self.negamax(child, depth - 1, -INFINITY, INFINITY, 1)
                else:
                    score = -self.negamax(child, depth - 1, -alpha - 1, -alpha, 1)
                    if score > alpha:
                        score = -self.negamax(child, depth - 1, -INFINITY, -alpha, 1)
                scores[move] = score
                if score > best:
                    best, best_move = score, move
                    alpha = max(alpha, score)
                    self.partial = (best_move, best)
            self.store(cells, depth, EXACT, best, best_move, 0)
            return Iteration(depth, best_move, best, scores)
        finally:
            self.stoppable = True

    def store(self, cells: Cells, depth: int, bound: int, score: int, move: int, ply: int) -> None:
        """Keep a result in the table (won and lost scores are stored relative to this node)."""
        if score >= WIN_UNITS - MAX_PLY:
            score += ply
        elif score <= -WIN_UNITS + MAX_PLY:
            score -= ply
        table = self.table
        if len(table) >= TABLE_ENTRIES:
            table.clear()
        table[tuple(cells)] = (depth, bound, score, move)

    def principal_line(self, cells: Cells, first: int, limit: int) -> list[int]:
        """The expected moves from ``cells``: ``first``, then the table's best moves."""
        line = [first]
        node = cells[:]
        self.lean.play(node, first)
        seen = {tuple(cells)}
        while len(line) < limit and node[self.lean.result] == ONGOING:
            key = tuple(node)
            entry = self.table.get(key)
            if entry is None or key in seen or entry[3] not in self.lean.legal(node):
                break
            seen.add(key)
            line.append(entry[3])
            self.lean.play(node, entry[3])
        return line

    def negamax(self, cells: Cells, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score of ``cells`` for its side to move, searched ``depth`` plies.

        The hot loop: long on purpose so that it reads local names only (speed).
        """
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.next_check = self.nodes + CHECK_EVERY
            self.check()
        lean = self.lean
        result = cells[lean.result]
        if result != ONGOING:
            winner = result % 3
            if winner == DRAW:
                return 0
            return WIN_UNITS - ply if winner == cells[lean.side] else ply - WIN_UNITS
        if self.variant_proves_early:
            proven = self.proven_early(cells, ply)
            if proven is not None:
                return proven
        if depth <= 0 or ply >= MAX_PLY:
            return self.evaluate(cells)
        key = tuple(cells)
        entry = self.table.get(key)
        table_move = -1
        if entry is not None:
            table_move = entry[3]
            if entry[0] >= depth:
                score = entry[2]
                if score >= WIN_UNITS - MAX_PLY:
                    score -= ply
                elif score <= -WIN_UNITS + MAX_PLY:
                    score += ply
                bound = entry[1]
                if (bound == EXACT or (bound == LOWER and score >= beta)
                        or (bound == UPPER and score <= alpha)):
                    return score
        if self.selective and 1 < depth <= PRUNE_DEPTH and beta - alpha == 1 and abs(beta) < WIN_UNITS - MAX_PLY:
            margin = self.evaluate(cells) - PRUNE_MARGIN * depth
            if margin >= beta:
                return margin  # so far ahead that a shallow search would not bring it under beta
        moves, keys = self.ordered(cells, table_move, ply)
        play = lean.play
        original_alpha = alpha
        best, best_move = -INFINITY, moves[0]
        if depth == 1:
            evaluate = self.evaluate
            side = cells[lean.side]
            result_at = lean.result
            proves_early = self.variant_proves_early
            searched = 0
            for move in moves:
                searched += 1
                child = cells[:]
                play(child, move)
                result = child[result_at]
                if result == ONGOING:
                    proven = self.proven_early(child, ply + 1) if proves_early else None
                    score = -evaluate(child) if proven is None else -proven
                elif result % 3 == DRAW:
                    score = 0
                else:
                    score = WIN_UNITS - ply - 1 if result % 3 == side else ply + 1 - WIN_UNITS
                if score > best:
                    best, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
            self.nodes += searched
        else:
            reducing = self.selective and depth >= 3
            for index, move in enumerate(moves):
                child = cells[:]
                play(child, move)
                if index == 0:
                    score = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
                else:
                    if reducing and index >= LMR_MOVES and keys[index] < QUIET:
                        reduced = depth - 3 if depth >= LMR_MORE_DEPTH and index >= LMR_MORE else depth - 2
                        score = -self.negamax(child, reduced, -alpha - 1, -alpha, ply + 1)
                        if score > alpha:
                            score = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1)
                    else:
                        score = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < score < beta:
                        score = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
                if score > best:
                    best, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            self.reward(move, depth, ply)
                            break
        bound = UPPER if best <= original_alpha else (LOWER if best >= beta else EXACT)
        self.store(cells, depth, bound, best, best_move, ply)
        return best

    def proven_early(self, cells: Cells, ply: int) -> int | None:
        """Played on to the end with collection, a kazan past half has already won."""
        lean = self.lean
        majority = lean.variant.majority
        side = cells[lean.side]
        if cells[lean.kazan[side]] >= majority:
            return WIN_UNITS - ply
        if cells[lean.kazan[1 - side]] >= majority:
            return ply - WIN_UNITS
        return None

    def ordered(self, cells: Cells, table_move: int, ply: int) -> tuple[list[int], list[int]]:
        """Legal moves, most promising first, and their ordering keys."""
        gain, history = self.gain, self.history
        killers = self.killers[ply]
        first_killer, second_killer = killers
        keyed = []
        for move in self.lean.legal(cells):
            if move == table_move:
                key = TABLE_MOVE_KEY
            elif captured := gain(cells, move):
                key = (captured << CAPTURE_SHIFT) + history[move]
            elif move == first_killer:
                key = FIRST_KILLER
            elif move == second_killer:
                key = SECOND_KILLER
            else:
                key = history[move]
            keyed.append((key, move))
        keyed.sort(reverse=True)
        return [move for _, move in keyed], [key for key, _ in keyed]

    def reward(self, move: int, depth: int, ply: int) -> None:
        """A move refuted the opponent: remember it as a killer and in the history."""
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1] = killers[0]
            killers[0] = move
        self.history[move] = min(self.history[move] + depth * depth, HISTORY_LIMIT)
