"""Reading a server's answers as hostile until checked: every body bounded once unpacked (gzip and deflate
unpacked here step by step, so a small bomb cannot grow), within a deadline; a stream's lines bounded and
a silent stream broken; every failure an ``OnlineError`` in a person's words (never a web page, a Python
error's name or the token), with whether the request reached the server.
"""

from __future__ import annotations

import json
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

import httpx

from speech.words.i18n import _, n_

LONGEST_LINE = 256 * 1024  # bytes: a gameFull of a long game is some kilobytes
LONGEST_SKIPPED = 8 * 1024 * 1024  # bytes of over-long lines a stream may send before it counts as broken
STREAM_SILENCE = 25.0  # seconds a stream may go without a whole line (keep-alives come every 3 to 6)
RETRY_AFTER = 60.0  # seconds to wait after a 429 that does not say


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


def unpacked(response: httpx.Response, host: str) -> Iterator[bytes]:
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


def body(response: httpx.Response, limit: int, deadline: float, host: str, cut: bool = False) -> bytes:
    """The whole body, unpacked, within ``deadline`` and ``limit`` bytes (``cut``: an error's body is
    kept up to the limit and the rest left unread; else a longer body is an error)."""
    body = bytearray()
    for chunk in unpacked(response, host):
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


def lines(chunks: Iterator[bytes], silence: float = STREAM_SILENCE) -> Iterator[bytes]:
    """The lines of a byte stream, split by index (each byte looked at once, however many lines a chunk
    holds); a line longer than ``LONGEST_LINE`` is dropped, not kept in memory. The stream is broken
    (``OnlineError``) after ``silence`` seconds without a whole line, or ``LONGEST_SKIPPED`` bytes of
    dropped lines."""
    pending = bytearray()  # the start of a line not ended yet (at most LONGEST_LINE bytes)
    dropping = False
    skipped = 0
    last_line = time.monotonic()
    for chunk in chunks:
        start = 0
        end = chunk.find(b"\n")
        if end >= 0:
            last_line = time.monotonic()
        while end >= 0:
            if pending:
                line = bytes(pending) + chunk[start:end]
                pending.clear()
            else:
                line = chunk[start:end]
            start = end + 1
            if dropping:
                dropping = False
            else:
                yield line
            end = chunk.find(b"\n", start)
        if not dropping:
            pending += chunk[start:]
        else:
            skipped += len(chunk) - start
        if len(pending) > LONGEST_LINE:
            skipped += len(pending)
            pending.clear()
            dropping = True
        if skipped > LONGEST_SKIPPED:
            raise OnlineError(None, _("the server sent lines far too long"), delivery="unknown")
        if time.monotonic() - last_line > silence:
            raise OnlineError(None, _("the server went silent"), delivery="unknown")
    if pending and not dropping:
        yield bytes(pending)


def json_object(data: bytes, strict: bool = True) -> dict[str, Any]:
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


def check(response: httpx.Response, body: bytes) -> None:
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
        raise OnlineError(status, n_("the server asks to wait {seconds} second before asking again",
                                     "the server asks to wait {seconds} seconds before asking again",
                                     round(retry)).format(seconds=round(retry)), retry)
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


def network_error(error: httpx.HTTPError, host: str) -> OnlineError:
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
