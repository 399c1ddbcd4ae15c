"""The fourth hostile pass on ``toguz online export`` and ``toguz bot`` (issue 50): what a stream passes over is
bounded and said; lines are split in linear time; ``--mine`` keeps only the accounts read, in one index write,
and says truly what it kept; SIGTERM and SIGHUP stop an export as Ctrl-C does and the bot with its stop line;
``--out -`` writes to the standard output; ``--since`` takes only YYYY-MM-DD; a web page is not a PlayStrategy
answer."""

from __future__ import annotations

import errno
import json
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from rules import Game, read_record_file
from rules.engine.game_analysis import game_key
from rules.movecode import read_move_code
from tests.toguz_tui.conftest import environment, toguz_command
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_export import ArchivedGame, played_codes
from tests.toguz_tui.online.test_bot import BotProcess, bot_server
from tests.toguz_tui.online.test_export import ErrorLines, alices_games, export
from toguz_tui.files import user_files
from toguz_tui.files.kept_accounts import MOST_ACCOUNTS

__all__ = ["bot_server"]

BESTEMSHE = b'{"id":"Bestems9","variant":"bestemshe","status":"variantEnd","moves":"e1a2"}\n'


def host(server: FakePlayStrategy) -> str:
    return server.url.removeprefix("http://")


# -- 7: what is passed over is bounded, and said ------------------------------------------------------------
@pytest.mark.parametrize("flood", [b"{}\n", BESTEMSHE, b"not json at all\n"], ids=["keep-alives", "bestemshe",
                                                                                  "not-json"])
def test_an_endless_stream_of_what_is_passed_over_stops_with_one_line_keeping_the_games(
        tmp_path: Path, server: FakePlayStrategy, flood: bytes) -> None:
    alices_games(server.archive, 4)
    server.archive.hold_after = 2
    server.archive.flood = flood  # after two games, that line without end
    out = tmp_path / "out.pgn"
    process = subprocess.Popen([*toguz_command(), "online", "export", "alice", "--out", str(out), "--server",
                                server.url], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                               env=environment(tmp_path))
    heard = ErrorLines(process)
    try:
        assert process.wait(60) == 1
    finally:
        process.kill()
    last = heard.rest()[-1]
    assert last == (f"toguz online export: {host(server)} sent 1000 lines that hold no game to write, more than an "
                    "export sends, so toguz stopped listening; the 2 games that came are written to "
                    f"{out}."), last
    assert len(read_record_file(out)) == 2


def test_the_progress_says_the_lines_passed_over(tmp_path: Path, server: FakePlayStrategy) -> None:
    alices_games(server.archive, 4)
    server.archive.per_second = 1
    server.archive.hold_after = 2  # then a keep-alive every 0.2 s
    out = tmp_path / "out.pgn"
    process = subprocess.Popen([*toguz_command(), "online", "export", "alice", "--out", str(out), "--server",
                                server.url], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                               env=environment(tmp_path))
    heard = ErrorLines(process)
    try:
        said = heard.until("2 games so far, back to 2024-05-04. ")
        assert re.fullmatch(r"2 games so far, back to 2024-05-04\. \d+ lines without a game to write passed over\.",
                            said), said
        process.send_signal(signal.SIGINT)
        assert process.wait(30) == 130
    finally:
        process.kill()
    assert heard.rest()[-1] == f"Stopped: 2 games kept in {out}."


def test_lines_are_split_in_linear_time(tmp_path: Path) -> None:
    """6 MB of keep-alives in one piece (two million lines): a moment split by index, hours sliced line by line."""
    script = ("from toguz_tui.online.network.answers import lines\n"
              "count = sum(1 for _ in lines(iter([b'{}\\n' * 2_000_000])))\n"
              "print(count)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[3])
    assert done.stdout.strip() == "2000000", done.stderr


def test_an_html_page_answered_with_200_is_not_a_playstrategy_answer(tmp_path: Path,
                                                                     server: FakePlayStrategy) -> None:
    server.archive.users.add("alice")
    server.archive.forged = [b"<!DOCTYPE html>\n", b"<html><head><title>Welcome</title></head>\n",
                             b"<body>Sign in to the hotel's network</body></html>\n"]
    done = export(tmp_path, server, "alice", "--out", str(tmp_path / "out.pgn"))
    assert done.returncode == 1 and done.stderr.splitlines()[-1] == (
        f"toguz online export: {host(server)} answered with something a PlayStrategy server does not send (a web "
        "page?); nothing was written."), done.stderr
    assert not (tmp_path / "out.pgn").exists()


# -- 8: --mine keeps the accounts read, in one index write ----------------------------------------------------
def distinct_games(archive_games: list[ArchivedGame], count: int) -> int:
    """``count`` short resigned games of Alice's, each a game of its own; how many distinct games they are."""
    keys = set()
    for number in range(count):
        codes = played_codes(number, 10 + number % 7)
        archive_games.append(ArchivedGame(f"G{number:07d}", 1_700_000_000_000 - number * 60_000, "Alice", "Bob", codes,
                                          status="resign", winner="p1"))
        game = Game()
        for code in codes:
            game.play(read_move_code(game.position, code))
        keys.add(game_key(game))
    return len(keys)


@pytest.mark.slow
def test_mine_keeps_only_the_accounts_that_are_read_and_says_so(tmp_path: Path, server: FakePlayStrategy) -> None:
    games: list[ArchivedGame] = []
    distinct = distinct_games(games, MOST_ACCOUNTS + 150)
    for game in games:
        server.archive.add(game)
    server.archive.per_second = 100_000
    out = tmp_path / "out.pgn"
    done = export(tmp_path, server, "alice", "--out", str(out), "--mine")
    assert done.returncode == 0, done.stderr
    folder = tmp_path / "data" / "accounts"
    kept = {path.name[:-5] for path in folder.glob("*.json")}
    assert len(kept) == MOST_ACCOUNTS, f"{len(kept)} accounts kept of {distinct} distinct games"
    assert done.stderr.splitlines()[-1] == (
        f"{len(games)} games written to {out}. The newest {MOST_ACCOUNTS} wait for their account (account all "
        f"and mistakes take the newest {MOST_ACCOUNTS}).")
    index = json.loads((folder / "index").read_text())
    assert {row[0] for row in index["entries"]} == kept


def test_a_full_data_folder_is_said_truly(tmp_path: Path, server: FakePlayStrategy,
                                          monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from toguz_tui.online.export import export_command as export_module
    games: list[ArchivedGame] = []
    distinct_games(games, 40)
    for game in games:
        server.archive.add(game)
    server.archive.per_second = 100_000
    monkeypatch.setenv("TOGUZ_DATA_DIR", str(tmp_path / "data"))
    written = user_files.write_atomically  # what kept_accounts writes with
    count = [0]

    def full(path: Path, text: str, *args: object, **how: object) -> None:
        count[0] += 1
        if count[0] > 13:
            raise OSError(errno.ENOSPC, "No space left on device")
        written(path, text)

    monkeypatch.setattr("toguz_tui.files.kept_accounts.write_atomically", full)
    out = tmp_path / "out.pgn"
    code = export_module.main(["alice", "--out", str(out), "--mine", "--server", server.url])
    said = capsys.readouterr().err.splitlines()
    assert code == 0 and len(list((tmp_path / "data" / "accounts").glob("*.json"))) == 13
    assert said[-1] == (f"40 games written to {out}. Only 13 of the 40 wait for their account: the others could not "
                        "be kept (No space left on device)."), said


# -- 15: SIGTERM and SIGHUP ------------------------------------------------------------------------------------
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX's signals")
@pytest.mark.parametrize("number", [signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)], ids=["TERM", "HUP"])
def test_sigterm_and_sighup_keep_the_games_that_came(tmp_path: Path, server: FakePlayStrategy,
                                                    number: signal.Signals) -> None:
    alices_games(server.archive, 6)
    server.archive.per_second = 1
    server.archive.hold_after = 2
    out = tmp_path / "out.pgn"
    process = subprocess.Popen([*toguz_command(), "online", "export", "alice", "--out", str(out), "--server",
                                server.url], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                               env=environment(tmp_path))
    heard = ErrorLines(process)
    assert heard.until("2 games so far") == "2 games so far, back to 2024-05-06."
    process.send_signal(number)
    assert process.wait(30) == 128 + number
    assert heard.rest() == [f"Stopped: 2 games kept in {out}."]
    assert len(read_record_file(out)) == 2


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX's signals")
def test_the_bot_stops_on_sighup_with_its_stop_line(tmp_path: Path, bot_server: FakePlayStrategy) -> None:
    bot = BotProcess(tmp_path, bot_server, "--level", "1")
    bot.hear("toguz bot: listening for challenges as Toguzbot on 127.0.0.1:", "out")
    bot.process.send_signal(signal.SIGHUP)
    assert bot.ended() == 0
    assert bot.rest("err")[-1] == "toguz bot stopped; the games going on stay at the server."


# -- the one-line items -----------------------------------------------------------------------------------------
def test_out_dash_writes_the_records_to_the_standard_output(tmp_path: Path, server: FakePlayStrategy) -> None:
    alices_games(server.archive, 3)
    done = subprocess.run([*toguz_command(), "online", "export", "alice", "--out", "-", "--server", server.url],
                          capture_output=True, text=True, timeout=120, env=environment(tmp_path),
                          stdin=subprocess.DEVNULL, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "-").exists()
    (tmp_path / "read.pgn").write_text(done.stdout, encoding="utf-8")
    assert len(read_record_file(tmp_path / "read.pgn")) == 3
    assert done.stderr.splitlines()[-1] == "3 games written to the standard output."


@pytest.mark.parametrize("day", ["2024-W20-1", "2024-W20", "2024123"])
def test_since_takes_only_year_month_day(tmp_path: Path, server: FakePlayStrategy, day: str) -> None:
    done = export(tmp_path, server, "alice", "--out", str(tmp_path / "out.pgn"), "--since", day)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "--since takes a day written YYYY-MM-DD, from 2000-01-01 to today, such as " in done.stderr
    assert done.stderr.rstrip().endswith(f"not {day} (see toguz online export --help)")


def test_the_stop_signals_are_each_systems_and_put_back_after() -> None:
    from speech.system import use_system
    from speech.system.signals import Stopped, exit_status, stop_signals, stopped_as_ctrl_c

    with use_system("linux"):
        assert signal.SIGTERM in stop_signals() and (not hasattr(signal, "SIGHUP") or signal.SIGHUP in stop_signals())
    with use_system("win32"):
        assert "SIGHUP" not in {number.name for number in stop_signals()}, "Windows has no SIGHUP"
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(KeyboardInterrupt) as stopped, stopped_as_ctrl_c():
        signal.raise_signal(signal.SIGTERM)
    assert isinstance(stopped.value, Stopped) and exit_status(stopped.value) == 128 + signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) == before and exit_status(KeyboardInterrupt()) == 130
