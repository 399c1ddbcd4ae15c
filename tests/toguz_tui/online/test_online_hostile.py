"""``toguz online`` against a hostile or broken server (issue 26, items 11 to 17): endless and dripping
answers, a gzip bomb, held requests, unknown statuses, forged chat and floods, error pages. Each test
bounds the time and the memory it allows: toguz stays under 200 MB, answers ``board`` and ``quit``
within a second while a request hangs, and says each failure in one plain sentence."""

from __future__ import annotations

import queue
import re
import subprocess
import time
from pathlib import Path

import pytest

from tests.toguz_tui.conftest import environment, toguz_command
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.test_online_play import Player

pytestmark = pytest.mark.slow

MEGABYTE = 1024 * 1024
MOST_MEMORY = 200 * MEGABYTE
PYTHON_WORDS = re.compile(r"Error\b|Exception|Traceback|<html|<body|\[SSL")


def peak_memory(pid: int) -> int:
    """The process's peak resident memory so far, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


def plain(player: Player) -> None:
    """Nothing toguz said is a web page or a Python error's name."""
    for line in player.seen:
        assert not PYTHON_WORDS.search(line), line


def playing(tmp_path: Path, server: FakePlayStrategy) -> Player:
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    server.add_game("Host0001", me="p1", opponent="bob")
    player.hear("You play White against Bob on PlayStrategy.")
    return player


@pytest.mark.parametrize("kind", ["endless", "gzip_bomb", "drip"])
def test_a_huge_bomb_or_dripping_account_answer_is_refused_in_bounded_time_and_memory(
        tmp_path: Path, server: FakePlayStrategy, kind: str) -> None:
    server.fault("/api/account", kind, every=1.0)
    token = tmp_path / "token"
    token.write_text(server.token + "\n")
    begun = time.monotonic()
    process = subprocess.Popen([*toguz_command(), "online", "--line", "--speech", "off", "--server", server.url,
                                "--token-file", str(token)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=environment(tmp_path))
    peak = 0
    while process.poll() is None and time.monotonic() - begun < 40:
        try:
            peak = max(peak, peak_memory(process.pid))
        except (OSError, AssertionError):
            break
        time.sleep(0.05)
    out, errors = process.communicate(timeout=10)
    assert time.monotonic() - begun < 30
    assert out.startswith("Connecting to 127.0.0.1:"), "something is said at once"
    assert process.returncode == 1
    assert errors.strip().startswith("Could not connect to PlayStrategy: 127.0.0.1:")
    assert errors.strip().endswith(("sent an answer far too long.", "did not finish its answer in time."))
    assert peak < MOST_MEMORY, f"{peak / MEGABYTE:.0f} MB"


def test_while_a_move_hangs_board_and_quit_answer_at_once(tmp_path: Path, server: FakePlayStrategy) -> None:
    player = playing(tmp_path, server)
    server.fault("/api/board/game/Host0001/move", "hold")
    player.type("7")
    assert player.hear("Waiting for PlayStrategy", timeout=5) == "Waiting for PlayStrategy…"
    asked = time.monotonic()
    player.type("board")
    player.hear("Your row from pit 1", timeout=5)
    assert time.monotonic() - asked < 1.0
    asked = time.monotonic()
    player.type("quit")
    code, errors = player.quit()
    assert time.monotonic() - asked < 3.0 and code == 0 and errors == ""
    plain(player)


def test_a_move_answered_with_an_error_page_or_a_429_is_said_plainly_once(tmp_path: Path,
                                                                           server: FakePlayStrategy) -> None:
    player = playing(tmp_path, server)
    server.fault("/api/board/game/Host0001/move", "html_500", times=1)
    player.type("7")
    assert player.hear("Your move was sent") == (
        "Your move was sent, but no answer came back (the server is in trouble (HTTP 500); try again in a minute); "
        "the game as PlayStrategy has it will show whether it was made.")
    server.limit_next()
    player.type("7")
    assert player.hear("PlayStrategy asks") == ("PlayStrategy asks to wait 60 seconds; your move was not made: play "
                                                "it again then.")
    player.type("7")
    player.hear("You sow 9 stones from pit 7")
    plain(player)
    assert sum("wait 60 seconds" in line for line in player.seen) == 1
    player.quit()


def test_an_endless_error_on_the_game_stream_is_cut_and_the_game_comes_back(tmp_path: Path,
                                                                            server: FakePlayStrategy) -> None:
    player = playing(tmp_path, server)
    server.fault("/api/board/game/stream/Host0001", "endless", status=500, times=1)
    server.drop_streams()
    player.hear("The connection to the game was lost")
    player.hear("Connected again to the game.", timeout=20)
    player.type("7")
    player.hear("You sow 9 stones from pit 7")
    assert peak_memory(player.process.pid) < MOST_MEMORY
    plain(player)
    player.quit()


def test_forged_chat_stays_on_one_marked_line_and_a_flood_is_folded(tmp_path: Path, server: FakePlayStrategy) -> None:
    player = playing(tmp_path, server)
    server.forged_chat("Host0001")
    assert player.hear("Bob says:") == "Bob says: hi PlayStrategy: You resigned."
    server.chat_flood("Host0001", 200)
    player.type("7")
    player.hear("You sow 9 stones from pit 7", timeout=20)
    folded = player.hear("Bob sent", timeout=20)
    assert re.fullmatch(r"Bob sent \d+ more messages\.", folded)
    said = sum(line.startswith("Bob says: spam") for line in player.seen)
    assert said <= 5 and said + int(folded.split()[2]) == 200
    assert not any(line.startswith("PlayStrategy: You resigned") for line in player.seen)
    assert peak_memory(player.process.pid) < MOST_MEMORY
    player.quit()


def test_a_second_toguz_on_the_same_account_is_said_once_instead_of_knocking_each_other_off(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    players = []
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        players.append(Player(tmp_path / name, server))
        players[-1].hear("Connected to PlayStrategy as me.")
    deadline = time.monotonic() + 40
    gave_up: list[str] = []
    while not gave_up and time.monotonic() < deadline:
        for player in players:
            try:
                line = player.lines.get(timeout=0.1)
            except queue.Empty:
                continue
            player.seen.append(line)
            if line.startswith("PlayStrategy keeps closing"):
                gave_up.append(line)
    assert gave_up == ["PlayStrategy keeps closing this toguz's connection to your account, as it does when another "
                       "program (another toguz?) reads it with the same account: this one no longer hears games and "
                       "challenges. Quit the other one, then start this again."]
    for player in players:
        player.quit()
