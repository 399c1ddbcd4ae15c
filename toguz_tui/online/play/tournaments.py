"""Joining a PlayStrategy arena (``tournament join ID``), checked first as the server would check it.

What the server allows, from its source (lila at 1283402):

- ``POST /api/tournament/{id}/join`` needs the scope ``tournament:write`` (Tournament.scala 238-268); a
  refusal comes as the server's words (Wrong password, Tournament restrictions ...), an id it does not
  know as "Couldn't join for some reason?" after 5 seconds, or 404 for the details.
- Its games reach the Board API like any other (a ``gameStart`` event, ``source: tournament``), and the
  Board API plays only Rapid or slower ones (Game.scala isBoardCompatible): a Blitz arena, as every arena
  PlayStrategy schedules for togyzkumalak is (5+2), is refused here with why, and not joined.
- An arena pairs only the players present on its page (lila-ws: ``present ∩ (active − playing)``): a
  program holding only a token is never paired, so the player is told to keep the page open.
- PlayStrategy has no API to join a Swiss event (its join is a website form): said, with what works.
"""

from __future__ import annotations

from typing import Any

from rules.clock import TimeControl
from speech.words import correspondence_wording, phrases
from toguz_tui.online.network import server_rules
from toguz_tui.online.network.client import OnlineError
from toguz_tui.online.network.connection_port import OnlinePort
from toguz_tui.online.network.server_messages import Clock

LONGEST_SECONDS = 366 * 86_400  # an arena's start, at most a year away


def join(online: OnlinePort, tournament: str) -> None:
    """Look the arena up, refuse what toguz cannot play, else join it; each outcome said when it comes."""

    def request() -> tuple[str, bool]:
        details = online.client.tournament(tournament)
        problem = refusal(details)
        if problem is not None:
            return problem, False
        online.client.join_tournament(tournament)
        return joined(details), True

    def done(outcome: tuple[str, bool]) -> None:
        online.say(outcome[0], "info" if outcome[1] else "error")

    def failed(error: OnlineError) -> None:
        online.say(failure(error, tournament), "error")

    online.errands.run("tournament", request, done, failed)


def _name(details: dict[str, Any], fallback: str) -> str:
    return phrases.visible(" ".join(str(details.get("fullName") or fallback).split())[:60])


def _control(details: dict[str, Any]) -> TimeControl | None:
    """The arena's clock (``limit`` and ``increment`` in seconds), or None when it cannot be read: missing,
    not numbers, not finite, or past the bounds of toguz's clocks (``rules.clock``)."""
    return Clock.of(details.get("clock")).exact()


def refusal(details: dict[str, Any]) -> str | None:
    """Why toguz does not join this arena (another game, over, a clock it cannot read, too fast), or None."""
    name = _name(details, str(details.get("id", "?"))[:12])
    variant = details.get("variant")
    key = variant.get("key") if isinstance(variant, dict) else variant
    if key != "togyzkumalak":
        return correspondence_wording.arena_not_togyz(name)
    status = details.get("status")
    if details.get("isFinished") is True or (isinstance(status, int) and status >= 30):
        return correspondence_wording.arena_finished(name)
    control = _control(details)
    if control is None:
        return correspondence_wording.arena_clock_unread(name)
    if not server_rules.board_speed(control.initial, control.increment):
        return correspondence_wording.arena_too_fast(name, _shown(control))
    return None


def _shown(control: TimeControl) -> str:
    minutes = control.initial / 60
    return f"{minutes:g}+{control.increment:g}"


def joined(details: dict[str, Any]) -> str:
    """The arena joined, in words."""
    control = _control(details)
    start = details.get("secondsToStart")
    starts_in = phrases.duration(max(0, min(start, LONGEST_SECONDS))) if isinstance(start, int) and start > 0 \
        else None
    return correspondence_wording.arena_joined(_name(details, str(details.get("id", "?"))[:12]),
                                phrases.time_control(control) if control is not None else "?", starts_in)


def failure(error: OnlineError, tournament: str) -> str:
    """A failed look-up or join, in words: no such arena, a token without the scope, the server's words."""
    if error.status == 404:
        return correspondence_wording.arena_unknown(tournament)
    if error.status in (401, 403) and "missing scope" in error.reason.lower():
        return correspondence_wording.arena_scope()
    if error.status == 400 and "for some reason" in error.reason:
        return correspondence_wording.arena_unknown(tournament)
    return correspondence_wording.arena_refused(str(error))
