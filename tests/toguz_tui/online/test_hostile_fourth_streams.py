"""Regression tests for the fourth hostile pass (issue 50), its items on the streams of a game played, watched
or played by the bot: moves past the game's end (item 1), a finished game taken back into play (item 2),
another game's line in a watched game's stream (item 3), and the wording of watching (a flood of positions out
of order, a first line that does not come, a watching replaced, the players' names). Each does what the user
does (``toguz online`` with piped input, ``toguz bot``'s game) against the stand-in playing the hostile server."""

from __future__ import annotations

import io
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rules import Game, Position
from rules.move import play_move
from rules.movecode import move_code, read_move_code
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_rules import fischer
from tests.toguz_tui.online.standin_watch import opening
from tests.toguz_tui.online.test_bot import FixedEngine, bot_server
from tests.toguz_tui.online.test_online_rules import connected
from tests.toguz_tui.online.test_watch import Watcher, without_token
from tests.waiting import until
from toguz_tui.online.bot.bot_account import BotAccount
from toguz_tui.online.bot.bot_game import BotGame
from toguz_tui.online.network.client import Client
from toguz_tui.online.play.watch import Watch
from toguz_tui.online.play.watched_game import WatchedGame, WatchTarget
from toguz_tui.session.facade import GameSession

__all__ = ["bot_server", "without_token"]  # the fixtures, used by name

PAST_END = "PlayStrategy sent a move after the game's end by the rules"


def past_the_end(extra: int = 1) -> tuple[tuple[str, ...], tuple[str, ...], Game]:
    """A whole game of random legal moves that ends with a kazan past 81 where the side to move still has
    stones (its codes, and the game, a new one each time), and ``extra`` codes more: moves the position allows
    after the end."""
    codes, beyond = _past_the_end(extra)
    game = Game()
    for code in codes:
        game.play(read_move_code(game.position, code))
    return codes, beyond, game


@cache
def _past_the_end(extra: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    for seed in range(1000):
        chooser, game = random.Random(seed), Game()
        codes = []
        while not game.is_over:
            codes.append(move_code(game.play(chooser.choice(game.legal_moves())), 9))
        position: Position = game.position
        beyond: list[str] = []
        while max(position.kazans) >= 82 and len(beyond) < extra and position.legal_moves():
            position, report = play_move(position, position.legal_moves()[0])
            beyond.append(move_code(report, 9))
        if len(beyond) == extra:
            return tuple(codes), tuple(beyond)
    raise AssertionError("no such game")


def white_to_end() -> bool:
    """Whether White makes the last move of ``past_the_end``'s game."""
    return len(_past_the_end(1)[0]) % 2 == 1


# -- item 1: moves past the game's end ----------------------------------------------------------------------
@pytest.mark.slow
def test_1_a_game_full_with_a_move_past_the_end_is_one_line_and_the_game_stays_followed(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    codes, extra, game = past_the_end()
    fake = server.add_game("PastEnd1", me="p1", opponent="alice")
    with server.changed:  # the server plays on: a whole game and one move more, still "started"
        fake.game, fake.codes = game, [*codes, *extra]
    player = connected(tmp_path, server)
    player.hear(f"Your game against Alice on PlayStrategy, you play White, {len(codes)} moves played.")
    player.hear(f"{PAST_END} ({extra[0]}); toguz keeps the game as the rules ended it.")
    server.chat_from_opponent("PastEnd1", "still there?")
    player.hear("Alice says: still there?")  # the game's stream is still read
    player.type("kazans")
    player.hear("82", anywhere=True)
    status, errors = player.quit()
    assert status == 0 and errors == ""
    said = "\n".join(player.seen)
    assert "toguz failed" not in said and said.count(PAST_END) == 1


@pytest.mark.slow
def test_1_a_watched_game_played_on_past_its_end_is_one_line_and_stays_watched(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    codes, extra, _game = past_the_end(4)
    games = server.watching
    games.drop_head = False
    live = games.start_game("PastEnd2", "Alice", "bob", tv=False, minutes=None)
    with server.changed:  # the game's whole moves, its end not said: the server has it going on
        for code in codes:
            live.play(code)
        live.status, live.winner = "started", None
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    player.type("watch PastEnd2")
    player.hear("Watching alice (White) against bob (Black) on PlayStrategy")
    for code in extra:  # four moves more: the stream holds the last three, the first comes out
        games.play_past_end("PastEnd2", code)
    player.hear(f"{PAST_END} ({extra[0]}); toguz keeps the game as the rules ended it.")
    player.type("kazans")
    player.hear("82", anywhere=True)
    player.type("watch stop")
    player.hear("You stopped watching.")  # still watched: the stream was not given up
    status, errors = player.quit()
    assert status == 0 and errors == ""
    said = "\n".join(player.seen)
    assert "toguz failed" not in said and said.count(PAST_END) == 1


class Spectator(Watch):
    """A watching without a connection or a session: what is said is kept; the server's moves are ``moves``."""

    def __init__(self, moves: list[str]) -> None:  # no connection: Watch's own is never built
        self.moves = moves
        self.said: list[str] = []

    @property
    def stopped(self) -> bool:
        return False

    @property
    def session(self) -> GameSession:
        raise AssertionError("the game is not taken up here")

    def say(self, sentences: list[str], kind: str = "info") -> None:
        self.said.append(" ".join(sentences))

    def game_moves(self, game_id: str) -> list[str]:
        return self.moves


def test_1_a_watched_games_moves_asked_again_past_the_end_are_read_to_the_end() -> None:
    codes, extra, game = past_the_end()
    spectator = Spectator([*codes, *extra])
    watched = WatchedGame(spectator, WatchTarget("PastEnd3", ("Alice", "bob")), "https://example.org")
    assert watched.line({"id": "PastEnd3", "variant": {"key": "togyzkumalak"}, "plies": 5000,
                         "status": {"name": "started"}}) is False
    after = play_move(game.position, read_move_code(game.position, extra[0]))[0]  # no move of the game leads there
    line = {**stream_fen(after), "lm": extra[0]}
    assert watched.line(line) is False  # today: IllegalMoveError out of the game's reading
    assert watched.track is not None and watched.track.is_over and len(watched.track.moves) == len(codes)
    assert spectator.said == [f"{PAST_END} ({extra[0]}); toguz keeps the game as the rules ended it."]


def test_1_the_bots_game_with_a_move_past_the_end_is_noted_once_and_still_played(
        bot_server: FakePlayStrategy) -> None:
    codes, extra, game = past_the_end()
    bot_server.bot.opponent_plays = False
    client = Client(bot_server.token, bot_server.url, api="bot")
    log, notes = io.StringIO(), io.StringIO()
    account = BotAccount(client, "toguzbot", "Toguzbot", 1, engines=FixedEngine, out=log, err=notes)
    fake = bot_server.add_game("PastEnd4", me="p1", opponent="bob", clock=fischer(10, 5))
    with bot_server.changed:
        fake.game, fake.codes = game, [*codes, *extra]
    ended: list[BotGame] = []
    BotGame(account, fake.id, ended.append).start()
    until(lambda: "after the game's end" in notes.getvalue() or "failed" in notes.getvalue(), 30)
    assert notes.getvalue() == ("Game PastEnd4: the server's moves go on after the game's end by the rules; the bot "
                                "waits for its next state.\n")
    assert ended == [], "the game is still played (not left, to be lost on time)"
    bot_server.end("PastEnd4", "resign", "p2")
    until(lambda: ended, 30)
    assert log.getvalue().endswith(f"  game PastEnd4 against Bob (1620), 10+5 casual: lost, {len(codes)} plies\n")
    account.stop.set()
    client.close()


# -- item 2: a finished game taken back into play -------------------------------------------------------------
@pytest.mark.slow
def test_2_a_finished_game_is_not_taken_back_into_play_by_a_shorter_state(tmp_path: Path,
                                                                          server: FakePlayStrategy) -> None:
    codes, _extra, _game = past_the_end()
    me = "p2" if white_to_end() else "p1"  # the opponent makes the last move
    fake = server.add_game("Ended001", me=me, opponent="alice")
    replay = Game()
    for code in codes[:-1]:
        replay.play(read_move_code(replay.position, code))
    with server.changed:
        fake.game, fake.codes = replay, list(codes[:-1])
    player = connected(tmp_path, server)
    player.hear(f"Your game against Alice on PlayStrategy, you play {'White' if me == 'p1' else 'Black'}, "
                f"{len(codes) - 1} moves played.")
    with server.changed:  # the last move, the end by the rules, which the server does not say
        fake.play(codes[-1])
        fake.status = "started"
        server._after_change(fake)
    player.hear("Game over", anywhere=True)
    until(lambda: len(list((tmp_path / "data" / "games").glob("*.pgn"))) == 1)  # archived
    with server.changed:  # the server's game, shorter, on the reconnection
        fake.codes = fake.codes[:10]
    server.drop_streams()
    player.hear("Connected again to the game.")
    server.chat_from_opponent("Ended001", "rematch?")  # after the state: heard once the state is read
    player.hear("Alice says: rematch?")
    player.type("kazans")
    player.hear("82", anywhere=True)  # the game as it ended, not its first 10 moves
    status, errors = player.quit()
    assert status == 0 and errors == ""
    assert "The game is now as the server has it" not in "\n".join(player.seen)


# -- item 3: another game's line in a watched game's stream ------------------------------------------------
@pytest.mark.slow
def test_3_another_games_line_does_not_end_the_watched_game(tmp_path: Path, server: FakePlayStrategy) -> None:
    games = server.watching
    games.start_game("Game0003", "Alice", "bob", tv=False, pits=opening(3))
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    player.type("watch Game0003")
    player.hear("Watching alice (White) against bob (Black) on PlayStrategy")
    games.send_line("Game0003", {"id": "Other999", "status": "resign", "winner": "p2"},
                    {"id": "Other998", "status": {"id": 31, "name": "resign"}, "winner": "p1"})
    games.move("Game0003", opening(4)[3])
    player.hear("bob sows")  # the game goes on
    player.type("watch stop")
    player.hear("You stopped watching.")
    status, errors = player.quit()
    assert status == 0 and errors == ""
    assert not any("resign" in line for line in player.seen)


def stream_fen(position: Position) -> dict[str, Any]:
    board, white, black, side, _number = position.fen().split()
    return {"fen": f"{board} {white} {black} {'w' if side == 'S' else 'b'}"}


# -- the wording of watching ---------------------------------------------------------------------------------
@pytest.mark.slow
def test_positions_out_of_order_by_the_hundred_are_folded_as_chat_is(tmp_path: Path, server: FakePlayStrategy) -> None:
    games = server.watching
    games.start_game("Flood001", "Alice", "bob", tv=False, pits=opening(3))
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    player.type("watch Flood001")
    player.hear("Watching alice (White) against bob (Black) on PlayStrategy")
    far = Game()
    for pit in opening(12):
        far.play(pit)
    one = stream_fen(far.position)
    far.play(far.legal_moves()[0])
    other = stream_fen(far.position)
    games.send_line("Flood001", *[one if index % 2 == 0 else other for index in range(100)])
    player.hear("The game was set as the server has it 95 more times; it now stands after 0 moves.", timeout=30)
    said = [line for line in player.seen if line.startswith("The game is now as the server has it")]
    assert len(said) == 5
    player.type("watch stop")
    player.hear("You stopped watching.")
    status, errors = player.quit()
    assert status == 0 and errors == ""


@pytest.mark.slow
def test_a_first_line_that_does_not_come_is_said_to_be_waited_for(tmp_path: Path, server: FakePlayStrategy) -> None:
    server.watching.start_game("Slow0001", "Alice", "bob", tv=False, pits=opening(3))
    server.fault("/api/stream/game/", "drip", every=1.0, seconds=30)
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    player.type("watch Slow0001")
    player.hear("PlayStrategy has not sent game Slow0001 yet; toguz waits for it (watch stop stops).")
    player.type("watch stop")
    player.hear("You stopped watching.")
    status, errors = player.quit()
    assert status == 0 and errors == ""
    assert sum("has not sent game" in line for line in player.seen) == 1


@pytest.mark.slow
def test_a_watching_replaced_by_another_says_nothing_more(tmp_path: Path, server: FakePlayStrategy) -> None:
    games = server.watching
    games.start_game("First001", "Alice", "bob", tv=False, pits=opening(3))
    games.start_game("Second01", "carol", "dave", tv=False, pits=opening(3))
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    server.fault("/api/stream/game/First001", "hold", seconds=30)  # the first game's stream: no answer yet
    player.type("watch First001")
    until(lambda: server.requests and server.requests[-1][1] == "/api/stream/game/First001")
    player.type("watch Second01")  # replaces it
    player.hear("Watching carol (White) against dave (Black) on PlayStrategy")
    games.forget("First001")
    server.release()  # the first game's stream is answered now: 404, to a watching replaced (unsaid)
    until(lambda: server.fault_log)
    games.move("Second01", opening(4)[3])
    player.hear("dave sows")
    player.type("watch stop")
    player.hear("You stopped watching.")
    status, errors = player.quit()
    assert status == 0 and errors == ""
    assert not any("was lost" in line or "First001" in line for line in player.seen)


@pytest.mark.slow
def test_a_player_met_by_name_is_named_so_in_the_next_tv_game_where_the_server_gives_their_id(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    tv = server.watching
    tv.start_game("TvGame01", "Alice", "Bob")  # the TV's champion, Alice, by name; Bob by his id, "bob"
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    player.type("watch tv")
    player.hear("PlayStrategy TV: Alice (White) against bob (Black)")
    tv.finish("TvGame01", "resign", "p2")
    player.hear("The next TV game is said when it starts")
    tv.start_game("TvGame02", "Bob", "Alice")  # Bob the champion now, Alice by her id, "alice"
    player.hear("PlayStrategy TV: Bob (White) against Alice (Black)")
    code, errors = player.quit()
    assert code == 0 and errors == ""


def test_one_move_and_one_time_are_said_in_the_singular() -> None:
    from speech.words import online_wording, watch_wording

    assert online_wording.resynchronised_after(1) == "The game is now as the server has it, after 1 move."
    assert online_wording.resynchronised_after(10) == "The game is now as the server has it, after 10 moves."
    assert watch_wording.resynchronised(1, 1) == ("The game was set as the server has it 1 more time; it now "
                                                  "stands after 1 move.")
    assert watch_wording.resynchronised(300, 41) == ("The game was set as the server has it 300 more times; it "
                                                     "now stands after 41 moves.")
