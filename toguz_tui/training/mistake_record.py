"""The mistakes streak and how often each of the player's mistakes was answered right, kept in
``mistakes.json`` in the data folder (apart from the puzzle rating of ``training.json``).

The file is toguz's own: read bounded in size and checked field by field (a broken one is moved aside,
never deleted, and the mistakes start afresh, which is said once); after every answer it is read again and
written atomically under a lock (``mistakes.lock``) with this copy's new answers played over what it holds,
so that two copies of toguz answering at once each keep their answers and one streak runs over both. The
save runs on the interface's thread, so it waits for the other copy's lock only a moment (``SAVE_PATIENCE``):
held longer, the answers are kept for the next save, and that is said.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from speech.system.locks import LockHeld, locked
from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.files import storage
from toguz_tui.files.user_files import too_long_number, write_atomically

MOST_BYTES = 2_000_000
MOST_KEPT = 20_000  # mistakes remembered (the oldest are forgotten beyond)
RETIRED = 2  # a mistake answered right this many times is not offered again
MOST_STREAK = 10**6
SAVE_PATIENCE = 0.25  # seconds an answer's save waits for another toguz's lock (it holds it for a moment)
KEY = re.compile(r"[0-9a-f]{32}:[0-9]{1,4}")  # a game's key and the ply of the mistake


@dataclass
class MistakeRecord:
    """The streak of mistakes answered right at the first try (and the best one), and for every mistake
    (``game key:ply``) how many times it was answered right."""

    streak: int = 0
    best_streak: int = 0
    rights: dict[str, int] = field(default_factory=dict)
    unsaved: list[tuple[str, bool]] = field(default_factory=list, compare=False)  # answers not written yet

    def retired(self, key: str) -> bool:
        """Whether the mistake ``key`` was answered right often enough."""
        return self.rights.get(key, 0) >= RETIRED

    def answered(self, key: str, right: bool) -> None:
        """An answer at the first try to the mistake ``key``: right (the streak grows) or not, or the mistake
        skipped (the streak ends); kept to be written with ``save_record``."""
        self.unsaved.append((key, right))
        self.tally(key, right)

    def tally(self, key: str, right: bool) -> None:
        """Count an answer (see ``answered``) without keeping it to be written."""
        if right:
            self.rights[key] = min(RETIRED, self.rights.pop(key, 0) + 1)  # kept newest last
            while len(self.rights) > MOST_KEPT:
                del self.rights[next(iter(self.rights))]
            self.streak = min(MOST_STREAK, self.streak + 1)
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0

    def to_json(self) -> str:
        """The record as the file keeps it."""
        return json.dumps({"version": 1, "streak": self.streak, "best_streak": self.best_streak,
                           "rights": self.rights}, ensure_ascii=False, separators=(",", ":"))


def record_path() -> Path:
    """Where the mistakes record is kept."""
    return storage.data_dir() / "mistakes.json"


def _whole(value: Any, high: int, what: str) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise ValueError(_("{field} is not a whole number from {low} to {high}").format(field=what, low=0, high=high))
    return value


def from_json(text: str) -> MistakeRecord:
    """Read the record; ``ValueError`` with the reason when the file is broken."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ValueError(_("it is not JSON")) from None
    except ValueError:  # a number of thousands of digits
        raise ValueError(too_long_number()) from None
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError(_("it is not toguz's record of your mistakes"))
    rights = data.get("rights", {})
    if not isinstance(rights, dict):
        raise ValueError(_("{field} is not a table").format(field="rights"))
    if len(rights) > MOST_KEPT:
        raise ValueError(_("{field} holds {count} entries; toguz keeps at most {most}").format(
            field="rights", count=len(rights), most=MOST_KEPT))
    wrong = next((key for key in rights if not (isinstance(key, str) and KEY.fullmatch(key))), None)
    if wrong is not None:
        raise ValueError(_("{field} holds {key}, which is not a game's key and a move").format(
            field="rights", key=phrases.clipped(wrong, 40)))
    return MistakeRecord(_whole(data.get("streak", 0), MOST_STREAK, "streak"),
                         _whole(data.get("best_streak", 0), MOST_STREAK, "best_streak"),
                         {key: _whole(count, RETIRED, "rights") for key, count in rights.items()})


def load_record() -> tuple[MistakeRecord, str | None]:
    """The record kept (fresh when there is none), and a one-line problem when the file was broken (it is
    then moved aside)."""
    found = storage.read_or_set_aside(record_path(), MOST_BYTES, from_json)
    if isinstance(found, storage.SetAside):
        return MistakeRecord(), found.words(
            _("Your record of mistakes could not be read ({reason}); starting afresh ({problem})."),
            _("Your record of mistakes could not be read ({reason}); starting afresh. The old file was kept as "
              "{name}."))
    return found if found is not None else MistakeRecord(), None


def _on_disk() -> MistakeRecord:
    """The record as the file holds it now (fresh when there is none; a broken one is moved aside)."""
    found = storage.read_or_set_aside(record_path(), MOST_BYTES, from_json)
    return found if isinstance(found, MistakeRecord) else MistakeRecord()


def save_record(record: MistakeRecord) -> str | None:
    """Keep this copy's new answers: played, under a lock, over what the file holds now (another toguz's
    answers included), and ``record`` made the whole; a one-line problem when it could not be written (the
    training goes on, the answers kept for the next save). Another toguz holding the lock past
    ``SAVE_PATIENCE`` is such a problem: the interface is never kept waiting for it."""
    path = record_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with locked(path.with_suffix(".lock"), SAVE_PATIENCE):
            whole = _on_disk()
            for key, right in record.unsaved:
                whole.tally(key, right)
            write_atomically(path, whole.to_json())
    except LockHeld:
        return _("Your answers are not saved yet: another toguz is writing your record of mistakes. They are "
                 "kept and saved with your next answer.")
    except OSError as error:
        return _("Your record of mistakes could not be saved ({reason}).").format(
            reason=error.strerror or str(error))
    record.streak, record.best_streak, record.rights = whole.streak, whole.best_streak, whole.rights
    record.unsaved.clear()
    return None
