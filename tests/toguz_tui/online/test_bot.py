"""``toguz bot`` against the stand-in's Bot API (``standin_bot.py``): run as a subprocess, it accepts a challenge
and plays legal moves until the game ends (the stand-in checks each move, its pit and its landing square),
logs the game's line, declines what it may not play with the reason the stand-in records, refuses to start
for an account that is not a BOT account, survives a dropped stream and a 429, and stops cleanly on SIGTERM;
``toguz bot upgrade`` asks for yes. In the process: the rule for challenges, the minute a 429 without
``Retry-After`` holds the bot, draw offers answered by the engine's score, and the stand-in's refusals."""

from __future__ import annotations

import io
import queue
import re
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules import TOGUZ, Position, Side
from rules.clock import TimeControl
from rules.engine import LEVELS, Engine, SearchResult
from rules.engine.time_use import RESERVE, thinking_time
from rules.move import play_move
from rules.movecode import move_code
from speech.words.i18n import LANGUAGES, catalogue
from tests.toguz_tui.conftest import environment, toguz_command
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_bot import (
    DECLINE_WORDS,
    GAMES_PLAYED,
    NOT_BOT,
    NOT_BOT_GAME,
    NOT_FOR_BOTS,
    add_bot_challenge,
    spectator_chat,
)
from tests.toguz_tui.online.standin_rules import RATE_LIMITED, ClockConfig, fischer
from tests.waiting import until
from toguz_tui.online.bot import bot_game
from toguz_tui.online.bot.bot_account import BotAccount
from toguz_tui.online.bot.bot_command import chat_language
from toguz_tui.online.bot.bot_game import BotGame
from toguz_tui.online.bot.bot_listener import challenge_refusal
from toguz_tui.online.network.answers import OnlineError
from toguz_tui.online.network.client import Client

GAME_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d  game (\w{8}) against (.+), (.+): (won|lost|drawn|aborted), "
                       r"(\d+) plies$")


class BotProcess:
    """``toguz bot ARGS`` against ``server``, its token in a file, the pure-Python search (no compiling); its
    standard output and error output read line by line as they come."""

    def __init__(self, tmp_path: Path, server: FakePlayStrategy, *args: str, stdin: str | None = None) -> None:
        token = tmp_path / "bot-token"
        token.write_text(server.token + "\n")
        env = environment(tmp_path) | {"TOGUZ_ENGINE": "python"}
        self.process = subprocess.Popen(
            [*toguz_command(), "bot", *args, "--server", server.url, "--token-file", str(token)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, bufsize=1)
        self.lines: dict[str, queue.Queue[str]] = {"out": queue.Queue(), "err": queue.Queue()}
        self.seen: dict[str, list[str]] = {"out": [], "err": []}
        assert self.process.stdin is not None
        if stdin is not None:
            self.process.stdin.write(stdin)
        self.process.stdin.close()
        self.readers = [threading.Thread(target=self._read, args=(stream, self.lines[name]), daemon=True)
                        for name, stream in (("out", self.process.stdout), ("err", self.process.stderr))]
        for reader in self.readers:
            reader.start()

    @staticmethod
    def _read(stream: Any, lines: queue.Queue[str]) -> None:
        for line in stream:
            lines.put(line.rstrip("\n"))

    def hear(self, start: str, where: str = "err", timeout: float = 30.0) -> str:
        """The next line of ``where`` (``out`` or ``err``) that starts with ``start``."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines[where].get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"never heard {start!r} on std{where}; heard:\n" + "\n".join(
                    self.seen["out"][-20:] + ["--"] + self.seen["err"][-20:])) from None
            self.seen[where].append(line)
            if line.startswith(start):
                return line

    def ended(self, timeout: float = 30.0) -> int:
        return self.process.wait(timeout)

    def stop(self) -> int:
        """SIGTERM, then the exit status."""
        self.process.send_signal(signal.SIGTERM)
        return self.ended()

    def rest(self, where: str) -> list[str]:
        """Every line of ``where`` heard, once the process has ended."""
        self.ended()
        for reader in self.readers:
            reader.join(30)  # each ends with its pipe
        found = self.seen[where]
        while not self.lines[where].empty():
            found.append(self.lines[where].get())
        return found


@pytest.fixture
def bot_server() -> Iterator[FakePlayStrategy]:
    """The stand-in, its account a BOT account."""
    fake = FakePlayStrategy(account="toguzbot").start()
    fake.bot.is_bot = True
    yield fake
    fake.stop()


def bot_moves(server: FakePlayStrategy, game_id: str) -> list[str]:
    return [path.rsplit("/", 1)[1] for method, path, _form in list(server.requests)
            if method == "POST" and path.startswith(f"/api/bot/game/{game_id}/move/")]


# -- toguz bot as a subprocess ------------------------------------------------------------------------------
@pytest.mark.slow
def test_the_bot_accepts_a_challenge_plays_it_to_the_end_and_logs_it(tmp_path: Path,
                                                                      bot_server: FakePlayStrategy) -> None:
    bot = BotProcess(tmp_path, bot_server, "--level", "1")
    bot.hear("toguz bot: listening for challenges as Toguzbot on 127.0.0.1:", "out")
    bot_server.reject_moves = 1  # its first move refused: logged, and tried again
    add_bot_challenge(bot_server, "BotChal1", challenger="alice", clock=fischer(5, 3))  # Alice plays White
    bot.hear("Accepted Alice's challenge.")
    bot.hear("Game BotChal1: PlayStrategy did not take the move ")
    found = GAME_LINE.match(bot.hear("20", "out", timeout=120))
    assert found is not None, bot.seen["out"]
    game = bot_server.games["BotChal1"]
    assert game.over and game.status in ("variantEnd", "draw")
    assert found.groups()[:3] == ("BotChal1", "Alice (1620)", "5+3 casual")
    assert found.group(4) == {"p2": "won", "p1": "lost", None: "drawn"}[game.winner]
    assert int(found.group(5)) == len(game.codes)
    made = bot_moves(bot_server, "BotChal1")
    assert made[1:] == game.codes[1::2] and made[0] == made[1]  # every move legal; the refused one sent again
    until(lambda: len(bot_server.bot.chat) == 2, 30)  # good game is said after the game's line
    said = [line["text"] for line in bot_server.bot.chat]
    assert said == ["Hello, I am toguz, a Toguz Kumalak engine playing at level 1 of 8. Good luck!",
                    "Good game, thank you!"]
    assert bot.stop() == 0
    errors = bot.rest("err")
    assert errors[-1] == "toguz bot stopped; the games going on stay at the server."
    assert not [line for line in errors if "Traceback" in line or "failed" in line]


@pytest.mark.slow
def test_the_bot_plays_a_correspondence_game(tmp_path: Path, bot_server: FakePlayStrategy) -> None:
    bot = BotProcess(tmp_path, bot_server, "--level", "1")
    bot.hear("toguz bot: listening for challenges as Toguzbot on 127.0.0.1:", "out")
    add_bot_challenge(bot_server, "CorrBot1", challenger="dana", days=3, challenger_side="p1")
    bot.hear("Accepted Dana's challenge.")
    found = GAME_LINE.match(bot.hear("20", "out", timeout=180))
    assert found is not None, bot.seen["out"]
    game = bot_server.games["CorrBot1"]
    assert game.over and found.group(3) == "correspondence casual"
    assert bot_moves(bot_server, "CorrBot1") == game.codes[1::2]  # every move of its own legal, none refused
    assert bot.stop() == 0


@pytest.mark.slow
def test_the_bot_plays_two_games_at_once_with_either_side(tmp_path: Path, bot_server: FakePlayStrategy) -> None:
    bot = BotProcess(tmp_path, bot_server, "--level", "2", "--max-games", "2")
    bot.hear("toguz bot: listening for challenges as Toguzbot on 127.0.0.1:", "out")
    add_bot_challenge(bot_server, "AsWhite1", challenger="bob", clock=fischer(3, 2), challenger_side="p2", rated=True)
    add_bot_challenge(bot_server, "AsBlack1", challenger="carol", clock=fischer(10, 0), challenger_side="p1")
    lines = {found.group(1): found for found in (GAME_LINE.match(bot.hear("20", "out", timeout=120))
                                                 for _game in range(2)) if found is not None}
    assert sorted(lines) == ["AsBlack1", "AsWhite1"]
    assert lines["AsWhite1"].group(3) == "3+2 rated" and lines["AsBlack1"].group(3) == "10 casual"
    for game_id, mine in (("AsWhite1", slice(0, None, 2)), ("AsBlack1", slice(1, None, 2))):
        game = bot_server.games[game_id]
        assert game.over and bot_moves(bot_server, game_id) == game.codes[mine]
        assert int(lines[game_id].group(5)) == len(game.codes)
    assert bot.stop() == 0


def test_the_bot_declines_what_it_may_not_play_with_the_servers_reasons(tmp_path: Path,
                                                                         bot_server: FakePlayStrategy) -> None:
    bot_server.bot.opponent_plays = False  # the games stay going on: the bot is busy
    bot = BotProcess(tmp_path, bot_server, "--level", "1", "--max-games", "2")
    bot.hear("toguz bot: listening for challenges as Toguzbot", "out")
    add_bot_challenge(bot_server, "Variant1", challenger="bob", variant="chess")
    bot.hear("Declined Bob's challenge: another variant: chess.")
    add_bot_challenge(bot_server, "UltraBu1", challenger="bob", clock=fischer(0.25, 0))
    bot.hear("Declined Bob's challenge: UltraBullet, which the Bot API does not play.")
    add_bot_challenge(bot_server, "Byoyomi1", challenger="bob", clock=ClockConfig("byoyomi", 300, byoyomi=10,
                                                                                   periods=1))
    bot.hear("Declined Bob's challenge: a time control the bot does not play.")
    add_bot_challenge(bot_server, "Corresp1", challenger="carol", days=3)
    bot.hear("Accepted Carol's challenge.")
    add_bot_challenge(bot_server, "Rapid001", challenger="dan", clock=fischer(10, 5), rated=True)
    bot.hear("Accepted Dan's challenge.")
    add_bot_challenge(bot_server, "Later001", challenger="erin")
    bot.hear("Declined Erin's challenge: already playing 2 games at once.")
    bot_server.add_game("LobbyGm1", me="p1", opponent="fred", clock=fischer(10, 0), source="lobby")
    bot.hear("Game LobbyGm1 is left to the server: the Bot API may not play it")
    assert bot_server.bot.declined == [("Variant1", "variant"), ("UltraBu1", "toofast"),
                                       ("Byoyomi1", "timecontrol"), ("Later001", "later")]
    assert bot_server.bot.accepted == ["Corresp1", "Rapid001"]
    told = {event["challenge"]["id"]: event["challenge"]["declineReason"] for event in bot_server.events
            if event["type"] == "challengeDeclined"}
    assert told == {"Variant1": DECLINE_WORDS["variant"], "UltraBu1": DECLINE_WORDS["toofast"],
                    "Byoyomi1": DECLINE_WORDS["timecontrol"], "Later001": DECLINE_WORDS["later"]}
    assert not [path for _method, path, _form in bot_server.requests if "LobbyGm1" in path]
    bot.process.send_signal(signal.SIGINT)  # Ctrl-C
    assert bot.ended() == 0
    assert bot.rest("err")[-1] == "toguz bot stopped; the games going on stay at the server."
    assert bot_server.games["Rapid001"].status == "started"  # left going on at the server


def test_an_account_that_is_not_a_bot_is_told_how_to_make_one(tmp_path: Path, server: FakePlayStrategy) -> None:
    bot = BotProcess(tmp_path, server)
    assert bot.ended() == 2
    assert bot.rest("err") == ["toguz bot: Me is not a BOT account. Make a new PlayStrategy account that has played no "
                               "game, give its token the scope bot:play, and run toguz bot upgrade (it cannot be "
                               "undone)."]
    assert [path for _method, path, _form in server.requests] == ["/api/account"]


def test_upgrade_makes_a_bot_account_only_after_yes(tmp_path: Path, server: FakePlayStrategy) -> None:
    refused = BotProcess(tmp_path, server, "upgrade", stdin="no\n")
    assert refused.ended() == 1
    assert refused.rest("err") == ["Nothing changed: Me is not a BOT account."]
    assert not server.bot.is_bot and "/api/bot/account/upgrade" not in [path for _m, path, _f in server.requests]
    server.bot.games_played = 1
    played = BotProcess(tmp_path, server, "upgrade", stdin="yes\n")
    assert played.ended() == 1
    assert played.rest("err") == [f"toguz bot: PlayStrategy did not make Me a BOT account: {GAMES_PLAYED}."]
    server.bot.games_played = 0
    upgraded = BotProcess(tmp_path, server, "upgrade", stdin="yes\n")
    assert upgraded.ended() == 0
    out = upgraded.rest("out")
    assert out[0].startswith("This makes Me a BOT account for good: PlayStrategy cannot undo it.")
    assert out[-1].endswith("Me is now a BOT account: start it with toguz bot.")
    assert server.bot.is_bot
    again = BotProcess(tmp_path, server, "upgrade")
    assert again.ended() == 0
    assert again.rest("out") == ["Me is a BOT account already: start it with toguz bot."]
    assert [path for _m, path, _f in server.requests].count("/api/bot/account/upgrade") == 2


@pytest.mark.slow
def test_the_bot_survives_a_dropped_stream_and_a_429(tmp_path: Path, bot_server: FakePlayStrategy) -> None:
    bot_server.bot.opponent_plays = False
    bot = BotProcess(tmp_path, bot_server, "--level", "1")
    bot.hear("toguz bot: listening for challenges", "out")
    bot_server.fault("/api/challenge/BotChal1/accept", "status", status=429, body=RATE_LIMITED,
                     content_type="text/plain; charset=utf-8", headers={"Retry-After": "1"}, times=1)
    add_bot_challenge(bot_server, "BotChal1", challenger="alice")
    bot.hear("PlayStrategy asks to wait 1 second: the bot waits.")
    bot.hear("Accepted Alice's challenge.")
    until(lambda: bot_server.bot.chat, 30)  # greeted: the game's stream is read
    spectator_chat(bot_server, "BotChal1", "go bot go")  # the spectators' room, read past
    bot_server.drop_streams()
    bot.hear("The connection to ")
    bot.hear("Connected again to ")
    bot_server.bot.opponent_plays = True
    bot_server.opponent_moves("BotChal1", "f1e2")  # Alice's first move: the game is played from here
    found = GAME_LINE.match(bot.hear("20", "out", timeout=120))
    assert found is not None and found.group(1) == "BotChal1"
    assert [entry["kind"] for entry in bot_server.fault_log] == ["status"]
    accepts = [path for method, path, _form in bot_server.requests if path == "/api/challenge/BotChal1/accept"]
    assert len(accepts) == 2
    assert len([path for _m, path, _f in bot_server.requests if path == "/api/stream/event"]) >= 2
    assert bot.stop() == 0


# -- in the process ---------------------------------------------------------------------------------------
def challenge(variant: str = "togyzkumalak", speed: str = "blitz", control: dict[str, Any] | None = None) \
        -> dict[str, Any]:
    return {"id": "Chall001", "variant": {"key": variant}, "speed": speed,
            "timeControl": control or {"type": "clock", "limit": 300, "increment": 3, "show": "5+3"}}


def test_the_bot_plays_togyzkumalak_at_every_speed_the_bot_api_plays() -> None:
    assert challenge_refusal(challenge(), 0, 1) is None
    assert challenge_refusal(challenge(speed="bullet"), 0, 1) is None
    assert challenge_refusal(challenge(speed="correspondence", control={"type": "correspondence", "daysPerTurn": 3}),
                             0, 1) is None
    assert challenge_refusal(challenge(speed="correspondence", control={"type": "unlimited"}), 0, 1) is None
    assert challenge_refusal(challenge(speed="rapid", control={"type": "clock", "show": "5+3|0"}), 0, 1) is None


def test_the_bot_declines_with_lilas_keys() -> None:
    assert challenge_refusal(challenge(variant="chess"), 0, 1) == "variant"
    assert challenge_refusal(challenge(variant="bestemshe"), 0, 1) == "variant"
    assert challenge_refusal({"id": "Chall001"}, 0, 1) == "variant"
    assert challenge_refusal(challenge(speed="ultraBullet"), 0, 1) == "toofast"
    assert challenge_refusal(challenge(speed="rapid", control={"type": "clock", "show": "5|10"}), 0, 1) == \
        "timecontrol"
    assert challenge_refusal(challenge(speed="warp"), 0, 1) == "timecontrol"
    assert challenge_refusal(challenge(control={"type": "hourglass"}), 0, 1) == "timecontrol"
    assert challenge_refusal(challenge(), 1, 1) == "later"
    assert challenge_refusal(challenge(), 2, 3) is None


class Stop(threading.Event):
    """A stop that never comes, whose waits pass at once on a clock of their own, each wait kept."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = 1000.0
        self.waits: list[float] = []

    def wait(self, timeout: float | None = None) -> bool:
        self.waits.append(round(timeout or 0.0, 3))
        self.clock += timeout or 0.0
        return False


def test_a_429_without_retry_after_holds_the_bot_a_minute_then_it_asks_again(server: FakePlayStrategy) -> None:
    client = Client(server.token, server.url, api="bot")
    account = BotAccount(client, "me", "Me", 1, stop=Stop(), err=io.StringIO())
    account.gate.now = lambda: account.stop.clock  # type: ignore[attr-defined]
    server.limit_next()  # lila's own 429: plain text, no Retry-After
    assert account.request(client.account)["id"] == "me"
    assert account.stop.waits == [60.0]  # type: ignore[attr-defined]
    server.limit_next(2)
    with pytest.raises(OnlineError) as refused:
        account.request(client.account)
    assert refused.value.status == 429
    client.close()


class FixedEngine(Engine):
    """An engine whose search finds the first legal pit, with the score given."""

    score = 0.0

    def choose(self, position: Position, time_limit: float | None = None, depth: int | None = None,
               nodes: int | None = None) -> SearchResult:
        pit = min(position.legal_moves())
        return SearchResult(pit, self.score, 1, 1, (pit,), 0.0)


@pytest.mark.parametrize(("score", "answer"), [(-1.5, "draw/yes"), (0.0, "draw/yes"), (2.0, "draw/no")])
def test_a_draw_offer_is_accepted_when_the_bot_stands_no_better_than_even(
        bot_server: FakePlayStrategy, score: float, answer: str) -> None:
    bot_server.bot.opponent_plays = False
    engines = type("Scored", (FixedEngine,), {"score": score})
    client = Client(bot_server.token, bot_server.url, api="bot")
    account = BotAccount(client, "toguzbot", "Toguzbot", 1, engines=engines, err=io.StringIO())
    game = bot_server.add_game("DrawGam1", me="p1", opponent="bob", clock=fischer(10, 5))
    BotGame(account, game.id, lambda _game: None).start()
    until(lambda: len(game.codes) == 1, 30)
    with bot_server.changed:  # Bob's move, with a draw offered
        position = game.game.position
        game.play(move_code(play_move(position, min(position.legal_moves()))[1], 9))
        game.draws["p2"], game.offered_at["p2"] = True, 2
        bot_server._after_change(game)
    until(lambda: any(path.endswith(f"/{answer}") for _m, path, _f in list(bot_server.requests)), 30)
    if answer == "draw/yes":
        until(lambda: game.over, 30)
        assert game.status == "draw" and len(game.codes) == 2
    else:
        until(lambda: len(game.codes) == 3, 30)
        assert not game.draws["p2"] and not game.over
    account.stop.set()
    client.close()


def test_an_opponent_who_never_starts_a_game_on_a_clock_has_it_aborted(bot_server: FakePlayStrategy,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_game, "ABORT_AFTER", 0.3)  # a minute at PlayStrategy
    bot_server.bot.opponent_plays = False
    client = Client(bot_server.token, bot_server.url, api="bot")
    log = io.StringIO()
    account = BotAccount(client, "toguzbot", "Toguzbot", 1, engines=FixedEngine, out=log, err=io.StringIO())
    game = bot_server.add_game("NoStart1", me="p1", opponent="bob", clock=fischer(3, 2))
    BotGame(account, game.id, lambda _game: None).start()
    until(lambda: game.status == "aborted", 30)
    assert len(game.codes) == 1
    until(lambda: "aborted" in log.getvalue(), 30)
    assert log.getvalue().endswith("  game NoStart1 against Bob (1620), 3+2 casual: aborted, 1 ply\n")
    account.stop.set()
    client.close()


def test_the_bot_thinks_for_its_share_of_its_clock_and_a_fixed_time_without_one() -> None:
    client = Client(None, "http://127.0.0.1:9")
    game = BotGame(BotAccount(client, "toguzbot", "Toguzbot", 8), "Budget01", lambda _game: None)
    game.me, game.codes = Side.BLACK, ["f1e2"]
    position = Position.start(TOGUZ)
    assert game._budget(position) == bot_game.UNHURRIED_SECONDS  # correspondence, unlimited
    game.control, game.times = TimeControl(60.0, 0.0), (60.0, 60.0)
    expected = thinking_time(60.0 - bot_game.NETWORK_RESERVE, 0.0, 162, 162, 9, LEVELS[7])
    assert game._budget(position) == pytest.approx(expected)  # its clock's share, the reserve kept
    assert expected == pytest.approx((60.0 - bot_game.NETWORK_RESERVE - RESERVE) / 32.25)  # some 32 moves to make
    game.control, game.times = TimeControl(600.0, 10.0), (600.0, 600.0)
    assert game._budget(position) > 3.0  # level 8 on a clock: past its 3 s without one
    game.times = (600.0, 1.0)
    assert game._budget(position) == pytest.approx(0.125)  # never past a quarter of what is left, the reserve kept
    client.close()


def test_the_chat_lines_fit_the_servers_140_in_every_language() -> None:
    for code in LANGUAGES:
        for line in (bot_game.GREETING, bot_game.GOOD_GAME):
            text = catalogue(code).pgettext(*line).format(level=8, levels=8)
            assert 0 < len(text.encode("utf-16-le")) // 2 <= 140, (code, text)
            assert "http" not in text and "www" not in text  # a bot's line with a link is dropped


def test_the_chat_speaks_the_accounts_language_when_toguz_does() -> None:
    assert chat_language({"language": "ru-RU"}) == "ru"
    assert chat_language({"language": "kk"}) == "kk"
    assert chat_language({"language": "fr-FR"}) == "en"
    assert chat_language({"language": ["ky"]}) == "en"
    assert chat_language({}) == "en"


def test_what_a_hostile_server_says_of_a_game_is_bounded_and_never_played_on(bot_server: FakePlayStrategy) -> None:
    client = Client(bot_server.token, bot_server.url, api="bot")
    log = io.StringIO()
    account = BotAccount(client, "toguzbot", "Toguzbot", 1, engines=FixedEngine, out=log, err=io.StringIO())
    game = BotGame(account, "Hostile1", lambda _game: None)
    full = {"type": "gameFull", "variant": {"key": "togyzkumalak"}, "clock": {"initial": 10**30, "increment": -5},
            "p1": {"id": "TOGUZBOT"}, "p2": {"id": "x", "name": "\x1b[31mEvil\nPlayStrategy: you resigned" * 9,
                                               "rating": 10**12},
            "state": {"moves": "f1e2 zz i1a2", "wtime": float("nan"), "btime": "soon", "status": "started"}}
    assert game.line(full) is False
    assert game.me is Side.WHITE and not game.readable and game._task() is None  # unreadable: no move made
    assert game.control == TimeControl(36_000.0, 0.0)
    assert "\x1b" not in game.opponent and "\n" not in game.opponent and len(game.opponent) <= 4 * 30
    assert game.line({"type": "gameState", "moves": "f1e2", "status": "started"}) is False
    assert game.readable and game.codes == ["f1e2"]
    assert game.line({"type": "gameState", "moves": "f1e2 d2e1 i1a2 zz", "status": "started"}) is False
    assert game.codes == ["f1e2"] and len(game.game.moves) == 1  # the moves read before the bad one are not kept
    assert game.line({"type": "gameState", "moves": "f1e2", "status": "mate", "winner": "p2"}) is True
    assert game.codes == ["f1e2"] and log.getvalue().endswith(": lost, 1 ply\n")
    account.stop.set()
    client.close()


# -- the stand-in's Bot API, as lila has it ---------------------------------------------------------------
def test_the_standin_keeps_the_bot_api_for_bots_and_the_board_api_for_the_others(server: FakePlayStrategy) -> None:
    client = Client(server.token, server.url, api="bot")
    server.add_game("Friendly", clock=fischer(5, 3))
    with pytest.raises(OnlineError) as refused:
        next(client.game("Friendly"))
    assert (refused.value.status, refused.value.reason) == (400, NOT_BOT)
    server.bot.is_bot = True
    assert client.account()["title"] == "BOT"
    board = Client(server.token, server.url)
    with pytest.raises(OnlineError) as refused:
        board.move("Friendly", "f1e2")
    assert (refused.value.status, refused.value.reason) == (400, NOT_FOR_BOTS)
    server.add_game("FromLbby", clock=fischer(10, 0), source="lobby")
    with pytest.raises(OnlineError) as refused:
        next(client.game("FromLbby"))
    assert (refused.value.status, refused.value.reason) == (400, NOT_BOT_GAME)
    assert next(client.game("Friendly"))["type"] == "gameFull"
    client.close()
    board.close()


def test_the_standin_refuses_a_bot_an_ultrabullet_challenge_and_words_each_decline(server: FakePlayStrategy) -> None:
    server.bot.is_bot = True
    client = Client(server.token, server.url, api="bot")
    add_bot_challenge(server, "UltraBu1", clock=fischer(0.25, 0))
    with pytest.raises(OnlineError) as refused:
        client.accept("UltraBu1")
    assert (refused.value.status, refused.value.reason) == (404, "Not found")
    for number, (sent, read) in enumerate([("tooFast", "toofast"), ("declineTimeControl", "timecontrol"),
                                          ("whatever", "generic"), ("", "generic")]):
        add_bot_challenge(server, f"Decline{number}")
        client.decline(f"Decline{number}", sent)
        assert server.bot.declined[-1] == (f"Decline{number}", read)
        assert server.events[-1]["challenge"]["declineReason"] == DECLINE_WORDS[read]
    client.close()
