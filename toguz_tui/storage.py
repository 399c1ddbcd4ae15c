"""Files the program keeps: the game in progress (saved after every move) and finished games."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs


def data_dir() -> Path:
    """Where games are kept (platformdirs; ``TOGUZ_DATA_DIR`` overrides)."""
    override = os.environ.get("TOGUZ_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("toguz"))


def current_game_path() -> Path:
    """The game in progress."""
    return data_dir() / "current-game.json"


def archive_dir() -> Path:
    """Finished (and set-aside) games, one record file each."""
    return data_dir() / "games"


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` so that a crash leaves either the old file or the new one, never a broken one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


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

    def to_json(self) -> str:
        """The saved game as JSON text."""
        return json.dumps({"version": 1, **asdict(self)}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> SavedGame:
        """Read a saved game; ``ValueError`` with a reason if the file is broken."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"not JSON ({error.msg} at line {error.lineno})") from None
        if not isinstance(data, dict) or data.get("version") != 1:
            raise ValueError("not a saved toguz game of a version this program knows")
        data.pop("version")
        try:
            saved = cls(**data)
        except TypeError as error:
            raise ValueError(f"missing or unknown fields ({error})") from None
        if not all(isinstance(move, int) for move in saved.moves):
            raise ValueError("the moves are not pit numbers")
        return saved


def save_current(saved: SavedGame) -> None:
    """Keep the game in progress."""
    write_atomically(current_game_path(), saved.to_json())


def load_current() -> tuple[SavedGame | None, str | None]:
    """The game in progress, if any, and a one-line problem if its file is broken."""
    path = current_game_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError) as error:
        return None, f"the saved game {path} could not be read ({error})"
    try:
        return SavedGame.from_json(text), None
    except ValueError as error:
        return None, f"the saved game {path} is broken: {error}"


def forget_current() -> None:
    """The game in progress ended or was set aside: remove its file."""
    current_game_path().unlink(missing_ok=True)


def archive_record(text: str, names: tuple[str, str]) -> Path:
    """Keep a record in the archive under a name made of the time and the players; its path."""
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    safe = "-".join("".join(ch for ch in name if ch.isalnum()) or "player" for name in names)
    path = archive_dir() / f"{stamp}-{safe}.pgn"
    number = 1
    while path.exists():
        number += 1
        path = archive_dir() / f"{stamp}-{safe}-{number}.pgn"
    write_atomically(path, text)
    return path


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
        return f"nowhere ({problem.strerror or problem})"
    return str(path)
