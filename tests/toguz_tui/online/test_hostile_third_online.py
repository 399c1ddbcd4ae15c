"""Regression tests for the third hostile pass (issue 34), its online items: one test per numbered item,
named after it, doing what the user did (``toguz online`` with piped input against the stand-in)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tests.toguz_tui.conftest import environment
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.test_online_rules import connected
from tests.toguz_tui.online.test_online_words import online
from tests.waiting import until
from toguz_tui.online.network import token_store
from toguz_tui.online.network.client import server_address


@pytest.fixture
def no_keyring(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(token_store, "_keyring", lambda: None)


@pytest.mark.parametrize("kept, asked", [
    ("/good-server", "/good.server"),
    ("/lila_a", "/lila-a"),
    ("/" + "x" * 79 + "1", "/" + "x" * 79 + "2"),  # the same first 80 characters
], ids=["a dash and a dot", "a dash and an underscore", "the same first 80 characters"])
def test_1_a_token_kept_for_one_server_address_is_never_sent_to_another(
        tmp_path: Path, server: FakePlayStrategy, no_keyring: None, kept: str, asked: str) -> None:
    config = tmp_path / "config"
    good, other = server_address(server.url + kept), server_address(server.url + asked)
    token_store.store(server.token, "me", config, good)
    assert token_store.token_file(config, good) != token_store.token_file(config, other)
    assert token_store.load(config, server=other) is None
    done = online(tmp_path, "--line", "--speech", "off", "--server", other, given="seek 15+10\nquit\n")
    assert done.returncode == 0 and done.stderr == ""
    assert f"Not logged in to {other}: you can watch live games" in done.stdout  # no token: watching only
    assert f"make a token at {other} (account settings" in done.stdout
    assert server.requests == [] and server.bearers == [], "nothing, and no token, went to the other address"
    assert token_store.load(config, server=good) == server.token


def test_1_addresses_that_read_alike_keep_a_token_file_each(tmp_path: Path, no_keyring: None) -> None:
    config = tmp_path / "config"
    token_store.store("token-of-the-dev-site", "me", config, "https://lila-dev.example.org")
    assert token_store.load(config, server="https://lila.dev-example.org") is None
    token_store.store("token-of-the-other-one", "me", config, "https://lila.dev-example.org")
    assert token_store.load(config, server="https://lila-dev.example.org") == "token-of-the-dev-site"
    assert token_store.token_file(config, "https://lila-dev.example.org").name.startswith("online-token-lila-dev.example.org-")
    token_store.store("token-of-the-path", "me", config, "https://example.org/a")
    assert token_store.load(config, server="https://example.org.a") is None


@pytest.mark.parametrize("address, words", [
    ("https://example.org/" + "a" * 70_000,
     "the server's address is 70020 characters long; toguz takes addresses of up to 300"),
    ("https://" + "a" * 100 + ".org", "'https://" + "a" * 72 + "' is not a web address"),
    ("https://ex..org", "'https://ex..org' is not a web address"),
], ids=["70000 characters", "a 100-character label", "an empty label"])
def test_6_a_70000_character_server_address_is_one_plain_line(tmp_path: Path, address: str, words: str) -> None:
    env = {**environment(tmp_path), token_store.ENVIRONMENT: "a-token-of-mine-1234"}
    done = online(tmp_path, "--line", "--speech", "off", "--server", address, given="quit\n", env=env)
    assert done.returncode == 2
    assert done.stderr.strip() == f"toguz online: {words}."
    assert done.stdout == ""


@pytest.mark.slow
def test_8_an_accepted_seek_is_never_said_to_have_expired(tmp_path: Path, server: FakePlayStrategy) -> None:
    player = connected(tmp_path, server)
    player.type("seek 15+10")
    player.hear("Looking for an opponent")
    until(lambda: server.seeks_open == 1)
    gap = threading.Event()  # the game's start comes after the seek's request is closed, as on the server
    matched = threading.Thread(target=server.match_seek, args=("bob",), kwargs={"me": "p1", "gap": gap})
    matched.start()
    until(lambda: server.seeks_open == 0)
    player.type("board")  # a round trip through toguz while its seek's request ends
    player.hear("No online game is going on")
    gap.set()
    matched.join(30)
    player.hear("You play White against Bob")
    assert not [line for line in player.seen if "Nobody took your seek" in line]
    player.quit()


def test_11_with_no_token_for_another_server_the_advice_names_that_server(tmp_path: Path) -> None:
    done = online(tmp_path, "--line", "--server", "https://lila.example.org", given="quit\n")
    assert done.returncode == 0 and done.stderr == ""  # no token: it starts, watching only
    assert "then quit and run toguz online login --server https://lila.example.org." in done.stdout
