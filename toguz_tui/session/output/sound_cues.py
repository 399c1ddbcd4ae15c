"""The sound cues of a session: which cue each event of the game gets, and where on the board it sounds.

A cue is handed to the player (``speech.sounds.player``) and returns at once: cues mix with speech and with each
other, never wait for them and never cut them off. A cue that cannot be built or played is written to the
error log and the game goes on without it. The events and their cues:

- a move: a tick per stone along the sowing path, the landing, then the capture or the tuzdyk; after the
  computer's move, when it is the person's turn again, the "your turn" cue follows it; the game's end
  follows the move that ends it;
- an error (an illegal move, a word or key the program does not take): the low buzz;
- the focus stopped at the end of a row: a knock at that end;
- ``glance``: the board swept as panned tones, then the kazans as a chord (``speech.sounds.glance``);
- ``course``: the advantage over a whole analysed game as an audio chart (``speech.sounds.course``);
- a clock warning: two quick beeps; the game's end by time or resignation: the end motif (rising for a
  win, falling for a loss, level for a draw; between two players at one keyboard, a win's).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from rules import MoveReport, Outcome, Position, Side
from rules.engine.game_analysis import GameAnalysis
from speech.sounds import cues, glance
from speech.sounds.course import course_sound
from speech.sounds.player import CuePlayer, SilentPlayer, open_player
from toguz_tui.files import storage
from toguz_tui.files.settings import Settings

GAP_MS = 60.0  # between a move's sound and the cue that follows it


def _then(first: cues.Sound, second: cues.Sound) -> cues.Sound:
    """``first``, a short gap, then ``second``, as one sound."""
    gap = np.zeros((round(GAP_MS * cues.SAMPLE_RATE / 1000), 2), dtype=np.float32)
    return np.concatenate([first, gap, second]).astype(np.float32)


class SoundCues:
    """The session's cues, played through ``player`` (silent by default)."""

    def __init__(self, player: CuePlayer | None = None) -> None:
        self.player: CuePlayer = player if player is not None else SilentPlayer()

    def apply(self, settings: Settings) -> str | None:
        """Turn the cues on or off, at the volume set; why they could not start, if they could not."""
        if settings.sounds != self.player.enabled:
            self.player.close()
            self.player, problem = open_player(settings.sounds, settings.sound_volume, hush=False)  # a screen may be up
            return problem
        self.player.set_volume(settings.sound_volume)
        return None

    def _play(self, build: Callable[[], cues.Sound], label: str) -> None:
        if not self.player.enabled:
            return
        try:
            self.player.play(build(), label)
        except Exception as error:  # a cue is never worth a game: logged, and play goes on
            storage.log_failure(error)

    def move(self, report: MoveReport, pits: int, bottom: Side, listener: Side | None, your_turn: bool) -> None:
        """A move's sound; then the end of the game if it ended there, or "your turn" when ``your_turn``."""
        def build() -> cues.Sound:
            sound = cues.move_sound(report, pits, bottom)
            if report.outcome is not None:
                return _then(sound, cues.end(result_for(report.outcome, listener)))
            return _then(sound, cues.turn()) if your_turn else sound

        self._play(build, "move")

    def move_made(self, report: MoveReport, pits: int, person: Side | None, board_turns: bool) -> None:
        """A move in the game, panned as the board lies (the person's row at the bottom; between two people
        the mover's when the board turns, else White's); "your turn" after the opponent's move."""
        bottom = person if person is not None else report.mover if board_turns else Side.WHITE
        self.move(report, pits, bottom, person, your_turn=person is not None and report.mover is not person)

    def error(self) -> None:
        """Something the player asked for was refused."""
        self._play(cues.illegal, "illegal")

    def edge(self, side: Side, pit: int, pits: int, bottom: Side) -> None:
        """The focus stopped at a row's end (``side``'s pit ``pit``)."""
        self._play(lambda: cues.edge(cues.pan_of(side, pit, pits, bottom)), "edge")

    def low_time(self) -> None:
        """A clock warning."""
        self._play(cues.low_time, "low-time")

    def end(self, outcome: Outcome, listener: Side | None) -> None:
        """The game ended off the board (time, resignation)."""
        self._play(lambda: cues.end(result_for(outcome, listener)), "end")

    def glance(self, position: Position, me: Side) -> bool:
        """The board at a glance (``speech.sounds.glance``), heard by ``me``; whether cues are played."""
        self._play(lambda: glance.glance_sound(position, me), "glance")
        return self.player.enabled

    def course(self, analysis: GameAnalysis, listener: Side) -> bool:
        """The game's course as sound (``speech.sounds.course``), heard by ``listener``; whether cues are played."""
        self._play(lambda: course_sound(analysis, listener), "course")
        return self.player.enabled

    def close(self) -> None:
        """Let go of the sound device."""
        self.player.close()


def result_for(outcome: Outcome, listener: Side | None) -> str:
    """``win``, ``loss`` or ``draw`` as ``listener`` hears it (None, two players at one keyboard: a win's
    motif for any decided game)."""
    if outcome.winner is None:
        return "draw"
    return "win" if listener is None or outcome.winner is listener else "loss"
