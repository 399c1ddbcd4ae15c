"""The board: two rows of pits with a kazan beside each row, drawn from a ``Position``.

The opponent's row is on top, numbered N down to 1 from the left (as seen across a real board),
the player's row below, 1 to N. Every mark is written in words or letters, never by colour alone:
a tuzdyk reads ``TUZ W`` or ``TUZ B`` (its owner), the last move's pits read ``from`` and ``to``,
and the kazan of the side to move says ``to move``. After ``analyse``, each pit of the side to move
shows its score under its count (``+6``, ``-2``, ``=``, ``win5``, ``loss6``) until the position changes.

The focused pit is one index held by the screen, not Textual's focus: moving it changes no
character of the board, only attributes (reverse and bold), and on the boxed board a ``>`` in
front of its count, on that one line. The plain board of the screen-reader mode has no
box-drawing characters at all: words and numbers that a speech engine reads cleanly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.geometry import Offset, Region
from textual.widget import Widget

from rules import MoveReport, Position, Side
from speech.words.i18n import p_
from speech.words.vocabulary import side_title

PIT_INNER = 5
PIT_WIDTH = PIT_INNER + 2
ROW_HEIGHT = 5
KAZAN_INNER = 13
PLAIN_LABEL = 8
PLAIN_CELL = 4
PLAIN_KAZAN = 7
PLAIN_TUZDYK = 8  # the plain board's last column: the pit of the tuzdyk on each row
Focus = tuple[Side, int]


def boxed_width(pits: int) -> int:
    """Columns the boxed board takes for rows of ``pits``."""
    return pits * PIT_WIDTH + KAZAN_INNER + 2


def plain_width(pits: int) -> int:
    """Columns the plain board needs for rows of ``pits`` (its last column, the tuzdyks', is cut off on
    a terminal narrower than that and ``PLAIN_TUZDYK`` more: ``t`` and ``b`` say where they are)."""
    return PLAIN_LABEL + pits * PLAIN_CELL + PLAIN_KAZAN


@dataclass(frozen=True)
class BoardView:
    """What the board shows: the position, who sits below, the last move, the players' names, the
    focused pit, and whether to draw it plain (screen-reader mode)."""

    position: Position
    bottom: Side
    last: MoveReport | None
    names: tuple[str, str]
    over: bool = False
    focus: Focus | None = None
    plain: bool = False
    scores: tuple[tuple[int, str], ...] = ()  # the analysis of the side to move's pits, as shown


def fit(text: str, width: int, fallback: str) -> str:
    """``text`` where it fits in ``width`` columns, else ``fallback`` (cut to fit): a translation
    longer than its box never breaks the board."""
    return text if len(text) <= width else fallback[:width]


def side_letter(side: Side) -> str:
    """``W`` or ``B``."""
    return fit(p_("board", "W") if side is Side.WHITE else p_("board", "B"), 1, "W" if side is Side.WHITE else "B")


def colour_name(side: Side) -> str:
    """``White`` or ``Black``."""
    return side_title(side)


def pit_label(number: int) -> str:
    """``pit 7`` over a pit of the boxed board."""
    # Translators: context "board" marks words drawn inside the board's boxes: "pit {number}",
    # "from", "to", "fr/to", "TUZ {owner}", "win{count}" and "loss{count}" (a forced win or loss in
    # {count} moves, shown under a pit after an analysis) must fit in 5 columns, "kazan {count}" and "to move" in
    # 11, "pit" in 7 and "kazan" in 8; "W" and "B" are one letter. A longer word is replaced by a sign.
    return fit(p_("board", "pit {number}").format(number=number), PIT_INNER, str(number))


def score_mark(score: float, plies: int | None, solved: int | None = None) -> str:
    """A pit's analysis in five columns: ``+6``, ``-2``, ``=`` (about even), ``win5`` or ``loss6`` (moves
    to a forced end), ``win``, ``draw`` or ``loss`` (an ending solved, its length not counted)."""
    if plies is None and solved is not None:
        if solved > 0:
            return fit(p_("board", "win"), PIT_INNER, "+W")
        if solved < 0:
            return fit(p_("board", "loss"), PIT_INNER, "-L")
        return fit(p_("board", "draw"), PIT_INNER, "=D")
    if plies is not None:
        moves = (plies + 1) // 2
        if score > 0:
            return fit(p_("board", "win{count}").format(count=moves), PIT_INNER, f"+W{moves}"[:PIT_INNER])
        return fit(p_("board", "loss{count}").format(count=moves), PIT_INNER, f"-L{moves}"[:PIT_INNER])
    count = round(abs(score))
    if count == 0:
        return "="
    return f"+{count}" if score > 0 else f"-{count}"


def pit_mark(view: BoardView, side: Side, number: int) -> str:
    """The pit's score after an analysis; else ``from``, ``to`` or ``fr/to`` on the last move's pits;
    empty elsewhere."""
    if view.scores and side is view.position.to_move:
        for pit, mark in view.scores:
            if pit == number:
                return mark
    last = view.last
    if last is None:
        return ""
    played = last.mover is side and last.pit == number
    landed = last.landing_side is side and last.landing_pit == number
    if played and landed:
        return fit(p_("board", "fr/to"), PIT_INNER, "<>")
    if played:
        return fit(p_("board", "from"), PIT_INNER, "<")
    return fit(p_("board", "to"), PIT_INNER, ">") if landed else ""


def pit_count(view: BoardView, side: Side, number: int) -> str:
    """The stones of a pit, or where a tuzdyk stands ``TUZ W`` (its owner) on the boxed board. The plain
    board keeps its lines of counts digits only (a tuzdyk holds 0), because Orca reads the lines of a
    change that brings words or signs; its last column says where the tuzdyk is."""
    owner = view.position.tuzdyk_owner(side, number)
    if owner is not None and not view.plain:
        return fit(p_("board", "TUZ {owner}").format(owner=side_letter(owner)), PIT_INNER, f"T {side_letter(owner)}")
    return str(view.position.pit(side, number))


class Board(Widget):
    """Both rows of pits and the two kazans, boxed or plain."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"board--frame", "board--focus", "board--tuzdyk", "board--kazan"}

    def __init__(self) -> None:
        super().__init__(id="board")
        self.current: BoardView | None = None
        self._text = ""

    # -- geometry ------------------------------------------------------------------------------
    def sides(self) -> tuple[Side, Side]:
        """The side on the top row and the side on the bottom row."""
        assert self.current is not None
        bottom = self.current.bottom
        return bottom.opponent, bottom

    def numbers(self, row: int) -> list[int]:
        """The pit numbers of ``row`` (0: top, 1: bottom) from left to right."""
        assert self.current is not None
        pits = self.current.position.variant.pits
        return list(range(pits, 0, -1)) if row == 0 else list(range(1, pits + 1))

    def place(self, side: Side, number: int) -> tuple[int, int]:
        """The row and the slot (from the left) of ``side``'s pit ``number``."""
        row = 0 if side is self.sides()[0] else 1
        return row, self.numbers(row).index(number)

    def at(self, row: int, slot: int) -> Focus:
        """The side and pit number shown at ``row``, ``slot``."""
        numbers = self.numbers(row)
        return self.sides()[row], numbers[max(0, min(len(numbers) - 1, slot))]

    def count_spot(self, side: Side, number: int) -> Offset:
        """Where a pit's count is on the screen (the terminal cursor's place on the boxed board)."""
        row, slot = self.place(side, number)
        region = self.content_region
        if self.current is not None and self.current.plain:
            return Offset(region.x + PLAIN_LABEL + slot * PLAIN_CELL, region.y + 2 + row)
        count = pit_count(self.current, side, number) if self.current else ""
        centred = count.center(PIT_INNER)
        return Offset(region.x + slot * PIT_WIDTH + 1 + len(centred) - len(centred.lstrip()),
                      region.y + row * ROW_HEIGHT + 2)

    # -- drawing -------------------------------------------------------------------------------
    def show(self, view: BoardView) -> bool:
        """Draw ``view``, repainting only the lines that change (a screen reader reads a repainted line
        as news, and a cursor passing over unchanged lines as a move); True when a character changed."""
        previous, self.current = self.current, view
        text = self.plain_text() if view.plain else self.boxed_text()
        changed = text.plain != self._text
        old_lines, self._text = self._text.split("\n"), text.plain
        new_lines = text.plain.split("\n")
        same_shape = previous is not None and previous.plain == view.plain and len(old_lines) == len(new_lines)
        if not same_shape or previous is None:
            self.refresh(layout=True)
            return changed
        width = self.size.width or max(len(line) for line in new_lines)
        focus_lines = self.focus_lines(previous) | self.focus_lines(view)
        dirty = [Region(0, y, width, 1) for y, (old, new) in enumerate(zip(old_lines, new_lines, strict=True))
                 if old != new or y in focus_lines]
        if dirty:
            self.refresh(*dirty)
        return changed

    def focus_lines(self, view: BoardView) -> set[int]:
        """The lines the focus mark of ``view`` stands on (attributes only, on the plain board)."""
        if view.focus is None:
            return set()
        current = self.current
        self.current = view
        try:
            row, _slot = self.place(*view.focus)
        finally:
            self.current = current
        if view.plain:
            return {2 + row}
        return {row * ROW_HEIGHT + line for line in (1, 2, 3)}

    def render(self) -> Text:
        """The board as it stands."""
        if self.current is None:
            return Text("")
        return self.plain_text() if self.current.plain else self.boxed_text()

    def _style(self, name: str) -> Style:
        try:
            return self.get_component_rich_style(name, partial=True)
        except Exception:  # not mounted yet: plain text
            return Style()

    def boxed_text(self) -> Text:
        """Round-cornered pits and double-lined kazans, five lines a row."""
        assert self.current is not None
        view = self.current
        frame, focus_style = self._style("board--frame"), self._style("board--focus")
        tuz_style, kazan_style = self._style("board--tuzdyk"), self._style("board--kazan")
        text = Text(no_wrap=True, overflow="ignore")
        for row, side in enumerate(self.sides()):
            numbers = self.numbers(row)
            lines = [Text(no_wrap=True) for _line in range(ROW_HEIGHT)]
            for number in numbers:
                focused = view.focus == (side, number)
                owner = view.position.tuzdyk_owner(side, number)
                inner = [pit_label(number), pit_count(view, side, number), pit_mark(view, side, number)]
                cells = [part.center(PIT_INNER) for part in inner]
                if focused and cells[1].startswith(" "):
                    cells[1] = ">" + cells[1][1:]
                style = focus_style if focused else tuz_style if owner is not None else Style()
                lines[0].append("╭" + "─" * PIT_INNER + "╮", frame)
                for index, cell in enumerate(cells, 1):
                    lines[index].append("│", frame)
                    lines[index].append(cell, style)
                    lines[index].append("│", frame)
                lines[4].append("╰" + "─" * PIT_INNER + "╯", frame)
            for index, part in enumerate(self.kazan_box(side)):
                lines[index].append(part, kazan_style)
            for line in lines:
                text.append_text(line)
                text.append("\n")
        text.rstrip()
        return text

    def kazan_lines(self, side: Side) -> list[str]:
        """The kazan's words: the player's name (if not just the colour), the count, to move."""
        assert self.current is not None
        view = self.current
        name = view.names[side][:KAZAN_INNER - 2]
        shown = [name] if name and name.lower() != colour_name(side).lower() else []
        count = view.position.kazans[side]
        shown.append(fit(p_("board", "kazan {count}").format(count=count), KAZAN_INNER - 2, str(count)))
        if not view.over and view.position.to_move is side:
            shown.append(fit(p_("board", "to move"), KAZAN_INNER - 2, "*"))
        return shown

    def kazan_box(self, side: Side) -> list[str]:
        """Five lines of the kazan's box, its colour in the top border."""
        title = f"═ {colour_name(side)[:KAZAN_INNER - 3]} "
        top = "╔" + title + "═" * (KAZAN_INNER - len(title)) + "╗"
        words = (self.kazan_lines(side) + ["", "", ""])[:3]
        middle = ["║ " + word.ljust(KAZAN_INNER - 2) + " ║" for word in words]
        return [top, *middle, "╚" + "═" * KAZAN_INNER + "╝"]

    def plain_text(self) -> Text:
        """Six lines of words and numbers, no box-drawing character. What a move changes (the counts
        and the kazans) stands in two adjacent lines of digits and spaces, so that a screen reader
        that reads changed text after Enter (Orca) reads nothing more than the move's own message."""
        assert self.current is not None
        view = self.current
        focus_style = self._style("board--focus")
        top, bottom = self.sides()
        text = Text(no_wrap=True, overflow="ignore")
        text.append(self.plain_owner(top) + "\n")
        for row, side in ((0, top), (1, bottom)):
            numbers = self.numbers(row)
            labels = (fit(p_("board", "pit"), PLAIN_LABEL - 1, "#").ljust(PLAIN_LABEL)
                      + "".join(str(n).rjust(PLAIN_CELL) for n in numbers)
                      + fit(p_("board", "kazan"), PLAIN_KAZAN - 1, "K").rjust(PLAIN_KAZAN))
            tuzdyk = view.position.tuzdyks[side.opponent]  # the one on this row is the other's
            if view.position.variant.tuzdyks:
                labels += fit(p_("board", "tuzdyk"), PLAIN_TUZDYK - 1, "T").rjust(PLAIN_TUZDYK)
            counts = Text(" " * PLAIN_LABEL)
            for number in numbers:
                cell = pit_count(view, side, number).rjust(PLAIN_CELL)
                focused = view.focus == (side, number)
                counts.append(cell[: PLAIN_CELL - len(cell.lstrip())])
                counts.append(cell.lstrip(), focus_style if focused else Style())
            counts.append(str(view.position.kazans[side]).rjust(PLAIN_KAZAN))
            if tuzdyk is not None:  # a digit where there was a blank: Orca reads nothing of the board
                counts.append(str(tuzdyk).rjust(PLAIN_TUZDYK))
            if row == 0:
                text.append(labels + "\n")
                text.append_text(counts)
                text.append("\n")
            else:
                text.append_text(counts)
                text.append("\n" + labels + "\n")
        text.append(self.plain_owner(bottom))
        return text

    def plain_owner(self, side: Side) -> str:
        """``White (you)``, or ``White`` between two players with no names of their own."""
        assert self.current is not None
        name = self.current.names[side]
        if not name or name.lower() == colour_name(side).lower():
            return colour_name(side)
        return f"{colour_name(side)} ({name})"

    def describe(self) -> str:
        """The board as plain text lines (top row, bottom row), for tests."""
        assert self.current is not None
        view = self.current
        lines = []
        for row, side in enumerate(self.sides()):
            cells = []
            for number in self.numbers(row):
                parts = [pit_label(number), pit_count(view, side, number), pit_mark(view, side, number)]
                cells.append(" ".join(part for part in parts if part))
            kazan = " ".join(self.kazan_lines(side))
            lines.append(f"{' | '.join(cells)} || {colour_name(side)} {kazan}")
        return "\n".join(lines)
