"""The board: two rows of pits with a kazan beside each row, drawn from a ``Position``.

The opponent's row is on top, numbered N down to 1 from the left (as seen across a real board),
the player's row below, 1 to N. Every mark is written in words or letters, never by colour alone:
a tuzdyk reads ``TUZ W`` or ``TUZ B`` (its owner), the last move's pits read ``from`` and ``to``,
and the kazan of the side to move says ``to move``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Offset
from textual.widget import Widget

from rules import MoveReport, Position, Side

MAX_PITS = 9
PIT_INNER = 5


@dataclass(frozen=True)
class BoardView:
    """What the board shows: the position, who sits below, the last move and the players' names."""

    position: Position
    bottom: Side
    last: MoveReport | None
    names: tuple[str, str]
    over: bool = False


def side_letter(side: Side) -> str:
    """``W`` or ``B``."""
    return "W" if side is Side.WHITE else "B"


class PitCell(Widget, can_focus=True):
    """One pit: its number, its count (or the tuzdyk mark) and the last move's mark, in three lines."""

    def __init__(self, row: int, slot: int) -> None:
        super().__init__(id=f"pit-{row}-{slot}", classes="pit")
        self.row = row  # 0: top, 1: bottom
        self.slot = slot  # 0..8 from the left
        self.side = Side.WHITE
        self.number = 1
        self.lines: tuple[str, str, str] = ("", "", "")

    def show(self, view: BoardView, side: Side, number: int) -> None:
        """Draw this slot as ``side``'s pit ``number``."""
        self.side, self.number = side, number
        position = view.position
        owner = position.tuzdyk_owner(side, number)
        count = f"TUZ {side_letter(owner)}" if owner is not None else str(position.pit(side, number))
        mark = ""
        last = view.last
        if last is not None:
            played = last.mover is side and last.pit == number
            landed = last.landing_side is side and last.landing_pit == number
            mark = "fr/to" if played and landed else "from" if played else "to" if landed else ""
        lines = (f"pit {number}", count, mark)
        if lines != self.lines:
            self.lines = lines
            self.set_class(owner is not None, "tuzdyk")
            self.refresh()

    @property
    def text_line(self) -> str:
        """The pit as one line of words, for tests and tooltips."""
        return " ".join(part for part in self.lines if part)

    def render(self) -> Text:
        """Three centred lines."""
        return Text("\n".join(line.center(PIT_INNER).rstrip() for line in self.lines), no_wrap=True)

    def cursor_offset(self) -> Offset:
        """Where the terminal cursor belongs: on the first character of the count."""
        region = self.content_region
        count = self.lines[1].center(PIT_INNER)
        return Offset(region.x + len(count) - len(count.lstrip()), region.y + 1)


class KazanCell(Widget):
    """A player's kazan: the name, the count, and whether this side is to move (or won)."""

    def __init__(self, row: int) -> None:
        super().__init__(id=f"kazan-{row}", classes="kazan")
        self.lines: tuple[str, str, str] = ("", "", "")
        self.colour = ""

    def show(self, view: BoardView, side: Side) -> None:
        """Draw ``side``'s kazan."""
        position = view.position
        colour = "White" if side is Side.WHITE else "Black"
        name = view.names[side][:12]
        state = "" if view.over else "to move" if position.to_move is side else ""
        shown = [name] if name.lower() != colour.lower() else []
        shown += [f"kazan {position.kazans[side]}", state]
        lines = (shown[0], shown[1], shown[2] if len(shown) > 2 else "")
        self.border_title = self.colour = colour
        if lines != self.lines:
            self.lines = lines
            self.refresh()

    def render(self) -> Text:
        """Three lines."""
        return Text("\n".join(self.lines), no_wrap=True)


class Board(Widget):
    """Both rows of pits and the two kazans; slots are reused for every variant and orientation."""

    def __init__(self) -> None:
        super().__init__(id="board")
        self.rows = [[PitCell(row, slot) for slot in range(MAX_PITS)] for row in (0, 1)]
        self.kazans = [KazanCell(0), KazanCell(1)]
        self.current: BoardView | None = None

    def compose(self) -> ComposeResult:
        """Two rows, each with its kazan at the right."""
        for row in (0, 1):
            with Horizontal(classes="pit-row", id=f"row-{row}"):
                yield from self.rows[row]
                yield self.kazans[row]

    def show(self, view: BoardView) -> None:
        """Draw ``view``."""
        self.current = view
        pits = view.position.variant.pits
        sides = (view.bottom.opponent, view.bottom)
        for row, side in enumerate(sides):
            for slot, cell in enumerate(self.rows[row]):
                cell.display = slot < pits
                if slot < pits:
                    cell.show(view, side, pits - slot if row == 0 else slot + 1)
            self.kazans[row].show(view, side)

    def cell(self, side: Side, number: int) -> PitCell:
        """The cell now showing ``side``'s pit ``number``."""
        assert self.current is not None
        pits = self.current.position.variant.pits
        row = 1 if side is self.current.bottom else 0
        return self.rows[row][pits - number if row == 0 else number - 1]

    def shown_cells(self, row: int) -> list[PitCell]:
        """The cells of ``row`` now shown, left to right."""
        return [cell for cell in self.rows[row] if cell.display]

    def describe(self) -> str:
        """The board as plain text lines (top row, bottom row), for tests."""
        lines = []
        for row in (0, 1):
            pits = " | ".join(cell.text_line for cell in self.shown_cells(row))
            kazan = self.kazans[row]
            lines.append(f"{pits} || {kazan.colour} {' '.join(part for part in kazan.lines if part)}")
        return "\n".join(lines)
