"""The real game collections of ../shared/data, read in full: every move, mark and result checked.

``read_records`` replays every token and compares its landing digit, tuzdyk mark and PlayOK
``(N)`` with what the rules did, and refuses a result that contradicts an end on the board; these
tests pin what the two collections hold. The files never change, so the counts are exact.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from rules import Record, Termination, read_record_file, read_records
from rules.records import index_games, read_game
from tests.needs import SHARED_DATA, need_shared_data

pytestmark = pytest.mark.slow

DATA = SHARED_DATA
MASTERS = DATA / "kazakh-masters-742.pgn"
PLAYOK = DATA / "playok-2398.pgn"


def read(path: Path) -> list[Record]:
    need_shared_data()
    return read_record_file(path)


@pytest.fixture(scope="module")
def masters() -> list[Record]:
    return read(MASTERS)


@pytest.fixture(scope="module")
def playok() -> list[Record]:
    return read(PLAYOK)


def recorded_results(path: Path) -> list[str]:
    """The Result tags as the file writes them, game by game."""
    return re.findall(r'^\[Result "([^"]*)"\]', path.read_text(encoding="utf-8"), re.MULTILINE)


def endings(records: list[Record]) -> Counter[tuple[str | None, str]]:
    """How many games ended how: (the end on the board or None, the result)."""
    return Counter(
        (None if record.game.outcome is None else str(record.game.outcome.reason), record.result)
        for record in records
    )


def test_all_742_federation_games_replay_move_for_move(masters: list[Record]) -> None:
    assert len(masters) == 742
    assert {record.style for record in masters} == {"federation"}
    assert sum(len(record.moves) for record in masters) > 742 * 20


def test_all_2398_playok_games_replay_with_every_mark_and_total(playok: list[Record]) -> None:
    assert len(playok) == 2398
    assert {record.style for record in playok} == {"playok"}


def test_every_result_read_is_the_one_the_file_records(masters: list[Record], playok: list[Record]) -> None:
    assert [record.result for record in masters] == recorded_results(MASTERS)
    assert [record.result for record in playok] == recorded_results(PLAYOK)


def test_every_playok_game_that_ends_on_the_board_has_its_recorded_result(playok: list[Record]) -> None:
    on_board = [record for record in playok if record.ended_on_board]
    assert len(on_board) == 1177
    for record in on_board:
        assert record.game.outcome is not None
        assert record.game.outcome.result == record.result
    assert endings(playok) == {
        ("majority", "1-0"): 344, ("majority", "0-1"): 187,
        ("no-moves", "1-0"): 246, ("no-moves", "0-1"): 357, ("no-moves", "1/2-1/2"): 43,
        (None, "1-0"): 579, (None, "0-1"): 550, (None, "1/2-1/2"): 92,
    }


def test_playok_marks_zero_exactly_where_the_player_to_move_has_no_stones(playok: list[Record]) -> None:
    zero = [record for record in playok if record.comments == ("zero",)]
    assert len(zero) == 646
    assert all(record.game.outcome and record.game.outcome.reason is Termination.NO_MOVES for record in zero)
    assert {record.comments for record in playok if record not in zero} == {()}


def test_298_playok_games_have_a_result_but_no_move(playok: list[Record]) -> None:
    assert sum(1 for record in playok if not record.moves) == 298


def test_most_master_games_end_off_the_board(masters: list[Record]) -> None:
    assert endings(masters) == {
        ("majority", "1-0"): 7, ("majority", "0-1"): 2,
        (None, "1-0"): 373, (None, "0-1"): 304, (None, "1/2-1/2"): 56,
    }


@pytest.mark.parametrize("path", [MASTERS, PLAYOK], ids=["masters", "playok"])
def test_the_quick_index_finds_every_game_that_a_full_read_finds(path: Path) -> None:
    need_shared_data()
    text = path.read_text(encoding="utf-8")
    entries = index_games(text)
    records = read_records(text)
    assert len(entries) == len(records)
    for entry, record in zip(entries, records, strict=True):
        alone = read_game(text, entry)
        assert (alone.moves, alone.result, alone.tags) == (record.moves, record.result, record.tags)
        assert entry.tag("White") == record.tags.get("White", "") and entry.line == record.line
