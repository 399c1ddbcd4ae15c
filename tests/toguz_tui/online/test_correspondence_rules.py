"""The rules of correspondence games and arenas, as toguz reads them and as the stand-in models lila: the days
a challenge may have and its casual-only rule, the time left said in days and hours, the list's order and
numbers kept while games come and go, the arena's first-move deadline and the arenas toguz refuses."""

from __future__ import annotations

from typing import Any

from rules import Side
from speech.words import correspondence_wording
from tests.toguz_tui.online.standin_rules import DaysConfig, bind_challenge
from toguz_tui.online.network import server_rules
from toguz_tui.online.play import tournaments
from toguz_tui.online.play.correspondence import DaysClock, ServerGame


def test_the_stand_in_binds_days_as_lila_does() -> None:
    config, errors = bind_challenge({"variant": "togyzkumalak", "days": "3", "rated": "false"})
    assert config is not None and config["clock"] == DaysConfig(3) and not errors
    assert bind_challenge({"days": "0"})[1] == {"days": ["Must be greater or equal to 1"]}
    assert bind_challenge({"days": "15"})[1] == {"days": ["Must be less or equal to 14"]}
    assert bind_challenge({"days": "x"})[1] == {"days": ["error.number"]}
    assert bind_challenge({"days": "3", "rated": "true"})[1] == {"global": ["can't be rated"]}
    clocked, _errors = bind_challenge({"days": "3", "clock.limit": "900", "clock.increment": "10", "clock.delay": "0",
                                       "clock.byoyomi": "0", "clock.periods": "0"})
    assert clocked is not None and clocked["clock"].kind == "byoyomi"  # a clock wins over days


def test_a_correspondence_clock_is_read_from_the_state_and_said_in_days_and_hours() -> None:
    day = server_rules.DAY_MILLISECONDS
    clock = DaysClock.of({"wtime": 2 * day + 5 * 3_600_000, "btime": 3 * day}, Side.WHITE)
    assert clock.days == 3
    assert clock.words(True, "Bob") == "Your move: 2 days 4 hours left, of 3 days a move."  # 4 h 59 min: whole hours
    clock.update({"wtime": 5 * day, "btime": 3_600_000 * 20}, Side.BLACK)
    assert clock.days == 5 and clock.words(False, "Bob").startswith("Bob's move: 19 hours 59 minutes")
    unlimited = DaysClock.of({"wtime": server_rules.UNLIMITED_MILLISECONDS,
                              "btime": server_rules.UNLIMITED_MILLISECONDS}, Side.WHITE)
    assert unlimited.days is None and unlimited.words(True, "Bob").startswith("This game has no time limit")
    huge = DaysClock.of({"wtime": 10**9, "btime": 20 * day}, Side.WHITE)  # bounded to the server's 14 days
    assert huge.days == 14
    assert correspondence_wording.days_and_hours(86_400) == "1 day"
    assert correspondence_wording.days_and_hours(3_600 * 5 + 60 * 20) == "5 hours 20 minutes"


def _entry(game_id: str, my_turn: bool, last: str = "", speed: str = "correspondence", **more: Any) -> dict[str, Any]:
    return {"gameId": game_id, "variant": {"key": "togyzkumalak"}, "opponent": {"username": "Ann"},
            "isMyTurn": my_turn, "secondsLeft": 90_000, "lastMove": last, "speed": speed, **more}


def test_a_game_of_the_list_is_read_bounded_and_other_games_left_out() -> None:
    huge = ServerGame.of(_entry("AbCd1234", True, secondsLeft=10**12))
    assert huge is not None and huge.seconds_left == 10**8
    game = ServerGame.of(_entry("AbCd1234", True))
    assert game is not None and game.playable
    assert game.line(1, True) == "1. Against Ann, correspondence: your move, 1 day 1 hour left. (On the board.)"
    assert ServerGame.of(_entry("AbCd1234", True, variant={"key": "chess"})) is None
    assert ServerGame.of(_entry("../etc/pa", True)) is None  # not an id: never put in a path
    blitz = ServerGame.of(_entry("Blitz123", False, speed="blitz"))
    assert blitz is not None and not blitz.playable


def test_the_first_move_in_an_arena_is_shorter_than_in_the_lobby() -> None:
    assert server_rules.first_move_seconds(900, 10, arena=True) == 25  # Rapid
    assert server_rules.first_move_seconds(1800, 10, arena=True) == 30  # Classical
    assert server_rules.first_move_seconds(900, 10) == 30


def test_arenas_toguz_cannot_play_are_refused_with_why() -> None:
    rapid = {"id": "Rapid015", "fullName": "Club Arena", "variant": {"key": "togyzkumalak"},
             "clock": {"limit": 900, "increment": 10}, "status": 10}
    assert tournaments.refusal(rapid) is None
    assert "Blitz or faster" in (tournaments.refusal({**rapid, "clock": {"limit": 300, "increment": 2}}) or "")
    assert "not a togyzkumalak" in (tournaments.refusal({**rapid, "variant": {"key": "oware"}}) or "")
    assert "has finished" in (tournaments.refusal({**rapid, "status": 30}) or "")
    assert tournaments.joined({**rapid, "secondsToStart": 10**12}).startswith(
        "You joined Club Arena, 15 minutes each plus 10 seconds a move. It starts in 8784 hours.")
