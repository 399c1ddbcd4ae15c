"""One exported game as toguz's record (``toguz_tui.online.export.export_record``): the real game FgWSk5be replayed to
its 82 to 43, the tags toguz writes, and every value a hostile server could send checked, the game skipped with
why when it cannot be known; and the stand-in's export answering as lila does (``standin_export.py``)."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from rules import Side, read_record
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_export import REAL_GAME, REAL_GAME_ID, REAL_MOVETEXT, ArchivedGame
from toguz_tui.online.export.export_record import Skipped, exported_game
from toguz_tui.session.accounts.asked_game import owner_sides

SERVER = "https://playstrategy.org"


def line(**changed: Any) -> dict[str, Any]:
    """The real game as lila's export writes it, with ``changed`` fields (None: left out)."""
    base = ArchivedGame(REAL_GAME_ID, 1718020800000, "Alice", "Bob", list(REAL_GAME), winner="p1").ndjson(True)
    base.update(changed)
    return {key: value for key, value in base.items() if value is not None}


def test_the_real_game_replays_to_its_end_with_toguzs_own_tags() -> None:
    exported = exported_game(line(), SERVER, "alice")
    record = read_record(exported.text)
    assert record.game.position.kazans == (82, 43) and record.ended_on_board and record.result == "1-0"
    assert record.tags == {"Event": "PlayStrategy rated game", "Site": f"{SERVER}/{REAL_GAME_ID}",
                           "Date": "2024.06.10", "Round": "?", "White": "Alice", "Black": "Bob", "Result": "1-0",
                           "TimeControl": "600+5", "Termination": "normal", "Owner": "Alice"}
    assert exported.date == "2024.06.10"
    assert owner_sides(record.tags) == (Side.WHITE,)
    assert owner_sides({"White": "Alice", "Black": "Bob"}) == () == owner_sides({"Owner": "Carol", "White": "Alice"})


@pytest.mark.parametrize(("changed", "tags"), [
    ({"clock": None, "daysPerTurn": 3}, {"TimeControl": "-", "DaysPerMove": "3"}),
    ({"clock": None, "daysPerTurn": 10**9}, {"TimeControl": "-"}),
    ({"clock": {"initial": -5, "increment": 2}}, {}),
    ({"clock": {"initial": 300, "increment": True}}, {}),
    ({"rated": False, "tournament": "Tourney1"},
     {"Event": f"PlayStrategy casual tournament {SERVER}/tournament/Tourney1"}),
    ({"tournament": "../../x"}, {"Event": "PlayStrategy rated game"}),
    ({"createdAt": "yesterday"}, {"Date": "????.??.??"}),
    ({"createdAt": 10**20}, {"Date": "????.??.??"}),
    ({"players": {"p1": {"aiLevel": 4}, "p2": {}}}, {"White": "PlayStrategy AI level 4", "Black": "Anonymous"}),
    ({"players": {"p1": {"user": {"name": "Ev\x1b[2Jil\n", "id": "evil"}}, "p2": "x"}},
     {"White": "Ev\\x1b[2Jil", "Black": "?"}),
    ({"players": {"p1": {"user": {"name": "A" * 500, "id": "alice"}}}}, {"White": "A" * 30, "Owner": "A" * 30}),
    ({"status": "outoftime", "winner": "p1"}, {"Termination": "time forfeit"}),
    ({"status": "cheat"}, {"Termination": "adjudication"}),
    ({"status": "timeout", "moves": " ".join(REAL_GAME[:9])}, {"Termination": "adjudication"}),
    ({"status": "variantEnd", "moves": " ".join(REAL_GAME[:9])}, {"Termination": "adjudication"}),
])
def test_each_value_read_is_checked_and_what_is_not_usable_is_left_out(changed: dict[str, Any],
                                                                       tags: dict[str, str]) -> None:
    record = read_record(exported_game(line(**changed), SERVER, "alice").text)
    for name, value in tags.items():
        assert record.tags[name] == value, (name, record.tags)
    if not tags:
        assert "TimeControl" not in record.tags


@pytest.mark.parametrize(("changed", "why"), [
    ({"variant": "bestemshe"}, "variant"),
    ({"variant": None}, "variant"),
    ({"id": "../../etc"}, "unreadable"),
    ({"id": 12345678}, "unreadable"),
    ({"status": "started"}, "unreadable"),
    ({"moves": REAL_MOVETEXT.replace("g1d2", "g1d1", 1)}, "unreadable"),  # the last stone lands elsewhere
    ({"moves": "a2h1"}, "unreadable"),  # the other side's pit first
    ({"moves": REAL_MOVETEXT + " a2b2"}, "unreadable"),  # a move after the end on the board
    ({"moves": ["g1d2"]}, "unreadable"),
    ({"moves": "g1d2 " * 3000}, "unreadable"),
    ({"winner": "p2"}, "unreadable"),  # the board says P1 won
    ({"initialFen": "not a position"}, "unreadable"),
])
def test_a_game_that_cannot_be_known_is_skipped_with_why(changed: dict[str, Any], why: str) -> None:
    with pytest.raises(Skipped) as skipped:
        exported_game(line(**changed), SERVER, "alice")
    assert skipped.value.why == why


def test_a_game_resigned_or_drawn_keeps_its_result_and_a_draw_has_no_winner() -> None:
    resigned = read_record(exported_game(line(moves=" ".join(REAL_GAME[:10]), status="resign", winner="p2"),
                                         SERVER, "bob").text)
    assert (resigned.result, resigned.tags["Owner"], resigned.tags["Termination"]) == ("0-1", "Bob", "normal")
    drawn = read_record(exported_game(line(moves=" ".join(REAL_GAME[:10]), status="draw", winner=None),
                                      SERVER, "carol").text)
    assert drawn.result == "1/2-1/2" and "Owner" not in drawn.tags
    unknown = read_record(exported_game(line(moves="", status="unknownFinish", winner=None), SERVER, "bob").text)
    assert unknown.result == "*" and unknown.tags["Termination"] == "adjudication" and unknown.moves == ()


# -- the stand-in's export, as lila answers ------------------------------------------------------------------


def ask(server: FakePlayStrategy, user: str, accept: str = "application/x-ndjson", **query: str) -> httpx.Response:
    headers = {"Accept": accept, **({"Authorization": query.pop("token")} if "token" in query else {})}
    return httpx.get(f"{server.url}/api/games/user/{user}", params=query, headers=headers, timeout=30)


def test_the_stand_in_filters_orders_and_formats_as_lila(server: FakePlayStrategy) -> None:
    archive = server.archive
    archive.add_real(day="2024-06-10")
    archive.add_played("Older001", "2024-06-01", "Bob", "Alice", seed=1)
    archive.add_played("Ongoing1", "2024-06-05", "Alice", "Bob", seed=2, plies=10, status="started")
    archive.add_played("Bestems1", "2024-06-07", "Alice", "Bob", seed=3, variant="bestemshe")
    ids = [json.loads(text)["id"] for text in ask(server, "alice", perfType="togyzkumalak").text.splitlines()]
    assert ids == [REAL_GAME_ID, "Older001"], "newest first, finished only, togyzkumalak only"
    everything = ask(server, "alice", ongoing="true", perfType="nonsense").text.splitlines()
    assert [json.loads(text)["id"] for text in everything] == [REAL_GAME_ID, "Bestems1", "Ongoing1", "Older001"], \
        "an unknown perfType is dropped: all"
    since = str(1717977600000 + 12 * 3600 * 1000)  # 2024-06-10 at noon, the real game's own millisecond
    assert ask(server, "alice", since=since).text == "", "since is exclusive"
    before = ask(server, "alice", until=since, max="0", perfType="togyzkumalak").text.splitlines()
    assert [json.loads(text)["id"] for text in before] == ["Older001"], "until is exclusive and max at least 1"
    pgn = ask(server, "alice", accept="application/x-ndjson, */*", max="1")
    assert pgn.headers["Content-Type"] == "application/x-chess-pgn", "Accept is compared exactly"
    assert pgn.text.startswith('[Event "Rated Togyzqumalaq game"]\n[Site "http://127.0.0.1:')
    assert '[P1 "Alice"]\n[P2 "Bob"]\n[Result "1-0"]' in pgn.text and pgn.text.endswith(" i1d2 1-0\n\n\n")
    assert "moves" not in json.loads(ask(server, "alice", moves="false", max="1").text)
    assert ask(server, "nobody").status_code == 404 and ask(server, "nobody").content == b""
    refused = ask(server, "alice", token="Bearer wrong")
    assert (refused.status_code, refused.json()) == (401, {"error": "No such token"})


def test_the_stand_in_paces_its_games_and_takes_two_exports_at_a_time(server: FakePlayStrategy) -> None:
    archive = server.archive
    for number in range(10):
        archive.add_played(f"Paced{number:03d}", f"2024-06-{number + 1:02d}", "Alice", "Bob", seed=number, plies=6,
                           status="resign")
    begun = time.monotonic()
    assert len(ask(server, "alice").text.splitlines()) == 10
    assert time.monotonic() - begun >= 0.45, "20 games a second, anonymously"
    archive.others = 1
    assert ask(server, "alice", max="1").status_code == 200
    archive.others = 2
    refused = ask(server, "alice")
    assert (refused.status_code, refused.json()) == (429, {"error": "Please only run 1 request(s) at a time"})
