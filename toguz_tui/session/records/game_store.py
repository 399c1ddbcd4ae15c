"""Keeping games: the game in progress (saved after every move, under a lock) and the archive.

The rules kept here: a game in progress is archived before anything replaces it, and when that
cannot be done nothing replaces it; a finished game is saved whole, so that one whose archiving
failed comes back as finished, never as the position before its last move; the program says
whether a game is saved only when it is true.

The store also writes the game's record (``toguz_tui.session.records.game_record``) for the archive and ``save``: it
reads the game as it stands (``GameOnRecord``) through the session's ``ReadPort`` and the clocks, and tells
the accounts of each game kept that ends (``GameOverListener``). It says what leaving now would do to the
game (``toguz_tui.session.records.leaving.Leaving``): ``quit`` says goodbye with it, the board asks its quit
question with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from rules import Game, Side
from rules.notation import TokenStyle
from speech.words.i18n import _
from toguz_tui.files import storage
from toguz_tui.session.clocks import Clocks
from toguz_tui.session.game_clock import GameClock
from toguz_tui.session.port import ReadPort
from toguz_tui.session.records.game_record import record_names, record_text
from toguz_tui.session.records.leaving import Leaving
from toguz_tui.session.setup import GameSetup


@dataclass(frozen=True)
class GameOnRecord:
    """The game in progress as its record needs it."""

    game: Game
    setup: GameSetup
    names: tuple[str, str]  # the players' own names in the settings ("" for none)
    opponent: str  # the opponent's own name ("" for the computer or a person here)
    clocks: GameClock | None


class GameOverListener(Protocol):
    """What hears of each game that ends, when it is kept (the accounts)."""

    def game_over(self, game: Game, human: Side | None) -> None:
        """``game`` ended (``human``: the person's side, None between two people)."""
        ...


class GameStore:
    """Where one session's games are kept."""

    def __init__(self, port: ReadPort, clocks: Clocks, ended: GameOverListener, persist: bool = True,
                 autosave: bool = True) -> None:
        self.port = port  # the game, its setup, the players' names
        self.clocks = clocks
        self.ended = ended  # told of each game that ends (its game and the person's side), when it is kept
        self.persist = persist  # whether games are kept at all (archived when they end)
        self.lock = storage.GameLock()
        # the game in progress saved after every move: False when another toguz holds it, a broken file stays,
        # or the game lives at a server (toguz online)
        self.autosave = persist and autosave
        self.saved = True  # whether the game in progress, as it stands, is on disk
        self.why_not: str | None = None  # why the game in progress is not being saved
        self.finished_saved = True  # whether a finished game was kept (archived, or saved by the player)
        self.collection: tuple[Path, int] | None = None  # the record file last opened, and its games
        self.warned = False  # whether leaving was refused once, a finished game nobody kept being dropped

    def _describe(self) -> GameOnRecord:
        """The game in progress as its record needs it, as it stands."""
        port = self.port
        return GameOnRecord(port.game, port.setup, port.setup.player_names(port.settings), port.opponent.name,
                            self.clocks.clock)

    def claim(self) -> bool:
        """Take the game in progress for this toguz; False (and no autosave) when another holds it."""
        if not self.persist:
            return True
        if self.lock.take():
            return True
        self.stop_saving(_("the game in progress is open in another toguz"))
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
            return _("Your game could not be saved: {reason}.").format(reason=error.strerror or str(error))
        self.saved = True
        return None

    def save_game(self) -> str | None:
        """Keep the game in progress as it stands, with its clocks; a problem to say, if any."""
        game = self._describe()
        return self.save(game.setup, game.game, game.clocks.to_saved() if game.clocks is not None else None)

    def forget(self) -> str | None:
        """The game in progress is finished and archived: remove its file; a problem, if any."""
        if not self.autosave:
            return None
        try:
            storage.forget_current()
        except OSError as error:
            return _("(The saved copy of it could not be removed: {reason}.)").format(
                reason=error.strerror or str(error))
        return None

    def archive(self, text: str, names: tuple[str, str]) -> Path:
        """Keep a record in the archive; ``OSError`` when it cannot be kept."""
        return storage.archive_record(text, names)

    # -- the game's record ----------------------------------------------------------------------
    def names(self) -> tuple[str, str]:
        """White's and Black's names as a record of this game writes them ("" where a player has none)."""
        game = self._describe()
        return record_names(game.setup, game.names, game.opponent)

    def archive_names(self) -> tuple[str, str]:
        """The players as the archive's file names take them (the side's word for a player with none)."""
        white, black = self.names()
        return white or Side.WHITE.key, black or Side.BLACK.key

    def record_text(self, style: TokenStyle = "federation") -> str:
        """The game so far as a record."""
        game = self._describe()
        return record_text(game.game, game.setup, self.names(), game.clocks, style)

    def set_aside(self, game: Game) -> tuple[str | None, str | None]:
        """Keep an unfinished ``game`` that is being replaced: (the archive's file name, None), or (None,
        why it could not be kept: then nothing may replace it)."""
        if not self.persist or game.is_over or not game.moves or self.port.setup.watched:  # a watched game: not ours
            self.finished_saved = True
            return None, None
        try:
            kept = self.archive(self.record_text(), self.archive_names()).name
        except OSError as error:
            return None, _("The game in progress could not be kept in the archive ({reason}), so it stays: no new game "
                           "was started. Save it with save and a file name, or free the folder, then try "
                           "again.").format(reason=error.strerror or str(error))
        self.finished_saved = True  # the new game has nothing to keep yet
        return kept, None

    def finish(self, text: str) -> str:
        """The game has ended (``text`` says how): keep its record in the archive, then forget the game in
        progress; ``text`` with what was done."""
        on_record = self._describe()
        if on_record.setup.watched:  # a game watched online is not the player's: neither archived nor accounted
            return text
        self.ended.game_over(on_record.game, on_record.setup.human)
        self.finished_saved = False
        if not self.persist:
            return text
        try:
            path = self.archive(self.record_text(), self.archive_names())
        except OSError as error:
            reason = error.strerror or str(error)
            if self.saved:
                return " ".join((text, _("It could not be kept in the archive ({reason}); it stays saved and will be "
                                         "archived at the next start.").format(reason=reason)))
            return " ".join((text, _("It could not be kept ({reason}); type save and a file name to keep its "
                                     "record.").format(reason=reason)))
        problem = self.forget()
        self.finished_saved = True
        kept = _("The game is kept in the archive as {name}.").format(name=path.name)
        return " ".join(part for part in (text, kept, problem) if part)

    def opened(self, path: Path, games: int) -> None:
        """The record file ``path`` with ``games`` games was opened (``open N`` and ``games`` mean it)."""
        self.collection = (path, games)

    def leaving(self, game: Game, online: bool) -> Leaving:
        """What leaving now would do to ``game`` (``online``: it is played against a server's player)."""
        if self.port.setup.watched:
            return Leaving("nothing")  # a game watched online goes on without the player
        if online and not game.is_over:
            return Leaving("online")
        if game.is_over and not self.finished_saved:
            return Leaving("unkept")
        if game.is_over or not game.moves or not self.persist:
            return Leaving("nothing")
        return Leaving("saved") if self.saved else Leaving("unsaved", self.why_not)

    def warn_once(self, leaving: Leaving) -> str | None:
        """What to say instead of leaving the first time it would drop a finished game nobody kept (None after
        that, and when it would not)."""
        if leaving.state != "unkept" or self.warned:
            return None
        self.warned = True
        return _("This finished game is not saved. Type save to keep it, or quit again to leave.")

    def kept(self) -> None:
        """The player saved the game (a file, or the archive): a finished game is kept."""
        self.finished_saved = True

    def keep_broken(self) -> str:
        """The saved game could not be read: move it aside (so nothing is lost); what to say."""
        path = storage.current_game_path()
        try:
            kept = storage.keep_aside(path)
        except OSError as error:
            self.stop_saving(_("the broken {name} is kept as it is").format(name=path.name))
            return _("It could not be moved aside ({reason}), so it stays as {name} and this game will not be saved "
                     "over it.").format(name=path.name, reason=error.strerror or str(error))
        return _("It was moved aside as {name}, so nothing is lost.").format(name=kept.name)

    def release(self) -> None:
        """Let go of the game in progress (when leaving)."""
        self.lock.release()
