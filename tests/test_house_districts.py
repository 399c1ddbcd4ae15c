"""The districts' figures of ``bench/house.py`` (issue 53): online play read once and the session in districts,
counted on small trees made here, and today's house within its targets."""

from __future__ import annotations

from pathlib import Path

from bench.house import main
from bench.house_districts import (
    clock_readers,
    district_figures,
    online_protocols,
    outside_locks,
    parts_tested_alone,
    player_definitions,
    reconnect_loops,
    state_parsers,
    top_modules,
)
from tests.needs import REPO
from tests.trees import write_tree

PACKAGES = {"rules/__init__.py": "", "speech/__init__.py": "", "toguz_tui/__init__.py": "",
            "toguz_tui/online/__init__.py": "", "toguz_tui/session/__init__.py": ""}

PLAYER = '''
def line(message):
    if message.get("type") == "gameFull":
        return full(message)
    def inner():
        return "gameState"  # a nested function counts on its own
    return inner

def _control(clock):
    return clock.get("initial"), clock["increment"]

def request(seconds):
    return {"clock.limit": seconds, "initial": seconds}  # written, not read

def _player_id(player):
    return player.get("id")

def _name(player, fallback):
    return player.get("name") or fallback

def _name_of_event(details):
    return details.get("fullName"), details.get("name"), details["id"]  # a tournament's, not a player's

def whose(client, game):
    return client.account().get("id"), game["user"]["username"]

def follow(open_stream, closed):
    wait = 1.0
    while not closed.is_set():
        try:
            for line in open_stream():
                print(line)
        except OSError:
            pass
        closed.wait(wait)

def poll(closed):
    while not closed.is_set():  # waits and catches, but reads no stream
        try:
            pass
        except OSError:
            pass
        closed.wait(1)
'''

CONNECTIONS = '''
from typing import Protocol
import typing

class Connection(Protocol):
    def say(self, text): ...

class Listener(typing.Protocol):
    def closed(self): ...

class Plain:
    pass

def move(session, self_):
    with session.lock:
        pass
    with self_.session.lock, open("f"):
        pass
    with other.lock:
        pass
'''


def test_the_online_figures_count_readings_of_a_servers_messages(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {**PACKAGES, "toguz_tui/online/player.py": PLAYER,
                                 "toguz_tui/online/connection.py": CONNECTIONS,
                                 "toguz_tui/session/facade.py": "def play(session):\n    with session.lock:\n"
                                                                "        pass\n"})
    assert [place.what for place in state_parsers(root)] == ["line", "inner"]
    assert [place.what for place in clock_readers(root)] == ["_control"]
    ids, names = player_definitions(root)
    assert [place.what for place in ids] == ["_player_id", "whose"]
    assert [place.what for place in names] == ["_name", "whose"]
    assert [place.what for place in reconnect_loops(root)] == ["follow"]
    assert [place.what for place in online_protocols(root)] == ["Connection", "Listener"]
    locks = outside_locks(root)
    assert [(place.file, place.line) for place in locks] == [("toguz_tui/online/connection.py", 15),
                                                             ("toguz_tui/online/connection.py", 17)]
    lines, missed = district_figures(root)
    assert "Parsers of the game's full state and state: 2 (target: at most 1)" in lines
    assert "2 parsers of the game's state" in missed and "2 session locks taken outside the session" in missed
    assert "2 Protocols in toguz_tui/online" in missed and "1 reconnect loops" not in missed
    assert main(["--check", str(root)]) == 1


def test_the_tops_of_online_and_the_session_are_counted_with_their_init(tmp_path: Path) -> None:
    files = {**PACKAGES, **{f"toguz_tui/online/m{number}.py": "" for number in range(5)},
             "toguz_tui/online/play/__init__.py": "", "toguz_tui/online/play/game.py": ""}
    root = write_tree(tmp_path, files)
    assert top_modules(root, "toguz_tui/online") == ["__init__.py", "m0.py", "m1.py", "m2.py", "m3.py", "m4.py"]
    assert "6 modules at the top of toguz_tui/online/" in district_figures(root)[1]
    (root / "toguz_tui/online/m4.py").unlink()
    assert not any("toguz_tui/online/" in line for line in district_figures(root)[1])


def test_a_part_is_tested_alone_only_in_a_test_that_never_imports_the_facade(tmp_path: Path) -> None:
    parts = "".join(f"class {part}:\n    pass\n" for part in ("Clocks", "GameStore", "Output"))
    root = write_tree(tmp_path, {**PACKAGES, "toguz_tui/session/parts.py": parts,
                                 "tests/test_clocks_alone.py": "from toguz_tui.session.clocks import Clocks\n"
                                                               "def test():\n    Clocks(1, 2)\n",
                                 "tests/test_store.py": "from toguz_tui.session.facade import GameSession\n"
                                                        "def test():\n    GameStore(1)\n",
                                 "tests/test_named.py": "def test():\n    return Output\n"})  # named, not built
    alone = parts_tested_alone(root)
    assert alone == {"Clocks": ["tests/test_clocks_alone.py"], "GameStore": [], "Output": []}
    lines, missed = district_figures(root)
    assert "Session parts tested alone (built in a test that never imports the facade): 1 of 3 (target: at least " \
           "3)" in lines and "1 session parts tested alone" in missed
    (root / "toguz_tui/session/parts.py").unlink()
    assert parts_tested_alone(root) == {} and not any("tested alone" in line for line in district_figures(root)[1])


def test_the_house_is_within_the_districts_targets() -> None:
    lines, missed = district_figures(REPO)
    assert missed == [], "\n".join(lines)
