"""One move: sowing, the capture by the even rule, making a tuzdyk, and the end of the game.

Each rule is one small function; ``play_move`` strings them together and returns the new
position with a ``MoveReport`` that says what happened, as plain values.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.errors import Fault, IllegalMoveError
from rules.position import Position
from rules.variant import Side, Variant


class Termination(StrEnum):
    """Why a game ended."""

    MAJORITY = "majority"          # a kazan holds more than half of all stones
    NO_MOVES = "no-moves"          # the player to move had no stones on his row
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"
    TIME = "time"
    ADJUDICATION = "adjudication"  # decided off the board by a server (online: a finish it names)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (``None`` for a draw), the reason and the final kazans."""

    winner: Side | None
    reason: Termination
    kazans: tuple[int, int]

    @property
    def result(self) -> str:
        """The result as a record writes it: ``1-0``, ``0-1`` or ``1/2-1/2``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is Side.WHITE else "0-1"


@dataclass(frozen=True, slots=True)
class MoveReport:
    """What one move did. Every field is a plain value.

    ``landing_count`` is what the landing pit holds right after the last stone fell, before any
    capture (0 when the last stone fell into a tuzdyk, ``landing_tuzdyk`` then names its owner).
    ``tuzdyk_income`` counts the stones that fell into White's and Black's tuzdyks.
    ``kazans`` are the kazans right after the move; ``collected`` the stones each player took from
    his own row when the game ended for want of moves (already in ``outcome.kazans``).
    """

    mover: Side
    move_number: int
    pit: int
    sown: int
    landing_side: Side
    landing_pit: int
    landing_count: int
    landing_tuzdyk: Side | None
    captured: int
    tuzdyk_made: int | None
    tuzdyk_income: tuple[int, int]
    kazans: tuple[int, int]
    collected: tuple[int, int]
    board_before: tuple[int, ...]
    board_after: tuple[int, ...]
    outcome: Outcome | None

    @property
    def notation(self) -> str:
        """Federation style token: ``"76"``, ``"82x"``."""
        return f"{self.pit}{self.landing_pit}{'x' if self.tuzdyk_made is not None else ''}"

    @property
    def playok(self) -> str:
        """PlayOK style token: ``"76(10)"`` after a capture, ``"68X"`` for a tuzdyk."""
        token = f"{self.pit}{self.landing_pit}{'X' if self.tuzdyk_made is not None else ''}"
        return f"{token}({self.kazans[self.mover]})" if self.captured else token


def landing_index(variant: Variant, origin: int, stones: int) -> int:
    """Board index of the pit the last of ``stones`` sown from ``origin`` falls into."""
    first = origin if stones > 1 else origin + 1
    return (first + stones - 1) % (2 * variant.pits)


def landing_by_counting(pits: int, pit: int, stones: int) -> int:
    """The landing pit's number by the method taught by the Czech federation: for pit C
    holding K stones (K at least 2), K + C - 1, less N until it lies in 1..N; a single stone lands
    in pit C + 1 (pit 1 of the other row after pit N)."""
    if stones == 1:
        return pit % pits + 1
    number = stones + pit - 1
    while number > pits:
        number -= pits
    return number


def sow(position: Position, origin: int, stones: int, board: list[int]) -> tuple[int, int]:
    """Sow ``stones`` taken from ``origin`` into ``board`` (changed in place).

    Stones that fall into a tuzdyk are counted instead of placed; returns that income for
    White and Black.
    """
    size = len(board)
    tuzdyk_at = tuzdyk_indices(position)
    income = [0, 0]
    first = origin if stones > 1 else origin + 1
    laps, rest = divmod(stones, size)
    for step in range(size):
        index = (first + step) % size
        falling = laps + (1 if step < rest else 0)
        owner = tuzdyk_at.get(index)
        if owner is None:
            board[index] += falling
        else:
            income[owner] += falling
    return income[0], income[1]


def tuzdyk_indices(position: Position) -> dict[int, Side]:
    """Board index of each tuzdyk, with its owner."""
    found: dict[int, Side] = {}
    for owner in (Side.WHITE, Side.BLACK):
        pit = position.tuzdyks[owner]
        if pit is not None:
            found[position.index(owner.opponent, pit)] = owner
    return found


def capture_even(count: int) -> int:
    """Stones the even rule takes from a pit of the opponent's row that now holds ``count``."""
    return count if count % 2 == 0 else 0


class NoTuzdyk(StrEnum):
    """Why a last stone making 3 on the opponent's row makes no tuzdyk."""

    NOT_IN_THIS_GAME = "no-tuzdyks"  # the variant is played without tuzdyks
    HAS_ONE = "has-one"                    # the mover already owns a tuzdyk
    LAST_PIT = "last-pit"                  # the opponent's pit N never becomes a tuzdyk
    SAME_NUMBER = "same-number"            # the opponent's tuzdyk has that number on the mover's row


def tuzdyk_refusal(position: Position, mover: Side, pit: int) -> NoTuzdyk | None:
    """Why 3 stones in the opponent's pit ``pit`` would not become ``mover``'s tuzdyk, or None."""
    variant = position.variant
    if not variant.tuzdyks:
        return NoTuzdyk.NOT_IN_THIS_GAME
    if position.tuzdyks[mover] is not None:
        return NoTuzdyk.HAS_ONE
    if variant.unrestricted_tuzdyk:
        return None
    if pit == variant.pits:
        return NoTuzdyk.LAST_PIT
    if position.tuzdyks[mover.opponent] == pit:
        return NoTuzdyk.SAME_NUMBER
    return None


def can_make_tuzdyk(position: Position, mover: Side, pit: int, count: int) -> bool:
    """Whether the last stone, making ``count`` in the opponent's pit ``pit``, makes a tuzdyk."""
    return count == 3 and tuzdyk_refusal(position, mover, pit) is None


def check_pit(position: Position, pit: int) -> int:
    """The board index of the pit the side to move plays; ``IllegalMoveError`` if it cannot."""
    n = position.variant.pits
    side = position.to_move
    if not 1 <= pit <= n:
        raise IllegalMoveError(Fault.NO_PIT, pit=pit, pits=n)
    origin = position.index(side, pit)
    if position.board[origin] == 0:
        raise IllegalMoveError(Fault.EMPTY_PIT, side=side, pit=pit)
    return origin


def play_move(position: Position, pit: int) -> tuple[Position, MoveReport]:
    """Play ``pit`` for the side to move; the position after, and what happened."""
    origin = check_pit(position, pit)
    mover = position.to_move
    n = position.variant.pits
    board = list(position.board)
    stones = board[origin]
    board[origin] = 0
    income = sow(position, origin, stones, board)
    kazans = [position.kazans[0] + income[0], position.kazans[1] + income[1]]
    last = landing_index(position.variant, origin, stones)
    landing_side, landing_pit = Side(last // n), last % n + 1
    owner = tuzdyk_indices(position).get(last)
    count = 0 if owner is not None else board[last]
    captured, tuzdyk_made = 0, None
    tuzdyks = position.tuzdyks
    if owner is None and landing_side is not mover:
        captured = capture_even(count)
        if captured:
            board[last] = 0
            kazans[mover] += captured
        elif can_make_tuzdyk(position, mover, landing_pit, count):
            tuzdyk_made = landing_pit
            board[last] = 0
            kazans[mover] += count
            tuzdyks = (landing_pit, tuzdyks[1]) if mover is Side.WHITE else (tuzdyks[0], landing_pit)
    after = Position(
        position.variant, tuple(board), (kazans[0], kazans[1]), tuzdyks, mover.opponent,
        position.move_number + (1 if mover is Side.BLACK else 0),
    )
    final, outcome, collected = end_of_game(after)
    report = MoveReport(
        mover, position.move_number, pit, stones, landing_side, landing_pit, count, owner,
        captured, tuzdyk_made, income, after.kazans, collected, position.board, final.board, outcome,
    )
    return final, report


def end_of_game(position: Position) -> tuple[Position, Outcome | None, tuple[int, int]]:
    """Apply the end-of-game checks after a move, in their order: a kazan holding the majority wins at
    once (unless ``variant.stop_at_majority`` is off); then, if the player to move has no stone, the game
    ends (``collect_on_no_moves``).

    Returns the position (with a final collection made, if any), the outcome or ``None``, and the
    stones each player collected.
    """
    variant = position.variant
    kazans = position.kazans
    if variant.stop_at_majority:
        for side in (Side.WHITE, Side.BLACK):
            if kazans[side] >= variant.majority:
                return position, Outcome(side, Termination.MAJORITY, kazans), (0, 0)
    if any(position.row(position.to_move)):
        return position, None, (0, 0)
    return collect_on_no_moves(position)


def collect_on_no_moves(position: Position) -> tuple[Position, Outcome, tuple[int, int]]:
    """The player to move has no stones: the other collects his own row; then decide the winner."""
    stuck = position.to_move
    other = stuck.opponent
    gain = sum(position.row(other))
    n = position.variant.pits
    board = list(position.board)
    board[other * n : other * n + n] = [0] * n
    kazans = list(position.kazans)
    kazans[other] += gain
    final = Position(
        position.variant, tuple(board), (kazans[0], kazans[1]), position.tuzdyks,
        position.to_move, position.move_number,
    )
    collected = (gain, 0) if other is Side.WHITE else (0, gain)
    if position.variant.no_move == "lose":
        winner: Side | None = other
    elif kazans[0] == kazans[1]:
        winner = None
    else:
        winner = Side.WHITE if kazans[0] > kazans[1] else Side.BLACK
    return final, Outcome(winner, Termination.NO_MOVES, final.kazans), collected


def moves_of(position: Position, side: Side) -> list[MoveReport]:
    """What each move of ``side`` would do in ``position`` as it stands, as if it were its turn (its
    threats when it is not), for every pit it could play, pit 1 first."""
    if position.to_move is not side:
        position = Position(position.variant, position.board, position.kazans, position.tuzdyks, side,
                            position.move_number)
    return [play_move(position, pit)[1] for pit in position.legal_moves()]
