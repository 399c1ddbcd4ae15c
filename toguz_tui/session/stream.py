"""The announcement log: everything said in a session, in order, and where ``previous`` and ``next``
stand in it. The session adds to it each time it speaks; the front ends show what is new in it."""

from __future__ import annotations


class AnnouncementLog:
    """What was said, oldest first, with a cursor for stepping back and forth."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.cursor = 0

    def add(self, text: str) -> None:
        """Keep ``text``; the cursor moves to it."""
        self.texts.append(text)
        self.cursor = len(self.texts) - 1

    def last(self) -> str | None:
        """The newest announcement (the cursor moves to it), or None before the first."""
        if not self.texts:
            return None
        self.cursor = len(self.texts) - 1
        return self.texts[-1]

    def step(self, step: int) -> str | None:
        """The announcement ``step`` places from the cursor (kept within the log), or None when empty."""
        if not self.texts:
            return None
        self.cursor = max(0, min(len(self.texts) - 1, self.cursor + step))
        return self.texts[self.cursor]
