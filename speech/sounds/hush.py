"""Keeping the terminal clean while a sound device opens and closes: with no sound card, alsa-lib prints a
page of errors on stderr when a device is opened, and the full-screen board draws on stderr. So ALSA's error
handler is replaced by a silent one (for good: its later messages would land on the board too), and file
descriptor 2 points at /dev/null while the device opens and closes, for any other library's words."""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import os
import sys
from collections.abc import Iterator
from typing import Any

from speech.system import system

_ALSA_HANDLER: Any = None  # the silent handler, kept alive for as long as ALSA may call it


def silence_alsa() -> None:
    """Give alsa-lib an error handler that says nothing (once; where alsa-lib exists)."""
    global _ALSA_HANDLER
    if _ALSA_HANDLER is not None or system() != "linux":
        return
    try:
        alsa = ctypes.CDLL("libasound.so.2")
        handler_type = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int,
                                        ctypes.c_char_p)
        handler = handler_type(_say_nothing)
        alsa.snd_lib_error_set_handler(handler)
    except (OSError, AttributeError):
        return
    _ALSA_HANDLER = handler
    # back to ALSA's own handler before the interpreter (and with it this callback) goes away
    atexit.register(alsa.snd_lib_error_set_handler, None)


def _say_nothing(*_arguments: object) -> None:
    """alsa-lib's message, dropped."""


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Point file descriptor 2 at /dev/null for the block (what C libraries print goes nowhere)."""
    with contextlib.suppress(Exception):
        sys.stderr.flush()
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        saved = os.dup(2)
    except OSError:
        os.close(null)
        yield
        return
    os.dup2(null, 2)
    os.close(null)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
