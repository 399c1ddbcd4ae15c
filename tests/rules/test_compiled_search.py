"""The compiled search (numba) and the pure-Python one are the same search: same moves, same
scores, same nodes, in every variant and option, at every depth asked for, and so every level
plays the same game with either (a player's seed means the same game wherever it is replayed)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from rules import Game, Position, Variant
from rules.engine import Engine
from rules.engine.engine import AnySearcher, compiled
from rules.engine.lean import LeanRules
from rules.engine.search import Iteration, Searcher
from tests.needs import need
from tests.rules.test_search_exact import VARIANTS, random_positions


@pytest.fixture(autouse=True)
def numba_present() -> None:
    need(importlib.util.find_spec("numba") is not None,
         "numba is not installed (pip install numba): only the pure-Python search can be tested")


def searched(searcher: AnySearcher, cells: list[int], depth: int, every_move: bool,
             selective: bool = False) -> tuple[Iteration, int]:
    found: list[Iteration] = []
    searcher.reset()
    searcher.selective = selective
    searcher.iterate(cells, depth, every_move, found.append)
    return found[-1], searcher.nodes


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_the_compiled_search_finds_what_the_python_search_finds(variant: Variant) -> None:
    from rules.engine.fast import FastSearcher

    lean = LeanRules(variant)
    fast, python = FastSearcher(lean), Searcher(lean)
    compared = 0
    for position in random_positions(variant, 10, 17):
        cells = lean.from_position(position)
        for depth in (1, 2, 3, 4):
            for every_move in (False, True):
                wanted = searched(python, cells, depth, every_move)
                assert searched(fast, cells, depth, every_move) == wanted, (position.fen(), depth, every_move)
                assert fast.principal_line(cells, wanted[0].move, depth) == \
                    python.principal_line(cells, wanted[0].move, depth)
                compared += 1
    assert compared == 80


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_the_selective_searches_reduce_the_same_moves(variant: Variant) -> None:
    """With late-move reductions (the playing search of level 8) both searches still find the same moves
    and scores with the same nodes, and the reductions do save nodes (in Toguz and Kozdatu)."""
    from rules.engine.fast import FastSearcher

    lean = LeanRules(variant)
    fast, python = FastSearcher(lean), Searcher(lean)
    saved = 0
    for position in random_positions(variant, 4, 29):
        cells = lean.from_position(position)
        for depth in (3, 5):
            wanted = searched(python, cells, depth, False, selective=True)
            assert searched(fast, cells, depth, False, selective=True) == wanted, (position.fen(), depth)
            assert fast.principal_line(cells, wanted[0].move, depth) == \
                python.principal_line(cells, wanted[0].move, depth)
            saved += searched(python, cells, depth, False)[1] - wanted[1]
    if variant.pits >= 7:  # Bestemshe's five pits leave few moves late enough, and re-searches may cost more
        assert saved > 0


def test_the_compiled_evaluation_is_the_python_one() -> None:
    from rules.engine.fast import FastSearcher

    for variant in VARIANTS:
        lean = LeanRules(variant)
        fast, python = FastSearcher(lean), Searcher(lean)
        for position in random_positions(variant, 30, 3):
            cells = lean.from_position(position)
            assert fast.evaluate(cells) == python.evaluate(cells), position.fen()


def test_a_node_budget_stops_both_searches_at_the_same_node() -> None:
    from rules.engine.fast import FastSearcher

    lean = LeanRules(VARIANTS[0])
    fast, python = FastSearcher(lean), Searcher(lean)
    for position in random_positions(VARIANTS[0], 4, 23):
        cells = lean.from_position(position)
        results = []
        for searcher in (fast, python):
            searcher.reset()
            searcher.node_limit = 3_000
            found: list[Iteration] = []
            try:
                searcher.iterate(cells, 30, False, found.append)
            except Exception as stopped:  # the budget ran out: SearchStopped
                assert type(stopped).__name__ == "SearchStopped"
            results.append((found, searcher.partial, searcher.nodes))
        assert results[0] == results[1], position.fen()


def game_with(engine_kind: str, level: int, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    monkeypatch.setenv("TOGUZ_ENGINE", engine_kind)
    engine = Engine(level, seed=11)
    game = Game(VARIANTS[0])
    while not game.is_over and len(game.moves) < 24:
        game.play(engine.choose(game.position).pit)
    return list(game.moves)


@pytest.mark.parametrize("level", [1, 3, 5, pytest.param(6, marks=pytest.mark.slow)])
def test_a_seeded_level_plays_the_same_game_with_either_search(level: int, monkeypatch: pytest.MonkeyPatch) -> None:
    assert game_with("compiled", level, monkeypatch) == game_with("python", level, monkeypatch)


def test_toguz_engine_python_chooses_the_python_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOGUZ_ENGINE", "python")
    assert not compiled()
    monkeypatch.setenv("TOGUZ_ENGINE", "")
    assert compiled()
    position = Position.start()
    assert Engine(2, seed=1).choose(position).pit in position.legal_moves()


def test_a_compiled_search_that_cannot_load_leaves_the_python_search_to_play(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.engine import engine as engine_module
    from rules.engine import fast

    def broken(*_args: object, **_kwargs: object) -> None:
        raise ImportError("numpy.core.multiarray failed to import")

    monkeypatch.setattr(engine_module, "COMPILED_FAILED", [])
    monkeypatch.setattr(fast, "FastSearcher", broken)
    engine = Engine(2, seed=1)
    position = Position.start()
    assert engine.choose(position).pit in position.legal_moves()
    assert isinstance(engine._searchers[position.variant], Searcher)
    assert not compiled(), "once broken, the compiled search is not tried again in this run"
    monkeypatch.setattr(fast, "warm", broken)
    monkeypatch.setattr(engine_module, "COMPILED_FAILED", [])
    with pytest.raises(ImportError):
        engine_module.prepare()
    assert not compiled()


def midgame_positions() -> list[Position]:
    positions = []
    for plies in (9, 24):
        game = Game(VARIANTS[0])
        engine = Engine(3, seed=plies)
        while len(game.moves) < plies:
            game.play(engine.choose(game.position).pit)
        positions.append(game.position)
    return positions


@pytest.mark.parametrize("level", [*range(1, 8), pytest.param(8, marks=pytest.mark.slow)])
def test_every_level_finishes_its_search_within_its_time_so_a_seed_replays_its_moves(level: int) -> None:
    """With the compiled search, no level's clock cuts its search: its move is the one its depth or
    node budget gives, whatever the machine's load (a search of unlimited time finds the same)."""
    need(compiled(), "TOGUZ_ENGINE=python is set: the pure-Python search is time-bound at levels 7 and 8")
    for position in midgame_positions():
        timed = Engine(level, seed=5, reproducible=True).choose(position)
        untimed = Engine(level, seed=5, reproducible=True).choose(position, time_limit=3600.0)
        assert (timed.pit, timed.score, timed.depth, timed.nodes) == \
            (untimed.pit, untimed.score, untimed.depth, untimed.nodes), position.fen()


def test_the_compiled_search_is_kept_apart_for_each_version_of_the_engine_sources(tmp_path: Path) -> None:
    """numba notices only a change to fast.py; a new weight in evaluate.py must be compiled anew."""
    import numba

    from rules.engine import compiled_cache, fast
    from rules.engine import evaluate as weights

    fast.warm()
    folder = Path(vars(numba.config)["CACHE_DIR"])  # set at run time: no type to check
    assert folder == compiled_cache.cache_dir() and any(folder.rglob("*.nbi")), "compiled once, kept"
    sources = Path(fast.__file__).parent
    for name in ("fast.py", "lean.py", "evaluate.py", "search.py"):
        shutil.copy(sources / name, tmp_path / name)
    before = compiled_cache.cache_dir(tmp_path)
    evaluate = tmp_path / "evaluate.py"
    evaluate.write_text(evaluate.read_text().replace(f"THREAT = {weights.THREAT}", f"THREAT = {weights.THREAT + 1}"))
    assert compiled_cache.cache_dir(tmp_path) != before and compiled_cache.cache_dir(tmp_path).name.startswith("numba-")
