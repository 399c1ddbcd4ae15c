"""The server's rules as toguz knows them (read from PlayStrategy's source): which time controls a seek
and a challenge may have, the Board API's speed, when a draw offer counts, the first move's deadline."""

from __future__ import annotations

import pytest

from toguz_tui.online.network import server_rules


@pytest.mark.parametrize("minutes, increment, problem", [
    (15, 10, None), (10, 0, None), (8, 0, None), (8, 2, None), (180, 180, None), (2, 10, None),
    (0.5, 12, None),  # 30 s + 40 x 12 = 510 s: Rapid
    (1.5, 10, None), (0.25, 12, None),
    (7.5, 1, "values"), (200, 0, "values"), (20, 200, "values"), (7.99, 0, "values"), (0.3, 12, "values"),
    (5, 3, "fast"), (7, 0, "fast"), (3, 2, "fast"), (1, 0, "fast"),
])
def test_the_time_controls_the_server_takes(minutes: float, increment: int, problem: str | None) -> None:
    assert server_rules.control_problem(minutes, increment) == problem


def test_a_challenge_has_a_byoyomi_clock_whose_increment_counts_60_times() -> None:
    assert server_rules.control_problem(5, 3) == "fast"  # a seek: 300 + 40 x 3 = 420 s, Blitz
    assert server_rules.control_problem(5, 3, challenge=True) is None  # 300 + 60 x 3 = 480 s, Rapid
    assert server_rules.control_problem(6, 1, challenge=True) == "fast"


def test_the_board_api_plays_rapid_or_slower() -> None:
    assert server_rules.board_speed(480, 0) and server_rules.board_speed(300, 5)
    assert not server_rules.board_speed(479, 0) and not server_rules.board_speed(180, 2)
    assert server_rules.speed_too_fast("blitz") and server_rules.speed_too_fast("bullet")
    assert not server_rules.speed_too_fast("rapid") and not server_rules.speed_too_fast("classical")


def test_a_draw_offer_counts_after_both_have_moved_and_not_within_20_plies_of_ones_own() -> None:
    assert server_rules.draw_offer_problem(0, None) == "early"
    assert server_rules.draw_offer_problem(1, None) == "early"
    assert server_rules.draw_offer_problem(2, None) is None
    assert server_rules.draw_offer_problem(22, 2) == "recent"
    assert server_rules.draw_offer_problem(23, 2) is None


def test_the_first_move_deadline_is_30_seconds_in_rapid_and_35_in_classical() -> None:
    assert server_rules.first_move_seconds(900, 10) == 30  # 900 + 40 x 10 = 1300 s: Rapid
    assert server_rules.first_move_seconds(600, 0) == 30
    assert server_rules.first_move_seconds(1200, 10) == 35  # 1600 s: Classical
    assert server_rules.first_move_seconds(1800, 0) == 35
