"""The interactive line mode through prompt-toolkit's pipe input: completion, history, Ctrl-C, Ctrl-D."""

from __future__ import annotations

import threading

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from speech.voices import RecordingSpeaker
from tests.toguz_tui.conftest import MakeSession, spoken
from toguz_tui.files.settings import Settings
from toguz_tui.line.console import CommandCompleter, Printer, interactive_loop
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.setup import GameSetup


def completions(text: str) -> list[str]:
    found = CommandCompleter().get_completions(Document(text, len(text)), CompleteEvent(completion_requested=True))
    return [completion.text for completion in found]


def test_command_names_complete_from_their_start() -> None:
    assert completions("bo") == ["board"]
    assert "kazans" in completions("k")
    assert completions("verbosity f") == ["full"]
    assert completions("new b") == ["bestemshe", "black"]


class KeepingPrinter(Printer):
    """Keeps the lines instead of printing them."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def show(self, reply: Reply | None, direct: bool = False) -> None:
        if reply is not None and reply.text:
            self.lines.extend(reply.text.splitlines())


def run_prompt(session: GameSession, keys: list[str]) -> list[str]:
    printer = KeepingPrinter()
    printer.follow(session)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        worker = threading.Thread(target=interactive_loop, args=(session, printer, pipe, DummyOutput()))
        worker.start()
        for key in keys:
            pipe.send_text(key)
            worker.join(0.15)
        worker.join(10)
        assert not worker.is_alive(), "the prompt did not end"
    return printer.lines


def test_typed_commands_run_and_ctrl_d_leaves_with_the_game_saved(make_session: MakeSession) -> None:
    session = make_session()
    out = run_prompt(session, ["7\r", "kazans\r", "\x04"])
    assert any(line.startswith("White sows 9 stones from pit 7") for line in out)
    assert "White leads 10 to 0." in out
    assert out[-1] == "Goodbye. Your game is saved and will be offered next time."
    assert session.game.moves == (7,)
    assert spoken(session)[-1] == "White leads 10 to 0."


def test_tab_completes_a_command_before_it_runs(make_session: MakeSession) -> None:
    session = make_session()
    out = run_prompt(session, ["kaz\t", "\r", "quit\r"])
    assert "Tied at 0." in out


def test_ctrl_c_cancels_the_line_being_typed(make_session: MakeSession) -> None:
    session = make_session()
    out = run_prompt(session, ["boar", "\x03", "turn\r", "quit\r"])
    assert "Move 1: White's turn." in out
    assert not any(line.startswith("White's row") for line in out)


EVERY_COMMAND = [
    "7", "play 5", "where 3", "pit 4", "mine", "theirs", "board", "kazans", "tuzdyks", "turn", "moves", "last",
    "history", "compact", "glance", "threats", "chances", "players", "fen", "repeat", "previous", "next", "silence",
    "speech off", "verbosity full", "hint", "analyse", "line", "undo",
    "settings", "set rate 200", "help", "help board", "review", "forward", "back", "end", "start", "goto 1",
    "continue", "save", "new bestemshe human", "resign", "learn", "lessons", "skip", "puzzle", "mistakes",
    "close", "open nowhere.pgn", "recent", "games", "more",
    "clock", "pause", "resume", "sounds off", "seek 15+10", "challenge alice 15+10", "accept", "decline",
    "say hello", "draw", "abort", "watch stop", "tournament join Arena001", "command turn", "account", "account stop",
    "course", "quit",
]


@pytest.mark.slow
def test_every_command_answers_through_the_prompt(make_session: MakeSession) -> None:
    from toguz_tui.commands.table import COMMANDS

    typed = {text.split()[0] for text in EVERY_COMMAND}
    assert all(command.name in typed or command.name == "play" for command in COMMANDS)
    session = make_session()
    out = run_prompt(session, [text + "\r" for text in EVERY_COMMAND])
    assert not any(line.startswith("Unknown command") for line in out)
    assert any(line.startswith("Thinking about a hint.") for line in out)
    assert any(line.startswith("Analysing every move.") for line in out)
    assert any(line.startswith("Looking for the best line.") for line in out)
    assert any(line.startswith("New game of Bestemshe for two players") for line in out)
    assert any(line.startswith("Game saved in the archive as ") for line in out)
    assert not any("went wrong" in line for line in out), "no command may crash into the last guard"
    assert out[-1].startswith("Goodbye.")


def test_ctrl_d_at_a_finished_game_nobody_kept_asks_once(make_session: MakeSession) -> None:
    session = GameSession(Settings(opponent="human"), RecordingSpeaker(), persist=False, watch=False)
    session.start_game(GameSetup.from_settings(session.settings))
    try:
        out = run_prompt(session, ["resign\r", "resign\r", "\x04"])
    finally:
        session.close()
    question = "This finished game is not saved. Type save to keep it, or quit again to leave."
    assert out.count(question) == 1, out
