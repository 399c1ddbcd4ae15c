"""The opening book: built from the master games as tools/build_book.py builds it, shipped as it was
built, followed by levels 5 to 8 and never by the beginners' levels."""

from __future__ import annotations

import importlib
import json
import random
import sys
from pathlib import Path

import pytest

from rules import Game, Position
from rules.engine import Engine
from rules.engine import book as book_module
from rules.engine.book import BOOK_FILE, book_move, expected, load, position_key
from tests.needs import need_shared_data

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_shipped_book_is_what_the_master_games_give() -> None:
    data = need_shared_data()
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        build_book = importlib.import_module("build_book")
    finally:
        sys.path.remove(str(ROOT / "tools"))
    built = build_book.build(data, 20)
    assert build_book.as_text(built) == BOOK_FILE.read_text(encoding="utf-8"), \
        "rules/engine/book.json is stale: run .venv/bin/python tools/build_book.py"
    assert json.loads(BOOK_FILE.read_text(encoding="utf-8")) == built


def test_the_start_is_in_the_book_with_the_masters_first_moves() -> None:
    moves = load()[position_key(Position.start())]
    assert sum(games for games, _points, _scored in moves.values()) == 742  # every master game starts there
    assert max(moves, key=lambda pit: moves[pit][0]) == 7  # the move masters play most


def test_level_8_plays_the_move_with_the_best_results_and_says_it_searched_nothing() -> None:
    position = Position.start()
    moves = load()[position_key(position)]
    best = max((pit for pit in moves if moves[pit][0] >= 2),
               key=lambda pit: (expected(moves[pit][1], moves[pit][2]), moves[pit][0]))
    result = Engine(8, seed=3).choose(position)
    assert (result.pit, result.depth, result.nodes) == (best, 0, 0)


def test_levels_5_to_7_vary_among_good_master_moves_and_a_seed_replays_the_choice() -> None:
    position = Position.start()
    moves = load()[position_key(position)]
    chosen = {Engine(6, seed=seed).choose(position).pit for seed in range(40)}
    assert len(chosen) > 1 and all(moves[pit][0] >= 2 for pit in chosen)
    assert Engine(6, seed=5).choose(position) == Engine(6, seed=5).choose(position)


def test_other_rules_than_the_masters_are_searched() -> None:
    from rules import TOGUZ

    position = Position.start(TOGUZ.with_options(no_move="lose"))
    assert book_move(position, 8, random.Random(1)) is None


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_the_beginners_levels_never_open_from_the_book(level: int) -> None:
    assert book_move(Position.start(), level, random.Random(1)) is None
    assert Engine(level, seed=1).choose(Position.start()).depth > 0


def test_a_depth_or_a_node_budget_asked_for_is_searched_not_looked_up() -> None:
    assert Engine(8, seed=1).choose(Position.start(), depth=3).depth == 3
    assert Engine(8, seed=1).choose(Position.start(), nodes=5_000).nodes >= 5_000
    assert Engine(8, seed=1, book=False).choose(Position.start(), time_limit=0.2).depth > 0


def test_out_of_the_book_the_engine_searches() -> None:
    game = Game()
    for _ply in range(6):  # an opening no master played: always the lowest pit
        game.play(game.legal_moves()[0])
    assert position_key(game.position) not in load()
    assert Engine(8, seed=1).choose(game.position, time_limit=0.3).depth > 0


def test_a_broken_book_file_means_no_book_not_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for text in ("{not json", '{"positions": {"x": {"7": [1, 5.0, 1]}}}', '{"positions": []}'):
        broken = tmp_path / "book.json"
        broken.write_text(text, encoding="utf-8")
        monkeypatch.setattr(book_module, "BOOK_FILE", broken)
        load.cache_clear()
        try:
            assert load() == {}
            assert Engine(8, seed=1).choose(Position.start(), time_limit=0.2).depth > 0
        finally:
            load.cache_clear()


def test_a_stop_answered_by_a_book_move_does_not_stop_the_next_search() -> None:
    engine = Engine(8, seed=1)
    engine.stop()
    assert engine.choose(Position.start()).depth == 0  # from the book: the stop applied to this move
    game = Game()
    for _ply in range(6):
        game.play(game.legal_moves()[0])
    assert engine.choose(game.position, depth=4).depth == 4
