"""The game session shared by both front ends: the game, and the small parts around it.

Front ends call the methods here (through the command table) and show the ``Reply`` values they get
back; they talk to nothing else. What happens later (the computer's move, a remote player's, a clock
warning) reaches them through the ``notify`` callback, from another thread. The parts:

- who plays the other side: ``toguz_tui.session.opponents`` (the computer, a second person here, a remote
  player of ``toguz_tui.online.play``);
- the announcement log: ``toguz_tui.session.stream``;
- the game store: ``toguz_tui.session.store`` (autosave, archive) and ``toguz_tui.session.records`` (the records);
- settings taking effect: ``toguz_tui.session.output``;
- the clocks: ``toguz_tui.session.clocks``; the sound cues: ``toguz_tui.session.sound_cues``; thinking: ``toguz_tui.session.thinker``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules import Game, IllegalMoveError, MoveReport, Position, Side
from rules.clock import TimeControl
from rules.engine import LEVELS, Engine, SearchResult
from rules.engine.engine import plies_to_end
from rules.move import play_move
from rules.notation import TokenStyle
from speech.sounds.player import CuePlayer
from speech.voices import Speaker
from speech.words import phrases
from speech.words.announce import Announcer, Perspective
from speech.words.i18n import set_language
from speech.words.vocabulary import side_title
from toguz_tui.files import storage
from toguz_tui.files.settings import Settings
from toguz_tui.session import output as applying
from toguz_tui.session.clocks import ClockWatch, GameClock
from toguz_tui.session.opponents import ComputerOpponent, Opponent, PersonOpponent
from toguz_tui.session.records import record_names, record_text
from toguz_tui.session.review import Review
from toguz_tui.session.setup import GameSetup
from toguz_tui.session.sound_cues import SoundCues
from toguz_tui.session.store import GameStore
from toguz_tui.session.stream import AnnouncementLog
from toguz_tui.session.thinker import Thinker, choose, prepare_engine
from toguz_tui.training.coach import Coach

# An analysis: each legal pit, its score in stones, the plies to a forced end (None: an estimate), and
# the result of an ending solved (1 won, 0 drawn, -1 lost; None: not solved).
Analysis = tuple[tuple[int, float, int | None, int | None], ...]
HINT_SECONDS = 1.0
ANALYSIS_SECONDS = 5.0  # level 8's budget ends it first (about a second with the compiled search)
THINKING_SAID_AFTER = 1.0  # seconds: a computer that takes longer is said to be thinking


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
                 stored: Settings | None = None, now: Callable[[], float] = time.monotonic,
                 watch: bool = True, player: CuePlayer | None = None) -> None:
        self.opponent: Opponent = PersonOpponent()  # who plays the other side (set with each game)
        self.training: Coach | None = None  # a lesson or a puzzle under way (``toguz_tui.session.trainer``)
        self.online: Any = None  # toguz online's connection (``toguz_tui.online.play.OnlinePlay``), if any
        self.settings = settings
        self.stored = stored or settings  # the settings file, without this run's command-line choices
        set_language(settings.language_code)
        self.speaker = speaker
        self.notify = notify or (lambda reply: None)
        self.persist = persist
        self.store = GameStore(persist)
        self.lock = threading.RLock()
        self.log = AnnouncementLog()  # everything said, for repeat, previous and next
        self.review: Review | None = None
        self.setup = GameSetup.from_settings(settings)
        self.game = Game(self.setup.variant)
        self.announcer = Announcer(self._perspective(), settings.verbosity)
        self.finished_saved = True
        self.thinker = Thinker()
        self.analysis: tuple[Position, Analysis] | None = None  # the last analysis and its position
        self._quit_asked = False
        self._speech_said: str | None = None  # the last speech problem said, said once
        self.resumed = False  # whether the saved game in progress was taken up at the start
        self.resign_asked = False  # resign asks once before giving the game up
        self.collection: tuple[Path, int] | None = None  # the record file last opened, and its games
        self._background: threading.Thread | None = None
        self.now = now  # the clocks' time source (a fake one in tests)
        self.clocks: GameClock | None = None  # the game's clocks, when it has them
        self._watching = watch  # whether a thread watches the clocks (tests call tick themselves)
        self._watch: ClockWatch | None = None
        self.sounds = SoundCues(player)  # the sound cues (silent unless a player is given)
        self.puzzle_player = ""  # whose puzzle rating and streak (``--player``)
        self.puzzle_seed = 0  # the order of the puzzles (``--seed``): the same first puzzle in a fresh home

    # -- starting ----------------------------------------------------------------------------
    def view_changed(self) -> None:
        """The review opened or closed, or the players changed: name the sides accordingly."""
        self.announcer.perspective = self._perspective()

    def _perspective(self) -> Perspective:
        """Who "you" are: against the computer, you and the computer; between two players, their
        names; in the review of a record, White and Black (the names are said once, not every move)."""
        if self.training is not None:
            return Perspective(you=self.training.side, trainer=True)
        if self.review is not None and self.review.names is not None:
            return Perspective(you=None)
        names = (self.settings.white_name, self.settings.black_name)
        return Perspective(you=self.setup.human, names=names, opponent=self.opponent.name)

    @property
    def progress_saved(self) -> bool:
        """Whether the game in progress, as it stands, is kept on disk (nothing to keep counts as kept)."""
        return not self.persist or self.game.is_over or not self.game.moves or self.store.saved

    def players(self) -> str:
        """Who plays White and who plays Black, in the game looked at."""
        names = self.review.names if self.review is not None and self.review.names is not None \
            else self.names_for_record()
        return phrases.players_are(*(name or side_title(side) for name, side in zip(names, Side, strict=True)))

    def start_game(self, setup: GameSetup, start: Position | None = None, quiet: bool = False,
                   opponent: Opponent | None = None) -> Reply:
        """Begin a new game with ``setup`` against ``opponent`` (by default the one the setup names: the
        computer, or a second person here). An unfinished game is kept in the archive first; when it
        cannot be kept, nothing replaces it and the reason is said. ``quiet``: nothing is said (the
        caller says where the game stands)."""
        with self.lock:
            if self.online is not None and (opponent is None or opponent.kind != "remote"):
                return self.error(phrases.online_no_local_game())  # toguz online plays online games only
            kept, problem = self._set_aside()
            if problem is not None:
                return self.error(problem)
            self._cancel_thinking()
            self.opponent.stop()
            self.opponent = opponent or opponent_for(setup)
            self.setup = setup
            self.game = Game(setup.variant, start)
            self.review = None
            self.training = None
            self.announcer.perspective = self._perspective()
            self.finished_saved = True
            self.clocks = self._new_clocks(setup)
            saving = self._save()
            text = phrases.new_game(self.game.variant, setup.human, setup.level, self._names())
            if self.opponent.kind == "remote" and setup.human is not None:
                text = phrases.online_game_started(self.opponent.name, setup.human)
            if setup.clock is not None:
                text = f"{text} {phrases.clock_on_new_game(setup.clock, self.game.position.to_move)}"
            if kept:
                text = f"{phrases.set_aside(kept)} {text}"
            text = f"{text} {self.announcer.turn(self.game.position, self.game.outcome)}"
            if quiet:
                return Reply(text)
            reply = self.say(Reply(f"{text} {saving}" if saving else text))
            self.ready_engine()
            self.let_opponent_move()
            return reply

    def restore(self, saved: storage.SavedGame) -> None:
        """Put the saved game in progress back exactly where it stood (nothing said)."""
        with self.lock:
            setup = GameSetup.from_saved(saved)
            game = Game(position=Position.from_fen(saved.start_fen, setup.variant))
            for pit in saved.moves:
                game.play(pit)
            clocks = GameClock.from_saved(saved.clock, self.now) if saved.clock is not None else None
            self.setup = setup
            self.opponent = opponent_for(setup)
            self.game = game
            self.clocks = clocks
            if clocks is not None:
                clocks.thresholds = self.settings.warning_thresholds
                self._poke_clock()
            self.announcer.perspective = self._perspective()

    def resume(self, saved: storage.SavedGame) -> Reply:
        """Take up the saved game in progress and say so; the computer moves if it is its turn."""
        with self.lock:
            self.restore(saved)
            self.resumed = True
            text = f"{phrases.resumed(len(saved.moves), saved.started)} {self.turn().text}"
            if self.clocks is not None and not self.game.is_over:
                text = f"{text} {self.clock_words(paused=False)} {phrases.resumed_paused()}"
            reply = self.say(Reply(text))
            self.let_opponent_move()
            return reply

    def _names(self) -> tuple[str, str]:
        return (self.settings.white_name, self.settings.black_name)

    def begin_training(self, coach: Coach | None) -> None:
        """Open a lesson or the puzzles (``toguz_tui.session.trainer``), or leave them (None). The game waits
        as it stands: the computer stops thinking, a game's running clocks are stopped and saved."""
        with self.lock:
            if coach is not None:
                self._cancel_thinking()
                clocks = self.clocks
                if clocks is not None and not self.game.is_over and not clocks.paused and self.game.moves:
                    clocks.pause()
                    self._save()
                self.review = None
            self.training = coach
            self.view_changed()

    # -- speaking and the announcement history ----------------------------------------------
    def say(self, reply: Reply, interrupt: bool = True) -> Reply:
        """Keep ``reply`` in the announcement history and speak it; returns it (its text made safe to
        show: control characters written out). ``interrupt=False`` queues it after what is being
        said (the computer's reply to the player's move)."""
        safe = Reply(phrases.visible(reply.text), None if reply.spoken is None else phrases.visible(reply.spoken),
                     reply.kind, reply.quit)
        self.log.add(safe.text)
        self.speaker.speak(safe.speech, interrupt=interrupt)
        return safe

    def answer(self, text: str, kind: str = "info", interrupt: bool = True) -> Reply:
        """Say a query's answer."""
        return self.say(Reply(text, kind=kind), interrupt)

    @property
    def announcements(self) -> list[str]:
        """Everything said so far, oldest first (the front ends show what is new in it)."""
        return self.log.texts

    def repeat(self) -> Reply:
        """The last announcement again."""
        text = self.log.last()
        if text is None:
            return Reply(phrases.nothing_said())
        self.speaker.speak(text)
        return Reply(text)

    def step_announcement(self, step: int) -> Reply:
        """The previous (-1) or next (+1) announcement of the history."""
        text = self.log.step(step)
        if text is None:
            return Reply(phrases.nothing_said())
        self.speaker.speak(text)
        return Reply(text)

    def speech_news(self) -> Reply | None:
        """A voice that stopped working, said once in words (the front ends ask after each event)."""
        error = getattr(self.speaker, "last_error", None)
        if not isinstance(error, str) or not error or error == self._speech_said:
            return None
        self._speech_said = error
        return self.say(Reply(phrases.speech_failed(error), kind="error"))

    # -- playing ------------------------------------------------------------------------------
    def opponent_to_move(self) -> bool:
        """True when the side to move is the opponent's (the computer's, or a remote player's)."""
        human = self.setup.human
        return human is not None and self.game.position.to_move is not human and not self.game.is_over

    def play(self, pit: int) -> Reply:
        """The player plays ``pit``; the announcement of the move (or why it cannot be played)."""
        with self.lock:
            if self.training is not None:  # an answer to a lesson or a puzzle
                said = self.training.answer(self.announcer, pit)
                self.view_changed()  # a new puzzle may be played by the other side
                if said.wrong:
                    self.sounds.error()
                return self.say(Reply(said.text, kind="error" if said.wrong else "info"))
            if self.review is not None:
                return self.error(phrases.review_blocks_play())
            if self.online is not None and self.opponent.kind != "remote":
                return self.error(phrases.no_online_game())
            if self.opponent_to_move():
                return self.error(phrases.their_turn_online() if self.opponent.kind == "remote"
                                  else phrases.not_your_turn())
            fallen = self._flag_fall()
            if fallen is not None:
                return fallen
            if self.clocks is not None and self.clocks.paused and not self.game.is_over:
                return self.error(phrases.paused_blocks())
            if self.opponent.kind == "remote" and not self.game.is_over:
                try:
                    _after, sent = play_move(self.game.position, pit)
                except IllegalMoveError:
                    return self.error(self.announcer.illegal(self.game.position, pit, self.game.is_over))
                problem = self.opponent.before_move(sent)  # a server must take it before it is made here
                if problem is not None:
                    return self.error(phrases.move_not_sent(problem))
            try:
                report = self.game.play(pit)
            except IllegalMoveError:
                return self.error(self.announcer.illegal(self.game.position, pit, self.game.is_over))
            self._clock_moved(report)
            reply = self._after_move(report)
            self.let_opponent_move()
            return reply

    def error(self, text: str) -> Reply:
        """A short spoken and written complaint, as a sentence; nothing changes."""
        self.sounds.error()
        text = text.strip()
        if text and text[-1] not in ".?!":
            text += "."
        return self.say(Reply(text[:1].upper() + text[1:], kind="error"))

    def bottom(self) -> Side:
        """The side whose row the board draws at the bottom (as the cues pan): the person's against the
        computer; between two players, White's, or the side to move's when the board turns."""
        if self.training is not None:
            return self.training.side
        if self.setup.human is not None:
            return self.setup.human
        return self.game.position.to_move if self.settings.board_turns and not self.game.is_over else Side.WHITE

    def _after_move(self, report: MoveReport, interrupt: bool = True) -> Reply:
        human = self.setup.human
        bottom = report.mover if self.setup.human is None and self.settings.board_turns else self.bottom()
        self.sounds.move(report, self.game.variant.pits, bottom, human,
                         your_turn=human is not None and report.mover is not human)
        text = self.announcer.move(report)
        if self.setup.human is None and report.outcome is None:  # two at one keyboard: who plays next
            text = f"{text} {self.announcer.turn(self.game.position, None)}"
        problem = self._save()  # a finished game too: whole, until archived
        kind = "move"
        if report.outcome is not None:
            kind = "end"
            text = self._finish(text)
        if problem:
            text = f"{text} {problem}"
        return self.say(Reply(text, kind=kind), interrupt)

    def _finish(self, text: str) -> str:
        """The game has ended: keep its record in the archive, then forget the game in progress."""
        self.finished_saved = False
        if not self.persist:
            return text
        try:
            path = self.store.archive(self.record_text(), self.archive_names())
        except OSError as error:
            reason = error.strerror or str(error)
            if self.store.saved:
                return f"{text} {phrases.archive_failed_kept(reason)}"
            return f"{text} {phrases.archive_failed(reason)}"
        problem = self.store.forget()
        self.finished_saved = True
        return " ".join(part for part in (text, phrases.finished_kept(path.name), problem) if part)

    def archive_names(self) -> tuple[str, str]:
        """The players as the archive's file names take them (the side's word for a player with none)."""
        white, black = self.names_for_record()
        return white or Side.WHITE.key, black or Side.BLACK.key

    def names_for_record(self) -> tuple[str, str]:
        """White's and Black's names as a record of this game writes them ("" where a player has none)."""
        return record_names(self.setup, self._names(), self.opponent.name)

    def record_text(self, style: TokenStyle = "federation") -> str:
        """The game so far as a record (``recording``)."""
        return record_text(self.game, self.setup, self.names_for_record(), self.clocks, style)

    def _set_aside(self) -> tuple[str | None, str | None]:
        """Keep an unfinished game that is being replaced: (the archive's file name, None), or
        (None, why it could not be kept)."""
        if not self.persist or self.game.is_over or not self.game.moves:
            return None, None
        try:
            return self.store.archive(self.record_text(), self.archive_names()).name, None
        except OSError as error:
            return None, phrases.not_set_aside(error.strerror or str(error))

    # -- the computer -------------------------------------------------------------------------
    def ready_engine(self) -> None:
        """Against the computer, load its search now, in the background, so that its first move does not
        wait for it (the front ends call this once their first screen is out, and a new game does)."""
        if self.opponent.kind == "computer":
            prepare_engine(storage.log_failure)

    def let_opponent_move(self) -> None:
        """If the opponent is to move (and no review is open, and the clocks run), its turn begins: the
        computer thinks; a remote player's move comes from its server."""
        paused = self.clocks is not None and self.clocks.paused
        if not self.opponent_to_move() or self.review is not None or paused:
            return
        self.opponent.your_turn(self)

    def computer_thinks(self) -> None:
        """The computer looks for its move in the thinking thread; it is made when found (unless the game
        moved on or was paused meanwhile)."""
        position = self.game.position
        engine = Engine(level=self.setup.level, seed=self.setup.seed + len(self.game.moves))

        def move(result: SearchResult) -> None:
            with self.lock:
                if self.game.position != position or (self.clocks is not None and self.clocks.paused) \
                        or self.training is not None:
                    return  # the game moved on, was paused, or waits under a lesson while this answer waited
                fallen = self._flag_fall()  # its time ran out while it thought
                if fallen is not None:
                    reply = fallen
                else:
                    report = self.game.play(result.pit)
                    self._clock_moved(report)
                    reply = self._after_move(report, interrupt=False)
            self.notify(reply)

        limit = LEVELS[self.setup.level - 1].time_limit
        if self.clocks is not None:
            limit = self.clocks.budget(position.to_move, limit)
        self.thinker.start(position, engine, limit, move, self._failed)
        self._say_thinking_later(position)

    def _say_thinking_later(self, position: Position) -> None:
        """If the computer takes more than a moment, say once that it is thinking (after what is being
        said, never over it)."""
        def check() -> None:
            with self.lock:
                if not (self.thinking and self.opponent_to_move() and self.game.position == position) \
                        or self.training is not None:
                    return
                reply = self.answer(phrases.computer_thinking(), interrupt=False)
            self.notify(reply)

        timer = threading.Timer(THINKING_SAID_AFTER, check)
        timer.daemon = True
        timer.start()

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
        """Block until the computer's move or hint, and any work in the background, has come (for
        scripts and tests)."""
        self.thinker.wait(timeout)
        background = self._background
        if background is not None and background is not threading.current_thread():
            background.join(timeout)

    def in_background(self, note: str, work: Callable[[], Reply]) -> Reply:
        """Say ``note`` now and do ``work`` off the caller's thread (reading a big file); its reply
        comes through notify. A fault becomes one line and a log entry."""
        reply = self.answer(note)

        def run() -> None:
            try:
                result = work()
            except Exception as error:  # the last guard between a bug and the player
                where = storage.log_failure(error)
                result = self.error(phrases.internal_error(f"{type(error).__name__}: {error}", where))
            self.notify(result)

        self._background = threading.Thread(target=run, name="toguz-background", daemon=True)
        self._background.start()
        return reply

    def hint(self) -> Reply:
        """Ask the engine for the best pit of the side to move in the position looked at (the game's,
        or the review's); the answer comes later through notify. In a lesson, the step's hint; in a puzzle,
        its theme."""
        if self.training is not None:
            return self.answer(self.training.help_words(self.announcer))

        def words(position: Position, result: SearchResult) -> str:
            return phrases.hint(result.pit, self.announcer.preview(position, result.pit))

        return self._ask_engine(words, phrases.hint_coming(), choose, HINT_SECONDS, book=True)

    def analyse(self) -> Reply:
        """Ask the engine for every legal pit's score in the position looked at; said in words later."""

        def search(engine: Engine, position: Position, time_limit: float | None) -> Analysis:
            return tuple((item.pit, item.score, plies_to_end(item.score), item.solved)
                         for item in engine.analyse(position, time_limit=time_limit))

        def words(position: Position, found: Analysis) -> str:
            self.analysis = (position, found)  # the board shows it beside the pits
            return self.announcer.analysis(position, found)

        return self._ask_engine(words, phrases.analysis_coming(), search, ANALYSIS_SECONDS)

    def expected_line(self) -> Reply:
        """Ask the engine for the moves it expects from the position looked at; said in words later."""

        def search(engine: Engine, position: Position, time_limit: float | None) -> tuple[int, ...]:
            best = engine.analyse(position, time_limit=time_limit)[0].pit  # the best pit analyse names
            return engine.expected_line(position, best, time_limit)

        return self._ask_engine(lambda position, found: self.announcer.expected_line(position, found),
                                phrases.line_coming(), search, ANALYSIS_SECONDS)

    def _ask_engine(self, words: Callable[[Position, Any], str], coming: str,
                    search: Callable[[Engine, Position, float | None], Any], seconds: float,
                    book: bool = False) -> Reply:
        """A question to the strongest level about the position looked at (a hint, an analysis, a
        line; the opening book only for a hint): said at once that it is coming, then (through
        notify) what it found, unless the position changed meanwhile."""
        with self.lock:
            refusal = self.opponent.refuses("engine") if not self.game.is_over else None
            if refusal is not None:
                return self.error(refusal)
            position = self.viewed
            over = self.review.game.is_over if self.review is not None else self.game.is_over
            if over:
                return self.error(self.announcer.illegal(position, 1, True))
            if self.opponent_to_move() and self.thinking:  # its search would be stopped, in a review too
                return self.error(phrases.not_your_turn())

        def answer(found: Any) -> None:
            with self.lock:
                if self.viewed != position:
                    return
                reply = self.answer(words(position, found), interrupt=False)
            self.notify(reply)

        reply = self.answer(coming)  # said before the answer can come
        self.thinker.start(position, Engine(level=8, seed=self.setup.seed, book=book), seconds, answer,
                           self._failed, search)
        return reply

    def undo(self) -> Reply:
        """Take back the last move; against the computer, back to the player's last turn."""
        with self.lock:
            if self.review is not None:
                return self.error(phrases.not_in_review("undo"))
            refusal = self.opponent.refuses("undo")
            if refusal is not None:
                return self.error(refusal)
            self._cancel_thinking()
            count = 0
            while self.game.moves:
                self.game.undo()
                count += 1
                if not self.opponent_to_move():
                    break
            if count == 0:
                return self.error(phrases.nothing_to_undo())
            text = f"{phrases.undone(count)} {self.turn().text}"
            if self.clocks is not None:
                self.clocks.taken_back(len(self.game.moves), self.game.position.to_move)
                self._poke_clock()
                text = f"{text} {phrases.clocks_set_back(self.clock_words())}"
            problem = self._save()
            reply = self.answer(f"{text} {problem}" if problem else text)
            self.let_opponent_move()
            return reply

    def resign(self) -> Reply:
        """The player to move (or the human against the computer) gives up."""
        with self.lock:
            if self.review is not None:
                return self.error(phrases.not_in_review("resign"))
            if self.game.is_over:
                return self.error(self.announcer.illegal(self.game.position, 1, True))
            self._cancel_thinking()
            side = self.setup.human if self.setup.human is not None else self.game.position.to_move
            if self.online is not None and self.opponent.kind != "remote":
                return self.error(phrases.no_online_game())
            problem = self.opponent.send("resign")
            if problem is not None:
                return self.error(phrases.command_not_sent(problem))
            if self.opponent.kind == "remote" and len(self.game.moves) < 2:  # the server aborts it instead
                return self.online_game_gone(phrases.online_aborted()) or Reply(phrases.online_aborted())
            outcome = self.game.resign(side)
            self.sounds.end(outcome, self.setup.human)
            if self.clocks is not None:
                self.clocks.stop()
            self._save()
            return self.say(Reply(self._finish(self.announcer.outcome(outcome)), kind="end"))

    # -- settings and leaving -----------------------------------------------------------------
    def change_setting(self, name: str, value: str) -> Reply:
        """Change one setting, apply it now and keep it in the settings file (``applying``)."""
        return applying.change_setting(self, name, value)

    def speech_problem_news(self, problem: str | None) -> str | None:
        """``problem`` (why a voice could not start) when it was not said before, else None."""
        if problem and problem != self._speech_said:
            self._speech_said = problem
            return problem
        return None

    def quit(self, asked: bool = False) -> Reply:
        """Leave; asks once (unless ``asked``) before dropping a finished game that nobody kept. Says
        whether the game in progress is saved only when it is."""
        if self.game.is_over and not self.finished_saved and not self._quit_asked and not asked:
            self._quit_asked = True
            return self.answer(phrases.quit_confirm())
        self._cancel_thinking()
        if self.online is not None:
            return Reply(phrases.goodbye_online(), quit=True)
        in_progress = not self.game.is_over and bool(self.game.moves)
        if in_progress and self.persist and not self.store.saved:
            return Reply(phrases.goodbye_not_saved(self.store.why_not), quit=True)
        return Reply(phrases.goodbye(in_progress and self.persist), quit=True)

    # -- queries ------------------------------------------------------------------------------
    def my_side(self) -> Side:
        """The side whose row is "mine": the human's, or in a two-player game the side to move."""
        if self.training is not None:
            return self.training.side
        return self.setup.human if self.setup.human is not None else self.viewed.to_move

    @property
    def viewed(self) -> Position:
        """The position being looked at: the lesson's or puzzle's, the review's, or the game's."""
        if self.training is not None:
            return self.training.position
        return self.review.position if self.review is not None else self.game.position

    def turn(self) -> Reply:
        """Whose turn it is, or how the game ended; while the computer thinks, for how long; in a lesson or a
        puzzle, what is asked."""
        if self.training is not None:
            return Reply(self.training.task(self.announcer))
        if self.review is None and self.thinking and self.opponent_to_move():
            return Reply(phrases.thinking_for(round(self.thinker.seconds)))
        outcome = self.review.game.outcome if self.review else self.game.outcome
        return Reply(self.announcer.turn(self.viewed, outcome))

    def close(self) -> None:
        """Stop thinking and speaking; let go of the game in progress (its clocks kept as they stand)."""
        self._cancel_thinking()
        if self._watch is not None:
            self._watch.close()
        with self.lock:
            if self.clocks is not None and not self.game.is_over and self.game.moves:
                self.clocks.pause()
                self._save()
        self.speaker.close()
        self.sounds.close()
        self.store.release()

    # -- clocks ---------------------------------------------------------------------------------
    def _new_clocks(self, setup: GameSetup) -> GameClock | None:
        """The clocks of a new game with ``setup`` (None without a time control)."""
        if setup.clock is None:
            return None
        clocks = GameClock(setup.clock, self.now, self.settings.warning_thresholds)
        self._poke_clock()
        return clocks

    def _save(self) -> str | None:
        """Keep the game in progress with its clocks; a problem to say, if any."""
        clock = self.clocks.to_saved() if self.clocks is not None else None
        return self.store.save(self.setup, self.game, clock)

    def _poke_clock(self) -> None:
        """The clocks changed: the watcher looks again (started with the first game that has clocks)."""
        if not self._watching:
            return
        if self._watch is None:
            self._watch = ClockWatch(self.tick, self._next_clock_event)
        self._watch.poke()

    def _next_clock_event(self) -> float | None:
        with self.lock:
            if self.clocks is None or self.game.is_over or self.clocks.paused:
                return None
            return self.clocks.next_event_in(self._people())

    def _clock_moved(self, report: MoveReport) -> None:
        """A move was made: press its player's clock (the other's runs, unless the game is over)."""
        if self.clocks is not None:
            self.clocks.moved(report.mover, report.outcome is not None)
            self._poke_clock()

    def _people(self) -> tuple[Side, ...]:
        """The sides a person plays (warned when time runs short)."""
        return tuple(Side) if self.setup.human is None else (self.setup.human,)

    def tick(self) -> None:
        """Look at the clocks now: a flag that fell ends the game, a threshold reached is said (after what
        is being said, never over a move). The watcher calls this; tests call it with a fake time."""
        replies: list[Reply] = []
        with self.lock:
            clocks = self.clocks
            if clocks is None or self.game.is_over or clocks.paused:
                return
            fallen = self._flag_fall(notify=False)
            if fallen is not None:
                replies.append(fallen)
            else:
                for side, seconds in clocks.due_warnings(self._people()):
                    self.sounds.low_time()
                    replies.append(self.say(Reply(self.game_announcer().time_warning(side, seconds), kind="info"),
                                            interrupt=False))
        for reply in replies:
            self.notify(reply)

    def _flag_fall(self, notify: bool = False) -> Reply | None:
        """If the running side's time is up, the game ends on time: said, saved and archived; the reply
        (also sent through notify when ``notify``). None while time is left."""
        clocks = self.clocks
        if clocks is None or self.game.is_over:
            return None
        side = clocks.flagged()
        if side is None:
            return None
        self._cancel_thinking()
        clocks.stop()
        outcome = self.game.flag(side)
        self.sounds.end(outcome, self.setup.human)
        self._save()
        reply = self.say(Reply(self._finish(self.game_announcer().outcome(outcome, flagged=side)), kind="end"),
                         interrupt=False)
        if notify:
            self.notify(reply)
        return reply

    def clock_words(self, paused: bool | None = None) -> str:
        """Both clocks in words, the listener's first (and whether they are paused, unless ``paused`` says)."""
        assert self.clocks is not None
        paused = self.clocks.paused if paused is None else paused
        return self.game_announcer().clocks(self.clocks.times(), self.clocks.running, paused)

    def game_announcer(self) -> Announcer:
        """The announcer with the game's own point of view (a record under review names White and Black;
        the game's clocks still speak to "you")."""
        if self.review is None:
            return self.announcer
        names = (self.settings.white_name, self.settings.black_name)
        return Announcer(Perspective(you=self.setup.human, names=names), self.settings.verbosity)

    def clock_report(self) -> Reply:
        """Both clocks now, or that the game has none (a flag that has just fallen is said first)."""
        with self.lock:
            if self.review is not None and self.review.names is not None:  # a record: its clock comments
                return self.answer(self._record_clocks(self.review))
            if self.clocks is None:
                return self.answer(phrases.no_clock())
            fallen = self._flag_fall()
            if fallen is not None:
                return fallen
            return self.answer(self.clock_words())

    def _record_clocks(self, review: Review) -> str:
        """The clocks a reviewed record gives at the cursor (the time control's start before a player's
        first move), or that it gives none."""
        if not review.clocks:
            return phrases.no_clocks_in_record()
        control = TimeControl.from_pgn(review.tags.get("TimeControl", ""))
        start = control.initial if control is not None else None
        white, black = review.clock_times()
        times = (start if white is None else white, start if black is None else black)
        return self.announcer.clocks(times, None, False)

    def pause(self) -> Reply:
        """Stop the clocks (a game with running clocks), or start them again when they are stopped."""
        with self.lock:
            refusal = self.opponent.refuses("pause")
            if refusal is not None:
                return self.error(refusal)
            clocks = self.clocks
            if clocks is not None and clocks.paused:
                return self.resume_clocks()
            if clocks is None or self.game.is_over:
                return self.error(phrases.nothing_to_pause())
            fallen = self._flag_fall()
            if fallen is not None:
                return fallen
            self._cancel_thinking()
            clocks.pause()
            problem = self._save()
            text = f"{phrases.clocks_paused()} {self.clock_words()}"
            return self.answer(f"{text} {problem}" if problem else text)

    def resume_clocks(self) -> Reply:
        """Start the stopped clocks again; the computer thinks again if it is its turn."""
        with self.lock:
            clocks = self.clocks
            if clocks is None or self.game.is_over or not clocks.paused:
                return self.error(phrases.not_paused())
            clocks.resume(self.game.position.to_move, len(self.game.moves))
            self._poke_clock()
            reply = self.answer(f"{phrases.clocks_running_again()} {self.clock_words()} {self.turn().text}")
            self.let_opponent_move()
            return reply

    # -- an online opponent ------------------------------------------------------------------------
    def server_move(self, pit: int) -> Reply | None:
        """A move the server says was played: the remote opponent's, or ours when the server took it but
        its answer was lost. Made and announced as any move, after what is being said; None when it
        cannot be made here (the caller resynchronises)."""
        with self.lock:
            if self.game.is_over:
                return None
            try:
                report = self.game.play(pit)
            except IllegalMoveError:
                return None
            self._clock_moved(report)
            return self._after_move(report, interrupt=False)

    def online_game_gone(self, text: str) -> Reply | None:
        """The online game ended without a result (aborted): its clocks stop, nothing more goes to the
        server, and nothing is archived (a game never played). None when it was gone already."""
        with self.lock:
            if self.opponent.kind != "remote":
                return None
            if self.clocks is not None:
                self.clocks.stop()
            self.clocks = None
            self.opponent = PersonOpponent()
            self.game = Game(self.game.variant)
            return self.say(Reply(text, kind="end"), interrupt=False)

    def opponent_ended(self, outcome_of: Callable[[Game], Any], flagged: Side | None = None) -> Reply | None:
        """The remote opponent's server ended the game off the board (resignation, time, agreement):
        ``outcome_of`` declares
        it on the game; said, and the game archived. None when the game had already ended here."""
        with self.lock:
            if self.game.is_over:
                return None
            outcome = outcome_of(self.game)
            if self.clocks is not None:
                self.clocks.stop()
            self.sounds.end(outcome, self.setup.human)
            text = self.game_announcer().outcome(outcome, flagged=flagged)
            return self.say(Reply(self._finish(text), kind="end"), interrupt=False)


def opponent_for(setup: GameSetup) -> Opponent:
    """The opponent a setup names: the computer, or a second person at this keyboard."""
    return PersonOpponent() if setup.human is None else ComputerOpponent()
