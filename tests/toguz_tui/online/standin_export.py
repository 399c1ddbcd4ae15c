"""The stand-in's export of a player's games, ``GET /api/games/user/{username}``, kept apart from
``tests/toguz_tui/online/server.py`` (which routes to it) so that each file stays readable. It answers as
lila does at github:Mind-Sports-Games/lila 1283402; each rule cites the file and line it comes from:

- anonymous unless an ``Authorization`` header comes, which must then hold a known token
  (``app/controllers/Game.scala`` 73-77 ``AnonOrScoped``; ``app/controllers/LilaController.scala`` 125-133);
- an unknown player is an empty 404 (``Game.scala`` 87-88; ``LilaController.scala`` 36-37);
- at most 2 exports at a time from one address, the next refused with 429 and ConcurrencyLimit's words, always
  "1" (``app/controllers/Api.scala`` 457-461, 476-484; ``modules/memo/src/main/ConcurrencyLimit.scala`` 62);
- NDJSON only for ``Accept: application/x-ndjson`` exactly, else PGN (``GameApiV2.scala`` 365;
  ``modules/common/src/main/HTTPRequest.scala`` 95);
- newest first (``modules/game/src/main/Query.scala`` 147); ``since`` and ``until`` in epoch milliseconds,
  both exclusive, on ``createdAt`` (``Game.scala`` 95-96; ``Query.scala`` 137-143); ``max`` at least 1
  (``Game.scala`` 97); ``perfType`` a comma list, unknown keys dropped, none meaning all (``Game.scala`` 99;
  ``modules/rating/src/main/PerfType.scala`` 145; ``GameApiV2.scala`` 396-398); finished games only unless
  ``ongoing`` (``Query.scala`` 38; ``GameApiV2.scala`` 127); ``moves`` on unless false (``Game.scala`` 223);
- paced by the server: ``perSecond`` × 10 credits a second, 10 for a game sent and 2 for one filtered out,
  ``perSecond`` 20 anonymous and 30 with a token (``GameApiV2.scala`` 133; ``Game.scala`` 104-108);
- a keep-alive (``{}``, or a blank line for PGN) after a silence (70 s at lila: ``GameApiV2.scala`` 44, 138,
  274-279), here after ``keep_alive`` seconds while a test holds the stream;
- each NDJSON line as ``GameApiV2.scala`` 293-345 writes it, each PGN game as ``modules/game/src/main/
  PgnDump.scala`` 147-148, 158-167, 185-243, 329-330 and ``modules/api/src/main/PgnDump.scala`` 74-78 do.

A test adds games (``add``, ``add_real``, ``add_played``), may set ``per_second`` (the pace), ``others`` (exports
from other programs at this address, counted against the limit), ``hold_after`` (the stream stops after that
many games, sending keep-alives, until the stand-in stops; with ``flood`` set, that line instead, without end and
without pause, as a hostile server would), ``cut_after`` (the connection breaks off after that many
games, as a network can break it) and ``forged`` (lines sent as they are before the games, as a
hostile server would). ``asked`` keeps each request: its query, its Accept and Authorization headers.
"""

from __future__ import annotations

import datetime
import json
import random
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from rules import Game
from rules.movecode import move_code, read_move_code
from tests.toguz_tui.online.standin_rules import STATUS_IDS, ClockConfig, fischer

# The game https://playstrategy.org/FgWSk5be, kept by strategygames in
# src/test/scala/togyzkumalak/TogyzkumalakReplayTest.scala 66-145: P1 wins 82 to 43 after 75 plies.
REAL_GAME_ID = "FgWSk5be"
REAL_MOVETEXT = (
    "g1d2 a2h1 f1d2 c2f1 a1h2 b2h1 b1e2 b2a2 i1c1 g2f1 d1a2 f2i1 h1i2 h2f2 i1g2 d2a1 e1c1 b2d1 g1d2 a2i2 i1g2 "
    "i2e2 a1c1 a2a1 h1h2 c2d1 a1b1 b2a2 b1h2 f2b2 b1c1 c2b2 f1i2 c2b2 f1g1 a2a1 a1b1 b2b1 a1b1 b2a2 i1g2 h2g2 "
    "h1i2 a2b1 a1b1 e2c1 a1b1 b2a2 b1d1 a2b1 a1b1 g2b2 i1i2 i2h2 g1h2 i2h2 g1h1 h2g2 h1i2 f2e2 e1g1 b2a2 g1h1 "
    "c2b2 f1g1 c2b2 g1h1 b2a2 h1i2 b2a2 c1i2 b2a2 h1i2 i2h2 i1d2")
REAL_GAME = REAL_MOVETEXT.split()
NDJSON = "application/x-ndjson"
CONCURRENT_PER_IP = 2  # Api.scala 461
TOO_MANY = {"error": "Please only run 1 request(s) at a time"}  # ConcurrencyLimit.scala 62, Api.scala 484
PERF_KEYS = frozenset({"togyzkumalak", "bestemshe"})  # modules/rating/src/main/PerfType.scala 145: the togyz family's
FINISHED_FROM = STATUS_IDS["mate"]  # Query.scala 38: status >= Mate
DAY_MS = 86_400_000


def played_codes(seed: int, plies: int | None = None) -> list[str]:
    """Move codes of a game played with toguz's rules by random legal moves: to its end on the board, or
    ``plies`` moves."""
    chooser, game, codes = random.Random(seed), Game(), list[str]()
    while not game.is_over and (plies is None or len(codes) < plies):
        report = game.play(chooser.choice(game.legal_moves()))
        codes.append(move_code(report, game.variant.pits))
    return codes


@dataclass
class ArchivedGame:
    """A game in the stand-in's database: who played it, its moves, how it ended."""

    id: str
    created: int  # createdAt, epoch milliseconds
    p1: str | int | None  # a user's name, the site's computer's level (int) or None (anonymous)
    p2: str | int | None
    codes: list[str]
    status: str = "variantEnd"
    winner: str | None = None
    rated: bool = True
    clock: ClockConfig | None = field(default_factory=lambda: fischer(10, 5))
    days: int | None = None
    variant: str = "togyzkumalak"
    tournament: str | None = None

    def plays(self, user_id: str) -> bool:
        return any(isinstance(player, str) and player.lower() == user_id for player in (self.p1, self.p2))

    @property
    def finished(self) -> bool:
        return STATUS_IDS.get(self.status, 0) >= FINISHED_FROM

    @property
    def speed(self) -> str:
        return self.clock.speed if self.clock is not None else "correspondence"

    def _player(self, player: str | int | None) -> dict[str, Any]:
        if isinstance(player, str):
            return {"user": {"name": player, "id": player.lower()}, "rating": 1500}
        if isinstance(player, int):
            return {"aiLevel": player}
        return {}

    def ndjson(self, moves: bool) -> dict[str, Any]:
        """GameApiV2.scala 293-345 (``.add`` leaves a field out when it is None)."""
        line: dict[str, Any] = {
            "id": self.id, "rated": self.rated, "lib": 4, "variant": self.variant, "speed": self.speed,
            "perf": self.variant, "createdAt": self.created, "lastMoveAt": self.created + 600_000,
            "status": self.status, "players": {"p1": self._player(self.p1), "p2": self._player(self.p2)}}
        if self.winner is not None:
            line["winner"] = self.winner
        if moves:
            line["moves"] = " ".join(self.codes)
        if self.days is not None:
            line["daysPerTurn"] = self.days
        if self.tournament is not None:
            line["tournament"] = self.tournament
        if self.clock is not None:  # "initial" limitSeconds, "increment" graceSeconds, "totalTime" estimate
            line["clock"] = {"initial": self.clock.limit, "increment": self.clock.grace_seconds,
                             "totalTime": self.clock.estimate_total_seconds}
        return line

    def pgn(self, site: str, moves: bool) -> str:
        """modules/game/src/main/PgnDump.scala 185-243 (tags) and sg format/pgn (movetext), one game."""
        def name(player: str | int | None) -> str:  # PgnDump.scala 147-148
            return f"playstrategy AI level {player}" if isinstance(player, int) else player or "Anonymous"

        when = datetime.datetime.fromtimestamp(self.created / 1000, datetime.UTC)
        mode = "Rated" if self.rated else "Casual"
        event = f"{mode} Togyzqumalaq tournament {site}/tournament/{self.tournament}" if self.tournament \
            else f"{mode} Togyzqumalaq game"  # PgnDump.scala 158-167
        result = {"p1": "1-0", "p2": "0-1"}.get(self.winner or "", "1/2-1/2") if self.finished else "*"
        termination = {"timeout": "Time forfeit", "outoftime": "Time forfeit", "noStart": "Abandoned",
                       "aborted": "Abandoned", "cheat": "Rules infraction", "unknownFinish": "Unknown",
                       "created": "Unterminated", "started": "Unterminated"}.get(self.status, "Normal")
        control = self.clock.show if self.clock is not None else "-"
        tags = [("Event", event), ("Site", f"{site}/{self.id}"), ("Date", when.strftime("%Y.%m.%d")),
                ("P1", name(self.p1)), ("P2", name(self.p2)), ("Result", result),
                ("UTCDate", when.strftime("%Y.%m.%d")), ("UTCTime", when.strftime("%H:%M:%S")),
                ("P1Elo", "1500" if isinstance(self.p1, str) else "?"),
                ("P2Elo", "1500" if isinstance(self.p2, str) else "?"),
                ("Variant", "Togyzqumalaq" if self.variant == "togyzkumalak" else self.variant.capitalize()),
                ("TimeControl", control), ("ECO", "?"), ("Termination", termination)]
        turns = [f"{index // 2 + 1}. {' '.join(self.codes[index:index + 2])}"
                 for index in range(0, len(self.codes), 2)] if moves else []
        text = "\n".join(f'[{tag} "{value}"]' for tag, value in tags)
        return f"{text}\n\n{' '.join([*turns, result])}\n\n\n"  # api/PgnDump.scala 74-78


class GameArchive:
    """The games the stand-in exports, and the exports running."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.games: list[ArchivedGame] = []
        self.users: set[str] = set()  # user ids that exist (every player of a game, and those added)
        self.asked: list[dict[str, Any]] = []
        self.per_second: float | None = None  # None: lila's, 20 anonymous or 30 with a token
        self.others = 0  # exports from other programs at this address
        self.hold_after: int | None = None
        self.keep_alive = 0.2  # seconds (lila: 70)
        self.forged: list[bytes] = []
        self.flood: bytes | None = None  # sent without end once the stream is held, in place of the keep-alives
        self.cut_after: int | None = None
        self.running = 0
        self.sent = 0  # games sent, in all exports
        self.lock = threading.Condition()
        self.stopping = False
        self._released = threading.Event()

    # -- what a test does ---------------------------------------------------------------------------------
    def add(self, game: ArchivedGame) -> ArchivedGame:
        with self.lock:
            self.games.append(game)
            self.users.update(player.lower() for player in (game.p1, game.p2) if isinstance(player, str))
        return game

    def add_real(self, white: str = "Alice", black: str = "Bob", day: str = "2024-06-10") -> ArchivedGame:
        """FgWSk5be, between ``white`` and ``black``, played on ``day``: P1 wins on the board."""
        return self.add(ArchivedGame(REAL_GAME_ID, _ms(day), white, black, list(REAL_GAME), winner="p1"))

    def add_played(self, game_id: str, day: str, white: str | int | None, black: str | int | None, seed: int,
                   **how: Any) -> ArchivedGame:
        """A game of random legal moves on ``day``: to its end on the board (its winner then the board's),
        or resigned by the side to move after ``how["plies"]`` moves."""
        plies = how.pop("plies", None)
        codes = played_codes(seed, plies)
        game = Game()
        for code in codes:
            game.play(read_move_code(game.position, code))
        if game.outcome is not None and "status" not in how:
            winner = game.outcome.winner
            how.setdefault("winner", None if winner is None else ("p1" if winner.value == 0 else "p2"))
        elif "status" not in how:
            how["status"] = "resign"
            how.setdefault("winner", "p2" if game.position.to_move.value == 0 else "p1")
        return self.add(ArchivedGame(game_id, _ms(day), white, black, codes, **how))

    def stop(self) -> None:
        with self.lock:
            self.stopping = True
            self.lock.notify_all()
        self._released.set()

    # -- the HTTP side ------------------------------------------------------------------------------------
    def answer(self, handler: BaseHTTPRequestHandler, username: str) -> None:
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(handler.path).query, keep_blank_values=True))
        bearer = handler.headers.get("Authorization")
        accept = handler.headers.get("Accept")
        self.asked.append({"user": username, "query": query, "accept": accept, "authorization": bearer})
        if bearer is not None and bearer != f"Bearer {self.token}":  # AnonOrScoped: a header must be right
            return _send(handler, 401, {"error": "No such token"})
        if username.lower() not in self.users:
            return _send(handler, 404, None)
        with self.lock:
            if self.running + self.others >= CONCURRENT_PER_IP:
                return _send(handler, 429, TOO_MANY)
            self.running += 1
        try:
            return self._stream(handler, username.lower(), query, accept == NDJSON, bearer is not None)
        finally:
            with self.lock:
                self.running -= 1

    def _selected(self, user: str, query: dict[str, str]) -> list[tuple[ArchivedGame, bool]]:
        """The player's games, newest first, each with whether the filter keeps it (Query.scala, postFilter)."""
        since, until = _long(query.get("since")), _long(query.get("until"))
        ongoing = _true(query.get("ongoing"))
        perfs = {key for key in query.get("perfType", "").split(",") if key in PERF_KEYS}
        with self.lock:
            found = [game for game in self.games if game.plays(user)
                     and (since is None or game.created > since) and (until is None or game.created < until)
                     and (ongoing or game.finished)]
        found.sort(key=lambda game: game.created, reverse=True)
        return [(game, not perfs or game.variant in perfs) for game in found]

    def _stream(self, handler: BaseHTTPRequestHandler, user: str, query: dict[str, str], ndjson: bool,
                signed: bool) -> None:
        most = _long(query.get("max"))
        most = None if most is None else max(1, most)  # Game.scala 97: atLeast(1)
        moves = query.get("moves") is None or _true(query.get("moves"))
        per_second = self.per_second or (30 if signed else 20)
        handler.send_response(200)
        handler.send_header("Content-Type", NDJSON if ndjson else "application/x-chess-pgn")
        if self.cut_after is not None:  # a length never reached: the answer is cut short (no lila rule)
            handler.send_header("Content-Length", str(10**9))
        handler.end_headers()
        site = f"http://{handler.headers.get('Host', 'localhost')}"
        sent = 0
        try:
            for line in self.forged:
                handler.wfile.write(line)
                handler.wfile.flush()
            for game, kept in self._selected(user, query):
                if (most is not None and sent >= most) or (self.cut_after is not None and sent >= self.cut_after):
                    break
                time.sleep((10 if kept else 2) / (per_second * 10))  # the throttle's credits
                if not kept:
                    continue
                if self.hold_after is not None and sent >= self.hold_after:
                    self._hold(handler, ndjson)
                if self.stopping:
                    return
                text = json.dumps(game.ndjson(moves), separators=(",", ":")) + "\n" if ndjson \
                    else game.pgn(site, moves)
                handler.wfile.write(text.encode())
                handler.wfile.flush()
                sent += 1
                with self.lock:
                    self.sent += 1
                    self.lock.notify_all()
        except (BrokenPipeError, ConnectionResetError):
            return

    def _hold(self, handler: BaseHTTPRequestHandler, ndjson: bool) -> None:
        """Send nothing but keep-alives until the stand-in stops (GameApiV2.scala 274-279: ``{}`` or a blank line);
        with ``flood``, that line without pause (no lila rule: a hostile server), until the reader leaves."""
        if self.flood is not None:
            burst = self.flood * max(1, 65536 // len(self.flood))
            while not self.stopping:
                handler.wfile.write(burst)
            return
        while not self._released.wait(self.keep_alive) and not self.stopping:
            handler.wfile.write(b"{}\n" if ndjson else b"\n")
            handler.wfile.flush()


def _ms(day: str) -> int:
    """Noon (UTC) of ``day`` (YYYY-MM-DD), in epoch milliseconds."""
    begun = datetime.datetime.combine(datetime.date.fromisoformat(day), datetime.time(12), datetime.UTC)
    return round(begun.timestamp() * 1000)


def _long(text: str | None) -> int | None:
    """Play's ``getLong``/``getInt``: the number, or None when it is absent or not one."""
    try:
        return int(text) if text is not None and len(text) <= 19 else None
    except ValueError:
        return None


def _true(text: str | None) -> bool:
    """lila modules/common/src/main/Form.scala 138 trueish: 1, true, on or yes."""
    return text in ("1", "true", "on", "yes")


def _send(handler: BaseHTTPRequestHandler, status: int, body: dict[str, Any] | None) -> None:
    data = b"" if body is None else json.dumps(body, separators=(",", ":")).encode()
    handler.send_response(status)
    if body is not None:
        handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)
