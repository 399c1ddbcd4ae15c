"""Live games by ear, with no login (issue 37, items 2 and 6): ``toguz online --line`` without a token, as a
player types it, against the stand-in (``standin_watch.py``): it starts and says it is not logged in, refuses
what needs a token, and ``watch`` follows the TV game (its moves said in words, the board asked about, its
end, the next TV game), a player's game, a game by its id; unknown ones, a game no longer streamed and too
many streams are said in one line; the stream's own rules (the order, the delay, lost lines) are checked at
the stand-in."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from tests.toguz_tui.line.line_player import LinePlayer
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_watch import opening
from tests.toguz_tui.online.test_online_play import Player
from tests.waiting import until
from toguz_tui.online.network import token_store
from toguz_tui.online.network.client import Client


class Watcher(LinePlayer):
    """``toguz online --line`` with no token at all, against ``server`` (None: PlayStrategy's address, never
    reached)."""

    def __init__(self, tmp_path: Path, server: FakePlayStrategy | None) -> None:
        address = ["--server", server.url] if server is not None else []
        super().__init__(tmp_path, ["online", "--line", *address, "--speech", "off"])


@pytest.fixture(autouse=True)
def without_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """No token from the environment (the players' subprocesses inherit it): each test gives one, or none."""
    monkeypatch.setenv(token_store.ENVIRONMENT, "")


def test_without_a_token_it_starts_says_so_and_refuses_what_needs_one(tmp_path: Path) -> None:
    player = Watcher(tmp_path, None)
    player.hear("Not logged in to PlayStrategy: you can watch live games (watch for the TV game, watch NAME, watch "
                "GAMEID). To seek, challenge and play, make a token at playstrategy.org (account settings, API access "
                "tokens, scope board:play), then quit and run toguz online login.")
    player.type("seek 15+10")
    player.hear("Seek needs you logged in: make a token at playstrategy.org (account settings, API access tokens, "
                "scope board:play), then quit and run toguz online login. Watching needs none.")
    for command in ("challenge alice 15+10", "challenge alice days 3", "accept", "decline", "say hello", "draw",
                    "abort", "games", "games 2", "tournament join Arena001"):
        player.type(command)
        player.hear(f"{command.split()[0].capitalize()} needs you logged in: ")
    player.type("board")
    player.hear("No game is on the board: type watch to listen to the TV game, or watch NAME for a player's game.")
    player.type("7")
    player.hear("No online game is going on.")
    code, errors = player.quit()
    assert code == 0 and errors == ""
    assert "Connecting to" not in "\n".join(player.seen), "nothing is asked of the server without a token"


TV_PITS = opening(14)  # 10 played before the watching, then 4 more


@pytest.mark.slow
def test_watch_follows_the_tv_game_its_end_and_the_next(tmp_path: Path, server: FakePlayStrategy) -> None:
    tv = server.watching
    tv.start_game("TvGame01", "Alice", "bob", pits=TV_PITS[:10])
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    player.type("watch")
    # 10 moves played: the stream gives the first 7 at once (3 held back): taken without a word, then said
    player.hear("PlayStrategy TV: Alice (White) against bob (Black), 5 minutes each plus 2 seconds a move. 7 moves "
                "played. Alice leads 24 to 0. Move 4: bob's turn.")
    for pit in TV_PITS[10:]:
        tv.move("TvGame01", pit)
    player.hear("bob sows 13 stones from pit 2; the last stone falls into Alice's pit 5, which now holds 15. Alice "
                "leads 24 to 0.")
    player.hear("Alice sows 14 stones from pit 2; the last stone falls into bob's pit 6, which now holds 4. Alice "
                "captures 4. Alice leads 28 to 0.")
    player.hear("bob sows 12 stones from pit 7;")
    player.hear("Alice sows 16 stones from pit 6;")  # 11 moves heard of 14: three are held back by the server
    player.type("board")
    player.hear("Alice's row from pit 1: 4 3 7, 17 17 1, 8 17 1. bob's: 15 3 16, 3 4 1, 2 4 5. Alice leads 28 to 6. "
                "Move 6: bob's turn.")
    player.type("7")
    player.hear("You are watching this game, not playing it: the moves are the players'. Type watch stop to stop "
                "watching.")
    for asked, answer in (("undo", "You are watching this game: its moves are not taken back."),
                          ("hint", "No help from the computer on a game going on, even one you watch"),
                          ("resign", "You are watching this game, not playing it"),
                          ("c", "Alice: 5 minutes. bob: 5 minutes."),
                          ("history", "Moves so far. 1: pit 7 to 6, then pit 9 to 8.")):
        player.type(asked)
        player.hear(answer)
    tv.finish("TvGame01", "resign", "p1")
    player.hear("bob sows 5 stones from pit 9")  # the three held back, pushed out at the end
    player.hear("Alice sows 17 stones from pit 5")
    player.hear("bob sows 17 stones from pit 3")
    player.hear("Game over: bob resigns. Alice wins 28 to 24.")
    player.hear("The next TV game is said when it starts (watch stop stops).")
    tv.start_game("TvGame02", "carol", "dave")
    player.hear("PlayStrategy TV: carol (White) against dave (Black), 5 minutes each plus 2 seconds a move. The game "
                "begins. Move 1: carol's turn.")
    tv.move("TvGame02", 7)
    player.hear("carol sows 9 stones from pit 7; the last stone falls into dave's pit 6, which now holds 10. carol "
                "captures 10. carol leads 10 to 0.")
    player.type("watch once")
    player.hear("toguz stops watching when this game ends.")
    tv.finish("TvGame02", "draw", None)
    player.hear("Game over: the players agree to a draw.")
    player.type("turn")
    player.hear("Game over: the players agree to a draw.")  # the game over stays on the board, to ask about
    player.type(f'save "{tmp_path / "watched.pgn"}"')
    until(lambda: (tmp_path / "watched.pgn").exists())
    record = (tmp_path / "watched.pgn").read_text(encoding="utf-8")
    assert '[White "carol"]' in record and '[Black "dave"]' in record and "/TvGame02" in record, record
    tv.start_game("TvGame03", "erin", "frank")
    player.type("watch stop")
    player.hear("You are not watching a game.")  # watch once stopped after the game
    code, errors = player.quit()
    assert code == 0 and errors == ""
    said = "\n".join(player.seen)
    assert "erin" not in said and "Traceback" not in said
    assert not list((tmp_path / "data" / "games").glob("*.pgn")), "a watched game is not the player's: not archived"
    assert set(server.bearers) == {""}, "watching sends no token"
    assert {request[1] for request in server.requests} >= {"/api/tv/channels", "/api/stream/game/TvGame01",
                                                           "/api/game/TvGame02"}


@pytest.mark.slow
def test_watch_a_player_or_a_game_by_its_id_and_what_cannot_be_watched(tmp_path: Path,
                                                                       server: FakePlayStrategy) -> None:
    games = server.watching
    games.start_game("Game0042", "Carol", "dave", tv=False, pits=opening(3), minutes=15, increment=10)
    games.start_game("Over0001", "erin", "Frank", tv=False, pits=opening(2))
    games.finish("Over0001", "resign", "p2")
    games.start_game("Chess042", "gina", "hal", tv=False, variant="chess")
    games.start_game("Gone0001", "ivan", "jo", tv=False)
    games.forget("Gone0001")
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    player.type("watch dave")
    player.hear("Watching Carol (White) against dave (Black) on PlayStrategy, 15 minutes each plus 10 seconds a move. "
                "3 moves played. Carol leads 12 to 0. Move 2: dave's turn.")
    assert games.accepts == ["application/json"], "current-game is asked for as JSON, exactly"
    player.type("set verbosity full")
    player.hear("Verbosity is now full")
    games.move("Game0042", 3)
    player.hear("dave sows")
    player.hear("Carol: 15 minutes 8. dave: 15 minutes 8.")  # the full verbosity: the server's clocks after a move
    player.type("set verbosity normal")
    for typed, said in (
            ("watch nobody", "Could not watch: PlayStrategy knows no game of nobody: no such player, or one who has "
                             "never played."),
            ("watch Zz9Zz9Zz", "Could not watch: PlayStrategy knows neither a game nor a player called Zz9Zz9Zz."),
            ("watch Frank", "Frank is not playing now; their last game, against erin, was won by Frank."),
            ("watch Chess042", "Chess042 is a game of chess, not Toguz Kumalak: toguz follows Toguz Kumalak games "
                               "only."),
            ("watch bad/name", "Could not watch: not a name or an id: 'bad/name'."),
            ("watch a b", "Watch needs: watch, watch NAME, watch GAMEID, watch once, or watch stop.")):
        player.type(typed)
        player.hear(said)
    player.type("kazans")
    player.hear("Carol leads")  # none of them stopped the game watched
    player.type("watch Game0042")  # its id: /api/game names the players by their ids, Carol as met before
    player.hear("Watching Carol (White) against dave (Black) on PlayStrategy, 15 minutes each plus 10 seconds a "
                "move. 4 moves played.")
    player.type("watch Gone0001")
    player.hear("PlayStrategy: game Gone0001 is no longer streamed: only games going on or just finished are.")
    player.type("watch stop")
    player.hear("You stopped watching.")
    player.type("watch stop")
    player.hear("You are not watching a game.")
    code, errors = player.quit()
    assert code == 0 and errors == ""


@pytest.mark.slow
def test_a_long_game_whose_first_lines_are_lost_and_an_end_that_needs_a_reconnection(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    tv = server.watching
    pits = opening(34)
    tv.start_game("Long0001", "Alice", "bob", pits=pits[:30])  # 31 positions: the stream's queue keeps 16
    tv.lagging = True  # its end comes without the whole game: the stream ends, and the next one brings it
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    player.type("watch once")
    player.hear("PlayStrategy TV: Alice (White) against bob (Black), 5 minutes each plus 2 seconds a move. 27 moves "
                "played.")
    player.type("history")
    assert player.hear("Moves so far. 1: pit 7 to 6").count(":") == 14, "27 moves: those lost had from /api/game"
    for pit in pits[30:]:
        tv.move("Long0001", pit)
    player.hear("bob sows", anywhere=True)
    tv.finish("Long0001", "outoftime", "p1")
    player.hear("The connection to the game you watch was lost (the server ended the stream); reconnecting.")
    player.hear("Connected again to the game you watch.")
    player.hear("Game over: bob's time is up. Alice wins")
    code, errors = player.quit()
    assert code == 0 and errors == ""
    assert "The game is now as the server has it" not in "\n".join(player.seen), "lines lost before: not said"
    assert server.watching.opened == ["Long0001", "Long0001"]


@pytest.mark.slow
def test_a_tv_game_over_is_waited_past_and_eight_streams_from_one_address_are_said_in_one_line(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    server.watching.start_game("TvOld001")
    server.watching.finish("TvOld001")  # the channel still names it
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    player.type("watch")
    player.hear("No Toguz Kumalak game is on PlayStrategy's TV now; toguz says the next one when it starts (watch "
                "stop stops).")
    server.watching.busy = 8  # other programs here follow 8 games already
    server.watching.start_game("TvGame01")
    player.hear("The connection to the game you watch was lost (at most 8 games are streamed at once to one "
                "address; toguz tries again in 60 seconds); reconnecting.")
    player.type("watch stop")
    player.hear("You stopped watching.")
    code, errors = player.quit()
    assert code == 0 and errors == ""
    assert "/api/stream/game/TvOld001" not in [path for _method, path, _form in server.requests], "a game over"


@pytest.mark.slow
def test_an_own_game_stops_the_watching_and_watch_waits_for_its_end(tmp_path: Path, server: FakePlayStrategy) -> None:
    server.watching.start_game("TvGame01", pits=opening(2))
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    player.type("watch")
    player.hear("PlayStrategy TV: Alice (White) against bob (Black)")
    server.add_game("Mine0001", me="p1", opponent="bob")
    player.hear("Your own game starts, so toguz stops watching.")
    player.hear("You play White against Bob on PlayStrategy.")
    player.type("watch")
    player.hear("Your own game is going on: watch another once it is over.")
    player.type("7")
    player.hear("You sow 9 stones from pit 7")
    code, errors = player.quit()
    assert code == 0 and errors == ""


def test_the_stream_holds_lines_three_moves_back_after_the_first_five(server: FakePlayStrategy) -> None:
    """The stand-in's model of lila's stream (ApiActionStream.scala), as the client reads it."""
    tv = server.watching
    tv.start_game("Delay001")
    lines: list[dict[str, Any]] = []
    client = Client(None, server.url)

    def read() -> None:
        lines.extend(client.stream("GET", "/api/stream/game/Delay001", silence=80))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    until(lambda: len(lines) == 2)  # the whole game, then the start
    assert lines[0]["id"] == "Delay001" and lines[0]["status"]["name"] == "started" and "players" not in lines[0]
    assert lines[1] == {"fen": "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 w", "p1": 300, "p2": 300,
                        "p1Pending": 0, "p2Pending": 0, "p1Delay": 2, "p2Delay": 2}
    for pit in opening(8):
        tv.move("Delay001", pit)
    until(lambda: len(lines) == 7)  # positions 0 to 5 of 0 to 8: the first 5, then 6 lines held to 3
    assert [line["lm"] for line in lines[2:]] == tv.games["Delay001"].codes[:5]
    assert lines[2]["fen"].endswith(" b") and lines[3]["fen"].endswith(" w")
    tv.finish("Delay001", "resign", "p2")
    reader.join(10)
    assert [line.get("lm") for line in lines[7:]] == tv.games["Delay001"].codes[5:] + [None]
    assert lines[-1]["status"]["name"] == "resign" and lines[-1]["winner"] == "p2"
    client.close()


def test_the_stand_ins_public_answers(server: FakePlayStrategy) -> None:
    """The TV keyed by its display name and keeping a game over; 404 with no body for an unknown game."""
    client = Client(None, server.url)
    assert "Togyzqumalaq" not in client.request("GET", "/api/tv/channels")  # no champion, no channel
    server.watching.start_game("TvGame01", "Alice", "bob")
    server.watching.finish("TvGame01")
    channels = client.request("GET", "/api/tv/channels")
    assert channels["Togyzqumalaq"]["gameId"] == "TvGame01" and channels["Togyzqumalaq"]["user"]["name"] == "Alice"
    assert client.request("GET", "/api/game/TvGame01")["status"] == "resign"
    for path in ("/api/game/Nope0001", "/api/stream/game/Nope0001", "/api/user/nobody/current-game"):
        with pytest.raises(Exception) as failed:
            client.request("GET", path)
        assert getattr(failed.value, "status", None) == 404, path
    client.close()


@pytest.mark.slow
def test_a_dropped_stream_reconnects_and_the_moves_missed_are_said_or_taken_as_the_server_has_them(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    tv = server.watching
    pits = opening(40)
    tv.start_game("Drop0001", "Alice", "bob", pits=pits[:2])
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    player.type("watch")
    player.hear("PlayStrategy TV: Alice (White) against bob (Black), 5 minutes each plus 2 seconds a move. 2 moves "
                "played.")
    server.drop_streams()
    tv.move("Drop0001", pits[2])  # made while the stream is down: said once it is back
    player.hear("The connection to the game you watch was lost (the server ended the stream); reconnecting.")
    player.hear("Connected again to the game you watch.")
    player.hear("Alice sows 10 stones from pit 9")
    server.drop_streams()
    for pit in pits[3:40]:  # more than the stream's queue keeps: the game is taken as the server has it
        tv.move("Drop0001", pit)
    player.hear("Connected again to the game you watch.")
    player.hear("The game is now as the server has it, after 37 moves.")  # 40 made, 3 held back
    player.type("history")
    assert player.hear("Moves so far.").endswith("18: pit 4 to 3, then pit 2 to 2. 19: pit 7 to 5.")
    code, errors = player.quit()
    assert code == 0 and errors == ""
