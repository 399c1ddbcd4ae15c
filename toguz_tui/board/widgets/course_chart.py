"""The game's course drawn for a sighted player beside the boxed board: the same advantage over the whole game
that ``course`` plays as sound (``speech.sounds.course``), as a text chart.

- Columns are time: the moves resampled to the chart's width (several moves a column averaged in a long
  game, a move spread over several columns in a short one).
- Height is the listener's advantage: each column is filled from the bottom with block characters
  (``▁▂▃▄▅▆▇█``, eighths of a row), to half the height when the game is level, to the top at
  ``CHART_LIMIT`` stones ahead, to the lowest eighth at as many behind; where a column stays below the
  level, the row holding the level line shows ``·``. Shape alone tells it: no colour.
- The last line marks the mistakes (``MoveVerdict.mistake``, either side's) under their columns with ``!``.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Static

from rules.engine.game_analysis import CHART_LIMIT, GameAnalysis
from rules.variant import Side
from speech.sounds.course import course_points

BLOCKS = " ▁▂▃▄▅▆▇█"  # a cell filled by 0 to 8 eighths
MISTAKE = "!"
LEVEL = "·"  # the level line, where a column does not reach it


def _columns(analysis: GameAnalysis, listener: Side, width: int) -> list[tuple[float, bool]]:
    """Each column's advantage and whether it marks a mistake."""
    points = course_points(analysis, listener)
    moves = len(points)
    if moves == 0:
        return [(0.0, False)] * width
    columns = []
    for column in range(width):
        first = column * moves // width
        last = max(first + 1, (column + 1) * moves // width)
        starts = column == 0 or (column - 1) * moves // width != first  # a move spread over columns: marked once
        mistake = starts and any(verdict.mistake for verdict in analysis.verdicts[first:last])
        columns.append((sum(points[first:last]) / (last - first), mistake))
    return columns


def course_lines(analysis: GameAnalysis, listener: Side, width: int, height: int) -> list[str]:
    """The chart of ``analysis`` seen by ``listener``: ``height`` lines (at least 2) of ``width`` characters,
    the last the line of mistake marks."""
    width, rows = max(1, width), max(1, height - 1)
    columns = _columns(analysis, listener, width)
    eighths = rows * 8
    fills = [max(1, min(eighths, round(eighths / 2 + advantage / CHART_LIMIT * eighths / 2)))
             for advantage, _ in columns]
    level_row = rows - 1 - (eighths // 2) // 8 if eighths // 2 % 8 else rows - (eighths // 2) // 8
    lines = ["".join(LEVEL if row == level_row and fill - (rows - 1 - row) * 8 <= 0 else
                     BLOCKS[max(0, min(8, fill - (rows - 1 - row) * 8))] for fill in fills) for row in range(rows)]
    lines.append("".join(MISTAKE if mistake else " " for _, mistake in columns))
    return lines


class CourseChart(Static):
    """The game's course as a text chart (``course_lines``), shown as it is given."""

    def __init__(self, id: str = "course-chart") -> None:
        super().__init__("", id=id, markup=False)
        self.lines: list[str] = []

    def show(self, lines: Sequence[str]) -> None:
        """Show ``lines`` (a chart from ``course_lines``; none: nothing)."""
        self.lines = list(lines)
        self.update("\n".join(self.lines))

    def draw(self, analysis: GameAnalysis, listener: Side, width: int, height: int) -> None:
        """Show the chart of ``analysis`` seen by ``listener`` in ``width`` by ``height`` cells."""
        self.show(course_lines(analysis, listener, width, height))
