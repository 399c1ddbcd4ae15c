"""``GameStore`` alone, over a fake session and real clocks: the game in progress saved as it stands, a game that
ends archived (its saved copy forgotten, the accounts told), a game replaced archived first or not replaced at all,
and what leaving would do; all on disk in the test's private data folder."""

from __future__ import annotations

import threading
from pathlib import Path

from rules import WHITE, read_record
from rules.clock import TimeControl
from tests.fakes import FakeTime
from tests.toguz_tui.session.fake_session import EndedGames, FakeSession
from toguz_tui.files import storage
from toguz_tui.files.settings import Settings
from toguz_tui.session.clocks import Clocks
from toguz_tui.session.output.output import Output
from toguz_tui.session.records.game_store import GameStore


def store_over(session: FakeSession, output: Output, ended: EndedGames, persist: bool = True,
               autosave: bool = True) -> tuple[GameStore, Clocks]:
    clocks = Clocks(threading.RLock(), FakeTime(), False, session, output)
    return GameStore(session, clocks, ended, persist, autosave), clocks


def archived() -> list[Path]:
    return sorted(storage.archive_dir().glob("*.pgn"))


def test_the_game_in_progress_is_saved_as_it_stands_with_its_clocks(output: Output, private_dirs: Path) -> None:
    session = FakeSession(Settings(opponent="computer", colour="white", level=2))
    store, clocks = store_over(session, output, EndedGames())
    clocks.start(TimeControl(300.0, 3.0))
    for pit in (7, 3):
        clocks.moved(session.game.play(pit))
    assert store.save_game() is None and store.saved
    assert storage.current_game_path().is_relative_to(private_dirs)
    saved, problem = storage.load_current()
    assert problem is None and saved is not None
    assert saved.moves == [7, 3] and saved.level == 2 and saved.seed == session.setup.seed
    assert saved.clock is not None and saved.clock["control"] == "300+3"
    assert store.leaving(session.game, online=False).state == "saved"


def test_without_autosave_nothing_is_written_and_leaving_says_the_game_is_lost(output: Output) -> None:
    session = FakeSession()
    store, _clocks = store_over(session, output, EndedGames(), autosave=False)
    session.game.play(7)
    assert store.save_game() is None
    assert not store.saved and not storage.current_game_path().exists()
    assert store.leaving(session.game, online=False).state == "unsaved"


def test_a_game_that_ends_is_archived_its_saved_copy_forgotten_and_the_accounts_told(output: Output) -> None:
    session = FakeSession(Settings(opponent="human", white_name="Aigerim", black_name="Bolat"))
    ended = EndedGames()
    store, _clocks = store_over(session, output, ended)
    for pit in (7, 3, 5):
        session.game.play(pit)
    store.save_game()
    assert storage.current_game_path().exists()
    session.game.resign(WHITE)
    text = store.finish("White resigned.")
    [path] = archived()
    assert text == f"White resigned. The game is kept in the archive as {path.name}."
    assert "Aigerim" in path.name and "Bolat" in path.name
    record = read_record(path.read_text(encoding="utf-8"))
    assert record.game.moves == (7, 3, 5) and record.result == "0-1"
    assert not storage.current_game_path().exists()
    assert ended.ended == [(session.game, None)]
    assert store.leaving(session.game, online=False).state == "nothing"


def test_a_finished_game_nobody_kept_is_warned_about_once_until_it_is_saved(output: Output) -> None:
    session = FakeSession()
    ended = EndedGames()
    store, _clocks = store_over(session, output, ended, persist=False)
    session.game.play(7)
    session.game.resign(WHITE)
    assert store.finish("White resigned.") == "White resigned."
    assert archived() == [] and len(ended.ended) == 1  # told even when nothing is kept
    leaving = store.leaving(session.game, online=False)
    assert leaving.state == "unkept"
    assert store.warn_once(leaving) == "This finished game is not saved. Type save to keep it, or quit again to leave."
    assert store.warn_once(leaving) is None
    store.kept()
    assert store.leaving(session.game, online=False).state == "nothing"


def test_an_unfinished_game_replaced_is_archived_first_or_nothing_replaces_it(output: Output) -> None:
    session = FakeSession()
    store, _clocks = store_over(session, output, EndedGames())
    assert store.set_aside(session.game) == (None, None)  # no move: nothing to keep
    assert archived() == []
    session.game.play(7)
    kept, problem = store.set_aside(session.game)
    assert problem is None and kept is not None and [path.name for path in archived()] == [kept]
    for path in archived():
        path.unlink()
    storage.archive_dir().rmdir()
    storage.archive_dir().write_text("in the way", encoding="utf-8")  # the archive cannot be written
    kept, problem = store.set_aside(session.game)
    assert kept is None and problem is not None
    assert problem.startswith("The game in progress could not be kept in the archive (")
    assert problem.endswith("so it stays: no new game was started. Save it with save and a file name, or free the "
                            "folder, then try again.")


def test_a_game_that_ends_when_the_archive_cannot_be_written_stays_saved(output: Output) -> None:
    session = FakeSession()
    store, _clocks = store_over(session, output, EndedGames())
    session.game.play(7)
    session.game.resign(WHITE)
    store.save_game()
    storage.archive_dir().parent.mkdir(parents=True, exist_ok=True)
    storage.archive_dir().write_text("in the way", encoding="utf-8")
    text = store.finish("White resigned.")
    assert text.startswith("White resigned. It could not be kept in the archive (")
    assert text.endswith("it stays saved and will be archived at the next start.")
    saved, _problem = storage.load_current()
    assert saved is not None and saved.moves == [7]  # kept whole, to be archived at the next start
    assert store.leaving(session.game, online=False).state == "unkept"
