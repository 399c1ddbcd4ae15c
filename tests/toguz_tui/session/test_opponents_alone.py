"""``Opponents`` alone, over a fake session and a small real engine: the opponent a setup names, the computer's
move told to the session with the position it searched, "thinking" said when it thinks a while, a failure said
and logged."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from rules.engine import Engine
from tests.toguz_tui.session.fake_session import SEED, FakeSession, cues, interrupts
from tests.waiting import until
from toguz_tui.files.settings import Settings
from toguz_tui.session import opponents as opponents_module
from toguz_tui.session.opponent import Turn
from toguz_tui.session.opponents import Opponents
from toguz_tui.session.output.output import Output
from toguz_tui.session.thinker import Thinker

TIME_LIMIT = 1.0


def small_engine(level: int, seed: int | None = None, book: bool = True) -> Engine:
    """A real engine at the lowest level whatever is asked, reproducible: quick, and the same move each run."""
    return Engine(1, seed=seed, book=book, reproducible=True)


def turn_of(session: FakeSession) -> Turn:
    """The computer's turn in the session's game, at most ``TIME_LIMIT`` seconds."""
    return Turn.of(session.game, session.setup, lambda position, level: TIME_LIMIT)


@pytest.fixture
def thinker() -> Thinker:
    return Thinker()


def test_the_setup_names_the_opponent_and_the_computers_move_is_told_with_the_position_it_searched(
        output: Output, thinker: Thinker) -> None:
    session = FakeSession(Settings(opponent="computer", colour="black"))
    opponents = Opponents(threading.RLock(), thinker, output, session, small_engine)
    assert opponents.for_setup(FakeSession(Settings(opponent="human")).setup).kind == "person"
    computer = opponents.for_setup(session.setup)
    assert computer.kind == "computer" and computer.plays_itself
    searched = session.game.position  # White, the computer, to move
    computer.your_turn(turn_of(session))
    until(lambda: "opponent_moved" in session.events(), 30, lambda: session.told)
    seen, pit = session.last("opponent_moved").args
    assert seen == searched
    expected = Engine(1, seed=SEED, reproducible=True).choose(searched, time_limit=TIME_LIMIT).pit
    assert pit == expected and isinstance(pit, int) and pit in searched.legal_moves()
    assert session.game.moves == ()  # the part plays nothing itself: the session does
    opponents.wait(10)
    assert not any(reply.kind == "error" for reply in output.stream.said)


def test_a_computer_that_thinks_a_while_is_said_to_be_thinking_once_after_what_is_said(
        output: Output, thinker: Thinker, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opponents_module, "THINKING_SAID_AFTER", 0.05)
    may_move = threading.Event()

    class HeldEngine(Engine):
        """The small engine, holding its move until the test lets it go."""

        def choose(self, *args: Any, **options: Any) -> Any:
            may_move.wait(30)
            return super().choose(*args, **options)

    session = FakeSession(Settings(opponent="computer", colour="black"))
    opponents = Opponents(threading.RLock(), thinker, output, session,
                          lambda level, seed=None, book=True: HeldEngine(1, seed=seed, reproducible=True))
    opponents.for_setup(session.setup).your_turn(turn_of(session))
    until(lambda: output.stream.texts, 10, lambda: "the computer said to be thinking")
    assert output.stream.texts == ["The computer is thinking."]
    assert interrupts(output) == [False]
    assert session.told == []  # no move yet
    may_move.set()
    until(lambda: "opponent_moved" in session.events(), 30, lambda: session.told)
    assert output.stream.texts == ["The computer is thinking."]  # said once


def test_an_engine_that_fails_is_said_in_one_line_with_the_error_cue_and_logged(
        output: Output, thinker: Thinker, private_dirs: Path) -> None:

    class BrokenEngine(Engine):
        """An engine failing on every move."""

        def choose(self, *args: Any, **options: Any) -> Any:
            raise RuntimeError("search exploded")

    session = FakeSession(Settings(opponent="computer", colour="black"))
    opponents = Opponents(threading.RLock(), thinker, output, session,
                          lambda level, seed=None, book=True: BrokenEngine(1, seed=seed))
    opponents.for_setup(session.setup).your_turn(turn_of(session))
    until(lambda: output.stream.texts, 10, lambda: "the failure said")
    assert output.stream.said[-1].text == ("The computer could not think of a move: RuntimeError: search exploded. "
                                           "Type undo or new to go on.")
    assert output.stream.said[-1].kind == "error"
    assert cues(output) == ["illegal"]
    assert session.told == []
    assert "search exploded" in (private_dirs / "data" / "errors.log").read_text(encoding="utf-8")


def test_a_search_stopped_by_the_opponent_tells_nothing(output: Output, thinker: Thinker) -> None:
    stopping = threading.Event()

    class SlowEngine(Engine):
        """The small engine, waiting until it is told to stop."""

        def choose(self, *args: Any, **options: Any) -> Any:
            stopping.wait(30)
            return super().choose(*args, **options)

        def stop(self) -> None:
            stopping.set()
            super().stop()

    session = FakeSession(Settings(opponent="computer", colour="black"))
    opponents = Opponents(threading.RLock(), thinker, output, session,
                          lambda level, seed=None, book=True: SlowEngine(1, seed=seed, reproducible=True))
    computer = opponents.for_setup(session.setup)
    computer.your_turn(turn_of(session))
    until(lambda: computer.thinking, 10, lambda: "the computer thinking")
    computer.stop()
    opponents.wait(10)
    assert not computer.thinking
    assert session.told == []  # a search stopped is dropped: no move told
