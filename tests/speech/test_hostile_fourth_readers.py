"""Review of issue 50, item 12, against the real prismatoid (0.18): its package ``prism`` imports its compiled
part (``from ._prism_cffi import ffi, lib``), so on Windows a missing DLL (the Visual C++ runtime, a broken
wheel) comes as ``ImportError: DLL load failed while importing _prism_cffi``, not as ``OSError``: a prismatoid
that is installed and will not load ("reinstall it"), never "missing (pip install prismatoid)", which pip
answers with "Requirement already satisfied". Its ``Context()`` raises ``RuntimeError`` when ``prism_init``
fails. And a reader given up for toguz's own voice: waiting for what was said (``toguz speech --say``) waits
for that voice."""

from __future__ import annotations

import sys
import threading
import types
from pathlib import Path

import pytest

import speech.voices as speakers
from speech.voices import open_speaker
from speech.voices.base import RecordingSpeaker, WorkerSpeaker
from speech.voices.screen_reader import ScreenReaderSpeaker
from tests.speech.test_hostile_fourth_voices import WOULD_NOT_LOAD, RpcUnavailable, importing_raises, windows
from tests.speech.test_system import FakePrism

__all__ = ["windows"]  # the fixture, used by name

MISSING = "the prismatoid package is missing (pip install prismatoid)"


@pytest.mark.parametrize("raised", [
    "ImportError('DLL load failed while importing _prism_cffi: The specified module could not be found.')",
    "ModuleNotFoundError(\"No module named 'prism._prism_cffi'\", name='prism._prism_cffi')",
], ids=["DLL load failed", "its compiled part not there"])
def test_12_a_prismatoid_installed_whose_native_part_will_not_load_is_said_to_need_reinstalling(
        windows: list[RecordingSpeaker], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, raised: str) -> None:
    monkeypatch.syspath_prepend(str(importing_raises(tmp_path, raised)))
    speaker, reason = open_speaker("auto")
    assert speaker.name == "pyttsx3" and reason is None
    speaker, reason = open_speaker("screen-reader")
    assert reason == f"screen-reader: {WOULD_NOT_LOAD}", reason
    assert MISSING not in reason


def test_12_a_prismatoid_that_is_not_there_is_still_said_missing(
        windows: list[RecordingSpeaker], monkeypatch: pytest.MonkeyPatch) -> None:
    # the machine says it is installed (the fixture); importing it finds nothing
    monkeypatch.setattr("sys.path", [part for part in sys.path if not (Path(part) / "prism").exists()])
    _speaker, reason = open_speaker("screen-reader")
    assert reason == f"screen-reader: {MISSING}", reason


def test_12_a_prismatoid_whose_context_will_not_start_leaves_auto_to_toguzs_own_voice(
        windows: list[RecordingSpeaker], monkeypatch: pytest.MonkeyPatch) -> None:
    """The real ``Context()`` raises ``RuntimeError("Prism could not be initialized")`` when ``prism_init``
    fails (its import went well)."""
    module = types.ModuleType("prism")

    class Context:
        def __init__(self) -> None:
            raise RuntimeError("Prism could not be initialized")

    module.Context = Context  # type: ignore[attr-defined]
    module.BackendId = FakePrism.BackendId  # type: ignore[attr-defined]
    module.PrismError = FakePrism.PrismError  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "prism", module)
    speaker, reason = open_speaker("auto")
    assert speaker.name == "pyttsx3" and reason is None
    _speaker, reason = open_speaker("screen-reader")
    assert reason == f"screen-reader: {WOULD_NOT_LOAD}", reason


class GatedVoice(WorkerSpeaker):
    """toguz's own voice, each utterance said once ``gate`` is set (``said`` then holds it)."""

    name = "pyttsx3"

    def __init__(self, gate: threading.Event) -> None:
        self.gate = gate
        self.said: list[str] = []
        super().__init__()

    def _utter(self, text: str, generation: int, interrupt: bool) -> None:
        self.gate.wait(10)
        self.said.append(text)


def test_12_waiting_for_a_reader_given_up_waits_for_toguzs_own_voice_to_have_said_it(
        windows: list[RecordingSpeaker], monkeypatch: pytest.MonkeyPatch) -> None:
    """``toguz speech --say TEXT`` waits for the text to be said, then closes the voice: with the reader given
    up for toguz's own voice, the wait is for that voice, else the text is cut off unsaid as the voice closes."""
    gate = threading.Event()
    own = GatedVoice(gate)
    monkeypatch.setitem(speakers._OPENERS, "pyttsx3", lambda: own)
    monkeypatch.setitem(sys.modules, "prism", RpcUnavailable())
    speaker, reason = open_speaker("auto")
    try:
        assert isinstance(speaker, ScreenReaderSpeaker) and reason is None
        speaker.speak("Hello.")
        assert not speaker.wait(0.5), "said to be said while toguz's own voice still has it to say"
        gate.set()
        assert speaker.wait(10) and own.said == ["Hello."]
    finally:
        gate.set()
        speaker.close()
