"""Textual's terminal driver, made to write each frame in one piece.

Textual writes its frames to ``sys.__stderr__``, which Python line-buffers: every line of a frame
leaves in its own write. A screen reader that reads the terminal as output arrives (Fenrir reads
2 KB at a time, a millisecond apart) then sees frames half drawn, with the cursor on a line that
did not change, and reads that line out, cutting off the message being spoken. Here the frames go
through a large buffer that Textual flushes once a frame.

In the screen-reader mode the two queries Textual sends at start-up (for synchronized output and
in-band resizing) are left out: terminals that do not know them print a stray ``p`` for each,
and a screen reader says it.
"""

from __future__ import annotations

import io
import os
import sys
from typing import TYPE_CHECKING, Any

from textual.driver import Driver

from speech.system import system

if TYPE_CHECKING:
    from textual.app import App

FRAME_BUFFER = 1 << 18


def driver_class(quiet_start: bool) -> type[Driver] | None:
    """The driver for this platform (``None``: Textual's own choice, as on Windows)."""
    if system() == "win32":
        return None
    from textual.drivers.linux_driver import LinuxDriver

    class WholeFrameDriver(LinuxDriver):
        """Textual's Unix driver with frames written whole."""

        def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                     size: tuple[int, int] | None = None) -> None:
            super().__init__(app, debug=debug, mouse=mouse, size=size)
            stream = sys.__stderr__
            if stream is not None:
                raw = io.FileIO(os.dup(stream.fileno()), "w", closefd=True)
                self._file = io.TextIOWrapper(io.BufferedWriter(raw, buffer_size=FRAME_BUFFER),
                                              encoding="utf-8", errors="replace", line_buffering=False)

        def _request_terminal_sync_mode_support(self) -> None:
            if not quiet_start:
                super()._request_terminal_sync_mode_support()

        def _query_in_band_window_resize(self) -> None:
            if not quiet_start:
                super()._query_in_band_window_resize()

    return WholeFrameDriver
