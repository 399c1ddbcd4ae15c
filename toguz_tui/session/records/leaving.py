"""What leaving now would do to the game (``Leaving``), as the store finds it (``GameStore.leaving``) and the
session's ``View`` gives it: ``quit`` says goodbye with it, the board asks its quit question with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from speech.words import phrases
from speech.words.i18n import _


@dataclass(frozen=True)
class Leaving:
    """What leaving now would do to the game: an online game goes on at the server (``online``); a finished game
    nobody kept is dropped (``unkept``); the game in progress is lost (``unsaved``, ``why_not`` says why, when
    known) or offered at the next start (``saved``); or there is nothing to keep (``nothing``)."""

    state: Literal["online", "unkept", "unsaved", "saved", "nothing"]
    why_not: str | None = None

    @property
    def goodbye(self) -> str:
        """The goodbye, saying whether the game in progress is saved only when it is."""
        match self.state:
            case "online":
                return _("Goodbye. A game still going on goes on at PlayStrategy: its clock runs; toguz online takes "
                         "it up again.")
            case "unsaved":
                return phrases.goodbye_not_saved(self.why_not)
        return phrases.goodbye(self.state == "saved")
