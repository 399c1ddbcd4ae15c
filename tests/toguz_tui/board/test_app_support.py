"""Helpers for the Pilot tests of the board: an app on an injected session with a recording speaker."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from textual.pilot import Pilot

from rules import Position, Side
from speech.voices import RecordingSpeaker
from tests.toguz_tui.conftest import MakeSession
from toguz_tui.board.app import ToguzApp
from toguz_tui.board.screens.game_screen import GameScreen
from toguz_tui.session.facade import GameSession

SIZE = (80, 24)
MakeApp = Callable[..., ToguzApp]


@pytest.fixture
def make_app(make_session: MakeSession) -> Iterator[MakeApp]:
    """Apps on fresh sessions: ``make_app(opponent="human", fen=None, resumed=False, **settings)``."""

    def make(opponent: str = "human", fen: str | None = None, resumed: bool = False,
             **settings: object) -> ToguzApp:
        session = make_session(opponent=opponent, **settings)
        if fen is not None:
            session.start_game(session.setup, Position.from_fen(fen))
        return ToguzApp(session, resumed=resumed)

    yield make


def screen_of(app: ToguzApp) -> GameScreen:
    """The board screen."""
    return app.game_screen


def said(app: ToguzApp) -> list[str]:
    """What the recording speaker was given."""
    speaker = app.session.output.voice.speaker
    assert isinstance(speaker, RecordingSpeaker)
    return speaker.spoken


class FocusedPit:
    """The side and number of the pit the board screen has the focus on."""

    def __init__(self, app: ToguzApp) -> None:
        assert app.screen is app.game_screen, app.screen
        self.side: Side = app.game_screen.pit_focus[0]
        self.number: int = app.game_screen.pit_focus[1]


def focused_pit(app: ToguzApp) -> FocusedPit:
    """The focused pit (fails when a dialog is open)."""
    return FocusedPit(app)


def session_of(app: ToguzApp) -> GameSession:
    """The app's session."""
    return app.session


async def settle(pilot: Pilot[int], app: ToguzApp, timeout: float = 30.0) -> None:
    """Wait for the computer (if thinking) and for the screen to show its move."""
    app.session.opponents.wait(timeout)
    await pilot.pause()
    await pilot.pause()


async def written(pilot: Pilot[int], app: ToguzApp, timeout: float = 30.0) -> None:
    """Wait until the active screen's speech area has written its message (after the blank frame) and the
    board has followed it, on a busy machine too: a fixed pause may end before their timers have run."""
    deadline = time.monotonic() + timeout
    await pilot.pause()
    while (getattr(getattr(app.screen, "speech", None), "waiting", False)
           or getattr(app.screen, "board_timer", None) is not None):
        assert time.monotonic() < deadline, f"the message was not written within {timeout} s"
        await pilot.pause(0.02)
    await pilot.pause()


def test_the_support_module_builds_an_app(make_app: MakeApp) -> None:
    """The fixture gives an app with a recording speaker."""
    app = make_app()
    assert isinstance(app.session.output.voice.speaker, RecordingSpeaker)
