"""The stand-in's correspondence games and arenas (``tests/toguz_tui/online/server.py`` routes to ``answer``),
as lila does them (github:Mind-Sports-Games/lila at 1283402):

- ``GET /api/account/playing``: app/controllers/Account.scala 103-112, any valid token; ``nb`` 9 by default,
  at most 50; each game JsonView.ownerPreview (standin_game.FakeGame.event_json), sorted by Pov.priority
  (modules/game/src/main/Pov.scala 82-91): the player's turn first, the least time left first among them,
  then the most recently moved.
- A challenge made through the API goes ``offline`` 20 s after it was last seen (modules/challenge/src/main/
  Env.scala 60-62, ChallengeApi.scala 169-175: only the challenger's web page refreshes ``seenAt``); an
  offline challenge cannot be accepted through the API (404 Not found, ``onlineByIdFor``) but can be declined
  (Challenge.scala 156-173). ``offline_after`` is that 20 s, shortened by a test.
- ``GET /api/tournament/{id}``: app/controllers/Tournament.scala, ApiJsonView.scala 40-70 (404 Not found for an
  unknown id); ``POST /api/tournament/{id}/join``: Tournament.scala 238-268, the scope tournament:write
  (401 Missing scope otherwise, OAuthServer.scala 22-35), the JoinResult words (modules/tournament/src/main/
  Tournament.scala 341-352), "Couldn't join for some reason?" for an arena that is over or unknown
  (TournamentApi.scala 424-433, after 5 s there; at once here).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any, Protocol

from tests.toguz_tui.online.standin_game import FakeGame
from tests.toguz_tui.online.standin_rules import DaysConfig

PLAYING_MOST = 50  # Account.scala nowPlaying: nb at most 50


@dataclass
class FakeArena:
    """An arena: its clock (seconds), name, status (10 created, 20 started, 30 finished) and conditions."""

    id: str
    limit: int = 900
    increment: int = 10
    name: str = "Club Rapid Arena"
    status: int = 10
    variant: str = "togyzkumalak"
    password: str | None = None
    restricted: bool = False  # a condition the account does not meet (a team's, say)
    players: list[str] = field(default_factory=list)

    def json(self) -> dict[str, Any]:
        """ApiJsonView.fullJson's fields that a client reads."""
        return {"id": self.id, "createdBy": "clubleader", "system": "arena", "minutes": 60,
                "clock": {"limit": self.limit, "increment": self.increment}, "rated": True,
                "fullName": self.name, "nbPlayers": len(self.players),
                "variant": {"key": self.variant, "short": "Toqyz", "name": "Togyzqumalaq"},
                "secondsToStart": 600 if self.status == 10 else 0, "status": self.status,
                "isFinished": self.status >= 30, "perf": {"key": self.variant, "name": "Togyzqumalaq"}}


class Server(Protocol):
    account: str
    games: dict[str, FakeGame]
    pending: dict[str, dict[str, Any]]
    scopes: set[str]
    arenas: dict[str, FakeArena]
    offline_after: float

    def send(self, handler: BaseHTTPRequestHandler, status: int, body: dict[str, Any]) -> None: ...


def _priority(game: FakeGame) -> tuple[int, int, float]:
    """Pov.priority: the player's turn first (least time left first), then the most recently moved."""
    mine = 0 if game.me == "p1" else 1
    my_turn = game.to_move == game.me
    return (0 if my_turn else 1, game.current_times()[mine] if my_turn else 0, -game.turn_at)


def answer(server: Server, handler: BaseHTTPRequestHandler, method: str, parts: list[str], form: dict[str, str],
           query: dict[str, str]) -> bool:
    """Answer the request if it is one of these endpoints (True), else leave it (False)."""
    if parts == ["api", "account", "playing"] and method == "GET":
        try:
            count = min(int(query.get("nb", "9")), PLAYING_MOST)
        except ValueError:
            count = 9
        going = sorted((game for game in server.games.values() if not game.over), key=_priority)[:max(count, 0)]
        server.send(handler, 200, {"nowPlaying": [game.event_json() for game in going]})
        return True
    if parts[:2] == ["api", "tournament"] and len(parts) == 3 and method == "GET":
        arena = server.arenas.get(parts[2])
        if arena is None:
            server.send(handler, 404, {"error": "Not found"})
        else:
            server.send(handler, 200, arena.json())
        return True
    if parts[:2] == ["api", "tournament"] and len(parts) == 4 and parts[3] == "join" and method == "POST":
        if "tournament:write" not in server.scopes:
            server.send(handler, 401, {"error": "Missing scope"})
            return True
        arena = server.arenas.get(parts[2])
        if arena is None or arena.status >= 30:
            server.send(handler, 400, {"error": "Couldn't join for some reason?"})
        elif arena.password is not None and form.get("password") != arena.password:
            server.send(handler, 400, {"error": "Wrong password"})
        elif arena.restricted:
            server.send(handler, 400, {"error": "Tournament restrictions"})
        else:
            arena.players.append(server.account)
            server.send(handler, 200, {"ok": True})
        return True
    return False


def offline(server: Server, challenge: dict[str, Any]) -> bool:
    """Whether an API-made challenge has gone offline (not seen for ``offline_after`` seconds)."""
    made = challenge.get("_api_made_at")
    return isinstance(made, float) and time.monotonic() - made >= server.offline_after


def days_clock(days: int) -> DaysConfig:
    return DaysConfig(days)
