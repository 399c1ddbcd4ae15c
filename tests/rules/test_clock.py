"""Time controls and the two-sided clock, with a fake time source (nothing sleeps)."""

from __future__ import annotations

import pytest

from rules import Side
from rules.clock import (
    Clock,
    ClockError,
    TimeControl,
    clock_comment,
    parse_warnings,
    read_clock_comment,
    warnings_text,
)
from tests.fakes import FakeTime


@pytest.mark.parametrize(("typed", "initial", "increment", "pgn"), [
    ("60", 3600, 0, "3600"), ("20", 1200, 0, "1200"), ("15+10", 900, 10, "900+10"), ("5+3", 300, 3, "300+3"),
    (" 1 + 0 ", 60, 0, "60"), ("0.5", 30, 0, "30"),
])
def test_a_time_control_is_read_as_a_player_types_it(typed: str, initial: float, increment: float, pgn: str) -> None:
    control = TimeControl.parse(typed)
    assert (control.initial, control.increment) == (initial, increment)
    assert control.pgn == pgn
    assert TimeControl.from_pgn(pgn) == control
    assert TimeControl.parse(control.typed) == control


@pytest.mark.parametrize(("typed", "reason"), [
    ("", "form"), ("fast", "form"), ("5+", "form"), ("-5", "form"), ("5+3+1", "form"), ("0", "range"),
    ("601", "range"), ("5+601", "range"), ("9" * 30, "form"),
])
def test_a_time_control_that_cannot_be_read_says_why(typed: str, reason: str) -> None:
    with pytest.raises(ClockError) as caught:
        TimeControl.parse(typed)
    assert caught.value.reason == reason


def test_a_records_time_control_in_other_forms_is_not_a_clock() -> None:
    assert TimeControl.from_pgn("-") is None
    assert TimeControl.from_pgn("40/7200") is None
    assert TimeControl.from_pgn("0") is None
    assert TimeControl.from_pgn("300") == TimeControl(300.0)


def test_warnings_are_typed_in_minutes_or_seconds() -> None:
    assert parse_warnings("5m 1m 30s 10") == (300, 60, 30, 10)
    assert parse_warnings("10, 2min,10s") == (120, 10)
    assert parse_warnings("none") == ()
    assert warnings_text((300, 60, 30, 10)) == "5m 1m 30s 10s"
    for bad in ("soon", "0s", "5h", ",".join(str(n) for n in range(1, 12))):
        with pytest.raises(ClockError):
            parse_warnings(bad)


def test_only_the_side_to_move_uses_time_and_the_increment_comes_after_the_move() -> None:
    time = FakeTime()
    clock = Clock(TimeControl.parse("5+3"), time)
    time.advance(20)  # nothing runs before White's first move
    assert clock.times == (300, 300)
    clock.press(Side.WHITE)  # White's first move: not timed, no increment
    assert clock.running is Side.BLACK
    time.advance(12.5)
    assert clock.times == (300, 287.5)
    clock.press(Side.BLACK)
    assert clock.times == (300, 290.5)
    time.advance(100)
    clock.press(Side.WHITE)
    assert clock.times == (203, 290.5)


def test_a_flag_falls_when_the_running_side_reaches_zero_and_the_stopped_clock_keeps_its_time() -> None:
    time = FakeTime()
    clock = Clock(TimeControl.parse("1"), time)
    clock.start(Side.BLACK)
    time.advance(59.9)
    assert clock.flagged() is None
    assert clock.until(10) == pytest.approx(0.0)
    assert clock.until(0) == pytest.approx(0.1)
    clock.stop()
    time.advance(1000)
    assert clock.flagged() is None
    assert clock.remaining(Side.BLACK) == pytest.approx(0.1)
    clock.start(Side.BLACK)
    time.advance(0.2)
    assert clock.flagged() is Side.BLACK
    assert clock.remaining(Side.BLACK) == 0


def test_clock_comments_are_written_and_read_as_pgn_tools_do() -> None:
    assert clock_comment(892.7) == "[%clk 0:14:52]"
    assert clock_comment(3725) == "[%clk 1:02:05]"
    assert read_clock_comment("[%clk 0:14:52]") == 892
    assert read_clock_comment("well played [%clk 1:02:05.3]") == 3725
    assert read_clock_comment("[%clk 0:75:00]") is None
    assert read_clock_comment("no clock here") is None


@pytest.mark.parametrize("typed", ["1.01", "2.33", "7.77", "0.1", "15.5+3"])
def test_a_clock_in_parts_of_a_minute_keeps_whole_seconds_and_reads_back(typed: str) -> None:
    control = TimeControl.parse(typed)
    assert control.initial == int(control.initial)
    assert TimeControl.parse(control.typed) == control
    assert TimeControl.from_pgn(control.pgn) == control
