"""Correspondence games and arenas through ``toguz online --line``, as a player meets them, against the stand-in
(``standin_correspondence``): a challenge of days a move made and refused as the server would, the game's
time said in days and hours, ``games`` and ``games N``, a second game beside the first with the news that its
opponent has moved, a challenge made by another program gone offline; ``tournament join`` of a Rapid arena,
its game with the arena's first-move deadline, and the arenas toguz cannot play said with why."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.toguz_tui.line.line_player import LinePlayer
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_correspondence import FakeArena
from tests.toguz_tui.online.standin_rules import fischer


class Player(LinePlayer):
    """``toguz online --line`` against the stand-in, asking for the games every second."""

    def __init__(self, tmp_path: Path, server: FakePlayStrategy) -> None:
        token = tmp_path / "token"
        token.write_text(server.token + "\n")
        super().__init__(tmp_path, ["online", "--line", "--server", server.url, "--token-file", str(token),
                                    "--speech", "off", "--poll", "1"], timeout=20.0)


def _challenges(server: FakePlayStrategy) -> list[tuple[str, str, dict[str, str]]]:
    return [request for request in server.requests if request[0] == "POST" and request[1].startswith("/api/challenge/")
            and request[1].count("/") == 3]


@pytest.mark.slow
def test_a_correspondence_game_is_challenged_listed_and_played_beside_another(tmp_path: Path,
                                                                             server: FakePlayStrategy) -> None:
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    player.type("challenge bob days 15")
    player.hear("PlayStrategy gives a correspondence game 1 to 14 days a move, not 15.")
    player.type("challenge bob days 3 rated")
    player.hear("A correspondence challenge from toguz is casual")
    assert not _challenges(server)  # refused here, as the server would have refused them
    player.type("challenge bob days 3")
    player.hear("Correspondence challenge sent to bob, 3 days a move, casual")
    sent = _challenges(server)[-1][2]
    assert sent == {"variant": "togyzkumalak", "rated": "false", "days": "3"}  # no clock field: days win
    server.accept_made(0, me="p1")
    player.hear("You play White against Bob on PlayStrategy. A correspondence game: 3 days a move. Move 1: your turn.")
    player.type("clock")
    player.hear("Your move: 2 days 23 hours left, of 3 days a move.")
    player.type("7")
    player.hear("You sow 9 stones from pit 7")
    player.type("clock")
    player.hear("Bob's move: 2 days 23 hours left, of 3 days a move.")

    # a second correspondence game, accepted while the first goes on
    server.add_challenge("Corr0002", "carol", days=5)
    player.hear("Carol challenges you to a casual game, correspondence, 5 days a move: type accept or decline.")
    player.type("accept")  # "You accepted ..." comes before or after the game begins, as the server tells
    player.hear("A game against Carol began at PlayStrategy: type games 2 to go to it.")
    carol = server.games["Corr0002"]
    assert carol.me == "p2"
    server.opponent_moves("Corr0002", _first_code(carol))
    player.hear("Carol has moved in your game 2: type games 2 to play it.")
    player.type("games")
    player.hear("1. Against Bob, correspondence: Bob's move. (On the board.)")
    player.hear("2. Against Carol, correspondence: your move, 4 days 23 hours left.")
    player.type("games 3")
    player.hear("There is no game 3: you have 2 games going on; type games to hear them.")
    player.type("games 2")
    player.hear("Going to your game against Carol.")
    player.hear("Your game against Carol on PlayStrategy, you play Black, 1 move played.")
    player.type("clock")
    player.hear("Your move: 4 days 23 hours left, of 5 days a move.")
    player.type("games 1")
    player.hear("Going to your game against Bob.")
    player.hear("Your game against Bob on PlayStrategy, you play White, 1 move played.")
    player.quit()


def _first_code(game: object) -> str:
    """The code of White's pit 1 from the game's position."""
    from rules.move import play_move
    from rules.movecode import move_code

    position = game.game.position  # type: ignore[attr-defined]
    return move_code(play_move(position, 1)[1], 9)


@pytest.mark.slow
def test_a_challenge_made_by_another_program_goes_offline(tmp_path: Path, server: FakePlayStrategy) -> None:
    server.offline_after = 0.0  # gone offline at once: no web page of its challenger keeps it seen
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    server.add_challenge("Prog0001", "robot", days=2, api_made=True)
    player.hear("Robot challenges you to a casual game, correspondence, 2 days a move")
    player.type("accept")
    player.hear("Robot's challenge is no longer open at PlayStrategy")
    assert "Prog0001" in server.pending  # nothing changed: it can still be declined
    player.quit()


@pytest.mark.slow
def test_an_arena_is_joined_and_its_game_said_with_its_deadline(tmp_path: Path, server: FakePlayStrategy) -> None:
    server.arenas["Blitz052"] = FakeArena("Blitz052", 300, 2, "Weekly Togyzqumalaq Arena")
    server.arenas["Rapid015"] = FakeArena("Rapid015", 900, 10, "Club Rapid Arena")
    server.arenas["Over0001"] = FakeArena("Over0001", 900, 10, "Last Week's Arena", status=30)
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    player.type("tournament join Blitz052")
    player.hear("Weekly Togyzqumalaq Arena is played at 5+2, Blitz or faster: the Board API plays Rapid or slower "
                "games only, so toguz cannot play in it and did not join; play it on the website.")
    player.type("tournament join Over0001")
    player.hear("Last Week's Arena has finished: not joined.")
    player.type("tournament join Swiss001")
    player.hear("PlayStrategy has no arena Swiss001. A Swiss tournament is joined on its web page")
    player.type("tournament Rapid015")
    player.hear("tournament join ID", anywhere=True)
    assert not server.arenas["Blitz052"].players and not server.arenas["Over0001"].players
    player.type("tournament join Rapid015")
    player.hear("You joined Club Rapid Arena, 15 minutes each plus 10 seconds a move. It starts in 10 minutes. "
                "PlayStrategy pairs only the players whose tournament page is open in a web browser")
    assert server.arenas["Rapid015"].players == ["me"]
    server.add_game("Arena001", me="p1", opponent="dana", clock=fischer(15, 10), source="tournament")
    player.hear("Your arena game: you play White against Dana, 15+10. Move within 25 seconds, or you lose the game.")
    player.quit()


@pytest.mark.slow
def test_an_arena_needs_the_scope_to_join(tmp_path: Path, server: FakePlayStrategy) -> None:
    server.scopes.discard("tournament:write")
    server.arenas["Rapid015"] = FakeArena("Rapid015", 900, 10)
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    player.type("tournament join Rapid015")
    player.hear("Your token may not join tournaments: make one with the scopes board:play, challenge:write and "
                "tournament:write, then run toguz online login again.")
    assert not server.arenas["Rapid015"].players
    player.quit()
