"""Fakes shared by tests: a time source that moves only when told, and the environment that tells a
toguz started as a process that its machine has no screen reader, no sound and no keyring."""

from __future__ import annotations

from speech.system.machine import AUDIO_VARIABLE, NOTHING, SCREEN_READER_VARIABLE

# For every process the tests start (``tests/conftest.py`` puts it in ``os.environ``; the helpers that
# write a command's whole environment add it): what ``speech.system.machine`` answers there instead of looking
# at the computer, the same bare machine that ``FakeMachine()`` describes in the tests' own process;
# and keyring's own variable for its backend that never works, so that ``toguz online login`` keeps a
# test's token in the test's config folder, never in the developer's system keyring.
HERMETIC = {SCREEN_READER_VARIABLE: NOTHING, AUDIO_VARIABLE: NOTHING,
            "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


class FakeTime:
    """A time source (seconds) for clocks: it moves only when ``advance`` is called, so nothing sleeps."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
