"""The game session shared by both front ends: the game, the opponent, speech, saving, review.

Front ends call the methods here (through the command table) and show the ``Reply`` values they
get back. The computer thinks in a background thread; what it does later reaches the front end
through the ``notify`` callback, called from that thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from rules import Game, IllegalMoveError, MoveReport, Position, Side
from rules.engine import LEVELS, Engine, SearchResult
from rules.notation import TokenStyle
from speech import phrases
from speech.announce import Announcer, Perspective
from speech.speakers import Speaker, open_speaker
from toguz_tui import storage
from toguz_tui.review import Review
from toguz_tui.settings import Settings, save_settings
from toguz_tui.setup import GameSetup
from toguz_tui.thinking import Thinker

HINT_SECONDS = 1.0


@dataclass(frozen=True)
class Reply:
    """What a command produced: text to show, the words to say (default: the text), its kind."""

    text: str
    spoken: str | None = None
    kind: str = "info"  # info, move, error, end
    quit: bool = False

    @property
    def speech(self) -> str:
        """The words to speak."""
        return self.text if self.spoken is None else self.spoken


class GameSession:
    """One player's (or two players') time with the program."""

    def __init__(self, settings: Settings, speaker: Speaker,
                 notify: Callable[[Reply], None] | None = None, persist: bool = True,
                 stored: Settings | None = None) -> None:
        self.settings = settings
        self.stored = stored or settings  # the settings file, without this run's command-line choices
        self.speaker = speaker
        self.notify = notify or (lambda reply: None)
        self.persist = persist
        self.lock = threading.RLock()
        self.announcements: list[str] = []
        self.cursor = 0  # for previous and next announcement
        self.review: Review | None = None
        self.setup = GameSetup.from_settings(settings)
        self.game = Game(self.setup.variant)
        self.announcer = Announcer(self._perspective(), settings.verbosity)  # type: ignore[arg-type]
        self.finished_saved = True
        self.thinker = Thinker()
        self._quit_asked = False

    # -- starting ----------------------------------------------------------------------------
    def view_changed(self) -> None:
        """The review opened or closed, or the players changed: name the sides accordingly."""
        self.announcer.perspective = self._perspective()

    def _perspective(self) -> Perspective:
        if self.review is not None and self.review.names is not None:
            return Perspective(you=None, names=self.review.names)
        names = (self.settings.white_name, self.settings.black_name)
        return Perspective(you=self.setup.human, names=names)

    def start_game(self, setup: GameSetup, start: Position | None = None) -> Reply:
        """Begin a new game with ``setup`` (the old one, if unfinished, is kept in the archive)."""
        with self.lock:
            kept = self._set_aside()
            self._cancel_thinking()
            self.setup = setup
            self.game = Game(setup.variant, start)
            self.review = None
            self.announcer.perspective = self._perspective()
            self.finished_saved = True
            self._save_progress()
            text = phrases.new_game(self.game.variant, setup.human, setup.level, self._names())
            if kept:
                text = f"{phrases.set_aside(kept)} {text}"
            reply = self.say(Reply(f"{text} {self.announcer.turn(self.game.position, None)}"))
            self.let_computer_move()
            return reply

    def restore(self, saved: storage.SavedGame) -> None:
        """Put the saved game in progress back exactly where it stood (nothing said)."""
        with self.lock:
            setup = GameSetup.from_saved(saved)
            game = Game(position=Position.from_fen(saved.start_fen, setup.variant))
            for pit in saved.moves:
                game.play(pit)
            self.setup = setup
            self.game = game
            self.announcer.perspective = self._perspective()

    def resume(self, saved: storage.SavedGame) -> Reply:
        """Take up the saved game in progress and say so; the computer moves if it is its turn."""
        with self.lock:
            self.restore(saved)
            text = f"{phrases.resumed(len(saved.moves), saved.started)} {self.turn().text}"
            reply = self.say(Reply(text))
            self.let_computer_move()
            return reply

    def _names(self) -> tuple[str, str]:
        return (self.settings.white_name, self.settings.black_name)

    # -- speaking and the announcement history ----------------------------------------------
    def say(self, reply: Reply, interrupt: bool = True) -> Reply:
        """Keep ``reply`` in the announcement history and speak it; returns it. ``interrupt=False``
        queues it after what is being said (the computer's reply to the player's move)."""
        self.announcements.append(reply.text)
        self.cursor = len(self.announcements) - 1
        self.speaker.speak(reply.speech, interrupt=interrupt)
        return reply

    def answer(self, text: str, kind: str = "info", interrupt: bool = True) -> Reply:
        """Say a query's answer."""
        return self.say(Reply(text, kind=kind), interrupt)

    def repeat(self) -> Reply:
        """The last announcement again."""
        if not self.announcements:
            return Reply(phrases.nothing_said())
        text = self.announcements[-1]
        self.cursor = len(self.announcements) - 1
        self.speaker.speak(text)
        return Reply(text)

    def step_announcement(self, step: int) -> Reply:
        """The previous (-1) or next (+1) announcement of the history."""
        if not self.announcements:
            return Reply(phrases.nothing_said())
        self.cursor = max(0, min(len(self.announcements) - 1, self.cursor + step))
        text = self.announcements[self.cursor]
        self.speaker.speak(text)
        return Reply(text)

    # -- playing ------------------------------------------------------------------------------
    def computer_to_move(self) -> bool:
        """True when the side to move is the computer's."""
        human = self.setup.human
        return human is not None and self.game.position.to_move is not human and not self.game.is_over

    def play(self, pit: int) -> Reply:
        """The player plays ``pit``; the announcement of the move (or why it cannot be played)."""
        with self.lock:
            if self.review is not None:
                return self.error(phrases.review_blocks_play())
            if self.computer_to_move():
                return self.error(phrases.not_your_turn())
            try:
                report = self.game.play(pit)
            except IllegalMoveError:
                return self.error(self.announcer.illegal(self.game.position, pit, self.game.is_over))
            reply = self._after_move(report)
            self.let_computer_move()
            return reply

    def error(self, text: str) -> Reply:
        """A short spoken and written complaint, as a sentence; nothing changes."""
        text = text.strip()
        if text and text[-1] not in ".?!":
            text += "."
        return self.say(Reply(text[:1].upper() + text[1:], kind="error"))

    def _after_move(self, report: MoveReport, interrupt: bool = True) -> Reply:
        text = self.announcer.move(report)
        kind = "move"
        if report.outcome is not None:
            kind = "end"
            text = self._finish(text)
        else:
            problem = self._save_progress()
            text = f"{text} {problem}" if problem else text
        return self.say(Reply(text, kind=kind), interrupt)

    def _finish(self, text: str) -> str:
        """The game ended on the board: keep its record, forget the game in progress."""
        self.finished_saved = False
        if not self.persist:
            return text
        try:
            path = storage.archive_record(self.record_text(), self.names_for_record())
        except OSError as error:
            return f"{text} {phrases.save_failed('the archive', str(error))}"
        storage.forget_current()
        self.finished_saved = True
        return f"{text} {phrases.finished_kept(str(path))}"

    def names_for_record(self) -> tuple[str, str]:
        human = self.setup.human
        if human is None:
            return self._names()
        you, computer = "Player", f"toguz level {self.setup.level}"
        return (you, computer) if human is Side.WHITE else (computer, you)

    def record_text(self, style: TokenStyle = "federation") -> str:
        """The game so far as a record."""
        from rules.records import record_from_game, write_record

        white, black = self.names_for_record()
        record = record_from_game(self.game, {"Event": "toguz", "White": white, "Black": black,
                                              "Date": self.setup.started})
        return write_record(record, style=style)

    def _save_progress(self) -> str | None:
        """Keep the game in progress (or forget it once over); a problem to say, if it could not."""
        if not self.persist:
            return None
        try:
            if self.game.is_over:
                storage.forget_current()
            else:
                storage.save_current(self.setup.to_saved(self.game))
        except OSError as error:
            return phrases.save_failed(str(storage.current_game_path()), error.strerror or str(error))
        return None

    def _set_aside(self) -> str | None:
        """Keep an unfinished game that is being replaced; the path, if one was kept."""
        if not self.persist or self.game.is_over or not self.game.moves:
            return None
        try:
            return str(storage.archive_record(self.record_text(), self.names_for_record()))
        except OSError:
            return None

    # -- the computer -------------------------------------------------------------------------
    def let_computer_move(self) -> None:
        """If the computer is to move (and no review is open), it starts thinking."""
        if not self.computer_to_move() or self.review is not None:
            return
        position = self.game.position
        engine = Engine(level=self.setup.level, seed=self.setup.seed + len(self.game.moves))

        def move(result: SearchResult) -> None:
            with self.lock:
                if self.game.position != position:
                    return
                reply = self._after_move(self.game.play(result.pit), interrupt=False)
            self.notify(reply)

        self.thinker.start(position, engine, LEVELS[self.setup.level - 1].time_limit, move, self._failed)

    def _failed(self, error: Exception) -> None:
        storage.log_failure(error)
        self.notify(self.error(phrases.computer_failed(f"{type(error).__name__}: {error}")))

    def _cancel_thinking(self) -> None:
        self.thinker.cancel()

    @property
    def thinking(self) -> bool:
        """True while the computer looks for a move or a hint."""
        return self.thinker.busy

    def wait_for_computer(self, timeout: float = 60.0) -> None:
        """Block until the computer's move or hint has come (for scripts and tests)."""
        self.thinker.wait(timeout)

    def hint(self) -> Reply:
        """Ask the engine for the side to move's best pit; the answer comes later through notify."""
        with self.lock:
            if self.game.is_over:
                return self.error(self.announcer.illegal(self.game.position, 1, True))
            if self.computer_to_move():
                return self.error(phrases.not_your_turn())
            position = self.game.position

        def answer(result: SearchResult) -> None:
            with self.lock:
                if self.game.position != position:
                    return
                hint = phrases.hint(result.pit, self.announcer.preview(position, result.pit))
                reply = self.answer(hint, interrupt=False)
            self.notify(reply)

        reply = self.answer(phrases.hint_coming())  # said before the answer can come
        self.thinker.start(position, Engine(level=8, seed=self.setup.seed), HINT_SECONDS, answer, self._failed)
        return reply

    def undo(self) -> Reply:
        """Take back the last move; against the computer, back to the player's last turn."""
        with self.lock:
            self._cancel_thinking()
            count = 0
            while self.game.moves:
                self.game.undo()
                count += 1
                if not self.computer_to_move():
                    break
            if count == 0:
                return self.error(phrases.nothing_to_undo())
            self._save_progress()
            reply = self.answer(f"{phrases.undone(count)} {self.turn().text}")
            self.let_computer_move()
            return reply

    def resign(self) -> Reply:
        """The player to move (or the human against the computer) gives up."""
        with self.lock:
            if self.game.is_over:
                return self.error(self.announcer.illegal(self.game.position, 1, True))
            self._cancel_thinking()
            side = self.setup.human if self.setup.human is not None else self.game.position.to_move
            outcome = self.game.resign(side)
            return self.say(Reply(self._finish(self.announcer.outcome(outcome)), kind="end"))

    # -- settings and leaving -----------------------------------------------------------------
    def change_setting(self, name: str, value: str) -> Reply:
        """Change one setting, apply it now and keep it in the settings file."""
        try:
            settings = self.settings.changed(name, value)
            self.stored = self.stored.changed(name, value)
        except ValueError as error:
            return self.error(str(error))
        self.settings = settings
        if name == "level":
            self.setup = self.setup.changed(level=settings.level, started=self.setup.started)
        problem = self.apply_settings()
        if self.persist:
            try:
                save_settings(self.stored)
            except OSError as error:
                problem = f"{problem or ''} {phrases.settings_not_written(str(error))}".strip()
        shown = dict(settings.describe())[name]
        text = phrases.setting_changed(name, shown)
        return self.answer(f"{text} {problem}" if problem else text)

    def apply_settings(self) -> str | None:
        """Make the current settings take effect; a speech problem, if any."""
        settings = self.settings
        self.announcer.verbosity = settings.verbosity  # type: ignore[assignment]
        self.announcer.perspective = self._perspective()
        wanted = settings.voice_backend
        if wanted != self.speaker.name and not (wanted == "auto" and self.speaker.name != "silent"):
            self.speaker.close()
            self.speaker, problem = open_speaker(wanted, rate=settings.rate, voice=settings.voice or None,
                                                 volume=settings.volume)
            return phrases.speech_problem(problem) if problem else None
        self.speaker.set_rate(settings.rate)
        self.speaker.set_volume(settings.volume)
        if settings.voice:
            self.speaker.set_voice(settings.voice)
        return None

    def quit(self) -> Reply:
        """Leave; asks once before dropping a finished game that nobody kept."""
        if self.game.is_over and not self.finished_saved and not self._quit_asked:
            self._quit_asked = True
            return self.answer(phrases.quit_confirm())
        self._cancel_thinking()
        return Reply(phrases.goodbye(not self.game.is_over and bool(self.game.moves)), quit=True)

    # -- queries ------------------------------------------------------------------------------
    def my_side(self) -> Side:
        """The side whose row is "mine": the human's, or in a two-player game the side to move."""
        return self.setup.human if self.setup.human is not None else self.viewed.to_move

    @property
    def viewed(self) -> Position:
        """The position being looked at: the review's, or the game's."""
        return self.review.position if self.review is not None else self.game.position

    def turn(self) -> Reply:
        """Whose turn it is, or how the game ended."""
        outcome = self.review.game.outcome if self.review else self.game.outcome
        return Reply(self.announcer.turn(self.viewed, outcome))

    def close(self) -> None:
        """Stop thinking and speaking."""
        self._cancel_thinking()
        self.speaker.close()
