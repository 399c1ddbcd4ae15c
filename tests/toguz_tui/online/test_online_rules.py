"""``toguz online --line`` against a stand-in that enforces PlayStrategy's rules as its source has them
(issue 26's "done when"): a challenge with 15+10 binds and is accepted; a Blitz challenge is said and not
accepted; an early draw offer is said not to count; a draw on time, a timeout and a noStart each end the
game with its result; an expired seek is said; a re-seek with another time control works at once; the
first-move deadline is said at the start; the record names the account and the game's address."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import read_record
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.test_online_play import Player, code_for
from tests.waiting import until

pytestmark = pytest.mark.slow


def connected(tmp_path: Path, server: FakePlayStrategy) -> Player:
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    return player


def archived(tmp_path: Path) -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted((tmp_path / "data" / "games").glob("*.pgn"))]


def test_a_challenge_with_15_10_binds_at_the_server_and_its_game_is_played(tmp_path: Path,
                                                                           server: FakePlayStrategy) -> None:
    player = connected(tmp_path, server)
    player.type("challenge alice 15+10")
    player.hear("Challenge sent to alice, 15 minutes each plus 10 seconds a move; the game is said when it starts.")
    assert len(server.challenges_made) == 1
    made = server.challenges_made[0]
    assert made["dest"] == "alice" and made["clock"].limit == 900
    server.accept_made(0, me="p1")
    player.hear("You play White against Alice on PlayStrategy.")
    player.type("7")
    player.hear("You sow 9 stones from pit 7")
    code, errors = player.quit()
    assert code == 0 and errors == ""


def test_a_blitz_challenge_is_said_and_never_accepted(tmp_path: Path, server: FakePlayStrategy) -> None:
    player = connected(tmp_path, server)
    server.add_challenge("Blitz001", "alice", minutes=3, increment=2)
    assert player.hear("Alice challenges") == (
        "Alice challenges you to a 3+2 game: too fast for play from toguz (the Board API plays Rapid or slower). "
        "Type decline, or play it on the website.")
    player.type("accept")
    assert player.hear("Alice's") == ("Alice's challenge is too fast for play from toguz (the Board API plays Rapid "
                                      "or slower): decline it, or play it on the website.")
    assert not any(path.endswith("/accept") for _method, path, _form in server.requests)
    player.type("decline")
    player.hear("You declined Alice's challenge.")
    assert any(path == "/api/challenge/Blitz001/decline" for _method, path, _form in server.requests)
    player.quit()


def test_a_blitz_game_going_on_is_said_and_left_alone(tmp_path: Path, server: FakePlayStrategy) -> None:
    server.add_game("Fast0001", me="p1", opponent="bob", minutes=3, increment=2)
    player = connected(tmp_path, server)
    player.hear("A game against Bob is going on at PlayStrategy, too fast for play from toguz")
    player.type("7")
    player.hear("No online game is going on.")
    assert not any(path.startswith("/api/board/game/stream/") for _method, path, _form in server.requests)
    player.quit()


def test_an_early_draw_offer_is_said_not_to_count_and_a_later_one_is_sent(tmp_path: Path,
                                                                          server: FakePlayStrategy) -> None:
    player = connected(tmp_path, server)
    game = server.add_game("Draw0001", me="p1", opponent="bob")
    player.hear("You play White against Bob on PlayStrategy.")
    player.type("draw")
    assert player.hear("A draw offer") == ("A draw offer counts only once both sides have moved: PlayStrategy would "
                                           "ignore it now.")
    player.type("7")
    player.hear("You sow 9 stones from pit 7")
    server.opponent_moves(game.id, code_for(server, game.id, 5))
    player.hear("Bob sows 10 stones from pit 5")
    player.type("draw")
    player.hear("You offer a draw.")
    until(lambda: game.draws["p1"])
    player.type("draw")
    assert player.hear("PlayStrategy takes a new draw offer") == (
        "PlayStrategy takes a new draw offer only 20 plies after your last one: 21 more plies to go.")
    player.quit()


def test_a_draw_on_time_when_the_flagged_side_has_81(tmp_path: Path, server: FakePlayStrategy) -> None:
    player = connected(tmp_path, server)
    server.add_game("Time0081", me="p1", opponent="bob", fen="5S,5S,5S,5S,4S,4S,4S,4S,4S/1S,8 81 40 S 30")
    player.hear("You play White against Bob on PlayStrategy.")
    server.flag("Time0081", "p1")
    assert player.hear("Game over").startswith("Game over: your time is up. It is a draw, 81 to 40.")
    player.quit()
    (record,) = archived(tmp_path)
    assert '[Result "1/2-1/2"]' in record and '[Termination "time forfeit"]' in record


@pytest.mark.parametrize("status, winner, said, result", [
    ("timeout", "p1", "PlayStrategy ended the game: Bob left it and did not come back in time.", "1-0"),
    ("noStart", "p2", "PlayStrategy ended the game: you did not make your first move in time.", "0-1"),
    ("cheat", "p1", "PlayStrategy ended the game: it found cheating.", "1-0"),
    ("unknownFinish", None, "PlayStrategy ended the game (unknownFinish).", "1/2-1/2"),
    ("variantEnd", "p2", "PlayStrategy ended the game by the rules, as it counts them.", "0-1"),
    ("banana", "p1", "PlayStrategy ended the game (banana).", "1-0"),
])
def test_every_ending_the_server_sends_ends_the_game_here_with_its_result(
        tmp_path: Path, server: FakePlayStrategy, status: str, winner: str | None, said: str, result: str) -> None:
    player = connected(tmp_path, server)
    game = server.add_game("End00001", me="p1", opponent="bob")
    player.hear("You play White against Bob on PlayStrategy.")
    player.type("7")
    player.hear("You sow 9 stones from pit 7")
    server.end(game.id, status, winner)
    assert player.hear("PlayStrategy ended") == said
    over = player.hear("Game over: the server decided it.")
    assert ("draw" in over) == (result == "1/2-1/2")
    player.type("turn")
    player.hear("Game over")
    player.quit()
    (record,) = archived(tmp_path)
    assert f'[Result "{result}"]' in record and '[Termination "adjudication"]' in record


def test_an_expired_seek_is_said_and_a_reseek_with_another_time_control_works_at_once(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    server.seek_expiry = 1.0
    player = connected(tmp_path, server)
    player.type("seek 15+10")
    player.hear("Looking for an opponent for a casual game, 15 minutes each plus 10 seconds a move")
    assert player.hear("Nobody took your seek") == (
        "Nobody took your seek, and PlayStrategy withdrew it (a seek stands 15 minutes). Type seek 15+10 to look "
        "again.")
    server.seek_expiry = 900.0
    player.type("seek 15+10")
    player.hear("Looking for an opponent")
    until(lambda: server.seeks_open == 1)
    player.type("seek 20")
    player.hear("Looking for an opponent for a casual game, 20 minutes each")
    until(lambda: server.seeks_open == 1 and any(not seek.ended and seek.clock.limit == 1200 for seek in server.seeks))
    assert not any("seek stopped" in line for line in player.seen)
    game = server.match_seek("bob", me="p1")
    assert player.hear("You play White against Bob") == ("You play White against Bob, 20. Move within 30 seconds, or "
                                                          "PlayStrategy aborts the game.")  # 20+0 is Rapid
    player.type("7")
    player.hear("You sow 9 stones from pit 7")
    assert game.codes == ["g1f2"] or len(game.codes) == 1
    player.quit()


def test_the_first_move_deadline_is_said_at_the_start_of_a_game_from_a_seek(tmp_path: Path,
                                                                            server: FakePlayStrategy) -> None:
    player = connected(tmp_path, server)
    player.type("seek 15+10")
    player.hear("Looking for an opponent")
    until(lambda: server.seeks_open == 1)
    server.match_seek("bob", me="p2")
    assert player.hear("You play Black against Bob") == (
        "You play Black against Bob, 15+10. After their first move you have 30 seconds for yours, or PlayStrategy "
        "aborts the game.")
    player.quit()


def test_the_record_of_an_online_game_names_the_account_and_the_games_address(tmp_path: Path,
                                                                              server: FakePlayStrategy) -> None:
    player = connected(tmp_path, server)
    game = server.add_game("Rec00001", me="p2", opponent="bob")
    player.hear("You play Black against Bob on PlayStrategy.")
    server.opponent_resigns(game.id)
    player.hear("Game over")
    player.quit()
    (text,) = archived(tmp_path)
    record = read_record(text)
    assert record.tags["Black"] == "Me" and record.tags["White"] == "Bob"
    assert record.tags["Site"] == f"{server.url}/Rec00001"
