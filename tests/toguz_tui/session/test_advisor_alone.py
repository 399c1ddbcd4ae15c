"""``Advisor`` alone, over a fake session and a small real engine: hint, analyse and line say at once that the
answer is coming and say it when the engine has found it (unless the position looked at changed meanwhile);
refused when the game is over, the computer thinks, or the opponent allows no help; a failure said."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from rules import WHITE, Game, Position
from rules.engine import Engine
from rules.move import play_move
from tests.toguz_tui.session.fake_session import SEED, FakeSession, interrupts
from tests.waiting import until
from toguz_tui.files.settings import Settings
from toguz_tui.session.advisor import HINT_SECONDS, Advisor
from toguz_tui.session.opponent import Opponent, Refusable
from toguz_tui.session.opponents import Opponents
from toguz_tui.session.output.output import Output
from toguz_tui.session.thinker import EngineFactory, Thinker


def small_engine(level: int, seed: int | None = None, book: bool = True) -> Engine:
    """A real engine at the lowest level whatever is asked, reproducible: quick, and the same answer each run."""
    return Engine(1, seed=seed, book=book, reproducible=True)


@pytest.fixture
def thinker() -> Iterator[Thinker]:
    made = Thinker()
    yield made
    made.cancel()
    made.wait(10)


def advisor_over(session: FakeSession, output: Output, thinker: Thinker,
                 engines: EngineFactory = small_engine) -> Advisor:
    lock = threading.RLock()
    return Advisor(lock, output, thinker, session, Opponents(lock, thinker, output, session, engines), engines)


def test_a_hint_is_said_to_be_coming_then_names_the_engines_pit_after_what_is_said(output: Output,
                                                                                   thinker: Thinker) -> None:
    session = FakeSession(Settings(opponent="human"))
    reply = advisor_over(session, output, thinker).hint()
    assert reply.text == "Thinking about a hint."
    until(lambda: len(output.stream) == 2, 30, lambda: output.stream.texts)
    hint = output.stream.texts[-1]
    best = Engine(1, seed=SEED, reproducible=True).choose(Position.start(), time_limit=HINT_SECONDS).pit
    assert hint.startswith(f"Hint: play pit {best}. ")
    assert interrupts(output) == [True, False]  # the answer waits for what is being said


def test_an_analysis_names_every_legal_pit_and_is_kept_for_the_board(output: Output, thinker: Thinker) -> None:
    session = FakeSession(Settings(opponent="human"))
    advisor = advisor_over(session, output, thinker)
    assert advisor.analysis is None
    assert advisor.analyse().text == "Analysing every move."
    until(lambda: advisor.analysis is not None and len(output.stream) == 2, 30, lambda: output.stream.texts)
    assert advisor.analysis is not None
    position, found = advisor.analysis
    assert position == session.game.position
    assert sorted(pit for pit, *_rest in found) == position.legal_moves()
    said = output.stream.texts[-1]
    assert sorted(int(pit) for pit in re.findall(r"pit (\d+)", said)) == position.legal_moves()


def test_the_expected_line_is_made_of_moves_that_can_be_played(output: Output, thinker: Thinker) -> None:
    session = FakeSession(Settings(opponent="human"))
    assert advisor_over(session, output, thinker).expected_line().text == "Looking for the best line."
    until(lambda: len(output.stream) == 2, 30, lambda: output.stream.texts)
    line = output.stream.texts[-1]
    assert line.startswith("Expected line: ")
    position = session.game.position
    pits = [int(pit) for pit in re.findall(r"pit (\d+)", line)]
    assert pits
    for pit in pits:
        position, _report = play_move(position, pit)  # each move legal in turn


class Refusing(Opponent):
    """An opponent that allows no help from the engine (as a server's does), or that is thinking."""

    def __init__(self, refusal: str | None, thinking: bool) -> None:
        self.refusal = refusal
        self._thinking = thinking

    @property
    def thinking(self) -> bool:
        return self._thinking

    def refuses(self, what: Refusable) -> str | None:
        return self.refusal if what == "engine" else None


@pytest.mark.parametrize(("opponent", "game_over", "refusal"), [
    (Refusing("No engine help in a rated game.", False), False, "No engine help in a rated game."),
    (Refusing(None, True), False, "Wait: it is the computer's turn."),
    (Refusing(None, False), True, None),
])
def test_help_is_refused_at_once_and_no_search_starts(output: Output, thinker: Thinker, opponent: Opponent,
                                                      game_over: bool, refusal: str | None) -> None:
    game = Game()
    if game_over:
        game.resign(WHITE)
    session = FakeSession(Settings(opponent="computer", colour="black"), game=game)
    session.opponent = opponent
    reply = advisor_over(session, output, thinker).hint()
    assert reply.kind == "error"
    if refusal is not None:
        assert reply.text == refusal
    else:
        assert reply.text.startswith("The game is over")
    assert not thinker.busy
    assert output.stream.texts == [reply.text]


def test_an_answer_about_a_position_no_longer_looked_at_is_dropped(output: Output, thinker: Thinker) -> None:
    may_answer = threading.Event()

    class HeldEngine(Engine):
        """The small engine, holding its answer until the test lets it go."""

        def choose(self, *args: Any, **options: Any) -> Any:
            may_answer.wait(30)
            return super().choose(*args, **options)

    session = FakeSession(Settings(opponent="human"))
    advisor = advisor_over(session, output, thinker,
                           lambda level, seed=None, book=True: HeldEngine(1, seed=seed, reproducible=True))
    advisor.hint()
    session.game.play(7)  # the position looked at changed while the engine thought
    may_answer.set()
    thinker.wait(30)
    assert not thinker.busy
    assert output.stream.texts == ["Thinking about a hint."]


def test_an_engine_that_fails_is_said_through_the_opponents(output: Output, thinker: Thinker) -> None:

    class BrokenEngine(Engine):
        """An engine failing on every question."""

        def choose(self, *args: Any, **options: Any) -> Any:
            raise RuntimeError("no search today")

    session = FakeSession(Settings(opponent="human"))
    advisor_over(session, output, thinker, lambda level, seed=None, book=True: BrokenEngine(1, seed=seed)).hint()
    until(lambda: len(output.stream) == 2, 10, lambda: output.stream.texts)
    assert output.stream.said[-1].kind == "error"
    assert output.stream.texts[-1] == ("The computer could not think of a move: RuntimeError: no search today. "
                                       "Type undo or new to go on.")
