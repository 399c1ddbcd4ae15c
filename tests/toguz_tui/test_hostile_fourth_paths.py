"""Regression tests for the fourth hostile pass (issue 50): item 5, a path beginning ``~nosuchuser/`` at every
place a user gives a path, and the one-line items of the paths and folders (``games -1``, a data folder that
is a link to nothing, ``TOGUZ_DATA_DIR=/proc/self``).

Each test runs the installed ``toguz`` as the user does, with piped input, in a throwaway home, and asserts
what the user sees and that nothing was made or changed."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from speech.user_path import UnknownUser, user_path
from tests.needs import need_program
from tests.toguz_tui.conftest import environment, toguz_command

NOBODY = "~nosuchuser"  # no such account on any machine the tests run on
SAID = "no user called nosuchuser"


def toguz(tmp_path: Path, *args: str, lines: str = "", **variables: str) -> subprocess.CompletedProcess[str]:
    """The installed ``toguz`` with a throwaway home and private folders (``variables`` added), started in
    ``tmp_path/here`` with piped input."""
    env = environment(tmp_path)
    env.update(HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "d"), XDG_CONFIG_HOME=str(tmp_path / "c"),
               XDG_STATE_HOME=str(tmp_path / "s"), **variables)
    for folder in ("home", "here"):
        (tmp_path / folder).mkdir(exist_ok=True)
    return subprocess.run([*toguz_command(), *args], input=lines, capture_output=True, text=True, timeout=60,
                          env=env, cwd=tmp_path / "here")


def plainly_refused(done: subprocess.CompletedProcess[str], tmp_path: Path) -> str:
    """Everything ``toguz`` said, after checking it named the missing user, with no fault and nothing made."""
    said = done.stdout + done.stderr
    assert SAID in said, said
    assert "Traceback" not in said and "went wrong" not in said and "RuntimeError" not in said, said
    assert not (tmp_path / "here" / NOBODY).exists()  # no folder called ~nosuchuser where toguz started
    return said


# -- 5: ~nosuchuser/ wherever a path is given -------------------------------------------------------------

def test_5_the_helper_expands_the_home_and_names_a_user_that_is_not_there(monkeypatch: pytest.MonkeyPatch,
                                                                           tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert user_path("~/x.wav") == tmp_path / "x.wav"
    assert user_path("plain/name") == Path("plain/name")
    with pytest.raises(UnknownUser) as raised:
        user_path(NOBODY + "/d")
    assert str(raised.value) == SAID and raised.value.name == "nosuchuser"
    with pytest.raises(UnknownUser):
        user_path("~no\0body/d")  # a name the system cannot even look up


@pytest.mark.parametrize("variable", ["TOGUZ_DATA_DIR", "TOGUZ_CONFIG_DIR"])
def test_5_a_folder_setting_of_a_user_that_is_not_there_is_one_line(tmp_path: Path, variable: str) -> None:
    done = toguz(tmp_path, "--line", lines="quit\n", **{variable: NOBODY + "/toguz"})
    said = plainly_refused(done, tmp_path)
    assert done.returncode == 2
    assert variable in done.stderr and len(done.stderr.strip().splitlines()) == 1, said


def test_5_save_open_and_games_in_the_line_mode_name_the_missing_user(tmp_path: Path) -> None:
    done = toguz(tmp_path, "--line", lines=f"save {NOBODY}/game.pgn\nopen {NOBODY}/game.pgn\n"
                                            f"games {NOBODY}/game.pgn\nquit\n")
    said = plainly_refused(done, tmp_path)
    assert f"Could not save to {NOBODY}/game.pgn: {SAID}." in said
    assert said.count(f"Could not open {NOBODY}/game.pgn: {SAID}") == 2


def test_5_open_at_the_start_names_the_missing_user(tmp_path: Path) -> None:
    done = toguz(tmp_path, "--line", "--open", f"{NOBODY}/game.pgn", lines="quit\n")
    said = plainly_refused(done, tmp_path)
    assert f"Could not open {NOBODY}/game.pgn: {SAID}" in said and done.returncode == 0


@pytest.mark.parametrize("args", [
    ("online", "export", "alice", "--out", f"{NOBODY}/games.pgn"),
    ("online", "--token-file", f"{NOBODY}/token"),
    ("online", "login", "--token-file", f"{NOBODY}/token"),
    ("bot", "--token-file", f"{NOBODY}/token"),
    ("sounds", "--wav", f"{NOBODY}/cues"),
    ("speech", "--wav", f"{NOBODY}/said.wav", "hello"),
], ids=["export --out", "online --token-file", "login --token-file", "bot --token-file", "sounds --wav",
        "speech --wav"])
def test_5_a_path_option_of_a_user_that_is_not_there_is_one_line_and_nothing_is_asked(
        tmp_path: Path, args: tuple[str, ...]) -> None:
    done = toguz(tmp_path, *args, TOGUZ_PLAYSTRATEGY_TOKEN="")
    said = plainly_refused(done, tmp_path)
    assert done.returncode == 2, said
    assert len(done.stderr.strip().splitlines()) == 1, said
    assert "Asking" not in said and "Connecting" not in said  # nothing was asked of a server


def test_5_sounds_course_record_of_a_user_that_is_not_there_is_one_line(tmp_path: Path) -> None:
    done = toguz(tmp_path, "sounds", "--course", f"{NOBODY}/game.pgn", "--wav", "cues")
    plainly_refused(done, tmp_path)
    assert done.returncode == 2 and not (tmp_path / "here" / "cues").exists()


def test_5_speech_wav_writes_into_the_home_a_tilde_names(tmp_path: Path) -> None:
    need_program("espeak-ng")
    done = toguz(tmp_path, "speech", "--speech", "espeak-ng", "--wav", "~/said.wav", "hello")
    assert done.returncode == 0, done.stderr
    written = tmp_path / "home" / "said.wav"
    assert written.is_file() and written.stat().st_size > 44
    assert str(written) in done.stdout
    assert not (tmp_path / "here" / "~").exists()


# -- the one-line items ------------------------------------------------------------------------------------

@pytest.mark.parametrize("word", ["-1", "+2", "1.5", "-0"])
def test_games_with_a_negative_or_malformed_number_says_it_is_no_game_number(tmp_path: Path, word: str) -> None:
    done = toguz(tmp_path, "--line", lines=f"games {word}\nquit\n")
    said = done.stdout + done.stderr
    assert f"{word} is not a game number" in said, said
    assert "no such file" not in said


def test_games_with_a_file_named_like_a_number_still_lists_that_file(tmp_path: Path) -> None:
    (tmp_path / "here").mkdir()
    (tmp_path / "here" / "-1").write_text("1. 1 9 *\n", encoding="utf-8")
    done = toguz(tmp_path, "--line", lines="games -1\nquit\n")
    assert "1 game in -1" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("where", ["setting", "default"])
def test_a_data_folder_that_is_a_link_to_nothing_is_said_with_its_reason(tmp_path: Path, where: str) -> None:
    nothing = tmp_path / "gone"
    if where == "setting":
        (tmp_path / "link").symlink_to(nothing)
        variables = {"TOGUZ_DATA_DIR": str(tmp_path / "link")}
    else:  # the folder platformdirs names, no setting
        (tmp_path / "d").mkdir()
        (tmp_path / "d" / "toguz").symlink_to(nothing)
        variables = {"TOGUZ_DATA_DIR": ""}
    done = toguz(tmp_path, "--line", lines="1\nquit\n", **variables)
    said = done.stdout + done.stderr
    assert "a link to" in said and str(nothing) in said and "not there" in said, said
    assert "File exists" not in said and "Traceback" not in said
    assert not nothing.exists()


def test_a_data_folder_where_no_file_can_be_made_is_not_said_to_be_open_in_another_toguz(tmp_path: Path) -> None:
    if not Path("/proc/self/status").is_file():
        pytest.skip("this system has no /proc")
    done = toguz(tmp_path, "--line", lines="1\nquit\n", TOGUZ_DATA_DIR="/proc/self")
    said = done.stdout + done.stderr
    assert "another toguz" not in said, said
    assert "toguz cannot use the folder /proc/self" in said and "no file can be made in it" in said, said
    assert done.returncode == 2 and "Traceback" not in said
