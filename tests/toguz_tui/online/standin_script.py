"""The stand-in's scripting (``tests/toguz_tui/online/server.py``): what a test makes happen on the server, kept apart
from its HTTP side so that each file stays readable. Games start (``add_game``, ``match_seek``,
``accept_made``), challenges come (``add_challenge``), the opponent plays, offers or declines a draw,
resigns, chats (a forged line, a flood), a flag falls, a game ends with any status; streams drop, requests
are limited or meet a fault. The rules each follows are cited where they apply (lila at 1283402,
strategygames at 62efede).
"""

from __future__ import annotations

import threading
import time
from typing import Any

from rules import Game
from tests.toguz_tui.online.standin_faults import Fault
from tests.toguz_tui.online.standin_game import FORGED, FakeGame, Seek, challenge_json, other
from tests.toguz_tui.online.standin_rules import MANDATORY_SOURCES, ClockConfig, DaysConfig, fischer


class Scripting:
    """The scripting half of ``FakePlayStrategy`` (which makes the attributes below)."""

    account: str
    games: dict[str, FakeGame]
    events: list[dict[str, Any]]
    changed: threading.Condition
    limited: int
    generation: int
    pending: dict[str, dict[str, Any]]
    challenges_made: list[dict[str, Any]]
    seeks: list[Seek]
    faults: list[Fault]
    _released: threading.Event
    _game_lines: dict[str, list[dict[str, Any]]]

    def notify(self) -> None:
        with self.changed:
            self.changed.notify_all()

    def add_game(self, game_id: str = "AbCd1234", me: str = "p1", opponent: str = "someone",
                 minutes: float = 10, increment: int = 5, *, clock: ClockConfig | DaysConfig | None = None,
                 source: str = "friend", mandatory: bool = False, rated: bool = False,
                 fen: str | None = None) -> FakeGame:
        """A game starts (a gameStart on the event stream). ``source`` "lobby" (and "tournament", "pool",
        "swiss") has the first-move deadline; "tournament" (and "simul", "swiss") is mandatory, and
        ``mandatory`` makes a game's source "tournament" (lila knows no mandatory lobby game)."""
        clock = clock or fischer(minutes, increment)
        if mandatory and source not in MANDATORY_SOURCES:
            source = "tournament"
        game = FakeGame(game_id, me, opponent, clock, Game() if fen is None else Game.from_fen(fen),
                        times=[clock.limit * 1000] * 2, source=source, rated=rated, initial_fen=fen or "startpos")
        with self.changed:
            self.games[game_id] = game
            self.events.append({"type": "gameStart", "game": self.event_game(game)})
            self.changed.notify_all()
        return game

    def event_game(self, game: FakeGame) -> dict[str, Any]:
        return game.event_json()

    def add_challenge(self, challenge_id: str = "Qx7Lm2Pa", challenger: str = "alice", minutes: float = 15,
                      increment: int = 10, days: int | None = None, api_made: bool = False) -> None:
        """A challenge to the account, made on the website (a Fischer clock, or ``days`` a move); ``api_made``:
        made by another program, so it goes offline after ``offline_after`` seconds (standin_correspondence)."""
        clock = fischer(minutes, increment) if days is None else DaysConfig(days)
        found = challenge_json(challenge_id, challenger, self.account, clock, False)
        if api_made:
            found["_api_made_at"] = time.monotonic()
        with self.changed:
            self.pending[challenge_id] = found
            self.events.append({"type": "challenge", "challenge": found})
            self.changed.notify_all()

    def accept_made(self, index_or_id: int | str, me: str = "p1") -> FakeGame:
        """The person challenged accepts a challenge the client made: its game starts (source friend)."""
        made = (self.challenges_made[index_or_id] if isinstance(index_or_id, int)
                else next(found for found in self.challenges_made if found["id"] == index_or_id))
        return self.add_game(made["id"], me=me, opponent=made["dest"], clock=made["clock"], rated=made["rated"])

    def match_seek(self, opponent: str = "bob", me: str = "p1", game_id: str | None = None,
                   gap: threading.Event | None = None) -> FakeGame:
        """The open seek finds an opponent: a game from the lobby with the seek's clock; its stream ends.
        With ``gap``, the game's start waits until it is set (the real server's gameStart event may come
        some time after the seek's request is closed)."""
        with self.changed:
            seek = next(seek for seek in self.seeks if not seek.ended)
            seek.ended = True
            self.changed.notify_all()
        if gap is not None:
            gap.wait(30)
        return self.add_game(game_id or f"Lobby{len(self.games):03d}", me=me, opponent=opponent,
                             clock=seek.clock, source="lobby", rated=seek.rated)

    def opponent_moves(self, game_id: str, code: str) -> None:
        game = self.games[game_id]
        with self.changed:
            game.play(code)
            self._after_change(game)

    def offer_draw(self, game_id: str) -> None:
        """The opponent offers a draw (not checked against the rules)."""
        game = self.games[game_id]
        with self.changed:
            game.draws[other(game.me)] = True
            game.offered_at[other(game.me)] = len(game.codes)
            self._after_change(game)

    def decline_draw(self, game_id: str) -> None:
        """The opponent declines the account's draw offer (round's Drawer.no)."""
        game = self.games[game_id]
        with self.changed:
            game.draws[game.me] = False
            self._after_change(game)

    def flag(self, game_id: str, side: str) -> None:
        """``side``'s flag falls: lila modules/round/src/main/Finisher.scala outOfTime: a draw if the other side
        offers one; no winner when the flagged side has 81 in its kazan (strategygames
        togyzkumalak/Situation.scala opponentHasInsufficientMaterial), else the other side wins."""
        game = self.games[game_id]
        with self.changed:
            game.times[0 if side == "p1" else 1] = 0
            if game.draws[other(side)]:
                game.status, game.winner = "draw", None
            else:
                full = game.game.position.kazans[0 if side == "p1" else 1] == 81
                game.status, game.winner = "outoftime", None if full else other(side)
            self._after_change(game)

    def abort(self, game_id: str) -> None:
        self.end(game_id, "aborted")

    def opponent_resigns(self, game_id: str) -> None:
        self.end(game_id, "resign", self.games[game_id].me)

    def end(self, game_id: str, status: str, winner: str | None = None) -> None:
        """The game ends with any status, one lila has ("cheat", "unknownFinish", "noStart" ...) or not."""
        game = self.games[game_id]
        with self.changed:
            game.status, game.winner = status, winner
            self._after_change(game)

    def chat_from_opponent(self, game_id: str, text: str, username: str | None = None) -> None:
        game = self.games[game_id]
        with self.changed:
            self._game_lines.setdefault(game_id, []).append(
                {"type": "chatLine", "room": "player", "username": username or game.opponent.capitalize(),
                 "text": text})
            self.changed.notify_all()

    def forged_chat(self, game_id: str) -> None:
        """A chat line that tries to pass for the server's: a line break and "PlayStrategy: You resigned."."""
        self.chat_from_opponent(game_id, FORGED)

    def chat_flood(self, game_id: str, count: int, text: str = "spam") -> None:
        """``count`` chat lines at once (at most 10 000)."""
        game = self.games[game_id]
        with self.changed:
            self._game_lines.setdefault(game_id, []).extend(
                {"type": "chatLine", "room": "player", "username": game.opponent.capitalize(), "text": text}
                for _ in range(min(count, 10_000)))
            self.changed.notify_all()

    def drop_streams(self) -> None:
        """Every stream open now ends at once, as a dropped connection does."""
        with self.changed:
            self.generation += 1
            self.changed.notify_all()

    def limit_next(self, count: int = 1) -> None:
        """The next ``count`` requests get a 429."""
        self.limited = count

    def fault(self, path_prefix: str, kind: str, **options: Any) -> Fault:
        """Requests whose path starts with ``path_prefix`` get ``kind`` ("endless", "drip", "hold",
        "gzip_bomb", "html_500", "status"; see ``standin_faults.Fault``), ``times`` of them or all."""
        times = options.pop("times", None)
        found = Fault(path_prefix, kind, options, times)
        with self.changed:
            self._released.clear()
            self.faults.append(found)
        return found

    def clear_faults(self) -> None:
        with self.changed:
            self.faults.clear()
            self._released.set()

    def release(self) -> None:
        """Held requests are answered as usual; no new one is held."""
        with self.changed:
            self.faults[:] = [found for found in self.faults if found.kind != "hold"]
            self._released.set()

    def _after_change(self, game: FakeGame) -> None:
        self._game_lines.setdefault(game.id, []).append(game.state())
        if game.over:
            self.events.append({"type": "gameFinish", "game": self.event_game(game)})
        self.changed.notify_all()
