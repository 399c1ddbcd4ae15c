"""The command table carries what is known of each command, and every way in (a key, a typed command, a
number alone) passes one guard (issue 36, item 1)."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

from rules.move import play_move
from tests.toguz_tui.conftest import MakeSession
from toguz_tui.board.screens.keys import KEYS_LINES, footer_text
from toguz_tui.commands.table import BY_WORD, COMMANDS, run, run_line
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import Reply


def line(session: GameSession, text: str) -> Reply:
    reply = run_line(session, text)
    assert reply is not None
    return reply


def test_a_move_played_here_is_worked_out_by_the_rules_once(make_session: MakeSession) -> None:
    session = make_session()
    entered: list[int] = []

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call" and frame.f_code is play_move.__code__:
            entered.append(frame.f_locals["pit"])

    sys.setprofile(profile)
    try:
        reply = line(session, "7")
    finally:
        sys.setprofile(None)
    assert reply.kind == "move" and session.game.moves == (7,)
    assert entered == [7]


def test_a_number_alone_answers_as_play_n_does_in_a_game_a_lesson_and_a_puzzle(make_session: MakeSession) -> None:
    for opening in ("", "learn", "puzzle 1"):
        alone, typed = make_session(), make_session()
        if opening:
            line(alone, opening)
            line(typed, opening)
        assert line(alone, "3").text == line(typed, "play 3").text
        assert alone.game.moves == typed.game.moves


def test_in_a_lesson_every_command_that_acts_on_a_game_is_refused_typed_and_by_its_key(
        make_session: MakeSession) -> None:
    session = make_session()
    line(session, "learn")
    refusal = "{name} is for games, not lessons or puzzles: type close to go back to your game first."
    acting = [command.name for command in COMMANDS if command.game_only is True]
    assert {"undo", "resign", "save", "new", "open", "seek", "history", "review"} <= set(acting)
    for name in acting:
        said = refusal.format(name=name.capitalize())
        assert line(session, name).text == said
        assert run(session, name).text == said
    assert line(session, "fen").kind == "info", "the position as FEN is a question"
    assert line(session, "fen 9/9 0 0 w").text == refusal.format(name="Fen"), "a FEN given starts a game"
    assert session.game.moves == ()


def test_in_a_puzzle_the_questions_that_would_solve_it_are_refused_and_in_a_lesson_they_are_not(
        make_session: MakeSession) -> None:
    solvers = [command.name for command in COMMANDS if command.solver]
    assert sorted(solvers) == ["chances", "threats"]
    puzzle, lesson = make_session(), make_session()
    line(puzzle, "puzzle 1")
    line(lesson, "learn")
    for name in solvers:
        assert line(puzzle, name).text.startswith("In a puzzle, what each move takes is for you to find")
        assert run(puzzle, name).text.startswith("In a puzzle, what each move takes is for you to find")
        assert line(lesson, name).kind != "error"


def test_set_with_too_few_words_says_how_set_is_typed(make_session: MakeSession) -> None:
    reply = line(make_session(), "set rate")
    assert reply.kind == "error"
    assert reply.text.startswith("Set needs: set NAME VALUE, the NAME one of speech, voice, rate")


def test_the_keys_lines_name_commands_of_the_table_by_their_own_keys_and_fit_80_columns() -> None:
    lines = {shown_in for _name, _key, _word, shown_in in KEYS_LINES}
    assert lines == {"game", "training", "review"}
    for name, key, _word, _line in KEYS_LINES:
        assert name in BY_WORD and BY_WORD[name].name == name, name
        assert key in BY_WORD[name].keys, (name, key)
    for reviewing, training in ((False, False), (True, False), (False, True)):
        for layout in ("latin", "russian", "kazakh"):
            assert len(footer_text(9, reviewing, training, layout)) <= 80


def test_each_dialog_and_navigation_key_is_a_key_of_its_command() -> None:
    dialogs = {command.name for command in COMMANDS if command.dialog}
    assert dialogs == {"new", "save", "open", "settings", "help", "quit", "goto", "resign", "command"}
    for command in COMMANDS:
        assert not command.dialog or command.keys, command.name
        assert not command.navigation or command.navigation in command.keys, command.name
