"""Issue 50, item 12: on Windows, a prismatoid that will not load (a missing DLL's ``OSError``, a
``RuntimeError``, no ``BackendId``, a ``PrismError`` that is not a class) or whose ``output`` raises
``OSError`` (NVDA's RPC server unavailable) leaves ``auto`` to toguz's own voice, with why in the player's
words, never the raw error. The system is Windows by the platform seam (``use_system``), the machine a
``FakeMachine`` with prismatoid installed, and prismatoid itself a stand-in put where ``import prism`` finds
it, shaped as the library is (``Context().create(BackendId.NVDA)``, a backend's ``output`` and ``stop``,
``PrismError``), as ``tests/speech/test_system.py``'s ``FakePrism``."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import speech.voices as speakers
from speech.system import use_system
from speech.system.machine import FakeMachine
from speech.voices import AUTO_ORDER, SCREEN_READER, open_speaker
from speech.voices.base import RecordingSpeaker
from speech.voices.screen_reader import ScreenReaderSpeaker
from tests.speech.test_chooser import EVERYTHING, equip
from tests.speech.test_system import FakePrism
from tests.waiting import until

WOULD_NOT_LOAD = ("the screen reader's interface, prismatoid, would not load: reinstall it "
                  "(pip install --force-reinstall prismatoid)")


@pytest.fixture
def windows(machine: FakeMachine, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[RecordingSpeaker]]:
    """Windows with prismatoid installed and toguz's own voices there (each one opened is recorded)."""
    equip(machine, **EVERYTHING)
    machine.modules.add("prism")
    machine.system = "win32"
    opened: list[RecordingSpeaker] = []

    def opener(name: str) -> Callable[[], RecordingSpeaker]:
        def open_it() -> RecordingSpeaker:
            speaker = RecordingSpeaker()
            speaker.name = name
            opened.append(speaker)
            return speaker
        return open_it

    for name in AUTO_ORDER:
        if name != SCREEN_READER:
            monkeypatch.setitem(speakers._OPENERS, name, opener(name))
    monkeypatch.delitem(sys.modules, "prism", raising=False)
    with use_system("win32"):
        yield opened


def importing_raises(folder: Path, raised: str) -> Path:
    """A ``prism`` package whose import raises ``raised`` (its DLL missing, a broken build)."""
    (folder / "prism").mkdir(parents=True)
    (folder / "prism" / "__init__.py").write_text(f"raise {raised}\n")
    return folder


def without_backend_ids() -> types.ModuleType:
    module = types.ModuleType("prism")
    module.Context = FakePrism({"nvda"}).Context  # type: ignore[attr-defined]
    module.PrismError = FakePrism.PrismError  # type: ignore[attr-defined]
    return module


def error_not_a_class() -> types.ModuleType:
    module = types.ModuleType("prism")
    module.Context = FakePrism(set()).Context  # type: ignore[attr-defined]  # no reader runs: create raises
    module.BackendId = FakePrism.BackendId  # type: ignore[attr-defined]
    module.PrismError = "PrismError"  # type: ignore[attr-defined]
    return module


@pytest.mark.parametrize("broken", [
    "OSError(126, 'The specified module could not be found')", "RuntimeError('prism_init failed')",
    "no BackendId", "PrismError not a class",
])
def test_12_a_prismatoid_that_will_not_load_leaves_auto_to_toguzs_own_voice_in_the_players_words(
        windows: list[RecordingSpeaker], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, broken: str) -> None:
    if broken == "no BackendId":
        monkeypatch.setitem(sys.modules, "prism", without_backend_ids())
    elif broken == "PrismError not a class":
        monkeypatch.setitem(sys.modules, "prism", error_not_a_class())
    else:
        monkeypatch.syspath_prepend(str(importing_raises(tmp_path, broken)))
    speaker, reason = open_speaker("auto")
    assert speaker.name == "pyttsx3" and reason is None, "toguz's own voice, not a screen reader that never speaks"
    speaker, reason = open_speaker("screen-reader")
    assert reason == f"screen-reader: {WOULD_NOT_LOAD}"
    assert not any(word in reason for word in ("OSError", "RuntimeError", "AttributeError", "TypeError"))


class RpcUnavailable(FakePrism):
    """NVDA's controller found, its RPC server not there: every ``output`` and ``speak`` raises ``OSError``
    (1722)."""

    def __init__(self) -> None:
        super().__init__({"nvda"})
        made = self.Context

        class Context(made):  # type: ignore[misc, valid-type]
            def create(self, backend_id: str) -> object:
                backend = super().create(backend_id)

                def output(text: str, interrupt: bool = False) -> None:
                    raise OSError(22, "The RPC server is unavailable", None, 1722)

                backend.output = backend.speak = output
                return backend

        self.Context = Context


def test_12_a_reader_whose_output_raises_hands_the_voice_to_toguzs_own_and_says_why(
        windows: list[RecordingSpeaker], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "prism", RpcUnavailable())
    speaker, reason = open_speaker("auto", rate=200)
    try:
        assert isinstance(speaker, ScreenReaderSpeaker) and reason is None  # NVDA's controller answered
        speaker.speak("Your turn.")
        until(lambda: bool(windows) and windows[0].spoken == ["Your turn."])
        assert speaker.last_error == "NVDA does not answer toguz: toguz speaks with its own voice instead"
        speaker.speak("White sows 9 stones.", interrupt=False)
        until(lambda: windows[0].spoken == ["Your turn.", "White sows 9 stones."])
        assert windows[0].name == "pyttsx3" and windows[0].rate == 200
        assert len(windows) == 1, "toguz's own voice opened once"
    finally:
        speaker.close()
    assert windows[0].closed
