"""``RecordFiles`` alone, over a fake session: saving the game to a file the player names (never over a file
without being told), opening a record for review (the reviewer told, the session entering it) or a FEN position
(the session told to start a game from it), and listing games and the files opened lately; all in tmp folders."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from rules import BESTEMSHE, Position, read_record_file
from tests.fakes import FakeTime
from tests.toguz_tui.session.fake_session import EndedGames, FakeSession
from toguz_tui.files import storage
from toguz_tui.files.settings import Settings
from toguz_tui.session.clocks import Clocks
from toguz_tui.session.mode import Reviewing
from toguz_tui.session.output.output import Output
from toguz_tui.session.records.game_store import GameStore
from toguz_tui.session.records.record_files import RecordFiles
from toguz_tui.session.records.reviewer import Reviewer
from toguz_tui.session.setup import GameSetup


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The player's own folder for record files."""
    made = tmp_path / "records"
    made.mkdir()
    return made


def files_over(output: Output, pits: tuple[int, ...] = (7, 3, 5)) -> tuple[RecordFiles, FakeSession, GameStore]:
    """The record files over a game two people played with ``pits``, with its store and reviewer."""
    session = FakeSession(Settings(opponent="human"))
    for pit in pits:
        session.game.play(pit)
    lock = threading.RLock()
    store = GameStore(session, Clocks(lock, FakeTime(), False, session, output), EndedGames())
    return RecordFiles(output, session, store, Reviewer(lock, output, session, store)), session, store


def test_the_game_is_saved_to_a_file_never_over_one_unless_told_and_remembered(output: Output,
                                                                               folder: Path) -> None:
    files, _session, _store = files_over(output)
    assert files.list_recent().text == "No record file has been opened or saved yet."
    path = folder / "mine.pgn"
    assert files.save(path, "federation").text == "Game saved to mine.pgn."
    [game] = read_record_file(path)
    assert game.game.moves == (7, 3, 5)
    before = path.read_text(encoding="utf-8")
    exists = files.save(path, "federation")
    assert exists.kind == "exists"
    assert exists.text == ("mine.pgn already exists (it holds 1 game), so nothing was written. Type save mine.pgn "
                           "append to add this game to it, or save mine.pgn replace to replace it.")
    assert path.read_text(encoding="utf-8") == before
    assert files.save(path, "federation", "append").text == "The game was added to mine.pgn."
    assert len(read_record_file(path)) == 2
    assert files.save(path, "federation", "replace").kind == "info"
    assert len(read_record_file(path)) == 1
    assert storage.recent_records() == [path]
    assert files.list_recent().text.endswith(f"1: mine.pgn (in {folder})")


def test_saving_a_finished_game_keeps_it_for_leaving_and_into_the_archive(output: Output, folder: Path) -> None:
    files, session, store = files_over(output)
    session.game.resign(session.game.position.to_move)
    store.finished_saved = False  # as the store leaves a finished game nobody kept
    reply = files.save(None, "federation")
    [archived] = sorted(storage.archive_dir().glob("*.pgn"))
    assert reply.text == f"Game saved in the archive as {archived.name}."
    assert store.leaving(session.game, online=False).state == "nothing"


def test_a_record_opened_is_reviewed_through_the_reviewer_and_its_games_counted(output: Output,
                                                                                folder: Path) -> None:
    files, session, store = files_over(output)
    path = folder / "two.pgn"
    files.save(path, "federation")
    session.game.play(2)
    files.save(path, "federation", "append")  # the second game has four plies: two moves
    reply = files.open_path(path, 2)
    assert reply.text.startswith("Game 2 of 2. Reviewing White against Black, 2 moves, no result.")
    assert session.events() == ["enter"]
    mode = session.mode
    assert isinstance(mode, Reviewing) and mode.review.total == 4
    assert store.collection == (path, 2)
    beyond = files.open_path(path, 3)
    assert beyond.kind == "error" and beyond.text == "Could not open two.pgn: it holds 2 games, not 3."
    assert session.events() == ["enter"]
    listed = files.list_games(path)
    assert listed.text.splitlines()[0] == "2 games in two.pgn; open one with open and its number:"
    assert listed.speech == "2 games of two.pgn are listed on the screen; more for the next page."
    assert files.list_games(None).kind == "error"


def test_a_position_file_starts_a_game_from_it_in_its_own_variant(output: Output, folder: Path) -> None:
    files, session, _store = files_over(output)
    start = Position.start(BESTEMSHE)
    path = folder / "five.fen"
    path.write_text(f"# a small board\n{start.fen()}\n", encoding="utf-8")
    assert files.open_path(path).text == "started"  # the session's reply
    setup, position = session.last("start_game").args
    assert position == start
    assert isinstance(setup, GameSetup) and setup.variant == BESTEMSHE and setup.human is None
    path.write_text(f"{start.fen()}\n{start.fen()}\n", encoding="utf-8")
    two = files.open_path(path)
    assert two.kind == "error"
    assert two.text == "Could not open five.fen: it holds 2 lines; a position file holds one FEN on one line."
    assert session.events() == ["start_game"]
