"""Keeping games: the game in progress (saved after every move, under a lock) and the archive.

The rules kept here: a game in progress is archived before anything replaces it, and when that
cannot be done nothing replaces it; a finished game is saved whole, so that one whose archiving
failed comes back as finished, never as the position before its last move; the program says
whether a game is saved only when it is true.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules import Game
from speech.words import phrases
from toguz_tui.files import storage
from toguz_tui.session.setup import GameSetup


class GameStore:
    """Where one session's games are kept."""

    def __init__(self, persist: bool = True) -> None:
        self.persist = persist
        self.lock = storage.GameLock()
        self.autosave = persist  # False when another toguz holds the game, or a broken file stays
        self.saved = True  # whether the game in progress, as it stands, is on disk
        self.why_not: str | None = None  # why the game in progress is not being saved

    def claim(self) -> bool:
        """Take the game in progress for this toguz; False (and no autosave) when another holds it."""
        if not self.persist:
            return True
        if self.lock.take():
            return True
        self.stop_saving(phrases.open_elsewhere_reason())
        return False

    def stop_saving(self, reason: str) -> None:
        """From now on the game in progress is not saved (``reason`` says why, when asked)."""
        self.autosave = False
        self.saved = False
        self.why_not = reason

    def save(self, setup: GameSetup, game: Game, clock: dict[str, Any] | None = None) -> str | None:
        """Keep the game as it stands, finished or not, with its clocks (``GameClock.to_saved``) if it has
        them; a problem to say, if it could not."""
        if not self.autosave:
            self.saved = False
            return None
        try:
            storage.save_current(setup.to_saved(game, clock))
        except OSError as error:
            self.saved = False
            return phrases.progress_not_saved(error.strerror or str(error))
        self.saved = True
        return None

    def forget(self) -> str | None:
        """The game in progress is finished and archived: remove its file; a problem, if any."""
        if not self.autosave:
            return None
        try:
            storage.forget_current()
        except OSError as error:
            return phrases.progress_not_removed(error.strerror or str(error))
        return None

    def archive(self, text: str, names: tuple[str, str]) -> Path:
        """Keep a record in the archive; ``OSError`` when it cannot be kept."""
        return storage.archive_record(text, names)

    def keep_broken(self) -> str:
        """The saved game could not be read: move it aside (so nothing is lost); what to say."""
        path = storage.current_game_path()
        try:
            kept = storage.keep_aside(path)
        except OSError as error:
            self.stop_saving(phrases.broken_stays_reason(path.name))
            return phrases.broken_not_moved(path.name, error.strerror or str(error))
        return phrases.broken_kept(kept.name)

    def release(self) -> None:
        """Let go of the game in progress (when leaving)."""
        self.lock.release()
