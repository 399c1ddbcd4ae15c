"""The stand-in itself (``tests/toguz_tui/online/server.py``), spoken to with httpx directly, not through toguz: it must
keep PlayStrategy's rules as the server's source has them (the clock forms, the time ranges, the Board API's
speed rule, draw offers, endings, seeks, the first-move deadline, chat, the event stream), and each of its
faults must do what it says within its bounds."""

from __future__ import annotations

import dataclasses
import json
import threading
import time
import zlib
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from rules.move import play_move
from rules.movecode import move_code
from rules.position import Position
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_faults import Fault
from tests.toguz_tui.online.standin_game import FORGED, NOT_BOARD
from tests.toguz_tui.online.standin_rules import (
    GZIP_BOMB_INFLATED,
    MAX_FAULT_BYTES,
    MAX_FAULT_SECONDS,
    ClockConfig,
    first_move_seconds,
    fischer,
)
from tests.waiting import until

REQUIRED = "This field is required"


@pytest.fixture
def http(server: FakePlayStrategy) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {server.token}"},
                      timeout=10) as client:
        yield client


def lines_of(response: httpx.Response) -> Iterator[dict[str, Any]]:
    """The JSON lines of a stream, keep-alives skipped."""
    for line in response.iter_lines():
        if line.strip():
            yield json.loads(line)


def code_for(server: FakePlayStrategy, game_id: str, pit: int | None = None) -> str:
    """The code of ``pit`` (the first legal one by default) for the side to move."""
    position = server.games[game_id].game.position
    _after, report = play_move(position, pit if pit is not None else position.legal_moves()[0])
    return move_code(report, 9)


# -- the challenge form ----------------------------------------------------------------------------------

def test_a_challenge_with_only_limit_and_increment_is_refused_naming_the_missing_fields(
        server: FakePlayStrategy, http: httpx.Client) -> None:
    answer = http.post("/api/challenge/bob", data={"variant": "togyzkumalak", "rated": "false",
                                                  "clock.limit": "900", "clock.increment": "10"})
    assert answer.status_code == 400
    errors = answer.json()
    assert set(errors) == {"clock.delay", "clock.byoyomi", "clock.periods"}
    assert errors["clock.delay"] == [REQUIRED, REQUIRED]  # simpleDelay's and bronstein's
    assert errors["clock.byoyomi"] == errors["clock.periods"] == [REQUIRED]
    assert server.challenges_made == []


def test_a_challenge_with_all_five_clock_fields_binds_to_a_byoyomi_clock(server: FakePlayStrategy,
                                                                         http: httpx.Client) -> None:
    answer = http.post("/api/challenge/bob", data={
        "variant": "togyzkumalak", "rated": "false", "clock.limit": "900", "clock.increment": "10",
        "clock.delay": "10", "clock.byoyomi": "0", "clock.periods": "0"})
    assert answer.status_code == 200
    made = answer.json()["challenge"]
    assert made["direction"] == "out" and made["destUser"]["id"] == "bob" and made["id"] == "NewChal1"
    # a byoyomi config: "increment" is its byoyomi seconds; 900 + 60 x 10 = 1500 s is Classical
    assert made["timeControl"] == {"type": "clock", "limit": 900, "increment": 0, "show": "15+10"}
    assert made["speed"] == "classical"
    assert [(found["dest"], found["kind"], found["limit"], found["increment"], found["rated"])
            for found in server.challenges_made] == [("bob", "byoyomi", 900, 10, False)]
    game = server.accept_made(0)
    assert game.source == "friend" and game.clock.kind == "byoyomi"
    with http.stream("GET", f"/api/board/game/stream/{game.id}") as stream:
        full = next(lines_of(stream))
    assert full["clock"] == {"initial": 900_000, "increment": 10_000, "byoyomi": 0, "periods": 0,
                             "clockType": "byoyomi"}


@pytest.mark.parametrize("limit", ["450", "12000", "20"])  # 7.5 minutes, 200 minutes, 20 s
def test_a_challenge_limit_outside_lilas_list_is_refused(http: httpx.Client, limit: str) -> None:
    answer = http.post("/api/challenge/bob", data={"clock.limit": limit, "clock.increment": "0",
                                                  "clock.delay": "0", "clock.byoyomi": "0", "clock.periods": "0"})
    assert answer.status_code == 400
    assert answer.json() == {"clock.limit": ["Error"] * 4}


def test_a_challenge_clock_without_any_time_is_invalid(http: httpx.Client) -> None:
    answer = http.post("/api/challenge/bob", data={"clock.limit": "0", "clock.increment": "0",
                                                  "clock.delay": "0", "clock.byoyomi": "0", "clock.periods": "0"})
    assert answer.status_code == 400 and answer.json() == {"clock": ["Invalid clock"] * 4}


def test_clock_shows_and_speeds_are_strategygames() -> None:
    assert fischer(15, 10).show == "15+10" and fischer(15, 10).speed == "rapid"
    assert fischer(0.5, 12).show == "½+12" and fischer(7.5, 0).show == "7.5+0"
    assert fischer(3, 2).speed == "blitz" and not fischer(3, 2).board_compatible
    assert ClockConfig("byoyomi", 900).show == "15|0"
    assert ClockConfig("byoyomi", 600, 0, byoyomi=10, periods=3).show == "10|10(3x)"
    assert ClockConfig("bronstein", 600, delay=5).show == "10 d+5"
    assert ClockConfig("simpleDelay", 600, delay=5).game_json()["clockType"] == "usdelay"
    assert (first_move_seconds("rapid", False), first_move_seconds("classical", False)) == (30, 35)
    assert (first_move_seconds("rapid", True), first_move_seconds("classical", True)) == (25, 30)


# -- seeks -----------------------------------------------------------------------------------------------

SEEK = {"variant": "7_togyzkumalak", "time": "15", "increment": "10", "byoyomi": "0", "periods": "0",
        "rated": "false"}


@pytest.mark.parametrize(("change", "errors"), [
    ({"time": "7.5"}, {"time": ["Error"]}),
    ({"time": "200"}, {"time": ["Error"]}),
    ({"increment": "200"}, {"increment": ["Error"]}),
    ({"time": "3", "increment": "2"}, {"global": ["Invalid time control"]}),  # Blitz
    ({"time": "0", "increment": "0"}, {"global": ["Invalid clock", "Invalid time control"]}),
    ({"byoyomi": None, "periods": None}, {"byoyomi": [REQUIRED], "periods": [REQUIRED]}),
    ({"variant": "7_chess"}, {"variant": ["Error"]}),
])
def test_a_seek_outside_the_ranges_is_refused(server: FakePlayStrategy, http: httpx.Client,
                                              change: dict[str, str | None], errors: dict[str, list[str]]) -> None:
    form = {key: value for key, value in {**SEEK, **change}.items() if value is not None}
    answer = http.post("/api/board/seek", data=form)
    assert (answer.status_code, answer.json()) == (400, errors)
    assert server.seeks == []


def test_a_half_minute_seek_with_12_seconds_is_rapid_and_stands(server: FakePlayStrategy,
                                                               http: httpx.Client) -> None:
    with http.stream("POST", "/api/board/seek", data={**SEEK, "time": "0.5", "increment": "12"}) as stream:
        assert stream.status_code == 200
        until(lambda: server.seeks_open == 1, 5)
        assert server.seeks[0].clock == fischer(0.5, 12)


def test_one_seek_at_a_time_then_a_new_one_at_once(server: FakePlayStrategy, http: httpx.Client) -> None:
    with http.stream("POST", "/api/board/seek", data=SEEK) as first:
        assert first.status_code == 200
        until(lambda: server.seeks_open == 1, 5)
        second = http.post("/api/board/seek", data={**SEEK, "time": "20"})
        assert second.status_code == 429 and "Retry-After" not in second.headers
        assert second.json() == {"error": "Please only run 1 request(s) at a time"}
    until(lambda: server.seeks_open == 0, 5)  # the first seek ends with its request
    with http.stream("POST", "/api/board/seek", data={**SEEK, "time": "20"}) as third:
        assert third.status_code == 200


def test_a_sixth_seek_or_challenge_within_a_minute_is_rate_limited(server: FakePlayStrategy,
                                                                    http: httpx.Client) -> None:
    server.seek_expiry = 0.0
    for _ in range(5):
        assert http.post("/api/board/seek", data=SEEK).status_code == 200  # each expires at once
        until(lambda: server.seeks_open == 0, 5)
    answer = http.post("/api/board/seek", data=SEEK)
    assert (answer.status_code, answer.text) == (429, "Too many requests. Please retry in a moment.")
    assert "Retry-After" not in answer.headers
    clock = {"clock.limit": "900", "clock.increment": "10", "clock.delay": "0", "clock.byoyomi": "0",
             "clock.periods": "0"}
    assert [http.post("/api/challenge/bob", data=clock).status_code for _ in range(6)] == [200] * 5 + [429]


def test_an_expired_seek_ends_its_stream_normally(server: FakePlayStrategy, http: httpx.Client) -> None:
    server.seek_expiry = 0.5
    begun = time.monotonic()
    with http.stream("POST", "/api/board/seek", data=SEEK) as stream:
        assert list(lines_of(stream)) == []
    assert time.monotonic() - begun < 3 and server.seeks_open == 0


def test_a_matched_seek_ends_and_its_game_comes_from_the_lobby(server: FakePlayStrategy,
                                                               http: httpx.Client) -> None:
    found: list[Any] = []
    with http.stream("GET", "/api/stream/event") as events, \
            http.stream("POST", "/api/board/seek", data={**SEEK, "time": "20", "increment": "0"}) as seek:
        until(lambda: server.seeks_open == 1, 5)
        game = server.match_seek("bob", me="p2")
        assert list(lines_of(seek)) == []  # the seek's stream has ended
        found.append(next(lines_of(events)))
    assert game.source == "lobby" and game.clock == fischer(20, 0) and game.me == "p2"
    start = found[0]["game"]
    assert (start["source"], start["speed"], start["compat"]) == ("lobby", "rapid", {"bot": False, "board": True})
    assert start["opponent"]["id"] == "bob" and start["secondsLeft"] == 1200


# -- games -----------------------------------------------------------------------------------------------

def test_a_blitz_game_cannot_be_played_from_the_board_api(server: FakePlayStrategy, http: httpx.Client) -> None:
    game = server.add_game("Blitz001", minutes=3, increment=2)
    with http.stream("GET", "/api/stream/event") as events:
        start = next(lines_of(events))
    assert start["game"]["compat"] == {"bot": False, "board": False} and start["game"]["speed"] == "blitz"
    for path in ("move/f1e2", "abort", "resign", "draw/yes", "chat"):
        answer = http.post(f"/api/board/game/{game.id}/{path}", data={"room": "player", "text": "hi"})
        assert (answer.status_code, answer.json()) == (400, {"error": NOT_BOARD})
    assert http.get(f"/api/board/game/stream/{game.id}").json() == {"error": NOT_BOARD}
    assert game.codes == [] and game.status == "started"


def test_a_move_code_whose_landing_pit_is_wrong_is_refused(server: FakePlayStrategy, http: httpx.Client) -> None:
    server.add_game()
    assert http.post("/api/board/game/AbCd1234/move/f1e1").json()["error"].startswith("Not a valid move: f1e1")
    assert http.post("/api/board/game/AbCd1234/move/zz").json() == {"error": "Invalid UCI: zz"}
    assert http.post("/api/board/game/AbCd1234/move/f1e2").json() == {"ok": True}


def test_the_clocks_run_only_from_the_second_ply(server: FakePlayStrategy, http: httpx.Client) -> None:
    game = server.add_game()
    http.post("/api/board/game/AbCd1234/move/f1e2")
    server.opponent_moves(game.id, code_for(server, game.id))
    assert game.times == [600_000, 600_000]
    http.post(f"/api/board/game/AbCd1234/move/{code_for(server, game.id)}")
    assert game.times[0] == 600_000 - 1500 + 5000 and game.times[1] == 600_000


def test_a_draw_offer_counts_only_after_two_plies_and_not_within_20_of_the_last(
        server: FakePlayStrategy, http: httpx.Client) -> None:
    game = server.add_game()
    offer = "/api/board/game/AbCd1234/draw/yes"
    assert http.post(offer).json() == {"ok": True} and not game.draws["p1"]  # abortable: not drawable yet
    http.post(f"/api/board/game/AbCd1234/move/{code_for(server, game.id)}")
    server.opponent_moves(game.id, code_for(server, game.id))
    assert http.post(offer).json() == {"ok": True} and game.draws["p1"] and game.offered_at["p1"] == 2
    server.decline_draw(game.id)
    while len(game.codes) < 22:
        server.opponent_moves(game.id, code_for(server, game.id))
    assert http.post(offer).json() == {"ok": True} and not game.draws["p1"]  # 2 >= 22 - 20: too recent
    server.opponent_moves(game.id, code_for(server, game.id))
    assert http.post(offer).status_code == 200 and game.draws["p1"]  # 2 < 23 - 20
    assert not game.over
    server.decline_draw(game.id)
    server.offer_draw(game.id)
    assert http.post(offer).status_code == 200 and (game.status, game.winner) == ("draw", None)


def test_a_flag_falls_with_81_in_the_kazan_and_nobody_wins(server: FakePlayStrategy) -> None:
    start = Position.start()
    full = dataclasses.replace(start, board=(5, 5, 5, 5, 5, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 0), kazans=(81, 40))
    game = server.add_game("Full0001", fen=full.fen())
    server.flag(game.id, "p1")
    assert (game.status, game.winner) == ("outoftime", None)
    other = server.add_game("Flag0001")
    server.flag(other.id, "p1")
    assert (other.status, other.winner) == ("outoftime", "p2")
    drawn = server.add_game("Flag0002")
    server.offer_draw(drawn.id)
    server.flag(drawn.id, "p1")  # Finisher.outOfTime: the other side offering a draw makes it one
    assert (drawn.status, drawn.winner) == ("draw", None)


def test_any_ending_status_ends_the_game_stream(server: FakePlayStrategy, http: httpx.Client) -> None:
    game = server.add_game()
    with http.stream("GET", "/api/board/game/stream/AbCd1234") as stream:
        lines = lines_of(stream)
        assert next(lines)["type"] == "gameFull"
        server.end(game.id, "somethingNew", "p2")
        assert [(line["status"], line.get("winner")) for line in lines] == [("somethingNew", "p2")]
    finish = next(event for event in server.events if event["type"] == "gameFinish")
    assert finish["game"]["status"] == {"id": 0, "name": "somethingNew"}
    server.add_game("Cheat001")
    server.end("Cheat001", "cheat", "p1")
    assert server.events[-1]["game"]["status"] == {"id": 36, "name": "cheat"}


@pytest.mark.slow
def test_a_lobby_game_whose_first_move_does_not_come_is_aborted(server: FakePlayStrategy,
                                                               http: httpx.Client) -> None:
    server.first_move_seconds = 0.5
    lobby = server.add_game("Lobby001", source="lobby")
    friend = server.add_game("Friend01")
    tournament = server.add_game("Tourn001", me="p2", source="tournament")
    with http.stream("GET", "/api/board/game/stream/Lobby001") as stream:
        lines = lines_of(stream)
        assert next(lines)["state"]["abortable"]
        assert [line["status"] for line in lines] == ["aborted"]
    until(lambda: tournament.over, 5)
    assert (lobby.status, lobby.winner) == ("aborted", None)
    assert (tournament.status, tournament.winner) == ("noStart", "p2")  # mandatory: p1 did not move, p2 wins
    time.sleep(0.3)
    assert friend.status == "started"


@pytest.mark.slow
def test_the_second_player_has_its_own_first_move_deadline(server: FakePlayStrategy) -> None:
    server.first_move_seconds, server.no_start_grace = 0.8, 0.0
    game = server.add_game("Lobby002", me="p2", source="lobby")
    time.sleep(0.5)
    server.opponent_moves(game.id, code_for(server, game.id))  # p1 moves in time: p2's deadline starts now
    time.sleep(0.5)
    assert game.status == "started"
    until(lambda: game.over, 5)
    assert game.status == "aborted"


def test_chat_is_at_most_140_utf16_units(server: FakePlayStrategy, http: httpx.Client) -> None:
    server.add_game()
    chat = "/api/board/game/AbCd1234/chat"
    assert http.post(chat, data={"room": "player", "text": "a" * 140}).status_code == 200
    assert http.post(chat, data={"room": "player", "text": "🙂" * 70}).status_code == 200
    for text in ("a" * 141, "a" * 139 + "🙂"):  # an emoji is two UTF-16 units
        answer = http.post(chat, data={"room": "player", "text": text})
        assert answer.status_code == 400
        assert answer.json() == {"text": ["Maximum length is 140"], "error": {"text": ["Maximum length is 140"]}}
    assert http.post(chat, data={"text": "hi"}).json()["room"] == [REQUIRED]


def test_a_second_event_stream_knocks_the_first_off(server: FakePlayStrategy, http: httpx.Client) -> None:
    ended = threading.Event()

    def first() -> None:
        with http.stream("GET", "/api/stream/event") as stream:
            list(lines_of(stream))
        ended.set()

    reader = threading.Thread(target=first, daemon=True)
    reader.start()
    until(lambda: server._event_streams == 1, 5)
    with http.stream("GET", "/api/stream/event") as second:
        assert ended.wait(3), "the first stream goes on"
        server.add_challenge()
        assert next(lines_of(second))["type"] == "challenge"


def test_challenges_accepted_and_declined(server: FakePlayStrategy, http: httpx.Client) -> None:
    server.add_challenge("Blitz002", "carol", minutes=3, increment=2)
    challenge = server.events[-1]["challenge"]
    assert challenge["speed"] == "blitz" and challenge["timeControl"]["show"] == "3+2"
    assert http.post("/api/challenge/Blitz002/accept").json() == {"ok": True}
    until(lambda: "Blitz002" in server.games, 5)  # started just after the answer, as the real server may
    assert server.games["Blitz002"].me == "p2" and not server.games["Blitz002"].clock.board_compatible
    server.add_challenge("Other001", "dave")
    assert http.post("/api/challenge/Other001/decline").status_code == 200
    assert server.events[-1]["type"] == "challengeDeclined"
    assert http.post("/api/challenge/Other001/accept").status_code == 404


# -- faults ----------------------------------------------------------------------------------------------

def test_fault_bounds_cannot_be_raised() -> None:
    fault = Fault("/", "endless", {"max_bytes": 10**12, "seconds": 10**6})
    assert (fault.max_bytes, fault.seconds) == (MAX_FAULT_BYTES, MAX_FAULT_SECONDS)
    with pytest.raises(ValueError):
        Fault("/", "banana")


def test_an_endless_body_stops_at_its_bound_or_when_the_client_hangs_up(server: FakePlayStrategy,
                                                                         http: httpx.Client) -> None:
    server.fault("/api/account", "endless", status=500, max_bytes=3_000_000, times=1)
    answer = http.get("/api/account")
    assert answer.status_code == 500 and len(answer.content) == 3_000_000
    assert http.get("/api/account").json()["id"] == "me"  # times=1: only the next request
    server.fault("/api/stream/event", "endless")
    with http.stream("GET", "/api/stream/event") as stream:
        read = 0
        for piece in stream.iter_raw():
            read += len(piece)
            if read > 1_000_000:
                break
    until(lambda: len(server.fault_log) == 2, 5)
    assert server.fault_log[-1]["bytes"] < 50_000_000 and server.fault_log[-1]["seconds"] < 5


def test_a_drip_sends_one_byte_at_a_time(server: FakePlayStrategy, http: httpx.Client) -> None:
    server.fault("/api/board/game", "drip", every=0.2, seconds=1.0)
    begun = time.monotonic()
    answer = http.post("/api/board/game/AbCd1234/move/f1e2")
    assert 0.9 < time.monotonic() - begun < 3
    assert answer.status_code == 200 and b'{"ok":true}\n'.startswith(answer.content[:5])
    assert 4 <= len(answer.content) <= 6


def test_a_held_request_answers_nothing_until_released(server: FakePlayStrategy, http: httpx.Client) -> None:
    server.fault("/api/account", "hold")
    with pytest.raises(httpx.ReadTimeout):
        http.get("/api/account", timeout=0.5)
    found: list[httpx.Response] = []
    asking = threading.Thread(target=lambda: found.append(http.get("/api/account")), daemon=True)
    asking.start()
    time.sleep(0.3)
    assert not found
    server.release()
    asking.join(5)
    assert found[0].json()["id"] == "me"
    server.fault("/api/account", "hold", seconds=0.3)
    with pytest.raises(httpx.RemoteProtocolError):  # the bound passes: the connection closes unanswered
        http.get("/api/account")


@pytest.mark.slow
def test_a_gzip_bomb_is_small_and_inflates_to_a_gigabyte(server: FakePlayStrategy, http: httpx.Client) -> None:
    server.fault("/api/account", "gzip_bomb")
    with http.stream("GET", "/api/account") as answer:
        assert answer.headers["Content-Encoding"] == "gzip"
        packed = b"".join(answer.iter_raw())
    assert len(packed) < 2_000_000
    unpacker = zlib.decompressobj(31)
    inflated = 0
    while packed:
        piece = unpacker.decompress(packed, 64 * 1024 * 1024)
        assert inflated or not piece.strip(b"\0")  # zeros (the first 64 MiB looked at)
        inflated += len(piece)
        packed = unpacker.unconsumed_tail
    assert inflated == GZIP_BOMB_INFLATED and unpacker.eof  # and its CRC-32 and size are right


def test_an_html_500_and_any_status(server: FakePlayStrategy, http: httpx.Client) -> None:
    server.fault("/api/account", "html_500", times=1)
    answer = http.get("/api/account")
    assert answer.status_code == 500 and answer.headers["Content-Type"] == "text/html"
    assert b"<h1>500 Internal Server Error</h1>" in answer.content
    server.fault("/api/board/seek", "status", status=503, body="down", content_type="text/plain",
                 headers={"Retry-After": "7"})
    answer = http.post("/api/board/seek", data=SEEK)
    assert (answer.status_code, answer.text, answer.headers["Retry-After"]) == (503, "down", "7")
    server.clear_faults()
    assert http.get("/api/account").status_code == 200


def test_game_stream_faults_forged_chat_and_a_flood(server: FakePlayStrategy, http: httpx.Client) -> None:
    game = server.add_game()
    with http.stream("GET", "/api/board/game/stream/AbCd1234") as stream:
        lines = lines_of(stream)
        next(lines)
        server.forged_chat(game.id)
        assert next(lines)["text"] == FORGED and "\r\n" in FORGED
        server.chat_flood(game.id, 300, "buy")
        assert [next(lines)["text"] for _ in range(300)] == ["buy"] * 300
