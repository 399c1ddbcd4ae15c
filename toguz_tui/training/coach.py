"""The lessons and the puzzles as the session runs them: what is said, and what an answer does.

A coach holds the position being trained on and the side the player plays (the session shows it
and answers questions about it like a game's), and turns a pit the player gives into words: right,
wrong and why, the next step. ``LessonCoach`` walks the lessons, ``PuzzleCoach`` the puzzles; both
keep ``Progress`` after every answer. The words go through the catalogue; the facts come from the
rules (``play_move``), so the words cannot claim what the move does not do.

Its size (past 400 lines): the lesson coach and the puzzle coach share ``Coach`` and its wording helpers;
apart, each would import half of the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import MoveReport, Position, Side
from rules.move import play_move
from speech.words.announce import Announcer, braille_lines, in_threes
from speech.words.i18n import N_, _, p_
from toguz_tui.training.lessons import Lesson, Step, move_of
from toguz_tui.training.progress import Progress, save_progress
from toguz_tui.training.puzzles import Puzzle, best_gain, most_threatened, next_puzzle, rated

TRIES = 2  # a wrong answer gets a hint; the second gets the answer


@dataclass(frozen=True)
class Said:
    """What an answer produced: the words, and whether it was a mistake (said with the error cue)."""

    text: str
    wrong: bool = False


def sentences(announcer: Announcer, parts: list[str]) -> str:
    """Sentences as one text; in brief, as lines of a 40-cell braille display."""
    parts = [part for part in parts if part]
    return braille_lines(parts, announcer.cells) if announcer.verbosity == "brief" else " ".join(parts)


class Coach:
    """What the lessons and the puzzles share."""

    kind = ""
    side: Side = Side.WHITE

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.tries = 0
        self.last_report: MoveReport | None = None  # the last answer's move, for the board and ``last``
        self.save_problem: str | None = None  # why the last save failed, until it is said
        self.saved = True  # whether the last save succeeded

    @property
    def position(self) -> Position:
        """The position trained on now."""
        raise NotImplementedError

    @property
    def player_saved(self) -> str | None:
        """Whose part of the progress this coach changes: a puzzle player's, or the lessons' (None)."""
        return None

    def save(self) -> None:
        """Keep the progress (a problem is said once, with the next answer)."""
        player = self.player_saved
        self.save_problem = save_progress(self.progress, player=player, lessons=player is None)
        self.saved = self.save_problem is None

    def pending_problem(self) -> str:
        """A save problem not said yet ("" for none); said once."""
        problem, self.save_problem = self.save_problem, None
        return problem or ""

    def status(self) -> str:
        """Where the training stands, for the status line."""
        raise NotImplementedError

    @property
    def names_a_pit(self) -> bool:
        """True when the answer names a pit of either row by its number (where a stone lands), rather
        than playing one."""
        return False

    def answer(self, announcer: Announcer, pit: int) -> Said:
        """The player's answer: a pit."""
        raise NotImplementedError

    def help_words(self, announcer: Announcer) -> str:
        """What ``hint`` says: a lesson step's hint, a puzzle's theme."""
        raise NotImplementedError

    def task(self, announcer: Announcer) -> str:
        """What is asked now (``turn`` says it again)."""
        raise NotImplementedError

    def legal_problem(self, announcer: Announcer, pit: int) -> str | None:
        """Why ``pit`` cannot be played here (None when it can)."""
        if pit in self.position.legal_moves():
            return None
        return announcer.illegal(self.position, pit)


class LessonCoach(Coach):
    """The lessons, in order, from where the player left them."""

    kind = "lesson"

    def __init__(self, lessons: tuple[Lesson, ...], progress: Progress) -> None:
        super().__init__(progress)
        self.lessons = lessons
        under_way = next((lesson.number - 1 for lesson in lessons if lesson.key == progress.lesson), None)
        if under_way is None:
            under_way = next((lesson.number - 1 for lesson in lessons
                              if lesson.key not in progress.done and lesson.key not in progress.skipped), 0)
            progress.step = 0
        self.index: int = under_way
        self.step_index = min(progress.step, len(self.lesson.steps) - 1)
        self.over = False  # every lesson was gone through: nothing to answer until one is chosen

    @property
    def lesson(self) -> Lesson:
        """The lesson under way."""
        return self.lessons[self.index]

    @property
    def step(self) -> Step:
        """The step under way."""
        return self.lesson.steps[self.step_index]

    @property
    def position(self) -> Position:
        return self.step.position

    @property
    def names_a_pit(self) -> bool:
        return self.step.task == "landing"

    def status(self) -> str:
        """The lesson and the step, for the status line."""
        return _("Lesson {number} of {count}: {title}, step {step} of {steps}").format(
            number=self.lesson.number, count=len(self.lessons), title=_(self.lesson.title),
            step=self.step_index + 1, steps=len(self.lesson.steps))

    def open(self, number: int | None = None) -> str:
        """Start lesson ``number`` from its first step (None: go on where the player left off)."""
        if number is not None:
            self.index, self.step_index = number - 1, 0
        self.tries = 0
        self.last_report = None
        self.over = False
        self.progress.lesson, self.progress.step = self.lesson.key, self.step_index
        self.save()
        return self.step_words(announcing_lesson=True)

    def step_words(self, announcing_lesson: bool = False) -> str:
        """The words of the step under way (with the lesson's title and goal at its start)."""
        parts = []
        if announcing_lesson:
            parts.append(_("Lesson {number} of {count}: {title}: {goal}.").format(
                number=self.lesson.number, count=len(self.lessons), title=_(self.lesson.title),
                goal=_(self.lesson.goal)))
        parts.append(_("Step {step} of {steps}.").format(step=self.step_index + 1, steps=len(self.lesson.steps)))
        parts.append(_(self.step.say))
        return " ".join(parts)

    def help_words(self, announcer: Announcer) -> str:
        return _(self.step.hint)

    def task(self, announcer: Announcer) -> str:
        return self.nothing_under_way() if self.over else self.step_words()

    @staticmethod
    def nothing_under_way() -> str:
        """Every lesson was gone through: how to take one again."""
        return _("There is no lesson under way. Type learn and a number to take one again, or close to go back "
                 "to your game.")

    def answer(self, announcer: Announcer, pit: int) -> Said:
        """The player's answer to the step: a pit to play, or the pit named."""
        step = self.step
        if self.over:
            return Said(self.nothing_under_way(), wrong=True)
        if step.task == "move":
            problem = self.legal_problem(announcer, pit)
            if problem is not None:
                return Said(problem, wrong=True)  # not a try: the pit cannot be played at all
        elif not 1 <= pit <= step.position.variant.pits:
            return Said(announcer.illegal(step.position, pit), wrong=True)
        if pit in step.answer:
            return Said(self._right(announcer, pit))
        self.tries += 1
        if step.task == "move":
            what = announcer.effects_of(step.position, pit)
        else:
            what = _("No: the last stone of pit {pit} does not land in pit {named}.").format(pit=step.pit, named=pit)
        if self.tries < TRIES:
            return Said(sentences(announcer, [what, _("Not this one."), _(step.hint), _("Try again.")]), wrong=True)
        shown = step.answer[0]
        given = _("The answer is pit {pit}.").format(pit=shown)
        return Said(sentences(announcer, [what, given, self._right(announcer, shown, said_right=False)]), wrong=True)

    def _right(self, announcer: Announcer, pit: int, said_right: bool = True) -> str:
        """The answer ``pit`` was right (or given): what it does, why, and the next step."""
        step = self.step
        _after, report = play_move(step.position, move_of(step) if step.task == "landing" else pit)
        self.last_report = report
        parts = [_("Right.")] if said_right else []
        parts.append(announcer.move(report))
        parts.append(_(step.right))
        parts.append(self.advance())
        return sentences(announcer, [*parts, self.pending_problem()])

    def advance(self) -> str:
        """On to the next step, or the next lesson; its words."""
        self.tries = 0
        if self.step_index + 1 < len(self.lesson.steps):
            self.step_index += 1
            self.progress.step = self.step_index
            self.save()
            return self.step_words()
        finished = self.lesson
        if finished.key not in self.progress.done:
            self.progress.done.append(finished.key)
        if finished.key in self.progress.skipped:
            self.progress.skipped.remove(finished.key)
        return " ".join((_("Lesson {number} done: {title}.").format(number=finished.number, title=_(finished.title)),
                         self._next_lesson()))

    def skip(self) -> str:
        """Leave the lesson under way for the next one (it is marked skipped unless it was done)."""
        if self.over:
            return self.nothing_under_way()
        skipped = self.lesson
        if skipped.key not in self.progress.done and skipped.key not in self.progress.skipped:
            self.progress.skipped.append(skipped.key)
        text = " ".join((_("Lesson {number} skipped.").format(number=skipped.number), self._next_lesson()))
        problem = self.pending_problem()
        return f"{text} {problem}" if problem else text

    def _next_lesson(self) -> str:
        """Go on to the lesson after this one; or, after the last, say that all are done."""
        if self.index + 1 >= len(self.lessons):
            self.over = True
            self.progress.lesson, self.progress.step = "", 0
            self.save()
            left = [lesson.number for lesson in self.lessons if lesson.key not in self.progress.done]
            if left:
                return _("That was the last lesson. Lessons not done yet: {numbers}; type learn and a number to "
                         "take one.").format(numbers=", ".join(map(str, left)))
            return _("You have finished every lesson. Type puzzles to train on positions from master games, or "
                     "close to go back to your game.")
        self.index += 1
        self.step_index = 0
        self.tries = 0
        self.last_report = None
        self.progress.lesson, self.progress.step = self.lesson.key, 0
        self.save()
        return self.step_words(announcing_lesson=True)

    def listing(self) -> str:
        """Every lesson, numbered, with its state."""
        return lesson_listing(self.lessons, self.progress)


def lesson_listing(lessons: tuple[Lesson, ...], progress: Progress) -> str:
    """Every lesson, numbered, with its state (done, skipped, not done yet)."""
    items = []
    for lesson in lessons:
        state = (_("done") if lesson.key in progress.done else
                 _("skipped") if lesson.key in progress.skipped else _("not done yet"))
        items.append(_("{number}. {title} ({state})").format(number=lesson.number, title=_(lesson.title),
                                                               state=state))
    return " ".join((_("Lessons:"), "; ".join(items) + ".",
                     _("Type learn and a number to take a lesson, or learn to go on.")))


class PuzzleCoach(Coach):
    """The puzzles, one after another, for one player."""

    kind = "puzzle"

    def __init__(self, puzzles: tuple[Puzzle, ...], progress: Progress, player: str, seed: int) -> None:
        super().__init__(progress)
        self.puzzles = puzzles
        self.player = player
        self.seed = seed
        self.score = progress.player(player)
        self.puzzle = self._pick()
        self.side = self.puzzle.position.to_move

    @property
    def player_saved(self) -> str | None:
        return self.player

    def _pick(self) -> Puzzle:
        return next_puzzle(self.puzzles, self.score.rating, frozenset(self.score.seen), self.seed, self.score.turns)

    @property
    def position(self) -> Position:
        return self.puzzle.position

    def status(self) -> str:
        """The puzzle, the rating and the streak, for the status line."""
        return _("Puzzle {number}, rating {rating}, streak {streak}").format(
            number=self.puzzle.number, rating=self.score.rating, streak=self.score.streak)

    def open(self, number: int | None = None) -> None:
        """Puzzle ``number`` of the file (None: the one under way, its tries as they stand)."""
        if number is not None and number != self.puzzle.number:
            self.puzzle = self.puzzles[number - 1]
            self.side = self.puzzle.position.to_move
            self.tries = 0
            self.last_report = None

    def words(self, announcer: Announcer) -> str:
        """The puzzle said: its number, whose move, the board in brief, the player's rating."""
        puzzle = self.puzzle
        if announcer.verbosity == "brief":
            position = puzzle.position
            return sentences(announcer, [
                p_("brief", "Puzzle {number}, you {side}.").format(number=puzzle.number, side=side_words(position)),
                brief_row(position, self.side, p_("brief", "You:")),
                brief_row(position, self.side.opponent, p_("brief", "Them:")),
                p_("brief", "{mine} to {theirs}. Best move?").format(
                    mine=position.kazans[self.side], theirs=position.kazans[self.side.opponent])])
        return " ".join((
            _("Puzzle {number}: a position from {source}. You play {side}; find the best move.").format(
                number=puzzle.number, source=puzzle.source, side=side_words(puzzle.position)),
            announcer.compact(puzzle.position),
            _("Your puzzle rating is {rating}.").format(rating=self.score.rating)))

    def task(self, announcer: Announcer) -> str:
        return self.words(announcer)

    def help_words(self, announcer: Announcer) -> str:
        return self.theme(announcer)

    def theme(self, announcer: Announcer) -> str:
        """The puzzle's theme in words (asked for: it is a hint)."""
        theme = THEME_WORDS[self.puzzle.theme]
        if announcer.verbosity == "brief":
            return p_("brief", "Theme: {theme}.").format(theme=_(theme))
        return _("The theme: {theme}.").format(theme=_(theme))

    def answer(self, announcer: Announcer, pit: int) -> Said:
        """The player's move: right or wrong, what it does, what the reply would have been."""
        problem = self.legal_problem(announcer, pit)
        if problem is not None:
            return Said(problem, wrong=True)  # not a try
        puzzle = self.puzzle
        first = self.tries == 0 and puzzle.number not in self.score.seen  # rated once, at its first try
        self.tries += 1
        right = pit == puzzle.answer
        change = ""
        if first:
            before = self.score.rating
            self.score.rating = rated(before, puzzle, right)
            self.score.tried += 1
            self.score.streak = self.score.streak + 1 if right else 0
            self.score.best_streak = max(self.score.best_streak, self.score.streak)
            self.score.solved += 1 if right else 0
            self.score.seen.append(puzzle.number)
            del self.score.seen[:-4000]
            change = self._rating_words(announcer, before)
        what = self._move_and_reply(announcer, pit)
        if right:
            words = [p_("brief", "Right!") if announcer.verbosity == "brief" else _("Right, the best move."), *what,
                     self._why(announcer), change]
            return Said(self._and_next(announcer, words))
        if self.tries < TRIES:
            self.save()
            problem = self.pending_problem()
            words = [p_("brief", "Not best.") if announcer.verbosity == "brief" else _("Not the best move."), *what,
                     change, p_("brief", "Try again.") if announcer.verbosity == "brief" else _("Try again."),
                     problem or ""]
            return Said(sentences(announcer, words), wrong=True)
        best = [p_("brief", "Best: {pit}.").format(pit=puzzle.answer) if announcer.verbosity == "brief"
                else _("The best move was pit {pit}.").format(pit=puzzle.answer),
                *self._move_and_reply(announcer, puzzle.answer), self._why(announcer)]
        return Said(self._and_next(announcer, [*what, *best]), wrong=True)

    def skip(self, announcer: Announcer) -> str:
        """Leave this puzzle unsolved (the streak ends; the rating stays): its answer, then the next."""
        puzzle = self.puzzle
        if self.tries == 0:
            self.score.streak = 0
            if puzzle.number not in self.score.seen:
                self.score.seen.append(puzzle.number)
        words = [p_("brief", "Best: {pit}.").format(pit=puzzle.answer) if announcer.verbosity == "brief"
                 else _("Skipped. The best move was pit {pit}.").format(pit=puzzle.answer),
                 *self._move_and_reply(announcer, puzzle.answer)]
        return self._and_next(announcer, words)

    def _and_next(self, announcer: Announcer, words: list[str]) -> str:
        """``words``, then the next puzzle said."""
        self.score.turns += 1
        self.save()
        problem = self.pending_problem()
        self.puzzle = self._pick()
        self.side = self.puzzle.position.to_move
        self.tries = 0
        return sentences(announcer, [*words, problem or "", self.words(announcer)])

    def _move_and_reply(self, announcer: Announcer, pit: int) -> list[str]:
        """What ``pit`` does, and the opponent's best reply to it (from the puzzle file)."""
        position = self.puzzle.position
        after, report = play_move(position, pit)
        self.last_report = report
        said = [announcer.effects_of(position, pit)]
        reply = self.puzzle.replies.get(pit)
        if report.outcome is not None or reply is None or reply not in after.legal_moves():
            return said
        said.append(announcer.best_reply(after, reply))
        return said

    def _why(self, announcer: Announcer) -> str:
        """What makes the answer best, by its theme (facts computed by the rules)."""
        puzzle = self.puzzle
        brief = announcer.verbosity == "brief"
        if puzzle.theme == "defence":
            after, _report = play_move(puzzle.position, puzzle.answer)
            threat, left = most_threatened(puzzle.position), best_gain(after)
            if brief:
                return p_("brief", "Saves {threat}, risks {left}.").format(threat=threat, left=left)
            return _("It saves a pile: before it the opponent could take {threat} at once, after it at most "
                     "{left}.").format(threat=threat, left=left)
        if puzzle.theme == "ending":
            return p_("brief", "Wins the ending.") if brief else _("It wins the ending, whatever the opponent does.")
        return ""

    def _rating_words(self, announcer: Announcer, before: int) -> str:
        change = self.score.rating - before
        signed = f"+{change}" if change >= 0 else str(change)
        if announcer.verbosity == "brief":
            return p_("brief", "Rating {rating} {change}, streak {streak}.").format(
                rating=self.score.rating, change=signed, streak=self.score.streak)
        return _("Puzzle rating {rating} ({change}); streak {streak}.").format(
            rating=self.score.rating, change=signed, streak=self.score.streak)

    def summary(self) -> str:
        """The player's puzzle record in a sentence."""
        score = self.score
        return _("Puzzles: {solved} of {tried} solved at the first try; rating {rating}; streak {streak}, best "
                 "{best}.").format(solved=score.solved, tried=score.tried, rating=score.rating,
                                   streak=score.streak, best=score.best_streak)


THEME_WORDS = {"capture": N_("a capture"), "tuzdyk": N_("making a tuzdyk"), "defence": N_("saving a pile"),
               "ending": N_("winning the ending")}


def brief_row(position: Position, side: Side, label: str) -> str:
    """A row in brief, within a 40-cell braille line: "You: 1 6 9, 2 5 tuz, 3 1 2." (``tuz``, the
    Kyrgyz word, is a tuzdyk)."""
    cells = [p_("brief", "tuz") if position.tuzdyk_owner(side, pit) is not None else str(count)
             for pit, count in enumerate(position.row(side), 1)]
    return f"{label} {in_threes(cells)}."


def side_words(position: Position) -> str:
    """The side to move in ``position``, as "you play ..." names it: "White" or "Black"."""
    return _("White") if position.to_move is Side.WHITE else _("Black")

