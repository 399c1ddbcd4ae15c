"""``toguz online --line`` as a player meets it, against a local server playing the other side: a challenge
accepted, moves both ways announced like a local game's, the server's clocks, chat after moves, a draw
offer, a refused move, a 429, a stream that drops mid-game, and the record archived at the end."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from rules import read_record
from tests.toguz_tui.conftest import environment, toguz_command
from tests.toguz_tui.line.line_player import LinePlayer
from tests.toguz_tui.online.server import FakePlayStrategy


class Player(LinePlayer):
    """``toguz online --line`` against the stand-in ``server``, with its token in a file."""

    def __init__(self, tmp_path: Path, server: FakePlayStrategy) -> None:
        token = tmp_path / "token"
        token.write_text(server.token + "\n")
        super().__init__(tmp_path, ["online", "--line", "--server", server.url, "--token-file", str(token),
                                    "--speech", "off"])


@pytest.mark.slow
def test_a_whole_online_game_is_played_through_the_line_mode(tmp_path: Path, server: FakePlayStrategy) -> None:
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    player.type("7")
    player.hear("No online game is going on.")
    server.add_challenge()
    player.hear("Alice challenges you to a casual game, 15+10: type accept or decline.")
    player.type("accept")
    player.hear("You accepted Alice's challenge")
    player.hear("You play Black against Alice on PlayStrategy. Clocks: 15 minutes each plus 10 seconds a move; the "
                "server starts them at the second move. Move 1: Alice's turn.")
    player.type("7")
    player.hear("Wait: it is your opponent's turn.")
    game = server.games["Qx7Lm2Pa"]
    server.opponent_moves(game.id, "f1e2")
    player.hear("Alice sows 9 stones from pit 6; the last stone falls into your pit 5, which now holds 10. "
                "Alice captures 10.")
    server.chat_from_opponent(game.id, "gl hf")
    player.hear("Alice says: gl hf")
    server.reject_moves = 1
    player.type("6")
    player.hear("PlayStrategy refused your move (Not your turn, or game already over); nothing changed: play it "
                "again to retry.")
    server.limit_next()
    player.type("6")
    player.hear("PlayStrategy asks to wait 60 seconds; your move was not made: play it again then.")
    player.type("6")
    player.hear("You sow 9 stones from pit 6")
    assert game.codes == ["f1e2", "d2e1"]
    player.type("c")
    player.hear("You: 15 minutes")
    server.drop_streams()
    player.hear("The connection to the game was lost")
    server.opponent_moves(game.id, "i1a2")  # made while the stream was down: said once it is back
    player.hear("Connected again to the game.")
    player.hear("Alice sows 10 stones from pit 9")
    player.type("say thanks")
    player.hear("Sent: thanks")
    server.offer_draw(game.id)
    player.hear("Alice offers a draw: type draw to accept, or play on.")
    player.type("undo")
    player.hear("Moves cannot be taken back in an online game.")
    player.type("hint")
    player.hear("No help from the computer in a game against a person online.")
    player.type("new computer")
    player.hear("In toguz online, games start with seek or challenge")
    player.type("draw")
    player.hear("You accept the draw.")
    player.hear("Game over: the players agree to a draw.")
    archived = sorted((tmp_path / "data" / "games").glob("*.pgn"))
    assert len(archived) == 1
    record = read_record(archived[0].read_text(encoding="utf-8"))
    assert record.moves == (6, 6, 9)
    assert record.tags["Black"] != "?" and record.tags["White"] == "Alice"
    player.type("account")  # the game is over: its account, as after any game
    player.hear("Analysing the game's 2 moves in the background")
    account = player.hear("The account of the game.", timeout=60)
    assert "Your play: " in account and "Alice's play: " in account, account
    code, errors = player.quit()
    assert code == 0 and errors == ""
    assert "Traceback" not in "\n".join(player.seen)


@pytest.mark.slow
def test_login_checks_the_token_keeps_it_and_logout_forgets_it(tmp_path: Path, server: FakePlayStrategy) -> None:
    env = environment(tmp_path)
    bad = subprocess.run([*toguz_command(), "online", "login", "--server", server.url], input="wrong-token\n",
                         capture_output=True, text=True, timeout=60, env=env)
    assert bad.returncode == 1 and "No such token" in bad.stderr
    good = subprocess.run([*toguz_command(), "online", "login", "--server", server.url], input=server.token + "\n",
                          capture_output=True, text=True, timeout=60, env=env)
    assert good.returncode == 0, good.stderr
    assert good.stdout.startswith("Logged in to PlayStrategy as me; the token is kept")
    assert server.token not in good.stdout + good.stderr
    other = subprocess.run([*toguz_command(), "online", "logout"], capture_output=True, text=True, timeout=60,
                           env=env)
    assert other.stdout.strip() == "There was no token to forget.", "the token is kept for its own server"
    out = subprocess.run([*toguz_command(), "online", "logout", "--server", server.url], capture_output=True,
                         text=True, timeout=60, env=env)
    assert out.stdout.strip() == "Logged out: the token is forgotten."


def code_for(server: FakePlayStrategy, game_id: str, pit: int) -> str:
    """The code of ``pit`` for the side to move in the server's game."""
    from rules.move import play_move
    from rules.movecode import move_code

    _after, report = play_move(server.games[game_id].game.position, pit)
    return move_code(report, 9)


@pytest.mark.slow
def test_a_seek_finds_a_game_and_a_game_going_on_is_taken_up_at_the_next_start(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    player.type("seek 5+3")
    player.hear("PlayStrategy lets board players play Rapid or slower")
    player.type("seek 15 + 10 rated")
    player.hear("Looking for an opponent for a rated game, 15 minutes each plus 10 seconds a move")
    for _ in range(200):
        if server.seeks_open:
            break
        time.sleep(0.02)
    form = next(request[2] for request in server.requests if request[1] == "/api/board/seek")
    assert form["variant"] == "7_togyzkumalak" and form["rated"] == "true"
    game = server.add_game("Game0001", me="p1", opponent="bob", minutes=15, increment=10)
    player.hear("You play White against Bob on PlayStrategy.")
    for _ in range(200):
        if not server.seeks_open:
            break
        time.sleep(0.02)
    assert server.seeks_open == 0, "the seek is withdrawn once the game starts"
    player.type("7")
    player.hear("You sow 9 stones from pit 7")
    server.opponent_moves(game.id, code_for(server, game.id, 5))
    player.hear("Bob sows 10 stones from pit 5")
    code, errors = player.quit()
    assert code == 0 and errors == ""
    again = Player(tmp_path, server)
    again.hear("Your game against Bob on PlayStrategy, you play White, 2 moves played. Move 2: your turn.")
    again.type("history")
    again.hear("Moves so far. 1: pit 7 to 6, then pit 5 to 5.")
    again.quit()


def test_a_flag_that_falls_at_the_server_ends_the_game_here(tmp_path: Path, server: FakePlayStrategy) -> None:
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    game = server.add_game("Flag0001", me="p1", opponent="bob")
    player.hear("You play White against Bob on PlayStrategy.")
    player.type("7")
    player.hear("You sow 9 stones from pit 7")
    server.opponent_moves(game.id, code_for(server, game.id, 5))
    player.hear("Bob sows 10 stones from pit 5")
    server.flag(game.id, "p1")
    player.hear("Game over: your time is up. Bob wins")
    player.type("c")
    player.hear("You: no time")
    code, errors = player.quit()
    assert code == 0 and errors == ""
    archived = sorted((tmp_path / "data" / "games").glob("*.pgn"))
    assert len(archived) == 1 and '[Termination "time forfeit"]' in archived[0].read_text(encoding="utf-8")


def test_a_move_whose_answer_is_lost_an_abort_and_the_variant_setting(tmp_path: Path,
                                                                      server: FakePlayStrategy) -> None:
    """The server takes a move but its answer is lost: the move is said when the server's state shows it.
    An aborted game leaves nothing going on. A Kozdatu setting does not change the online board."""
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.toml").write_text('variant = "kozdatu"\n')
    player = Player(tmp_path, server)
    player.hear("Connected to PlayStrategy as me.")
    game = server.add_game("Lost0001", me="p1", opponent="bob")
    player.hear("You play White against Bob on PlayStrategy.")
    player.type("z")
    player.hear("An online game's clocks are the server's: they cannot be paused.")
    server.lose_answers = 1
    player.type("7")
    player.hear("You sow 9 stones from pit 7; the last stone falls into Bob's pit 6")  # shown by the game's state
    server.add_challenge("Other001", "carol")
    player.hear("Carol challenges you")
    player.type("accept")
    player.hear("A game is going on; finish it first.")
    server.abort(game.id)
    player.hear("The game was aborted.")
    player.type("5")
    player.hear("No online game is going on.")
    code, errors = player.quit()
    assert code == 0 and errors == ""
    assert not list((tmp_path / "data" / "games").glob("*.pgn")), "an aborted game is not archived"
