"""``toguz online export NAME --out FILE`` as a player meets it: run as a command against the stand-in's export
(``standin_export.py``), its progress and its last line read on the error output, the file it writes opened with
``toguz --open`` in the line mode, ``account`` and ``mistakes`` on a game of it; every refusal in one line; an
existing file never replaced without a yes; Ctrl-C keeping the games that came."""

from __future__ import annotations

import os
import queue
import re
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

import pytest

from rules import read_record_file
from tests.toguz_tui.conftest import environment, toguz_command
from tests.toguz_tui.line.line_player import LinePlayer
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_export import REAL_GAME_ID, GameArchive

DAYS = [f"2024-05-{day:02d}" for day in range(1, 31)]


def export(tmp_path: Path, server: FakePlayStrategy, *args: str) -> subprocess.CompletedProcess[str]:
    """``toguz online export ARGS --server URL``, run to its end."""
    return subprocess.run([*toguz_command(), "online", "export", *args, "--server", server.url], capture_output=True,
                          text=True, timeout=120, env=environment(tmp_path), stdin=subprocess.DEVNULL)


def alices_games(archive: GameArchive, count: int) -> None:
    """The real game FgWSk5be and ``count`` - 1 games of random moves, Alice's, a day apart: some to their end
    on the board, some resigned, one against the site's computer, one by correspondence."""
    archive.add_real(day="2024-06-10")
    for number in range(1, count):
        how: dict[str, object] = {} if number % 3 else {"plies": 20 + number}
        if number == 4:
            how.update(clock=None, days=3)
        opponent = 2 if number == 5 else "Bob"
        white, black = ("Alice", opponent) if number % 2 else (opponent, "Alice")
        archive.add_played(f"Game{number:04d}", DAYS[number], white, black, seed=number, **how)
    archive.add_played("Bestems1", "2024-05-20", "Alice", "Bob", seed=99, variant="bestemshe")  # filtered out
    archive.add_played("CarolBob", "2024-05-21", "Carol", "Bob", seed=98)  # not Alice's


@pytest.mark.slow
def test_a_players_games_come_back_as_a_record_file_that_toguz_reviews(tmp_path: Path,
                                                                      server: FakePlayStrategy) -> None:
    archive = server.archive
    alices_games(archive, 8)
    archive.per_second = 3  # 8 games in some 2.7 s: a progress line comes on the way
    done = export(tmp_path, server, "alice", "--out", str(tmp_path / "alice.pgn"), "--mine")
    lines = done.stderr.splitlines()
    assert done.returncode == 0, done.stderr
    assert lines[0] == f"Asking 127.0.0.1:{server.url.rsplit(':', 1)[1]} for alice's togyzkumalak games…"
    assert any(re.fullmatch(r"\d games so far, back to 2024-05-0\d\.", line) for line in lines), lines
    assert lines[-1] == f"8 games written to {tmp_path / 'alice.pgn'}."
    assert done.stdout == "" and "Traceback" not in done.stderr
    asked = archive.asked[0]
    assert asked["authorization"] is None, "no token is sent: the export is anonymous"
    assert asked["accept"] == "application/x-ndjson"
    assert asked["query"] == {"perfType": "togyzkumalak", "moves": "true", "max": "20001"}
    records = read_record_file(tmp_path / "alice.pgn")
    assert [record.tags["Site"].rsplit("/", 1)[1] for record in records] == \
        [REAL_GAME_ID] + [f"Game{number:04d}" for number in range(7, 0, -1)], "newest first"
    real = records[0]
    assert (real.tags["White"], real.tags["Black"], real.tags["Date"], real.result) == ("Alice", "Bob", "2024.06.10",
                                                                                       "1-0")
    assert real.game.position.kazans == (82, 43) and len(real.moves) == 75
    assert (real.tags["Event"], real.tags["TimeControl"], real.tags["Termination"], real.tags["Owner"]) == \
        ("PlayStrategy rated game", "600+5", "normal", "Alice")
    assert records[4].tags["TimeControl"] == "-" and records[4].tags["DaysPerMove"] == "3"
    assert records[3].tags["Black"] == "PlayStrategy AI level 2"
    kept = list((tmp_path / "data" / "accounts").glob("*.json"))
    assert len(kept) == 8, kept  # --mine: each of Alice's games waits for its account, as a game played here

    player = LinePlayer(tmp_path, ["--line", "--speech", "off", "--open", str(tmp_path / "alice.pgn")], timeout=120)
    player.hear("Game 1 of 8. Reviewing Alice (White) against Bob (Black), 38 moves, White won.")
    player.type("end")
    player.hear("After move 38, White, of 38. Game over")
    player.type("account")
    player.hear("Analysing the game's 38 moves in the background")
    account = player.hear("The account of the game.")
    assert "White's play: " in account and "Black's play: " in account, account
    player.type("close")
    player.hear("Review closed")
    player.type("mistakes")  # Alice's own, since the record names her as its owner (--mine)
    mistake = player.hear("7 of your games are not analysed yet: type account all to analyse them in the "
                          "background. Mistake 1 of ")
    assert "From your game against Bob on 2024.06.10" in mistake and "you play White" in mistake, mistake
    code, errors = player.quit()
    assert code == 0 and errors == ""


def test_since_and_max_choose_the_games_and_the_skipped_ones_are_said(tmp_path: Path,
                                                                    server: FakePlayStrategy) -> None:
    archive = server.archive
    alices_games(archive, 6)
    archive.forged = [b'{"id":"Bestems2","variant":"bestemshe","status":"variantEnd","moves":"e1a2"}\n',
                      b'{"id":"Broken01","variant":"togyzkumalak","status":"resign","moves":"a1a1 zz"}\n',
                      b'not json at all\n', b'{}\n']
    done = export(tmp_path, server, "Alice", "--out", str(tmp_path / "may.pgn"), "--since", "2024-05-03",
                  "--max", "2")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0].endswith("for Alice's togyzkumalak games since 2024-05-03…")
    assert done.stderr.splitlines()[-1] == (
        f"2 games written to {tmp_path / 'may.pgn'}. 2 games skipped: 1 is not togyzkumalak (Bestemshe or "
        "another game); 1 does not replay with toguz's rules.")
    query = archive.asked[0]["query"]
    assert query["max"] == "2" and query["since"] == str(1714694400000 - 1), "since is exclusive: a ms before"
    sites = [record.tags["Site"][-8:] for record in read_record_file(tmp_path / "may.pgn")]
    assert sites == [REAL_GAME_ID, "Game0005"]
    done = export(tmp_path, server, "alice", "--out", str(tmp_path / "later.pgn"), "--since", "2024-06-11")
    assert done.returncode == 1 and not (tmp_path / "later.pgn").exists()
    assert done.stderr.splitlines()[-1] == ("No game to write, so " + str(tmp_path / "later.pgn") + " was not "
                                            "written. 2 games skipped: 1 is not togyzkumalak (Bestemshe or another "
                                            "game); 1 does not replay with toguz's rules.")
    archive.forged = []
    done = export(tmp_path, server, "alice", "--out", str(tmp_path / "later.pgn"), "--since", "2024-06-11")
    assert done.returncode == 1 and not (tmp_path / "later.pgn").exists()
    assert done.stderr.splitlines()[-1] == (f"{server.url.removeprefix('http://')} has no finished togyzkumalak "
                                            "game of alice since 2024-06-11; nothing was written.")


@pytest.mark.parametrize(("args", "said"), [
    (["--max", "0"], "toguz online export: argument --max: --max takes a whole number of games from 1 to 20000, "
                     "not 0 (see toguz online export --help)"),
    (["--max", "many"], "argument --max: --max takes a whole number of games from 1 to 20000, not many"),
    (["--max", "20001"], "from 1 to 20000, not 20001"),
    (["--since", "2024-13-01"], "argument --since: --since takes a day written YYYY-MM-DD, from 2000-01-01 to today"),
    (["--since", "1999-12-31"], "not 1999-12-31"),
    (["--since", "2999-01-01"], "not 2999-01-01"),
    (["--since", "yesterday"], "not yesterday"),
])
def test_a_wrong_number_or_day_is_one_line(tmp_path: Path, server: FakePlayStrategy, args: list[str],
                                           said: str) -> None:
    done = export(tmp_path, server, "alice", "--out", str(tmp_path / "out.pgn"), *args)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and said in done.stderr, done.stderr
    assert not server.archive.asked and not (tmp_path / "out.pgn").exists()


def test_the_servers_refusals_and_a_failed_network_are_one_line(tmp_path: Path, server: FakePlayStrategy) -> None:
    host = server.url.removeprefix("http://")
    alices_games(server.archive, 2)
    out = str(tmp_path / "out.pgn")
    done = export(tmp_path, server, "nobody", "--out", out)
    assert (done.returncode, done.stderr) == (1, f"Asking {host} for nobody's togyzkumalak games…\n"
                                                 f"toguz online export: {host} has no player nobody.\n")
    server.archive.others = 2  # two exports already running from this address: lila takes no third
    done = export(tmp_path, server, "alice", "--out", out)
    assert done.returncode == 1 and done.stderr.splitlines()[-1] == (
        f"toguz online export: {host} is busy with other exports from this address (it takes one or two at a "
        "time): try again when they are done.")
    done = export(tmp_path, server, "no one", "--out", out)
    assert (done.returncode, done.stderr) == (2, "toguz online export: not a name or an id: 'no one'.\n")
    done = subprocess.run([*toguz_command(), "online", "export", "alice", "--out", out, "--server",
                           "http://127.0.0.1:9"], capture_output=True, text=True, timeout=60, env=environment(tmp_path))
    assert done.returncode == 1 and done.stderr.splitlines()[-1] == (
        "toguz online export: could not reach 127.0.0.1:9: check the network and the address.")
    assert not (tmp_path / "out.pgn").exists() and "Traceback" not in done.stderr


def test_an_existing_file_is_replaced_only_when_asked(tmp_path: Path, server: FakePlayStrategy) -> None:
    alices_games(server.archive, 3)
    mine = tmp_path / "mine.pgn"
    mine.write_text("[White \"me\"]\n[Black \"you\"]\n\n1. 76 1-0\n", encoding="utf-8")
    before = mine.read_text(encoding="utf-8")
    done = export(tmp_path, server, "alice", "--out", str(mine))
    assert (done.returncode, done.stderr) == (2, f"toguz online export: {mine} already exists (it holds 1 game), so "
                                                 "nothing was written: add --replace to replace it.\n")
    assert mine.read_text(encoding="utf-8") == before and not server.archive.asked
    (tmp_path / "folder.pgn").mkdir()
    done = export(tmp_path, server, "alice", "--out", str(tmp_path / "folder.pgn"))
    assert (done.returncode, done.stderr) == (2, f"toguz online export: cannot write {tmp_path / 'folder.pgn'}: it "
                                                 "is a folder.\n")
    done = export(tmp_path, server, "alice", "--out", str(mine), "--replace")
    assert done.returncode == 0 and done.stderr.splitlines()[-1] == f"3 games written to {mine}."
    assert len(read_record_file(mine)) == 3
    assert sorted(path.name for path in tmp_path.iterdir() if path.is_file()) == ["mine.pgn"], "no temporary file"


def at_a_terminal(tmp_path: Path, args: list[str], answer: str) -> tuple[int, str]:
    """``toguz online export ARGS`` with its input and error output on a terminal, ``answer`` typed once asked;
    the exit status and what the terminal showed."""
    master, slave = os.openpty()
    process = subprocess.Popen([*toguz_command(), "online", "export", *args], stdin=slave, stderr=slave,
                               stdout=subprocess.DEVNULL, env=environment(tmp_path))
    os.close(slave)
    shown, answered = b"", False
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # the program ended and closed the terminal
                    break
                if not chunk:
                    break
                shown += chunk
            if not answered and b"(Enter alone: no): " in shown:
                os.write(master, answer.encode() + b"\n")
                answered = True
            if process.poll() is not None and not ready:
                break
        return process.wait(30), shown.decode("utf-8", "replace").replace("\r\n", "\n")
    finally:
        os.close(master)


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX's")
def test_at_a_terminal_an_existing_file_is_replaced_after_a_yes(tmp_path: Path, server: FakePlayStrategy) -> None:
    alices_games(server.archive, 2)
    mine = tmp_path / "mine.pgn"
    mine.write_text("[White \"me\"]\n[Black \"you\"]\n\n1. 76 1-0\n\n[White \"a\"]\n[Black \"b\"]\n\n1. 76 1-0\n",
                    encoding="utf-8")
    args = ["alice", "--out", str(mine), "--server", server.url]
    code, shown = at_a_terminal(tmp_path, args, "n")
    assert f"{mine} already exists and holds 2 games. Replace it with alice's games? Type y or n" in shown
    assert code == 1 and shown.rstrip().endswith(f"{mine} is kept as it was; nothing was written.")
    assert len(read_record_file(mine)) == 2 and not server.archive.asked
    code, shown = at_a_terminal(tmp_path, args, "y")
    assert code == 0 and shown.rstrip().endswith(f"2 games written to {mine}."), shown
    assert [record.tags["Site"][-8:] for record in read_record_file(mine)] == [REAL_GAME_ID, "Game0001"]


class ErrorLines:
    """The lines a process writes on its error output, read as they come."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        assert process.stderr is not None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.thread = threading.Thread(target=self._read, args=(process.stderr,), daemon=True)
        self.thread.start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def until(self, start: str, timeout: float = 30) -> str:
        """The first line that starts with ``start`` (waited for; the lines before it passed over)."""
        deadline = time.monotonic() + timeout
        while (line := self.lines.get(timeout=max(0.01, deadline - time.monotonic()))) is not None:
            if line.startswith(start):
                return line
        raise AssertionError(f"never heard {start!r}")

    def rest(self) -> list[str]:
        """The lines still to come, to the end of the output."""
        self.thread.join(30)
        found: list[str] = []
        while (line := self.lines.get_nowait()) is not None:
            found.append(line)
        return found


def test_ctrl_c_keeps_the_games_that_came_and_leaves_no_half_file(tmp_path: Path, server: FakePlayStrategy) -> None:
    alices_games(server.archive, 6)
    server.archive.per_second = 1  # a game a second: the second comes with a progress line (2 s)
    server.archive.hold_after = 2  # then only keep-alives, until the test ends
    out = tmp_path / "out.pgn"
    process = subprocess.Popen([*toguz_command(), "online", "export", "alice", "--out", str(out), "--server",
                                server.url], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                               env=environment(tmp_path))
    heard = ErrorLines(process)
    assert heard.until("2 games so far") == "2 games so far, back to 2024-05-06."
    assert not out.exists(), "nothing is written before the end"
    process.send_signal(signal.SIGINT)
    assert process.wait(30) == 130
    assert heard.rest() == [f"Stopped: 2 games kept in {out}."]
    assert [record.tags["Site"][-8:] for record in read_record_file(out)] == [REAL_GAME_ID, "Game0005"]
    assert sorted(path.name for path in tmp_path.iterdir() if path.is_file()) == ["out.pgn"], "no temporary file"


def test_ctrl_c_before_any_game_writes_nothing(tmp_path: Path, server: FakePlayStrategy) -> None:
    alices_games(server.archive, 2)
    server.archive.hold_after = 0
    out = tmp_path / "out.pgn"
    process = subprocess.Popen([*toguz_command(), "online", "export", "alice", "--out", str(out), "--server",
                                server.url], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                               env=environment(tmp_path))
    heard = ErrorLines(process)
    heard.until("Asking ")
    deadline = time.monotonic() + 30
    while not server.archive.running and time.monotonic() < deadline:  # the stream is open, sending keep-alives
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    assert process.wait(30) == 130
    assert heard.rest() == ["Stopped before any game came; nothing was written."]
    assert not any(tmp_path.glob("*.pgn")) and not any(tmp_path.glob(".out.pgn*"))


def test_a_connection_cut_short_keeps_the_games_that_came(tmp_path: Path, server: FakePlayStrategy) -> None:
    alices_games(server.archive, 5)
    server.archive.cut_after = 3  # the connection breaks off after three games, before the answer's end
    done = export(tmp_path, server, "alice", "--out", str(tmp_path / "out.pgn"))
    assert done.returncode == 1 and done.stderr.splitlines()[-1] == (
        f"toguz online export: the connection to {server.url.removeprefix('http://')} broke off; the 3 games that "
        f"came are written to {tmp_path / 'out.pgn'}.")
    assert len(read_record_file(tmp_path / "out.pgn")) == 3
