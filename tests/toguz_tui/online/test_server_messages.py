"""The server's messages read once: hostile values (wrong types, huge numbers, too many moves) are left out
or bounded, never raised."""

from __future__ import annotations

import math

import pytest

from rules import Side
from rules.clock import MAX_INCREMENT, MAX_MINUTES
from toguz_tui.online.network.server_messages import (
    LONGEST_CHAT,
    LONGEST_NAME,
    MOST_DAYS,
    MOST_MILLISECONDS,
    MOST_PLIES,
    ChatLine,
    Clock,
    GameFull,
    GameState,
    Player,
    account_event,
    read_game_line,
)

HOSTILE: list[object] = [None, True, 3.5, "x", [], {}, math.nan, math.inf, -(10**30), 10**30]


@pytest.mark.parametrize("value", HOSTILE)
def test_a_player_of_any_value_is_a_player_whose_fields_are_bounded(value: object) -> None:
    player = Player.of({"id": value, "name": value, "aiLevel": value, "rating": value})
    assert player.id in ("", "x") and player.name in ("", "x")
    assert player.ai_level is None and player.rating is None
    assert Player.of(value) == Player() or isinstance(value, dict)


def test_a_players_name_is_one_visible_line_cut_and_the_id_never_a_path() -> None:
    player = Player.of({"id": "../../etc", "name": "Ev\x1b[2Jil\n" + "A" * 500, "rating": 10**9, "aiLevel": 10**6})
    assert player.id == "" and "\n" not in player.name
    assert player.name.endswith("A" * (LONGEST_NAME - len("Ev\x1b[2Jil ")))
    assert "\x1b" not in player.name and player.rating is None and player.ai_level is None
    assert Player.of({"user": {"name": "Alice", "id": "alice"}, "rating": 1500}) == Player("alice", "Alice", None, 1500)
    assert Player.of({"userId": "bob"}).called() == "bob" and Player.of({}).called() == "?"
    assert Player.of({"id": "Alice"}).is_account("alice") and not Player.of({}).is_account("")


@pytest.mark.parametrize("value", HOSTILE)
def test_a_clock_of_any_value_gives_toguzs_bounds_or_none(value: object) -> None:
    clock = Clock.of({"initial": value, "increment": value, "daysPerTurn": value}, milliseconds=True)
    control = clock.control()
    if control is not None:
        assert 1 <= control.initial <= MAX_MINUTES * 60 and 0 <= control.increment <= MAX_INCREMENT
    assert clock.days is None or 1 <= clock.days <= MOST_DAYS
    assert Clock.of(value).timed == isinstance(value, dict)


def test_a_huge_clock_is_bounded_when_taken_and_refused_when_it_must_be_exact() -> None:
    huge = Clock.of({"limit": 10**9, "increment": 10**9})
    assert huge.control() is not None and huge.control() == huge.control(shortest=1.0)
    assert huge.control().initial == MAX_MINUTES * 60 and huge.control().increment == MAX_INCREMENT  # type: ignore
    assert huge.exact() is None and Clock.of({"limit": 300, "increment": 2}).exact() is not None
    assert Clock.of({"initial": 300_000, "delay": 2_000}, milliseconds=True).control(delay=True) is not None
    assert Clock.of({"initial": 300_000, "delay": 2_000}, milliseconds=True).control() is None
    assert Clock.of(None, {"daysPerTurn": 10**9}).days is None and Clock.of(None, {"daysPerTurn": 3}).days == 3


def test_a_state_keeps_at_most_the_most_moves_and_bounded_times() -> None:
    state = GameState.of({"moves": " ".join(["a1b2"] * (MOST_PLIES + 100)), "wtime": 10**20, "btime": -5,
                          "status": "x" * 1000, "winner": "p3", "wdraw": "yes", "bdraw": True})
    assert len(state.moves) == MOST_PLIES
    assert state.times == (MOST_MILLISECONDS, 0) and len(state.status) <= 30 and state.over
    assert state.winner is None and state.draw_offers == (False, True)
    wrong = GameState.of({"moves": 12, "wtime": True, "btime": math.nan, "status": 5, "winner": ["p1"]})
    assert wrong == GameState() and not wrong.over and wrong.seconds() is None
    assert GameState.of({"winner": "p2", "status": "mate"}).winner is Side.BLACK


def test_a_game_stream_line_of_any_shape_is_read_without_raising() -> None:
    full = read_game_line({"type": "gameFull", "id": 5, "p1": "x", "p2": {"id": "me"}, "clock": [],
                           "variant": "togyzkumalak", "initialFen": "x" * 10_000, "state": "x"})
    assert isinstance(full, GameFull) and full.state is None and full.initial_fen == "" and full.variant == ""
    assert full.side_of_account("me") is Side.BLACK and full.side_of_account("") is None and not full.clock.timed
    chat = read_game_line({"type": "chatLine", "username": "a\nb", "text": "x " * 1000})
    assert isinstance(chat, ChatLine) and chat.username == "a b" and len(chat.text) == LONGEST_CHAT
    assert isinstance(read_game_line({"type": "gameState"}), GameState)
    assert read_game_line({"type": ["gameFull"]}) is None and read_game_line({}) is None


def test_an_event_of_the_account_names_its_object_or_nothing() -> None:
    assert account_event({"type": "gameStart", "game": {"id": "x"}}) == ("gameStart", {"id": "x"})
    assert account_event({"type": "challenge", "challenge": "x"}) is None
    assert account_event({"type": 5, "challenge": {}}) is None
