"""A face following the session: the one way out, the same for the board and the line mode.

Each face (the board, the line mode) is given a ``Follower`` by ``GameSession.follow``. It is woken after
each announcement (from the thread that made it) and takes from the follower what to show, by one rule
(``news``): what was said since it last looked, in order, then the reply of the command it ran when that
reply was not said (a repeat, a silence, the goodbye: a reply that was said is among what was said, and is
shown once). A voice that stopped working is said first, once.

The follower also gives what the faces would otherwise ask the session's parts for: how wide a braille
display reads the screen (``cells``), a braille display's routing keys (``routed``), and the computer's
readiness: its search loaded once the face is out (``ready``), its move awaited by a script (``wait``).
"""

from __future__ import annotations

from collections.abc import Callable

from toguz_tui.session.opponents import Opponents
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.output import Output
from toguz_tui.session.port import ReadPort

Routed = Callable[[str, int], None]  # a braille display's routing key: the window shown, the cell pressed


class Follower:
    """What one face has shown of what the session said, and what it is shown next."""

    def __init__(self, output: Output, opponents: Opponents, port: ReadPort,
                 wake: Callable[[], None] | None = None, routed: Routed | None = None) -> None:
        self._output = output
        self._opponents = opponents
        self._port = port
        self.shown = 0  # how many of the session's announcements this face has taken
        if wake is not None:
            output.stream.listen(wake)
        if routed is not None:
            output.braille.route_to(routed)

    def news(self, reply: Reply | None = None) -> list[Reply]:
        """What to show now: a voice that stopped working (said once), everything said since the last look (those
        let go meanwhile folded into one line), then ``reply`` when it is not among them (it was not said) and has
        words."""
        self._output.speech_news()  # said: among what follows (a face woken meanwhile took it already)
        said, self.shown = self._output.stream.news(self.shown)
        if reply is not None and reply.text and not any(reply is each for each in said):
            said.append(reply)
        return said

    @property
    def waiting(self) -> bool:
        """Whether something was said that this face has not taken yet."""
        return len(self._output.stream) > self.shown

    def said(self) -> list[str]:
        """Everything said so far, oldest first (the words a face that never showed them prints at the end)."""
        return self._output.stream.texts

    @property
    def cells(self) -> int:
        """The width of the braille window that reads the screen (0: none does): announcements are cut to it."""
        return self._output.braille.screen_cells

    def ready(self) -> None:
        """The face is out: against the computer, its search loads now, in the background."""
        self._opponents.ready_engine(self._port.opponent)

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the computer's move or the engine's answer, and any work in the background, has come."""
        self._opponents.wait(timeout)
