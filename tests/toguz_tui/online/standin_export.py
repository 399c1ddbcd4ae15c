"""The stand-in's export of a player's games (``tests/toguz_tui/online/server.py`` routes to ``answer`` before it
checks any token: the endpoint is public), as lila does it (github:Mind-Sports-Games/lila at 1283402):

- ``GET /api/games/user/{name}``: app/controllers/Game.scala 73-124, ``AnonOrScoped`` (no token needed); an
  unknown player is an empty 404 (Game.scala 73-80).
- The format by the exact Accept header (modules/common/src/main/HTTPRequest.scala 95-96): NDJSON for
  ``application/x-ndjson``, else PGN (GameApiV2.scala 365).
- Newest first (Query.scala 147 sortCreated); ``since``/``until`` epoch milliseconds, both exclusive, on
  ``createdAt`` (Game.scala 95-96, Query.scala 134-143); ``max`` (Game.scala 97); ``perfType`` a comma list,
  unknown keys dropped, none meaning all (PerfType.scala 84-88); finished games only unless ``ongoing``
  (Query.scala 38: status at least 30).
- The NDJSON line (GameApiV2.scala 293-345): id, rated, variant, speed, perf, createdAt, lastMoveAt, status
  (the name), players (user, rating, ratingDiff), winner (absent for a draw), moves (codes, space apart),
  clock or daysPerTurn. A ``{}`` keep-alive (GameApiV2.scala 274-279) is sent after the first game, as after
  70 s of silence.
- Paced by the server (20 games a second anonymously: GameApiV2.scala 130-134), ``pace`` seconds a game
  here; at most 2 exports at once from an address, then 429 with ConcurrencyLimit's words (Api.scala
  457-484: always "1").
"""

from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from rules import Game
from rules.move import play_move
from rules.movecode import move_code

# A real game, https://playstrategy.org/FgWSk5be (strategygames src/test/scala/togyzkumalak/
# TogyzkumalakReplayTest.scala 66-145): 75 plies, P1 (White) wins 82 to 43.
REAL_GAME = ("g1d2 a2h1 f1d2 c2f1 a1h2 b2h1 b1e2 b2a2 i1c1 g2f1 d1a2 f2i1 h1i2 h2f2 i1g2 d2a1 e1c1 b2d1 g1d2 a2i2 i1g2 "
             "i2e2 a1c1 a2a1 h1h2 c2d1 a1b1 b2a2 b1h2 f2b2 b1c1 c2b2 f1i2 c2b2 f1g1 a2a1 a1b1 b2b1 a1b1 b2a2 i1g2 "
             "h2g2 h1i2 a2b1 a1b1 e2c1 a1b1 b2a2 b1d1 a2b1 a1b1 g2b2 i1i2 i2h2 g1h2 i2h2 g1h1 h2g2 h1i2 f2e2 e1g1 "
             "b2a2 g1h1 c2b2 f1g1 c2b2 g1h1 b2a2 h1i2 b2a2 c1i2 b2a2 h1i2 i2h2 i1d2")
CREATED = 1_718_000_000_000  # ms: June 2024
EXPORTS_AT_ONCE = 2  # GlobalConcurrencyLimitPerIP


@dataclass
class Exports:
    """The players' finished games the stand-in exports, and what it was asked."""

    games: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # by user id, newest first
    asked: list[dict[str, str]] = field(default_factory=list)  # each request's query and Accept
    pace: float = 0.0  # seconds a kept game (the real server: 1/20)
    open: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, user: str, codes: str, *, opponent: str = "bob", created: int = CREATED, side: str = "p1",
            status: str = "variantEnd", winner: str | None = "p1", perf: str = "togyzkumalak",
            clock: tuple[int, int] | None = (300, 2), days: int | None = None, rated: bool = True,
            game_id: str | None = None) -> dict[str, Any]:
        """A finished game of ``user`` (playing ``side``) against ``opponent``, kept newest first."""
        games = self.games.setdefault(user, [])
        me = {"user": {"name": user.capitalize(), "id": user}, "rating": 1500, "ratingDiff": 8}
        them = {"user": {"name": opponent.capitalize(), "id": opponent}, "rating": 1620, "ratingDiff": -8}
        found: dict[str, Any] = {
            "id": game_id or f"Ex{len(games):06d}", "rated": rated, "lib": 4, "variant": perf, "perf": perf,
            "speed": "correspondence" if days else "blitz", "createdAt": created, "lastMoveAt": created + 600_000,
            "status": status, "players": {side: me, ("p2" if side == "p1" else "p1"): them}, "moves": codes}
        if winner is not None:
            found["winner"] = winner
        if days:
            found["daysPerTurn"] = days
        elif clock is not None:
            found["clock"] = {"initial": clock[0], "increment": clock[1], "totalTime": clock[0] + 40 * clock[1]}
        games.append(found)
        games.sort(key=lambda game: -game["createdAt"])
        return found


def random_game(seed: int) -> tuple[str, str | None]:
    """A whole game of random legal moves (seeded) as the server's codes, and its winner (p1, p2, None)."""
    chooser, game, codes = random.Random(seed), Game(), []
    while not game.is_over:
        pit = chooser.choice(sorted(game.position.legal_moves()))
        report = play_move(game.position, pit)[1]
        codes.append(move_code(report, 9))
        game.play(pit)
    assert game.outcome is not None
    winner = game.outcome.winner
    return " ".join(codes), None if winner is None else ("p1" if winner.value == 0 else "p2")


def answer(exports: Exports, handler: BaseHTTPRequestHandler, method: str, parts: list[str],
           query: dict[str, str]) -> bool:
    """Answer the request if it is an export (True), else leave it (False)."""
    if method != "GET" or parts[:3] != ["api", "games", "user"] or len(parts) != 4:
        return False
    accept = handler.headers.get("Accept") or ""
    exports.asked.append({**query, "Accept": accept, "Authorization": handler.headers.get("Authorization") or ""})
    games = exports.games.get(parts[3].lower())
    if games is None:
        handler.send_response(404)
        handler.send_header("Content-Length", "0")
        handler.end_headers()
        return True
    with exports.lock:
        if exports.open >= EXPORTS_AT_ONCE:
            body = json.dumps({"error": "Please only run 1 request(s) at a time"}).encode()
            handler.send_response(429)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(body)))
            handler.end_headers()
            handler.wfile.write(body)
            return True
        exports.open += 1
    try:
        _send(exports, handler, _chosen(games, query), accept == "application/x-ndjson")
    finally:
        with exports.lock:
            exports.open -= 1
    return True


def _chosen(games: list[dict[str, Any]], query: dict[str, str]) -> list[dict[str, Any]]:
    perfs = {key for key in query.get("perfType", "").split(",") if key in ("togyzkumalak", "bestemshe")}
    since, until = int(query.get("since") or -1), int(query.get("until") or 10**15)
    chosen = [game for game in games if (not perfs or game["perf"] in perfs) and since < game["createdAt"] < until
              and (query.get("ongoing") == "true" or game["status"] not in ("created", "started"))]
    if query.get("max"):
        chosen = chosen[:max(1, int(query["max"]))]
    return chosen


def _send(exports: Exports, handler: BaseHTTPRequestHandler, games: list[dict[str, Any]], ndjson: bool) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "application/x-ndjson" if ndjson else "application/x-chess-pgn")
    handler.end_headers()
    try:
        for number, game in enumerate(games):
            if exports.pace:
                time.sleep(exports.pace)  # the server's own pacing of the export, a game at a time
            text = json.dumps(game, separators=(",", ":")) + "\n" if ndjson else _pgn(game)
            handler.wfile.write(text.encode())
            if number == 0:
                handler.wfile.write(b"{}\n" if ndjson else b"\n")  # a keep-alive
            handler.wfile.flush()
    except (BrokenPipeError, ConnectionResetError):
        return


def _pgn(game: dict[str, Any]) -> str:
    """The PGN shape (api/PgnDump.scala), for a client that did not ask for NDJSON."""
    codes = game["moves"].split()
    turns = " ".join(f"{index // 2 + 1}. {' '.join(codes[index:index + 2])}" for index in range(0, len(codes), 2))
    result = {"p1": "1-0", "p2": "0-1"}.get(str(game.get("winner")), "1/2-1/2")
    site = f"https://playstrategy.org/{game['id']}"
    return f'[Event "Rated Togyzqumalaq game"]\n[Site "{site}"]\n\n{turns} {result}\n\n\n'
