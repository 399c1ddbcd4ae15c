"""What the player is doing, who "you" are, and what every question and screen looks at.

- ``Mode``: ``Playing`` (the game), ``Reviewing`` (a game stepped through, a record or this game) or
  ``Training`` (a lesson or a puzzle, the game waiting underneath). One value, matched with ``match``;
  only the session's facade changes it.
- ``Seat``: the sides as the person sees them, computed once from the mode, the setup and the settings:
  whose side is "you" in sentences, whose row is "mine", which row the board draws at the bottom (and
  the sound cues pan), which sides a person plays (warned when time runs short).
- ``View``: what is looked at now: the mode, the position, the game it belongs to, the seat, and whether
  the opponent is to move in the game. Queries and screens read it; nothing writes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import Game, MoveReport, Outcome, Position, Side
from speech.words.announce import Announcer
from speech.words.i18n import n_
from speech.words.naming import Perspective
from toguz_tui.session.review import Review
from toguz_tui.training.coach import Coach


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


def view_of(mode: Mode, game: Game, human: Side | None, board_turns: bool, thinking: float | None) -> View:
    """What is looked at in ``mode`` over ``game`` (``human``: the person's side, None for two people)."""
    match mode:
        case Training(coach):
            position = coach.position
        case Reviewing(review):
            position = review.position
        case _:
            position = game.position
    theirs = human is not None and game.position.to_move is not human and not game.is_over
    return View(mode, game, position, seat_of(mode, human, position, board_turns), theirs, thinking)


@dataclass(frozen=True)
class View:
    """What is looked at now."""

    mode: Mode
    game: Game  # the game in progress (waiting under a review or a lesson)
    position: Position  # the position looked at: the lesson's or puzzle's, the review's, or the game's
    seat: Seat
    opponent_to_move: bool  # in the game: the side to move is the opponent's (the computer's, a remote player's)
    thinking: float | None = None  # seconds the computer has been thinking on its move (None: it is not)

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

    def turn_words(self, announcer: Announcer) -> str:
        """Whose turn it is, or how the game ended; while the computer thinks, for how long; in a lesson or
        a puzzle, what is asked."""
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
