"""The PlayStrategy client against a local server that speaks the Board API's shapes: streams, commands,
the errors a player can meet (a bad token, a 429, a refused move, a dropped stream), and the token."""

from __future__ import annotations

import itertools
import os
import stat
import threading
import time
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

from tests.toguz_tui.online.server import FakePlayStrategy
from toguz_tui.online.network import token_store
from toguz_tui.online.network.client import Client, OnlineError


@pytest.fixture
def client(server: FakePlayStrategy) -> Iterator[Client]:
    made = Client(server.token, server.url)
    yield made
    made.close()


def test_the_account_answers_and_a_wrong_token_is_said_in_the_servers_words(server: FakePlayStrategy,
                                                                            client: Client) -> None:
    assert client.account()["id"] == "me"
    stranger = Client("not-the-token", server.url)
    with pytest.raises(OnlineError) as caught:
        stranger.account()
    assert caught.value.status == 401
    assert str(caught.value) == ("the server does not know this token (No such token): make a new one with the scope "
                                 "board:play and run toguz online login")
    assert "not-the-token" not in repr(stranger) and "not-the-token" not in str(caught.value)
    stranger.close()


def test_the_event_stream_gives_games_and_challenges_and_skips_keep_alives(server: FakePlayStrategy,
                                                                          client: Client) -> None:
    server.add_challenge()
    server.add_game()
    events = client.events()
    first, second = next(events), next(events)  # on connect: the games going on, then the challenges waiting
    assert first["type"] == "gameStart" and first["game"]["playerIndex"] == "p1"
    assert first["game"]["variant"]["key"] == "togyzkumalak"
    assert second["type"] == "challenge" and second["challenge"]["timeControl"]["show"] == "15+10"
    assert isinstance(events, Generator)
    events.close()


def test_a_game_streams_its_full_state_then_each_move_then_ends(server: FakePlayStrategy, client: Client) -> None:
    server.add_game(me="p2")
    lines = client.game("AbCd1234")
    full = next(lines)
    assert full["type"] == "gameFull" and full["initialFen"] == "startpos"
    assert full["clock"] == {"initial": 600_000, "increment": 5_000, "clockType": "fischer"}
    assert full["p2"]["id"] == "me" and full["state"]["moves"] == ""
    server.opponent_moves("AbCd1234", "f1e2")
    state = next(lines)
    assert state["type"] == "gameState" and state["moves"] == "f1e2" and state["activeplayer"] == "p2"
    client.move("AbCd1234", "d2e1")
    assert next(lines)["moves"] == "f1e2 d2e1"
    server.chat_from_opponent("AbCd1234", "gl hf")
    assert next(lines) == {"type": "chatLine", "room": "player", "username": "Someone", "text": "gl hf"}
    server.flag("AbCd1234", "p1")
    final = next(lines)
    assert (final["status"], final["winner"]) == ("outoftime", "p2")
    assert list(lines) == [], "the stream ends after the game's last state"


def test_a_refused_move_and_a_429_are_errors_with_the_servers_words(server: FakePlayStrategy,
                                                                   client: Client) -> None:
    server.add_game()
    with pytest.raises(OnlineError) as caught:
        client.move("AbCd1234", "a1a1")
    assert caught.value.status == 400 and str(caught.value).startswith("Not a valid move: a1a1")
    server.limit_next()
    with pytest.raises(OnlineError) as caught:
        client.move("AbCd1234", "f1e2")
    assert caught.value.status == 429 and caught.value.retry_after == 60
    assert str(caught.value) == "the server asks to wait 60 seconds before asking again"
    client.move("AbCd1234", "f1e2")  # after the wait, the same move goes through
    assert server.games["AbCd1234"].codes == ["f1e2"]
    with pytest.raises(OnlineError) as caught:
        client.move("../account", "f1e2")
    assert caught.value.status is None


def test_a_seek_sends_playstrategys_fields_and_is_withdrawn_when_closed(server: FakePlayStrategy,
                                                                       client: Client) -> None:
    seeking = client.seek(15, 10, rated=False)
    reader = threading.Thread(target=lambda: list(itertools.islice(seeking, 1)), daemon=True)
    reader.start()
    for _ in range(100):
        if server.seeks_open:
            break
        time.sleep(0.02)
    assert server.seeks_open == 1
    method, path, form = next(request for request in server.requests if request[1] == "/api/board/seek")
    assert (method, path) == ("POST", "/api/board/seek")
    assert form == {"variant": "7_togyzkumalak", "time": "15", "increment": "10", "byoyomi": "0", "periods": "0",
                    "rated": "false"}
    client.close()  # the player leaves: the seek's request ends
    reader.join(5)
    assert not reader.is_alive()


def test_commands_and_chat_reach_the_game(server: FakePlayStrategy, client: Client) -> None:
    server.add_game()
    client.chat("AbCd1234", "hello")
    client.command("AbCd1234", "draw/yes")
    assert not server.games["AbCd1234"].draws["p1"], "before both sides have moved an offer does not count"
    client.move("AbCd1234", "f1e2")
    server.opponent_moves("AbCd1234", "d2e1")
    client.command("AbCd1234", "draw/yes")
    assert server.games["AbCd1234"].draws["p1"]
    server.add_game("Gone0001")
    client.command("Gone0001", "abort")
    assert server.games["Gone0001"].status == "aborted"
    server.add_challenge("Qx7Lm2Pa")
    server.add_challenge("Qx7Lm2Pb")
    client.accept("Qx7Lm2Pa")
    client.decline("Qx7Lm2Pb")
    made = client.challenge("alice", 900, 10, rated=False)
    assert made["challenge"]["id"] == "NewChal1"
    form = server.requests[-1][2]
    assert form == {"variant": "togyzkumalak", "rated": "false", "clock.limit": "900", "clock.increment": "10",
                    "clock.delay": "0", "clock.byoyomi": "0", "clock.periods": "0"}
    with pytest.raises(ValueError):
        client.command("AbCd1234", "takeback/yes")


def test_a_dropped_stream_just_ends_and_a_new_one_starts_with_the_full_state(server: FakePlayStrategy,
                                                                            client: Client) -> None:
    server.add_game()
    lines = client.game("AbCd1234")
    assert next(lines)["type"] == "gameFull"
    client.move("AbCd1234", "f1e2")
    assert next(lines)["moves"] == "f1e2"
    server.drop_streams()
    assert list(lines) == []
    again = client.game("AbCd1234")
    full = next(again)
    assert full["type"] == "gameFull" and full["state"]["moves"] == "f1e2"
    assert isinstance(again, Generator)
    again.close()


def test_an_unreachable_server_is_one_error_not_a_traceback() -> None:
    lost = Client("x" * 20, "http://127.0.0.1:9")
    with pytest.raises(OnlineError) as caught:
        lost.account()
    assert caught.value.status is None and caught.value.delivery == "unsent"
    assert str(caught.value) == "could not reach 127.0.0.1:9: check the network and the address"
    with pytest.raises(OnlineError):
        next(lost.events())
    lost.close()


# The token -------------------------------------------------------------------------------------------

@pytest.fixture
def no_keyring(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(token_store, "_keyring", lambda: None)
    monkeypatch.delenv(token_store.ENVIRONMENT, raising=False)


def test_without_a_keyring_the_token_is_kept_in_a_file_only_the_user_can_read(tmp_path: Path,
                                                                             no_keyring: None) -> None:
    where = token_store.store("  lip_abcDEF123456  \n", "me", tmp_path)
    path = token_store.token_file(tmp_path)
    assert where == f"in {path}, readable only by you"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert token_store.load(tmp_path) == "lip_abcDEF123456"
    assert token_store.remove(tmp_path) and token_store.load(tmp_path) is None
    assert not token_store.remove(tmp_path)


def test_a_keyring_that_works_keeps_it_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept: dict[tuple[str, str], str] = {}

    class Ring:
        def set_password(self, service: str, name: str, value: str) -> None:
            kept[service, name] = value

        def get_password(self, service: str, name: str) -> str | None:
            return kept.get((service, name))

        def delete_password(self, service: str, name: str) -> None:
            del kept[service, name]

    monkeypatch.setattr(token_store, "_keyring", lambda: Ring())
    monkeypatch.delenv(token_store.ENVIRONMENT, raising=False)
    assert token_store.store("lip_secret99", "me", tmp_path) == "in the system keyring"
    assert not token_store.token_file(tmp_path).exists()
    assert token_store.load(tmp_path) == "lip_secret99"
    assert token_store.remove(tmp_path) and kept == {}


def test_scripts_give_the_token_in_a_file_or_the_environment_and_bad_ones_are_refused(
        tmp_path: Path, no_keyring: None, monkeypatch: pytest.MonkeyPatch) -> None:
    given = tmp_path / "given"
    given.write_text("lip_fromfile\n")
    assert token_store.load(tmp_path, given) == "lip_fromfile"
    monkeypatch.setenv(token_store.ENVIRONMENT, "lip_fromenv")
    assert token_store.load(tmp_path) == "lip_fromenv"
    monkeypatch.delenv(token_store.ENVIRONMENT)
    shared = token_store.token_file(tmp_path)
    shared.write_text("lip_shared\n")
    os.chmod(shared, 0o644)
    with pytest.raises(token_store.TokenProblem, match="can be read by others"):
        token_store.load(tmp_path)
    for bad in ("", "two words", "x" * 300, "ключ"):
        with pytest.raises(token_store.TokenProblem, match="not a PlayStrategy token"):
            token_store.checked(bad)
    with pytest.raises(token_store.TokenProblem):
        token_store.load(tmp_path, tmp_path)  # a folder, not a file
