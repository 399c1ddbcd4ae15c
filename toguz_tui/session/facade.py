"""The game session: a small facade over the parts that own their state.

The facade holds the game, its setup, the mode (``toguz_tui.session.mode``) and the opponent, and is the
only code that changes them: start, restore, resume, play, a move that comes without a key, undo,
resign, pause, leaving. Everything else is a part with its own state, built here and never importing the
facade: a part is given the session as a narrow port (``toguz_tui.session.port``: what it may read, and
the events it may tell it), the other parts it speaks to, and the engine factory (``engines``,
``rules.engine.Engine`` unless a test gives its own):

- ``output``: the wording and the one stream of announcements, over its voice, sound cues, braille display
  and background work (the district ``output/``: ``output``, ``announcement_stream``); every part speaks
  through it, and each face reads the stream;
- ``preferences``: the settings in force and the file's (``preferences``);
- ``clocks``: the game's clocks and their watcher (``clocks``, ``game_clock``); a flag that falls is told to
  the session, a warning said;
- ``store``: the game in progress on disk, the archive, the record (the district ``records/``:
  ``game_store``, ``game_record``); ``reviewer``: the review (``records/reviewer``); ``record_files``:
  saving to files, opening records and positions (``records/record_files``);
- ``accounts``: the accounts of games, analysed in the background (the district ``accounts/``);
- ``advisor``: the engine's help (``advisor``); ``trainer``: the lessons and the puzzles (``trainer``);
  ``questions``: what waits for a yes; ``server_game``: a game a server holds, joined, moved, timed and
  ended, each under the lock (``server_game``);
- the opponent (``opponent``: the interface; ``opponents``: the factory and the computer, which owns its
  search); a remote player comes from ``toguz_tui.online``, whose connection is ``online``.

What the person looks at is ``view`` (the mode, the position, the seat, and what the faces show of them); the
faces read it, and what the session says through ``follow`` (``toguz_tui.session.output.follower``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence

from rules import Game, IllegalMoveError, MoveReport, Outcome, Position, Side
from rules.engine import Engine
from speech.sounds.player import CuePlayer
from speech.voices import Speaker
from speech.words import phrases
from speech.words.announce import Announcer
from speech.words.i18n import _, n_
from toguz_tui.files import storage
from toguz_tui.files.settings import Settings
from toguz_tui.session.accounts.accounts import Accounts
from toguz_tui.session.advisor import Advisor
from toguz_tui.session.clocks import Clocks
from toguz_tui.session.mode import Mode, Playing, Reviewing, Training, View, view_of
from toguz_tui.session.opponent import OnlineConnection, Opponent, PersonOpponent, Turn
from toguz_tui.session.opponents import Opponents
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.follower import Follower, Routed
from toguz_tui.session.output.output import Output
from toguz_tui.session.preferences import Preferences
from toguz_tui.session.questions import Questions
from toguz_tui.session.records.game_store import GameStore
from toguz_tui.session.records.record_files import RecordFiles
from toguz_tui.session.records.reviewer import Reviewer
from toguz_tui.session.server_game import ServerGame
from toguz_tui.session.setup import GameSetup, replayed, saved_game
from toguz_tui.session.thinker import EngineFactory, Thinker
from toguz_tui.session.trainer import Trainer


class GameSession:
    """One player's (or two players') time with the program: the game, and the parts the module names."""

    def __init__(self, settings: Settings, speaker: Speaker, persist: bool = True, stored: Settings | None = None,
                 now: Callable[[], float] = time.monotonic, watch: bool = True, player: CuePlayer | None = None,
                 online: OnlineConnection | None = None, engines: EngineFactory = Engine) -> None:
        self.settings, self.persist = settings, persist
        self.online = online  # toguz online's connection: its games are played on the server, none kept here
        self.lock = threading.RLock()
        self.mode: Mode = Playing()
        self.setup = GameSetup.from_settings(settings)
        self.game = Game(self.setup.variant)
        self.resumed = False  # the saved game taken up at the start
        self.thinker = Thinker()  # the engine's thread: the computer's moves and the player's questions
        self.output = Output(settings, speaker, player)
        self.preferences = Preferences(settings, stored or settings, persist, self.output)
        self.opponents = Opponents(self.lock, self.thinker, self.output, self, engines)
        self.opponent: Opponent = PersonOpponent()  # who plays the other side (set with each game)
        self.clocks = Clocks(self.lock, now, watch, self, self.output, settings.warning_thresholds)
        self.accounts = Accounts(self.lock, self.output, self.thinker, self, persist)
        self.store = GameStore(self, self.clocks, self.accounts, persist, online is None)
        self.questions = Questions()
        self.advisor = Advisor(self.lock, self.output, self.thinker, self, self.opponents, engines)
        self.reviewer = Reviewer(self.lock, self.output, self, self.store)
        self.record_files = RecordFiles(self.output, self, self.store, self.reviewer)
        self.trainer = Trainer(self.lock, self.output, self, self.accounts.games)
        self.server_game = ServerGame(self)  # a server's game, played or watched: its transactions
        self.enter(Playing())

    @property
    def view(self) -> View:
        """What the person looks at now, and what the faces show of it (``toguz_tui.session.mode``)."""
        with self.lock:
            leaving = self.store.leaving(self.game, self.online is not None and self.opponent.kind == "remote")
            next_clock = self.preferences.next_clock(self.setup.clock)
            return view_of(self.mode, self.game, self.setup, self.settings, self.opponent, self.thinker.seconds,
                           self.clocks.clock, next_clock, self.advisor.analysis, self.output.announcer, leaving)

    def follow(self, wake: Callable[[], None] | None = None, routed: Routed | None = None) -> Follower:
        """A face's way out of the session (``follower``): ``wake`` after each announcement; routing keys."""
        return Follower(self.output, self.opponents, self, wake, routed)

    def enter(self, mode: Mode) -> None:
        """Change what the player does. Under a lesson or a puzzle the game waits: no search, clocks stopped."""
        with self.lock:
            if isinstance(mode, Training) and not isinstance(self.mode, Training):
                self.thinker.cancel()
                if self.clocks.hold(self.game.is_over, len(self.game.moves)):
                    self.store.save_game()
            self.mode = mode
            self.output.look_from(*self.view.perspectives)

    def start_game(self, setup: GameSetup, start: Position | None = None, quiet: bool = False,
                   opponent: Opponent | None = None, moves: Sequence[int] = ()) -> Reply:
        """A new game against ``opponent`` (else the setup's), ``moves`` made silently (taken up from a server);
        an unfinished game is archived first, or nothing changes. ``quiet``: the words returned, not said."""
        with self.lock:
            if self.online is not None and (opponent is None or opponent.kind != "remote"):
                return self.output.error(_("In toguz online, games start with seek or challenge; a game against the "
                                           "computer is toguz play."))  # toguz online plays online games only
            kept, problem = self.store.set_aside(self.game)
            if problem is not None:
                return self.output.error(problem)
            self.thinker.cancel()  # the computer's search, or a hint's
            self.opponent = opponent or self.opponents.for_setup(setup)
            self.setup, self.game = setup, Game(setup.variant, start)
            self.preferences.game_began()
            self.clocks.start(setup.clock, remote=self.opponent.kind == "remote")
            self.enter(Playing())
            for pit in moves:
                self.clocks.moved(self.game.play(pit))
            saving, position = self.store.save_game(), self.game.position
            text = phrases.game_begins(setup.variant, setup.human, setup.level, setup.player_names(self.settings),
                                       self.opponent.name if self.opponent.kind == "remote" else "", setup.clock,
                                       position.to_move, kept)
            text = f"{text} {self.output.announcer.turn(position, self.game.outcome)}"
            if quiet:
                return Reply(text)
            reply = self.output.say(Reply(f"{text} {saving}" if saving else text))
            self.opponents.ready_engine(self.opponent)
            self.let_opponent_move()
            return reply

    def restore(self, saved: storage.SavedGame) -> None:
        """Put the saved game back exactly where it stood, its clocks paused (nothing said)."""
        with self.lock:
            self.setup, self.game = saved_game(saved)
            self.opponent = self.opponents.for_setup(self.setup)
            self.clocks.restore(saved.clock)
            self.enter(Playing())

    def resume(self) -> Reply:
        """Say that the game restored is taken up and where it stands; the computer moves on its turn."""
        with self.lock:
            self.resumed, announcer = True, self.output.announcer
            clocks = self.clocks.words(announcer, paused=False) if self.clocks.clock and not self.game.is_over else None
            text = f"{phrases.resumed(len(self.game.moves), self.setup.started)} {self.view.turn_words(announcer)}"
            reply = self.output.say(Reply(phrases.waiting_clocks(text, clocks)))
            self.let_opponent_move()
            return reply

    def play(self, pit: int) -> Reply:
        """The player plays ``pit`` (in a lesson or a puzzle: answers with it)."""
        with self.lock:
            view, output = self.view, self.output
            match view.mode:
                case Training():
                    return self.trainer.answer(pit)
                case Reviewing():
                    return output.error(_("A review is open: type close to leave it before playing."))
            remote = self.opponent.kind == "remote"
            if self.online is not None and not remote:
                return output.error(phrases.no_online_game())
            if view.opponent_to_move:
                return output.error(_("Wait: it is your opponent's turn.") if remote else phrases.not_your_turn())
            if (fallen := self.clocks.fallen()) is not None:
                return fallen
            if self.clocks.paused and not self.game.is_over:
                return output.error(_("The clocks are paused: press z or type resume first."))
            try:
                if not self.game.is_over and (sent := self.opponent.before_move(self.game.position, pit)) is not None:
                    return sent  # a server takes it first: made here by opponent_moved once it has
                report = self.game.play(pit)
            except IllegalMoveError:
                return output.error(output.announcer.illegal(self.game.position, pit, self.game.is_over))
            return self._moved(report, interrupt=True)

    def opponent_moved(self, seen: Position | None, pit: int) -> Reply | None:
        """A move without a key: the computer's (found in ``seen``) or a server's (None). None when not made."""
        with self.lock:
            if self.game.is_over or (seen is not None and (
                    self.game.position != seen or self.clocks.paused or isinstance(self.mode, Training))):
                return None
            if seen is not None and (fallen := self.clocks.fallen()) is not None:  # its time ran out as it thought
                return fallen
            try:
                report = self.game.play(pit)
            except IllegalMoveError:
                return None
            return self._moved(report, interrupt=False)

    def _moved(self, report: MoveReport, interrupt: bool) -> Reply:
        """After a move: the clocks, the sound, the save (the archive at the end), the words; the opponent's turn."""
        self.clocks.moved(report)
        human, announcer = self.setup.human, self.output.announcer
        self.output.sounds.move_made(report, self.game.variant.pits, human, self.settings.board_turns)
        text = announcer.move(report)
        if human is None and report.outcome is None and not self.setup.watched:  # two at one keyboard: who next
            text = f"{text} {announcer.turn(self.game.position, None)}"
        problem = self.store.save_game()  # a finished game too: whole, until archived
        if report.outcome is not None:
            text = self.store.finish(text)
        reply = self.output.say(Reply(f"{text} {problem}" if problem else text,
                                      kind="move" if report.outcome is None else "end"), interrupt)
        self.let_opponent_move()
        return reply

    def let_opponent_move(self) -> None:
        """If the opponent is to move (in the game, its clocks running), its turn begins."""
        if (view := self.view).opponent_to_move and isinstance(view.mode, Playing) and not self.clocks.paused:
            self.opponent.your_turn(Turn.of(self.game, self.setup, self.clocks.budget))

    def undo(self) -> Reply:
        """Take back the last move; against the computer, back to the player's last turn."""
        with self.lock:
            if isinstance(self.mode, Reviewing):
                return self.output.error(phrases.not_in_review("undo"))
            if (refusal := self.opponent.refuses("undo")) is not None:
                return self.output.error(refusal)
            self.thinker.cancel()
            count = 0
            while self.game.moves and (count == 0 or self.view.opponent_to_move):  # back to the player's turn
                self.game.undo()
                count += 1
            if count == 0:
                return self.output.error(_("There is no move to take back."))
            undone = n_("Took back the last move.", "Took back the last {count} moves.", count).format(count=count)
            text = f"{undone} {self.view.turn_words(self.output.announcer)}"
            if self.clocks.clock is not None:
                self.clocks.taken_back(len(self.game.moves), self.game.position.to_move)
                text = " ".join((text, _("Clocks put back: {clocks}").format(clocks=self.clocks.words(
                    self.output.game_announcer))))
            problem = self.store.save_game()
            reply = self.output.answer(f"{text} {problem}" if problem else text)
            self.let_opponent_move()
            return reply

    def resign(self) -> Reply:
        """The player to move (or the person against the computer) gives up."""
        with self.lock:
            if isinstance(self.mode, Reviewing):
                return self.output.error(phrases.not_in_review("resign"))
            if self.game.is_over:
                return self.output.error(self.output.announcer.illegal(self.game.position, 1, True))
            self.thinker.cancel()
            side = self.setup.human if self.setup.human is not None else self.game.position.to_move
            if self.online is not None and self.opponent.kind != "remote":
                return self.output.error(phrases.no_online_game())
            if (sent := self.opponent.send("resign")) is not None:
                return sent  # a server ends the game, and says so
            return self._ended(self.game.resign(side), self.output.announcer)

    def game_ended(self, declare: Callable[[Game], Outcome], flagged: Side | None = None) -> Reply | None:
        """A flag fell, or a server ended the game: ``declare`` puts it on the game (None: it had ended)."""
        with self.lock:
            if self.game.is_over:
                return None
            return self._ended(declare(self.game), self.output.game_announcer, flagged, interrupt=False)

    def _ended(self, outcome: Outcome, announcer: Announcer, flagged: Side | None = None,
               interrupt: bool = True) -> Reply:
        """The game ended off the board: the search and the clocks stop; sounded, saved, archived, said."""
        self.thinker.cancel()
        self.clocks.stop()
        self.output.sounds.end(outcome, self.setup.human)
        self.store.save_game()
        text = self.store.finish(announcer.outcome(outcome, flagged=flagged))
        return self.output.say(Reply(text, kind="end"), interrupt)

    def game_gone(self, text: str) -> Reply | None:
        """The online game was aborted: no clocks, no remote opponent, nothing archived. None if gone already."""
        with self.lock:
            if self.opponent.kind != "remote":
                return None
            self.clocks.stop(drop=True)
            self.opponent, self.game = PersonOpponent(), Game(self.game.variant)
            return self.output.say(Reply(text, kind="end"), interrupt=False)

    def take_moves(self, pits: Sequence[int]) -> None:
        """The server's moves differ from the game here: the game becomes the server's (nothing said)."""
        with self.lock:
            self.game = replayed(Game(self.game.variant, self.game.start_position), pits)

    def pause(self, toggle: bool = True) -> Reply:
        """Stop the running clocks, or (``toggle``, or ``resume``: ``toggle`` False) start stopped ones again."""
        with self.lock:
            output, clocks, game = self.output, self.clocks, self.game
            if toggle and (refusal := self.opponent.refuses("pause")) is not None:
                return output.error(refusal)
            if clocks.paused or not toggle:
                if not clocks.paused or game.is_over:
                    return output.error(_("The clocks are not paused."))
                clocks.resume(game.position.to_move, len(game.moves))
                reply = output.answer(" ".join((_("Clocks running again."), clocks.words(output.game_announcer),
                                                self.view.turn_words(output.announcer))))
                self.let_opponent_move()
                return reply
            if clocks.clock is None or game.is_over:
                return output.error(_("There is no running clock to pause."))
            if (fallen := clocks.fallen()) is not None:
                return fallen
            self.thinker.cancel()
            clocks.pause()
            problem = self.store.save_game()
            text = " ".join((_("Clocks paused. Press z or type resume to go on."), clocks.words(output.game_announcer)))
            return output.answer(f"{text} {problem}" if problem else text)

    def change_setting(self, name: str, value: str) -> Reply:
        """Change one setting, apply it now and keep it in the settings file (``Preferences``)."""
        with self.lock:
            reply = self.preferences.change(name, value, self.setup.clock, self.game.is_over)
            self.settings = settings = self.preferences.settings
            if name == "level":
                self.setup = self.setup.changed(level=settings.level, started=self.setup.started)
            self.clocks.warn_at(settings.warning_thresholds)  # this game's warnings too
            self.enter(self.mode)  # the players' names may have changed
            return reply

    def back_to_game(self, left: str, clocks: bool) -> Reply:
        """Leave a review, a lesson or the puzzles: ``left``, whose turn (``clocks``: and clocks paused)."""
        with self.lock:
            self.enter(Playing())
            announcer = self.output.announcer
            waiting = self.clocks.words(announcer) if clocks and self.clocks.paused and not self.game.is_over else None
            reply = self.output.answer(phrases.waiting_clocks(f"{left} {self.view.turn_words(announcer)}", waiting))
            self.let_opponent_move()
            return reply

    def quit(self, asked: bool = False) -> Reply:
        """Leave; asks once (unless ``asked``) before dropping a finished game nobody kept (``view.leaving``)."""
        leaving = self.view.leaving
        if not asked and (warning := self.store.warn_once(leaving)) is not None:
            return self.output.answer(warning)
        self.thinker.cancel()
        return Reply(leaving.goodbye, quit=True)

    def close(self) -> None:
        """Stop thinking and speaking; let go of the game in progress (its clocks kept as they stand)."""
        self.thinker.cancel()
        self.accounts.close()  # what its analysis did is kept
        self.clocks.close()
        with self.lock:
            if self.clocks.hold(self.game.is_over, len(self.game.moves)):
                self.store.save_game()
        self.output.close()
        self.store.release()
