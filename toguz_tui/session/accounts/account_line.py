"""``account all``'s line of games, and the claims on the games analysed.

The line holds the keys of the games still to analyse, one after another, and counts those analysed and
those left to another toguz; it says how far it is, and what was done when it ends or is stopped. A claim
is a lock ``accounts/claims/KEY.lock`` (``toguz_tui.files.locks``) held while a game is analysed, so that
two copies of toguz never analyse one game at once; its file goes once the game's analysis is complete.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from speech.system.locks import FileLock
from speech.words.i18n import n_


@dataclass
class Line:
    """The games ``account all`` analyses next (their keys), how many it was asked for (0: none under way),
    how many of those are analysed, and how many were left to another toguz analysing them."""

    keys: list[str] = field(default_factory=list)
    asked: int = 0
    analysed: int = 0
    elsewhere: int = 0

    def begin(self, keys: list[str]) -> None:
        """A new line of ``keys``."""
        self.keys, self.asked, self.analysed, self.elsewhere = list(keys), len(keys), 0, 0

    def end(self) -> None:
        """No line under way any more."""
        self.keys.clear()
        self.asked = 0

    def place(self) -> tuple[int, int]:
        """The number of the game just taken from the line, and how many it was asked for."""
        return self.asked - len(self.keys), self.asked

    def set_aside(self, under_way: str | None, asked: str) -> None:
        """An ``account`` of the game ``asked`` goes before the line: the line's game ``under_way`` (if any) goes
        back first in it, and ``asked`` leaves it."""
        if under_way is not None and under_way != asked:
            self.keys.insert(0, under_way)
        if asked in self.keys:
            self.keys.remove(asked)
            self.asked -= 1

    def end_words(self) -> str:
        """What is said when the line is done: how many games are analysed, and how many were left to another."""
        said = [n_("{count} game is analysed: type mistakes to play your mistakes again.",
                   "{count} games are analysed: type mistakes to play your mistakes again.",
                   self.analysed).format(count=self.analysed)] if self.analysed else []
        if self.elsewhere:
            said.append(elsewhere_words(self.elsewhere))
        return " ".join(said)

    def stop_words(self) -> str:
        """What is said when the line is stopped: how far it went, and how to go on."""
        return n_("Analysis stopped with {done} of {count} game analysed; type account all to go on.",
                  "Analysis stopped with {done} of {count} games analysed; type account all to go on.",
                  self.asked).format(done=self.analysed, count=self.asked)


def elsewhere_words(count: int) -> str:
    """How many games of the player's another toguz is analysing (left to it)."""
    return n_("{count} more game of yours is being analysed by another toguz.",
              "{count} more games of yours are being analysed by another toguz.", count).format(count=count)


def claim_of(folder: Path, key: str) -> FileLock:
    """The claim on analysing the game ``key`` whose account is kept in ``folder`` (not taken yet)."""
    return FileLock(folder / "claims" / f"{key}.lock")


def let_go(claim: FileLock, complete: bool) -> None:
    """Let go of the claim on a game; its file goes when the game's analysis is ``complete`` (as the system
    lets a lock's file go: ``FileLock.release_and_remove``)."""
    if complete:
        claim.release_and_remove()
    else:
        claim.release()
