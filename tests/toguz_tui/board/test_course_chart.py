"""The game's course drawn beside the boxed board (issue 30, part 3): as wide and high as asked, half full
when level, rising with the listener's advantage, mirrored for Black, the mistakes marked under their
columns; without colour."""

from __future__ import annotations

import pytest

from rules.engine.game_analysis import GameAnalysis, MoveVerdict
from rules.variant import BLACK, WHITE
from toguz_tui.board.widgets.course_chart import BLOCKS, LEVEL, MISTAKE, CourseChart, course_lines

KEY = "0" * 32


def analysis_of(scores: list[float], mistakes: tuple[int, ...] = ()) -> GameAnalysis:
    """An analysis whose White scores are ``scores`` (one move fewer), mistakes at those plies (from 0)."""
    verdicts = []
    for ply, score in enumerate(scores[:-1]):
        mover = WHITE if ply % 2 == 0 else BLACK
        best = score if mover == WHITE else -score
        verdicts.append(MoveVerdict(mover, 1, 1, best, best - 6.0 if ply in mistakes else best, False, None, 0))
    return GameAnalysis(KEY, len(verdicts), tuple(verdicts), scores[-1])


def rising(moves: int) -> list[float]:
    return [-20.0 + 40.0 * index / moves for index in range(moves + 1)]


def heights(lines: list[str]) -> list[int]:
    """Each column's fill in eighths of a row (the chart's lines, without the line of marks)."""
    return [sum(BLOCKS.index(line[column]) for line in lines[:-1] if line[column] != LEVEL)
            for column in range(len(lines[0]))]


@pytest.mark.parametrize("moves", [0, 1, 3, 30, 250])
@pytest.mark.parametrize(("width", "height"), [(1, 2), (7, 4), (40, 6), (200, 9)])
def test_the_chart_is_as_wide_and_as_high_as_asked(moves: int, width: int, height: int) -> None:
    analysis = analysis_of(rising(moves)) if moves else GameAnalysis(KEY, 0)
    lines = course_lines(analysis, WHITE, width, height)
    assert len(lines) == height and all(len(line) == width for line in lines)
    assert set("".join(lines)) <= set(BLOCKS) | {MISTAKE, LEVEL}


def test_a_level_game_is_flat_at_half_the_height() -> None:
    for height in (5, 6):
        lines = course_lines(analysis_of([0.0] * 31), WHITE, 40, height)
        rows = height - 1
        assert heights(lines) == [rows * 4] * 40
        assert all(len(set(line)) == 1 for line in lines[:-1]), "every row the same across: a flat line"
        assert lines[-1] == " " * 40
    assert course_lines(GameAnalysis(KEY, 0), BLACK, 10, 5) == course_lines(analysis_of([0.0] * 5), WHITE, 10, 5)


def test_a_rising_advantage_rises_and_black_sees_it_mirrored() -> None:
    analysis = analysis_of(rising(30))
    white = heights(course_lines(analysis, WHITE, 60, 6))
    assert white == sorted(white) and white[0] < 10 < 30 < white[-1]
    black = heights(course_lines(analysis, BLACK, 60, 6))
    assert [a + b for a, b in zip(white, black, strict=True)] == [40] * 60
    assert heights(course_lines(analysis_of([0.0, 30.0, 60.0]), WHITE, 4, 3))[-1] == 16, "at the limit: full"
    assert heights(course_lines(analysis_of([0.0, -30.0, -60.0]), WHITE, 4, 3))[-1] == 1, "a lost game: the lowest"


def test_columns_below_the_level_show_the_level_line_as_dots() -> None:
    lines = course_lines(analysis_of([-20.0] * 11), WHITE, 10, 5)  # behind all game: 4 rows, the level above the third
    assert lines[2] == LEVEL * 10 and set(lines[0] + lines[1]) == {" "}
    assert LEVEL not in "".join(course_lines(analysis_of([20.0] * 11), WHITE, 10, 5))


def test_mistakes_are_marked_under_their_columns_once() -> None:
    analysis = analysis_of(rising(30), mistakes=(5, 20))
    assert [i for i, char in enumerate(course_lines(analysis, WHITE, 60, 5)[-1]) if char == MISTAKE] == [10, 40]
    assert [i for i, char in enumerate(course_lines(analysis, BLACK, 15, 5)[-1]) if char == MISTAKE] == [2, 10]
    assert course_lines(analysis, WHITE, 60, 5)[:-1] == course_lines(analysis_of(rising(30)), WHITE, 60, 5)[:-1]


def test_the_widget_shows_the_lines_it_is_given() -> None:
    chart = CourseChart()
    chart.draw(analysis_of(rising(8)), WHITE, 16, 4)
    assert chart.lines == course_lines(analysis_of(rising(8)), WHITE, 16, 4)
    chart.show([])
    assert chart.lines == []
