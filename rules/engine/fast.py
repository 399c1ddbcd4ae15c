# mypy: disable-error-code="no-any-return"
# (the compiled functions read numpy arrays, whose elements mypy sees as Any)
"""The compiled search: the same rules, evaluation and search as ``lean``, ``evaluate`` and ``search``,
compiled by numba to machine code, ten times faster and more.

It is a second implementation of the very same algorithm, not a variant of it: the same lean
layout of a position, the same evaluation, the same move ordering (table move, captures, killers,
history; ties to the higher board index), the same transposition table semantics (an entry per
whole position, replaced on every store), the
same node counting and checks every ``CHECK_EVERY`` nodes. So at an equal depth (or node budget)
it finds the same move with the same score as the pure-Python ``Searcher`` (as long as no position
was given up by either table: this one knows a position by a 63-bit hash, not by its cells, in one of
the 4 slots of its bucket, and when a position finds its bucket full it takes the slot of the
shallowest entry there; the Python dict is cleared when it is full, at 250,000 positions), which plays
while this one is compiled on a fresh install (``toguz_tui.session.preparation``: in a process of its own,
once), where compiling or loading it failed, and where ``TOGUZ_ENGINE=python`` chooses it, and is the
reference the tests compare this one with. This table is never cleared during a search: at ten
million positions a second, a search of a second stores some 3 million, past its 2 million slots.

The small functions of the hot path are inlined into their callers (``inline="always"``, numba's own
inlining, before LLVM's); ``play`` and ``evaluate`` stay calls from the search's loop (inlined there, they
made the search slower and its compiling three times longer), but a leaf, most of the nodes, is one call
(``_leaf``: the copy, the move and the evaluation inlined into a small function of their own, a fifth
faster than two calls). numba's inlining copies a callee's code (its own callees inlined) at every call,
in a time that grows with the square of its size: a copy of ``_leaf``, ``_negamax_with`` or ``_enter`` took
it some 10 seconds. So these are compiled functions of their own, called, not inlined (``_enter`` is one
call a node: no slower within this machine's noise, a twentieth at most in paired runs).

The search is compiled in two families (``compiled_cache.FAMILIES``), each only when it is first used, so
that Toguz's is ready without waiting for the other's: ``_root_toguz`` passes Toguz's 9 pits and 162 stones
down as literals (numba compiles a function once more for each literal it is passed, and a literal's uses
are constants: loops of a known length, no division), and everything it calls with them (``_negamax_with``,
``_enter``, ``_leaf``, ``_play_n``, ``_evaluate_n``) is compiled for them; ``_root_small`` passes the small
variants' counts read from ``p``, and compiles the general copies. Any other literal passed is one
compilation more (``_root_with`` passes int64s). ``play`` and ``evaluate``, for the compiled rules and the
tests, choose between the copies themselves. No function counts references to the arrays it is passed
(``COMPILED``'s ``_nrt``): those atomic counts around every call took two fifths of the search's time. A
leaf (depth 0) is evaluated without a look in the table (as ``search`` does), and a node's slot, found once,
is where its result is kept.

``compiled_rules.FastRules`` measures the compiled rules alone: perft and random playouts.

Positions are ``int32`` arrays of the lean layout. The search runs without the GIL; a stop (asked
for, or the clock run out, which a timer thread turns into a stop) is a flag it reads at its
checks. Compiled functions are cached on disk by numba (``cache=True``), so only the first search
ever pays for compiling (``bench/engine.py --compile``, on this two-core machine when quiet: 23 s until
Toguz's is ready, 26 s more for the small variants'; 153 s in all before the families and the calls); later
ones load it in about a second.

Unlike the rest of ``rules``, this module needs numba and numpy (importing it takes half a second,
so ``engine`` imports it at the first search), and it reads and writes files: on import it reads
its own sources and those of the modules it mirrors to name the cache folder and points numba's
``CACHE_DIR`` at it (``compiled_cache.cache_dir``), and ``warm`` marks each family ready there and removes
the folders of earlier sources.

Its size (past 400 lines): numba compiles and caches the search as one unit; its kernels call each other
and are inlined together only from one module.
"""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import numba
import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from rules.engine.compiled_cache import FAMILIES, Family, cache_dir, family_of, mark_ready
from rules.engine.evaluate import (
    DECIDED,
    EMPTY_ROW,
    MOBILITY,
    NOW_CAPTURE,
    ROW_EARLY,
    ROW_LATE,
    SCALE,
    STARVE,
    THREAT,
    landing_tables,
    tuzdyk_worth,
)
from rules.engine.lean import ONGOING, Cells, LeanRules
from rules.engine.search import (
    CAPTURE_SHIFT,
    CHECK_EVERY,
    EXACT,
    FIRST_KILLER,
    HISTORY_LIMIT,
    INFINITY,
    LMR_MORE,
    LMR_MORE_DEPTH,
    LMR_MOVES,
    LOWER,
    MAX_PLY,
    NO_NODE_LIMIT,
    PRUNE_DEPTH,
    PRUNE_MARGIN,
    QUIET,
    SECOND_KILLER,
    TABLE_MOVE_KEY,
    UPPER,
    WIN_UNITS,
    Iteration,
    SearchStopped,
    root_order,
)
from rules.variant import Variant

numba.config.CACHE_DIR = str(cache_dir())  # type: ignore[attr-defined]  # read as each function below is defined

# How every function below is compiled: cached on disk, without the GIL, integer division as numpy does it,
# and without numba's reference counting (``_nrt``: its atomic counts around every call between compiled
# functions took two fifths of the search's time; nothing here allocates an array, so nothing needs them).
COMPILED: dict[str, Any] = {"cache": True, "nogil": True, "error_model": "numpy", "_nrt": False}
Function = TypeVar("Function", bound=Callable[..., Any])


def compiled(inline: bool = False) -> Callable[[Function], Function]:
    """numba's ``njit`` with ``COMPILED``'s options (``inline``: into every caller, by numba itself)."""
    decorate: Callable[[Function], Function] = njit(inline="always" if inline else "never", **COMPILED)
    return decorate

# The variant's constants and the evaluation's tables, as one array the compiled functions read (one
# array, not four: every array a compiled function takes costs its calls some time): the constants
# first, then from ``P_LAST`` the landing table, from ``p[P_ADDS]`` the stones that fall into the
# landing pit, from ``p[P_WORTH]`` what a tuzdyk on each board index is worth.
(P_N, P_TUZDYKS, P_UNRESTRICTED, P_STOP, P_MAJORITY, P_LOSE, P_TOTAL, P_WIDTH, P_PROVES_EARLY, P_ADDS,
 P_WORTH) = range(11)
P_LAST = 16
# The search's counters and flags, one int64 array shared with Python.
(S_NODES, S_NEXT_CHECK, S_NODE_LIMIT, S_STOP, S_STOPPED, S_STOPPABLE, S_REPLACED, S_GENERATION,
 S_SELECTIVE, S_OUT) = range(10)
# A table slot: its position's hash, the generation of the table it belongs to (a slot of an older one is
# empty, so clearing the table is counting one more generation), the score, and depth, bound and move in
# one number (``depth << 16 | bound << 8 | move``): 32 bytes a position.
MARK, GENERATION, SCORE, PACKED = range(4)
SLOTS = 1 << 21  # the table's slots (64 MB), a power of two
BUCKET = 4  # a position's slot is one of the 4 of its bucket (128 bytes, two cache lines)
MAJORITY = 3
# The compiled rules and evaluation have a copy of their own for Toguz, with its pits and stones constants.
TOGUZ_PITS, TOGUZ_TOTAL = 9, 162


def _multipliers(count: int) -> Any:
    """Fixed odd 64-bit numbers (splitmix64), one per cell of a position, for its hash."""
    found, state = [], 0x9E3779B97F4A7C15
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) % (1 << 64)
        value = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) % (1 << 64)
        value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) % (1 << 64)
        found.append((value ^ (value >> 31)) | 1)
    return np.array(found, dtype=np.uint64)


MULTIPLIERS = _multipliers(32)  # more than the cells of the largest position (24)


# An array index as an unsigned number, for numba to leave out its test for a negative index (one counting
# from the end): some instructions at every look-up of a position's cells (a tenth of the search's time).
unsigned = np.uint64


@compiled()
def _collect(cells: Any, o: int, n: int, other: int, lose: int) -> None:
    start = other * n
    total = 0
    for i in range(start, start + n):
        total += cells[unsigned(o + i)]
        cells[unsigned(o + i)] = 0
    cells[unsigned(o + 2 * n + other)] += total
    white, black = cells[unsigned(o + 2 * n)], cells[unsigned(o + 2 * n + 1)]
    if lose:
        cells[unsigned(o + 2 * n + 5)] = other
    elif white == black:
        cells[unsigned(o + 2 * n + 5)] = 2
    else:
        cells[unsigned(o + 2 * n + 5)] = 0 if white > black else 1


@compiled(inline=True)
def play_with(cells: Any, o: int, origin: int, p: Any, n: int) -> int:
    """``play`` for ``n`` pits a row: inlined with ``n`` a constant (Toguz's 9), the sowing's loops have a
    known length and its arithmetic no division."""
    size = 2 * n
    k0, t0, t1, side_at, result_at = size, size + 2, size + 3, size + 4, size + 5
    stones = cells[unsigned(o + origin)]
    side = cells[unsigned(o + side_at)]
    cells[unsigned(o + origin)] = 0
    if stones == 1:
        last = origin + 1
        if last == size:
            last = 0
        cells[unsigned(o + last)] += 1
    else:
        # Every pit gets the whole laps, and the ``rest`` pits from the origin on (the origin first) one
        # more: one pass over the board, with no branch on where the sowing ends.
        laps, rest = (0, stones) if stones < size else (stones // size, stones % size)
        for i in range(size):
            ahead = i - origin
            if ahead < 0:
                ahead += size
            cells[unsigned(o + i)] += laps + (1 if ahead < rest else 0)
        last = origin + rest - 1
        if last < 0:
            last += size
        elif last >= size:
            last -= size
    tuzdyk = cells[unsigned(o + t0)]
    if tuzdyk >= 0 and cells[unsigned(o + tuzdyk)]:
        cells[unsigned(o + k0)] += cells[unsigned(o + tuzdyk)]
        cells[unsigned(o + tuzdyk)] = 0
    tuzdyk = cells[unsigned(o + t1)]
    if tuzdyk >= 0 and cells[unsigned(o + tuzdyk)]:
        cells[unsigned(o + k0 + 1)] += cells[unsigned(o + tuzdyk)]
        cells[unsigned(o + tuzdyk)] = 0
    captured = 0
    on_theirs = last >= n if side == 0 else last < n
    if on_theirs:
        count = cells[unsigned(o + last)]
        if not count & 1:
            if count:
                cells[unsigned(o + k0 + side)] += count
                cells[unsigned(o + last)] = 0
                captured = count
        elif count == 3 and p[P_TUZDYKS] and cells[unsigned(o + t0 + side)] < 0:
            theirs = cells[unsigned(o + t1 - side)]
            last_pit = size - 1 if side == 0 else n - 1
            if p[P_UNRESTRICTED] or (last != last_pit and (theirs < 0 or abs(last - theirs) != n)):
                cells[unsigned(o + t0 + side)] = last
                cells[unsigned(o + k0 + side)] += 3
                cells[unsigned(o + last)] = 0
                captured = 3
    other = 1 - side
    cells[unsigned(o + side_at)] = other
    if p[P_STOP]:
        if cells[unsigned(o + k0)] >= p[P_MAJORITY]:
            cells[unsigned(o + result_at)] = MAJORITY
            return captured
        if cells[unsigned(o + k0 + 1)] >= p[P_MAJORITY]:
            cells[unsigned(o + result_at)] = MAJORITY + 1
            return captured
    empty = True
    for i in range(other * n, other * n + n):
        if cells[unsigned(o + i)]:
            empty = False
            break
    if empty:
        _collect(cells, o, n, side, p[P_LOSE])
    return captured


@compiled()
def play(cells: Any, o: int, origin: int, p: Any) -> int:
    """Play board index ``origin`` for the side to move; the stones captured (``lean``'s ``play``)."""
    if p[P_N] == TOGUZ_PITS:
        return play_with(cells, o, origin, p, TOGUZ_PITS)
    return play_with(cells, o, origin, p, p[P_N])


@compiled()
def _play_n(cells: Any, o: int, origin: int, p: Any, n: int) -> int:
    """``play`` as the search calls it, for ``n`` pits a row: compiled for Toguz's 9 as a literal, and for the
    small variants, each only when its search is (``FAMILIES``)."""
    return play_with(cells, o, origin, p, n)


@compiled(inline=True)
def legal(cells: Any, o: int, p: Any, out: Any, row: int) -> int:
    """The board indices the side to move may play, ascending, into ``out[row]``; how many."""
    return _legal_with(cells, o, out, row, p[P_N])


@compiled(inline=True)
def _legal_with(cells: Any, o: int, out: Any, row: int, n: int) -> int:
    """``legal`` for ``n`` pits a row."""
    if cells[unsigned(o + 2 * n + 5)] != ONGOING:
        return 0
    start = cells[unsigned(o + 2 * n + 4)] * n
    count = 0
    for i in range(start, start + n):  # without a branch: each index written, kept when its pit has stones
        out[row, count] = i
        count += cells[unsigned(o + i)] != 0
    return count


@compiled(inline=True)
def _best_capture(cells: Any, o: int, side: int, remaining: int, p: Any, n: int, total: int) -> int:
    size = 2 * n
    t0 = size + 2
    width = total + 1  # ``landing_tables``'s width
    adds = p[P_ADDS]
    mine, theirs = cells[o + t0 + side], cells[o + t0 + 1 - side]
    may_tuzdyk = p[P_TUZDYKS] and mine < 0
    pit_n = size - 1 if side == 0 else n - 1
    best = 0
    for origin in range(side * n, side * n + n):
        # Without a branch but for a tuzdyk: an empty pit's or a sowing's landing on the own row is -1.
        at = origin * width + cells[unsigned(o + origin)]
        last = p[unsigned(P_LAST + at)]
        lands = (last >= 0) & (last != mine)
        count = cells[unsigned(o + max(last, 0))] + p[unsigned(adds + at)]
        best = max(best, count * (lands & (1 - (count & 1))))
        if count == 3 and lands and may_tuzdyk and (p[P_UNRESTRICTED] or (
                last != pit_n and (theirs < 0 or abs(last - theirs) != n))):
            best = max(best, 3 + p[p[P_WORTH] + last] * remaining // (total * SCALE))
    return best


@compiled(inline=True)
def _ends_by_no_move(cells: Any, o: int, side: int, own: int, p: Any, n: int) -> bool:
    """``evaluate``'s ``ends_by_no_move``: ``side`` (to move, the other's row empty, ``own`` stones on its
    row) has a quiet move, and a player without one loses or its kazan and row make a majority."""
    start = side * n
    quiet = False
    for pit in range(n):
        stones = cells[unsigned(o + start + pit)]
        if stones and ((stones == 1 and pit < n - 1) or (stones > 1 and pit + stones <= n)):
            quiet = True
            break
    if not quiet:
        return False
    if p[P_LOSE]:
        return True
    their_tuzdyk = 1 if cells[unsigned(o + 2 * n + 3 - side)] >= 0 else 0
    return cells[unsigned(o + 2 * n + side)] + own - their_tuzdyk >= p[P_MAJORITY]


@compiled(inline=True)
def _starving(row: int, their_row: int, captured: int, total: int) -> int:
    """``evaluate``'s ``starving``: what a row poorer than half the other's costs its owner."""
    shortfall = their_row - 2 * row
    return STARVE * shortfall * captured // total if shortfall > 0 else 0


@compiled(inline=True)
def _evaluate_with(cells: Any, o: int, p: Any, n: int, total: int) -> int:
    """``evaluate`` for ``n`` pits a row and ``total`` stones: inlined with them constants (Toguz's),
    its loops have a known length and its divisions become multiplications."""
    size = 2 * n
    k0, t0 = size, size + 2
    worth = p[P_WORTH]
    side = cells[unsigned(o + size + 4)]
    other = 1 - side
    captured = cells[unsigned(o + k0)] + cells[unsigned(o + k0 + 1)]
    remaining = total - captured
    score = (cells[unsigned(o + k0 + side)] - cells[unsigned(o + k0 + other)]) * SCALE
    tuzdyk = cells[unsigned(o + t0 + side)]
    if tuzdyk >= 0:
        score += p[worth + tuzdyk] * remaining // total
    tuzdyk = cells[unsigned(o + t0 + other)]
    if tuzdyk >= 0:
        score -= p[worth + tuzdyk] * remaining // total
    own = 0
    their = 0
    playable = 0
    their_playable = 0
    for i in range(side * n, side * n + n):  # the pits with stones counted without a branch
        own += cells[unsigned(o + i)]
        playable += cells[unsigned(o + i)] != 0
    for i in range(other * n, other * n + n):
        their += cells[unsigned(o + i)]
        their_playable += cells[unsigned(o + i)] != 0
    row_weight = ROW_EARLY * total + (ROW_LATE - ROW_EARLY) * captured  # per stone, times the total
    score += own * row_weight // total - their * row_weight // total
    score += _starving(their, own, captured, total) - _starving(own, their, captured, total)
    score += (playable - their_playable) * MOBILITY
    if their_playable == 0:
        score += EMPTY_ROW
        if _ends_by_no_move(cells, o, side, own, p, n):
            score += DECIDED
    score += _best_capture(cells, o, side, remaining, p, n, total) * NOW_CAPTURE
    score -= _best_capture(cells, o, other, remaining, p, n, total) * THREAT
    return score


@compiled()
def evaluate(cells: Any, o: int, p: Any) -> int:
    """Units of advantage for the side to move (``evaluate``'s ``evaluate``)."""
    if p[P_N] == TOGUZ_PITS and p[P_TOTAL] == TOGUZ_TOTAL:
        return _evaluate_with(cells, o, p, TOGUZ_PITS, TOGUZ_TOTAL)
    return _evaluate_with(cells, o, p, p[P_N], p[P_TOTAL])


@compiled()
def _evaluate_n(cells: Any, o: int, p: Any, n: int, total: int) -> int:
    """``evaluate`` as the search calls it, for ``n`` pits and ``total`` stones (literals in Toguz's copy)."""
    return _evaluate_with(cells, o, p, n, total)


@compiled(inline=True)
def _gain(cells: Any, o: int, origin: int, p: Any, n: int) -> int:
    t0 = 2 * n + 2
    at = origin * p[P_WIDTH] + cells[unsigned(o + origin)]
    adds = p[P_ADDS]
    last = p[P_LAST + at]
    side = cells[unsigned(o + 2 * n + 4)]
    if last < 0 or last == cells[unsigned(o + t0 + side)]:
        return 0
    count = cells[unsigned(o + last)] + p[adds + at]
    if not count & 1:
        return count
    return 3 if count == 3 and p[P_TUZDYKS] and cells[unsigned(o + t0 + side)] < 0 else 0


@compiled(inline=True)
def _proven_early(cells: Any, o: int, ply: int, p: Any, n: int) -> int:
    """A kazan past half when play goes on with collection: the proven score, else 0 (none)."""
    side = cells[unsigned(o + 2 * n + 4)]
    if cells[unsigned(o + 2 * n + side)] >= p[P_MAJORITY]:
        return WIN_UNITS - ply
    if cells[unsigned(o + 2 * n + 1 - side)] >= p[P_MAJORITY]:
        return ply - WIN_UNITS
    return 0


def _prefetch_typed(typing_context: Any, address: Any) -> Any:
    """``_prefetch``'s type and code."""
    signature = types.void(types.intp)

    def generate(context: Any, builder: Any, _signature: Any, arguments: Any) -> None:
        byte_pointer = ir.IntType(8).as_pointer()
        kind = ir.FunctionType(ir.VoidType(), [byte_pointer, ir.IntType(32), ir.IntType(32), ir.IntType(32)])
        function = cgutils.get_or_insert_function(  # type: ignore[no-untyped-call]
            builder.module, kind, "llvm.prefetch.p0i8")
        pointer = builder.inttoptr(arguments[0], byte_pointer)
        builder.call(function, [pointer, ir.Constant(ir.IntType(32), 0), ir.Constant(ir.IntType(32), 3),
                                ir.Constant(ir.IntType(32), 1)])

    return signature, generate


# Ask the processor to bring the memory at an address into its cache (``llvm.prefetch``, for reading,
# kept close), while other work goes on; a compiled function's call ``_prefetch(address)``.
_prefetch: Any = intrinsic(_prefetch_typed)


@compiled(inline=True)
def _hash(cells: Any, o: int, length: int) -> int:
    """The 64-bit hash of ``cells[o:o + length]`` (as an int64's bits)."""
    value = np.uint64(0)
    for i in range(length):  # independent products, not a chain: the processor does them side by side
        value += np.uint64(cells[unsigned(o + i)] + 2) * MULTIPLIERS[i]
    value ^= value >> np.uint64(33)  # then mixed, so that every bit of the sum moves the slot
    value *= np.uint64(0xFF51AFD7ED558CCD)
    value ^= value >> np.uint64(33)
    return np.int64(value)  # type: ignore[return-value]  # numba compiles it to a plain int64


@compiled(inline=True)
def _mark(hashed: int) -> int:
    """What a table slot keeps to know the position hashed ``hashed`` by: the hash's upper 63 bits."""
    return np.int64(np.uint64(hashed) >> np.uint64(1))  # type: ignore[return-value]  # a plain int64


@compiled(inline=True)
def _bucket(data: Any, hashed: int) -> int:
    """The first slot of the bucket of the position hashed ``hashed``."""
    return (int(np.uint64(hashed) >> np.uint64(20)) & (data.shape[0] // BUCKET - 1)) * BUCKET


@compiled(inline=True)
def _find(data: Any, hashed: int, generation: int, state: Any) -> int:
    """The table slot of the position hashed ``hashed``: where it is, else an empty slot of its bucket,
    else the slot of the bucket's shallowest entry, given up (``state[S_REPLACED]`` counts them); the
    position's mark is written in a slot it takes. A position is known by its 63-bit hash, not its cells:
    a false match needs two positions of one search in one bucket with the same 63 bits, about once in
    10**12 searches."""
    mark = _mark(hashed)
    first = _bucket(data, hashed)
    free = -1
    shallowest = first
    for slot in range(first, first + BUCKET):
        if data[slot, GENERATION] == generation:
            if data[slot, MARK] == mark:
                return slot
            if data[slot, PACKED] < data[shallowest, PACKED]:
                shallowest = slot
        elif free < 0:
            free = slot
    if free < 0:
        free = shallowest
        data[free, GENERATION] = 0  # no generation's: empty until the position's result is kept in it
        state[S_REPLACED] += 1
    data[free, MARK] = mark
    return free


@compiled(inline=True)
def _keep(data: Any, slot: int, hashed: int, generation: int, depth: int, bound: int, score: int, move: int,
          ply: int, state: Any) -> None:
    """Store a node's result in the slot its probe found (``slot``, in the table's ``generation`` then),
    or where a new probe finds it when the table was cleared since or another position took the slot
    (while the node's moves were searched, their positions may have filled its bucket)."""
    if score >= WIN_UNITS - MAX_PLY:
        score += ply
    elif score <= -WIN_UNITS + MAX_PLY:
        score -= ply
    current = state[S_GENERATION]
    if generation != current or data[slot, MARK] != _mark(hashed):
        slot = _find(data, hashed, current, state)
    data[slot, GENERATION] = current
    data[slot, SCORE] = score
    data[slot, PACKED] = (depth << 16) | (bound << 8) | move


@compiled(inline=True)
def _store(data: Any, cells: Any, o: int, length: int, depth: int, bound: int, score: int, move: int, ply: int,
           state: Any) -> None:
    hashed = _hash(cells, o, length)
    generation = state[S_GENERATION]
    _keep(data, _find(data, hashed, generation, state), hashed, generation, depth, bound, score, move, ply, state)


HIT = -2  # ``_table_hit``: the table's entry gives the node's value


@compiled(inline=True)
def _table_hit(data: Any, slot: int, generation: int, depth: int, alpha: int, beta: int, ply: int,
               out: Any) -> int:
    """What the table's slot holds for a node: ``HIT`` (its value in ``out[0]``) when its entry is deep
    enough and its bound settles the window, else the entry's move, or -1 with no entry."""
    if data[slot, GENERATION] != generation:
        return -1
    packed = data[slot, PACKED]
    if packed >> 16 >= depth:
        score = data[slot, SCORE]
        if score >= WIN_UNITS - MAX_PLY:
            score -= ply
        elif score <= -WIN_UNITS + MAX_PLY:
            score += ply
        bound = (packed >> 8) & 255
        if bound == EXACT or (bound == LOWER and score >= beta) or (bound == UPPER and score <= alpha):
            out[0] = score
            return HIT
    return packed & 255


@compiled(inline=True)
def _check(state: Any) -> bool:
    """True (and the stopped flag set) when the search must stop: asked to, or out of nodes."""
    if not state[S_STOPPABLE]:
        return False
    if state[S_STOP] or state[S_NODES] >= state[S_NODE_LIMIT]:
        state[S_STOPPED] = 1
        return True
    return False


@compiled(inline=True)
def _keyed(cells: Any, o: int, ply: int, p: Any, history: Any, killers: Any, moves: Any, keys_buffer: Any,
           n: int) -> int:
    """The moves of the position at ``cells[o:]`` into ``moves[ply]`` and their ordering keys (but for the
    table's move, not known yet) into ``keys_buffer[ply]``; how many."""
    count = _legal_with(cells, o, moves, ply, n)
    first_killer, second_killer = killers[ply, 0], killers[ply, 1]
    for i in range(count):
        move = moves[ply, i]
        captured = _gain(cells, o, move, p, n)
        if captured:
            key = (captured << CAPTURE_SHIFT) + history[move]
        elif move == first_killer:
            key = FIRST_KILLER
        elif move == second_killer:
            key = SECOND_KILLER
        else:
            key = history[move]
        keys_buffer[ply, i] = key
    return count


@compiled(inline=True)
def _sorted(moves: Any, keys_buffer: Any, ply: int, count: int) -> None:
    """The moves of ``_keyed`` by key, then by move, both descending (as Python sorts the pairs)."""
    for i in range(1, count):
        key, move = keys_buffer[ply, i], moves[ply, i]
        j = i - 1
        while j >= 0 and (keys_buffer[ply, j] < key or (keys_buffer[ply, j] == key and moves[ply, j] < move)):
            keys_buffer[ply, j + 1] = keys_buffer[ply, j]
            moves[ply, j + 1] = moves[ply, j]
            j -= 1
        keys_buffer[ply, j + 1] = key
        moves[ply, j + 1] = move


@compiled(inline=True)
def _first(moves: Any, keys_buffer: Any, ply: int, count: int, table_move: int) -> None:
    """The table's move, if among the sorted moves, put first (the others keep their order): the order
    Python's sort gives with the table's move keyed highest."""
    for i in range(count):
        if moves[ply, i] == table_move:
            for j in range(i, 0, -1):
                moves[ply, j] = moves[ply, j - 1]
                keys_buffer[ply, j] = keys_buffer[ply, j - 1]
            moves[ply, 0] = table_move
            keys_buffer[ply, 0] = TABLE_MOVE_KEY
            return


# How a node's search goes on after a child returned: its first child (full window), a later child
# (null window), a later child searched again with the full window, or a later quiet child searched
# shallower (``search``'s late-move reductions) with a null window.
FIRST, NULL_WINDOW, RESEARCH, REDUCED = 0, 1, 2, 3
# What entering a node gave: its value at once, children to search, or a stop.
VALUE, CHILDREN, STOPPED = 0, 1, 2


@compiled(inline=True)
def _copy_up(stack: Any, o: int, length: int) -> None:
    """The position at ``stack[o:]`` copied to the next place on the stack (``o + length``)."""
    for i in range(length):
        stack[unsigned(o + length + i)] = stack[unsigned(o + i)]


@compiled(inline=True)
def _child(stack: Any, ply: int, length: int, move: int, p: Any, n: int) -> int:
    """The position at ``ply`` with ``move`` played, at ``ply + 1``; the stones captured."""
    o = ply * length
    _copy_up(stack, o, length)
    return _play_n(stack, o + length, move, p, n)


@compiled()
def _leaf(stack: Any, ply: int, move: int, p: Any, n: int, total: int) -> int:
    """The score, for the side to move at ``ply``, of ``move``'s child searched to depth 0: its end,
    its proven score or its evaluation (one call: the move played and the child evaluated inlined in
    it; ``n`` pits a row and ``total`` stones, constants in Toguz's copy)."""
    length = 2 * n + 6
    o = ply * length
    co = o + length
    _copy_up(stack, o, length)
    play_with(stack, co, move, p, n)
    result = stack[unsigned(co + 2 * n + 5)]
    if result == ONGOING:
        proven = _proven_early(stack, co, ply + 1, p, n) if p[P_PROVES_EARLY] else 0
        return -proven if proven != 0 else -_evaluate_with(stack, co, p, n, total)
    if result % 3 == 2:
        return 0
    return WIN_UNITS - ply - 1 if result % 3 == stack[unsigned(o + 2 * n + 4)] else ply + 1 - WIN_UNITS


@compiled()
def _enter(stack: Any, ply: int, p: Any, data: Any, history: Any, killers: Any, moves: Any,
           keys_buffer: Any, state: Any, frames: Any, out: Any, n: int, total: int) -> int:
    """A node's search up to its children: counted and checked, a finished game, a proven one, a leaf,
    a table hit, or a depth-1 node searched whole (its value in ``out[0]``); else its moves ordered
    into ``moves[ply]`` for the children (``CHILDREN``). Positions lie one after the other in
    ``stack``, ``length`` cells each, the one at ``ply`` from ``ply * length``: no array views (their
    reference counting would cost more than the search)."""
    length = 2 * n + 6
    o = ply * length
    depth, alpha, beta = frames[ply, 0], frames[ply, 1], frames[ply, 2]
    state[S_NODES] += 1
    if state[S_NODES] >= state[S_NEXT_CHECK]:
        state[S_NEXT_CHECK] = state[S_NODES] + CHECK_EVERY
        if _check(state):
            return STOPPED
    result_at, side_at = 2 * n + 5, 2 * n + 4
    result = stack[o + result_at]
    if result != ONGOING:
        winner = result % 3
        if winner == 2:
            out[0] = 0
        else:
            out[0] = WIN_UNITS - ply if winner == stack[o + side_at] else ply - WIN_UNITS
        return VALUE
    if p[P_PROVES_EARLY]:
        proven = _proven_early(stack, o, ply, p, n)
        if proven != 0:
            out[0] = proven
            return VALUE
    if depth <= 0 or ply >= MAX_PLY:
        out[0] = _evaluate_n(stack, o, p, n, total)
        return VALUE
    # The node's table slot is asked of memory first and looked at once its moves are listed, keyed and
    # sorted (and the node evaluated where it may be pruned): a slot is seldom in the processor's cache,
    # and the wait for it is spent on them.
    hashed = _hash(stack, o, length)
    generation = state[S_GENERATION]
    bucket = data.ctypes.data + _bucket(data, hashed) * data.strides[0]
    _prefetch(bucket)
    _prefetch(bucket + 64)
    count = _keyed(stack, o, ply, p, history, killers, moves, keys_buffer, n)
    _sorted(moves, keys_buffer, ply, count)
    prunable = (state[S_SELECTIVE] and 1 < depth <= PRUNE_DEPTH and beta - alpha == 1
                and abs(beta) < WIN_UNITS - MAX_PLY)
    margin = _evaluate_n(stack, o, p, n, total) - PRUNE_MARGIN * depth if prunable else 0
    # A frontier node's first move in this order is most often the one searched first: its score too
    # is found while the slot comes (and kept for the search of the node's moves, if it is searched).
    first_move = moves[ply, 0]
    first_score = _leaf(stack, ply, first_move, p, n, total) if depth == 1 else 0
    slot = _find(data, hashed, generation, state)
    frames[ply, 9], frames[ply, 10], frames[ply, 11] = slot, hashed, generation
    table_move = _table_hit(data, slot, generation, depth, alpha, beta, ply, out)
    if table_move == HIT:
        return VALUE
    if prunable and margin >= beta:  # reverse futility: far enough above beta to fail high
        out[0] = margin
        return VALUE
    if table_move >= 0:
        _first(moves, keys_buffer, ply, count, table_move)
    frames[ply, 3] = alpha  # the original alpha
    frames[ply, 4] = -INFINITY  # best
    frames[ply, 5] = moves[ply, 0]  # best move
    frames[ply, 6] = count
    frames[ply, 7] = 0  # the child searched
    if depth > 1:
        return CHILDREN
    best, best_move = -INFINITY, moves[ply, 0]
    searched = 0
    for index in range(count):
        move = moves[ply, index]
        searched += 1
        score = first_score if move == first_move else _leaf(stack, ply, move, p, n, total)
        if score > best:
            best, best_move = score, move
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    state[S_NODES] += searched
    bound = UPPER if best <= frames[ply, 3] else (LOWER if best >= beta else EXACT)
    _keep(data, slot, hashed, generation, depth, bound, best, best_move, ply, state)
    out[0] = best
    return VALUE


@compiled()
def _negamax_with(stack: Any, top: int, depth: int, alpha: int, beta: int, p: Any, data: Any, history: Any,
                  killers: Any, moves: Any, keys_buffer: Any, state: Any, frames: Any, n: int, total: int) -> int:
    """The score of the position at ``top`` for its side to move, searched ``depth`` plies: principal
    variation search, as ``Searcher.negamax`` does it, with a stack of frames for its recursion (numba
    caches no recursive function safely). 0 when stopped (``state[S_STOPPED]`` says so)."""
    length = 2 * n + 6
    out = state[S_OUT:S_OUT + 1]
    ply = top
    frames[ply, 0], frames[ply, 1], frames[ply, 2] = depth, alpha, beta
    entering = True
    value = 0
    while True:
        if entering:
            done = _enter(stack, ply, p, data, history, killers, moves, keys_buffer, state, frames, out, n, total)
            if done == STOPPED:
                return 0
            if done == VALUE:
                value = out[0]
                entering = False
                continue
            # The first child, with the full window.
            frames[ply, 8] = FIRST
            _child(stack, ply, length, moves[ply, 0], p, n)
            frames[ply + 1, 0] = frames[ply, 0] - 1
            frames[ply + 1, 1] = -frames[ply, 2]
            frames[ply + 1, 2] = -frames[ply, 1]
            ply += 1
            continue
        # A child returned ``value``: back in its parent.
        if ply == top:
            return value
        ply -= 1
        score = -value
        index = frames[ply, 7]
        move = moves[ply, index]
        alpha, beta = frames[ply, 1], frames[ply, 2]
        if frames[ply, 8] == REDUCED and score > alpha:  # searched again at its full depth
            frames[ply, 8] = NULL_WINDOW
            _child(stack, ply, length, move, p, n)
            frames[ply + 1, 0] = frames[ply, 0] - 1
            frames[ply + 1, 1] = -alpha - 1
            frames[ply + 1, 2] = -alpha
            ply += 1
            entering = True
            continue
        if frames[ply, 8] == NULL_WINDOW and alpha < score < beta:
            frames[ply, 8] = RESEARCH
            _child(stack, ply, length, move, p, n)
            frames[ply + 1, 0] = frames[ply, 0] - 1
            frames[ply + 1, 1] = -beta
            frames[ply + 1, 2] = -alpha
            ply += 1
            entering = True
            continue
        cut = False
        if score > frames[ply, 4]:
            frames[ply, 4] = score
            frames[ply, 5] = move
            if score > alpha:
                alpha = score
                frames[ply, 1] = alpha
                if alpha >= beta:
                    if killers[ply, 0] != move:
                        killers[ply, 1] = killers[ply, 0]
                        killers[ply, 0] = move
                    node_depth = frames[ply, 0]
                    history[move] = min(history[move] + node_depth * node_depth, HISTORY_LIMIT)
                    cut = True
        index += 1
        if cut or index >= frames[ply, 6]:
            best = frames[ply, 4]
            bound = UPPER if best <= frames[ply, 3] else (LOWER if best >= beta else EXACT)
            _keep(data, frames[ply, 9], frames[ply, 10], frames[ply, 11], frames[ply, 0], bound, best, frames[ply, 5],
                  ply, state)
            value = best
            continue
        # The next child, with a null window (shallower, when a late quiet move of a selective search).
        frames[ply, 7] = index
        node_depth = frames[ply, 0]
        reduced = node_depth - 1
        if (state[S_SELECTIVE] and node_depth >= 3 and index >= LMR_MOVES and keys_buffer[ply, index] < QUIET):
            reduced = node_depth - 3 if node_depth >= LMR_MORE_DEPTH and index >= LMR_MORE else node_depth - 2
        frames[ply, 8] = REDUCED if reduced < node_depth - 1 else NULL_WINDOW
        _child(stack, ply, length, moves[ply, index], p, n)
        frames[ply + 1, 0] = reduced
        frames[ply + 1, 1] = -alpha - 1
        frames[ply + 1, 2] = -alpha
        ply += 1
        entering = True
    return 0  # never reached


@compiled()
def _root_with(stack: Any, root_moves: Any, count: int, depth: int, every_move: bool, p: Any, data: Any,
               history: Any, killers: Any, moves: Any, keys_buffer: Any, state: Any, frames: Any, scores: Any,
               partial: Any, n: int, total: int) -> int:
    """One depth at the root (the position at the start of ``stack``); the best move (its score in
    ``partial[1]``), or -1 when stopped (the best so far, if any, in ``partial``). ``scores`` gets each
    root move's score, in ``root_moves`` order. ``n`` pits a row and ``total`` stones: literals in
    Toguz's copy (``_root_toguz``), int64s in the small variants' (``_root_small``)."""
    if _check(state):
        return -1
    length = 2 * n + 6
    alpha, best, best_move = -INFINITY, -INFINITY, root_moves[0]
    partial[0] = -1
    # As int64s, not literals: numba would compile ``_negamax_with`` once more for each literal it is passed.
    top: Any = np.int64(1)
    infinity: Any = np.int64(INFINITY)
    for index in range(count):
        move = root_moves[index]
        _child(stack, 0, length, move, p, n)
        if every_move or index == 0:
            score = -_negamax_with(stack, top, depth - 1, -infinity, infinity, p, data,
                                   history, killers, moves, keys_buffer, state, frames, n, total)
        else:
            score = -_negamax_with(stack, top, depth - 1, -alpha - 1, -alpha, p, data,
                                   history, killers, moves, keys_buffer, state, frames, n, total)
            if not state[S_STOPPED] and score > alpha:
                score = -_negamax_with(stack, top, depth - 1, -infinity, -alpha, p, data,
                                       history, killers, moves, keys_buffer, state, frames, n, total)
        if state[S_STOPPED]:
            return -1
        scores[index] = score
        if score > best:
            best, best_move = score, move
            alpha = max(alpha, score)
            partial[0] = best_move
            partial[1] = best
    _store(data, stack, 0, length, depth, EXACT, best, best_move, 0, state)
    return best_move


@compiled()
def _root_toguz(stack: Any, root_moves: Any, count: int, depth: int, every_move: bool, p: Any, data: Any,
                history: Any, killers: Any, moves: Any, keys_buffer: Any, state: Any, frames: Any, scores: Any,
                partial: Any) -> int:
    """``_root_with`` for Toguz Kumalak: its 9 pits and 162 stones constants all the way down."""
    return _root_with(stack, root_moves, count, depth, every_move, p, data, history, killers, moves, keys_buffer,
                      state, frames, scores, partial, TOGUZ_PITS, TOGUZ_TOTAL)


@compiled()
def _root_small(stack: Any, root_moves: Any, count: int, depth: int, every_move: bool, p: Any, data: Any,
                history: Any, killers: Any, moves: Any, keys_buffer: Any, state: Any, frames: Any, scores: Any,
                partial: Any) -> int:
    """``_root_with`` for the small variants (Kozdatu, Bestemshe): their pits and stones read from ``p``."""
    return _root_with(stack, root_moves, count, depth, every_move, p, data, history, killers, moves, keys_buffer,
                      state, frames, scores, partial, p[P_N], p[P_TOTAL])


@compiled()
def _probe(data: Any, cells: Any, generation: int) -> int:
    """The table's best move for ``cells``, or -1 (the table unchanged)."""
    hashed = _hash(cells, 0, cells.shape[0])
    mark = _mark(hashed)
    first = _bucket(data, hashed)
    for slot in range(first, first + BUCKET):
        if data[slot, GENERATION] == generation and data[slot, MARK] == mark:
            return data[slot, PACKED] & 255
    return -1


def variant_params(variant: Variant) -> Any:
    """The compiled functions' array of the variant's constants and tables (see ``P_LAST``)."""
    last, adds, width = landing_tables(variant)
    worth = tuzdyk_worth(variant)
    proves_early = not variant.stop_at_majority and variant.no_move == "collect"
    constants = [variant.pits, variant.tuzdyks, variant.unrestricted_tuzdyk, variant.stop_at_majority,
                 variant.majority, variant.no_move == "lose", variant.total, width, proves_early,
                 P_LAST + len(last), P_LAST + len(last) + len(adds)]
    constants += [0] * (P_LAST - len(constants))
    return np.array(constants + last + adds + worth, dtype=np.int64)


_warm_lock = threading.Lock()
_warmed: set[Family] = set()


def warm(family: Family | None = None) -> None:
    """Make the compiled search of ``family`` ready (both, Toguz first, when none is named): compile it (the
    first time ever: Toguz's about half a minute, the small variants' as much again; ``bench/engine.py
    --compile``) or load it from numba's cache (under a second), once a process, and mark it ready in the
    cache folder. Every ``FastSearcher`` calls it for its variant's before its first search, so no clock ever
    runs while it compiles; ``make`` and a fresh install's child process (``toguz_tui.session.preparation``)
    call it for both."""
    from rules.position import Position
    from rules.variant import KOZDATU, TOGUZ

    for each in FAMILIES if family is None else (family,):
        with _warm_lock:
            if each in _warmed:
                continue
            lean = LeanRules(TOGUZ if each == "toguz" else KOZDATU)
            searcher = FastSearcher(lean, ready=True)
            cells = lean.from_position(Position.start(lean.variant))
            searcher.iterate(cells, 3, True, lambda _iteration: None)
            searcher.principal_line(cells, lean.legal(cells)[0], 3)
            _warmed.add(each)
        mark_ready(Path(numba.config.CACHE_DIR), each)  # type: ignore[attr-defined]
    _forget_old_compilations()


def _forget_old_compilations() -> None:
    """Remove the compiled searches of earlier sources (folders ``numba-<digest>`` beside the current)."""
    current = Path(numba.config.CACHE_DIR)  # type: ignore[attr-defined]
    try:
        for folder in current.parent.glob("numba-*"):
            if folder != current and folder.is_dir() and len(folder.name) == len("numba-") + 16:
                shutil.rmtree(folder, ignore_errors=True)
    except OSError:
        pass  # a cache left behind costs some disk, nothing else


class FastSearcher:
    """``search.Searcher``'s interface over the compiled search (see the module's docstring)."""

    def __init__(self, lean: LeanRules, ready: bool = False) -> None:
        variant = lean.variant
        self.family: Family = family_of(variant)
        if not ready:
            warm(self.family)
        self.lean = lean
        self.params = variant_params(variant)
        length = lean.length
        self.data = np.zeros((SLOTS, 4), dtype=np.int64)
        self.history = np.zeros(lean.size, dtype=np.int64)
        self.killers = np.full((MAX_PLY + 2, 2), -1, dtype=np.int64)
        self.stack = np.zeros((MAX_PLY + 2) * length, dtype=np.int32)
        self.moves = np.zeros((MAX_PLY + 2, lean.pits), dtype=np.int64)
        self.keys_buffer = np.zeros((MAX_PLY + 2, lean.pits), dtype=np.int64)
        # Per ply: depth, alpha, beta, original alpha, best, best move, moves, child searched, how, and the
        # table slot its probe found, the position's hash and the table's generation then.
        self.frames = np.zeros((MAX_PLY + 2, 12), dtype=np.int64)
        self.state = np.zeros(10, dtype=np.int64)
        self.state[S_GENERATION] = 1
        self.state[S_NODE_LIMIT] = NO_NODE_LIMIT
        self.state[S_STOPPABLE] = 1
        self.deadline = float("inf")
        self.partial: tuple[int, int] | None = None
        self.variant_proves_early = bool(self.params[P_PROVES_EARLY])

    # -- the Searcher interface ----------------------------------------------------------------

    @property
    def nodes(self) -> int:
        """Nodes searched since the last reset."""
        return int(self.state[S_NODES])

    @property
    def node_limit(self) -> int:
        """The node budget."""
        return int(self.state[S_NODE_LIMIT])

    @node_limit.setter
    def node_limit(self, value: int) -> None:
        self.state[S_NODE_LIMIT] = value

    @property
    def selective(self) -> bool:
        """Whether the search reduces late quiet moves (``search``'s late-move reductions)."""
        return bool(self.state[S_SELECTIVE])

    @selective.setter
    def selective(self, value: bool) -> None:
        self.state[S_SELECTIVE] = int(value)

    @property
    def stop_requested(self) -> bool:
        """Whether a stop was asked for."""
        return bool(self.state[S_STOP])

    @stop_requested.setter
    def stop_requested(self, value: bool) -> None:
        self.state[S_STOP] = int(value)

    def reset(self) -> None:
        """Forget everything learned, so the next search is reproducible."""
        self.state[S_GENERATION] += 1
        self.history[:] = 0
        self.killers[:] = -1
        self.state[S_NODES] = 0
        self.state[S_NEXT_CHECK] = CHECK_EVERY
        self.state[S_REPLACED] = 0
        self.state[S_STOPPED] = 0

    def evaluate(self, cells: Cells) -> int:
        """The evaluation of ``cells`` (for tests and tools)."""
        return int(evaluate(np.array(cells, dtype=np.int32), 0, self.params))

    def proven_early(self, cells: Cells, ply: int) -> int | None:
        """As ``Searcher.proven_early``."""
        found = int(_proven_early(np.array(cells, dtype=np.int32), 0, ply, self.params, self.lean.pits))
        return found if found else None

    def iterate(self, cells: Cells, max_depth: int, every_move: bool,
                report: Callable[[Iteration], None]) -> None:
        """As ``Searcher.iterate``: depth 1, 2, ... ``max_depth``; ``SearchStopped`` when stopped."""
        timer = None
        if self.deadline != float("inf"):
            timer = threading.Timer(max(0.0, self.deadline - time.perf_counter()), self._time_up)
            timer.daemon = True
            timer.start()
        try:
            moves = self.lean.legal(cells)
            previous: Iteration | None = None
            for depth in range(1, max_depth + 1):
                iteration = self.root(cells, root_order(moves, previous), depth, every_move, checking=depth > 1)
                report(iteration)
                previous = iteration
                proven = [abs(score) >= WIN_UNITS - MAX_PLY for score in iteration.scores.values()]
                if all(proven) if every_move else abs(iteration.score) >= WIN_UNITS - MAX_PLY:
                    return
        finally:
            if timer is not None:
                timer.cancel()

    def _time_up(self) -> None:
        self.state[S_STOP] = 1

    def root(self, cells: Cells, moves: list[int], depth: int, every_move: bool, checking: bool) -> Iteration:
        """One depth at the root (``SearchStopped`` when stopped)."""
        self.state[S_STOPPABLE] = int(checking)
        self.state[S_STOPPED] = 0
        try:
            self.stack[:self.lean.length] = cells
            root_moves = np.array(moves, dtype=np.int64)
            scores = np.zeros(len(moves), dtype=np.int64)
            partial = np.full(2, -1, dtype=np.int64)
            root = _root_toguz if self.family == "toguz" else _root_small
            best = root(self.stack, root_moves, len(moves), depth, every_move, self.params, self.data,
                        self.history, self.killers, self.moves, self.keys_buffer, self.state, self.frames, scores,
                        partial)
            self.partial = (int(partial[0]), int(partial[1])) if partial[0] >= 0 else None
            if best < 0:
                raise SearchStopped
            by_move = {move: int(score) for move, score in zip(moves, scores, strict=True)}
            return Iteration(depth, int(best), by_move[int(best)], by_move)
        finally:
            self.state[S_STOPPABLE] = 1

    def principal_line(self, cells: Cells, first: int, limit: int) -> list[int]:
        """The expected moves from ``cells``: ``first``, then the table's best moves."""
        line = [first]
        node = cells[:]
        self.lean.play(node, first)
        seen = {tuple(cells)}
        while len(line) < limit and node[self.lean.result] == ONGOING:
            key = tuple(node)
            move = int(_probe(self.data, np.array(node, dtype=np.int32), self.state[S_GENERATION]))
            if move < 0 or key in seen or move not in self.lean.legal(node):
                break
            seen.add(key)
            line.append(move)
            self.lean.play(node, move)
        return line
