"""The stand-in's switchable faults, kept apart from ``tests/toguz_tui/online/server.py`` so that it stays
readable: what a broken server, proxy or network can answer (an endless body, one dripping a byte at a time, no answer
at all, a gzip bomb, an HTML error page, any status). None of them comes from PlayStrategy's source;
each is bounded so that a test cannot run away: at most ``MAX_FAULT_BYTES`` sent and
``MAX_FAULT_SECONDS`` spent, and it stops as soon as the client hangs up or the stand-in stops.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.toguz_tui.online.standin_rules import HTML_500, MAX_FAULT_BYTES, MAX_FAULT_SECONDS, gzip_bomb

KINDS = ("endless", "drip", "hold", "gzip_bomb", "html_500", "status")
CHUNK = 64 * 1024


@dataclass
class Fault:
    """A fault on every request whose path starts with ``prefix`` (``times`` requests, or all while set).
    Options: ``status``, ``body`` (bytes or str), ``content_type``, ``headers`` (a dict), ``seconds`` and
    ``max_bytes`` (lowered bounds), ``every`` (drip: seconds between bytes, 5 by default)."""

    prefix: str
    kind: str
    options: dict[str, Any] = field(default_factory=dict)
    times: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"no fault {self.kind!r}: {', '.join(KINDS)}")

    @property
    def seconds(self) -> float:
        return min(float(self.options.get("seconds", MAX_FAULT_SECONDS)), MAX_FAULT_SECONDS)

    @property
    def max_bytes(self) -> int:
        return min(int(self.options.get("max_bytes", MAX_FAULT_BYTES)), MAX_FAULT_BYTES)

    def body(self, default: bytes) -> bytes:
        found = self.options.get("body", default)
        return found.encode() if isinstance(found, str) else bytes(found)


def _head(handler: BaseHTTPRequestHandler, status: int, content_type: str, headers: dict[str, str]) -> None:
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    for name, value in headers.items():
        handler.send_header(name, value)
    handler.end_headers()


def send_fault(handler: BaseHTTPRequestHandler, fault: Fault, stopping: Callable[[], bool],
               released: threading.Event) -> dict[str, Any]:
    """Answer with ``fault``; what it sent: ``{"kind", "path", "bytes", "seconds", "released"}`` (a held
    request that was released is then answered as usual by the caller)."""
    begun = time.monotonic()
    sent = 0
    options = fault.options
    status = int(options.get("status", 500 if fault.kind == "html_500" else 200))
    content_type = str(options.get("content_type", "application/json"))
    headers = dict(options.get("headers", {}))
    try:
        if fault.kind == "hold":  # nothing at all until released, the stand-in stops or the bound passes
            while not released.wait(0.05) and not stopping() and time.monotonic() - begun < fault.seconds:
                pass
            return _log(fault, handler, sent, begun, released=released.is_set() and not stopping())
        if fault.kind in ("html_500", "status", "gzip_bomb"):
            if fault.kind == "html_500":
                body, content_type = fault.body(HTML_500), str(options.get("content_type", "text/html"))
            elif fault.kind == "status":
                body = fault.body(b'{"error":"fault"}')
            else:
                body = gzip_bomb()
                headers["Content-Encoding"] = "gzip"
            headers.setdefault("Content-Length", str(len(body)))
            _head(handler, status, content_type, headers)
            for start in range(0, min(len(body), fault.max_bytes), CHUNK):
                if stopping() or time.monotonic() - begun > fault.seconds:
                    break
                piece = body[start:min(start + CHUNK, fault.max_bytes)]
                handler.wfile.write(piece)
                sent += len(piece)
            return _log(fault, handler, sent, begun)
        _head(handler, status, str(options.get("content_type", "application/x-ndjson")), headers)
        if fault.kind == "endless":  # as fast as the client takes it
            piece = (fault.body(b"x") * (CHUNK // max(1, len(fault.body(b"x"))) + 1))[:CHUNK]
            while sent < fault.max_bytes and not stopping() and time.monotonic() - begun < fault.seconds:
                handler.wfile.write(piece[:fault.max_bytes - sent])
                sent += min(len(piece), fault.max_bytes - sent)
        else:  # drip: one byte of the body (again and again) every `every` seconds
            body, every = fault.body(b'{"ok":true}\n'), float(options.get("every", 5.0))
            while sent < fault.max_bytes and not stopping() and time.monotonic() - begun < fault.seconds:
                handler.wfile.write(body[sent % len(body):sent % len(body) + 1])
                handler.wfile.flush()
                sent += 1
                pause = time.monotonic() + every
                while not stopping() and time.monotonic() < min(pause, begun + fault.seconds):
                    time.sleep(min(0.05, every))
    except (BrokenPipeError, ConnectionResetError, OSError):
        pass  # the client hung up
    return _log(fault, handler, sent, begun)


def _log(fault: Fault, handler: BaseHTTPRequestHandler, sent: int, begun: float,
         released: bool = False) -> dict[str, Any]:
    return {"kind": fault.kind, "path": handler.path, "bytes": sent, "seconds": time.monotonic() - begun,
            "released": released}
