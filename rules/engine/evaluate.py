"""The evaluation: how good a lean position is for the side to move, in hundredths of a stone.

What it knows about the game:

- the kazan difference (the score itself);
- tuzdyks, worth the stones they will still bring in: so many hundredths of a stone for every stone
  still on the board (``TUZDYK_INCOME``; a tuzdyk made early brings in some 15 to 20 stones a game), more
  in central pits, which sowings cross more often than the edges;
- captures on the board now: the best the side to move can take at once (it is his turn: 0.61 of a
  stone a stone) and the best the opponent threatens (a pit of ours that his sowing would leave even,
  or at 3 for a tuzdyk; 0.14 of a stone a stone, since the side to move can often save it), found
  with a table of where every pit's sowing ends;
- stones kept on one's own row, worth more as the game goes on (``ROW_EARLY`` a stone at the start,
  rising with the stones already in the kazans to ``ROW_LATE`` when all are in): late in the game a
  player left without a move hands the other his whole row, so a row stone counts for something;
- starvation: a row holding less than half the other's (``STARVE`` a stone of the shortfall, growing
  with the stones in the kazans as the row stones do): its stones must be sown over to the other side
  and the poor row runs dry, a loss many moves away that no search sees;
- the number of pits one can play (mobility);
- the end by the no-move rule: when the opponent's row is empty and the side to move has a quiet
  move (one whose stones all stay on its own row), it can leave him without a move; if its kazan
  and its row then make a majority (or a player without a move loses, in that option), the game is
  as good as won, whatever the kazans say now.

It has no term for having the move (a tempo). With the weights of before 2026-11-29 (fitted with White to
move only: nothing for the side to move's own captures, 0.45 of a stone a stone for the threats against
it) the scores of consecutive depths swung by some 5 to 10 stones, and 4 stones for the side to move halved
the positions searched to depth 16 but won no more (60 % and 65 % against the yardstick at 0.3 s). Fitted
on both sides to move, the captures now and the threats take up that swing (a tempo column, fitted with
them, comes to -0.43 of a stone: none is wanted), and the tree to depth 16 is as small as with the tempo
(0.13 s against 0.24 s, geometric mean over thirty positions).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.lean import Cells
from rules.variant import Variant

SCALE = 100  # evaluation units per stone

# Weights in evaluation units, found by ``tools/tune.py`` (self-play under our rules, Texel's method). First
# from hand-set weights (row stones 8 early and 100 late, starvation 60, tuzdyk income 13, mobility 25,
# empty row 300, decided 4,000, capture now 60, threat 30) on positions with White to move only (200
# games at 20,000 nodes a move): taken for 19 of 20 games at 0.3 s a move against the hand-set ones;
# they scored the side to move for the threats against it (45) and not for its own captures (0). Refitted
# on 2026-11-29 on both sides to move (400 games at 50,000 nodes a move; they were row late 23,
# starvation 46, tuzdyk income 43, mobility 720, capture now 0, threat 45): taken because they won, 86.2 %
# (34.5/40) at 1 s a move and 68.8 % at 0.3 s against the yardstick, where the earlier weights scored
# 67.5 % and 68.8 %, and they halve the positions searched to a depth.
NOW_CAPTURE = 61        # per stone the side to move can capture at once
THREAT = 14             # per stone the opponent threatens to capture
ROW_EARLY = 0           # per stone on one's own row at the start of the game
ROW_LATE = 9            # per stone on one's own row when every stone is in a kazan (between: by the stones in)
STARVE = 58             # per stone a row holds less than half the other's, when every stone is in a kazan
TUZDYK_INCOME = 30      # what a central tuzdyk will bring in, per stone on the board
MOBILITY = 454          # per pit one can play
EMPTY_ROW = 0           # extra when the side not to move has nothing to play on its next turn
DECIDED = 15360         # extra when the side to move can end the game by the no-move rule and win


def landing_tables(variant: Variant) -> tuple[list[int], list[int], int]:
    """Where a sowing ends: ``last[origin * width + stones]`` and ``adds[...]``, and ``width``.

    ``last`` is the board index of the landing pit when it lies on the opponent's row of the
    pit's owner, else -1; ``adds`` is how many of the sown stones fall into that landing pit.
    """
    n = variant.pits
    size = 2 * n
    width = variant.total + 1
    last = [-1] * (size * width)
    adds = [0] * (size * width)
    for origin in range(size):
        owner = origin // n
        for stones in range(1, width):
            if stones == 1:
                landing, falling = (origin + 1) % size, 1
            else:
                laps, rest = divmod(stones, size)
                landing = (origin + stones - 1) % size
                falling = laps + (1 if rest else 0)
            if landing // n != owner:
                last[origin * width + stones] = landing
                adds[origin * width + stones] = falling
    return last, adds, width


def tuzdyk_worth(variant: Variant) -> list[int]:
    """What a tuzdyk on each board index is worth with a full board, in evaluation units: the stones it
    is expected to bring in over the rest of the game (``TUZDYK_INCOME`` for every stone on the board in
    a central pit, some half of it at the edges)."""
    n = variant.pits
    centre = (n + 1) / 2
    base = TUZDYK_INCOME * variant.total
    worth = []
    for index in range(2 * n):
        pit = index % n + 1
        worth.append(int(base * (1.0 - 0.45 * abs(pit - centre) / max(centre - 1, 1))))
    return worth


def starving(row: int, their_row: int, captured: int, total: int) -> int:
    """What a row of ``row`` stones against the other's ``their_row`` costs its owner, when ``captured``
    of the ``total`` stones are in the kazans: ``STARVE`` a stone of its shortfall from half the other's,
    in proportion to the stones in."""
    shortfall = their_row - 2 * row
    return STARVE * shortfall * captured // total if shortfall > 0 else 0


def compile_evaluate(variant: Variant) -> Callable[[Cells], int]:
    """Build ``evaluate(cells) -> units`` for one variant (side to move's point of view)."""
    n = variant.pits
    size = 2 * n
    k0, t0, side_at = size, size + 2, size + 4
    total = variant.total
    last_table, adds_table, width = landing_tables(variant)
    worth = tuzdyk_worth(variant)
    tuzdyks_on = variant.tuzdyks
    unrestricted = variant.unrestricted_tuzdyk
    rows = (range(0, n), range(n, size))
    pit_n = (size - 1, n - 1)  # the opponent's pit N, for a White and for a Black sowing
    majority = variant.majority
    no_move_loses = variant.no_move == "lose"

    def ends_by_no_move(cells: Cells, own: Cells, side: int) -> bool:
        """Whether ``side`` (to move; the other's row is empty) wins by leaving the other without a move:
        it has a quiet move, and a player without a move loses or its kazan and row make a majority
        (less a stone that may fall into the other's tuzdyk on its row)."""
        if not any(stones and (pit < n - 1 if stones == 1 else pit + stones <= n) for pit, stones in enumerate(own)):
            return False
        if no_move_loses:
            return True
        return cells[k0 + side] + sum(own) - (cells[t0 + 1 - side] >= 0) >= majority

    def best_capture(cells: Cells, side: int, remaining: int) -> int:
        """The most ``side`` could take with one move now (a tuzdyk counts what it is worth)."""
        mine, theirs = cells[t0 + side], cells[t0 + 1 - side]
        may_tuzdyk = tuzdyks_on and mine < 0
        best = 0
        for origin in rows[side]:
            stones = cells[origin]
            if stones:
                at = origin * width + stones
                last = last_table[at]
                if last >= 0 and last != mine:
                    count = cells[last] + adds_table[at]
                    if not count & 1:
                        if count > best:
                            best = count
                    elif count == 3 and may_tuzdyk and (unrestricted or (
                            last != pit_n[side] and (theirs < 0 or abs(last - theirs) != n))):
                        gain = 3 + worth[last] * remaining // (total * SCALE)
                        if gain > best:
                            best = gain
        return best

    def evaluate(cells: Cells) -> int:
        """Units of advantage for the side to move."""
        side = cells[side_at]
        other = 1 - side
        captured = cells[k0] + cells[k0 + 1]
        remaining = total - captured
        score = (cells[k0 + side] - cells[k0 + other]) * SCALE
        tuzdyk = cells[t0 + side]
        if tuzdyk >= 0:
            score += worth[tuzdyk] * remaining // total
        tuzdyk = cells[t0 + other]
        if tuzdyk >= 0:
            score -= worth[tuzdyk] * remaining // total
        start = side * n
        own = cells[start : start + n]
        start = other * n
        their = cells[start : start + n]
        own_stones, their_stones = sum(own), sum(their)
        row_weight = ROW_EARLY * total + (ROW_LATE - ROW_EARLY) * captured  # per stone, times the total
        score += own_stones * row_weight // total - their_stones * row_weight // total
        score += starving(their_stones, own_stones, captured, total)
        score -= starving(own_stones, their_stones, captured, total)
        playable = n - own.count(0)
        their_playable = n - their.count(0)
        score += (playable - their_playable) * MOBILITY
        if not their_playable:
            score += EMPTY_ROW
            if ends_by_no_move(cells, own, side):
                score += DECIDED
        score += best_capture(cells, side, remaining) * NOW_CAPTURE
        score -= best_capture(cells, other, remaining) * THREAT
        return score

    return evaluate


def compile_gains(variant: Variant) -> Callable[[Cells, int], int]:
    """Build ``gain(cells, origin)``: stones a move captures at once (a tuzdyk counts 3), no sowing."""
    n = variant.pits
    size = 2 * n
    t0, side_at = size + 2, size + 4
    last_table, adds_table, width = landing_tables(variant)
    tuzdyks_on = variant.tuzdyks

    def gain(cells: Cells, origin: int) -> int:
        """What playing ``origin`` captures, roughly (tuzdyk restrictions other than one each ignored)."""
        at = origin * width + cells[origin]
        last = last_table[at]
        side = cells[side_at]
        if last < 0 or last == cells[t0 + side]:
            return 0
        count = cells[last] + adds_table[at]
        if not count & 1:
            return count
        return 3 if count == 3 and tuzdyks_on and cells[t0 + side] < 0 else 0

    return gain
