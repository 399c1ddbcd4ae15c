"""Shared fixtures: a private data and config directory, and sessions with a recording speaker."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal, overload

import pytest

from rules import VariantKey
from rules.engine import Engine
from speech.voices import RecordingSpeaker
from toguz_tui.files.settings import Settings
from toguz_tui.session.facade import GameSession
from toguz_tui.session.mode import Reviewing, Training
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.records.review import Review
from toguz_tui.session.setup import GameSetup
from toguz_tui.session.thinker import EngineFactory
from toguz_tui.training.coach import Coach


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own, empty data and config directories."""
    monkeypatch.setenv("TOGUZ_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TOGUZ_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("NO_COLOR", "1")
    yield tmp_path


MakeSession = Callable[..., GameSession]


@pytest.fixture
def make_session() -> Iterator[MakeSession]:
    """Sessions with a recording speaker (``engines``: the engine factory, ``rules.engine.Engine`` unless a test
    gives its own); closed at the end."""
    made: list[GameSession] = []

    def make(opponent: Literal["computer", "human"] = "human", level: int = 1, colour: str = "white",
             variant: VariantKey = "toguz", seed: int = 7, engines: EngineFactory = Engine,
             **settings: Any) -> GameSession:
        chosen = Settings(opponent=opponent, level=level, colour=colour, variant=variant, **settings)
        session = GameSession(chosen, RecordingSpeaker(), engines=engines)
        session.start_game(GameSetup.from_settings(chosen, seed))
        made.append(session)
        return session

    yield make
    for session in made:
        session.close()


def recorder(session: GameSession) -> RecordingSpeaker:
    """The session's recording speaker."""
    speaker = session.output.voice.speaker
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


def reviewing(session: GameSession) -> Review | None:
    """The review open in ``session``, or None when the player is not reviewing."""
    mode = session.view.mode
    return mode.review if isinstance(mode, Reviewing) else None


def training(session: GameSession) -> Coach | None:
    """The lesson or puzzle open in ``session``, or None when the player is not training."""
    mode = session.view.mode
    return mode.coach if isinstance(mode, Training) else None


class Heard(Sequence[Reply]):
    """What a session says from now on: the announcements added to its stream after this was made (or
    after the last ``clear``)."""

    def __init__(self, session: GameSession) -> None:
        self.stream = session.output.stream
        self.start = len(self.stream)

    def replies(self) -> list[Reply]:
        """The announcements heard so far."""
        return self.stream.since(self.start)

    def clear(self) -> None:
        """Forget what was heard so far."""
        self.start = len(self.stream)

    def __len__(self) -> int:
        return len(self.replies())

    @overload
    def __getitem__(self, index: int) -> Reply: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Reply]: ...

    def __getitem__(self, index: int | slice) -> Reply | Sequence[Reply]:
        return self.replies()[index]

    def __eq__(self, other: object) -> bool:
        return self.replies() == other

    __hash__ = None  # type: ignore[assignment]
