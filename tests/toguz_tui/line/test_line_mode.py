"""The whole program in line mode: as a subprocess with piped input, and through prompt-toolkit."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.needs import SHARED_DATA, need_shared_data
from tests.toguz_tui.conftest import environment, toguz_command


def toguz(tmp_path: Path, *args: str, lines: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*toguz_command(), *args], input=lines, capture_output=True, text=True,
                          timeout=timeout, env=environment(tmp_path))


def test_the_example_of_the_issue_prints_only_announcements_and_answers(tmp_path: Path) -> None:
    result = toguz(tmp_path, "play", "--line", "--opponent", "human", "--speech", "off",
                   lines="7\nboard\nquit\n")
    assert result.returncode == 0
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "New game of Toguz Kumalak for two players; White moves first. Move 1: White's turn."
    assert lines[1].startswith("White sows 9 stones from pit 7; the last stone falls into Black's pit 6")
    assert lines[2].startswith("White's row from pit 1: 9 9 9, 9 9 9, 1 10 10. Black's: 10 10 10, 10 10 0, 9 9 9.")
    assert lines[3] == "Goodbye. Your game is saved and will be offered next time."
    assert len(lines) == 4
    assert "\x1b" not in result.stdout


def test_a_hot_seat_game_is_played_and_resumed_at_the_next_start(tmp_path: Path) -> None:
    first = toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off", lines="7\n5\n")
    assert "Black sows 10 stones from pit 5" in first.stdout
    again = toguz(tmp_path, "--line", "--speech", "off", lines="history\n")
    assert again.stdout.splitlines()[0].startswith("Resuming your game from ")
    assert "Moves so far. 1: pit 7 to 6, then pit 5 to 5." in again.stdout


def test_every_kind_of_bad_input_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    result = toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off",
                   lines="0\n10\nfoo\n7\n6\nset rate fast\nopen nowhere.pgn\n\nhistory\n")
    out = result.stdout.splitlines()
    assert "Pit 0 does not exist: choose 1 to 9." in out
    assert "Pit 10 does not exist: choose 1 to 9." in out
    assert "Unknown command: foo; type help." in out
    assert "Black's pit 6 is empty." in out
    assert "Rate must be a number, not fast." in out
    assert any(line.startswith("Could not open nowhere.pgn: no such file") for line in out)
    assert out[-2] == "Moves so far. 1: pit 7 to 6."
    assert result.stderr == ""


@pytest.mark.slow
def test_a_full_game_against_the_computer_reaches_its_end(tmp_path: Path) -> None:
    tries = "".join(f"{pit}\n" for _ in range(120) for pit in (9, 8, 7, 6, 5, 4, 3, 2, 1))
    result = toguz(tmp_path, "--line", "--level", "1", "--seed", "3", "--speech", "off", "--new",
                   "--verbosity", "brief", lines=tries + "quit\n", timeout=300)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "The game is kept in" in out
    kept = list((tmp_path / "data" / "games").glob("*.pgn"))
    assert len(kept) == 1
    record = kept[0].read_text()
    assert '[Result "' in record and '[Black "toguz level 1"]' in record
    assert not (tmp_path / "data" / "current-game.json").exists()


def test_a_real_playok_game_is_reviewed_from_the_command_line(tmp_path: Path) -> None:
    need_shared_data()
    result = toguz(tmp_path, "--line", "--speech", "off", "--open", str(SHARED_DATA / "playok-2398.pgn"),
                   lines="forward\nforward\nkazans\nend\nturn\nclose\n")
    out = result.stdout.splitlines()
    assert any(line.startswith("Game 1 of 2398. Reviewing abeke93 (White) against maks95 (Black)") for line in out)
    assert any("sows 9 stones from pit 8" in line for line in out)
    assert "Tied at 10." in out
    assert not any(line.startswith("abeke93 sows") for line in out), "the names are said once, not every move"
    assert "After move 46, Black, of 46. Game over: no moves are left. Black wins 132 to 30." in out


def test_a_killed_game_is_restored_exactly(tmp_path: Path) -> None:
    process = subprocess.Popen([*toguz_command(), "--line", "--opponent", "human", "--speech", "off"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                               env=environment(tmp_path), start_new_session=True)
    assert process.stdin is not None and process.stdout is not None
    for pit in ("7", "5", "3"):
        process.stdin.write(pit + "\n")
    process.stdin.flush()
    saved = tmp_path / "data" / "current-game.json"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if saved.exists() and json.loads(saved.read_text())["moves"] == [7, 5, 3]:
            break
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    assert json.loads(saved.read_text())["moves"] == [7, 5, 3]
    result = toguz(tmp_path, "--line", "--speech", "off", lines="history\nfen\n")
    assert "Moves so far. 1: pit 7 to 6, then pit 5 to 5. 2: pit 3 to 3." in result.stdout
    from rules import Game

    game = Game()
    for move in (7, 5, 3):
        game.play(move)
    assert game.position.fen() in result.stdout.splitlines()


def test_starting_a_new_game_keeps_the_unfinished_one_in_the_archive(tmp_path: Path) -> None:
    toguz(tmp_path, "--line", "--opponent", "human", "--speech", "off", lines="7\n")
    result = toguz(tmp_path, "--line", "--new", "--opponent", "human", "--speech", "off", lines="")
    assert "The unfinished game was kept in" in result.stdout
    kept = list((tmp_path / "data" / "games").glob("*.pgn"))
    assert len(kept) == 1 and "1. 76" in kept[0].read_text()


def test_a_broken_settings_file_is_reported_in_one_line_and_defaults_are_used(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.toml").write_text("rate = [broken\n")
    result = toguz(tmp_path, "--line", "--speech", "off", lines="")
    first = result.stdout.splitlines()[0]
    assert first.startswith("The settings file settings.toml could not be read (")
    assert first.endswith("and the defaults are used.")
    kept = list((tmp_path / "config").glob("settings.broken-*.toml"))
    assert len(kept) == 1 and kept[0].read_text() == "rate = [broken\n", "the user's file is kept as it was"
    assert result.returncode == 0 and "Traceback" not in result.stdout + result.stderr


def test_a_broken_saved_game_is_kept_aside_and_a_new_game_starts(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "current-game.json").write_text("{not json")
    result = toguz(tmp_path, "--line", "--speech", "off", lines="")
    assert "is broken: not JSON" in result.stdout
    kept = list((tmp_path / "data").glob("current-game.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "{not json"
    assert f"It was moved aside as {kept[0].name}, so nothing is lost." in result.stdout
    assert "New game of Toguz Kumalak" in result.stdout


def test_help_explains_every_option(tmp_path: Path) -> None:
    for args in (["--help"], ["play", "--help"]):
        text = toguz(tmp_path, *args).stdout
        for option in ("--line", "--variant", "--opponent", "--level", "--colour", "--speech",
                       "--verbosity", "--open", "--fen", "--seed", "--new"):
            assert option in text


def test_a_bad_option_is_one_message_not_a_traceback(tmp_path: Path) -> None:
    result = toguz(tmp_path, "--level", "12")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr and "Traceback" not in result.stderr
