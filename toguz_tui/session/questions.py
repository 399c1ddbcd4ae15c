"""What the session has asked and waits for a yes to: ``resign`` asks once, and ``resign`` again (or a
yes) gives the game up; any other command in between plays on (the question is dropped)."""

from __future__ import annotations


class Questions:
    """The questions asked and not yet answered."""

    def __init__(self) -> None:
        self._asked: set[str] = set()

    def ask(self, name: str) -> None:
        """The question ``name`` was asked."""
        self._asked.add(name)

    def waiting(self, name: str) -> bool:
        """Whether ``name`` was asked and is not answered yet."""
        return name in self._asked

    def answered(self, name: str) -> bool:
        """Whether ``name`` was asked and is now confirmed (the question is dropped)."""
        asked = name in self._asked
        self._asked.discard(name)
        return asked

    def drop(self) -> None:
        """Something else was done: every question asked is dropped."""
        self._asked.clear()
