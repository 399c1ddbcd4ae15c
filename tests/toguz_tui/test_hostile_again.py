"""Regression tests for the second hostile pass (issue 28): one test per numbered item, named after it.

Each test does what a user did, as the user did it where that is cheap (the installed ``toguz`` with
piped input), else through the session, the command table or the module the user's command runs,
and asserts what the user sees and what becomes of the files.
"""

from __future__ import annotations

import codecs
import os
import resource
import subprocess
import threading
from pathlib import Path

import pytest

from speech.words.announce import Announcer, Perspective
from tests.toguz_tui.conftest import MakeSession, environment, toguz_command
from toguz_tui.commands.table import run_line
from toguz_tui.training.coach import LessonCoach, PuzzleCoach
from toguz_tui.training.lessons import load_lessons
from toguz_tui.training.progress import load_progress
from toguz_tui.training.puzzles import load_puzzles


def toguz(tmp_path: Path, *args: str, lines: str = "", timeout: float = 60,
          env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The installed ``toguz`` with private folders and piped input."""
    return subprocess.run([*toguz_command(), *args], input=lines, capture_output=True, text=True,
                          timeout=timeout, env=env or environment(tmp_path))


def puzzle_coach(player: str) -> tuple[PuzzleCoach, Announcer]:
    """``toguz puzzles --player NAME`` as it starts: the progress read once, then kept by its coach."""
    coach = PuzzleCoach(load_puzzles(), load_progress()[0], player, 0)
    return coach, Announcer(Perspective(you=coach.side, trainer=True), "normal")


def test_1_two_copies_of_puzzles_keep_both_players_and_learn_keeps_its_step(tmp_path: Path) -> None:
    alice, alice_words = puzzle_coach("Alice")
    bob, bob_words = puzzle_coach("Bob")  # started before Alice answered: Bob's copy has no Alice
    lessons = LessonCoach(load_lessons(), load_progress()[0])
    lessons.open(2)
    alice.answer(alice_words, alice.puzzle.answer)
    lessons.answer(Announcer(Perspective(you=lessons.side, trainer=True), "normal"), lessons.step.answer[0])
    wrong = next(pit for pit in bob.puzzle.position.legal_moves() if pit != bob.puzzle.answer)
    bob.answer(bob_words, wrong)
    saved = load_progress()[0]
    assert (saved.players["Alice"].solved, saved.players["Alice"].rating) == (1, alice.score.rating)
    assert saved.players["Bob"].tried == 1 and saved.players["Bob"].solved == 0
    assert (saved.lesson, saved.step) == (lessons.lesson.key, 1)  # the lessons' step survived Bob's save


@pytest.mark.parametrize("seed", ["-5", "9223372036854775808"])
def test_4_an_out_of_range_seed_is_refused_at_once_and_no_game_is_lost(tmp_path: Path, seed: str) -> None:
    first = toguz(tmp_path, "play", "--line", "--speech", "off", "--opponent", "human", "--seed", seed,
                  lines="7\nquit\n")
    assert first.returncode == 2 and first.stdout == ""
    assert first.stderr.splitlines()[-1].endswith("--seed: the seed is a whole number from 0 to 9223372036854775807")
    again = toguz(tmp_path, "play", "--line", "--speech", "off", "--opponent", "human", lines="quit\n")
    assert "broken" not in again.stdout + again.stderr
    assert not list(tmp_path.rglob("*broken*"))


def test_5_save_replace_or_append_refuses_a_read_only_record_and_new_records_follow_the_umask(
        tmp_path: Path, make_session: MakeSession) -> None:
    session = make_session()
    run_line(session, "7")
    kept = tmp_path / "kept.pgn"
    run_line(session, f"save {kept}")
    before = kept.read_text()
    kept.chmod(0o444)
    for mode in ("replace", "append"):
        reply = run_line(session, f"save {kept} {mode}")
        assert reply is not None and reply.text == "Could not save to kept.pgn: it is read-only; toguz changes it " \
                                                   "only when you make it writable."
        assert kept.read_text() == before and kept.stat().st_mode & 0o777 == 0o444
    mask = os.umask(0o022)
    try:
        run_line(session, f"save {tmp_path / 'new.pgn'}")
    finally:
        os.umask(mask)
    assert (tmp_path / "new.pgn").stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("term", ["xterm-256color", "", "vt52"])
def test_6_the_board_started_without_a_terminal_starts_the_line_mode_and_ends(tmp_path: Path, term: str) -> None:
    env = dict(environment(tmp_path), TERM=term)
    piped = toguz(tmp_path, "--speech", "off", "--opponent", "human", lines="7\nquit\n", timeout=30, env=env)
    assert piped.returncode == 0 and "\x1b" not in piped.stdout
    assert piped.stdout.startswith("toguz is not in a terminal (its input or output is a pipe or a file), so it "
                                   "starts in the line mode.\n")
    assert "White sows 9 stones from pit 7" in piped.stdout
    with open(os.devnull) as nothing:
        empty = subprocess.run([*toguz_command(), "--speech", "off"], stdin=nothing, capture_output=True, text=True,
                               timeout=30, env=env)
    assert empty.returncode == 0 and "\x1b" not in empty.stdout and "line mode" in empty.stdout


def test_7_a_pasted_3_mb_line_is_refused_with_its_length_and_changes_nothing(tmp_path: Path) -> None:
    done = toguz(tmp_path, "play", "--line", "--speech", "off", "--opponent", "human",
                 lines="7" * 3_000_000 + "\n" + "7" * 4000 + "\nboard\nquit\n", timeout=60)
    lines = done.stdout.splitlines()
    assert lines[1] == "That line is 3000000 characters long; toguz reads lines of up to 4096. Nothing was done."
    assert lines[2] == "Pit 777777777777... does not exist: choose 1 to 9."
    assert lines[3].startswith("White's row from pit 1: 9 9 9, 9 9 9, 9 9 9.")


def _a_bounded_heap() -> None:
    """In the child: at most 600 MB of heap, so that a read without bound fails fast instead of eating the machine."""
    resource.setrlimit(resource.RLIMIT_DATA, (600 << 20, 600 << 20))


def test_10_input_without_a_newline_is_read_in_bounded_pieces_and_ends(tmp_path: Path) -> None:
    with open("/dev/zero") as zeros:
        done = subprocess.run([*toguz_command(), "play", "--line", "--speech", "off", "--opponent", "human"],
                              stdin=zeros, capture_output=True, text=True, timeout=120, env=environment(tmp_path),
                              preexec_fn=_a_bounded_heap)
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[1].startswith("That line is 671") and lines[1].endswith(" characters long; toguz reads lines of up "
                                                                          "to 4096. Nothing was done.")
    assert lines[2].startswith("Goodbye.")


def test_21_the_line_history_is_for_the_users_eyes_only(tmp_path: Path) -> None:
    from toguz_tui.line.console import typed_history

    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "line-history").write_text("+chat my secret\n")
    (tmp_path / "data" / "line-history").chmod(0o644)
    typed_history(None)
    assert (tmp_path / "data" / "line-history").stat().st_mode & 0o777 == 0o600
    (tmp_path / "data" / "line-history").unlink()
    history = typed_history(None)
    assert (tmp_path / "data" / "line-history").stat().st_mode & 0o777 == 0o600
    history.store_string("7" * 5000)  # a paste gone wrong is not kept to be read back at every start
    history.store_string("+chat hello")
    assert "7777" not in (tmp_path / "data" / "line-history").read_text()
    assert "+chat hello" in (tmp_path / "data" / "line-history").read_text()


def test_11_a_flood_of_events_keeps_the_log_bounded_and_says_in_one_line_how_many_were_dropped(
        make_session: MakeSession, capsys: pytest.CaptureFixture[str]) -> None:
    from toguz_tui.line.console import Printer

    session = make_session()
    printer = Printer()
    printer.follow(session)
    capsys.readouterr()
    printer.hold()  # a command runs while a server floods the game with events
    flood = threading.Thread(target=lambda: [session.output.answer(f"event {number}", interrupt=False)
                                             for number in range(1, 5001)])
    flood.start()
    flood.join()
    printer.release()
    lines = capsys.readouterr().out.splitlines()
    stream = session.output.stream
    assert len(stream) >= 5000 and len(stream.said) <= 1100
    assert lines[0].endswith(" earlier announcements were dropped: too many came at once.")
    first = 5001 - len(lines[1:])
    assert lines[1:] == [f"event {number}" for number in range(first, 5001)] and len(lines) < 1200
    assert int(lines[0].split()[0]) > 3000
    moved = run_line(session, "7")
    assert moved is not None and moved.kind == "move" and stream.since(len(stream) - 1) == [moved]


def test_18_board_after_the_game_is_over_says_the_result_not_whose_turn(make_session: MakeSession) -> None:
    session = make_session()
    run_line(session, "fen 10S,10S,10S,10S,10S,10S,10S,10S,1S/8,1S 80 0 S 1")  # White's last stone wins
    ended = run_line(session, "9")
    assert ended is not None and "White wins 82 to 0." in ended.text
    board = run_line(session, "board")
    assert board is not None and "turn" not in board.text
    assert board.text.endswith("White wins 82 to 0.") and "Game over" in board.text


def test_15_a_number_of_thousands_of_digits_in_our_files_is_said_in_plain_words(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "data").mkdir()
    huge = "9" * 5000
    (tmp_path / "config" / "settings.toml").write_text(f"rate = {huge}\n")
    (tmp_path / "data" / "training.json").write_text(f'{{"version": 1, "step": {huge}}}')
    (tmp_path / "data" / "current-game.json").write_text(f'{{"version": 1, "seed": {huge}}}')
    done = toguz(tmp_path, "learn", "--line", "--speech", "off", lines="quit\n")
    said = done.stdout + done.stderr
    assert "set_int_max_str_digits" not in said and "Exceeds the limit" not in said
    assert said.count("a number in it is thousands of digits long") == 3  # settings, training, the saved game
    assert len(list((tmp_path / "data").glob("*.broken-*"))) == 2 and list((tmp_path / "config").glob("*.broken-*"))


def test_8_a_record_under_the_size_limit_with_a_huge_line_or_too_many_games_is_refused_early(
        make_session: MakeSession, tmp_path: Path) -> None:
    session = make_session()
    one_line = tmp_path / "one-line.pgn"
    one_line.write_text('[Event "one line"]\n\n' + " ".join(["76 76"] * 2000) + "\n")
    reply = run_line(session, f"open {one_line}")
    assert reply is not None and reply.text == ("Could not open one-line.pgn: line 3: the line is 11999 characters "
                                                "long; a record's lines are at most 10000.")
    minimal = tmp_path / "minimal.pgn"
    minimal.write_text('[Result "*"]\n*\n\n' * 20_001)
    reply = run_line(session, f"open {minimal}")
    assert reply is not None and reply.text == ("Could not open minimal.pgn: it holds more than 20000 games, the "
                                                "most toguz opens in one file: split it.")
    long_game = tmp_path / "long-game.pgn"
    long_game.write_text('[Event "long"]\n\n' + ("76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76 76\n" * 2000))
    reply = run_line(session, f"open {long_game}")
    assert reply is not None and reply.text.startswith("Could not open long-game.pgn: game 1")
    assert reply.text.endswith("the game is 114016 characters long; a game is at most 100000.")
    assert run_line(session, "quit") is not None


def test_17_a_record_over_the_limit_is_refused_at_once_and_nothing_else_is_said(
        make_session: MakeSession, tmp_path: Path) -> None:
    session = make_session()
    huge = tmp_path / "huge.pgn"
    with huge.open("wb") as sparse:
        sparse.truncate(70 * 1024 * 1024)
    start = len(session.output.stream)
    reply = run_line(session, f"open {huge}")
    session.opponents.wait(30)
    refusal = "Could not open huge.pgn: it is 70 MB; toguz reads files of up to 64 MB."
    assert reply is not None and reply.text == refusal
    assert [said.text for said in session.output.stream.since(start)] == [refusal]


@pytest.mark.parametrize(("encoding", "language"), [("latin-1", "ru"), ("koi8-r", "kk")])
def test_13_kazakh_or_russian_on_a_terminal_that_cannot_show_them_plays_and_says_so_once(
        tmp_path: Path, encoding: str, language: str) -> None:
    env = dict(environment(tmp_path), PYTHONIOENCODING=encoding)
    done = subprocess.run([*toguz_command(), "--language", language, "--line", "--speech", "off", "--opponent",
                           "human"], input=b"7\nquit\n", capture_output=True, timeout=60, env=env)
    assert done.returncode == 0 and b"UnicodeEncodeError" not in done.stdout + done.stderr
    out = done.stdout.decode(encoding).splitlines()
    assert out[0].startswith(f"This terminal's encoding ({codecs.lookup(encoding).name}) cannot show every letter")
    assert sum("cannot show every letter" in line for line in out) == 1
    assert "?" in out[1] and "9" in out[2] and len(out) >= 4  # the game went on: the move was played


@pytest.mark.parametrize("name", [b"\x01\x02", b"\xff\xfe", b"A" * 61])
def test_19_a_puzzle_player_name_that_would_be_merged_or_cut_is_refused_in_words(tmp_path: Path, name: bytes) -> None:
    done = subprocess.run([*toguz_command(), "puzzles", "--line", "--speech", "off", "--player", name],
                          input=b"quit\n", capture_output=True, timeout=60, env=environment(tmp_path))
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().splitlines()[-1] == (
        "toguz puzzles: error: argument --player: a player's name is up to 60 letters, digits, spaces and signs, "
        "without control characters")
    assert not (tmp_path / "data" / "training.json").exists()


@pytest.mark.parametrize("variable", ["TOGUZ_DATA_DIR", "TOGUZ_CONFIG_DIR"])
def test_14_a_300_character_folder_name_is_one_plain_line_naming_it(tmp_path: Path, variable: str) -> None:
    env = dict(environment(tmp_path), **{variable: str(tmp_path / ("x" * 300))})
    done = toguz(tmp_path, "--line", "--speech", "off", lines="quit\n", env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "went wrong" not in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"toguz cannot use the folder {tmp_path}/xxx")
    assert done.stderr.endswith(f"...: File name too long. Set {variable} to another folder.\n")


def test_20_clock_0_is_refused_warnings_are_refused_for_their_true_reason_and_black_to_move_is_said(
        tmp_path: Path) -> None:
    flag = toguz(tmp_path, "--line", "--speech", "off", "--clock", "0")
    assert flag.returncode == 2 and flag.stderr.splitlines()[-1].endswith("or none; not 0")
    done = toguz(tmp_path, "--line", "--speech", "off", "--opponent", "human", lines=(
        "set clock 0\nnew clock 0\nset clock_warnings 9m 8m 7m 6m 5m 4m 3m 2m 1m\nset clock_warnings 0.5s\n"
        "fen 9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 N 1\nquit\n"))
    lines = done.stdout.splitlines()
    assert lines[1] == ("A clock is minutes and an increment in seconds, such as 20, 15+10 or 5+3 (minutes from 0.1 "
                        "to 600), or none; not 0.")
    assert lines[2] == "A clock is from 0.1 to 600 minutes with an increment of at most 600 seconds, not 0."
    assert lines[3] == "Clock warnings are at most 8 times, not 9."
    assert lines[4] == "A clock warning is from 1 second to 600 minutes, not 0.5s."
    assert lines[5].startswith("The unfinished game was kept") or lines[5].startswith("New game")
    assert "Black moves first. Move 1: Black's turn." in lines[5] and "White moves first" not in lines[5]
    assert "no clock" not in done.stdout
