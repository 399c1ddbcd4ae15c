"""The stand-in's public endpoints for watching games (``tests/toguz_tui/online/server.py`` hands them every
request first: they need no token): the game's stream, the TV channels, a player's current game and one
game's JSON, as PlayStrategy's lila (github:Mind-Sports-Games/lila at 1283402) answers them. Every rule cites
the file (and lines) it comes from.

A test scripts it through ``FakePlayStrategy.watching``: ``start_game`` (on the TV or not, with moves
already played), ``move``, ``finish``, ``forget`` (no longer held in play: the stream answers 404); it
can set ``busy`` (streams from this address held by others), ``drop_head`` and ``lagging`` (the two races
of the stream's queue, below) and ``keep_alive_after``. ``accepts`` keeps the Accept header of each
current-game request. A hostile server: ``play_past_end`` plays on after the game's end by the rules,
``send_line`` writes any line as it is into the game's streams.
"""

from __future__ import annotations

import functools
import json
import threading
import time
import urllib.parse
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any, Protocol

from rules import Game
from rules.move import play_move
from rules.movecode import move_code, read_move_code
from tests.toguz_tui.online.standin_rules import STATUS_IDS, RateLimit

# modules/round/src/main/ApiActionStream.scala 19-20: the first 5 lines come at once, the later ones 3 behind
KEEP_FIRST, DELAY = 5, 3
QUEUE = 16  # ApiActionStream.scala 29: Source.queue(16, OverflowStrategy.dropHead)
PER_ADDRESS = 8  # app/controllers/Api.scala 382-388: ApiActionStreamGlobalConcurrencyLimitPerIP, maxConcurrency 8
TOO_MANY_STREAMS = {"error": f"Please only run {PER_ADDRESS} request(s) at a time"}  # memo ConcurrencyLimit.scala 61-62
TOO_MANY_GAMES = {"error": "Error 429: Too many requests! Try again later."}  # Api.scala 415-416 tooManyRequests
TV_NAME = "Togyzqumalaq"  # modules/tv/src/main/Tv.scala 648-656: the channel's name, variantName.xml 45
VARIANT = {"key": "togyzkumalak", "name": "Togyzqumalaq", "short": "Toqyz", "lib": 4,
           "boardSize": {"width": 9, "height": 2}}
START_FEN = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1"  # strategygames togyzkumalak Forsyth


def opening(count: int) -> tuple[int, ...]:
    """The pits of a game's first ``count`` moves, for tests (each the first legal of a turning order)."""
    game, pits, order = Game(), [], (7, 6, 9, 5, 3, 8, 1, 4, 2)
    for ply in range(count):
        legal = game.position.legal_moves()
        pit = next(pit for pit in order[ply % 9:] + order[:ply % 9] if pit in legal)
        game.play(pit)
        pits.append(pit)
    return tuple(pits)


class Host(Protocol):
    """What the endpoints need of the stand-in: its condition, whether it stops, its streams' generation."""

    changed: threading.Condition
    stopping: bool
    generation: int


@dataclass
class LiveGame:
    """A game anyone can watch: its players, clock, moves and the times after each, status, winner."""

    id: str
    white: str
    black: str
    minutes: float | None = 5  # None: a correspondence game (days a move)
    increment: int = 2
    variant: str = "togyzkumalak"
    rated: bool = True
    game: Game = field(default_factory=Game)
    codes: list[str] = field(default_factory=list)
    times: list[tuple[int, int]] = field(default_factory=list)  # (p1, p2) seconds at each position, the start first
    status: str = "started"
    winner: str | None = None
    held: bool = True  # held in play by a round actor (RoundSocket.scala 60): else the stream answers 404
    created: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        limit = round((self.minutes or 0) * 60)
        self.times = [(limit, limit)]

    @property
    def over(self) -> bool:
        return self.status not in ("created", "started")  # strategygames Status: finished from Aborted on

    def play(self, code: str) -> None:
        """A move by its code; the clocks run from the second ply (strategygames togyzkumalak Game.scala
        applyClock), 2 s a move here."""
        report = self.game.play(read_move_code(self.game.position, code))
        white, black = self.times[-1]
        if len(self.codes) >= 2 and self.minutes is not None:
            if report.mover.value == 0:
                white = max(0, white - 2) + self.increment
            else:
                black = max(0, black - 2) + self.increment
        self.codes.append(move_code(report, 9))
        self.times.append((white, black))
        if report.outcome is not None:
            winner = report.outcome.winner
            self.status, self.winner = "variantEnd", None if winner is None else ("p1" if winner.value == 0 else "p2")

    def position_line(self, ply: int) -> dict[str, Any]:
        """ApiActionStream.scala 103-123: the board as Forsyth.exportBoard writes it and the side's letter
        (no move number), the last move, the clocks in whole seconds (a game with a clock only)."""
        position = Game().position  # played with play_move, which does not stop at the game's end (play_past_end)
        for code in self.codes[:ply]:
            position = play_move(position, read_move_code(position, code))[0]
        board, white_kazan, black_kazan, side, _number = position.fen().split()
        line: dict[str, Any] = {"fen": f"{board} {white_kazan} {black_kazan} {'w' if side == 'S' else 'b'}"}
        if ply:
            line["lm"] = self.codes[ply - 1]
        if self.minutes is not None:
            white, black = self.times[ply]
            line.update({"p1": white, "p2": black, "p1Pending": 0, "p2Pending": 0, "p1Delay": self.increment,
                         "p2Delay": self.increment})
        return line

    def whole(self) -> dict[str, Any]:
        """modules/game/src/main/JsonView.scala 30-71: the whole game, no players and no clocks."""
        found: dict[str, Any] = {
            "id": self.id, "lib": 4, "variant": VARIANT, "gameFamily": "togyzkumalak", "speed": "blitz",
            "perf": "togyzkumalak", "rated": self.rated, "initialFen": START_FEN, "fen": self.game.position.fen(),
            "player": "p1" if self.game.position.to_move.value == 0 else "p2", "plies": len(self.codes),
            "turns": len(self.codes), "startedAtTurn": 0, "source": "lobby",
            "status": {"id": STATUS_IDS.get(self.status, 0), "name": self.status}, "createdAt": 1718000000000,
            "canOfferDraw": True}
        if self.winner is not None:
            found["winner"] = self.winner
        if self.codes:
            found["lastMove"] = self.codes[-1]
        return found

    def clock_json(self) -> dict[str, Any]:
        if self.minutes is None:
            return {"daysPerTurn": 3}
        limit = round(self.minutes * 60)
        return {"clock": {"initial": limit, "increment": self.increment, "totalTime": limit + 40 * self.increment}}

    def api_game(self, moves: bool) -> dict[str, Any]:
        """modules/api/src/main/GameApi.scala 206-260 (/api/game/{id}): the players by their ids, the status's
        name, the clock, the moves with ``with_moves=1`` (Api.scala gameFlagsFromRequest)."""
        found: dict[str, Any] = {
            "id": self.id, "initialFen": None, "rated": self.rated, "variant": self.variant, "speed": "blitz",
            "perf": self.variant, "createdAt": 1718000000000, "lastMoveAt": 1718000600000,
            "turns": len(self.codes), "plies": len(self.codes), "status": self.status, "abortable": False,
            "players": {"p1": {"userId": self.white.lower(), "rating": 1700},
                        "p2": {"userId": self.black.lower(), "rating": 1650}}, **self.clock_json()}
        if moves:
            found["moves"] = " ".join(self.codes)
        return found

    def export(self) -> dict[str, Any]:
        """modules/api/src/main/GameApiV2.scala 293-349 (current-game as JSON): the players' light users, the
        status's name, the moves of a game going on without its last 3, keeping at least 5 (PgnDump.scala
        309-326)."""
        codes = self.codes if self.over else self.codes[:max(5, len(self.codes) - 3)]
        found: dict[str, Any] = {
            "id": self.id, "rated": self.rated, "lib": 4, "variant": self.variant, "speed": "blitz",
            "perf": self.variant, "createdAt": 1718000000000, "lastMoveAt": 1718000600000, "status": self.status,
            "players": {"p1": {"user": {"name": self.white, "id": self.white.lower()}, "rating": 1700},
                        "p2": {"user": {"name": self.black, "id": self.black.lower()}, "rating": 1650}},
            "moves": " ".join(codes), **self.clock_json()}
        if self.winner is not None:
            found["winner"] = self.winner
        return found


class WatchStandIn:
    """The watching endpoints of the stand-in, and their scripting."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.games: dict[str, LiveGame] = {}
        self.tv: str | None = None  # the TV channel's game: kept once the game has ended (ChannelTrouper.scala)
        self.streams = 0  # the game streams open from this address
        self.busy = 0  # streams from this address held by other programs
        self.drop_head = True  # a long game's first lines lost in the stream's queue of 16 (dropHead)
        self.lagging = False  # the end's {} counted one short, as a racy buffer.size does: the last line stuck
        self.keep_alive_after = 70.0  # Api.scala 431-434 addKeepAlive: "\n" after 70 s of silence
        self.accepts: list[str] = []  # the Accept header of each current-game request
        self.game_limit = RateLimit(100, 60.0)  # Api.scala 154-160 GameRateLimitPerIP: 100 a minute
        self.opened: list[str] = []  # the game of each stream opened
        self._raw_sent: dict[int, int] = {}  # each stream's raw lines written (by its handler's id)
        self.raw: dict[str, list[dict[str, Any]]] = {}  # lines written as they are into a game's streams (send_line)

    # -- scripting ------------------------------------------------------------------------------------
    def start_game(self, game_id: str, white: str = "Alice", black: str = "bob", *, tv: bool = True,
                   pits: tuple[int, ...] = (), minutes: float | None = 5, increment: int = 2,
                   variant: str = "togyzkumalak") -> LiveGame:
        """A game starts (on the TV channel when ``tv``: Tv.scala's channel takes the new game), the pits
        ``pits`` already played in turn."""
        game = LiveGame(game_id, white, black, minutes, increment, variant)
        for pit in pits:
            game.play(move_code(play_move(game.game.position, pit)[1], 9))
        with self.host.changed:
            self.games[game_id] = game
            if tv:
                self.tv = game_id
            self.host.changed.notify_all()
        return game

    def move(self, game_id: str, pit: int | None = None, code: str | None = None) -> str:
        """The side to move plays ``pit`` (its own pit number), or ``code``; the code played."""
        game = self.games[game_id]
        with self.host.changed:
            if code is None:
                assert pit is not None
                code = move_code(play_move(game.game.position, pit)[1], 9)
            game.play(code)
            self.host.changed.notify_all()
        return code

    def finish(self, game_id: str, status: str = "resign", winner: str | None = "p1") -> None:
        """The game ends (round's FinishGame); the TV channel keeps its id until another game starts."""
        game = self.games[game_id]
        with self.host.changed:
            game.status, game.winner = status, winner
            self.host.changed.notify_all()

    def play_past_end(self, game_id: str, code: str) -> None:
        """A hostile server: ``code`` is played as if the game had not ended by the rules (its status stays)."""
        game = self.games[game_id]
        with self.host.changed:
            game.codes.append(code)
            game.times.append(game.times[-1])
            self.host.changed.notify_all()

    def send_line(self, game_id: str, *lines: dict[str, Any]) -> None:
        """A hostile server: ``lines`` written as they are into the game's streams open now (no delay)."""
        with self.host.changed:
            self.raw.setdefault(game_id, []).extend(lines)
            self.host.changed.notify_all()

    def forget(self, game_id: str) -> None:
        """The game is no longer held in play (long over): its stream answers 404."""
        with self.host.changed:
            self.games[game_id].held = False
            self.host.changed.notify_all()

    # -- the HTTP side --------------------------------------------------------------------------------
    def answer(self, handler: BaseHTTPRequestHandler, method: str) -> bool:
        """Answer ``handler``'s request if it is one of watching's (True), else leave it (False)."""
        split = urllib.parse.urlsplit(handler.path)
        parts, query = split.path.strip("/").split("/"), dict(urllib.parse.parse_qsl(split.query))
        if method != "GET":
            return False
        if parts == ["api", "tv", "channels"]:
            self._send(handler, 200, self._channels())
        elif parts[:3] == ["api", "stream", "game"] and len(parts) == 4:
            self._stream(handler, parts[3])
        elif parts[:2] == ["api", "game"] and len(parts) == 3:
            self._game(handler, parts[2], query.get("with_moves") in ("1", "true", "on", "yes"))
        elif parts[:2] == ["api", "user"] and len(parts) == 4 and parts[3] == "current-game":
            self._current(handler, parts[2])
        else:
            return False
        return True

    def _channels(self) -> dict[str, Any]:
        """app/controllers/Tv.scala 32-39: each channel with a champion, keyed by its display name: the
        champion's light user (LightUser.scala 24-33), rating and game id (modules/tv Tv.scala 102)."""
        found: dict[str, Any] = {"All Games": {"user": {"name": "Chessy", "id": "chessy"}, "rating": 2400,
                                               "gameId": "Chess001"}}
        game = self.games.get(self.tv or "")
        if game is not None:
            found[TV_NAME] = {"user": {"name": game.white, "id": game.white.lower()}, "rating": 1700,
                              "gameId": game.id}
        return found

    def _game(self, handler: BaseHTTPRequestHandler, game_id: str, moves: bool) -> None:
        """Api.scala 154-166: 429 past 100 a minute; 404 with no body for an unknown game (toHttp NoData)."""
        if not self.game_limit.take(time.monotonic()):
            return self._send(handler, 429, TOO_MANY_GAMES)
        game = self.games.get(game_id[:8])  # Api.scala 161: id take gameIdSize
        if game is None:
            return self._send(handler, 404, None)
        return self._send(handler, 200, game.api_game(moves))

    def _current(self, handler: BaseHTTPRequestHandler, name: str) -> None:
        """app/controllers/User.scala 50-58: the user's game going on, else their last one; 404 "No ongoing
        game" (plain text) when none. Game.scala 43-65: JSON only for Accept exactly application/json
        (HTTPRequest.scala 95-96), else the game's record format, PGN."""
        accept = handler.headers.get("Accept") or ""
        self.accepts.append(accept)
        games = [game for game in self.games.values() if name.lower() in (game.white.lower(), game.black.lower())]
        games.sort(key=lambda game: (not game.over, game.created))
        if not games:
            return self._send(handler, 404, b"No ongoing game", "text/plain; charset=utf-8")
        game = games[-1]
        if accept != "application/json":
            pgn = f'[Event "Rated game"]\n[White "{game.white}"]\n[Black "{game.black}"]\n\n{" ".join(game.codes)}\n'
            return self._send(handler, 200, pgn.encode(), "application/x-chess-pgn")
        return self._send(handler, 200, game.export())

    def _stream(self, handler: BaseHTTPRequestHandler, game_id: str) -> None:
        """Api.scala 382-399 actionStream and ApiActionStream.scala: 404 with no body for a game not held in
        play; 429 past 8 streams from one address; else the whole game, the positions so far (the start
        first), the new ones as they come (after the first 5, each held until 3 more have come), and at the
        end the whole game again, the held lines pushed out by one {} each; no delay for a game already over.
        The queue keeps 16 lines and drops the oldest (a long game's first lines are lost)."""
        host = self.host
        with host.changed:
            game = self.games.get(game_id)
            if game is None or not game.held:
                return self._send(handler, 404, None)
            if self.streams + self.busy >= PER_ADDRESS:
                return self._send(handler, 429, TOO_MANY_STREAMS)
            self.streams += 1
            self.opened.append(game_id)
            over, generation, seen = game.over, host.generation, len(game.codes)
            raw = self.raw.setdefault(game_id, [])
            self._raw_sent[id(handler)] = len(raw)
            replay = [game.position_line(ply) for ply in range(seen + 1)]
            whole = game.whole()
        lines: deque[dict[str, Any]] = deque()
        count = 0

        def push(line: dict[str, Any]) -> list[dict[str, Any]]:  # ApiActionStream.scala 30-37
            nonlocal count
            count += 1
            if over or count <= KEEP_FIRST:
                return [line]
            lines.append(line)
            return [lines.popleft()] if len(lines) > DELAY else []

        try:
            handler.send_response(200)
            handler.send_header("Content-Type", "application/x-ndjson")
            handler.end_headers()
            self._write(handler, [whole])
            kept = replay[-QUEUE:] if self.drop_head else replay
            self._write(handler, [out for line in kept for out in push(line)])
            if over:
                return self._write(handler, push(whole))
            self._follow(handler, game, generation, seen, push, lambda: len(lines))
        except (BrokenPipeError, ConnectionResetError):
            return None
        finally:
            with host.changed:
                self.streams -= 1
                self._raw_sent.pop(id(handler), None)
        return None

    def _follow(self, handler: BaseHTTPRequestHandler, game: LiveGame, generation: int, seen: int,
                push: Callable[[dict[str, Any]], list[dict[str, Any]]], held: Callable[[], int]) -> None:
        """The live lines (ApiActionStream.scala 69-77: MoveGameEvent, then FinishGame: the whole game and a
        {} per line held), a keep-alive after ``keep_alive_after`` seconds of silence."""
        host, quiet_since = self.host, time.monotonic()
        while True:
            with host.changed:
                host.changed.wait_for(functools.partial(self._news, game, generation, seen, handler), timeout=0.2)
                if host.stopping or host.generation != generation or not game.held:
                    return
                raw = self.raw.get(game.id, [])[self._raw_sent[id(handler)]:]
                self._raw_sent[id(handler)] += len(raw)
                fresh = [game.position_line(ply) for ply in range(seen + 1, len(game.codes) + 1)]
                seen, ended, whole = len(game.codes), game.over, game.whole()
            out = raw + [found for line in fresh for found in push(line)]
            if ended:
                pushes = held() - (1 if self.lagging else 0)  # buffer.size, read as the game finishes
                out += push(whole)
                for _ in range(max(0, pushes)):
                    out += push({})
            if out:
                self._write(handler, out)
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= self.keep_alive_after:
                handler.wfile.write(b"\n")
                handler.wfile.flush()
                quiet_since = time.monotonic()
            if ended:
                return

    def _news(self, game: LiveGame, generation: int, seen: int, handler: BaseHTTPRequestHandler) -> bool:
        """Whether a stream has something to do: a move, a raw line, the end, or its own end."""
        host = self.host
        return host.stopping or host.generation != generation or not game.held or len(game.codes) > seen or \
            game.over or len(self.raw.get(game.id, [])) > self._raw_sent[id(handler)]

    @staticmethod
    def _write(handler: BaseHTTPRequestHandler, lines: list[dict[str, Any]]) -> None:
        for line in lines:
            handler.wfile.write(json.dumps(line, separators=(",", ":")).encode() + b"\n")
        handler.wfile.flush()

    @staticmethod
    def _send(handler: BaseHTTPRequestHandler, status: int, body: dict[str, Any] | bytes | None,
              content_type: str = "application/json") -> None:
        data = json.dumps(body, separators=(",", ":")).encode() if isinstance(body, dict) else body or b""
        handler.send_response(status)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)
