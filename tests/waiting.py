"""The tests' one way to wait: for what they check, never for a fixed time.

``until`` polls a condition from a test's own thread; ``pilot_until`` polls it between the frames of a
Textual app under test (``Pilot.pause``), so that the app runs while the test waits. Both fail saying
``what`` (the state the test was waiting on) when the time runs out; the time is a bound for a busy
machine, not a pace.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

POLL_SECONDS = 0.05


def until(check: Callable[[], object], timeout: float = 10.0, what: Callable[[], object] = lambda: "") -> None:
    """Return once ``check()`` is true; fail with ``what()`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting: {what()}")
        time.sleep(POLL_SECONDS)


async def pilot_until(pilot: Pilot[Any], check: Callable[[], object], timeout: float = 10.0,
                      what: Callable[[], object] = lambda: "") -> None:
    """Return once ``check()`` is true, the app running between looks; fail with ``what()`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting: {what()}")
        await pilot.pause(POLL_SECONDS)
