"""How ``toguz online`` words what becomes of a stream it reads (``reconnecting.follow``, with the player's
``PLAYER`` patience): a loss said once, marked as an error, and the return; a refusal, a fault of toguz's own,
or the account's events read by another program given up, said once through the connection."""

from __future__ import annotations

from collections.abc import Callable

from speech.words import online_wording
from speech.words.i18n import _
from toguz_tui.files.storage import log_failure
from toguz_tui.online.network.answers import OnlineError
from toguz_tui.online.network.connection_port import OnlinePort
from toguz_tui.online.network.reconnecting import StreamListener


class PlayerListener(StreamListener):
    """One stream of the player's connection: ``what`` it is (in words), whether it is the account's
    ``events``, and whether the player has ``left`` it (for another game; then it ends unsaid)."""

    def __init__(self, online: OnlinePort, what: str, events: bool, left: Callable[[], bool]) -> None:
        self.online, self.what, self.events, self.left = online, what, events, left

    def ended(self) -> bool:
        return self.online.closed.is_set() or self.left()

    def wait(self, seconds: float) -> bool:
        return self.online.closed.wait(seconds)

    def back(self) -> None:
        self.online.say(_("Connected again to {what}.").format(what=self.what))

    def lost(self, reason: str | None, wait: float) -> None:
        self.online.say(online_wording.online_lost(self.what, reason or _("the server ended the stream")), "error")

    def asked_to_wait(self, error: OnlineError) -> float | None:
        return error.retry_after

    def refused(self, error: OnlineError) -> None:
        self.online.give_up(self.events, online_wording.online_failed(str(error)))

    def knocked_off(self) -> None:
        self.online.give_up(self.events, _("PlayStrategy keeps closing this toguz's connection to your account, "
                                           "as it does when another program (another toguz?) reads it with the "
                                           "same account: this one no longer hears games and challenges. Quit the "
                                           "other one, then start this again."))

    def fault(self, error: Exception) -> None:
        log_failure(error)
        self.online.give_up(self.events, online_wording.online_failed(
            _("toguz failed ({name}); the details are in its log").format(name=type(error).__name__)))
