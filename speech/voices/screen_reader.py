"""The user's own screen reader, through accessible_output2 (the optional ``screen-reader`` extra)."""

from __future__ import annotations

import importlib
from typing import Any

from speech.machine import machine
from speech.voices import audio
from speech.voices.base import WorkerSpeaker

NAME = "screen-reader"


def problem() -> str | None:
    """Why no screen reader can be reached, or None."""
    return None if machine().module("accessible_output2") else audio.fix_screen_reader()


class ScreenReaderSpeaker(WorkerSpeaker):
    """Hands each utterance to accessible_output2's automatic output, on the worker thread."""

    name = NAME

    def __init__(self, output: Any = None) -> None:
        if output is None:
            auto = importlib.import_module("accessible_output2.outputs.auto")
            output = auto.Auto()
        self._output = output
        super().__init__()

    def _utter(self, text: str, generation: int, interrupt: bool) -> None:
        if not self._cancelled(generation):
            self._output.output(text, interrupt=interrupt)

    def stop(self) -> None:
        """Drop the queue and silence the screen reader."""
        super().stop()
        silence = getattr(self._output, "silence", None)
        if callable(silence):
            try:
                silence()
            except Exception as error:  # a screen reader's failure must not reach the game
                self.last_error = f"{type(error).__name__}: {error}"
