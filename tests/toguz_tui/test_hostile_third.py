"""Regression tests for the third hostile pass (issue 34): one test per numbered item, named after it
(the online items are in ``tests/toguz_tui/online/test_hostile_third_online.py``, the braille ones and those of the
accounts beside this file).

Each test does what the user did, as the user did it where that is cheap (the installed ``toguz`` with
piped input, the board through Textual's pilot), and asserts what the user sees and what becomes of the
files."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from rules.game import Game
from rules.records import write_records
from speech.words.i18n import set_language
from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, make_app, said, screen_of
from tests.toguz_tui.conftest import MakeSession, environment, toguz_command
from toguz_tui.commands.table import run_line
from toguz_tui.start.first_run import ask_screen_reader

__all__ = ["make_app"]  # the fixture


def toguz(tmp_path: Path, *args: str, lines: str = "", env: dict[str, str] | None = None,
          cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The installed ``toguz`` with private folders and piped input."""
    return subprocess.run([*toguz_command(), *args], input=lines, capture_output=True, text=True, timeout=60,
                          env=env or environment(tmp_path), cwd=cwd)


def answered(typed: str, question: str) -> str:
    """What the player types at ``question``."""
    return typed


def say(session_line: object) -> str:
    assert session_line is not None
    return session_line.text  # type: ignore[attr-defined, no-any-return]


# -- 7: the Kazakh digit row's . and , ------------------------------------------------------------------

@pytest.mark.parametrize("language, layout, digits", [
    ("kk", "auto", False), ("kk", "auto", True), ("kk", "kazakh", True), ("kk", "kazakh-latin", True),
    ("en", "kazakh", True), ("ru", "auto", True), ("ky", "auto", True), ("en", "auto", False),
])
async def test_7_the_full_stop_steps_to_the_next_announcement_in_every_language_and_setting(
        make_app: MakeApp, language: str, layout: str, digits: bool) -> None:
    app = make_app(language=language, keyboard=layout, digit_plays=digits)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")  # a Latin letter: the board, read with the Latin layout active
        await pilot.pause()
        before = len(said(app))
        await pilot.press("comma", "full_stop")
        await pilot.pause()
        assert app.session.game.moves == (), "no pit was played"
        assert screen_of(app).pit_focus[1] == 1, "no pit was looked at"
        assert len(said(app)) > before  # the announcements were stepped through


@pytest.mark.parametrize("layout, letter, other", [("kazakh", "ә", "b"), ("kazakh-latin", "á", "9")])
async def test_7_the_kazakh_digit_row_still_plays_pits_for_a_kazakh_layout_typist(
        make_app: MakeApp, layout: str, letter: str, other: str) -> None:
    app = make_app(language="kk", keyboard=layout, digit_plays=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(letter)  # pit 2, a letter of the Kazakh digit row: the layout is in use
        await pilot.pause()
        await pilot.press("full_stop")  # the 7 key of that row: Black's pit 7, played at once
        await pilot.pause()
        assert app.session.game.moves == (2, 7)
        # a Latin letter (or, as the Kazakh Latin layout types those too, a digit): another layout is in use,
        # and , is previous again
        await pilot.press(other, "comma")
        await pilot.pause()
        assert app.session.game.moves == ((2, 7) if other == "b" else (2, 7, 9))


# -- 9: н at the first-run question ------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "kk", "ky", "ru"])
def test_9_at_the_first_run_question_the_russian_n_is_no_in_every_language(language: str) -> None:
    set_language(language)
    written: list[str] = []
    for typed in ("н", "нет", "Н"):
        assert ask_screen_reader(["Orca"], functools.partial(answered, typed), written.append) is False
    assert ask_screen_reader([], lambda question: "да", written.append) is True
    assert written == []  # each answer understood at once, nothing asked again


# -- 10: TOGUZ_DATA_DIR ------------------------------------------------------------------------------------

def test_10_a_data_folder_under_the_home_folder_is_expanded_not_made_here(tmp_path: Path) -> None:
    home, here = tmp_path / "home", tmp_path / "here"
    home.mkdir()
    here.mkdir()
    env = dict(environment(tmp_path), HOME=str(home), TOGUZ_DATA_DIR="~/toguz-data")
    done = toguz(tmp_path, "--line", "--speech", "off", "--opponent", "human", lines="7\nquit\n", env=env, cwd=here)
    assert done.returncode == 0, done.stderr
    assert (home / "toguz-data" / "current-game.json").is_file()
    assert list(here.iterdir()) == [], "no folder named ~ where toguz started"


@pytest.mark.parametrize("value, words", [
    ("toguz-data", "TOGUZ_DATA_DIR is toguz-data, not a full path: toguz would keep its files in another folder "
                   "whenever it starts in another one. Set it to a full path (such as {home}/toguz), or leave it "
                   "unset."),
    ("   ", "TOGUZ_DATA_DIR is blank: set it to the full path of a folder, or leave it unset."),
], ids=["relative", "blank"])
def test_10_a_relative_or_blank_data_folder_is_refused_in_one_line(tmp_path: Path, value: str, words: str) -> None:
    env = dict(environment(tmp_path), HOME=str(tmp_path), TOGUZ_DATA_DIR=value)
    done = toguz(tmp_path, "--line", "--speech", "off", lines="7\nquit\n", env=env, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == words.format(home=tmp_path) + "\n"
    assert list(tmp_path.iterdir()) == [], "nothing made"


def test_10_a_data_folder_that_is_a_file_says_which_and_why(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("mine")
    done = toguz(tmp_path, "--line", "--speech", "off", lines="quit\n")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"toguz cannot use the folder {blocker}: it is a file, not a folder. Set TOGUZ_DATA_DIR "
                           "to another folder.\n")
    assert blocker.read_text() == "mine"


# -- 11: sounds ----------------------------------------------------------------------------------------------

def test_11_sounds_course_into_a_folder_it_cannot_use_says_so_before_any_analysis(tmp_path: Path) -> None:
    record = tmp_path / "game.pgn"
    game = Game()
    for pit in (7, 3, 9, 1):
        game.play(pit)
    record.write_text(write_records([game]), encoding="utf-8")
    dangling = tmp_path / "gone"
    dangling.symlink_to(tmp_path / "nowhere")
    done = toguz(tmp_path, "sounds", "--course", str(record), "--wav", str(dangling))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"toguz sounds: {dangling} is a link to something that is not there: name a folder\n"
    assert not (tmp_path / "nowhere").exists()
    blocked = tmp_path / "file" / "course"
    (tmp_path / "file").write_text("")
    done = toguz(tmp_path, "sounds", "--course", str(record), "--wav", str(blocked))
    assert done.returncode == 1 and "Analysing" not in done.stderr, done.stderr
    assert done.stderr.startswith(f"toguz sounds: cannot write {blocked / 'course.wav'}: ")


def test_11_sounds_on_without_a_device_never_says_now_on_and_silent_together(make_session: MakeSession) -> None:
    session = make_session()
    text = say(run_line(session, "sounds on"))
    assert text.startswith("Sound is set on, but the cues cannot be heard here: ")
    assert text.endswith("They play once a sound device works.")
    assert "now on" not in text and "stay silent" not in text
    assert session.settings.sounds is True


# -- 12: the smaller ones ------------------------------------------------------------------------------------

def test_12_settings_say_what_they_take_in_the_words_they_are_set_with(make_session: MakeSession) -> None:
    session = make_session()
    assert say(run_line(session, "set braille_cells 0")) == "Braille cells must be from 12 to 80, or auto, not 0."
    assert say(run_line(session, "set braille_cells 5")) == "Braille cells must be from 12 to 80, or auto, not 5."
    assert session.settings.braille_cells == 0
    assert say(run_line(session, "set braille_cells 40")) == "Braille cells is now 40."
    assert say(run_line(session, 'set keyboard ""')).endswith("german, not an empty value.")
    assert say(run_line(session, "set voice ../../etc")) == ("Voice must be a voice's name, such as en, ru or gmw/en "
                                                              "(toguz speech --check lists them), not ../../etc.")
    assert session.settings.voice == ""
    assert say(run_line(session, "set voice gmw/en")) == "Voice is now gmw/en."


def test_12_save_with_an_empty_name_or_to_a_device_says_what_it_is(make_session: MakeSession) -> None:
    session = make_session()
    assert say(run_line(session, 'save ""')).startswith("Save needs: save [FILE]")
    assert say(run_line(session, "save /dev/null")) == ("Could not save to /dev/null: it is not a regular file (a "
                                                        "device, a pipe or a socket).")


def test_12_a_puzzle_number_of_twenty_digits_is_said_to_be_no_puzzle(make_session: MakeSession) -> None:
    session = make_session()
    assert say(run_line(session, "puzzle 99999999999999999999")) == ("There is no puzzle 99999999999999999999: choose "
                                                                     "1 to 800.")


def test_12_resign_then_yes_gives_the_game_up_and_no_plays_on(make_session: MakeSession) -> None:
    session = make_session()
    run_line(session, "resign")
    assert say(run_line(session, "no")) == "You play on."
    assert not session.game.is_over
    run_line(session, "resign")
    assert say(run_line(session, "yes")).startswith("Game over: White resigns.")
    assert session.game.is_over


def test_12_a_win_with_level_kazans_is_not_said_as_0_to_0(make_session: MakeSession) -> None:
    session = make_session(opponent="human")
    run_line(session, "resign")
    text = say(run_line(session, "resign"))
    assert text.startswith("Game over: White resigns. Black wins; the kazans are level at 0 each.")
    assert "0 to 0" not in text


@pytest.mark.parametrize("rate", ["0", "-5", "451"])
def test_12_speech_with_a_rate_out_of_range_writes_nothing(tmp_path: Path, rate: str) -> None:
    done = toguz(tmp_path, "speech", "--wav", str(tmp_path / "said.wav"), f"--rate={rate}", "hello")
    assert done.returncode == 2 and done.stdout == ""
    assert "the rate is a whole number of words a minute from 80 to 450" in done.stderr
    assert not (tmp_path / "said.wav").exists()


def test_12_sounds_into_a_blank_folder_name_or_a_pipe_says_what_it_is(tmp_path: Path) -> None:
    done = toguz(tmp_path, "sounds", "--wav", "", cwd=tmp_path)
    assert done.returncode == 2 and "--wav needs the name of a folder (. for this one)" in done.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == []
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    done = toguz(tmp_path, "sounds", "--wav", str(pipe))
    assert done.returncode == 1
    assert done.stderr == f"toguz sounds: {pipe} is not a folder (it is a device, a pipe or a socket)\n"


@pytest.mark.parametrize("value, shown", [
    ("orca\nFake line: you win", "orca Fake line: you win is running"),
    ("x" * 100_000, "x" * 30 + "... is running"),
], ids=["a line break", "100,000 characters"])
def test_12_a_screen_reader_named_by_the_environment_is_said_on_one_short_line(
        tmp_path: Path, value: str, shown: str) -> None:
    env = dict(environment(tmp_path), TOGUZ_SCREEN_READER=value)
    done = toguz(tmp_path, "--line", "--speech", "off", "--opponent", "human", lines="quit\n", env=env)
    lines = done.stdout.splitlines()
    assert lines[1].startswith(shown), lines
    assert len(lines) == 3 and len(lines[1]) < 200


def test_12_a_bad_token_in_the_environment_names_the_variable(tmp_path: Path) -> None:
    env = dict(environment(tmp_path), TOGUZ_PLAYSTRATEGY_TOKEN="not a token")
    done = toguz(tmp_path, "online", "--line", env=env)
    assert done.returncode == 2
    assert done.stderr.startswith("toguz online: the token in TOGUZ_PLAYSTRATEGY_TOKEN is not a PlayStrategy token")


def test_12_online_login_with_nothing_on_its_input_says_no_token_was_given(tmp_path: Path) -> None:
    env = dict(environment(tmp_path), TOGUZ_PLAYSTRATEGY_TOKEN="")
    done = toguz(tmp_path, "online", "login", env=env)
    assert done.returncode == 2 and done.stderr == "toguz online: no token given.\n"


def test_12_sigint_to_the_piped_line_mode_says_goodbye_and_keeps_the_game(tmp_path: Path) -> None:
    process = subprocess.Popen([*toguz_command(), "--line", "--speech", "off", "--opponent", "human"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=environment(tmp_path))
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("7\n")
    process.stdin.flush()
    while "Black's turn" not in process.stdout.readline():  # the move is made; the input stays open
        pass
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert out.splitlines()[-1] == "Goodbye. Your game is saved and will be offered next time."
    deadline = time.monotonic() + 10
    while not (tmp_path / "data" / "current-game.json").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (tmp_path / "data" / "current-game.json").exists()
