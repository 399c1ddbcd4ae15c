"""Shared fixtures: a private data and config directory, and sessions with a recording speaker."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest

from rules import VariantKey
from speech.speakers import RecordingSpeaker
from toguz_tui.session import GameSession, Reply
from toguz_tui.settings import Settings
from toguz_tui.setup import GameSetup


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own, empty data and config directories."""
    monkeypatch.setenv("TOGUZ_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TOGUZ_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("NO_COLOR", "1")
    yield tmp_path


class RecordedSession(GameSession):
    """A session that keeps what it was notified of (the computer's moves, hints, clock warnings) in
    ``events``, for the tests to read."""

    events: list[Reply]


MakeSession = Callable[..., RecordedSession]


@pytest.fixture
def make_session() -> Iterator[MakeSession]:
    """Sessions with a recording speaker; closed at the end."""
    made: list[RecordedSession] = []

    def make(opponent: Literal["computer", "human"] = "human", level: int = 1, colour: str = "white",
             variant: VariantKey = "toguz", seed: int = 7, **settings: Any) -> RecordedSession:
        chosen = Settings(opponent=opponent, level=level, colour=colour, variant=variant, **settings)
        events: list[Reply] = []
        session = RecordedSession(chosen, RecordingSpeaker(), events.append)
        session.events = events
        session.start_game(GameSetup.from_settings(chosen, seed))
        made.append(session)
        return session

    yield make
    for session in made:
        session.close()


def recorder(session: GameSession) -> RecordingSpeaker:
    """The session's recording speaker."""
    speaker = session.speaker
    assert isinstance(speaker, RecordingSpeaker)
    return speaker


def spoken(session: GameSession) -> list[str]:
    """What the session's recording speaker was given."""
    return recorder(session).spoken


def toguz_command() -> list[str]:
    """The installed ``toguz`` command of this virtual environment."""
    import sys

    return [str(Path(sys.executable).with_name("toguz"))]


def environment(tmp_path: Path) -> dict[str, str]:
    """The environment for a ``toguz`` subprocess with private directories."""
    env = dict(os.environ)
    env["TOGUZ_DATA_DIR"] = str(tmp_path / "data")
    env["TOGUZ_CONFIG_DIR"] = str(tmp_path / "config")
    return env
