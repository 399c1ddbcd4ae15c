"""What the player is doing, who "you" are, and what every question and screen looks at.

- ``Mode``: ``Playing`` (the game), ``Reviewing`` (a game stepped through, a record or this game) or
  ``Training`` (a lesson or a puzzle, the game waiting underneath). One value, matched with ``match``;
  only the session's facade changes it.
- ``Seat``: the sides as the person sees them, computed once from the mode, the setup and the settings:
  whose side is "you" in sentences, whose row is "mine", which row the board draws at the bottom (and
  the sound cues pan), which sides a person plays (warned when time runs short).
- ``View``: what is looked at now: the mode, the position, the game it belongs to, the seat, whether the
  opponent is to move in the game, and what the faces show of it: the setup and the settings, the
  opponent's name, the clocks, the last analysis, the words for it (the announcer) and what leaving
  would do (``Leaving``). From these it gives who "you" are (``perspective``), the players' names
  beside the board's rows (``players``) and whether a new position was set out (``anew``). Queries and
  screens read it; nothing writes it. Each key and each render of a face takes one and passes it down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rules import Game, MoveReport, Outcome, Position, Side
from rules.clock import TimeControl
from speech.words import phrases
from speech.words.announce import Announcer
from speech.words.i18n import n_, p_
from speech.words.naming import Perspective
from toguz_tui.files.settings import Settings
from toguz_tui.session.game_clock import GameClock
from toguz_tui.session.records.leaving import Leaving
from toguz_tui.session.records.review import Review
from toguz_tui.session.setup import GameSetup
from toguz_tui.training.coach import Coach

# The last analysis of the engine (``advisor``): its position, and each legal pit with its score in stones, the
# plies to a forced end and the result of an ending solved (None: an estimate, not solved).
Analysis = tuple[Position, tuple[tuple[int, float, int | None, int | None], ...]]


@dataclass(frozen=True)
class Playing:
    """The game itself."""


@dataclass(frozen=True)
class Reviewing:
    """A game stepped through move by move (a record opened, or this game); the game waits."""

    review: Review


@dataclass(frozen=True)
class Training:
    """A lesson or a puzzle; the game waits underneath, its clocks stopped."""

    coach: Coach


Mode = Playing | Reviewing | Training


@dataclass(frozen=True)
class Seat:
    """The sides as the person sees them."""

    you: Side | None  # the person's side in sentences (None: two players here, or White and Black of a record)
    mine: Side  # the row called "mine" (``mine``, digits, ``pit N``): the person's, else the side to move's
    bottom: Side  # the row drawn at the bottom, as the sound cues pan
    people: tuple[Side, ...]  # the sides a person plays here
    trainer: bool = False  # a lesson or a puzzle: the other side is "the opponent"


def seat_of(mode: Mode, human: Side | None, position: Position, board_turns: bool) -> Seat:
    """The seat for ``mode``, a game whose person plays ``human`` (None: two people), and the position
    looked at."""
    people = tuple(Side) if human is None else (human,)
    match mode:
        case Training(coach):
            return Seat(coach.side, coach.side, coach.side, people, trainer=True)
        case Reviewing(review) if review.names is not None:  # a record: White and Black
            mine = human if human is not None else position.to_move
            return Seat(None, mine, Side.WHITE, people)
    if human is not None:
        return Seat(human, human, human, people)
    turns = board_turns and isinstance(mode, Playing)  # the board turns to the side to move
    return Seat(None, position.to_move, position.to_move if turns else Side.WHITE, people)


def game_perspective(mode: Mode, human: Side | None, names: tuple[str, str]) -> Perspective | None:
    """The game's own point of view while a record is reviewed (its clocks, warnings and end still speak to
    "you"), or None when it is the point of view of the sentences already."""
    return Perspective(you=human, names=names) if isinstance(mode, Reviewing) else None


def perspective_of(mode: Mode, seat: Seat, names: tuple[str, str], opponent: str) -> Perspective:
    """Who "you" are in sentences: against the computer, you and the computer (or the opponent by its
    name); between two players, their names; in a lesson or a puzzle, you and "the opponent"; in the
    review of a record, White and Black (the names are said once, not every move)."""
    match mode:
        case Training():
            return Perspective(you=seat.you, trainer=True)
        case Reviewing(review) if review.names is not None:
            return Perspective()
    return Perspective(you=seat.you, names=names, opponent=opponent)


class Opposing(Protocol):
    """What a view reads of the opponent (``opponents.Opponent``)."""

    @property
    def name(self) -> str:
        """Its own name ("" for the computer, or between two people)."""
        ...

    @property
    def thinking(self) -> bool:
        """Whether it is working out its move here (the computer)."""
        ...


def view_of(mode: Mode, game: Game, setup: GameSetup, settings: Settings, opponent: Opposing, seconds: float,
            clock: GameClock | None, next_clock: TimeControl | None, analysis: Analysis | None, announcer: Announcer,
            leaving: Leaving) -> View:
    """What is looked at in ``mode`` over ``game`` played with ``setup`` against ``opponent`` (``seconds``: how
    long a search has run), with the game's ``clock``, the clock a new game gets, the last ``analysis``, the
    words for it and what leaving would do."""
    match mode:
        case Training(coach):
            position = coach.position
        case Reviewing(review):
            position = review.position
        case _:
            position = game.position
    human = setup.human
    theirs = human is not None and game.position.to_move is not human and not game.is_over
    return View(mode, game, position, seat_of(mode, human, position, settings.board_turns), theirs,
                seconds if opponent.thinking else None, setup, settings, opponent.name, clock, next_clock, analysis,
                announcer, leaving)


@dataclass(frozen=True)
class View:
    """What is looked at now."""

    mode: Mode
    game: Game  # the game in progress (waiting under a review or a lesson)
    position: Position  # the position looked at: the lesson's or puzzle's, the review's, or the game's
    seat: Seat
    opponent_to_move: bool  # in the game: the side to move is the opponent's (the computer's, a remote player's)
    thinking: float | None  # seconds the computer has been thinking on its move (None: it is not)
    setup: GameSetup  # how the game was set up: the person's side, the level, the variant, the clock
    settings: Settings
    opponent: str  # the opponent's own name ("" for the computer, or between two people)
    clock: GameClock | None  # the game's clocks (None: a game without clocks)
    next_clock: TimeControl | None  # the time control a new game gets: the game's, or one set since it began
    analysis: Analysis | None  # the engine's last analysis, of the position it names
    announcer: Announcer  # the words for what is looked at, from its point of view
    leaving: Leaving  # what leaving now would do to the game

    @property
    def shown(self) -> Game:
        """The game whose moves are looked at: the review's, else the game's."""
        return self.mode.review.game if isinstance(self.mode, Reviewing) else self.game

    @property
    def outcome(self) -> Outcome | None:
        """How the game looked at ended, if it has."""
        return self.shown.outcome

    @property
    def over(self) -> bool:
        """Whether the game looked at is over."""
        return self.shown.is_over

    def turn_words(self, announcer: Announcer | None = None) -> str:
        """Whose turn it is, or how the game ended; while the computer thinks, for how long; in a lesson or
        a puzzle, what is asked (in the words of ``announcer``, else of the view's)."""
        announcer = announcer or self.announcer
        match self.mode:
            case Training(coach):
                return coach.task(announcer)
            case Playing() if self.thinking is not None and self.opponent_to_move:
                seconds = round(self.thinking)
                return n_("The computer's turn: it has been thinking for {count} second.",
                          "The computer's turn: it has been thinking for {count} seconds.", seconds).format(
                    count=seconds)
        return announcer.turn(self.position, self.outcome)

    @property
    def last_report(self) -> MoveReport | None:
        """The last move made in what is looked at (a lesson's answer, the review's move, the game's)."""
        match self.mode:
            case Training(coach):
                return coach.last_report
            case Reviewing(review):
                return review.last_report
        return self.game.last_report

    @property
    def perspectives(self) -> tuple[Perspective, Perspective | None]:
        """Who "you" are in sentences (``perspective_of``), and the game's own point of view while a record is
        reviewed (``game_perspective``; None: the same)."""
        names = self.setup.player_names(self.settings)
        return (perspective_of(self.mode, self.seat, names, self.opponent),
                game_perspective(self.mode, self.setup.human, names))

    @property
    def players(self) -> tuple[str, str]:
        """White's and Black's names beside the board's rows, from the sentences' point of view: "you" and the
        other ("opponent" in a lesson or a puzzle, else "computer" or the opponent's own name); the record's
        players in its review; else the players' own names ("" for none)."""
        seen = self.perspectives[0]
        if isinstance(self.mode, Reviewing) and self.mode.review.names is not None:
            names = self.mode.review.names
        elif seen.you is None:
            names = seen.names
        else:
            you = p_("board", "you")
            other = p_("board", "opponent") if seen.trainer else \
                phrases.visible(seen.opponent) if seen.opponent else p_("board", "computer")
            names = (you, other) if seen.you is Side.WHITE else (other, you)
        return phrases.visible(names[0]), phrases.visible(names[1])

    def anew(self, before: View | None) -> bool:
        """Whether this looks at a new position set out beside ``before`` (a view taken earlier; None: the first
        look): another game, or another lesson, lesson step or puzzle. The first look is new in a lesson or a
        puzzle only (a game is where the faces start)."""
        coach = self.mode.coach if isinstance(self.mode, Training) else None
        if before is None:
            return coach is not None
        was = before.mode.coach if isinstance(before.mode, Training) else None
        return self.game is not before.game or coach is not was or (
            coach is not None and self.position != before.position)
