"""The errors the rules raise: both are ``ValueError`` so callers may catch either."""

from __future__ import annotations


class IllegalMoveError(ValueError):
    """A move that cannot be played here: an empty pit, a pit off the row, a finished game."""


class NotationError(ValueError):
    """Text that is not a valid move token, record or FEN, or that disagrees with the rules."""
