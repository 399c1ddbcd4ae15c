"""What ``toguz online`` says and refuses before anything reaches a server: addresses that would carry the
token in clear, a token kept for one server never given to another, time controls PlayStrategy would
refuse, a failed connection, the commands before any game, and the goodbye (issue 26, items 2, 10, 13,
16, and issue 28's seek 7.99 and logout)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules import Side
from speech.system.machine import FakeMachine
from tests.toguz_tui.conftest import environment, toguz_command
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.test_online_play import Player
from toguz_tui.cli import play_parser
from toguz_tui.commands.table import run, run_line
from toguz_tui.online.main import online_session, parser
from toguz_tui.online.network import token_store
from toguz_tui.online.network.client import Client, OnlineError, server_address
from toguz_tui.start.launch import build_session
from toguz_tui.start.start_options import StartOptions


def online(tmp_path: Path, *args: str, given: str | None = None, env: dict[str, str] | None = None
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*toguz_command(), "online", *args], input=given, capture_output=True, text=True,
                          timeout=60, env=env or {**environment(tmp_path), token_store.ENVIRONMENT: ""})


def test_plain_http_to_another_machine_is_refused_before_the_token_goes_anywhere(tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text("a-token-of-mine-1234\n")
    done = online(tmp_path, "--line", "--server", "http://playstrategy.example", "--token-file", str(token))
    assert done.returncode == 2
    assert done.stderr.strip() == ("toguz online: http://playstrategy.example is plain http to another machine, where "
                                   "your token would travel unencrypted: use https.")
    with pytest.raises(OnlineError):
        Client("a-token-of-mine-1234", "http://10.0.0.7:8080")
    assert server_address("http://127.0.0.1:9000/") == "http://127.0.0.1:9000"
    assert server_address("http://[::1]:9000") == "http://[::1]:9000"
    assert server_address("https://playstrategy.org/") == "https://playstrategy.org"


@pytest.mark.parametrize("url, words", [
    ("http://[::1", "'http://[::1' is not a web address"),
    ("ftp://playstrategy.org", "'ftp://playstrategy.org' is not an http or https address"),
    ("playstrategy.org", "'playstrategy.org' is not an http or https address"),
])
def test_a_server_address_that_is_not_one_is_said_plainly(tmp_path: Path, url: str, words: str) -> None:
    done = online(tmp_path, "--line", "--server", url)
    assert done.returncode == 2
    assert done.stderr.strip() == f"toguz online: {words}."
    assert "Traceback" not in done.stderr and "went wrong" not in done.stderr


def test_an_unknown_speech_backend_is_refused_with_the_choices(tmp_path: Path) -> None:
    done = online(tmp_path, "--line", "--speech", "banana")
    assert done.returncode == 2
    assert "banana" in done.stderr and "espeak" in done.stderr and "went wrong" not in done.stderr


@pytest.mark.slow
def test_a_token_kept_for_one_server_is_never_sent_to_another(tmp_path: Path, server: FakePlayStrategy) -> None:
    env = {**environment(tmp_path), token_store.ENVIRONMENT: ""}
    kept = online(tmp_path, "login", "--server", server.url, given=server.token + "\n", env=env)
    assert kept.returncode == 0, kept.stderr
    other = FakePlayStrategy(token=server.token).start()
    try:
        done = online(tmp_path, "--line", "--server", other.url, given="quit\n", env=env)
        assert done.returncode == 0 and f"Not logged in to {server_address(other.url)}: " in done.stdout
        assert other.requests == [], "the other server heard nothing, and no token"
        mine = online(tmp_path, "--line", "--server", server.url, given="quit\n", env=env)
        assert mine.returncode == 0 and "Connected to PlayStrategy as me." in mine.stdout
    finally:
        other.stop()
    assert token_store.load(tmp_path / "config", server=server_address(server.url)) == server.token
    assert token_store.load(tmp_path / "config") is None, "nothing kept for playstrategy.org"


def test_a_failed_connection_is_one_plain_sentence_and_exit_status_1(tmp_path: Path, server: FakePlayStrategy) -> None:
    token = tmp_path / "token"
    token.write_text("not-the-right-token\n")
    done = online(tmp_path, "--line", "--speech", "off", "--server", server.url, "--token-file", str(token),
                  given="seek 15+10\n")
    assert done.returncode == 1
    assert done.stderr.strip() == ("Could not connect to PlayStrategy: the server does not know this token (No such "
                                   "token): make a new one with the scope board:play and run toguz online login.")
    assert not [request for request in server.requests if request[1] == "/api/board/seek"], "nothing sent after it"


def test_an_unreachable_server_is_said_without_python_words(tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text("a-token-of-mine-1234\n")
    done = online(tmp_path, "--line", "--speech", "off", "--server", "http://127.0.0.1:9", "--token-file", str(token))
    assert done.returncode == 1
    assert done.stderr.strip() == ("Could not connect to PlayStrategy: could not reach 127.0.0.1:9: check the network "
                                   "and the address.")


@pytest.mark.slow
def test_time_controls_the_server_refuses_are_refused_here_with_the_values_it_takes(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    allowed = ("PlayStrategy takes whole minutes from 2 to 180 (or 0.25, 0.5, 0.75, 1 and 1.5) and an increment of 0 "
               "to 180 seconds; board players then play Rapid or slower only: minutes times 60 plus 40 times the "
               "increment at least 480 seconds (such as 10, 15+10, 8+2 or 0.5+12). {typed} is not one of them.")
    for typed in ("7.5+1", "200", "20+200", "7.99"):
        player.type(f"seek {typed}")
        assert player.hear("PlayStrategy takes") == allowed.format(typed=typed)
    player.type("seek 5+3")
    player.hear("PlayStrategy lets board players play Rapid or slower")
    player.type("challenge alice 7.5+1")
    assert player.hear("PlayStrategy takes") == allowed.format(typed="7.5+1")
    sent = [request[1] for request in server.requests]
    assert "/api/board/seek" not in sent and not any(path.startswith("/api/challenge") for path in sent)
    player.quit()


@pytest.mark.slow
def test_before_any_game_the_board_is_not_a_game_against_the_computer_and_the_goodbye_is_plain(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    for command in ("board", "c", "hint", "turn"):
        player.type(command)
        assert player.hear("No online game") == ("No online game is going on: type seek 15+10 to find an opponent, "
                                                 "challenge NAME 15+10 to challenge someone, or wait for a challenge.")
    player.type("quit")
    assert player.hear("Goodbye") == "Goodbye."
    code, errors = player.quit()
    assert code == 0 and errors == ""
    assert not any("computer" in line for line in player.seen)


def test_a_number_alone_before_any_game_is_answered_as_play_n_and_the_boards_enter_are(
        server: FakePlayStrategy, private_dirs: Path) -> None:
    session, connection = online_session(server.token, parser().parse_args(["--server", server.url, "--speech", "off"]))
    try:
        replies = [run_line(session, "7"), run_line(session, "play 7"), run(session, "play", (Side.WHITE, 7))]
        assert [reply.text if reply is not None else None for reply in replies] == ["No online game is going on."] * 3
        assert session.game.moves == ()
    finally:
        connection.close()


def test_the_sound_cues_problem_is_said_at_the_start_as_toguz_says_it(
        server: FakePlayStrategy, private_dirs: Path, machine: FakeMachine, monkeypatch: pytest.MonkeyPatch) -> None:
    machine.has_sound_device = True  # some audio output: the voice's line would not say what the cues lack
    monkeypatch.setitem(sys.modules, "miniaudio", None)  # import miniaudio now raises ImportError
    problem = "Sound cues are off: the miniaudio package is not installed (pip install miniaudio)."
    local = build_session(StartOptions.parsed(play_parser().parse_args(["--line", "--speech", "off", "--opponent",
                                                                        "human"])))
    try:
        assert problem in local.output.stream.texts
    finally:
        local.close()
    session, connection = online_session(server.token, parser().parse_args(["--server", server.url, "--speech", "off"]))
    try:
        said = session.output.stream.texts
        assert said[0] == problem, said  # first, as toguz says it, then the connection's words
        assert said[1].startswith("Connected to PlayStrategy as "), said
    finally:
        connection.close()
        session.close()


def test_logout_says_what_it_could_not_remove_and_that_an_environment_token_still_works(
        tmp_path: Path) -> None:
    config = tmp_path / "config"
    (config / "playstrategy-token").mkdir(parents=True)
    done = online(tmp_path, "logout")
    assert done.returncode == 1
    assert done.stderr.strip() == (f"toguz online: {config / 'playstrategy-token'} is a folder, not a token file: "
                                   "remove it yourself.")
    (config / "playstrategy-token").rmdir()
    done = online(tmp_path, "logout", env={**environment(tmp_path), token_store.ENVIRONMENT: "lip_abcdef123456"})
    assert done.returncode == 0
    assert done.stdout.splitlines() == [
        "There was no token to forget.",
        "The token in TOGUZ_PLAYSTRATEGY_TOKEN is still used while it is set: remove it from your environment too."]


def test_a_linked_token_file_readable_by_others_is_refused(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    target = tmp_path / "elsewhere"
    target.write_text("lip_abcdef123456\n")
    target.chmod(0o644)
    (config / "playstrategy-token").symlink_to(target)
    with pytest.raises(token_store.TokenProblem) as caught:
        token_store.load(config)
    assert "can be read by others" in str(caught.value)


def test_an_odd_clock_from_a_server_is_said_in_seconds_not_in_fractions_of_a_minute() -> None:
    from rules.clock import TimeControl
    from speech.words.phrases import time_control

    assert time_control(TimeControl(1.0)) == "1 second each"
    assert time_control(TimeControl(479.0, 10.0)) == "479 seconds each plus 10 seconds a move"
    assert time_control(TimeControl(30.0, 12.0)) == "0.5 minutes each plus 12 seconds a move"


@pytest.mark.slow
def test_a_token_that_cannot_be_kept_is_said_with_the_file_not_blamed_on_playstrategy(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    name = token_store.token_file(tmp_path / "config", server_address(server.url)).name
    (tmp_path / "config" / name).mkdir(parents=True)  # a folder where the token file goes
    done = online(tmp_path, "login", "--server", server.url, given=server.token + "\n")
    assert done.returncode == 1
    assert done.stderr.startswith(f"toguz online: the token could not be kept in {tmp_path / 'config' / name}: ")
    assert "PlayStrategy:" not in done.stderr


def test_login_reading_endless_input_without_a_newline_ends_at_once(tmp_path: Path) -> None:
    """Issue 28, item 10: ``online login < /dev/zero`` read a line without end until memory ran out."""
    with open("/dev/zero", "rb") as endless:
        done = subprocess.run([*toguz_command(), "online", "login"], stdin=endless, capture_output=True, text=True,
                              timeout=60, env={**environment(tmp_path), token_store.ENVIRONMENT: ""})
    assert done.returncode == 2
    assert done.stderr.strip() == ("toguz online: that is not a PlayStrategy token (a line of letters, digits and "
                                   "signs).")
