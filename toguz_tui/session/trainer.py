"""Lessons and puzzles in the session: opening them, answering, skipping, leaving.

While a lesson or a puzzle is open (``session.training``), the board shows its position, every
question about the board (pits, rows, where a pit lands ...) answers about it, and a pit played is
an answer to it. The game in progress waits, untouched (its clocks stopped), until ``close``.
"""

from __future__ import annotations

from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.session.facade import GameSession, Reply
from toguz_tui.training import lessons as lesson_files
from toguz_tui.training import puzzles as puzzle_file
from toguz_tui.training.coach import Coach, LessonCoach, PuzzleCoach, lesson_listing
from toguz_tui.training.progress import load_progress

# Commands that act on a game, refused while training (close first).
GAME_ONLY = frozenset({"undo", "resign", "pause", "resume", "analyse", "line", "review", "forward", "back",
                       "start", "end", "goto", "continue", "save", "draw", "abort", "seek", "challenge",
                       "accept", "decline", "say", "history", "new", "open", "recent"})
# Questions that would solve a puzzle for the player (what every move takes, best first).
PUZZLE_SOLVERS = frozenset({"chances", "threats"})


def _enter(session: GameSession, coach: Coach, text: str, problem: str | None) -> Reply:
    """Make ``coach`` the training under way and say ``text`` (after a progress problem, if any)."""
    session.begin_training(coach)
    return session.answer(f"{problem} {text}" if problem else text)


def refusal(session: GameSession) -> Reply | None:
    """Why training cannot start here (online, or over a review), or None."""
    if session.online is not None:
        return session.error(_("Lessons and puzzles are in toguz itself, not in toguz online."))
    if session.review is not None:
        return session.error(_("Close the review first: lessons and puzzles open over your game."))
    return None


def blocked(session: GameSession, command: str, args: list[str]) -> Reply | None:
    """Why ``command`` is refused while training (None when it is not, or when nothing is open)."""
    coach = session.training
    if coach is None:
        return None
    if command in GAME_ONLY or (command == "fen" and args):
        return refused(session, command)
    if command in PUZZLE_SOLVERS and isinstance(coach, PuzzleCoach):
        return session.error(_("In a puzzle, what each move takes is for you to find: where N says where one pit "
                               "lands."))
    return None


def open_lessons(session: GameSession, number: int | None = None) -> Reply:
    """``learn``: go on with the lessons where they were left, or take lesson ``number``."""
    with session.lock:
        refused = refusal(session)
        if refused is not None:
            return refused
        try:
            lessons = lesson_files.load()
        except lesson_files.LessonFileError as error:
            return session.error(_("The lessons cannot be read: {problem}").format(problem=error))
        if number is not None and not 1 <= number <= len(lessons):
            return session.error(_("There is no lesson {number}: choose 1 to {count}.").format(
                number=number, count=len(lessons)))
        current = session.training
        if isinstance(current, LessonCoach) and number is None and not current.over:
            return session.answer(current.step_words(announcing_lesson=True))
        progress, problem = load_progress()
        coach = LessonCoach(lessons, progress)
        return _enter(session, coach, coach.open(number), problem)


def list_lessons(session: GameSession) -> Reply:
    """``lessons``: every lesson, with what was done."""
    with session.lock:
        try:
            lessons = lesson_files.load()
        except lesson_files.LessonFileError as error:
            return session.error(_("The lessons cannot be read: {problem}").format(problem=error))
        current = session.training
        progress, problem = (current.progress, None) if isinstance(current, LessonCoach) else load_progress()
        listing = lesson_listing(lessons, progress)
        return session.answer(f"{problem} {listing}" if problem else listing)


def open_puzzles(session: GameSession, number: int | None = None) -> Reply:
    """``puzzle``: the next puzzle for the player (or puzzle ``number``)."""
    with session.lock:
        refused = refusal(session)
        if refused is not None:
            return refused
        try:
            puzzles = puzzle_file.load()
        except puzzle_file.PuzzleFileError as error:
            return session.error(_("The puzzles cannot be read: {problem}").format(problem=error))
        if number is not None and not 1 <= number <= len(puzzles):
            return session.error(_("There is no puzzle {number}: choose 1 to {count}.").format(
                number=number, count=len(puzzles)))
        current = session.training
        if isinstance(current, PuzzleCoach):
            current.open(number)
            session.view_changed()
            return session.answer(current.words(session.announcer))
        progress, problem = load_progress()
        coach = PuzzleCoach(puzzles, progress, session.puzzle_player, session.puzzle_seed)
        coach.open(number)
        session.begin_training(coach)  # first: the puzzle is said from the side it is played by
        words = coach.words(session.announcer)
        return session.answer(f"{problem} {words}" if problem else words)


def skip(session: GameSession) -> Reply:
    """``skip``: the next lesson, or the next puzzle (this one's answer said)."""
    with session.lock:
        coach = session.training
        if isinstance(coach, LessonCoach):
            return session.answer(coach.skip())
        if isinstance(coach, PuzzleCoach):
            text = coach.skip(session.announcer)
            session.view_changed()
            return session.answer(text)
        return session.error(_("There is nothing to skip: skip works in a lesson or a puzzle."))


def close(session: GameSession) -> Reply:
    """Leave the lesson or the puzzles (progress kept) and go back to the game."""
    with session.lock:
        coach = session.training
        session.begin_training(None)
        if coach is not None and not coach.saved:
            left = _("You left; your progress could not be saved.")
        elif isinstance(coach, LessonCoach):
            left = _("You left the lesson; your progress is kept.")
        else:
            left = _("You left the puzzles.") + " " + coach.summary() if isinstance(coach, PuzzleCoach) else ""
        back = _("Back to your game.")
        text = f"{left} {back} {session.turn().text}"
        clocks = session.clocks
        if clocks is not None and clocks.paused and not session.game.is_over:
            text = f"{text} {session.clock_words()} {phrases.resumed_paused()}"
        reply = session.answer(text)
        session.let_opponent_move()
        return reply


def refused(session: GameSession, command: str) -> Reply:
    """``command`` acts on a game: not while training."""
    return session.error(_("{command} is for games, not lessons or puzzles: type close to go back to your "
                           "game first.").format(command=command))
