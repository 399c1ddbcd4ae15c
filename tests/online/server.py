"""A local stand-in for PlayStrategy's Board API, for tests: it listens on 127.0.0.1 and answers the
endpoints a board client uses with the JSON shapes of PlayStrategy's lila source (see the research notes
in the module ``toguz_tui.online.client``): ``gameFull`` with ``p1``/``p2``/``clock``/``state``,
``gameState`` with ``wtime``/``btime`` for p1 and p2, ``chatLine``, the event stream's ``gameStart``,
``gameFinish`` and ``challenge``; keep-alive empty lines; ``{"ok":true}`` and ``{"error": ...}``.

A test scripts it: ``add_game`` starts a game (announced on the event stream), ``opponent_moves`` plays
the remote side, ``drop_streams`` cuts every open stream in the middle, ``limit_next`` answers the next
requests with 429, ``offer_draw``, ``flag``, ``chat_from_opponent``. Everything it was asked is kept in
``requests``. Streams wait at most ``STREAM_SECONDS`` and the server stops with the test.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from rules import Game
from rules.movecode import move_code, read_move_code

STREAM_SECONDS = 20.0  # the longest a stream stays open in a test
KEEP_ALIVE = 0.2  # seconds between keep-alive lines (the real server: 3 to 6)
VARIANT = {"key": "togyzkumalak", "name": "Togyzqumalaq", "short": "Toqyz", "lib": 4,
           "boardSize": {"width": 9, "height": 2}}
EVENT_VARIANT = {"gameLogic": {"id": 4, "name": "Togyzkumalak"}, "gameFamily": "togyzkumalak",
                 "key": "togyzkumalak", "name": "Togyzqumalaq", "boardSize": None}


@dataclass
class FakeGame:
    """One game on the fake server: its rules' game, the clocks (ms), draw offers and how it ended."""

    id: str
    me: str  # "p1" or "p2": the side of the token's account
    opponent: str
    initial_ms: int = 600_000
    increment_ms: int = 5_000
    game: Game = field(default_factory=Game)
    codes: list[str] = field(default_factory=list)
    times: list[int] = field(default_factory=lambda: [600_000, 600_000])
    status: str = "started"
    winner: str | None = None
    draws: dict[str, bool] = field(default_factory=lambda: {"p1": False, "p2": False})

    def full(self, account: str) -> dict[str, Any]:
        players = {self.me: {"id": account, "name": account.capitalize(), "title": None, "rating": 1500,
                             "provisional": True},
                   other(self.me): {"id": self.opponent, "name": self.opponent.capitalize(), "title": None,
                                    "rating": 1620}}
        return {"id": self.id, "variant": VARIANT,
                "clock": {"initial": self.initial_ms, "increment": self.increment_ms, "clockType": "fischer"},
                "speed": "rapid", "perf": {"name": "Togyzqumalaq"}, "rated": False, "createdAt": 1718000000000,
                "p1": players["p1"], "p2": players["p2"], "initialFen": "startpos", "type": "gameFull",
                "state": self.state()}

    def state(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "type": "gameState", "moves": " ".join(self.codes),
            "activeplayer": "p1" if len(self.codes) % 2 == 0 else "p2",
            "wtime": self.times[0], "btime": self.times[1], "winc": self.increment_ms, "binc": self.increment_ms,
            "wdraw": self.draws["p1"], "bdraw": self.draws["p2"], "status": self.status,
            "abortable": len(self.codes) < 2, "selectedsquares": None}
        if self.winner is not None:
            found["winner"] = self.winner
        return found

    def play(self, code: str) -> None:
        """Play a move given as a code (``ValueError`` with lila's words when it is not legal)."""
        try:
            pit = read_move_code(self.game.position, code)
        except Exception:
            raise ValueError(f"Not a valid move: {code} with prom: None. Allowed moves: Map()") from None
        report = self.game.play(pit)
        self.codes.append(move_code(report, 9))
        mover = 0 if report.mover.value == 0 else 1
        self.times[mover] = max(0, self.times[mover] - 1500) + self.increment_ms
        if report.outcome is not None:
            self.status = "variantEnd"
            winner = report.outcome.winner
            self.winner = None if winner is None else ("p1" if winner.value == 0 else "p2")

    @property
    def over(self) -> bool:
        return self.status not in ("created", "started")


def other(side: str) -> str:
    return "p2" if side == "p1" else "p1"


class FakePlayStrategy:
    """The fake server; ``url`` once started."""

    def __init__(self, token: str = "test-token-1234", account: str = "me") -> None:
        self.token = token
        self.account = account
        self.games: dict[str, FakeGame] = {}
        self.events: list[dict[str, Any]] = []
        self.requests: list[tuple[str, str, dict[str, str]]] = []
        self.changed = threading.Condition()
        self.limited = 0
        self.generation = 0  # a stream opened in an earlier generation ends (a dropped connection)
        self.seeks_open = 0
        self.stopping = False
        self.reject_moves = 0
        self.lose_answers = 0  # moves made but answered with a 502, as when the answer is lost on the way
        self.pending: set[str] = set()  # challenges not yet answered
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-playstrategy", daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> FakePlayStrategy:
        self._thread.start()
        return self

    def stop(self) -> None:
        with self.changed:
            self.stopping = True
            self.changed.notify_all()
        self._server.shutdown()
        self._server.server_close()

    # -- scripting ------------------------------------------------------------------------------
    def notify(self) -> None:
        with self.changed:
            self.changed.notify_all()

    def add_game(self, game_id: str = "AbCd1234", me: str = "p1", opponent: str = "someone",
                 minutes: float = 10, increment: int = 5) -> FakeGame:
        game = FakeGame(game_id, me, opponent, int(minutes * 60_000), increment * 1000,
                        times=[int(minutes * 60_000)] * 2)
        with self.changed:
            self.games[game_id] = game
            self.events.append({"type": "gameStart", "game": self.event_game(game)})
            self.changed.notify_all()
        return game

    def event_game(self, game: FakeGame) -> dict[str, Any]:
        found: dict[str, Any] = {
            "fullId": game.id + "wXyZ", "gameId": game.id, "fen": game.game.position.fen(),
            "playerIndex": game.me, "lastMove": game.codes[-1] if game.codes else "", "source": "lobby",
            "status": {"id": 20, "name": game.status}, "variant": EVENT_VARIANT, "speed": "rapid",
            "perf": "togyzkumalak", "rated": False, "hasMoved": bool(game.codes),
            "opponent": {"id": game.opponent, "username": game.opponent.capitalize(), "rating": 1620},
            "isMyTurn": not game.over and (len(game.codes) % 2 == 0) == (game.me == "p1"),
            "secondsLeft": game.times[0 if game.me == "p1" else 1] // 1000, "compat": {"bot": False, "board": True},
            "id": game.id, "abortable": len(game.codes) < 2}
        if game.winner is not None:
            found["winner"] = game.winner
        return found

    def add_challenge(self, challenge_id: str = "Qx7Lm2Pa", challenger: str = "alice") -> None:
        with self.changed:
            self.pending.add(challenge_id)
            self.events.append({"type": "challenge", "challenge": {
                "id": challenge_id, "url": f"https://playstrategy.org/{challenge_id}", "status": "created",
                "challenger": {"id": challenger, "name": challenger.capitalize(), "title": None, "rating": 1500},
                "challengerIsAnon": False,
                "destUser": {"id": self.account, "name": self.account.capitalize(), "title": None, "rating": 1620},
                "lib": 4, "variant": VARIANT, "rated": False, "speed": "rapid",
                "timeControl": {"type": "clock", "limit": 900, "increment": 10, "show": "15+10"},
                "playerIndex": "random", "finalPlayerIndex": "p2", "p1Color": "white", "p2Color": "black",
                "setupInfo": "", "perf": {"icon": "›", "name": "Togyzqumalaq"}}})
            self.changed.notify_all()

    def opponent_moves(self, game_id: str, code: str) -> None:
        game = self.games[game_id]
        with self.changed:
            game.play(code)
            self._after_change(game)

    def offer_draw(self, game_id: str) -> None:
        game = self.games[game_id]
        with self.changed:
            game.draws[other(game.me)] = True
            self._after_change(game)

    def flag(self, game_id: str, side: str) -> None:
        game = self.games[game_id]
        with self.changed:
            game.times[0 if side == "p1" else 1] = 0
            game.status, game.winner = "outoftime", other(side)
            self._after_change(game)

    def abort(self, game_id: str) -> None:
        game = self.games[game_id]
        with self.changed:
            game.status = "aborted"
            self._after_change(game)

    def opponent_resigns(self, game_id: str) -> None:
        game = self.games[game_id]
        with self.changed:
            game.status, game.winner = "resign", game.me
            self._after_change(game)

    def chat_from_opponent(self, game_id: str, text: str) -> None:
        game = self.games[game_id]
        with self.changed:
            self._game_lines.setdefault(game_id, []).append(
                {"type": "chatLine", "room": "player", "username": game.opponent.capitalize(), "text": text})
            self.changed.notify_all()

    def drop_streams(self) -> None:
        """Every stream open now ends at once, as a dropped connection does."""
        with self.changed:
            self.generation += 1
            self.changed.notify_all()

    def limit_next(self, count: int = 1) -> None:
        """The next ``count`` requests get a 429."""
        self.limited = count

    _game_lines: dict[str, list[dict[str, Any]]]

    def _after_change(self, game: FakeGame) -> None:
        self._game_lines.setdefault(game.id, []).append(game.state())
        if game.over:
            self.events.append({"type": "gameFinish", "game": self.event_game(game)})
        self.changed.notify_all()

    # -- the HTTP side --------------------------------------------------------------------------
    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self
        self._game_lines = {}

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"  # a stream ends when the connection closes

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

            def do_GET(self) -> None:
                server.answer(self, "GET")

            def do_POST(self) -> None:
                server.answer(self, "POST")

        return Handler

    def answer(self, handler: BaseHTTPRequestHandler, method: str) -> None:
        length = min(int(handler.headers.get("Content-Length") or 0), 64 * 1024)
        body = handler.rfile.read(length).decode("utf-8") if length else ""
        form = dict(urllib.parse.parse_qsl(body))
        path = urllib.parse.urlsplit(handler.path).path
        self.requests.append((method, path, form))
        if handler.headers.get("Authorization") != f"Bearer {self.token}":
            return self.send(handler, 401, {"error": "No such token"})
        if self.limited > 0:
            self.limited -= 1
            handler.send_response(429)
            handler.send_header("Content-Type", "text/plain")
            handler.end_headers()
            handler.wfile.write(b"Too many requests. Please retry in a moment.")
            return None
        parts = path.strip("/").split("/")
        if parts == ["api", "account"]:
            return self.send(handler, 200, {"id": self.account, "username": self.account.capitalize()})
        if parts == ["api", "stream", "event"]:  # on connect: the games going on and the challenges waiting
            with self.changed:
                now = [{"type": "gameStart", "game": self.event_game(game)} for game in self.games.values()
                       if not game.over] + [event for event in self.events if event["type"] == "challenge"
                                            and event["challenge"]["id"] in self.pending]
                start = len(self.events)
            return self.stream(handler, lambda begin: self.events[begin:], start, first=now)
        if parts == ["api", "board", "seek"]:
            self.seeks_open += 1
            try:
                return self.stream(handler, lambda start: [], 0)
            finally:
                self.seeks_open -= 1
        if parts[:4] == ["api", "board", "game", "stream"] and len(parts) == 5:
            game = self.games.get(parts[4])
            if game is None:
                return self.send(handler, 404, {"error": "No such game"})
            lines = self._game_lines.setdefault(game.id, [])
            return self.stream(handler, lambda start: lines[start:], len(lines), first=game.full(self.account),
                               game=game)
        if parts[:3] == ["api", "board", "game"] and len(parts) >= 5:
            return self.command(handler, parts[3], parts[4:], form)
        if parts[:2] == ["api", "challenge"] and len(parts) == 4 and parts[3] in ("accept", "decline"):
            self.pending.discard(parts[2])
            if parts[3] == "accept":
                self.add_game(parts[2], me="p2", opponent="alice", minutes=15, increment=10)
            return self.send(handler, 200, {"ok": True})
        if parts[:2] == ["api", "challenge"] and len(parts) == 3:
            return self.send(handler, 200, {"challenge": {"id": "NewChal1", "status": "created",
                                                          "direction": "out"}, "socketVersion": 0})
        return self.send(handler, 404, {"error": "No such command"})

    def command(self, handler: BaseHTTPRequestHandler, game_id: str, what: list[str], form: dict[str, str]) -> None:
        game = self.games.get(game_id)
        if game is None:
            return self.send(handler, 404, {"error": "No such game"})
        with self.changed:
            if what[0] == "move" and len(what) == 2:
                mine = (len(game.codes) % 2 == 0) == (game.me == "p1")
                if game.over or not mine:
                    return self.send(handler, 400, {"error": "Not your turn, or game already over"})
                if self.reject_moves > 0:
                    self.reject_moves -= 1
                    return self.send(handler, 400, {"error": "Not your turn, or game already over"})
                try:
                    game.play(what[1])
                except ValueError as error:
                    return self.send(handler, 400, {"error": str(error)})
                if self.lose_answers > 0:
                    self.lose_answers -= 1
                    self._after_change(game)
                    return self.send(handler, 502, {"error": "Bad gateway"})
            elif what == ["resign"]:
                game.status, game.winner = ("aborted", None) if len(game.codes) < 2 else ("resign", other(game.me))
            elif what == ["abort"]:
                if len(game.codes) >= 2:
                    return self.send(handler, 400, {"error": "This game can no longer be aborted"})
                game.status = "aborted"
            elif what[0] == "draw" and len(what) == 2:
                if what[1] in ("yes", "true", "1", "on"):
                    if game.draws[other(game.me)]:
                        game.status = "draw"
                    else:
                        game.draws[game.me] = True
                else:
                    game.draws[other(game.me)] = False
            elif what == ["chat"]:
                if not form.get("text"):
                    return self.send(handler, 400, {"text": ["This field is required"],
                                                    "error": {"text": ["This field is required"]}})
                self._game_lines.setdefault(game.id, []).append(
                    {"type": "chatLine", "room": "player", "username": self.account.capitalize(),
                     "text": form["text"]})
                self.changed.notify_all()
                return self.send(handler, 200, {"ok": True})
            else:
                return self.send(handler, 404, {"error": "No such command"})
            self._after_change(game)
        return self.send(handler, 200, {"ok": True})

    def send(self, handler: BaseHTTPRequestHandler, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body, separators=(",", ":")).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    def stream(self, handler: BaseHTTPRequestHandler, lines: Any, start: int,
               first: dict[str, Any] | list[dict[str, Any]] | None = None, game: FakeGame | None = None) -> None:
        """Send ``first`` and then each new line as it comes, a keep-alive between, until the game ends,
        the streams are dropped, the server stops or ``STREAM_SECONDS`` pass."""
        handler.send_response(200)
        handler.send_header("Content-Type", "application/x-ndjson")
        handler.end_headers()
        generation = self.generation
        deadline = time.monotonic() + STREAM_SECONDS
        sent = start
        try:
            for line in [first] if isinstance(first, dict) else first or []:
                self.write(handler, line)
                if game is not None and game.over:
                    return
            while time.monotonic() < deadline:
                with self.changed:
                    fresh = lines(sent)
                    if not fresh:
                        self.changed.wait(KEEP_ALIVE)
                        fresh = lines(sent)
                    if self.stopping or self.generation != generation:
                        return
                sent += len(fresh)
                for line in fresh:
                    self.write(handler, line)
                if not fresh:
                    handler.wfile.write(b"\n")
                    handler.wfile.flush()
                if game is not None and game.over and not fresh:
                    return
        except (BrokenPipeError, ConnectionResetError):
            return

    @staticmethod
    def write(handler: BaseHTTPRequestHandler, line: dict[str, Any]) -> None:
        handler.wfile.write(json.dumps(line, separators=(",", ":")).encode() + b"\n")
        handler.wfile.flush()
