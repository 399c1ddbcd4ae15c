"""Fakes shared by tests: a time source that moves only when told."""

from __future__ import annotations


class FakeTime:
    """A time source (seconds) for clocks: it moves only when ``advance`` is called, so nothing sleeps."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
