"""Files the program keeps: the game in progress (saved after every move) and finished games.

- The game in progress is one JSON file, written atomically after every move. Reading it checks
  every field against what it must be (types, sizes, ranges) before anything is built from it; a
  file that fails is moved aside under a new name (never over an earlier one) and said in one line.
- One toguz at a time owns the game in progress: a lock (``speech.system.locks``, released by the
  system when the process ends, so a killed copy leaves no stale lock behind).
- Finished games, and unfinished ones replaced by a new game, are kept as record files in the
  archive under short, safe names made of the time and the players.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args

import platformdirs

from rules import Side
from rules.clock import MAX_WARNINGS, TimeControl
from rules.engine import LEVELS
from speech.system.locks import FileLock
from speech.words.i18n import _
from toguz_tui.files import user_files
from toguz_tui.files.user_files import FileProblem, folder_from, read_bytes, too_long_number

Opponent = Literal["computer", "human"]  # the computer, or a second player at the keyboard
OPPONENT_KEYS: tuple[Opponent, ...] = get_args(Opponent)

SAVED_GAME_LIMIT = 1 << 20  # bytes: a saved game of 5,000 moves is under 40 KB
MAX_MOVES = 5000
NAME_LENGTH = 60
ARCHIVE_NAME_PART = 24


Loaded = TypeVar("Loaded")
MOST_SEED = (1 << 63) - 1  # the largest seed a saved game keeps (``--seed`` is bounded to it)


def data_dir() -> Path:
    """Where games are kept (platformdirs; ``TOGUZ_DATA_DIR`` overrides)."""
    return folder_from("TOGUZ_DATA_DIR") or Path(platformdirs.user_data_dir("toguz"))


def current_game_path() -> Path:
    """The game in progress."""
    return data_dir() / "current-game.json"


def archive_dir() -> Path:
    """Finished (and set-aside) games, one record file each."""
    return data_dir() / "games"


def write_atomically(path: Path, text: str) -> None:
    """Write a file of the program's own (its folder made if needed) so that a crash leaves either
    the old file or the new one, never a broken one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    user_files.write_atomically(path, text)


@dataclass
class SavedGame:
    """What is needed to restore a game exactly: where it started, the moves and who plays."""

    start_fen: str
    variant: dict[str, Any]
    moves: list[int]
    opponent: str
    level: int
    human: str
    seed: int
    names: list[str] = field(default_factory=lambda: ["White", "Black"])
    started: str = field(default_factory=lambda: datetime.now().strftime("%Y.%m.%d"))
    clock: dict[str, Any] | None = None  # the clocks (``GameClock.to_saved`` of the session), when it has them

    def to_json(self) -> str:
        """The saved game as JSON text."""
        return json.dumps({"version": 1, **asdict(self)}, indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> SavedGame:
        """Read a saved game; ``ValueError`` with a reason if the file is broken or not one of ours."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            reason = _("not JSON ({error} at line {line})").format(error=error.msg, line=error.lineno)
            raise ValueError(reason) from None
        except RecursionError:
            raise ValueError(_("not a saved game: it is nested too deeply")) from None
        except ValueError:  # a number of thousands of digits
            raise ValueError(too_long_number()) from None
        if not isinstance(data, dict) or data.get("version") != 1:
            raise ValueError(_("not a saved toguz game of a version this program knows"))
        return cls(**checked_fields(data))


_VARIANT_FIELDS: dict[str, type] = {"name": str, "pits": int, "stones": int, "tuzdyks": bool, "no_move": str,
                                    "stop_at_majority": bool, "unrestricted_tuzdyk": bool}


def _expect(value: Any, kind: type, what: str) -> Any:
    if type(value) is not kind:  # bool is not an int here, and an int is not a bool
        kinds = {str: _("text"), int: _("a whole number"), bool: _("yes or no"), list: _("a list"),
                 dict: _("a table")}
        raise ValueError(_("{field} is not {kind}").format(field=what, kind=kinds.get(kind, kind.__name__)))
    return value


def _text(value: Any, what: str, longest: int) -> str:
    text: str = _expect(value, str, what)
    if len(text) > longest or not text.isprintable():
        raise ValueError(_("{field} is not a short line of text").format(field=what))
    return text


def checked_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of a saved game, each checked for its type, size and range."""
    known = {"version", "start_fen", "variant", "moves", "opponent", "level", "human", "seed", "names", "started",
             "clock"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(_("unknown fields: {fields}").format(fields=", ".join(name[:20] for name in unknown[:3])))
    missing = sorted(known - {"names", "started", "clock"} - set(data))
    if missing:
        raise ValueError(_("missing fields: {fields}").format(fields=", ".join(missing)))
    variant = _expect(data["variant"], dict, "variant")
    if set(variant) != set(_VARIANT_FIELDS):
        raise ValueError(_("the variant is not described as toguz describes it"))
    for name, kind in _VARIANT_FIELDS.items():
        _expect(variant[name], kind, f"variant {name}")
    if variant["pits"] not in (5, 7, 9) or variant["stones"] != variant["pits"] or len(variant["name"]) > 40:
        raise ValueError(_("the variant is none of toguz's games"))
    moves = _expect(data["moves"], list, "moves")
    if len(moves) > MAX_MOVES or any(type(move) is not int or not 1 <= move <= 9 for move in moves):
        raise ValueError(_("the moves are not pit numbers"))
    level = _expect(data["level"], int, "level")
    seed = _expect(data["seed"], int, "seed")
    if not 1 <= level <= len(LEVELS) or not 0 <= seed <= MOST_SEED:
        raise ValueError(_("the level or the seed is out of range"))
    if data["opponent"] not in OPPONENT_KEYS or data["human"] not in (side.key for side in Side):
        raise ValueError(_("the players are not described as toguz describes them"))
    names = _expect(data.get("names", ["White", "Black"]), list, "names")
    if len(names) != 2:
        raise ValueError(_("names are not two"))
    return {
        "start_fen": _text(data["start_fen"], _("the start position"), 400), "variant": variant, "moves": moves,
        "opponent": data["opponent"], "level": level, "human": data["human"], "seed": seed,
        "names": [_text(name, _("a name"), NAME_LENGTH) for name in names],
        "started": _text(data.get("started", ""), _("the date"), 20),
        "clock": _checked_clock(data.get("clock"), len(moves)),
    }


_CLOCK_FIELDS = {"control", "times", "after", "warnings", "warned"}
LONGEST_CLOCK = 600 * 60 + 600 * MAX_MOVES  # seconds: the most time a clock can hold


def _seconds(value: Any) -> float:
    if type(value) not in (int, float) or not 0 <= value <= LONGEST_CLOCK:
        raise ValueError(_("the clocks are not times"))
    return float(value)


def _pair(value: Any) -> list[float]:
    if type(value) is not list or len(value) != 2:
        raise ValueError(_("the clocks are not times"))
    return [_seconds(part) for part in value]


def _checked_clock(value: Any, moves: int) -> dict[str, Any] | None:
    """The saved clocks, each part checked: a time control, both times now and after each move, the
    warning thresholds and the warnings said."""
    if value is None:
        return None
    clock = _expect(value, dict, "clock")
    if set(clock) != _CLOCK_FIELDS:
        raise ValueError(_("the clocks are not described as toguz describes them"))
    control = _text(clock["control"], _("the time control"), 20)
    if TimeControl.from_pgn(control) is None:
        raise ValueError(_("the clocks are not described as toguz describes them"))
    after = _expect(clock["after"], list, _("the times after each move"))
    warnings = _expect(clock["warnings"], list, _("the clock warnings"))
    warned = _expect(clock["warned"], list, _("the warnings said"))
    if len(after) != moves or len(warnings) > MAX_WARNINGS or len(warned) > 2 * MAX_WARNINGS:
        raise ValueError(_("the clocks are not described as toguz describes them"))
    for item in warned:
        if type(item) is not list or len(item) != 2 or item[0] not in (0, 1):
            raise ValueError(_("the clocks are not described as toguz describes them"))
        _seconds(item[1])
    return {"control": control, "times": _pair(clock["times"]), "after": [_pair(item) for item in after],
            "warnings": [_seconds(item) for item in warnings],
            "warned": [[item[0], _seconds(item[1])] for item in warned]}


def save_current(saved: SavedGame) -> None:
    """Keep the game in progress."""
    write_atomically(current_game_path(), saved.to_json())


def load_current() -> tuple[SavedGame | None, str | None]:
    """The game in progress, if any, and a one-line problem if its file is broken."""
    path = current_game_path()
    if not path.exists() and not path.is_symlink():
        return None, None
    try:
        data = read_bytes(path, SAVED_GAME_LIMIT)
    except FileProblem as problem:
        return None, _("the saved game {name} could not be read ({problem})").format(name=path.name, problem=problem)
    try:
        return SavedGame.from_json(data.decode("utf-8")), None
    except UnicodeDecodeError:
        return None, _("the saved game {name} is broken: it is not text").format(name=path.name)
    except ValueError as error:
        return None, _("the saved game {name} is broken: {problem}").format(name=path.name, problem=error)


def forget_current() -> None:
    """The game in progress ended or was set aside: remove its file."""
    current_game_path().unlink(missing_ok=True)


def keep_aside(path: Path) -> Path:
    """Move a broken file of ours aside under a new name (``NAME.broken-TIME.EXT``, numbered if need
    be), never over an earlier one; its new path. ``OSError`` when it cannot be moved."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.broken-{stamp}{path.suffix}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.stem}.broken-{stamp}-{number}{path.suffix}")
    os.rename(path, target)
    return target


@dataclass(frozen=True)
class SetAside:
    """A file of ours that could not be read (``reason``), moved aside to ``kept``, or left where it is
    when it could not be moved (``problem``)."""

    reason: str
    kept: Path | None = None
    problem: str = ""

    def words(self, not_moved: str, moved: str) -> str:
        """What to say: ``not_moved`` (with ``{reason}`` and ``{problem}``) or ``moved`` (``{reason}`` and
        ``{name}``, the new name)."""
        if self.kept is None:
            return not_moved.format(reason=self.reason, problem=self.problem)
        return moved.format(reason=self.reason, name=self.kept.name)


def read_or_set_aside(path: Path, limit: int, parse: Callable[[str], Loaded]) -> Loaded | SetAside | None:
    """What ``parse`` makes of the file of ours ``path`` (UTF-8, at most ``limit`` bytes); None when there is
    no file; ``SetAside`` when it could not be read or parsed (``ValueError``), the file then moved aside."""
    if not path.exists() and not path.is_symlink():
        return None
    try:
        return parse(read_bytes(path, limit).decode("utf-8"))
    except (FileProblem, UnicodeDecodeError, ValueError) as error:
        reason = str(error) if not isinstance(error, UnicodeDecodeError) else _("it is not UTF-8 text")
    try:
        return SetAside(reason, kept=keep_aside(path))
    except OSError as error:
        return SetAside(reason, problem=error.strerror or str(error))


def safe_part(name: str) -> str:
    """A player's name as a short, safe piece of a file name: letters and digits only."""
    kept = "".join(char for char in name if char.isalnum())[:ARCHIVE_NAME_PART]
    return kept or "player"


def archive_record(text: str, names: tuple[str, str]) -> Path:
    """Keep a record in the archive under a name made of the time and the players; its path."""
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    base = f"{stamp}-{safe_part(names[0])}-{safe_part(names[1])}"
    folder = archive_dir()
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, _("the archive folder {folder} is a file, not a folder").format(
            folder=folder))
    folder.mkdir(parents=True, exist_ok=True)
    number = 1
    while True:
        path = folder / (f"{base}.pgn" if number == 1 else f"{base}-{number}.pgn")
        try:
            user_files.write_atomically(path, text, replace=False)
            return path
        except FileExistsError:
            number += 1


class GameLock:
    """The claim of one toguz on the game in progress; let go when the process ends, however it ends."""

    def __init__(self) -> None:
        self._lock: FileLock | None = None

    @property
    def held(self) -> bool:
        """True while this process holds the claim."""
        return self._lock is not None and self._lock.held

    def take(self) -> bool:
        """Claim the game in progress; False when another toguz holds it. Where the system cannot lock
        (or the folder cannot be written) nothing is claimed and True is returned: saving will say why."""
        if self._lock is None:
            self._lock = FileLock(data_dir() / "current-game.lock")
        return self._lock.take(wait=False)

    def release(self) -> None:
        """Let go of the claim."""
        if self._lock is not None:
            self._lock.release()


def log_failure(error: BaseException) -> str:
    """Append ``error``'s traceback to the error log; the log's path (or a reason it is not kept)."""
    import traceback

    path = data_dir() / "errors.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n")
            log.write("".join(traceback.format_exception(error)))
    except OSError as problem:
        return _("nowhere ({reason})").format(reason=problem.strerror or problem)
    return str(path)


def printable_name(name: str) -> bool:
    """Whether ``name`` may stand in a setting or a record: printable, short, one line."""
    return 1 <= len(name) <= NAME_LENGTH and name.isprintable()


RECENT_LIMIT = 10


def recent_path() -> Path:
    """The record files opened or saved lately, newest first."""
    return data_dir() / "recent.json"


def recent_records() -> list[Path]:
    """The record files opened or saved lately that still exist, newest first (a broken list is empty)."""
    try:
        data = json.loads(read_bytes(recent_path(), 64 * 1024).decode("utf-8"))
    except (FileProblem, UnicodeDecodeError, ValueError, RecursionError):
        return []
    if not isinstance(data, list):
        return []
    paths = [Path(item) for item in data if isinstance(item, str) and 0 < len(item) <= 4096]
    return [path for path in paths[:RECENT_LIMIT] if path.is_file()]


def remember_record(path: Path) -> None:
    """Put ``path`` first among the recent records (a list that cannot be written is not missed)."""
    try:
        resolved = path.resolve()
    except OSError:
        return
    paths = [resolved, *(item for item in recent_records() if item != resolved)][:RECENT_LIMIT]
    with contextlib.suppress(OSError):
        write_atomically(recent_path(), json.dumps([str(item) for item in paths], ensure_ascii=False, indent=1))
