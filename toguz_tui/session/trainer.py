"""Lessons and puzzles in the session: opening them, answering, skipping, leaving.

While a lesson or a puzzle is open (the mode ``Training``), the board shows its position, every
question about the board (pits, rows, where a pit lands ...) answers about it, and a pit played is
an answer to it. The game in progress waits, untouched (its clocks stopped), until ``close``. The
trainer reads the mode (and whether this is toguz online) through the session's ``SessionPort``, and
tells it of a lesson or a puzzle opened (``enter``) and left (``back_to_game``).
"""

from __future__ import annotations

import threading

from speech.words.i18n import _, n_
from toguz_tui.files.kept_accounts import accounts_dir
from toguz_tui.session.accounts.kept_games import KeptGames, Reading, Unreadable, reading_words, unreadable_words
from toguz_tui.session.mode import Reviewing, Training
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.output import Output
from toguz_tui.session.port import SessionPort
from toguz_tui.training.coach import Coach, LessonCoach, PuzzleCoach, lesson_listing
from toguz_tui.training.lessons import LessonFileError, load_lessons
from toguz_tui.training.mistake_record import load_record
from toguz_tui.training.mistakes import Collected, MistakeCoach, collect
from toguz_tui.training.progress import load_progress
from toguz_tui.training.puzzles import PuzzleFileError, load_puzzles


def pending_words(count: int) -> str:
    """How many of the player's games are not analysed yet, and how to have them analysed."""
    return n_("{count} of your games is not analysed yet: type account all to analyse it in the background.",
              "{count} of your games are not analysed yet: type account all to analyse them in the background.",
              count).format(count=count)


class Trainer:
    """The lessons and the puzzles over the game."""

    def __init__(self, lock: threading.RLock, output: Output, port: SessionPort, kept: KeptGames) -> None:
        self.lock = lock
        self.kept = kept  # the games kept with their accounts, looked through for ``mistakes``
        self.output = output
        self.port = port  # the mode, toguz online or not; told of a lesson or a puzzle opened and left
        self.player = ""  # whose puzzle rating and streak (``--player``)
        self.seed = 0  # the order of the puzzles (``--seed``): the same first puzzle in a fresh home

    @property
    def coach(self) -> Coach | None:
        """The lesson or the puzzles under way, if any."""
        mode = self.port.mode
        return mode.coach if isinstance(mode, Training) else None

    def _start(self, coach: Coach, text: str, problem: str | None) -> Reply:
        """Make ``coach`` the training under way and say ``text`` (after a progress problem, if any)."""
        self.port.enter(Training(coach))
        return self.output.answer(f"{problem} {text}" if problem else text)

    def refusal(self) -> Reply | None:
        """Why training cannot start here (online, or over a review), or None."""
        if self.port.online is not None:
            return self.output.error(_("Lessons and puzzles are in toguz itself, not in toguz online."))
        if isinstance(self.port.mode, Reviewing):
            return self.output.error(_("Close the review first: lessons and puzzles open over your game."))
        return None

    def blocked(self, command: str, game_only: bool, solver: bool) -> Reply | None:
        """Why ``command`` is refused while training (None when it is not, or when nothing is open): one
        that acts on a game (``game_only``), or, in a puzzle, one that would solve it for the player
        (``solver``: what every move takes, best first). The command's table says which it is."""
        coach = self.coach
        if coach is None:
            return None
        if game_only:
            return self.refused(command)
        if solver and isinstance(coach, PuzzleCoach | MistakeCoach):
            return self.output.error(_("In a puzzle, what each move takes is for you to find: where N says where "
                                       "one pit lands."))
        return None

    def open_lessons(self, number: int | None = None) -> Reply:
        """``learn``: go on with the lessons where they were left, or take lesson ``number``."""
        with self.lock:
            refused = self.refusal()
            if refused is not None:
                return refused
            try:
                lessons = load_lessons()
            except LessonFileError as error:
                return self.output.error(_("The lessons cannot be read: {problem}").format(problem=error))
            if number is not None and not 1 <= number <= len(lessons):
                return self.output.error(_("There is no lesson {number}: choose 1 to {count}.").format(
                    number=number, count=len(lessons)))
            current = self.coach
            if isinstance(current, LessonCoach) and number is None and not current.over:
                return self.output.answer(current.step_words(announcing_lesson=True))
            progress, problem = load_progress()
            coach = LessonCoach(lessons, progress)
            return self._start(coach, coach.open(number), problem)

    def list_lessons(self) -> Reply:
        """``lessons``: every lesson, with what was done."""
        with self.lock:
            try:
                lessons = load_lessons()
            except LessonFileError as error:
                return self.output.error(_("The lessons cannot be read: {problem}").format(problem=error))
            current = self.coach
            progress, problem = (current.progress, None) if isinstance(current, LessonCoach) else load_progress()
            listing = lesson_listing(lessons, progress)
            return self.output.answer(f"{problem} {listing}" if problem else listing)

    def open_puzzles(self, number: int | None = None) -> Reply:
        """``puzzle``: the next puzzle for the player (or puzzle ``number``)."""
        with self.lock:
            refused = self.refusal()
            if refused is not None:
                return refused
            try:
                puzzles = load_puzzles()
            except PuzzleFileError as error:
                return self.output.error(_("The puzzles cannot be read: {problem}").format(problem=error))
            if number is not None and not 1 <= number <= len(puzzles):
                return self.output.error(_("There is no puzzle {number}: choose 1 to {count}.").format(
                    number=number, count=len(puzzles)))
            current = self.coach
            if isinstance(current, PuzzleCoach):
                current.open(number)
                self.port.enter(Training(current))  # a new puzzle may be played by the other side
                return self.output.answer(current.words(self.output.announcer))
            progress, problem = load_progress()
            coach = PuzzleCoach(puzzles, progress, self.player, self.seed)
            coach.open(number)
            self.port.enter(Training(coach))  # first: the puzzle is said from the side it is played by
            words = coach.words(self.output.announcer)
            return self.output.answer(f"{problem} {words}" if problem else words)

    def open_mistakes(self, last: bool = False) -> Reply:
        """``mistakes``: the player's own mistakes over every game kept (``last``: over the last game), the
        costliest first, as puzzles; when the kept games take long to look through, that is said, and that
        they are ready when they are."""
        with self.lock:
            refused = self.refusal()
            if refused is not None:
                return refused
            current = self.coach
            if isinstance(current, MistakeCoach) and current.last == last and not current.over:
                return self.output.answer(current.words(self.output.announcer))
        record, problem = load_record()  # the files are read without holding up the game (its lock)
        shelf = self.kept.look(accounts_dir(), "mistakes", self._mistakes_ready)
        if isinstance(shelf, Unreadable):
            return self.output.error(unreadable_words(shelf))
        if isinstance(shelf, Reading):
            return self.output.answer(reading_words(shelf, mistakes=True))
        found = collect(shelf, record, last)
        coach = MistakeCoach(found.leads, record, last)
        with self.lock:
            if (refused := self.refusal()) is not None:  # a review opened meanwhile
                return refused
            if coach.over:
                text = self._no_mistakes(found, last)
                return self.output.answer(f"{problem} {text}" if problem else text)
            self.port.enter(Training(coach))  # first: the mistake is said from the side it was played by
            words = coach.words(self.output.announcer)
            if found.pending:
                words = f"{pending_words(found.pending)} {words}"
            return self.output.answer(f"{problem} {words}" if problem else words)

    @staticmethod
    def _no_mistakes(found: Collected, last: bool) -> str:
        """Why there is no mistake to play again, and how many games wait for their accounts."""
        if not found.games:
            text = _("You have no mistakes to play again: after a game, type account to find them.")
        elif found.retired:
            text = _("All the mistakes of your last game are retired.") if last else _("All your mistakes are retired.")
        else:
            text = _("Your last game has no mistakes to play again.") if last else \
                _("Your games have no mistakes to play again.")
        return f"{text} {pending_words(found.pending)}" if found.pending else text

    def _mistakes_ready(self) -> None:
        """The kept games were looked through in the background for ``mistakes``."""
        self.output.say(Reply(_("Your kept games are looked through: type mistakes to play your mistakes again.")),
                        interrupt=False)

    def answer(self, pit: int) -> Reply:
        """A pit played in a lesson or a puzzle: right or wrong, and why."""
        coach = self.coach
        assert coach is not None
        said = coach.answer(self.output.announcer, pit)
        self.port.enter(Training(coach))  # a new puzzle may be played by the other side
        if said.wrong:
            self.output.sounds.error()
        return self.output.say(Reply(said.text, kind="error" if said.wrong else "info"))

    def help(self) -> Reply:
        """``hint`` in a lesson (the step's hint) or a puzzle (its theme)."""
        coach = self.coach
        assert coach is not None
        return self.output.answer(coach.help_words(self.output.announcer))

    def choose_player(self, name: str, seed: int) -> None:
        """Whose puzzle rating and streak (``--player``: printable characters, at most 60) and the order
        of the puzzles (``--seed``)."""
        self.player = "".join(char for char in name if char.isprintable())[:60]
        self.seed = seed

    def skip(self) -> Reply:
        """``skip``: the next lesson, or the next puzzle (this one's answer said)."""
        with self.lock:
            coach = self.coach
            if isinstance(coach, LessonCoach):
                return self.output.answer(coach.skip())
            if isinstance(coach, PuzzleCoach | MistakeCoach):
                text = coach.skip(self.output.announcer)
                self.port.enter(Training(coach))
                return self.output.answer(text)
            return self.output.error(_("There is nothing to skip: skip works in a lesson or a puzzle."))

    def close(self) -> Reply:
        """Leave the lesson or the puzzles (progress kept) and go back to the game."""
        with self.lock:
            coach = self.coach
            if coach is not None and not coach.saved:
                left = _("You left; your progress could not be saved.")
            elif isinstance(coach, LessonCoach):
                left = _("You left the lesson; your progress is kept.")
            elif isinstance(coach, MistakeCoach):
                left = _("You left your mistakes.") + " " + coach.summary()
            else:
                left = _("You left the puzzles.") + " " + coach.summary() if isinstance(coach, PuzzleCoach) else ""
            back = _("Back to your game.")
            return self.port.back_to_game(f"{left} {back}", True)

    def refused(self, command: str) -> Reply:
        """``command`` acts on a game: not while training."""
        return self.output.error(_("{command} is for games, not lessons or puzzles: type close to go back to "
                                   "your game first.").format(command=command))
