"""``toguz online export NAME --out FILE`` as a player runs it, against the stand-in's export
(``standin_export.py``): no token sent, the games written as one record file that ``toguz --open`` reviews
with the right number of games, ``account`` working on them, ``--mine`` making them the player's own for
``account all`` and ``mistakes``; a game that does not replay left out and said; progress and the summary on
the error output; an existing file kept unless replaced; an unknown player, a busy server and wrong
options each said in one line."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from rules import Side
from rules.records import read_record_file
from tests.toguz_tui.conftest import environment, toguz_command
from tests.toguz_tui.line.line_player import LinePlayer
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_export import CREATED, EXPORTS_AT_ONCE, REAL_GAME, random_game
from toguz_tui.online.export import game_record


def export(tmp_path: Path, server: FakePlayStrategy, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*toguz_command(), "online", "export", *args, "--server", server.url], capture_output=True,
                          text=True, env=environment(tmp_path), timeout=120, stdin=subprocess.DEVNULL)


def alices_games(server: FakePlayStrategy) -> None:
    """Alice's games: the real FgWSk5be (she is White, wins), two of random moves, one of Bestemshe (another
    perf, left out by the server's filter) and one whose moves do not replay."""
    exports = server.exports
    exports.add("alice", REAL_GAME, opponent="bob", created=CREATED, game_id="FgWSk5be")
    for number in range(2):
        codes, winner = random_game(number)
        exports.add("alice", codes, opponent="carol", side="p2", winner=winner, created=CREATED + (number + 1) * 10**8,
                    days=3 if number else None, rated=False)
    exports.add("alice", "b1b1 c2c2", perf="bestemshe", created=CREATED + 4 * 10**8)
    exports.add("alice", "g1d2 a2h1 zz9 a1b1", created=CREATED + 5 * 10**8, status="resign", winner="p2")


@pytest.mark.slow
def test_a_players_games_are_exported_reviewed_and_accounted_for(tmp_path: Path, server: FakePlayStrategy) -> None:
    alices_games(server)
    out = tmp_path / "alice.pgn"
    done = export(tmp_path, server, "alice", "--out", str(out), "--mine")
    assert done.returncode == 0, done.stderr
    said = done.stderr.splitlines()
    assert said[0].startswith("Asking 127.0.0.1:") and said[0].endswith("for alice's togyzkumalak games…")
    assert said[-1] == (f"3 games of alice written to {out}. 1 game left out: its moves do not replay.")
    asked = server.exports.asked[-1]
    assert asked["Accept"] == "application/x-ndjson" and asked["perfType"] == "togyzkumalak"
    assert asked["Authorization"] == ""  # no token: the export is public, and none can leak
    records = read_record_file(out)
    assert len(records) == 3
    real = records[2]  # the oldest last, as the server sends them
    assert real.tags["Site"] == f"{server.url}/FgWSk5be" and real.tags["White"] == "Alice"
    assert real.result == "1-0" and real.game.position.kazans == (82, 43) and len(real.moves) == 75
    assert real.tags["TimeControl"] == "300+2" and real.tags["You"] == "White" and real.tags["Date"] == "2024.06.10"
    assert records[1].tags["You"] == "Black" and records[0].tags["DaysPerTurn"] == "3"
    assert len(list((tmp_path / "data" / "accounts").glob("*.json"))) == 3  # waiting for their accounts

    player = LinePlayer(tmp_path, ["--line", "--speech", "off", "--open", str(out)], timeout=60)
    player.hear("Game 1 of 3. Reviewing Carol (White) against Alice (Black)")
    player.type("games")
    player.hear("3: Alice against Bob, 1-0, 2024.06.10")
    player.type("open 3")
    player.hear("Game 3 of 3. Reviewing Alice (White) against Bob (Black)")
    player.type("account")
    player.hear("After move ", anywhere=True, timeout=240)
    player.type("close")
    player.type("mistakes")  # Alice's own mistakes in that game (she was White), played again
    player.hear("2 of your games are not analysed yet: type account all to analyse them in the background. Mistake "
                "1 of 9. From your game against Bob on 2024.06.10, move 5: you play White.", timeout=60)
    player.quit()


@pytest.mark.slow
def test_since_and_max_reach_the_server_and_progress_is_said(tmp_path: Path, server: FakePlayStrategy) -> None:
    for number in range(30):
        codes, winner = random_game(100 + number)
        server.exports.add("dana", codes, winner=winner, created=CREATED + number * 86_400_000)
    server.exports.pace = 0.1  # 30 games over 3 seconds: a line of progress at least
    out = tmp_path / "dana.pgn"
    done = export(tmp_path, server, "dana", "--out", str(out), "--max", "25", "--since", "2024-06-12")
    assert done.returncode == 0, done.stderr
    asked = server.exports.asked[-1]
    assert asked["max"] == "25" and int(asked["since"]) == 1_718_150_400_000 - 1  # 2024-06-12 00:00 UTC, inclusive
    assert len(read_record_file(out)) == 25
    assert any(line.endswith("games so far…") for line in done.stderr.splitlines())


@pytest.mark.slow
def test_a_file_is_kept_unless_replaced_and_mistakes_are_said_in_one_line(tmp_path: Path,
                                                                         server: FakePlayStrategy) -> None:
    alices_games(server)
    out = tmp_path / "kept.pgn"
    out.write_text("mine, not toguz's\n")
    kept = export(tmp_path, server, "alice", "--out", str(out))
    assert kept.returncode == 2 and out.read_text() == "mine, not toguz's\n"
    assert kept.stderr.strip() == f"toguz online export: {out} exists and was kept; give --replace to replace it, " \
                                  "or another file."
    replaced = export(tmp_path, server, "alice", "--out", str(out), "--replace")
    assert replaced.returncode == 0 and len(read_record_file(out)) == 3
    unknown = export(tmp_path, server, "nobody", "--out", str(tmp_path / "n.pgn"))
    assert unknown.returncode == 1 and not (tmp_path / "n.pgn").exists()
    assert unknown.stderr.splitlines()[-1] == "toguz online export: PlayStrategy knows no player nobody."
    server.exports.open = EXPORTS_AT_ONCE  # two exports from this address already
    busy = export(tmp_path, server, "alice", "--out", str(tmp_path / "b.pgn"))
    assert busy.returncode == 1 and "only a few exports at once" in busy.stderr
    server.exports.open = 0
    for wrong, words in ((("--max", "0"), "give a number of games from 1 to 100000"),
                         (("--since", "yesterday"), "give a date as YYYY-MM-DD"),
                         (("--out", str(tmp_path)), "is a folder")):
        args = ["alice", "--out", str(tmp_path / "w.pgn"), *wrong]
        failed = export(tmp_path, server, *args)
        assert failed.returncode == 2 and words in failed.stderr and "Traceback" not in failed.stderr
    assert not list(tmp_path.glob(".*.part"))  # no half file left anywhere


def test_a_game_is_recorded_with_the_end_the_server_names() -> None:
    base = {"id": "AbCd1234", "players": {"p1": {"user": {"name": "Ann", "id": "ann"}},
                                          "p2": {"aiLevel": 3}}, "createdAt": CREATED}
    resigned = game_record({**base, "moves": "g1d2 a2h1", "status": "resign", "winner": "p2"}, "https://x.org")
    assert resigned.result == "0-1" and resigned.tags["Black"] == "PlayStrategy AI level 3"
    flagged = game_record({**base, "moves": "g1d2", "status": "outoftime", "winner": "p1"}, "https://x.org", "ann")
    assert flagged.result == "1-0" and flagged.tags["Termination"] == "time forfeit"
    assert flagged.tags["You"] == "White" and Side.WHITE is flagged.game.outcome.winner  # type: ignore[union-attr]
    drawn = game_record({**base, "moves": "g1d2", "status": "draw"}, "https://x.org")
    assert drawn.result == "1/2-1/2"
    with pytest.raises(ValueError):
        game_record({**base, "moves": "g1d2 " * 1001, "status": "resign"}, "https://x.org")
