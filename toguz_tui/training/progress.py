"""What a player has done in the lessons and the puzzles, kept in ``training.json`` in the data folder.

The file is toguz's own: written whole and atomically after every step, read bounded in size and
checked field by field; a broken one is moved aside (never deleted) and training starts afresh,
which is said once.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from speech.system.locks import LockHeld, locked
from speech.words.i18n import _
from speech.words.machine_words import held_lock_words
from toguz_tui.files import storage
from toguz_tui.files.user_files import FileProblem, read_bytes, too_long_number
from toguz_tui.training.puzzles import START_RATING

MOST_BYTES = 512_000
MOST_PLAYERS = 50
MOST_SEEN = 5000
NAME_LENGTH = 60
KEY_LENGTH = 40


@dataclass
class PlayerScore:
    """One player's puzzles: the rating, the streak of puzzles solved at the first try (and the best
    one), how many were solved and tried, and the puzzles seen (their numbers)."""

    rating: int = START_RATING
    streak: int = 0
    best_streak: int = 0
    solved: int = 0
    tried: int = 0
    seen: list[int] = field(default_factory=list)
    turns: int = 0  # puzzles given so far (the next one is chosen with it)


@dataclass
class Progress:
    """The lessons done and skipped, where the lessons stand, and every player's puzzles."""

    done: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    lesson: str = ""  # the lesson under way (its key), "" for none
    step: int = 0  # its step, from 0
    players: dict[str, PlayerScore] = field(default_factory=dict)

    def player(self, name: str) -> PlayerScore:
        """``name``'s puzzle scores (new ones for a new player). The players are kept most recent last;
        beyond ``MOST_PLAYERS`` the one unseen longest is forgotten, so that the file stays readable."""
        score = self.players.pop(name, None) or PlayerScore()
        self.players[name] = score
        while len(self.players) > MOST_PLAYERS:
            del self.players[next(iter(self.players))]
        return score

    def to_json(self) -> str:
        """The progress as the file keeps it."""
        return json.dumps({"version": 1, **asdict(self)}, ensure_ascii=False, indent=1)


def progress_path() -> Path:
    """Where the training progress is kept."""
    return storage.data_dir() / "training.json"


def _int(value: Any, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(_("{field} is not a whole number from {low} to {high}").format(field=what, low=low, high=high))
    return value


def _keys(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or len(value) > 100 or not all(
            isinstance(item, str) and 0 < len(item) <= KEY_LENGTH for item in value):
        raise ValueError(_("{field} is not a short list of names").format(field=what))
    return list(value)


def from_json(text: str) -> Progress:
    """Read the progress; ``ValueError`` with the reason when the file is broken."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ValueError(_("it is not JSON")) from None
    except ValueError:  # a number of thousands of digits: Python's own words would name sys.set_int_max_str_digits
        raise ValueError(too_long_number()) from None
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError(_("it is not toguz's training progress"))
    lesson = data.get("lesson", "")
    if not isinstance(lesson, str) or len(lesson) > KEY_LENGTH:
        raise ValueError(_("{field} is not a short line of text").format(field="lesson"))
    players_data = data.get("players", {})
    if not isinstance(players_data, dict) or len(players_data) > MOST_PLAYERS:
        raise ValueError(_("{field} is not a table").format(field="players"))
    players: dict[str, PlayerScore] = {}
    for name, score in players_data.items():
        if len(name) > NAME_LENGTH or not name.isprintable() or not isinstance(score, dict):
            raise ValueError(_("{field} is not a table").format(field="players"))
        seen = score.get("seen", [])
        if not isinstance(seen, list) or len(seen) > MOST_SEEN:
            raise ValueError(_("{field} is not a short list of numbers").format(field="seen"))
        players[name] = PlayerScore(
            _int(score.get("rating", START_RATING), 100, 3500, "rating"),
            _int(score.get("streak", 0), 0, 10**6, "streak"),
            _int(score.get("best_streak", 0), 0, 10**6, "best_streak"),
            _int(score.get("solved", 0), 0, 10**7, "solved"), _int(score.get("tried", 0), 0, 10**7, "tried"),
            [_int(number, 1, 10**6, "seen") for number in seen], _int(score.get("turns", 0), 0, 10**7, "turns"))
    return Progress(_keys(data.get("done", []), "done"), _keys(data.get("skipped", []), "skipped"), lesson,
                    _int(data.get("step", 0), 0, 1000, "step"), players)


def load_progress() -> tuple[Progress, str | None]:
    """The saved progress (fresh when there is none), and a one-line problem when the file was broken
    (it is then moved aside)."""
    found = storage.read_or_set_aside(progress_path(), MOST_BYTES, from_json)
    if isinstance(found, storage.SetAside):
        return Progress(), found.words(
            _("Your training progress could not be read ({reason}); starting afresh ({problem})."),
            _("Your training progress could not be read ({reason}); starting afresh. The old file was kept as "
              "{name}."))
    return found if found is not None else Progress(), None


def _on_disk() -> Progress:
    """The progress as the file holds it now (fresh when it is missing or cannot be read)."""
    try:
        return from_json(read_bytes(progress_path(), MOST_BYTES).decode("utf-8"))
    except (FileProblem, OSError, UnicodeDecodeError, ValueError):
        return Progress()


def merged(disk: Progress, progress: Progress, player: str | None, lessons: bool) -> Progress:
    """The file's progress with this copy's part put in: the lessons' state (``lessons``) or one
    ``player``'s puzzles; every other part stays as the file has it. Neither: this copy's whole progress."""
    if lessons:
        done = disk.done + [key for key in progress.done if key not in disk.done]
        skipped = [key for key in disk.skipped + progress.skipped if key not in done]
        return Progress(done, list(dict.fromkeys(skipped)), progress.lesson, progress.step, disk.players)
    if player is None:
        return progress
    score = progress.players.get(player)
    if score is not None:
        disk.players.pop(player, None)
        disk.players[player] = score
        while len(disk.players) > MOST_PLAYERS:
            del disk.players[next(iter(disk.players))]
    return disk


def save_progress(progress: Progress, *, player: str | None = None, lessons: bool = False) -> str | None:
    """Keep this copy's part of the progress (the lessons' state, or one ``player``'s puzzles), merged
    under a lock with what the file holds now, so that another toguz's answers are kept; a one-line
    problem when it could not be written (training goes on)."""
    try:
        with locked(progress_path().with_suffix(".lock")):  # another toguz's answers are read, not lost
            whole = merged(_on_disk(), progress, player, lessons)
            storage.write_atomically(progress_path(), whole.to_json())
    except OSError as error:
        reason = held_lock_words(error.held) if isinstance(error, LockHeld) else error.strerror or str(error)
        return _("Your training progress could not be saved ({reason}).").format(reason=reason)
    progress.done, progress.skipped, progress.players = whole.done, whole.skipped, whole.players
    if not lessons:
        progress.lesson, progress.step = whole.lesson, whole.step
    return None
