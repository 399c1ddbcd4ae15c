"""The rules of PlayStrategy that the stand-in (``tests/toguz_tui/online/server.py``) enforces, kept apart from its HTTP
side so that each file stays readable: clock configurations and speeds, the binding of the challenge and
seek forms as Play does it, the first-move deadline, the statuses and the bodies of the hostile faults.

Every rule names the file of the server's source it comes from: PlayStrategy's lila fork
(github:Mind-Sports-Games/lila at 1283402) and its game library (github:Mind-Sports-Games/strategygames at
62efede). Paths below are relative to those repositories.
"""

from __future__ import annotations

import re
import struct
import threading
import zlib
from dataclasses import dataclass
from typing import Any

# -- clocks and speeds -----------------------------------------------------------------------------------

# strategygames src/main/scala/Speed.scala: the ranges of estimated seconds, in the order of `compare`
# (a speed compares by the start of its range).
SPEEDS: tuple[tuple[str, int, int], ...] = (
    ("ultraBullet", 0, 29), ("bullet", 30, 179), ("blitz", 180, 479), ("rapid", 480, 1499),
    ("classical", 1500, 21599), ("correspondence", 21600, 2**31 - 1))
SPEED_ORDER = [name for name, _low, _high in SPEEDS]


def speed_of(seconds: int) -> str:
    """strategygames Speed.byTime: the speed whose range holds ``seconds`` (else Correspondence)."""
    return next((name for name, low, high in SPEEDS if low <= seconds <= high), "correspondence")


def at_least(speed: str, other: str) -> bool:
    return SPEED_ORDER.index(speed) >= SPEED_ORDER.index(other)


def _limit_string(limit: int) -> str:
    """strategygames src/main/scala/Clock.scala secondsToString (also ByoyomiClock's limitString)."""
    if limit % 60 == 0:
        return str(limit // 60)
    named = {15: "¼", 30: "½", 45: "¾", 90: "1.5"}
    return named.get(limit, f"{limit / 60:.2f}".rstrip("0").rstrip("."))


@dataclass(frozen=True)
class ClockConfig:
    """One of strategygames' clock configurations (seconds): ``kind`` is "fischer" (Clock.Config),
    "simpleDelay" (Clock.SimpleDelayConfig), "bronstein" (Clock.BronsteinConfig) or "byoyomi"
    (ByoyomiClock.Config)."""

    kind: str
    limit: int
    increment: int = 0  # fischer and byoyomi
    delay: int = 0  # simpleDelay and bronstein
    byoyomi: int = 0
    periods: int = 0

    @property
    def periods_total(self) -> int:
        # strategygames Clock.scala ByoyomiClock.Config.periodsTotal
        return max(self.periods, 1) if self.byoyomi > 0 else 0

    @property
    def estimate_total_seconds(self) -> int:
        # strategygames Clock.scala: estimateTotalSeconds of each Config (40 moves; byoyomi 60 moves)
        if self.kind == "byoyomi":
            return self.limit + 60 * self.increment + 25 * self.periods_total * self.byoyomi
        if self.kind == "fischer":
            return self.limit + 40 * self.increment
        return self.limit + 40 * self.delay

    @property
    def speed(self) -> str:
        return speed_of(self.estimate_total_seconds)

    @property
    def board_compatible(self) -> bool:
        # lila modules/game/src/main/Game.scala isBoardCompatible: Speed(clock) >= Speed.Rapid
        return at_least(self.speed, "rapid")

    @property
    def grace_seconds(self) -> int:
        # strategygames Clock.scala graceSeconds: the increment (fischer, byoyomi) or the delay
        return self.delay if self.kind in ("simpleDelay", "bronstein") else self.increment

    @property
    def show(self) -> str:
        """strategygames Clock.scala ``show`` of each Config."""
        limit = _limit_string(self.limit)
        if self.kind == "fischer":
            return f"{limit}+{self.increment}"
        if self.kind == "bronstein":
            return f"{limit} d+{self.delay}"
        if self.kind == "simpleDelay":
            return f"{limit} d/{self.delay}"
        base = f"{limit}+{self.increment}" if self.increment > 0 else limit
        if self.byoyomi > 0:
            return f"{base}|{self.byoyomi}" + (f"({self.periods_total}x)" if self.periods_total > 1 else "")
        return base if self.increment > 0 else f"{base}|0"

    def game_json(self) -> dict[str, Any]:
        """gameFull's ``clock``: lila modules/bot/src/main/BotJsonView.scala clockConfigWriter."""
        if self.kind == "fischer":
            return {"initial": self.limit * 1000, "increment": self.increment * 1000, "clockType": "fischer"}
        if self.kind in ("bronstein", "simpleDelay"):
            return {"initial": self.limit * 1000, "delay": self.delay * 1000,
                    "clockType": "bronstein" if self.kind == "bronstein" else "usdelay"}
        return {"initial": self.limit * 1000, "increment": self.increment * 1000, "byoyomi": self.byoyomi * 1000,
                "periods": self.periods_total, "clockType": "byoyomi"}

    def challenge_json(self) -> dict[str, Any]:
        """A challenge's ``timeControl``: lila modules/challenge/src/main/JsonView.scala: its "increment" is
        the byoyomi seconds for a byoyomi clock, else graceSeconds."""
        return {"type": "clock", "limit": self.limit,
                "increment": self.byoyomi if self.kind == "byoyomi" else self.grace_seconds, "show": self.show}


@dataclass(frozen=True)
class DaysConfig:
    """A correspondence game's "clock": days a move (lila modules/game/src/main/CorrespondenceClock.scala),
    with the few fields of ``ClockConfig`` the stand-in reads."""

    days: int
    kind: str = "correspondence"
    speed: str = "correspondence"  # Challenge.scala 238-242: a challenge without a clock is Correspondence
    board_compatible: bool = True  # Game.scala isBoardCompatible: clock.fold(true)(...), no clock is fine
    grace_seconds: int = 0  # BotJsonView incOf: 0 without a clock

    @property
    def limit(self) -> int:
        return self.days * 86_400

    @property
    def show(self) -> str:
        return f"{self.days} days"

    def game_json(self) -> None:
        return None  # BotJsonView gameFull: game.clock.map(_.config), None written as null

    def challenge_json(self) -> dict[str, Any]:
        return {"type": "correspondence", "daysPerTurn": self.days}  # challenge JsonView.scala 61-107

    def times(self, to_move: str, turn_at: float, now: float) -> tuple[int, int]:
        """wtime and btime (ms): the side to move's time left since the last move (updatedAt + days - now,
        at least 0), the full days for the other (Game.scala 435-444, CorrespondenceClock.remainingTime)."""
        full = self.days * 86_400_000
        moving = max(0, full - int((now - turn_at) * 1000))
        return (moving, full) if to_move == "p1" else (full, moving)


def fischer(minutes: float, increment: int) -> ClockConfig:
    return ClockConfig("fischer", int(minutes * 60), increment=increment)


# -- Play's form binding ---------------------------------------------------------------------------------
# Play's Forms: a missing field is "error.required"; an int that does not parse "error.number", a double
# "error.real", a boolean "error.boolean"; `verifying(f)` without a message fails with "error.unknown".
# lila's errorsAsJson (app/controllers/LilaController.scala) translates each message with lila's i18n
# (translation/source/site.xml) or leaves the key when it has none, and renames the form's own key ""
# to "global".
MESSAGES = {"error.required": "This field is required", "error.unknown": "Error",
            "error.maxLength": "Maximum length is {}",
            # lila translation/source/site.xml 867-871
            "error.min": "Must be greater or equal to {}", "error.max": "Must be less or equal to {}"}
Errors = dict[str, list[str]]

_INT = re.compile(r"^[+-]?\d{1,10}$")  # java Integer.parseInt, within an int
_REAL = re.compile(r"^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?\s*$")  # java Double.parseDouble


def _error(errors: Errors, key: str, message: str, *args: Any) -> None:
    errors.setdefault(key or "global", []).append(MESSAGES.get(message, message).format(*args))


def _number(form: dict[str, str], key: str, errors: Errors, check: Any = None) -> int | None:
    if key not in form:
        _error(errors, key, "error.required")
        return None
    if not _INT.match(form[key]) or not -(2**31) <= int(form[key]) < 2**31:
        _error(errors, key, "error.number")
        return None
    value = int(form[key])
    if check is not None and not check(value):
        _error(errors, key, "error.unknown")
        return None
    return value


def _boolean(form: dict[str, str], key: str, errors: Errors, default: bool | None = False) -> bool | None:
    # Play's booleanFormat: a missing field is false; only "true" and "false" read
    text = form.get(key)
    if text is None:
        return default
    if text not in ("true", "false"):
        _error(errors, key, "error.boolean")
        return None
    return text == "true"


# lila modules/setup/src/main/ApiConfig.scala clockLimitSeconds
CLOCK_LIMIT_SECONDS = frozenset({0, 15, 30, 45, 60, 90} | {60 * m for m in range(2, 181)})


def _seconds(value: int) -> bool:
    # lila modules/setup/src/main/Config.scala validateIncrement and validateByoyomi: 0 to 180
    return 0 <= value <= 180


def _periods(value: int) -> bool:
    return 0 <= value <= 5  # Config.scala validatePeriods


def _optional_clock(form: dict[str, str], kind: str, fields: tuple[tuple[str, Any], ...],
                    errors: Errors) -> ClockConfig | None:
    """Play's OptionalMapping under the key ``clock``: it binds as soon as any non-empty ``clock.*`` field is
    there, and then every field of the sub-form must bind (lila modules/setup/src/main/SetupForm.scala
    `api`: fischerClock, simpleDelayClock, bronsteinDelayClock, byoyomiClock all use the key "clock")."""
    if not any(value for key, value in form.items() if key == "clock" or key.startswith(("clock.", "clock["))):
        return None
    found = {name: _number(form, f"clock.{name}", errors, check) for name, check in fields}
    if any(value is None for value in found.values()):
        return None
    config = ClockConfig(kind, **{name: value for name, value in found.items() if value is not None})
    if config.estimate_total_seconds <= 0:  # SetupForm.scala: verifying("Invalid clock", estimateTotalTime > 0)
        _error(errors, "clock", "Invalid clock")
        return None
    return config


CHALLENGE_VARIANTS = frozenset({"togyzkumalak", "bestemshe"})  # Variant.byKey, the togyz family only here


def bind_challenge(form: dict[str, str]) -> tuple[dict[str, Any] | None, Errors]:
    """POST /api/challenge/{user}: lila SetupForm.api.user (challengeMapping) and ApiConfig.from. The config
    (``clock`` a ``ClockConfig`` or None, ``rated``, ``variant``, ``playerIndex``) or Play's errors."""
    errors: Errors = {}
    variant = form.get("variant")
    if variant is not None and variant not in CHALLENGE_VARIANTS:
        _error(errors, "variant", "error.unknown")
    limit = ("limit", CLOCK_LIMIT_SECONDS.__contains__)
    # the order of challengeMapping: fischerClock, simpleDelayClock, bronsteinDelayClock, byoyomiClock
    fcl = _optional_clock(form, "fischer", (limit, ("increment", _seconds)), errors)
    sdc = _optional_clock(form, "simpleDelay", (limit, ("delay", _seconds)), errors)
    bdc = _optional_clock(form, "bronstein", (limit, ("delay", _seconds)), errors)
    bcl = _optional_clock(form, "byoyomi", (limit, ("increment", _seconds), ("byoyomi", _seconds),
                                           ("periods", _periods)), errors)
    rated = _boolean(form, "rated", errors)
    days = None
    if form.get("days", "") != "":  # SetupForm.api: "days" -> optional(days), Mappings.scala 44: number(1, 14)
        days = _number(form, "days", errors)
        if days is not None and not 1 <= days <= 14:
            _error(errors, "days", "error.min" if days < 1 else "error.max", 1 if days < 1 else 14)
    if errors:
        return None, errors
    clock = bcl or sdc or bdc or fcl  # ApiConfig.from: bcl.orElse(sdc).orElse(bdc).orElse(fcl)
    if clock is None and days is not None:  # Challenge.scala makeOauthChallenge: clock, else days, else unlimited
        if rated:  # ApiConfig.validRated: casual, or a clock
            _error(errors, "", "can't be rated")
            return None, errors
        return {"variant": variant or "togyzkumalak", "clock": DaysConfig(days), "rated": False,
                "playerIndex": form.get("playerIndex", "random")}, errors
    if rated and clock is None:  # ApiConfig.validRated: casual, or a clock (or chess' standard)
        _error(errors, "", "can't be rated")
        return None, errors
    return {"variant": variant or "togyzkumalak", "clock": clock, "rated": bool(rated),
            "playerIndex": form.get("playerIndex", "random")}, errors


SEEK_VARIANTS = frozenset({"7_togyzkumalak", "7_bestemshe"})  # Mappings.scala boardApiVariantKeys (togyz)
_FRACTIONS = (0.25, 0.5, 0.75, 1.5)  # Config.scala acceptableFractions


def _time(value: float) -> bool:
    # lila modules/setup/src/main/Config.scala validateTime: 0 to 180 minutes, whole or a fraction above
    return 0 <= value <= 180 and (value.is_integer() or value in _FRACTIONS)


def bind_seek(form: dict[str, str]) -> tuple[dict[str, Any] | None, Errors]:
    """POST /api/board/seek: lila SetupForm.boardApiHook (variant, time, increment, byoyomi and periods
    required, rated optional) making a Fischer clock (Config.scala justMakeClock), verified "Invalid clock"
    and "Invalid time control" (Game.isBoardCompatible: Rapid or slower)."""
    errors: Errors = {}
    variant = form.get("variant")
    if variant is not None and variant not in SEEK_VARIANTS:
        _error(errors, "variant", "error.unknown")
    time_: float | None = None
    if "time" not in form:
        _error(errors, "time", "error.required")
    elif not _REAL.match(form["time"]):
        _error(errors, "time", "error.real")
    elif not _time(float(form["time"].rstrip("dDfF"))):
        _error(errors, "time", "error.unknown")
    else:
        time_ = float(form["time"].rstrip("dDfF"))
    increment = _number(form, "increment", errors, _seconds)
    _number(form, "byoyomi", errors, _seconds)
    _number(form, "periods", errors, _periods)
    rated = _boolean(form, "rated", errors, default=None)
    if errors or time_ is None or increment is None:
        return None, errors
    has_time = time_ + increment > 0  # Config.scala clockHasFischerTime
    clock = ClockConfig("fischer", int(time_ * 60), increment=increment if has_time else 1)
    if not has_time:
        _error(errors, "", "Invalid clock")
    if not clock.board_compatible:
        _error(errors, "", "Invalid time control")
    if errors:
        return None, errors
    return {"variant": variant or "7_togyzkumalak", "clock": clock, "rated": bool(rated)}, errors


def chat_errors(form: dict[str, str]) -> Errors:
    """POST /api/board/game/{id}/chat: lila modules/bot/src/main/BotForm.scala: ``text`` nonEmptyText of at
    most lila.chat.Line.textMaxSize = 140 (Java string length: UTF-16 units), ``room`` player or
    spectator."""
    errors: Errors = {}
    text = form.get("text")
    if text is None or not text.strip():
        _error(errors, "text", "error.required")
    elif len(text.encode("utf-16-le")) // 2 > 140:
        _error(errors, "text", "error.maxLength", 140)
    if "room" not in form:
        _error(errors, "room", "error.required")
    elif form["room"] not in ("player", "spectator"):
        _error(errors, "room", "error.unknown")
    return errors


class RateLimit:
    """lila modules/memo/src/main/RateLimit.scala: ``credits`` within a window that starts with the first
    request and is cleared ``seconds`` later (not a sliding window)."""

    def __init__(self, credits: int, seconds: float) -> None:
        self.credits, self.seconds = credits, seconds
        self.used, self.clear_at = 0, 0.0

    def take(self, now: float) -> bool:
        if self.used == 0 or now > self.clear_at:
            self.used, self.clear_at = 0, now + self.seconds
        if self.used >= self.credits:
            return False
        self.used += 1
        return True


RATE_LIMITED = "Too many requests. Please retry in a moment."  # app/controllers/LilaController.scala, text


# -- games ----------------------------------------------------------------------------------------------

# strategygames src/main/scala/Status.scala: the ids of the statuses a togyz game can have
STATUS_IDS = {"created": 10, "started": 20, "aborted": 25, "mate": 30, "resign": 31, "stalemate": 32,
              "timeout": 33, "draw": 34, "outoftime": 35, "cheat": 36, "noStart": 37, "unknownFinish": 38,
              "variantEnd": 60}
EXPIRABLE_SOURCES = frozenset({"lobby", "tournament", "pool", "swiss"})  # lila modules/game Source.expirable
MANDATORY_SOURCES = frozenset({"tournament", "simul", "swiss"})  # Game.scala isMandatory


def first_move_seconds(speed: str, tournament: bool) -> int:
    """lila modules/game/src/main/Game.scala timeForFirstTurn (no togyz variant changes it)."""
    table = ({"ultraBullet": 11, "bullet": 16, "blitz": 21, "rapid": 25} if tournament
             else {"ultraBullet": 15, "bullet": 20, "blitz": 25, "rapid": 30})
    return table.get(speed, 30 if tournament else 35)


# -- the bodies of the hostile faults --------------------------------------------------------------------
MAX_FAULT_BYTES = 200 * 1024 * 1024  # no fault sends more than this
MAX_FAULT_SECONDS = 30.0  # nor for longer than this
HTML_500 = (b"<html><head><title>500 Internal Server Error</title></head><body>"
            b"<h1>500 Internal Server Error</h1><hr><center>nginx</center></body></html>\n")
GZIP_BOMB_INFLATED = 1024 * 1024 * 1024  # 1 GiB of zeros ...
_bomb: list[bytes] = []
_bomb_lock = threading.Lock()


def gzip_bomb() -> bytes:
    """... gzipped: about 1 MB (deflate packs at most about 1030 to 1), made at first use and kept for the
    whole test run. One MiB of zeros is deflated once, ending in a full flush so that it refers to nothing
    before it, and repeated; the gzip header and trailer (CRC-32, size) are written by hand."""
    with _bomb_lock:
        if not _bomb:
            zeros = bytes(1024 * 1024)
            packer = zlib.compressobj(9, zlib.DEFLATED, -15)
            piece = packer.compress(zeros) + packer.flush(zlib.Z_FULL_FLUSH)
            count = GZIP_BOMB_INFLATED // len(zeros)
            crc = 0
            for _ in range(count):
                crc = zlib.crc32(zeros, crc)
            _bomb.append(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + piece * count + packer.flush()
                         + struct.pack("<II", crc, GZIP_BOMB_INFLATED % 2**32))
        return _bomb[0]
