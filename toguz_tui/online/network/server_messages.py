"""PlayStrategy's messages read once, typed and bounded (github:Mind-Sports-Games/lila at 1283402): the game
stream's lines (``GameFull``, ``GameState``, ``ChatLine``: ``read_game_line``), a player in any of the server's
answers (``Player``), a clock or a time control (``Clock``), and an event of the account (``account_event``).

Everything the server sends is hostile until read here: a value of the wrong type is left out (as if it were
missing), a number is taken only when it is one (not a flag, finite), a text is cut to its bound and kept on
one line, a list of moves to ``MOST_PLIES`` codes. Each program then words what it read its own way (the
player, the watcher, the bot, the tournaments, the export), from these fields, never from the JSON again.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from rules import Side
from rules.clock import MAX_INCREMENT, MAX_MINUTES, TimeControl
from speech.words import phrases

MOST_PLIES = 5000  # move codes read from a game at most (a real game has some 150)
LONGEST_NAME = 30  # characters of a player's name kept (lila's usernames are at most 30)
LONGEST_CHAT = 140  # characters of a chat line kept (lila's chat line: 140 UTF-16 code units)
LONGEST_STATUS = 30  # characters of a status kept
LONGEST_KEY = 30  # characters of a variant's or a speed's key kept
LONGEST_FEN = 200  # characters of a FEN read (a togyzkumalak FEN is some 60)
MOST_MILLISECONDS = 2_147_483_647  # a time of the game stream (lila's Int.MaxValue: a game without a limit)
MOST_RATING = 10_000  # a rating is below this
MOST_AI_LEVEL = 100  # the site's computer's level is at most this
MOST_DAYS = 365  # days a move (PlayStrategy offers 1 to 14)
LONGEST_SECONDS = MAX_MINUTES * 60  # a clock's time, as toguz's clocks bound it (rules.clock)
SHORTEST_SECONDS = 1.0  # a clock's time at least, where a clock is taken bounded
_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{LONGEST_NAME}}}")  # lila's user ids
SIDES = {"p1": Side.WHITE, "p2": Side.BLACK}  # PlayStrategy's names of the sides


def one_line(value: object, most: int) -> str:
    """A text from the server on one line, at most ``most`` characters ("" when it is not a text)."""
    return " ".join(value.split())[:most] if isinstance(value, str) else ""


def number(value: object) -> float | None:
    """A number from the server (not a flag, finite), or None."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return float(value)


def whole(value: object, low: int, high: int) -> int | None:
    """A whole number from the server from ``low`` to ``high``, or None."""
    return value if isinstance(value, int) and _integer(value) and low <= value <= high else None


def _integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def side_of(index: object) -> Side | None:
    """PlayStrategy's ``p1``/``p2`` as a side (None for anything else)."""
    return SIDES.get(index) if isinstance(index, str) else None


def _object(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


@dataclass(frozen=True)
class Player:
    """A player as any of the server's answers gives one: the account's id as written (``id``, ``userId`` or
    ``user.id``; "" for none), the name as written (``user.name``, ``name`` or ``username``, on one line and
    safe to show; "" for none), the site's computer's level and the rating (None when not given)."""

    id: str = ""
    name: str = ""
    ai_level: int | None = None
    rating: int | None = None

    @classmethod
    def of(cls, found: object) -> Player:
        """The player of a JSON object (an empty one for anything else)."""
        player = _object(found)
        user = _object(player.get("user"))
        ids = (player.get("id"), player.get("userId"), user.get("id"))
        names = (user.get("name"), player.get("name"), player.get("username"))
        return cls(next((found for found in ids if isinstance(found, str) and _ID.fullmatch(found)), ""),
                   next((phrases.visible(text) for text in (one_line(name, LONGEST_NAME) for name in names) if text),
                        ""),
                   whole(player.get("aiLevel"), 1, MOST_AI_LEVEL), whole(player.get("rating"), 1, MOST_RATING - 1))

    def called(self, nobody: str = "?") -> str:
        """The name to say: as written, else the id, else ``nobody``."""
        return self.name or self.id or nobody

    def is_account(self, account: str) -> bool:
        """Whether this is the account ``account`` (ids compared as the server does, in any case)."""
        return bool(self.id) and self.id.lower() == account.lower()


@dataclass(frozen=True)
class Clock:
    """A clock as the server gives one (a game's ``clock``, a challenge's ``timeControl``, an arena's
    ``clock``), in seconds: its time (``initial`` or ``limit``), its increment, its delay (None where not
    given), whether both time and increment were whole numbers, and the days a move (``daysPerTurn``, 1 to
    ``MOST_DAYS``, of the clock or of the game holding it). ``timed``: a clock object was there at all."""

    timed: bool = False
    initial: float | None = None
    increment: float | None = None
    delay: float | None = None
    whole: bool = False
    days: int | None = None

    @classmethod
    def of(cls, found: object, holder: object = None, milliseconds: bool = False) -> Clock:
        """The clock of ``found`` (the days a move from it, or else from ``holder``); ``milliseconds``: the
        game stream's unit (the others are in seconds)."""
        clock, outside = _object(found), _object(holder)
        unit = 1000.0 if milliseconds else 1.0
        time = clock.get("initial", clock.get("limit"))
        values = [number(value) for value in (time, clock.get("increment"), clock.get("delay"))]
        initial, increment, delay = (value / unit if value is not None else None for value in values)
        days = clock.get("daysPerTurn", outside.get("daysPerTurn"))
        return cls(isinstance(found, dict), initial, increment, delay,
                   _integer(time) and _integer(clock.get("increment")),
                   whole(days, 1, MOST_DAYS))

    def control(self, shortest: float = SHORTEST_SECONDS, delay: bool = False) -> TimeControl | None:
        """The clock as toguz's (bounded: ``shortest`` to ``LONGEST_SECONDS``, an increment to
        ``MAX_INCREMENT``); ``delay``: a delay counts as an increment, and none given as 0. None without a
        time (or an increment)."""
        increment = self.increment if self.increment is not None or not delay else (self.delay or 0.0)
        if self.initial is None or increment is None:
            return None
        return TimeControl(max(shortest, min(self.initial, LONGEST_SECONDS)), max(0.0, min(increment, MAX_INCREMENT)))

    def exact(self, shortest: float = 0.0) -> TimeControl | None:
        """The clock as toguz's only when it lies within toguz's bounds (``shortest`` to ``LONGEST_SECONDS``,
        an increment to ``MAX_INCREMENT``); else None."""
        if self.initial is None or self.increment is None or not shortest <= self.initial <= LONGEST_SECONDS or \
                not 0 <= self.increment <= MAX_INCREMENT:
            return None
        return TimeControl(self.initial, self.increment)


@dataclass(frozen=True)
class GameState:
    """A state of the game stream (``gameState``, or ``gameFull.state``): the move codes (at most
    ``MOST_PLIES``), White's and Black's milliseconds (None unless both are numbers; bounded), the status,
    the winner, each side's draw offer, and whether the game can still be aborted."""

    moves: tuple[str, ...] = ()
    times: tuple[int, int] | None = None
    status: str = ""
    winner: Side | None = None
    draw_offers: tuple[bool, bool] = (False, False)  # White's and Black's
    abortable: bool = False

    @classmethod
    def of(cls, found: object) -> GameState:
        """The state of a JSON object (an empty one for anything else)."""
        state = _object(found)
        moves = state.get("moves")
        times = [number(state.get(key)) for key in ("wtime", "btime")]
        white, black = times
        return cls(tuple(moves.split()[:MOST_PLIES]) if isinstance(moves, str) else (),
                   (_millis(white), _millis(black)) if white is not None and black is not None else None,
                   one_line(state.get("status"), LONGEST_STATUS), side_of(state.get("winner")),
                   (state.get("wdraw") is True, state.get("bdraw") is True), state.get("abortable") is True)

    @property
    def over(self) -> bool:
        """Whether the status says the game has ended."""
        return self.status not in ("", "created", "started")

    def seconds(self) -> tuple[float, float] | None:
        """White's and Black's times in seconds."""
        return (self.times[0] / 1000, self.times[1] / 1000) if self.times is not None else None


def _millis(value: float) -> int:
    return int(max(0.0, min(value, MOST_MILLISECONDS)))


@dataclass(frozen=True)
class GameFull:
    """The game stream's first line (``gameFull``): the game's id, its players (White's, Black's), its clock
    (``timed`` False: days a move, or no limit), variant, speed, whether rated, its first position's FEN
    ("" for the usual start) and its state (None when it came without one)."""

    id: str
    players: tuple[Player, Player]
    clock: Clock
    variant: str
    speed: str
    rated: bool
    initial_fen: str
    state: GameState | None

    def side_of_account(self, account: str) -> Side | None:
        """The side the account ``account`` plays, or None."""
        return next((side for side, player in zip((Side.WHITE, Side.BLACK), self.players, strict=True)
                     if player.is_account(account)), None)


@dataclass(frozen=True)
class ChatLine:
    """A chat line of the game stream: who wrote it (on one line) and its text (on one line, bounded)."""

    username: str
    text: str


GameLine = GameFull | GameState | ChatLine


def read_game_line(line: dict[str, Any]) -> GameLine | None:
    """One line of a game's stream, typed; None for a line of another kind."""
    kind = line.get("type")
    if kind == "gameFull":
        variant = _object(line.get("variant")).get("key")
        fen = line.get("initialFen")
        state = line.get("state")
        return GameFull(one_line(line.get("id"), LONGEST_KEY),
                        (Player.of(line.get("p1")), Player.of(line.get("p2"))),
                        Clock.of(line.get("clock"), line, milliseconds=True), one_line(variant, LONGEST_KEY),
                        one_line(line.get("speed"), LONGEST_KEY), line.get("rated") is True,
                        fen if isinstance(fen, str) and len(fen) <= LONGEST_FEN and fen != "startpos" else "",
                        GameState.of(state) if isinstance(state, dict) else None)
    if kind == "gameState":
        return GameState.of(line)
    if kind == "chatLine":
        return ChatLine(" ".join(str(line.get("username", "")).split())[:LONGEST_NAME],
                        " ".join(str(line.get("text", "")).split())[:LONGEST_CHAT])
    return None


def account_event(event: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """An event of the account's stream: its type and what it is about (the game of a ``gameStart`` or
    ``gameFinish``, the challenge of the others), or None when that is not an object."""
    kind = event.get("type")
    if not isinstance(kind, str):
        return None
    about = event.get("game" if kind in ("gameStart", "gameFinish") else "challenge")
    return (kind, about) if isinstance(about, dict) else None
