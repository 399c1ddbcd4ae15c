"""The review of the fourth hostile pass's online fixes (issue 50): a watching begun once the server has played
past the game's end by the rules (item 1); a stop while an export's accounts are kept, and a SIGHUP whose terminal
is gone (item 15)."""

from __future__ import annotations

import errno
import io
import signal
import sys
from pathlib import Path

import pytest

from rules import read_record_file
from speech.system.signals import Stopped
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_export import ArchivedGame
from tests.toguz_tui.online.test_export import alices_games
from tests.toguz_tui.online.test_hostile_fourth_export import distinct_games
from tests.toguz_tui.online.test_hostile_fourth_streams import PAST_END, past_the_end
from tests.toguz_tui.online.test_watch import Watcher, without_token
from toguz_tui.files import user_files

__all__ = ["without_token"]  # the fixture, used by name


@pytest.mark.slow
def test_a_game_watched_after_the_server_played_past_its_end_is_taken_up_as_the_rules_ended_it(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    codes, extra, _game = past_the_end(4)
    games = server.watching
    games.drop_head = False
    live = games.start_game("PastEnd5", "Alice", "bob", tv=False, minutes=None)
    with server.changed:  # the whole game, then four moves more, before the watching begins
        for code in codes:
            live.play(code)
        live.status, live.winner = "started", None
    for code in extra:
        games.play_past_end("PastEnd5", code)
    player = Watcher(tmp_path, server)
    player.hear("Not logged in to ")
    player.type("watch PastEnd5")  # today: nothing more is said, the game is never taken up
    player.hear(f"Watching alice (White) against bob (Black) on PlayStrategy, 3 days a move. {len(codes)} moves "
                "played.")
    player.hear(f"{PAST_END} ({extra[0]}); toguz keeps the game as the rules ended it.")
    player.type("kazans")
    player.hear("82", anywhere=True)
    player.type("watch stop")
    player.hear("You stopped watching.")
    status, errors = player.quit()
    assert status == 0 and errors == ""
    assert "\n".join(player.seen).count(PAST_END) == 1


def test_a_stop_while_the_accounts_are_kept_says_the_games_written(
        tmp_path: Path, server: FakePlayStrategy, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from toguz_tui.online.export import export_command as export_module
    games: list[ArchivedGame] = []
    distinct_games(games, 20)
    for game in games:
        server.archive.add(game)
    server.archive.per_second = 100_000
    monkeypatch.setenv("TOGUZ_DATA_DIR", str(tmp_path / "data"))
    written = user_files.write_atomically  # what kept_accounts writes with (the record file is written before)
    count = [0]

    def stopped_at_the_sixth(path: Path, text: str, *args: object, **how: object) -> None:
        count[0] += 1
        if count[0] > 5:
            raise Stopped(signal.SIGTERM)  # as stopped_as_ctrl_c raises it on a SIGTERM
        written(path, text)

    monkeypatch.setattr("toguz_tui.files.kept_accounts.write_atomically", stopped_at_the_sixth)
    out = tmp_path / "out.pgn"
    code = export_module.main(["alice", "--out", str(out), "--mine", "--server", server.url])
    said = capsys.readouterr().err.splitlines()
    assert code == 128 + signal.SIGTERM
    assert said[-1] == f"Stopped: 20 games kept in {out}.", said  # today: "Stopped; nothing was written."
    assert len(read_record_file(out)) == 20


class HungUp(io.TextIOBase):
    """The error output once its terminal has closed (what SIGHUP tells): every write fails."""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EIO, "Input/output error")


def test_a_sighup_with_the_terminal_gone_still_keeps_the_games(tmp_path: Path, server: FakePlayStrategy,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from toguz_tui.online.export import export_command as export_module
    alices_games(server.archive, 6)
    monkeypatch.setenv("TOGUZ_DATA_DIR", str(tmp_path / "data"))
    taken = export_module.Export.take

    def hung_up_after_two(export: export_module.Export, line: dict[str, object]) -> bool:
        going_on = taken(export, line)
        if len(export.texts) == 2:  # the terminal closes: SIGHUP, and the error output is gone
            monkeypatch.setattr(sys, "stderr", HungUp())
            raise Stopped(signal.SIGHUP)
        return going_on

    monkeypatch.setattr(export_module.Export, "take", hung_up_after_two)
    out = tmp_path / "out.pgn"
    code = export_module.main(["alice", "--out", str(out), "--server", server.url])  # today: OSError, nothing kept
    assert code == 128 + signal.SIGHUP
    assert len(read_record_file(out)) == 2
