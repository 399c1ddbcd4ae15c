"""The parts of the session alone: a real ``Output`` over a recording speaker and a recording cue player."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from speech.sounds.player import RecordingPlayer
from speech.voices import RecordingSpeaker
from toguz_tui.files.settings import Settings
from toguz_tui.session.output.output import Output


@pytest.fixture
def output() -> Iterator[Output]:
    """The output a part speaks through (closed at the end); what it says is in ``output.stream``."""
    made = Output(Settings(), RecordingSpeaker(), RecordingPlayer())
    yield made
    made.close()

