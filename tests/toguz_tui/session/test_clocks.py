"""Games on the clock, as a player meets them: with a fake time source (nothing sleeps), except the one
test of the thread that watches a real clock."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest

from rules import Position, Side, Termination, read_record
from rules.clock import TimeControl, read_clock_comment
from rules.engine import LEVELS, Engine
from rules.engine.time_use import thinking_time
from speech.voices import RecordingSpeaker
from tests.fakes import FakeTime
from tests.toguz_tui.conftest import Heard
from toguz_tui.commands.table import run_line
from toguz_tui.files import storage
from toguz_tui.files.settings import Settings
from toguz_tui.session.clocks import ClockWatch
from toguz_tui.session.facade import GameSession
from toguz_tui.session.game_clock import GameClock
from toguz_tui.session.setup import GameSetup


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


MakeClocked = Callable[..., GameSession]


@pytest.fixture
def clocked(fake_time: FakeTime) -> Iterator[MakeClocked]:
    """Sessions on the clock with the fake time and no watcher thread (the tests call tick)."""
    made: list[GameSession] = []

    def make(clock: str = "5+3", opponent: Literal["computer", "human"] = "human", **settings: Any) -> GameSession:
        chosen = Settings(opponent=opponent, clock=clock, **settings)
        session = GameSession(chosen, RecordingSpeaker(), now=fake_time, watch=False)
        session.start_game(GameSetup.from_settings(chosen, 11))
        made.append(session)
        return session

    yield make
    for session in made:
        session.close()


def say(session: GameSession, line: str) -> str:
    reply = run_line(session, line)
    assert reply is not None
    return reply.text


def heard(session: GameSession) -> list[str]:
    speaker = session.output.voice.speaker
    assert isinstance(speaker, RecordingSpeaker)
    return speaker.spoken


def test_a_new_game_says_its_clocks_and_c_reads_both(clocked: MakeClocked) -> None:
    session = clocked("15+10")
    assert "Clocks: 15 minutes each plus 10 seconds a move; they start with White's first move." in heard(session)[-1]
    assert say(session, "c") == "White: 15 minutes. Black: 15 minutes."
    assert say(session, "clock") == say(session, "time")


def test_only_the_side_to_move_spends_time_and_each_move_earns_the_increment(clocked: MakeClocked,
                                                                            fake_time: FakeTime) -> None:
    session = clocked("5+3")
    fake_time.advance(40)  # White thinks over the first move: it is not timed
    say(session, "7")
    fake_time.advance(30.5)
    assert say(session, "c") == "White: 5 minutes. Black: 4 minutes 29, running."
    say(session, "5")
    assert session.clocks.clock is not None
    white, black = session.clocks.clock.times()
    assert white == 300 and black == pytest.approx(272.5)
    fake_time.advance(62)
    say(session, "1")
    assert session.clocks.clock.times() == pytest.approx((241, 272.5))


def test_against_the_computer_c_names_you_first(clocked: MakeClocked, fake_time: FakeTime) -> None:
    session = clocked("20", opponent="computer", colour="black", level=1)
    session.opponents.wait()
    fake_time.advance(75)
    assert say(session, "c") == "You: 18 minutes 45, running. The computer: 20 minutes."


def test_each_warning_is_said_once_at_its_threshold_never_over_a_move(clocked: MakeClocked,
                                                                      fake_time: FakeTime) -> None:
    session = clocked("6")
    say(session, "7")  # Black's clock runs: 360 seconds
    warnings: list[str] = []
    for _second in range(400):
        fake_time.advance(1)
        before = len(session.output.stream.said)
        session.clocks.tick()
        warnings.extend(reply.text for reply in session.output.stream.said[before:])
        if session.game.is_over:
            break
    assert warnings[:4] == ["Black: 5 minutes left.", "Black: 1 minute left.", "Black: 30 seconds left.",
                            "Black: 10 seconds left."]
    assert warnings[4].startswith("Game over: Black's time is up. White wins")
    assert len(warnings) == 5
    speaker = session.output.voice.speaker
    assert isinstance(speaker, RecordingSpeaker)
    said = [text for text, interrupt in zip(speaker.spoken, speaker.interrupts, strict=True) if "left." in text]
    assert len(said) == 4
    assert not any(interrupt for text, interrupt in zip(speaker.spoken, speaker.interrupts, strict=True)
                   if "left." in text), "a warning waits for what is being said"


def test_a_wait_across_two_thresholds_says_the_lower_one_only(clocked: MakeClocked, fake_time: FakeTime) -> None:
    session = clocked("6")
    say(session, "7")
    heard = Heard(session)
    fake_time.advance(330)  # 30 seconds left: past 5 minutes, 1 minute and 30 seconds at once
    session.clocks.tick()
    session.clocks.tick()
    texts = [reply.text for reply in heard]
    assert texts == ["Black: 30 seconds left."]


def test_the_computers_clock_is_never_warned_about(clocked: MakeClocked, fake_time: FakeTime) -> None:
    session = clocked("6", opponent="computer", colour="white", level=1)
    assert session.clocks.clock is not None
    session.clocks.warn_at((300.0,))
    say(session, "7")
    session.opponents.wait()
    assert not any("left." in reply.text for reply in session.output.stream.said)


def test_a_flag_fall_ends_the_game_and_the_record_keeps_the_clocks(clocked: MakeClocked, fake_time: FakeTime,
                                                                   private_dirs: Path) -> None:
    session = clocked("1+2")
    for pit, seconds in ((7, 5), (5, 4), (1, 7), (3, 80)):
        fake_time.advance(seconds)
        if pit == 3:
            break
        say(session, str(pit))
    # Black thinks 80 seconds with 60 + 2 left: the flag falls, even before the watcher has looked.
    text = say(session, "3")
    assert text.startswith("Game over: Black's time is up. White wins")
    outcome = session.game.outcome
    assert outcome is not None and outcome.reason is Termination.TIME and outcome.winner is Side.WHITE
    assert say(session, "3").startswith("The game is over")
    archived = sorted((private_dirs / "data" / "games").glob("*.pgn"))
    assert len(archived) == 1
    text = archived[0].read_text(encoding="utf-8")
    assert '[TimeControl "60+2"]' in text
    assert '[Termination "time forfeit"]' in text
    record = read_record(text)
    assert record.result == "1-0"
    assert record.moves == (7, 5, 1)
    clocks = [read_clock_comment(comment) for _after, comment in record.move_comments]
    assert "2. 11 {[%clk 0:00:55]} 1-0" in " ".join(text.split()), "the last move's clock before the result"
    assert clocks == [60, 58, 55]  # White's first move untimed; then 60 - 4 + 2 and 60 - 7 + 2
    assert record.write() == text, "reading a record keeps its clocks, writing it gives the same text"


def test_paused_clocks_stop_refuse_moves_and_resume(clocked: MakeClocked, fake_time: FakeTime) -> None:
    session = clocked("5")
    say(session, "7")
    fake_time.advance(10)
    assert say(session, "z").startswith("Clocks paused. Press z or type resume to go on. White: 5 minutes. "
                                        "Black: 4 minutes 50.")
    fake_time.advance(500)
    session.clocks.tick()
    assert not session.game.is_over
    assert say(session, "5") == "The clocks are paused: press z or type resume first."
    assert say(session, "resume").startswith("Clocks running again. White: 5 minutes. Black: 4 minutes 50, running.")
    assert say(session, "resume") == "The clocks are not paused."
    say(session, "5")
    assert session.game.moves == (7, 5)


def test_a_game_with_clocks_is_saved_with_them_and_comes_back_paused(clocked: MakeClocked,
                                                                     fake_time: FakeTime) -> None:
    session = clocked("5+3")
    say(session, "7")
    fake_time.advance(20)
    say(session, "5")
    fake_time.advance(45)  # White thinks, then leaves: the time used is kept
    session.close()
    saved, problem = storage.load_current()
    assert problem is None and saved is not None and saved.clock is not None
    again = GameSession(Settings(opponent="human"), RecordingSpeaker(), now=fake_time, watch=False)
    again.restore(saved)
    reply = again.resume()
    assert "White: 4 minutes 15. Black: 4 minutes 43. The clocks are paused until" in reply.text
    assert reply.text.endswith("The clocks are paused until you press z or type resume.")
    fake_time.advance(1000)
    again.clocks.tick()
    assert not again.game.is_over
    assert say(again, "3") == "The clocks are paused: press z or type resume first."
    say(again, "z")
    fake_time.advance(5)
    assert say(again, "c") == "White: 4 minutes 10, running. Black: 4 minutes 43."
    again.close()


def test_undo_puts_the_clocks_back_and_says_so(clocked: MakeClocked, fake_time: FakeTime) -> None:
    session = clocked("5+3")
    say(session, "7")
    fake_time.advance(20)
    say(session, "5")
    fake_time.advance(50)
    say(session, "1")
    fake_time.advance(9)
    text = say(session, "undo")
    assert "Clocks put back: White: 5 minutes, running. Black: 4 minutes 43." in text
    assert say(session, "c") == "White: 5 minutes, running. Black: 4 minutes 43."


def test_the_computer_shares_out_its_time_and_never_loses_on_time_at_one_minute(fake_time: FakeTime) -> None:
    """A whole game at 1+0 where the computer uses every second it gives itself (the worst case) and a
    little more to move; the person plays at once. It must never run out."""
    settings = Settings(opponent="computer", colour="white", level=8, clock="1")
    session = GameSession(settings, RecordingSpeaker(), now=fake_time, watch=False)
    budgets: list[float] = []
    positions: list[Position] = []

    def think(position: Any, engine: Any, time_limit: float | None, on_result: Callable[[Any], None],
              on_error: Callable[[Exception], None], search: Any = None) -> None:
        assert time_limit is not None
        budgets.append(time_limit)
        positions.append(position)
        fake_time.advance(time_limit + 0.025)  # its whole budget, and 25 ms to play (measured: under 12)
        on_result(engine.choose(position, depth=2))

    session.thinker.start = think  # type: ignore[method-assign]
    session.start_game(GameSetup.from_settings(settings, 5))
    person = Engine(level=4, seed=2)  # a person as strong as the computer at depth 2: a long game
    lowest = 60.0
    while not session.game.is_over:
        fake_time.advance(0.3)
        session.play(person.choose(session.game.position, depth=2).pit)
        session.clocks.tick()
        assert session.clocks.clock is not None
        lowest = min(lowest, session.clocks.clock.clock.remaining(Side.BLACK))
    outcome = session.game.outcome
    assert outcome is not None and outcome.reason is not Termination.TIME
    assert len(budgets) > 30, "a long game: more than 30 moves of the computer's (it starves the person since issue 27)"
    assert lowest > 1.0
    first = positions[0]
    assert budgets[0] == pytest.approx(thinking_time(60.0, 0.0, sum(first.board), 162, len(first.legal_moves()),
                                                     LEVELS[7])), "its share of its time (time_use)"
    session.close()


def test_new_and_set_choose_the_clock_and_say_what_is_wrong(clocked: MakeClocked) -> None:
    session = clocked("none")
    assert say(session, "c").startswith("This game has no clock.")
    assert say(session, "z") == "There is no running clock to pause."
    text = say(session, "new clock 15+10 human")
    assert session.setup.clock == TimeControl(900, 10)
    assert "15 minutes each plus 10 seconds a move" in text
    assert say(session, "new clock 1000") == ("A clock is from 0.1 to 600 minutes with an increment of at most "
                                             "600 seconds, not 1000.")
    assert say(session, "new clock soon").startswith("A clock is minutes and an increment in seconds")
    assert session.setup.clock == TimeControl(900, 10)
    say(session, "new clock none")
    assert session.clocks.clock is None
    assert say(session, "set clock 5+3").startswith("Clock is now 5 minutes each plus 3 seconds a move.")
    assert say(session, "set clock banana").startswith("A clock is minutes and an increment")
    assert say(session, "set clock_warnings 2m 30s").startswith("Clock warning list is now 2m 30s.")
    assert say(session, "set clock_warnings soon").startswith("Clock warnings must be times")


def test_the_watcher_thread_says_a_real_flag_fall_on_time() -> None:
    clocks = GameClock(TimeControl(0.3), time.monotonic)
    fallen: list[float] = []
    started = time.monotonic()

    def tick() -> None:
        if clocks.flagged() is not None and not fallen:
            fallen.append(time.monotonic() - started)

    watch = ClockWatch(tick, lambda: None if fallen else clocks.next_event_in((Side.WHITE,)))
    clocks.moved(Side.BLACK, False)  # White's clock runs
    watch.poke()
    deadline = time.monotonic() + 3
    while not fallen and time.monotonic() < deadline:
        time.sleep(0.02)
    watch.close()
    assert fallen, "the watcher saw the flag fall"
    assert 0.3 <= fallen[0] < 1.0


def test_a_reviewed_record_says_its_clocks_move_by_move(clocked: MakeClocked, fake_time: FakeTime,
                                                        private_dirs: Path) -> None:
    session = clocked("1+2")
    for pit, seconds in ((7, 5), (5, 4), (1, 7)):
        fake_time.advance(seconds)
        say(session, str(pit))
    fake_time.advance(100)
    session.clocks.tick()  # Black's flag falls
    archived = next((private_dirs / "data" / "games").glob("*.pgn"))
    reader = clocked("none")
    say(reader, f'open "{archived}"')
    reader.opponents.wait()
    assert say(reader, "c") == "White: 1 minute. Black: 1 minute."
    say(reader, "forward 2")
    assert say(reader, "c") == "White: 1 minute. Black: 58 seconds."
    say(reader, "forward")
    assert say(reader, "c") == "White: 55 seconds. Black: 58 seconds."
    plain = private_dirs / "plain.pgn"
    plain.write_text('[Event "x"]\n\n1. 76 55 *\n', encoding="utf-8")
    say(reader, f'open "{plain}"')
    reader.opponents.wait()
    assert say(reader, "c") == "This record keeps no clock times."


def test_the_line_mode_plays_on_the_clock_and_keeps_it_for_the_next_start(tmp_path: Path) -> None:
    import subprocess

    from tests.toguz_tui.conftest import environment, toguz_command

    def toguz(*args: str, lines: str) -> list[str]:
        done = subprocess.run([*toguz_command(), "play", "--line", "--speech", "off", *args], input=lines,
                              capture_output=True, text=True, timeout=120, env=environment(tmp_path))
        assert done.stderr == ""
        return done.stdout.splitlines()

    first = toguz("--opponent", "human", "--clock", "5+3", "--new", lines="c\n7\nz\n5\nresume\n5\nquit\n")
    assert first[0].endswith("Clocks: 5 minutes each plus 3 seconds a move; they start with White's first move. "
                             "Move 1: White's turn.")
    assert first[1] == "White: 5 minutes. Black: 5 minutes."
    assert first[3].startswith("Clocks paused. Press z or type resume to go on. White: 5 minutes. Black: 4 minutes 5")
    assert first[4] == "The clocks are paused: press z or type resume first."
    assert first[5].startswith("Clocks running again.")
    assert first[6].startswith("Black sows 10 stones from pit 5")
    again = toguz(lines="clock\nquit\n")
    assert "The clocks are paused until you press z or type resume." in again[0]
    assert again[1].startswith("White: 4 minutes 5") and again[1].endswith(". The clocks are paused.")
    assert "Black: 5 minutes" in again[1], "Black's move earned its increment"
    bad = subprocess.run([*toguz_command(), "--line", "--clock", "fast"], capture_output=True, text=True,
                         timeout=60, env=environment(tmp_path))
    assert bad.returncode == 2
    assert "a clock is minutes and an increment in seconds, such as 20, 15+10 or 5+3" in bad.stderr
    assert "Traceback" not in bad.stderr


@pytest.mark.parametrize(("clock", "why"), [
    ({"control": "fast"}, "the clocks are not described as toguz describes them"),
    ({"control": "300", "times": [300, 1e12], "after": [[300, 300]], "warnings": [], "warned": []},
     "the clocks are not times"),
    ({"control": "300", "times": [300, 300], "after": [[1, 2]] * 5, "warnings": [], "warned": []},
     "the clocks are not described as toguz describes them"),
    ({"control": "300", "times": [300, "300"], "after": [[300, 300]], "warnings": [], "warned": []},
     "the clocks are not times"),
])
def test_a_saved_game_with_broken_clocks_is_refused_with_the_reason(clock: dict[str, Any], why: str) -> None:
    text = storage.SavedGame("9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1",
                             {"name": "Toguz Kumalak", "pits": 9, "stones": 9, "tuzdyks": True, "no_move": "collect",
                              "stop_at_majority": True, "unrestricted_tuzdyk": False},
                             [7], "human", 3, "white", 5, clock=clock).to_json()
    with pytest.raises(ValueError, match=why):
        storage.SavedGame.from_json(text)


def test_a_computer_move_that_comes_during_a_pause_waits_for_the_resume(clocked: MakeClocked,
                                                                         fake_time: FakeTime) -> None:
    session = clocked("5", opponent="computer", colour="white", level=3)
    answers: list[Callable[[Any], None]] = []

    def think(position: Any, engine: Any, time_limit: float | None, on_result: Callable[[Any], None],
              on_error: Callable[[Exception], None], search: Any = None) -> None:
        answers.append(lambda _found: on_result(engine.choose(position, depth=1)))

    session.thinker.start = think  # type: ignore[method-assign]
    say(session, "7")
    say(session, "z")
    answers[0](None)  # the answer that was already on its way when the clocks stopped
    assert session.game.moves == (7,)
    fake_time.advance(100)
    assert session.clocks.clock is not None and session.clocks.clock.times() == (300, 300)
    say(session, "resume")
    answers[-1](None)
    assert len(session.game.moves) == 2
    assert session.clocks.clock.running is Side.WHITE


def test_questions_to_the_engine_wait_while_the_computer_thinks_even_in_a_review(clocked: MakeClocked,
                                                                                  private_dirs: Path) -> None:
    session = clocked("5", opponent="computer", colour="white", level=3)
    session.thinker.start = lambda *args, **kwargs: None  # type: ignore[method-assign]
    session.thinker._thread = _Alive()  # type: ignore[assignment]
    say(session, "7")
    record = private_dirs / "one.pgn"
    record.write_text('[Event "x"]\n\n1. 76 55 *\n', encoding="utf-8")
    say(session, f'open "{record}"')
    session.opponents.wait = lambda timeout=60.0: None  # type: ignore[method-assign]
    assert say(session, "hint") == "Wait: it is the computer's turn."


class _Alive:
    """A thread that is always running (the computer thinking, as far as the session can tell)."""

    def is_alive(self) -> bool:
        return True

    def join(self, timeout: float | None = None) -> None:
        return None


def test_a_warning_in_a_review_still_speaks_to_you(clocked: MakeClocked, fake_time: FakeTime,
                                                   private_dirs: Path) -> None:
    session = clocked("1", opponent="computer", colour="black", level=1)
    session.opponents.wait()
    record = private_dirs / "one.pgn"
    record.write_text('[Event "x"]\n\n1. 76 55 *\n', encoding="utf-8")
    say(session, f'open "{record}"')
    session.opponents.wait()
    fake_time.advance(30.5)
    session.clocks.tick()
    assert session.output.stream.said[-1].text == "30 seconds left."


def test_a_clock_set_during_a_game_is_the_next_new_games(clocked: MakeClocked) -> None:
    """``set clock`` says new games get it: a plain ``new`` (as the game before) then takes it, and the
    ``new`` after that keeps it; a clock word of ``new`` itself wins over it."""
    session = clocked("none")
    assert session.setup.clock is None
    say(session, "set clock 5+3")
    assert session.setup.clock is None  # this game keeps its own (none)
    say(session, "new")
    assert session.setup.clock == TimeControl(300, 3)
    assert "5 minutes" in say(session, "time")
    say(session, "new")
    assert session.setup.clock == TimeControl(300, 3)
    say(session, "set clock 10")
    say(session, "new clock 1")
    assert session.setup.clock == TimeControl(60, 0)
    say(session, "set clock none")
    say(session, "new")
    assert session.setup.clock is None
    say(session, "set clock 3+2")
    say(session, "set clock wrong")  # refused: the clock set before stays the next game's
    say(session, "new")
    assert session.setup.clock == TimeControl(180, 2)


def test_clock_words_take_spaces_and_settings_say_when_they_apply(clocked: MakeClocked, fake_time: FakeTime) -> None:
    session = clocked("6")
    say(session, "new clock 15 + 10 human")
    assert session.setup.clock == TimeControl(900, 10)
    say(session, "7")
    assert say(session, "set clock 5").endswith("New games get it; this game keeps its own clock.")
    assert session.setup.clock == TimeControl(900, 10)
    say(session, "set clock_warnings 14m")
    fake_time.advance(60.5)
    session.clocks.tick()
    assert session.output.stream.said[-1].text == "Black: 14 minutes left."
