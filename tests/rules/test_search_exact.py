"""The search is exact: what ``Engine.choose`` and ``Engine.analyse`` find at a depth is what a plain
minimax with the same evaluation finds, in every variant and with every option, and ``stop`` works
whenever it is called.

The minimax below has no table, no ordering and no pruning: the definition the search's shortcuts
must agree with. Positions come from random play (seeded), in Toguz Kumalak, Kozdatu and Bestemshe,
with and without tuzdyks, with the player who cannot move losing or the other collecting, and
stopping at a majority or playing on.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

from rules import BESTEMSHE, KOZDATU, TOGUZ, Position, Variant
from rules.engine import Engine
from rules.engine.engine import to_stones
from rules.engine.lean import DRAW, ONGOING, Cells, LeanRules
from rules.engine.search import INFINITY, WIN_UNITS, Searcher
from rules.game import random_positions as played_at_random

VARIANTS: list[Variant] = [
    TOGUZ,
    TOGUZ.with_options(stop_at_majority=False),
    TOGUZ.with_options(no_move="lose"),
    TOGUZ.with_options(stop_at_majority=False, no_move="lose", unrestricted_tuzdyk=True),
    KOZDATU,
    KOZDATU.with_options(tuzdyks=True, stop_at_majority=False),
    BESTEMSHE,
    BESTEMSHE.with_options(stop_at_majority=False, no_move="lose"),
]


def minimax(searcher: Searcher, cells: Cells, depth: int, ply: int) -> int:
    """The plain negamax value of ``cells`` for its side to move."""
    lean = searcher.lean
    result = cells[lean.result]
    if result != ONGOING:
        if result % 3 == DRAW:
            return 0
        return WIN_UNITS - ply if result % 3 == cells[lean.side] else ply - WIN_UNITS
    if searcher.variant_proves_early:
        proven = searcher.proven_early(cells, ply)
        if proven is not None:
            return proven
    if depth == 0:
        return searcher.evaluate(cells)
    best = -INFINITY
    for move in lean.legal(cells):
        child = cells[:]
        lean.play(child, move)
        best = max(best, -minimax(searcher, child, depth - 1, ply + 1))
    return best


def random_positions(variant: Variant, count: int, seed: int) -> list[Position]:
    """Positions of ``variant`` reached by random play, none of them finished."""
    return played_at_random(variant, count, random.Random(seed), (4, 140))


def root_values(searcher: Searcher, cells: Cells, depth: int) -> dict[int, int]:
    """Each root move's minimax value, as the root sees it."""
    lean = searcher.lean
    values = {}
    for move in lean.legal(cells):
        child = cells[:]
        lean.play(child, move)
        values[lean.pit_number(move)] = -minimax(searcher, child, depth - 1, 1)
    return values


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: f"{variant.name} {variant}"[:60])
def test_choose_finds_a_move_of_the_minimax_value_at_every_depth(variant: Variant) -> None:
    engine = Engine(level=8, seed=1)
    searcher = Searcher(LeanRules(variant))
    wrong = []
    for number, position in enumerate(random_positions(variant, 40, seed=hash(str(variant)) % 1000)):
        cells = searcher.lean.from_position(position)
        if cells[searcher.lean.result] != ONGOING:
            continue
        for depth in (1, 2, 3, 4) if number < 12 else (1, 2, 3):
            values = root_values(searcher, cells, depth)
            chosen = engine.choose(position, depth=depth)
            if values[chosen.pit] != max(values.values()) or chosen.score != to_stones(max(values.values())):
                wrong.append((position.fen(), depth, chosen.pit, chosen.score, values))
    assert not wrong, wrong[:3]


@pytest.mark.parametrize("variant", VARIANTS[:4] + VARIANTS[6:], ids=lambda variant: str(variant)[:60])
def test_analyse_gives_every_pit_its_minimax_value(variant: Variant) -> None:
    engine = Engine(level=8, seed=1)
    searcher = Searcher(LeanRules(variant))
    for position in random_positions(variant, 10, seed=7):
        cells = searcher.lean.from_position(position)
        values = root_values(searcher, cells, 3)
        analysed = {entry.pit: entry.score for entry in engine.analyse(position, depth=3)}
        assert analysed == {pit: to_stones(value) for pit, value in values.items()}, position.fen()


def test_the_reported_position_that_played_on_past_a_majority_is_searched_exactly() -> None:
    variant = TOGUZ.with_options(stop_at_majority=False)
    position = Position.from_fen("2S,5S,2S,1S,t,4S,7S,1S,1/t,1S,1S,1S,7S,1S,1S,3S,1 81 44 N 45", variant)
    searcher = Searcher(LeanRules(variant))
    values = root_values(searcher, searcher.lean.from_position(position), 2)
    chosen = Engine(level=8).choose(position, depth=2)
    assert values[chosen.pit] == max(values.values()), (chosen, values)
    assert chosen.pit != 8, "pit 8 loses in 2"


def test_analyse_searches_on_when_the_best_pit_is_proven_early() -> None:
    """A pit that wins at once must not leave the others with depth-1 scores."""
    for position in random_positions(TOGUZ, 300, seed=11):
        engine = Engine(level=8, book=False)
        first = engine.analyse(position, depth=1)
        if not first[0].score >= 9_000 or len(first) < 3:
            continue
        deeper = {entry.pit: entry.score for entry in engine.analyse(position, depth=3)}
        searcher = Searcher(LeanRules(TOGUZ))
        values = root_values(searcher, searcher.lean.from_position(position), 3)
        assert deeper == {pit: to_stones(value) for pit, value in values.items()}, position.fen()
        return
    pytest.fail("no position with a win in one was found to test with")


def test_stop_before_the_search_begins_stops_it_at_once() -> None:
    engine = Engine(level=8, book=False)
    engine.stop()
    began = time.perf_counter()
    result = engine.choose(Position.start(), time_limit=5.0)
    assert result.depth == 1 and 1 <= result.pit <= 9, "only the first depth, which always finishes"
    assert time.perf_counter() - began < 2.5, "not the 5 s it was given"
    again = engine.choose(Position.start(), depth=3)
    assert again.depth == 3, "a stop applies to one search only"


def test_stop_while_preparing_from_another_thread_is_not_lost() -> None:
    engine = Engine(level=8, book=False)
    results = []
    worker = threading.Thread(target=lambda: results.append(engine.choose(Position.start(), time_limit=5.0)))
    worker.start()
    engine.stop()
    worker.join(4.0)
    assert not worker.is_alive() and results and results[0].seconds < 2.5
