"""The games a player has going on at PlayStrategy, correspondence games above all.

- ``DaysClock``: a correspondence game's time as its stream gives it (``wtime``/``btime`` in
  milliseconds: the side to move's time left, the full days a move for the other; lila's
  BotJsonView.millisOf and CorrespondenceClock.scala), said in days and hours by ``clock``.
- ``ServerGames``: the list of the account's games going on (``/api/account/playing``, the most urgent
  first), numbered as last said, for ``games`` and ``games N``; and the news of them. The server sends no
  event when an opponent moves in a game not being followed (EventStream.scala knows only games starting
  and ending, and challenges), so the list is asked for every ``poll`` seconds, off the interface's thread,
  and a game in which the opponent has moved since is said once. A 429 holds the polls for the time it
  asks (a minute when it does not say; at most ``LONGEST_HOLD``), said once until a poll is answered again.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from rules import Side
from speech.words import correspondence_wording, phrases
from toguz_tui.online.network import server_rules
from toguz_tui.online.network.answers import RETRY_AFTER
from toguz_tui.online.network.client import OnlineError
from toguz_tui.online.network.connection_port import OnlinePort
from toguz_tui.online.network.server_messages import GameState, Player
from toguz_tui.session.output.announcement_stream import Reply

POLL_SECONDS = 60.0  # how often the games are asked for, by default
LONGEST_LIST = 50  # games said at most (the server's nb at most)
LONGEST_HOLD = 600.0  # seconds a 429 holds the polls at most (answers.check bounds a Retry-After so too)


@dataclass
class DaysClock:
    """A correspondence game's time: days a move (None: no limit at all), and the side to move's time left
    when last heard."""

    days: int | None
    left: float = 0.0  # seconds
    heard_at: float = field(default_factory=time.monotonic)

    @classmethod
    def of(cls, state: object, to_move: Side) -> DaysClock:
        """The clock of a game state (a ``GameState``, or its JSON: ``wtime``/``btime``), bounded; no limit when
        they are missing."""
        found = cls(None)
        found.update(state, to_move)
        return found

    def update(self, state: object, to_move: Side) -> None:
        """The times of a new state (a ``GameState``, or its JSON), when it has them."""
        times = (state if isinstance(state, GameState) else GameState.of(state)).times
        if times is None:
            return
        white, black = times
        moving, idle = (white, black) if to_move is Side.WHITE else (black, white)
        if idle >= server_rules.UNLIMITED_MILLISECONDS or idle <= 0:
            self.days = None
            return
        self.days = max(1, min(server_rules.LONGEST_DAYS, round(idle / server_rules.DAY_MILLISECONDS)))
        self.left = max(0, min(moving, idle)) / 1000
        self.heard_at = time.monotonic()

    def words(self, my_move: bool, opponent: str) -> str:
        """Whose move, the time left now, the days a move."""
        left = max(0.0, self.left - (time.monotonic() - self.heard_at))
        return correspondence_wording.days_clock(my_move, opponent, left, self.days)


@dataclass(frozen=True)
class ServerGame:
    """One game going on, as ``/api/account/playing`` gives it (JsonView.ownerPreview), bounded."""

    id: str
    opponent: str
    speed: str
    my_turn: bool
    seconds_left: int | None
    last_move: str
    source: str

    @classmethod
    def of(cls, entry: dict[str, Any]) -> ServerGame | None:
        """The game of an entry, or None for one that is not a togyzkumalak game or cannot be read."""
        variant = entry.get("variant")
        key = variant.get("key") if isinstance(variant, dict) else variant
        game_id = str(entry.get("gameId") or "")[:8]
        if key != "togyzkumalak" or len(game_id) != 8 or not all(char.isascii() and (char.isalnum() or char in "_-")
                                                                  for char in game_id):
            return None
        opponent = entry.get("opponent")
        ai = isinstance(opponent, dict) and bool(opponent.get("ai"))
        left = entry.get("secondsLeft")
        return cls(game_id, Player.of(opponent).called("AI" if ai else "?"),
                   str(entry.get("speed") or "")[:20], entry.get("isMyTurn") is True,
                   max(0, min(left, 10**8)) if isinstance(left, int) else None, str(entry.get("lastMove") or "")[:8],
                   str(entry.get("source") or "")[:20])

    @property
    def playable(self) -> bool:
        """Whether the Board API can play it (Rapid or slower, or without a clock)."""
        return not server_rules.speed_too_fast(self.speed)

    def line(self, number: int, here: bool) -> str:
        """The game in the list's words."""
        if self.seconds_left is None:
            left = None
        elif self.speed == "correspondence":
            left = correspondence_wording.days_and_hours(self.seconds_left)
        else:
            left = phrases.duration(self.seconds_left)
        speed = correspondence_wording.speed_words(self.speed)
        return correspondence_wording.game_line(number, self.opponent, speed, self.my_turn, left, here)


class ServerGames:
    """The account's games going on, numbered as last said, and the thread that asks for them."""

    def __init__(self, online: OnlinePort, closed: threading.Event, poll: float = POLL_SECONDS) -> None:
        self.online = online
        self.poll = poll
        self.listed: list[ServerGame] = []  # numbered as last said (or heard, before any list was said)
        self.known: dict[str, ServerGame] = {}  # the games going on, as last heard
        self.heard: set[str] = set()  # every game ever heard of here (a new one is said once)
        self._closed = closed
        self._lock = threading.Lock()
        self._hold = 0.0  # seconds a 429 asks to wait before the next poll (0: none)
        self._held = False  # a 429 was said, and no poll has been answered since

    # -- at the start, and in the background --------------------------------------------------------
    def first_look(self) -> str | None:
        """Ask for the games now (at the start, before the interface runs); the summary to say when more than
        one is going on (one is taken up on the board by itself), else None. A failure is left to the polls (a 429
        holds the first as it asks)."""
        try:
            games = self._take_list(self._fetch())
        except OnlineError as error:
            self._refused(error)
            return None
        if len(games) < 2:
            return None
        return correspondence_wording.games_summary(len(games), sum(game.my_turn for game in games))

    def start(self) -> None:
        """Ask for the games every ``poll`` seconds until closed, saying the news."""
        threading.Thread(target=self._run, name="toguz-online-games", daemon=True).start()

    def _run(self) -> None:
        while not self._closed.wait(max(self.poll, self._hold)):
            self._hold = 0.0
            try:
                games = self._fetch()
            except OnlineError as error:
                self._refused(error)
                continue  # asked again at the next poll; the streams say a lost connection
            self._held = False
            self._news(games)

    def _refused(self, error: OnlineError) -> None:
        """A poll that failed: a 429 holds the next one for the time it asks (bounded), said once."""
        if error.status != 429:
            return
        asked = error.retry_after if error.retry_after is not None else RETRY_AFTER
        self._hold = max(1.0, min(asked, LONGEST_HOLD))
        if not self._held:
            self._held = True
            self.online.say(correspondence_wording.polls_held(round(self._hold)))

    def _fetch(self) -> list[ServerGame]:
        found = [ServerGame.of(entry) for entry in self.online.client.playing()]
        return [game for game in found if game is not None][:LONGEST_LIST]

    def _news(self, games: list[ServerGame]) -> None:
        """Say once each game, not on the board, that is new here (heard before the account's events said it)
        or in which the opponent has moved since it was last heard."""
        here = self.online.game_id
        with self._lock:
            before, self.known = self.known, {game.id: game for game in games}
            fresh = {game.id for game in games} - self.heard
            self.heard.update(fresh)
            listed = {game.id for game in self.listed}
            self.listed.extend(game for game in games if game.id not in listed)
            numbers = {game.id: number for number, game in enumerate(self.listed, 1)}
        for game in games:
            if game.id == here:
                continue
            if game.id in fresh:
                self.online.say(correspondence_wording.new_game(game.opponent, numbers[game.id]))
            if game.my_turn and (game.id not in before or not before[game.id].my_turn or
                                 before[game.id].last_move != game.last_move):
                self.online.say(correspondence_wording.opponent_moved(game.opponent, numbers[game.id]))

    def began(self, game_id: str, opponent: str, speed: str, source: str, on_board: bool) -> None:
        """A game began (or is going on, said by the account's events): numbered when new, and said when it is
        not the one taken up on the board."""
        with self._lock:
            if game_id in self.heard:
                return
            self.heard.add(game_id)
            game = ServerGame(game_id, opponent, speed[:20], False, None, "", source[:20])
            self.known[game_id] = game
            self.listed.append(game)
            number = len(self.listed)
        if not on_board:
            self.online.say(correspondence_wording.new_game(opponent, number))

    # -- what the player asks -----------------------------------------------------------------------
    def listing(self) -> Reply:
        """``games``: the games going on, asked for now and said when the answer comes."""

        def heard(fresh: list[ServerGame]) -> None:
            here = self.online.game_id
            games = self._take_list(fresh)
            if not games:
                self.online.say(correspondence_wording.no_games())
                return
            for number, game in enumerate(games, 1):
                self.online.say(game.line(number, game.id == here))

        self.online.errands.run("games", self._fetch, heard, self._failed)
        return Reply("")

    def go_to(self, number: int) -> Reply:
        """``games N``: take up game N of the list last said (asked for first when none was)."""
        with self._lock:
            listed = list(self.listed)
        if not listed:
            def heard(fresh: list[ServerGame]) -> None:
                self.online.say(self._take_up(self._take_list(fresh), number))

            self.online.errands.run("games", self._fetch, heard, self._failed)
            return Reply("")
        return self.online.session.output.answer(self._take_up(listed, number))

    def _take_list(self, fresh: list[ServerGame]) -> list[ServerGame]:
        """The list the server gave, numbered: the games in the order they were numbered before (the games
        over left out), then the new ones in the server's order (the most urgent first); kept as the list
        said, the games known and heard of."""
        by_id = {game.id: game for game in fresh}
        with self._lock:
            kept = [by_id.pop(game.id) for game in self.listed if game.id in by_id]
            self.listed = kept + [game for game in fresh if game.id in by_id]
            self.known = {game.id: game for game in self.listed}
            self.heard.update(self.known)
            return list(self.listed)

    def _take_up(self, games: list[ServerGame], number: int) -> str:
        if not 1 <= number <= len(games):
            if not games:
                return correspondence_wording.no_games()
            return correspondence_wording.no_such_game(number, len(games))
        game = games[number - 1]
        if game.id == self.online.game_id:
            return correspondence_wording.already_here(game.opponent)
        if not game.playable:
            speed = correspondence_wording.speed_words(game.speed)
            return correspondence_wording.too_fast_to_go_to(game.opponent, speed)
        self.online.follow_game(game.id, game.source)
        return correspondence_wording.going_to(game.opponent)

    def _failed(self, error: OnlineError) -> None:
        self.online.say(correspondence_wording.games_failed(str(error)), "error")
