"""What PlayStrategy's server accepts and does, read from its source (github:Mind-Sports-Games/lila at
1283402, github:Mind-Sports-Games/strategygames at 62efede), so that toguz refuses here, in words, what
the server would refuse, and says what the server will do:

- the time controls a seek and a challenge may have (``control_problem``);
- the Board API's speed: Rapid or slower (``board_speed``);
- when a draw offer counts (``draw_offer_problem``);
- the first-move deadline of a game from the lobby or an arena (``first_move_seconds``);
- the days a correspondence game may have a move (``LONGEST_DAYS``), and that it is casual only;
- every status a game can end with (``ENDINGS``);
- a game's first position from its ``initialFen`` (``start_position``).
"""

from __future__ import annotations

from typing import Literal

from rules import Game, NotationError, Position
from toguz_tui.online.network.server_messages import LONGEST_FEN, Clock

# Seek: Config.scala (~253) validateTime: 0 to 180 minutes, whole or one of these fractions; the
# challenge's ApiConfig.clockLimitSeconds: 0, 15, 30, 45, 60, 90 seconds or 2 to 180 whole minutes:
# the same set once the seek's whole minutes are taken as seconds.
FRACTIONS = (0.25, 0.5, 0.75, 1.5)
LONGEST_MINUTES = 180
LONGEST_INCREMENT = 180  # seconds: validateIncrement, both forms
RAPID_SECONDS = 480  # strategygames Speed: Rapid from 8 minutes; Fischer's estimate is limit + 40 x increment
CLASSICAL_SECONDS = 1500  # Classical from 25 minutes
DRAW_OFFER_PLIES = 20  # Game.playerHasOfferedDrawRecently: an offer within 20 plies of one's last
LONGEST_DAYS = 14  # SetupForm.api.user: days = number(min = 1, max = 14) (Mappings.scala 44)
DAY_MILLISECONDS = 86_400_000  # CorrespondenceClock.scala: daysPerTurn x 86400 seconds, sent in milliseconds
UNLIMITED_MILLISECONDS = 2_147_483_647  # BotJsonView millisOf: Int.MaxValue for a game with neither clock nor days
WARN_FIRST_MOVE = 10.0  # seconds left of the first-move deadline when the player is warned


def control_problem(minutes: float, increment: int, challenge: bool = False) -> Literal["values", "fast"] | None:
    """Why the server would refuse ``minutes`` + ``increment`` (for a seek, or a ``challenge``):
    ``values`` when they are not among those it takes, ``fast`` when the game would be faster than Rapid
    (the Board API refuses to play it: PlayApi.WithPovAsBoard, Game.isBoardCompatible); None when fine."""
    whole = minutes == int(minutes)
    if not 0 <= minutes <= LONGEST_MINUTES or not (whole or minutes in FRACTIONS):
        return "values"
    if not 0 <= increment <= LONGEST_INCREMENT:
        return "values"
    return None if board_speed(minutes * 60, increment, challenge) else "fast"


def board_speed(seconds: float, increment: float, challenge: bool = False) -> bool:
    """Whether a clock of ``seconds`` + ``increment`` is Rapid or slower (the Board API's rule). A seek's
    clock is Fischer: its estimate is seconds + 40 x increment. A challenge sent through the API has
    every clock field, and the server keeps its byoyomi clock (ApiConfig.from: ``bcl.orElse(...)``),
    whose estimate is seconds + 60 x increment (strategygames ByoyomiClock.Config)."""
    return seconds + (60 if challenge else 40) * increment >= RAPID_SECONDS


def speed_too_fast(speed: object) -> bool:
    """Whether the server's ``speed`` key names a speed the Board API cannot play."""
    return speed in ("ultraBullet", "bullet", "blitz")


def challenge_too_fast(speed: object, clock: Clock) -> bool:
    """Whether a challenge (its ``speed`` key and the clock of its ``timeControl``) is faster than the Board
    API plays: its speed, or its Fischer clock (whole seconds) when it names no speed."""
    if speed_too_fast(speed):
        return True
    if speed is None and clock.whole and clock.initial is not None and clock.increment is not None:
        return not board_speed(clock.initial, clock.increment)
    return False


def first_move_seconds(seconds: float, increment: float, arena: bool = False) -> int:
    """The time each side has for its first move in a game from the lobby (Game.timeForFirstTurn; the
    game is aborted when it runs out, and a strike is counted against the player: Finisher.noStart); in
    an arena's game, shorter: 25 seconds Rapid, 30 Classical or slower (Game.scala 845-868, isTournament),
    and a miss loses the game (an arena's game is mandatory)."""
    classical = seconds + 40 * increment >= CLASSICAL_SECONDS
    if arena:
        return 30 if classical else 25
    return 35 if classical else 30


def draw_offer_problem(plies: int, my_last_offer: int | None) -> Literal["early", "recent"] | None:
    """Why an offer made now would not count (BotPlayer.offerDraw, Game.drawable and
    playerCanOfferDraw): ``early`` before both sides have moved, ``recent`` within ``DRAW_OFFER_PLIES``
    plies of the player's own last offer; None when it counts. (Accepting an offer always counts.)"""
    if plies < 2:
        return "early"
    if my_last_offer is not None and my_last_offer >= plies - DRAW_OFFER_PLIES:
        return "recent"
    return None


# Every status a finished game can have (lila's Status, the names the Board API sends): how it ends here.
# "win": the winner named wins (or a draw when none is named); "gone": no result, nothing archived.
ENDINGS: dict[str, Literal["resign", "time", "draw", "win", "gone"]] = {
    "resign": "resign",
    "outoftime": "time",  # a flag fell; no winner when the flagged side already has 81 (a draw on time)
    "timeout": "time",  # the opponent left the game and its time to come back ran out (the winner is named)
    "draw": "draw",
    "stalemate": "draw",
    "mate": "win",
    "variantEnd": "win",
    "cheat": "win",
    "noStart": "win",  # a mandatory game whose side to move never started: a loss for that side
    "unknownFinish": "win",
    "aborted": "gone",
}


def start_position(fen: object) -> Position | None:
    """The game's first position from ``initialFen`` (None for the usual start, or one that is not a
    position of toguz kumalak)."""
    if not isinstance(fen, str) or fen in ("", "startpos") or len(fen) > LONGEST_FEN:
        return None
    try:
        return Position.from_fen(fen, Game().variant)
    except (NotationError, ValueError):
        return None
