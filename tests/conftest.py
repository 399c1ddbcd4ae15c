"""For every test: a machine described in the test, never the one that runs it.

By default the machine has nothing (no programs, no sound, no screen reader), so a unit test that
does not say what it assumes cannot pass on one computer and fail on another; and every test
speaks English unless it chooses a language, whatever the locale of the computer. A test that needs
the real computer asks for ``real_machine`` and says what it needs with ``tests.needs``.

The programs the tests start (``toguz`` in a subprocess, in tmux) are told the same through the
environment (``tests.fakes.HERMETIC``, set here for the whole run): no screen reader, no sound.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from speech.system.machine import AUDIO_VARIABLE, SCREEN_READER_VARIABLE, FakeMachine, Machine, use_machine
from speech.words.i18n import set_language
from tests.fakes import HERMETIC

os.environ.update(HERMETIC)  # before any test starts a process, in every xdist worker too


@pytest.fixture(autouse=True)
def machine() -> Iterator[FakeMachine]:
    """The machine the test assumes; empty unless the test fills it in."""
    with use_machine(FakeMachine()) as fake:
        assert isinstance(fake, FakeMachine)
        yield fake


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test speaks English unless it asks for a language (the system's locale never decides:
    ``LANGUAGE=en`` for the programs a test starts too); the language is English again after it."""
    monkeypatch.setenv("LANGUAGE", "en")
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def machine_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Machine()`` looks at the computer in this test: the variables that answer for it are unset
    (for the test's own process and what it starts)."""
    monkeypatch.delenv(SCREEN_READER_VARIABLE, raising=False)
    monkeypatch.delenv(AUDIO_VARIABLE, raising=False)


@pytest.fixture
def real_machine(machine: FakeMachine, machine_looks: None) -> Iterator[Machine]:
    """The computer running the tests, for the tests of real programs."""
    with use_machine(Machine()) as real:
        yield real
