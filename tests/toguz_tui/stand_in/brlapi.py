"""A stand-in for BRLTTY's Python module ``brlapi``, for a ``toguz`` process started by a test with this
folder on ``PYTHONPATH``: it misbehaves as ``STAND_IN_BRLAPI`` says.

- ``stuck``: BRLTTY's socket accepts but nothing answers: ``Connection()`` connects to the Unix socket
  ``STAND_IN_BRLAPI_SOCKET`` (which the test listens on and never serves) and waits for a reply forever.
- ``write-fails``: the display works, then its second ``writeText`` fails as when BRLTTY restarts.
- ``broken``: the module is there but its import fails with something other than ImportError.

Each window written is added as a line to ``STAND_IN_BRLAPI_LOG`` when that is set.
"""

from __future__ import annotations

import os
import socket
import time

MODE = os.environ.get("STAND_IN_BRLAPI", "")
if MODE == "broken":
    raise RuntimeError("libbrlapi.so.0.8: cannot open shared object file")

KEY_TYPE_CMD = 0x20000000
KEY_CMD_ROUTE = 0x10000
KEY_CMD_FWINLT, KEY_CMD_FWINRT = 23, 24
rangeType_command = 2
CURSOR_OFF = 0


class ConnectionError(Exception):
    """BrlAPI's error."""


class Connection:
    """A connection to a 40-cell display, misbehaving as ``STAND_IN_BRLAPI`` says."""

    def __init__(self) -> None:
        if MODE == "stuck":
            self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.socket.connect(os.environ["STAND_IN_BRLAPI_SOCKET"])
            self.socket.recv(1)  # BRLTTY's greeting, which never comes
        self.displaySize = (40, 1)
        self.writes = 0

    def enterTtyMode(self, tty: int = -1) -> None:
        """Taken."""

    def leaveTtyMode(self) -> None:
        """Given back."""

    def ignoreAllKeys(self) -> None:
        """No keys."""

    def acceptKeys(self, kind: int, keys: list[int]) -> None:
        """These keys."""

    def writeText(self, text: str, cursor: int = 0) -> None:
        """Show ``text`` (logged); the second write fails in ``write-fails``."""
        self.writes += 1
        if MODE == "write-fails" and self.writes > 1:
            raise ConnectionResetError(104, "Connection reset by peer")
        log = os.environ.get("STAND_IN_BRLAPI_LOG")
        if log:
            with open(log, "a", encoding="utf-8") as handle:
                handle.write(text + "\n")

    def readKeyWithTimeout(self, timeout_ms: int = -1) -> int | None:
        """No key is ever pressed."""
        time.sleep(max(0, timeout_ms) / 1000)
        return None

    def closeConnection(self) -> None:
        """Closed."""


def expandKeyCode(code: int) -> dict[str, int]:
    """A key code's parts, as BrlAPI gives them."""
    return {"type": code & 0xE0000000, "command": code & 0x1FFF0000 or code & 0xFFFF, "argument": code & 0xFFFF,
            "flags": 0}
