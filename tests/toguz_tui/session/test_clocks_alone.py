"""``Clocks`` alone, over a fake session and a fake time (no watcher thread: the tests call ``tick``): a warning
is said once with the low-time cue, only for a person's clock; a flag that falls is told to the session; a pause
stops everything; a saved game's clocks come back paused."""

from __future__ import annotations

import threading

from rules import Side, Termination
from rules.clock import TimeControl
from rules.engine import LEVELS
from tests.fakes import FakeTime
from tests.toguz_tui.session.fake_session import FakeSession, cues, interrupts, spoken
from toguz_tui.files.settings import Settings
from toguz_tui.session.clocks import Clocks
from toguz_tui.session.output.output import Output


def clocked(output: Output, opponent: str = "human", minutes: float = 1.0) -> tuple[Clocks, FakeSession, FakeTime]:
    """Clocks of ``minutes`` each, warning at 30 seconds, over a game whose White has played pit 7 (its first move
    costs no time; Black's clock runs)."""
    session = FakeSession(Settings(opponent="human" if opponent == "human" else "computer"))
    time = FakeTime()
    clocks = Clocks(threading.RLock(), time, False, session, output, (30.0,))
    clocks.start(TimeControl(minutes * 60))
    time.advance(2)
    clocks.moved(session.game.play(7))
    return clocks, session, time


def test_a_persons_warning_is_said_once_after_what_is_being_said_with_the_low_time_cue(output: Output) -> None:
    clocks, session, time = clocked(output)
    assert clocks.clock is not None and clocks.clock.running is Side.BLACK
    time.advance(20)
    clocks.tick()
    assert output.stream.texts == []  # 40 seconds left: nothing yet
    time.advance(10.5)  # 29.5 seconds left
    clocks.tick()
    clocks.tick()
    assert output.stream.texts == ["Black: 30 seconds left."]
    assert interrupts(output) == [False]  # never over a move
    assert cues(output) == ["low-time"]
    assert session.told == []


def test_a_flag_that_falls_is_told_to_the_session_which_ends_the_game(output: Output) -> None:
    clocks, session, time = clocked(output)
    time.advance(61)
    clocks.tick()
    ended = session.last("game_ended")
    outcome, flagged = ended.args
    assert flagged is Side.BLACK
    assert session.game.outcome == outcome
    assert session.game.outcome is not None and session.game.outcome.reason is Termination.TIME
    assert session.game.outcome.winner is Side.WHITE
    assert clocks.clock is not None and clocks.clock.running is None  # stopped
    clocks.tick()
    assert session.events() == ["game_ended"]  # told once
    assert clocks.fallen() is None  # the game is over


def test_the_computers_clock_is_never_warned_about_but_its_flag_falls(output: Output) -> None:
    clocks, session, time = clocked(output, opponent="computer")
    assert session.setup.human is Side.WHITE
    time.advance(45)
    clocks.tick()
    assert output.stream.texts == [] and spoken(output) == [] and cues(output) == []
    time.advance(20)
    reply = clocks.fallen()
    assert reply is not None and reply.kind == "end"
    assert session.last("game_ended").args[1] is Side.BLACK


def test_paused_clocks_neither_warn_nor_fall_until_resumed(output: Output) -> None:
    clocks, session, time = clocked(output)
    clocks.pause()
    assert clocks.paused
    time.advance(1000)
    clocks.tick()
    assert clocks.fallen() is None
    assert session.told == [] and output.stream.texts == [] and not session.game.is_over
    clocks.resume(session.game.position.to_move, len(session.game.moves))
    assert not clocks.paused
    time.advance(61)
    clocks.tick()
    assert session.events() == ["game_ended"]


def test_a_saved_games_clocks_come_back_paused_as_they_stood(output: Output) -> None:
    clocks, session, time = clocked(output, minutes=5)
    time.advance(40)
    assert clocks.clock is not None
    saved = clocks.clock.to_saved()
    again = Clocks(threading.RLock(), time, False, session, output, (30.0,))
    again.restore(saved)
    assert again.paused and again.clock is not None
    assert again.clock.times() == (300.0, 260.0)
    time.advance(1000)
    assert again.clock.times() == (300.0, 260.0)  # paused: no time goes by
    assert again.words(output.announcer) == "White: 5 minutes. Black: 4 minutes 20. The clocks are paused."


def test_the_computers_budget_is_its_levels_limit_without_a_clock_and_a_share_with_one(output: Output) -> None:
    session = FakeSession()
    clocks = Clocks(threading.RLock(), FakeTime(), False, session, output)
    level = LEVELS[2]
    assert clocks.budget(session.game.position, level) == level.time_limit
    clocks.start(TimeControl(60.0))
    assert 0 < clocks.budget(session.game.position, level) <= 15.0  # never more than a quarter of what it has
