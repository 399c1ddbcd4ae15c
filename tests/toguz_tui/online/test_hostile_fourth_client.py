"""Regression tests for the fourth hostile pass (issue 50), its items on the client, the correspondence poll,
the arenas and online's words: one test per numbered item, named after it, doing what the user did
(``toguz online``, ``toguz bot`` with piped input against the stand-in)."""

from __future__ import annotations

import io
import math
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from rules.move import play_move
from rules.movecode import move_code
from speech.voices import RecordingSpeaker
from speech.words import online_wording
from tests.toguz_tui.conftest import environment, toguz_command
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_correspondence import FakeArena
from tests.toguz_tui.online.standin_rules import fischer
from tests.toguz_tui.online.test_bot import FixedEngine, bot_server
from tests.toguz_tui.online.test_correspondence import Player as PollingPlayer
from tests.toguz_tui.online.test_online_board import board_app
from tests.toguz_tui.online.test_online_rules import connected
from tests.waiting import until
from toguz_tui.online.bot.bot_account import BotAccount
from toguz_tui.online.bot.bot_game import BotGame
from toguz_tui.online.main import online_session, parser
from toguz_tui.online.network import answers, token_store
from toguz_tui.online.network.client import Client, OnlineError, server_address

__all__ = ["bot_server"]  # the stand-in as a BOT account (a fixture)
REFUSED_BY_HTTPX = ["https://ｅｖｉｌ.example", "https://xn--.example", "https://ev\u200bil.example"]
COMMANDS = {
    "online": (["online", "--line", "--speech", "off"], "quit\n", "toguz online"),
    "online login": (["online", "login"], "a-token-of-mine-1234\n", "toguz online"),
    "online export": (["online", "export", "alice", "--out", "games.pgn"], None, "toguz online export"),
    "bot": (["bot"], None, "toguz bot"),
}


@pytest.mark.parametrize("address", REFUSED_BY_HTTPX, ids=["fullwidth", "an empty A-label", "a zero-width space"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_4_a_host_the_http_library_refuses_is_one_plain_line_everywhere(tmp_path: Path, address: str,
                                                                        command: str) -> None:
    args, given, prefix = COMMANDS[command]
    env = {**environment(tmp_path), token_store.ENVIRONMENT: "a-token-of-mine-1234"}
    done = subprocess.run([*toguz_command(), *args, "--server", address], input=given, capture_output=True,
                          text=True, timeout=60, env=env, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == f"{prefix}: {address!r} is not a web address."
    assert done.stdout == ""
    assert not (tmp_path / "games.pgn").exists()


@pytest.mark.parametrize("address", REFUSED_BY_HTTPX)
def test_4_the_shared_address_check_reads_the_host_as_httpx_does(address: str) -> None:
    with pytest.raises(OnlineError) as refused:
        server_address(address)
    assert refused.value.delivery == "unsent"
    assert server_address("https://bücher.example/") == "https://bücher.example"  # IDNA that httpx takes, kept


@pytest.mark.slow
def test_13_the_poll_of_the_games_waits_as_a_429_asks_and_says_so_once(tmp_path: Path,
                                                                       server: FakePlayStrategy) -> None:
    server.fault("/api/account/playing", "status", status=429, body='{"error":"wait"}', headers={"Retry-After": "3"})
    player = PollingPlayer(tmp_path, server)  # --poll 1
    player.hear("Connected to PlayStrategy as me.")
    player.hear("PlayStrategy asks to wait 3 seconds: your games are asked for again then.")
    for _poll in range(2):  # each refused again: waited for each time, said only the first
        held, asked = time.monotonic(), _polls(server)
        until(lambda: _polls(server) > asked, timeout=15)  # noqa: B023  (asked is read within the loop's turn)
        assert time.monotonic() - held >= 2.0, "asked again before the 3 seconds the server asked for"
    server.clear_faults()
    until(lambda: _polls(server) - len(server.fault_log) >= 2, timeout=15)  # answered again: the polls go on
    code, _errors = player.quit()
    assert code == 0
    assert sum("asks to wait" in line for line in player.seen) == 1, player.seen


def _polls(server: FakePlayStrategy) -> int:
    return len([path for _method, path, _form in server.requests if path == "/api/account/playing"])


class ArenaClock(FakeArena):
    """An arena whose clock is whatever the test gives (a hostile server's)."""

    clock: Any = None

    def json(self) -> dict[str, Any]:
        found = super().json()
        if self.clock is None:
            del found["clock"]
        else:
            found["clock"] = self.clock
        return found


@pytest.mark.slow
def test_14_an_arena_whose_clock_cannot_be_read_is_refused_not_joined(tmp_path: Path,
                                                                      server: FakePlayStrategy) -> None:
    clocks: dict[str, Any] = {
        "NaNclock": {"limit": math.nan, "increment": 600}, "Infclock": {"limit": math.inf, "increment": 10},
        "Noclock1": None, "Strclock": {"limit": "300", "increment": "2"},
        "Longclok": {"limit": 10**9, "increment": 10}, "Boolclok": {"limit": True, "increment": 10},
    }
    for arena_id, clock in clocks.items():
        arena = server.arenas[arena_id] = ArenaClock(arena_id, name=f"Arena {arena_id}")
        arena.clock = clock
    player = connected(tmp_path, server)
    for arena_id in clocks:
        player.type(f"tournament join {arena_id}")
        player.hear(f"Arena {arena_id}'s clock could not be read from PlayStrategy's answer: not joined.")
    assert not any(arena.players for arena in server.arenas.values())
    assert not any(path.endswith("/join") for _method, path, _form in server.requests)
    player.quit()


@pytest.mark.slow
def test_the_wording_items_of_online_play(tmp_path: Path, server: FakePlayStrategy) -> None:
    player = connected(tmp_path, server)
    player.type("challenge days 3")
    player.hear("Name the player first: challenge NAME days 3.")
    player.type("challenge bob days 99999999999999")
    player.hear("PlayStrategy gives a correspondence game 1 to 14 days a move.")
    player.type("login")
    player.hear(f"You are logged in already. To log in with another token, quit and run toguz online login --server "
                f"{server.url}.")
    assert not server.challenges_made
    player.quit()


def test_a_wait_of_one_second_is_said_in_the_singular() -> None:
    response = httpx.Response(429, headers={"Retry-After": "1"}, request=httpx.Request("GET", "https://x.example"))
    with pytest.raises(OnlineError) as held:
        answers.check(response, b"")
    assert str(held.value) == "the server asks to wait 1 second before asking again"
    assert online_wording.move_not_taken("refused", "", 1.0).startswith("PlayStrategy asks to wait 1 second;")


def test_the_bot_says_an_even_score_without_a_minus(bot_server: FakePlayStrategy) -> None:
    bot_server.bot.opponent_plays = False
    engines = type("Scored", (FixedEngine,), {"score": -0.0})
    client = Client(bot_server.token, bot_server.url, api="bot")
    log = io.StringIO()
    account = BotAccount(client, "toguzbot", "Toguzbot", 1, engines=engines, out=io.StringIO(), err=log)
    game = bot_server.add_game("DrawGam1", me="p1", opponent="bob", clock=fischer(10, 5))
    BotGame(account, game.id, lambda _game: None).start()
    until(lambda: len(game.codes) == 1, 30)
    with bot_server.changed:  # Bob's move, with a draw offered
        position = game.game.position
        game.play(move_code(play_move(position, min(position.legal_moves()))[1], 9))
        game.draws["p2"], game.offered_at["p2"] = True, 2
        bot_server._after_change(game)
    until(lambda: "accepts the draw offered" in log.getvalue(), 30)
    assert "Game DrawGam1: the bot accepts the draw offered (its score: +0.0)." in log.getvalue()
    account.stop.set()
    client.close()


def test_no_negative_zero_in_a_score() -> None:
    assert online_wording.signed_stones(-0.0) == "+0.0"
    assert online_wording.signed_stones(-0.04) == "+0.0"
    assert online_wording.signed_stones(-1.26) == "-1.3"
    assert online_wording.signed_stones(2.0) == "+2.0"


def test_login_typed_without_a_token_says_how_to_log_in(tmp_path: Path) -> None:
    done = subprocess.run([*toguz_command(), "online", "--line", "--speech", "off", "--server",
                           "https://lila.example.org"], input="login\nquit\n", capture_output=True, text=True,
                          timeout=60, env={**environment(tmp_path), token_store.ENVIRONMENT: ""})
    assert done.returncode == 0 and done.stderr == ""
    assert "To log in, quit and run toguz online login --server https://lila.example.org (it asks for your token)." \
        in done.stdout
    assert "Unknown command" not in done.stdout


@pytest.mark.slow
async def test_the_online_board_without_a_game_says_no_online_game_is_going_on(server: FakePlayStrategy) -> None:
    session, app = board_app(server)
    try:
        async with app.run_test(size=(100, 30)):
            title = app.game_screen.status_text(app.game_screen.look())
            assert title == "Toguz Kumalak | no online game is going on", title
    finally:
        assert session.online is not None
        session.online.close()
        session.close()
    options = parser().parse_args(["--server", server.url, "--speech", "off"])
    watching, online = online_session(None, options)  # without a token: watching only
    watching.output.voice.speaker = RecordingSpeaker()
    try:
        app = type(app)(watching)
        async with app.run_test(size=(100, 30)):
            title = app.game_screen.status_text(app.game_screen.look())
            assert title == "Toguz Kumalak | no online game is going on", title
    finally:
        online.close()
        watching.close()
