"""Each command of the table through the line-mode parser, asserting what is shown and spoken."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import pytest

from rules import BLACK, WHITE
from rules.engine import Engine
from tests.needs import SHARED_DATA, need_shared_data
from tests.toguz_tui.conftest import Heard, MakeSession, recorder, reviewing, spoken
from toguz_tui.commands.table import COMMANDS, run, run_line
from toguz_tui.keyboards.board_keys import key_label
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import Reply


def line(session: GameSession, text: str) -> Reply:
    reply = run_line(session, text)
    assert reply is not None
    return reply


def test_a_bare_number_plays_that_pit_and_is_announced(make_session: MakeSession) -> None:
    session = make_session()
    reply = line(session, "7")
    assert reply.kind == "move"
    assert "pit 7" in reply.text and "captures 10" in reply.text
    assert spoken(session)[-1] == reply.text
    assert session.game.moves == (7,)


def test_play_with_a_word_plays_too(make_session: MakeSession) -> None:
    session = make_session()
    line(session, "play 3")
    assert session.game.moves == (3,)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("0", "Pit 0 does not exist: choose 1 to 9."),
        ("10", "Pit 10 does not exist: choose 1 to 9."),
        ("foo", "Unknown command: foo; type help."),
        ("play", "Play needs: play N, or just N."),
        ("where", "Where needs: where N, or where their N."),
        ("goto 3", "No review is open"),
        ("forward", "No review is open"),
        ("new chess", "New does not know chess"),
        ("set rate 999", "Rate must be from 80 to 450, not 999."),
        ("set colour green", "Colour must be one of white, black, not green"),
        ("set nonsense 1", "Unknown setting: nonsense"),
        ("verbosity loud", "Verbosity must be one of brief, normal, full, not loud"),
        ("speech maybe", "Speech needs: speech on, or speech off."),
        ("open /no/such/file.pgn", "Could not open file.pgn: no such file"),
        ("undo", "There is no move to take back."),
        ("help frobnicate", "Unknown command: frobnicate; type help."),
    ],
)
def test_bad_input_gets_one_clear_message_and_changes_nothing(make_session: MakeSession, typed: str,
                                                               expected: str) -> None:
    session = make_session()
    before = session.game.position
    reply = line(session, typed)
    assert reply.kind == "error"
    assert expected in reply.text
    assert "\n" not in reply.text
    assert spoken(session)[-1] == reply.text
    assert session.game.position == before


def test_an_empty_pit_is_refused_with_its_owner_named(make_session: MakeSession) -> None:
    session = make_session()
    line(session, "7")  # White captures Black's pit 6
    reply = line(session, "6")
    assert reply.text == "Black's pit 6 is empty."
    assert session.game.moves == (7,)


def test_no_move_is_taken_while_it_is_the_computers_turn(make_session: MakeSession) -> None:
    thinking = threading.Event()
    release = threading.Event()

    class SlowEngine(Engine):
        """The engine, holding its move until the test releases it."""

        def choose(self, *args: Any, **options: Any) -> Any:
            thinking.set()
            release.wait(10)
            return super().choose(*args, **options)

    session = make_session(opponent="computer", colour="black", engines=SlowEngine)
    assert thinking.wait(10), "the computer, as White, is thinking"
    reply = line(session, "1")
    assert reply.kind == "error" and reply.text == "Wait: it is the computer's turn."
    assert session.game.moves == ()
    heard = Heard(session)
    release.set()
    session.opponents.wait()
    assert len(session.game.moves) == 1, "only the computer's move was played"
    said = [reply.text for reply in heard if reply.text != "The computer is thinking."]  # said after a second held
    assert said[0].startswith("The computer sows")


def test_queries_answer_about_the_position(make_session: MakeSession) -> None:
    session = make_session()
    line(session, "7")
    assert line(session, "kazans").text == "White leads 10 to 0."
    assert line(session, "mine").text.startswith("Black's row from pit 1: 10 10 10, 10 10 0, 9 9 9.")
    assert line(session, "theirs").text.startswith("White's row from pit 1: 9 9 9, 9 9 9, 1 10 10.")
    assert line(session, "board").text.startswith(
        "White's row from pit 1: 9 9 9, 9 9 9, 1 10 10. Black's: 10 10 10, 10 10 0, 9 9 9. White leads 10 to 0.")
    assert line(session, "pit 6").text == "Black's pit 6: empty."
    assert line(session, "pit their 7").text == "White's pit 7: 1 stone."
    assert line(session, "tuzdyks").text == "No tuzdyks yet."
    assert line(session, "turn").text == "Move 1: Black's turn."
    assert line(session, "moves").text == "Black can play pits 1, 2, 3, 4, 5, 7, 8 and 9."
    assert "pit 7" in line(session, "last").text
    assert line(session, "history").text == "Moves so far. 1: pit 7 to 6."
    assert line(session, "where 5").text.startswith("Pit 5: 10 stones")
    assert line(session, "fen").text == session.game.position.fen()


def test_repeat_previous_and_next_walk_the_announcements(make_session: MakeSession) -> None:
    session = make_session()
    move = line(session, "7").text
    score = line(session, "kazans").text
    assert line(session, "repeat").text == score
    assert line(session, "previous").text == move
    assert line(session, "next").text == score
    assert spoken(session)[-1] == score


def test_silence_stops_the_voice_and_says_nothing(make_session: MakeSession) -> None:
    session = make_session()
    stops = recorder(session).stops
    reply = line(session, "silence")
    assert recorder(session).stops == stops + 1
    assert reply.speech == ""


def test_verbosity_changes_what_a_move_says(make_session: MakeSession) -> None:
    session = make_session()
    assert line(session, "verbosity brief").text == "Verbosity is now brief."
    assert line(session, "7").text == "White 7 to Black 6, now 10, take 10.\n10 to 0. Black's turn."  # braille lines


def test_settings_are_listed_changed_and_kept_in_the_file(make_session: MakeSession, private_dirs: Path) -> None:
    session = make_session()
    assert "speech rate 180" in line(session, "settings").text
    assert line(session, "set rate 220").text == "Speech rate is now 220."
    assert 'rate = 220' in (private_dirs / "config" / "settings.toml").read_text()
    assert recorder(session).rate == 220


def test_undo_against_the_computer_goes_back_to_the_players_turn(make_session: MakeSession) -> None:
    session = make_session(opponent="computer")
    line(session, "7")
    session.opponents.wait()
    played = session.game.moves
    assert len(played) == 2
    reply = line(session, "undo")
    assert reply.text.startswith("Took back the last 2 moves.")
    assert session.game.moves == ()


def test_undo_in_a_two_player_game_takes_back_one_move(make_session: MakeSession) -> None:
    session = make_session()
    line(session, "7")
    line(session, "1")
    assert line(session, "undo").text.startswith("Took back the last move.")
    assert session.game.moves == (7,)


def test_a_hint_names_a_legal_pit_with_its_preview(make_session: MakeSession) -> None:
    session = make_session()
    assert line(session, "hint").text == "Thinking about a hint."
    session.opponents.wait()
    hint = session.output.stream.said[-1].text
    assert hint.startswith("Hint: play pit ")
    pit = int(hint.split()[3].rstrip("."))
    assert pit in session.game.legal_moves()
    assert spoken(session)[-1] == hint


def test_new_game_takes_variant_opponent_level_and_colour(make_session: MakeSession) -> None:
    session = make_session()
    reply = line(session, "new bestemshe computer level 2 black")
    assert reply.text.startswith("New game of Bestemshe: you play Black against the computer at level 2.")
    assert session.setup.human is BLACK and session.setup.level == 2
    session.opponents.wait()
    assert session.game.variant.pits == 5 and len(session.game.moves) == 1
    line(session, "new kozdatu human")
    assert session.setup.human is None and session.game.variant.pits == 7
    line(session, "new black computer")
    assert session.setup.human is BLACK and session.game.variant.pits == 7
    assert line(session, "new level 9").text == "Level 9 does not exist: choose 1 to 8."


def test_a_game_can_start_from_a_fen(make_session: MakeSession) -> None:
    session = make_session()
    fen = "9S,9S,9S,9S,1,10S,10S,10S,10S/9S,9S,9S,9S,9S,1S,10S,10S,10S 10 0 N 1"
    line(session, f"fen {fen}")
    assert session.game.position.fen() == fen
    assert line(session, "fen 9S,9S/9S 0 0 S 1").kind == "error"


def test_save_writes_a_record_that_open_reads_back_for_review(make_session: MakeSession, tmp_path: Path) -> None:
    session = make_session()
    for pit in ("7", "1", "3"):
        line(session, pit)
    target = tmp_path / "mine.pgn"
    assert line(session, f"save {target}").text == f"Game saved to {target.name}."
    assert "1. 76 " in target.read_text()
    reply = line(session, f"open {target}")
    assert reply.text.startswith("Reviewing White against Black, 2 moves")
    assert line(session, "forward").text.startswith("White sows 9 stones from pit 7")
    assert line(session, "end").text.startswith("After move 2, White, of 2.")
    assert line(session, "forward").text == "That is the last move."
    assert line(session, "goto 1").text.startswith("After move 1, Black, of 2.")
    assert line(session, "back").text.startswith("After move 1, White, of 2.")
    assert line(session, "kazans").text == "White leads 10 to 0."
    assert line(session, "start").text.startswith("Start of the game, 2 moves to go.")
    assert line(session, "kazans").text == "Tied at 0."
    assert line(session, "close").text.startswith("Review closed")
    assert session.game.moves == (7, 1, 3)


def test_save_in_playok_style_marks_captures(make_session: MakeSession, tmp_path: Path) -> None:
    session = make_session()
    line(session, "7")
    target = tmp_path / "p.pgn"
    line(session, f"save {target} playok")
    assert "76(10)" in target.read_text()


def test_a_broken_record_is_refused_with_the_line_and_reason(make_session: MakeSession, tmp_path: Path) -> None:
    session = make_session()
    broken = tmp_path / "broken.pgn"
    broken.write_text('[White "a"]\n[Black "b"]\n\n1. 76 99 2. 11x\n')
    reply = line(session, f"open {broken}")
    assert reply.kind == "error"
    assert reply.text.startswith(f"Could not open {broken.name}: game 1 (")
    assert "line 4" in reply.text and "'99'" in reply.text
    assert reviewing(session) is None


def test_continue_plays_on_from_a_reviewed_position(make_session: MakeSession, tmp_path: Path) -> None:
    session = make_session()
    line(session, "7")
    line(session, "review")
    line(session, "forward")
    line(session, "continue")
    assert reviewing(session) is None
    assert session.game.position.pit(BLACK, 6) == 0 and session.game.moves == ()


def test_a_real_master_game_opens_for_review_with_each_move_spoken(make_session: MakeSession) -> None:
    need_shared_data()
    session = make_session()
    reply = line(session, f"open {SHARED_DATA / 'kazakh-masters-742.pgn'} 1")
    assert reply.text.startswith("Game 1 of 742. Reviewing ")
    first = line(session, "forward")
    assert first.kind == "move" and "sows 9 stones from pit 7" in first.text
    assert spoken(session)[-1] == first.text
    assert line(session, "forward").text.startswith("Black sows")  # the names are said once, at the opening


def test_resigning_ends_the_game_and_keeps_the_record(make_session: MakeSession, private_dirs: Path) -> None:
    session = make_session(opponent="computer")
    asked = line(session, "resign")
    assert asked.text == "Give up this game? Type resign again to resign, anything else to play on."
    assert not session.game.is_over
    reply = line(session, "resign")
    assert reply.kind == "end"
    assert session.game.outcome is not None and session.game.outcome.winner is BLACK
    kept = list((private_dirs / "data" / "games").glob("*.pgn"))
    assert len(kept) == 1 and '[Result "0-1"]' in kept[0].read_text()
    assert line(session, "1").text.startswith("The game is over")


def test_quit_says_goodbye_and_asks_nothing_when_the_game_is_kept(make_session: MakeSession,
                                                                  private_dirs: Path) -> None:
    session = make_session()
    line(session, "7")
    reply = line(session, "quit")
    assert reply.quit and reply.text == "Goodbye. Your game is saved and will be offered next time."
    assert (private_dirs / "data" / "current-game.json").exists()


def test_help_all_lists_every_command_on_a_line_with_its_keys(make_session: MakeSession) -> None:
    session = make_session()
    lines = line(session, "help all").text.splitlines()
    for command in COMMANDS:
        mine = [text for text in lines if text.startswith(f"{command.usage}: {command.help}")]
        assert len(mine) == 1, command.name
        for key in command.keys:
            assert key_label(key) in mine[0].rsplit("keys ", 1)[-1], (command.name, key)
    assert line(session, "help where").text.startswith("where N, or where their N: where the last stone")


def test_no_two_commands_share_a_word_or_a_key() -> None:
    words = [word for command in COMMANDS for word in command.words]
    assert len(words) == len(set(words))
    keys = [key for command in COMMANDS for key in command.keys]
    assert len(keys) == len(set(keys))


def test_a_key_runs_its_command_with_the_focused_pit(make_session: MakeSession) -> None:
    session = make_session()
    reply = run(session, "where", focus=(WHITE, 7))
    assert reply.text.startswith("Pit 7: 9 stones")
    assert run(session, "play", focus=(WHITE, 7)).kind == "move"


def test_the_guides_table_gives_every_command_its_keys() -> None:
    from tests.needs import REPO

    guide = (REPO / "docs" / "playing.md").read_text(encoding="utf-8")
    rows = [[cell.strip() for cell in re.split(r"(?<!\\)\|", row.strip().strip("|"))]
            for row in guide.splitlines() if row.startswith("| `")]
    for command in COMMANDS:
        row = [cells for cells in rows if re.match(rf"`{re.escape(command.name)}[` ]", cells[0])]
        assert len(row) == 1, command.name
        documented = set(re.findall(r"`([^`]+)`", row[0][2]))
        assert {key_label(key) for key in command.keys} <= documented, (command.name, documented)


def test_a_fault_inside_a_command_is_one_line_and_a_log_entry(make_session: MakeSession, private_dirs: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    session = make_session()

    def broken(position: object, outcome: object = None) -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr(session.output.announcer, "board", broken)
    reply = line(session, "board")
    assert reply.kind == "error"
    assert reply.text.startswith("Sorry, that went wrong inside toguz (RuntimeError: boom); your game is unharmed.")
    assert "RuntimeError: boom" in (private_dirs / "data" / "errors.log").read_text()
    assert line(session, "7").kind == "move"


def test_the_computers_reply_is_queued_after_the_players_move_not_cut_off(make_session: MakeSession) -> None:
    session = make_session(opponent="computer")
    speaker = recorder(session)
    stops = speaker.stops
    line(session, "7")
    session.opponents.wait()
    assert spoken(session)[-1].startswith("The computer sows")
    assert spoken(session)[-2].startswith("You sow 9 stones from pit 7")
    assert speaker.stops == stops + 1  # only the player's own move interrupted


def test_a_move_that_cannot_be_saved_is_still_played_and_the_problem_said(
    make_session: MakeSession, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from toguz_tui.files import storage

    def full_disk(saved: object) -> None:
        raise OSError(28, "No space left on device")

    session = make_session()
    monkeypatch.setattr(storage, "save_current", full_disk)
    reply = line(session, "7")
    assert reply.kind == "move" and session.game.moves == (7,)
    assert reply.text.endswith("Your game could not be saved: No space left on device.")


def test_a_computer_that_breaks_is_reported_in_words(make_session: MakeSession, private_dirs: Path) -> None:
    class BrokenEngine(Engine):
        """The engine, failing on every move."""

        def choose(self, *args: Any, **options: Any) -> Any:
            raise RuntimeError("search exploded")

    session = make_session(opponent="computer", engines=BrokenEngine)
    line(session, "7")
    session.opponents.wait()
    events = session.output.stream.said
    assert events[-1].text == ("The computer could not think of a move: RuntimeError: search exploded. "
                               "Type undo or new to go on.")
    assert "search exploded" in (private_dirs / "data" / "errors.log").read_text()
