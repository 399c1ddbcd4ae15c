"""PlayStrategy's Board API over HTTP: the streams (NDJSON) and the commands, with httpx.

httpx is chosen over berserk (lichess's client): berserk's base URL can be changed, but its models and
its parsing are lichess's (``white``/``black``, chess variants), while PlayStrategy names the sides ``p1``
and ``p2``, keys the seek's variant as ``7_togyzkumalak`` and asks for fields lichess does not; the few
endpoints a board client needs are plain requests and line-by-line streams, which httpx does well.

A server is hostile until checked (a proxy or a network can misbehave as well as the server):

- the address must be https, or http to this machine only (127.0.0.0/8, ::1): the token is never sent
  in clear text over a network (``server_address``); redirects are not followed;
- every answer is read raw and bounded: a body at most ``LONGEST_BODY`` bytes once unpacked (gzip and
  deflate are unpacked here, step by step, so a small bomb cannot grow), an error text at most
  ``LONGEST_ERROR``; each line of a stream at most ``LONGEST_LINE`` and a stream that sends no whole line
  for ``STREAM_SILENCE`` seconds is broken (the server sends a keep-alive every 3 to 6 seconds);
- every request has a total deadline (``DEADLINE``), so a server that drips one byte at a time cannot
  hold it; the requests are made off the interface's thread by ``toguz_tui.online.errands``;
- every failure becomes an ``OnlineError`` whose reason is one plain sentence part for a person (never a
  web page, a Python error name or the token), with whether the request reached the server.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import socket
import threading
import time
import urllib.parse
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

import httpx

from speech.words.i18n import _

DEFAULT_SERVER = "https://playstrategy.org"
SEEK_VARIANT = "7_togyzkumalak"  # PlayStrategy's game family 7, the variant's key
CHALLENGE_VARIANT = "togyzkumalak"
LONGEST_LINE = 256 * 1024  # bytes: a gameFull of a long game is some kilobytes
LONGEST_BODY = 1024 * 1024  # bytes, unpacked: an answer to a command is some hundred bytes
LONGEST_ERROR = 64 * 1024  # bytes of an error's body read at most (its words are cut to 200 characters)
LONGEST_SKIPPED = 8 * 1024 * 1024  # bytes of over-long lines a stream may send before it counts as broken
DEADLINE = 15.0  # seconds for a whole request, answer included
STREAM_SILENCE = 25.0  # seconds a stream may go without a whole line (keep-alives come every 3 to 6)
RETRY_AFTER = 60.0  # seconds to wait after a 429 that does not say
TIMEOUT = httpx.Timeout(8.0, read=10.0)
STREAM_TIMEOUT = httpx.Timeout(8.0, read=20.0)  # a stream's keep-alives come every few seconds

Delivery = Literal["refused", "unsent", "unknown"]  # the server answered no; it never got it; the answer was lost


@dataclass
class OnlineError(Exception):
    """A request that failed: the HTTP status (None when no answer came), the reason in a person's words,
    for a 429 how long to wait, and whether the server got the request (``delivery``)."""

    status: int | None
    reason: str
    retry_after: float | None = None
    delivery: Delivery = "refused"

    def __str__(self) -> str:
        return self.reason


def server_address(url: str) -> str:
    """``url`` as a server's address (scheme and host, no slash at the end); ``OnlineError`` when it is
    not an http(s) address, or is plain http to another machine (the token would travel in clear)."""
    try:
        parts = urllib.parse.urlsplit(url.strip())
        host = parts.hostname or ""
        parts.port  # noqa: B018  (a port that is not a number raises here)
    except ValueError:
        raise OnlineError(None, _("{url} is not a web address").format(url=repr(url[:80])), delivery="unsent") \
            from None
    if parts.scheme not in ("http", "https") or not host:
        raise OnlineError(None, _("{url} is not an http or https address").format(url=repr(url[:80])),
                          delivery="unsent")
    if parts.scheme == "http" and not _this_machine(host):
        raise OnlineError(None, _("{url} is plain http to another machine, where your token would travel "
                                  "unencrypted: use https").format(url=url[:80]), delivery="unsent")
    return f"{parts.scheme}://{parts.netloc}{parts.path}".rstrip("/")


def _this_machine(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Client:
    """One player's connection to a lila-based server (PlayStrategy by default)."""

    def __init__(self, token: str, server: str = DEFAULT_SERVER, transport: httpx.BaseTransport | None = None,
                 timeout: httpx.Timeout = TIMEOUT, deadline: float = DEADLINE) -> None:
        self.server = server_address(server)
        self.host = urllib.parse.urlsplit(self.server).netloc
        self.deadline = deadline
        self._http = httpx.Client(base_url=self.server, headers={"Authorization": f"Bearer {token}",
                                                                 "Accept": "application/json",
                                                                 "Accept-Encoding": "gzip, deflate"},
                                  transport=transport, timeout=timeout, follow_redirects=False)
        self._closed = threading.Event()
        self._reading = 0  # requests and streams being read: the last to end closes httpx after close()
        self._count_lock = threading.Lock()
        self._sockets: set[socket.socket] = set()  # the streams' connections, shut at close to end their reads

    def __repr__(self) -> str:
        return f"Client(server={self.server!r})"  # never the token

    @property
    def closed(self) -> bool:
        """Whether ``close`` was called."""
        return self._closed.is_set()

    def close(self) -> None:
        """Close the connections. A stream being read in another thread is shut at once (so the server
        sees a seek withdrawn now, not at the next keep-alive); its thread then closes the client: an
        httpx client must not be closed under a read in another thread."""
        self._closed.set()
        with self._count_lock:
            sockets, reading = list(self._sockets), self._reading
        for connection in sockets:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        if not reading:
            self._http.close()

    # -- requests -----------------------------------------------------------------------------
    def _request(self, method: str, path: str, data: dict[str, str] | None = None) -> dict[str, Any]:
        deadline = time.monotonic() + self.deadline
        with self._reading_one():
            try:
                with self._http.stream(method, path, data=data) as response:
                    if response.status_code != 200:
                        _check(response, _body(response, LONGEST_ERROR, deadline, self.host, cut=True))
                    body = _body(response, LONGEST_BODY, deadline, self.host)
            except httpx.HTTPError as error:
                raise _network_error(error, self.host) from None
        return _json_object(body)

    def account(self) -> dict[str, Any]:
        """The account the token belongs to (``id``, ``username``)."""
        return self._request("GET", "/api/account")

    def challenge(self, user: str, seconds: int, increment: int, rated: bool) -> dict[str, Any]:
        """Challenge ``user`` to a game on the clock; the challenge the server made.

        Play binds each of the form's four clock sub-forms (Fischer, simple delay, Bronstein delay,
        byoyomi) as soon as any ``clock.*`` field is there, and refuses the form if one lacks a field
        (lila's SetupForm.api); ApiConfig.from then takes the byoyomi one first. So every field is sent,
        the delays and the byoyomi at 0: a byoyomi clock without byoyomi, which runs as a Fischer clock
        of ``seconds`` + ``increment`` and is shown as such ("15+10")."""
        data = {"variant": CHALLENGE_VARIANT, "rated": _flag(rated), "clock.limit": str(seconds),
                "clock.increment": str(increment), "clock.delay": "0", "clock.byoyomi": "0", "clock.periods": "0"}
        return self._request("POST", f"/api/challenge/{_part(user)}", data)

    def accept(self, challenge: str) -> None:
        """Accept a challenge (its game starts; the event stream says so)."""
        self._request("POST", f"/api/challenge/{_part(challenge)}/accept")

    def decline(self, challenge: str, reason: str = "generic") -> None:
        """Decline a challenge."""
        self._request("POST", f"/api/challenge/{_part(challenge)}/decline", {"reason": reason})

    def move(self, game: str, code: str) -> None:
        """Play a move (its code, ``f1e2``)."""
        self._request("POST", f"/api/board/game/{_part(game)}/move/{_part(code)}")

    def command(self, game: str, what: str) -> None:
        """``abort``, ``resign``, ``draw/yes`` or ``draw/no`` in a game."""
        if what not in ("abort", "resign", "draw/yes", "draw/no"):
            raise ValueError(what)
        self._request("POST", f"/api/board/game/{_part(game)}/{what}")

    def chat(self, game: str, text: str) -> None:
        """Say ``text`` to the opponent in the game's chat."""
        self._request("POST", f"/api/board/game/{_part(game)}/chat", {"room": "player", "text": text})

    # -- streams ------------------------------------------------------------------------------
    def events(self, opened: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
        """The account's events as they come (gameStart, gameFinish, challenge ...): ends when the server
        closes the stream; ``OnlineError`` when it cannot be opened or breaks. ``opened`` is called once
        the server has answered."""
        return self._stream("GET", "/api/stream/event", opened=opened)

    def game(self, game: str, opened: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
        """One game's stream: ``gameFull`` first, then ``gameState`` and ``chatLine``; it ends after the
        game's last state."""
        return self._stream("GET", f"/api/board/game/stream/{_part(game)}", opened=opened)

    def seek(self, minutes: float, increment: int, rated: bool) -> Iterator[dict[str, Any]]:
        """Seek an opponent: the request stays open while the seek stands (the game is announced on the
        event stream); closing the iterator, or the client, withdraws it. The server ends it by itself
        after 15 minutes (lila's HookRepo.cleanupOld)."""
        data = {"variant": SEEK_VARIANT, "time": f"{minutes:g}", "increment": str(increment), "byoyomi": "0",
                "periods": "0", "rated": _flag(rated)}
        return self._stream("POST", "/api/board/seek", data)

    def _stream(self, method: str, path: str, data: dict[str, str] | None = None,
                opened: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
        with self._reading_one():
            try:
                with self._http.stream(method, path, data=data, timeout=STREAM_TIMEOUT) as response:
                    if response.status_code != 200:
                        _check(response, _body(response, LONGEST_ERROR, time.monotonic() + self.deadline,
                                               self.host, cut=True))
                    if opened is not None:
                        opened()
                    connection = _socket_of(response)
                    self._hold(connection, True)
                    try:
                        for line in _lines(_unpacked(response, self.host)):
                            if self._closed.is_set():
                                return
                            found = _json_object(line, strict=False)
                            if found:
                                yield found
                    finally:
                        self._hold(connection, False)
            except httpx.HTTPError as error:
                if self._closed.is_set():
                    return
                raise _network_error(error, self.host) from None

    def _reading_one(self) -> _Reading:
        return _Reading(self)

    def _hold(self, connection: socket.socket | None, held: bool) -> None:
        if connection is None:
            return
        with self._count_lock:
            if held:
                self._sockets.add(connection)
            else:
                self._sockets.discard(connection)
        if held and self._closed.is_set():
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)


def _socket_of(response: httpx.Response) -> socket.socket | None:
    """The socket a response is read from (None where the transport has none, as in tests' mocks)."""
    stream = response.extensions.get("network_stream")
    found = stream.get_extra_info("socket") if stream is not None else None
    return found if isinstance(found, socket.socket) else None


class _Reading:
    """Counts a request or stream being read; the last one to end after ``close`` closes httpx."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def __enter__(self) -> None:
        with self.client._count_lock:
            self.client._reading += 1

    def __exit__(self, *exc: object) -> None:
        client = self.client
        with client._count_lock:
            client._reading -= 1
            last = client._reading == 0
        if last and client._closed.is_set():
            client._http.close()


def _unpacked(response: httpx.Response, host: str) -> Iterator[bytes]:
    """The body's bytes as they come, unpacked step by step when gzip or deflate (never more than
    ``LONGEST_LINE`` at a time, so a bomb unpacks no faster than it is read)."""
    encoding = response.headers.get("Content-Encoding", "").strip().lower()
    if encoding in ("", "identity"):
        yield from response.iter_raw()
        return
    if encoding not in ("gzip", "x-gzip", "deflate"):
        raise OnlineError(response.status_code, _("{host} answered in a form toguz cannot read").format(host=host),
                          delivery="unknown")
    inflater = zlib.decompressobj(zlib.MAX_WBITS | 32)  # gzip or zlib, told by its header
    try:
        for chunk in response.iter_raw():
            pending = chunk
            while pending:
                out = inflater.decompress(pending, LONGEST_LINE)
                pending = inflater.unconsumed_tail
                if out:
                    yield out
                elif pending:
                    break
    except zlib.error:
        raise OnlineError(response.status_code, _("{host} sent a broken answer").format(host=host),
                          delivery="unknown") from None


def _body(response: httpx.Response, limit: int, deadline: float, host: str, cut: bool = False) -> bytes:
    """The whole body, unpacked, within ``deadline`` and ``limit`` bytes (``cut``: an error's body is
    kept up to the limit and the rest left unread; else a longer body is an error)."""
    body = bytearray()
    for chunk in _unpacked(response, host):
        body += chunk
        if len(body) > limit:
            if cut:
                return bytes(body[:limit])
            raise OnlineError(response.status_code, _("{host} sent an answer far too long").format(host=host),
                              delivery="unknown")
        if time.monotonic() > deadline:
            raise OnlineError(None, _("{host} did not finish its answer in time").format(host=host),
                              delivery="unknown")
    return bytes(body)


def _lines(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """The lines of a byte stream; a line longer than ``LONGEST_LINE`` is dropped, not kept in memory.
    The stream is broken (``OnlineError``) after ``STREAM_SILENCE`` seconds without a whole line, or
    ``LONGEST_SKIPPED`` bytes of dropped lines."""
    pending = b""
    dropping = False
    skipped = 0
    last_line = time.monotonic()
    for chunk in chunks:
        pending += chunk
        while True:
            end = pending.find(b"\n")
            if end < 0:
                break
            line, pending = pending[:end], pending[end + 1:]
            last_line = time.monotonic()
            if dropping:
                dropping = False
                continue
            yield line
        if len(pending) > LONGEST_LINE:
            skipped += len(pending)
            pending, dropping = b"", True
        if skipped > LONGEST_SKIPPED:
            raise OnlineError(None, _("the server sent lines far too long"), delivery="unknown")
        if time.monotonic() - last_line > STREAM_SILENCE:
            raise OnlineError(None, _("the server went silent"), delivery="unknown")
    if pending and not dropping:
        yield pending


def _json_object(data: bytes, strict: bool = True) -> dict[str, Any]:
    """``data`` as a JSON object; empty for a blank line, or for anything else when not ``strict``."""
    text = data.strip()
    if not text:
        return {}
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        found = None
    if isinstance(found, dict):
        return found
    if strict:
        raise OnlineError(200, _("the server's answer could not be read"), delivery="unknown")
    return {}


def _check(response: httpx.Response, body: bytes) -> None:
    """``OnlineError`` for any answer but 200, in a person's words (the server's own when it gives some)."""
    status = response.status_code
    if status == 200:
        return
    words = _server_words(body)
    if status == 429:
        try:
            retry = min(600.0, max(1.0, float(response.headers.get("Retry-After", RETRY_AFTER))))
        except ValueError:
            retry = RETRY_AFTER
        raise OnlineError(status, _("the server asks to wait {seconds} seconds before asking again").format(
            seconds=round(retry)), retry)
    if status == 401:
        reason = _("the server does not know this token ({words}): make a new one with the scope board:play and "
                   "run toguz online login").format(words=words or "401")
    elif status == 403:
        reason = _("the token may not do this ({words}): it needs the scope board:play").format(words=words or "403")
    elif status >= 500:
        raise OnlineError(status, _("the server is in trouble (HTTP {status}); try again in a minute").format(
            status=status), delivery="unknown")
    elif words:
        reason = words
    else:
        reason = _("the server refused it (HTTP {status})").format(status=status)
    raise OnlineError(status, reason)


def _server_words(body: bytes) -> str:
    """What an error body says: ``{"error": "..."}``, a form's field errors, or one short line of plain
    text; nothing from a web page or from text with control characters."""
    text = body.decode("utf-8", "replace").strip()
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        line = " ".join(text.split())[:200]
        if not line or "<" in line or any(not char.isprintable() for char in line):
            return ""
        return line
    if isinstance(found, dict):
        error = found.get("error")
        if isinstance(error, str):
            return _printable(error)
        fields = error if isinstance(error, dict) else found
        parts = [f"{key}: {', '.join(str(item) for item in value)}" if isinstance(value, list) else str(key)
                 for key, value in fields.items() if key != "error"]
        return _printable("; ".join(parts))
    return ""


def _printable(text: str) -> str:
    return "".join(char if char.isprintable() else " " for char in " ".join(text.split()))[:200]


def _network_error(error: httpx.HTTPError, host: str) -> OnlineError:
    """A network failure in a person's words (never the request's headers or Python's names)."""
    if isinstance(error, httpx.ConnectTimeout):
        return OnlineError(None, _("{host} did not answer").format(host=host), delivery="unsent")
    if isinstance(error, httpx.ConnectError):
        if "ssl" in str(error).lower() or "certificate" in str(error).lower():
            return OnlineError(None, _("the secure connection to {host} failed (is it an https server?)").format(
                host=host), delivery="unsent")
        return OnlineError(None, _("could not reach {host}: check the network and the address").format(host=host),
                           delivery="unsent")
    if isinstance(error, httpx.TimeoutException):
        return OnlineError(None, _("{host} did not answer in time").format(host=host), delivery="unknown")
    if isinstance(error, httpx.UnsupportedProtocol):
        return OnlineError(None, _("{host} is not an http or https address").format(host=host), delivery="unsent")
    return OnlineError(None, _("the connection to {host} broke off").format(host=host), delivery="unknown")


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _part(text: str) -> str:
    """A path part from the user or the server: letters, digits, ``_`` and ``-`` only."""
    if not text or len(text) > 40 or not all(char.isascii() and (char.isalnum() or char in "_-") for char in text):
        raise OnlineError(None, _("not a name or an id: {text}").format(text=repr(text[:40])), delivery="unsent")
    return text
