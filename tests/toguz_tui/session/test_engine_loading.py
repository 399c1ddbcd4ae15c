"""The computer's search is loaded in the background as soon as a game against it is on the screen, so
that its first move is not late (and "The computer is thinking." is not said for the loading alone)."""

from __future__ import annotations

import threading

import pytest

from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, make_app, settle
from tests.toguz_tui.conftest import MakeSession
from toguz_tui.files import storage
from toguz_tui.session import thinker as thinking

__all__ = ["make_app"]  # a fixture


class FakeLoad:
    """Stands in for ``rules.engine.prepare``: counts the loads, in which thread, and may fail."""

    def __init__(self, problem: Exception | None = None) -> None:
        self.threads: list[str] = []
        self.problem = problem

    def __call__(self) -> None:
        self.threads.append(threading.current_thread().name)
        if self.problem is not None:
            raise self.problem


@pytest.fixture
def load(monkeypatch: pytest.MonkeyPatch) -> FakeLoad:
    fake = FakeLoad()
    monkeypatch.setattr(thinking, "prepare", fake)
    monkeypatch.setattr(thinking, "_preparing", [])  # a fresh process, as far as loading goes
    return fake


def test_a_game_against_the_computer_loads_its_search_once_in_the_background(
        make_session: MakeSession, load: FakeLoad) -> None:
    session = make_session(opponent="computer", colour="white")
    session.opponents.ready_engine(session.opponent)
    session.start_game(session.setup)
    thinking._preparing[0].join(10)
    assert load.threads == ["toguz-engine-loading"], "once a process, off the player's thread"


def test_two_players_at_one_keyboard_load_no_search(make_session: MakeSession, load: FakeLoad) -> None:
    session = make_session(opponent="human")
    session.opponents.ready_engine(session.opponent)
    assert load.threads == [] and thinking._preparing == []


def test_a_search_that_cannot_load_is_logged_and_the_player_hears_nothing_of_it(
        make_session: MakeSession, load: FakeLoad) -> None:
    load.problem = ImportError("numba is broken")
    session = make_session(opponent="computer", colour="white")
    thinking._preparing[0].join(10)
    assert "numba is broken" in (storage.data_dir() / "errors.log").read_text()
    assert not any("numba" in reply.text for reply in session.output.stream.said)


async def test_the_board_loads_the_search_once_it_is_on_the_screen(make_app: MakeApp, load: FakeLoad) -> None:
    app = make_app(opponent="computer")
    thinking._preparing.clear()  # the session's own start loaded it: count the board's call alone
    load.threads.clear()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        thinking._preparing[0].join(10)
        assert load.threads == ["toguz-engine-loading"]
