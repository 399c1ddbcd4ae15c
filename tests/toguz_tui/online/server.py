"""A local stand-in for PlayStrategy's Board API, for tests: it listens on 127.0.0.1 and answers the
endpoints a board client uses as PlayStrategy's lila fork does (github:Mind-Sports-Games/lila at 1283402,
github:Mind-Sports-Games/strategygames at 62efede): the JSON shapes, the form binding and time controls,
the Board API's speed rule, draw offers, endings, seeks, the first-move deadline. Each rule cites the file
it comes from; the rules themselves are in ``standin_rules.py``, the games and their JSON in
``standin_game.py``, the scripting in ``standin_script.py``, the hostile faults in ``standin_faults.py``
(each apart so that every file stays readable).

A test scripts it: ``add_game``, ``add_challenge``, ``match_seek``, ``accept_made`` start things;
``opponent_moves``, ``offer_draw``, ``flag``, ``abort``, ``opponent_resigns``, ``end``,
``chat_from_opponent``, ``forged_chat``, ``chat_flood`` happen in a game; ``drop_streams``, ``limit_next``,
``reject_moves``, ``lose_answers``, ``fault``/``clear_faults``/``release`` misbehave. Everything it was
asked is kept in ``requests``, every challenge the client made in ``challenges_made``, every fault answered
in ``fault_log``. Streams last at most ``STREAM_SECONDS``; the server stops with the test.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.toguz_tui.online import standin_correspondence
from tests.toguz_tui.online.standin_bot import BotRecord, answer_bot, with_bot_compat
from tests.toguz_tui.online.standin_export import GameArchive
from tests.toguz_tui.online.standin_faults import Fault, send_fault
from tests.toguz_tui.online.standin_game import NOT_BOARD, FakeGame, Seek, challenge_json, other, re_code
from tests.toguz_tui.online.standin_rules import (
    EXPIRABLE_SOURCES,
    RATE_LIMITED,
    ClockConfig,
    Errors,
    RateLimit,
    bind_challenge,
    bind_seek,
    chat_errors,
    first_move_seconds,
)
from tests.toguz_tui.online.standin_script import Scripting
from tests.toguz_tui.online.standin_watch import WatchStandIn

STREAM_SECONDS = 20.0  # the longest a stream stays open in a test
KEEP_ALIVE = 0.2  # seconds between keep-alive lines (the real server: 3 to 6)


class FakePlayStrategy(Scripting):
    """The fake server; ``url`` once started. A test can set ``seek_expiry`` (seconds, lila's 15 minutes),
    ``first_move_seconds`` (None: lila's by speed) and ``no_start_grace`` (the second lila waits after the
    first-move deadline before it ends the game)."""

    def __init__(self, token: str = "test-token-1234", account: str = "me") -> None:
        self.token = token
        self.account = account
        self.games: dict[str, FakeGame] = {}
        self.events: list[dict[str, Any]] = []
        self.requests: list[tuple[str, str, dict[str, str]]] = []
        self.bearers: list[str] = []  # every Authorization header heard, in order
        self.changed = threading.Condition()
        self.limited = 0
        self.generation = 0  # a stream opened in an earlier generation ends (a dropped connection)
        self.stopping = False
        self.reject_moves = 0
        self.lose_answers = 0  # moves made but answered with a 502, as when the answer is lost on the way
        self.pending: dict[str, dict[str, Any]] = {}  # challenges to the account not yet answered
        self.challenges_made: list[dict[str, Any]] = []
        self.seeks: list[Seek] = []
        self.seek_expiry = 15 * 60.0  # lila modules/lobby/src/main/HookRepo.scala cleanupOld
        self.first_move_seconds: float | None = None  # None: Game.scala timeForFirstTurn by speed
        self.no_start_grace = 1.0  # lila modules/round/src/main/Env.scala: NoStart is told 1 s after the deadline
        # app/controllers/Setup.scala PostRateLimit (5 a minute per IP, seeks among them) and
        # Challenge.scala ChallengeUserRateLimit ("fast": 5 a minute); a test may replace them
        self.seek_limit, self.challenge_limit = RateLimit(5, 60.0), RateLimit(5, 60.0)
        self.scopes = {"board:play", "challenge:write", "tournament:write"}  # the token's (OAuthScope.scala)
        self.arenas: dict[str, standin_correspondence.FakeArena] = {}
        self.offline_after = 20.0  # seconds an API-made challenge stays online (challenge Env.scala 60-62)
        self.faults: list[Fault] = []
        self.bot = BotRecord()  # the account as a BOT account, and what the bot did (standin_bot.py)
        self.archive = GameArchive(token)  # the games exported (standin_export.py)
        self.fault_log: list[dict[str, Any]] = []
        self._released = threading.Event()
        self._event_streams = 0  # the newest event stream's number: the older ones end
        self._game_streams: dict[str, int] = {}
        self._game_lines: dict[str, list[dict[str, Any]]] = {}
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), name="fake-playstrategy",
                                        daemon=True)
        self._ticker = threading.Thread(target=self._tick, name="fake-playstrategy-clock", daemon=True)
        self.watching = WatchStandIn(self)  # the games anyone can watch (standin_watch.py)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def seeks_open(self) -> int:
        return sum(not seek.ended for seek in self.seeks)

    def start(self) -> FakePlayStrategy:
        self._thread.start()
        self._ticker.start()
        return self

    def stop(self) -> None:
        self.archive.stop()
        with self.changed:
            self.stopping = True
            self.changed.notify_all()
        self._released.set()
        self._server.shutdown()
        self._server.server_close()

    def _tick(self) -> None:
        """Seeks expire (HookRepo.scala cleanupOld) and lobby games whose first move does not come are ended
        (lila modules/game/src/main/Game.scala expirableAtStart, timeForFirstTurn; modules/round/src/main/
        Finisher.scala noStart: aborted, or in a mandatory game lost by the side that did not move)."""
        while not self.stopping:
            time.sleep(0.05)
            with self.changed:
                now = time.monotonic()
                for seek in self.seeks:
                    if not seek.ended and now - seek.created >= self.seek_expiry:
                        seek.ended = True
                        self.changed.notify_all()
                for game in self.games.values():
                    if game.over or len(game.codes) >= 2 or game.source not in EXPIRABLE_SOURCES:
                        continue
                    seconds = self.first_move_seconds
                    if seconds is None:
                        seconds = first_move_seconds(game.clock.speed, game.source == "tournament")
                    if now - game.turn_at >= seconds + self.no_start_grace:
                        culprit = game.to_move
                        game.status, game.winner = (("noStart", other(culprit)) if game.mandatory
                                                    else ("aborted", None))
                        self._after_change(game)

    # -- the HTTP side --------------------------------------------------------------------------
    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

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
        form = dict(urllib.parse.parse_qsl(body, keep_blank_values=True))
        path = urllib.parse.urlsplit(handler.path).path
        self.requests.append((method, path, form))
        self.bearers.append(handler.headers.get("Authorization") or "")
        with self.changed:
            fault = next((found for found in self.faults if path.startswith(found.prefix)), None)
            if fault is not None and fault.times is not None:
                fault.times -= 1
                if fault.times <= 0:
                    self.faults.remove(fault)
        if fault is not None:
            self.fault_log.append(send_fault(handler, fault, lambda: self.stopping, self._released))
            if not self.fault_log[-1]["released"]:
                return None
        parts = path.strip("/").split("/")
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(handler.path).query))
        if self.watching.answer(handler, method):  # the public endpoints of watching, no token (standin_watch.py)
            return None
        if path.startswith("/api/games/user/") and path.count("/") == 4:  # anonymous or not: standin_export.py
            return self.archive.answer(handler, path.rsplit("/", 1)[1])
        if handler.headers.get("Authorization") != f"Bearer {self.token}":
            return self.send(handler, 401, {"error": "No such token"})
        if self.limited > 0:
            self.limited -= 1
            return self.rate_limited(handler)
        if answer_bot(self, handler, parts, form):  # the Bot API, and what a BOT account changes (standin_bot.py)
            return None
        if parts == ["api", "account"]:
            return self.send(handler, 200, {"id": self.account, "username": self.account.capitalize()})
        if parts == ["api", "stream", "event"]:
            return self.event_stream(handler)
        if parts == ["api", "board", "seek"]:
            return self.seek(handler, form)
        if parts[:4] == ["api", "board", "game", "stream"] and len(parts) == 5:
            game = self.games.get(parts[4])
            if game is None:
                return self.send(handler, 404, {"error": "No such game"})
            if not game.clock.board_compatible:  # PlayApi.scala WithPovAsBoard
                return self.send(handler, 400, {"error": NOT_BOARD})
            with self.changed:  # GameStateStream.scala: "terminate previous one if any"
                number = self._game_streams[game.id] = self._game_streams.get(game.id, 0) + 1
                self.changed.notify_all()
                lines = self._game_lines.setdefault(game.id, [])
                full, start = game.full(self.account), len(lines)
            return self.stream(handler, lambda begin: lines[begin:], start, first=full, game=game,
                               alive=lambda: self._game_streams[game.id] == number)
        if parts[:3] == ["api", "board", "game"] and len(parts) >= 5:
            return self.command(handler, parts[3], parts[4:], form)
        if parts[:2] == ["api", "challenge"] and len(parts) == 4 and parts[3] in ("accept", "decline"):
            return self.answer_challenge(handler, parts[2], parts[3] == "accept")
        if parts[:2] == ["api", "challenge"] and len(parts) == 3:
            return self.challenge(handler, parts[2], form)
        if standin_correspondence.answer(self, handler, method, parts, form, query):
            return None
        return self.send(handler, 404, {"error": "No such command"})

    def event_stream(self, handler: BaseHTTPRequestHandler) -> None:
        """lila app/controllers/Api.scala eventStream: on connect the games going on and the challenges to
        the account; modules/api/src/main/EventStream.scala: a new stream ends the account's older one."""
        with self.changed:
            now = [{"type": "gameStart", "game": self.event_game(game)} for game in self.games.values()
                   if not game.over] + [{"type": "challenge", "challenge": self._public(found)}
                                        for found in self.pending.values()]
            start = len(self.events)
            self._event_streams += 1
            number = self._event_streams
            self.changed.notify_all()
        return self.stream(handler, lambda begin: [self._public_event(event) for event in self.events[begin:]],
                           start, first=now, alive=lambda: self._event_streams == number)

    def event_game(self, game: FakeGame) -> dict[str, Any]:
        return with_bot_compat(game.event_json(), game, self.bot)  # standin_bot.py: EventStream.scala 135-136

    @staticmethod
    def _public(challenge: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in challenge.items() if not key.startswith("_")}

    def _public_event(self, event: dict[str, Any]) -> dict[str, Any]:
        if isinstance(event.get("challenge"), dict):
            return {**event, "challenge": self._public(event["challenge"])}
        return event

    def seek(self, handler: BaseHTTPRequestHandler, form: dict[str, str]) -> None:
        """lila app/controllers/Setup.scala boardApiHook: the form (standin_rules.bind_seek), then one seek
        stream per user (BoardApiHookConcurrencyLimitPerUser: 429, no Retry-After, lila modules/memo
        ConcurrencyLimit.scala's words); modules/lobby/src/main/BoardApiHookStream.scala: the stream ends
        when the seek is taken or removed, and the seek ends when the stream does."""
        config, errors = bind_seek(form)
        if config is None:
            return self.form_error(handler, errors)
        with self.changed:
            if not self.seek_limit.take(time.monotonic()):
                return self.rate_limited(handler)
            if self.seeks_open:
                return self.send(handler, 429, {"error": "Please only run 1 request(s) at a time"})
            seek = Seek(config["clock"], config["rated"])
            self.seeks.append(seek)
        try:
            return self.stream(handler, lambda start: [], 0, alive=lambda: not seek.ended)
        finally:
            with self.changed:
                seek.ended = True

    def challenge(self, handler: BaseHTTPRequestHandler, dest: str, form: dict[str, str]) -> None:
        """lila app/controllers/Challenge.scala apiCreate: SetupForm.api.user (standin_rules.bind_challenge),
        errors as newJsonFormError; EventStream.scala tells the challenger too (isMyChallenge)."""
        config, errors = bind_challenge(form)
        if config is None:
            return self.form_error(handler, errors)
        if not self.challenge_limit.take(time.monotonic()):
            return self.rate_limited(handler)
        clock: ClockConfig | None = config["clock"]
        number = len(self.challenges_made) + 1  # 8 characters as lila's ids: NewChal1 ... NewChal9, NewC0010
        found = challenge_json(f"NewChal{number}" if number < 10 else f"NewC{number:04d}", self.account, dest,
                               clock, config["rated"])
        with self.changed:
            self.challenges_made.append(
                {"id": found["id"], "dest": dest, "kind": clock.kind if clock else None,
                 "limit": clock.limit if clock else None, "increment": clock.grace_seconds if clock else None,
                 "rated": config["rated"], "clock": clock, "form": dict(form)})
            self.events.append({"type": "challenge", "challenge": found})
            self.changed.notify_all()
        return self.send(handler, 200, {"challenge": {**self._public(found), "direction": "out"},
                                        "socketVersion": 0})

    def answer_challenge(self, handler: BaseHTTPRequestHandler, challenge_id: str, accept: bool) -> None:
        """Challenge.scala apiAccept / apiDecline: 404 when there is no such challenge; accepted, its game
        starts (ChallengeJoiner: source friend; a Blitz one too, unplayable from the Board API); declined,
        EventStream.scala says "challengeDeclined" to both sides."""
        with self.changed:
            found = self.pending.get(challenge_id)
            if found is None or (accept and standin_correspondence.offline(self, found)):
                return self.send(handler, 404, {"error": "Not found"})  # onlineByIdFor: status created only
            del self.pending[challenge_id]
            if not accept:
                self.events.append({"type": "challengeDeclined", "challenge": {
                    **found, "status": "declined", "declineReason": "I'm not accepting challenges at the moment."}})
                self.changed.notify_all()
        self.send(handler, 200, {"ok": True})  # the real server may say the game before or after this
        if accept:
            me = other(found["finalPlayerIndex"])
            self.add_game(challenge_id, me=me, opponent=found["challenger"]["id"], clock=found["_clock"],
                          rated=found["rated"])
        return None

    def command(self, handler: BaseHTTPRequestHandler, game_id: str, what: list[str], form: dict[str, str]) -> None:
        """lila app/controllers/PlayApi.scala (WithPovAsBoard, then the command) and
        modules/bot/src/main/BotPlayer.scala."""
        game = self.games.get(game_id)
        if game is None:
            return self.send(handler, 404, {"error": "No such game"})
        if not game.clock.board_compatible:
            return self.send(handler, 400, {"error": NOT_BOARD})
        with self.changed:
            if what[0] == "move" and len(what) == 2:
                if not re_code(what[1]):  # BotPlayer.apply: Uci(...) fails
                    return self.send(handler, 400, {"error": f"Invalid UCI: {what[1]}"})
                if game.over or game.to_move != game.me:
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
            elif what == ["abort"] or (what == ["resign"] and game.abortable):  # BotPlayer.abort, resign
                if not game.abortable:
                    return self.send(handler, 400, {"error": "This game can no longer be aborted"})
                game.status = "aborted"
            elif what == ["resign"]:
                if game.over:  # Game.resignable: playable and not abortable
                    return self.send(handler, 400, {"error": "This game cannot be resigned"})
                game.status, game.winner = "resign", other(game.me)
            elif what[0] == "draw" and len(what) == 2:
                if not game.draw(what[1] in ("1", "true", "on", "yes")):  # lila.common.Form.trueish
                    return self.send(handler, 200, {"ok": True})
            elif what == ["chat"]:
                errors = chat_errors(form)
                if errors:  # PlayApi.scala: jsonFormErrorDefaultLang, the errors twice (also under "error")
                    return self.send(handler, 400, {**errors, "error": errors})
                if form["room"] == "player":  # GameStateStream.scala: the players' room only
                    self._game_lines.setdefault(game.id, []).append(
                        {"type": "chatLine", "room": "player", "username": self.account.capitalize(),
                         "text": form["text"].strip()[:140]})
                self.changed.notify_all()
                return self.send(handler, 200, {"ok": True})
            else:
                return self.send(handler, 404, {"error": "No such command"})
            self._after_change(game)
        return self.send(handler, 200, {"ok": True})

    @staticmethod
    def rate_limited(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(429)  # lila's rateLimited: a text, no Retry-After
        handler.send_header("Content-Type", "text/plain; charset=utf-8")
        handler.end_headers()
        handler.wfile.write(RATE_LIMITED.encode())

    def form_error(self, handler: BaseHTTPRequestHandler, errors: Errors) -> None:
        # lila app/controllers/LilaController.scala newJsonFormError: 400 with errorsAsJson
        return self.send(handler, 400, dict(errors))

    def send(self, handler: BaseHTTPRequestHandler, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body, separators=(",", ":")).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    def stream(self, handler: BaseHTTPRequestHandler, lines: Any, start: int,
               first: dict[str, Any] | list[dict[str, Any]] | None = None, game: FakeGame | None = None,
               alive: Any = None) -> None:
        """Send ``first`` and then each new line as it comes, a keep-alive between, until the game ends,
        ``alive()`` turns false, the streams are dropped, the server stops or ``STREAM_SECONDS`` pass."""
        handler.send_response(200)
        handler.send_header("Content-Type", "application/x-ndjson")
        handler.end_headers()
        generation = self.generation
        deadline = time.monotonic() + STREAM_SECONDS
        sent = start
        state = first.get("state", {}) if isinstance(first, dict) else {}
        finished = state.get("status", "started") not in ("created", "started")  # gameFull says it all
        try:
            for line in [first] if isinstance(first, dict) else first or []:
                self.write(handler, line)
            if finished:
                return
            while time.monotonic() < deadline:
                with self.changed:
                    fresh = lines(sent)
                    if not fresh:
                        self.changed.wait(KEEP_ALIVE)
                        fresh = lines(sent)
                    if self.stopping or self.generation != generation or (alive is not None and not alive()):
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

