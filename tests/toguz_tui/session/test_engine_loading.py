"""The computer's search is loaded in the background as soon as a game against it is on the screen, so
that its first move is not late (and "The computer is thinking." is not said for the loading alone)."""

from __future__ import annotations

import threading

import pytest

from rules.engine import engine
from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, make_app, settle
from tests.toguz_tui.conftest import MakeSession
from toguz_tui.files import storage
from toguz_tui.session import preparation

__all__ = ["make_app"]  # a fixture


class FakeLoad:
    """Stands in for ``rules.engine.prepare``: counts the loads, in which thread, and may fail."""

    def __init__(self, problem: Exception | None = None) -> None:
        self.threads: list[str] = []
        self.problem = problem

    def __call__(self, family: str | None = None) -> None:
        self.threads.append(threading.current_thread().name)
        if self.problem is not None:
            raise self.problem


@pytest.fixture
def load(monkeypatch: pytest.MonkeyPatch) -> FakeLoad:
    """The compiled search kept in the cache, its loading faked, in a process that has not prepared it yet."""
    fake = FakeLoad()
    monkeypatch.delenv("TOGUZ_ENGINE", raising=False)
    monkeypatch.setattr(engine, "prepare", fake)
    monkeypatch.setattr(engine, "COMPILED_FAILED", [])
    monkeypatch.setattr(preparation, "ready", lambda _folder, _family: True)
    monkeypatch.setattr(preparation, "PREPARATION", preparation.Preparation())  # a fresh process
    return fake


def preparing() -> preparation.Preparation:
    return preparation.PREPARATION


def test_a_game_against_the_computer_loads_its_search_once_in_the_background(
        make_session: MakeSession, load: FakeLoad) -> None:
    session = make_session(opponent="computer", colour="white")
    session.opponents.ready_engine(session.opponent)
    session.start_game(session.setup)
    preparing().join(10)
    assert load.threads == ["toguz-engine-preparing"] * 2, "once a process (each family), off the player's thread"


def test_two_players_at_one_keyboard_load_no_search(make_session: MakeSession, load: FakeLoad) -> None:
    session = make_session(opponent="human")
    session.opponents.ready_engine(session.opponent)
    assert load.threads == [] and preparing().thread is None


def test_a_search_that_cannot_load_is_logged_and_the_player_hears_nothing_of_it(
        make_session: MakeSession, load: FakeLoad) -> None:
    load.problem = ImportError("numba is broken")
    session = make_session(opponent="computer", colour="white")
    preparing().join(10)
    assert "numba is broken" in (storage.data_dir() / "errors.log").read_text()
    assert not any("numba" in reply.text for reply in session.output.stream.said)


async def test_the_board_loads_the_search_once_it_is_on_the_screen(make_app: MakeApp, load: FakeLoad) -> None:
    app = make_app(opponent="computer")
    preparation.PREPARATION = preparation.Preparation()  # the session's own start loaded it: count the board's
    load.threads.clear()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        preparing().join(10)
        assert load.threads == ["toguz-engine-preparing"] * 2


def test_a_first_start_that_must_compile_the_search_says_so_once(
        make_session: MakeSession, load: FakeLoad, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(preparation, "ready", lambda _folder, _family: False)
    monkeypatch.setattr(preparation, "COMPILE_COMMAND", "import time; time.sleep(120)")  # compiles until killed
    session = make_session(opponent="computer", colour="white")
    session.opponents.ready_engine(session.opponent)
    session.start_game(session.setup)
    told = [reply.text for reply in session.output.stream.said if "fast search is being prepared" in reply.text]
    process = preparing().process
    try:
        assert told == ["The computer's fast search is being prepared, once, in the background: about a minute. "
                        "Until then the computer plays with its slower search."]
        assert {"toguz", "small"} == engine.WAITING and load.threads == []
    finally:
        assert process is not None
        process.kill()
        preparing().join(10)
        engine.WAITING.clear()
