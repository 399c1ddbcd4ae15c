"""Voices on Windows and macOS against fakes that behave as the real systems and libraries do (issue 51,
items 2, 3, 7, 8 and 9; each fake cites the source it follows)."""

from __future__ import annotations

import os
import struct
import subprocess
import threading
import time
import wave
from collections.abc import Generator
from pathlib import Path

import pytest

from speech.system import use_system
from speech.system.readers import PrismLink, ReaderUnreachable, Unreachable, VoiceOverLink
from speech.system.sound import player_command
from speech.voices import aiff, wav_player
from speech.voices.base import RecordingSpeaker
from speech.voices.pyttsx3_backend import Pyttsx3Renderer
from speech.voices.pyttsx3_worker import render
from speech.voices.screen_reader import ScreenReaderSpeaker
from speech.words.machine_words import unreachable_words
from tests.speech.conftest import write_program
from tests.speech.fake_nsss import RATE, NsssEngine, aiff_bytes, samples
from tests.waiting import until

# -- 2. macOS: the nsss driver writes AIFF ------------------------------------------------------------------

def wav_samples(path: Path) -> tuple[int, int, list[int]]:
    with wave.open(str(path), "rb") as wav:
        frames = wav.readframes(wav.getnframes())
        return wav.getnchannels(), wav.getframerate(), list(struct.unpack(f"<{len(frames) // 2}h", frames))


def test_2_macos_aiff_from_the_nsss_driver_is_taken_and_made_a_real_wav(tmp_path: Path) -> None:
    engine = NsssEngine(frames=2205)
    path = tmp_path / "utterance-1.wav"  # named .wav, written as AIFF, as nsss does
    render(engine, {"text": "You sow 9 stones.", "path": str(path)}, timeout=5.0)
    assert path.read_bytes()[:4] == b"RIFF", "a WAV file, for afplay, the Windows player and speech --wav"
    assert wav_samples(path) == (1, RATE, samples(2205)), "the same sound, its bytes in WAV's order"


def test_2_macos_speech_wav_through_the_worker_process_writes_a_wav(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "fakes" / "pyttsx3"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("from tests.speech.fake_nsss import init\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "fakes"))
    renderer = Pyttsx3Renderer()
    try:
        out = renderer.render("Your turn.", tmp_path / "said.wav", timeout=10.0)
    finally:
        renderer.close()
    assert wav_samples(out) == (1, RATE, samples(4410))


def test_2_an_aiff_cut_short_or_compressed_is_not_taken_for_sound(tmp_path: Path) -> None:
    whole = aiff_bytes(samples(100))
    assert aiff.parse(whole).frames
    for broken in (whole[:-10], whole[:40], whole.replace(b"AIFF", b"AIFC", 1), b"FORM" + b"\xff" * 40):
        with pytest.raises(aiff.NotAiff):
            aiff.parse(broken)
    path = tmp_path / "short.wav"
    path.write_bytes(whole[:-10])
    assert not aiff.ready(path)


# -- 7. JAWS: Prism's output is speech, then braille ---------------------------------------------------------

class JawsPrism:
    """prismatoid 0.18.3 over JAWS: ``prism/core.py:45-58`` ``Backend.speak(text, interrupt)``, ``:101-112``
    ``braille(text)``, ``:114-127`` ``output(text, interrupt)``, which Prism's jaws.cpp ``output()`` does as
    ``SayString`` then ``RunFunction("BrailleString(...)")``; a failing call raises ``PrismError``
    (``prism/common.py``). ``braille_fails``: JAWS refuses the braille (no display, or a raw newline)."""

    class PrismError(Exception):
        pass

    class BackendId:
        NVDA, JAWS = "nvda", "jaws"

    def __init__(self, braille_fails: bool = False) -> None:
        self.braille_fails = braille_fails
        self.spoken: list[str] = []
        self.gone = False  # JAWS restarted: the old object answers no more
        prism = self

        class Backend:
            def speak(self, text: str, interrupt: bool = False) -> None:
                if prism.gone:
                    prism.gone = False
                    raise prism.PrismError("internal")
                prism.spoken.append(text)

            def braille(self, text: str) -> None:
                if prism.braille_fails:
                    raise prism.PrismError("internal")

            def output(self, text: str, interrupt: bool = False) -> None:
                self.speak(text, interrupt)
                self.braille(text)

            def stop(self) -> None:
                pass

        class Context:
            def create(self, backend_id: str) -> Backend:
                if backend_id != "jaws":
                    raise prism.PrismError("not available")
                return Backend()

        self.Context = Context


def test_7_jaws_refusing_the_braille_speaks_an_announcement_once() -> None:
    prism = JawsPrism(braille_fails=True)
    link = PrismLink(prism)
    link.output("You sow 9 stones.\nYour turn.", interrupt=True)
    assert prism.spoken == ["You sow 9 stones.\nYour turn."]


def test_7_a_restarted_reader_gets_the_speech_once_more_and_only_once() -> None:
    prism = JawsPrism()
    link = PrismLink(prism)
    prism.gone = True
    link.output("Your turn.", interrupt=True)
    assert prism.spoken == ["Your turn."]


# -- 8. Windows: the player's buffer and its close -----------------------------------------------------------

def test_8_the_player_keeps_a_small_buffer_and_plays_it_out_before_closing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real miniaudio, its null backend; the device records each time it asks for frames (miniaudio.py
    ``_data_callback``, 2066-2080) and when it is closed (``close``, 1860-1872: ``ma_device_uninit`` drops
    what is still queued)."""
    import miniaudio

    calls: list[tuple[float, int, int]] = []  # when, frames asked for, bytes given
    closed: list[float] = []
    rates: list[int] = []  # frames a second the device plays (decode_file makes 44,100 by default)

    class Recorded(miniaudio.PlaybackDevice):  # type: ignore[misc]
        def start(self, feed: Generator[bytes, int, None]) -> None:
            rates.append(self.sample_rate)
            def recording() -> Generator[bytes, int, None]:
                wanted = yield b""
                while True:
                    chunk = feed.send(wanted)
                    calls.append((time.monotonic(), wanted, len(chunk)))
                    wanted = yield chunk
            wrapped = recording()
            next(wrapped)
            super().start(wrapped)

        def close(self) -> None:
            closed.append(time.monotonic())
            super().close()

    monkeypatch.setattr(miniaudio, "PlaybackDevice", Recorded)
    path = tmp_path / "said.wav"
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(struct.pack(f"<{RATE // 2}h", *samples(RATE // 2)))
    assert wav_player.main(["--backend", "null", str(path)]) == 0
    period = max(wanted for _when, wanted, _given in calls) / rates[0]
    assert period <= 0.04, f"a period of {period * 1000:.0f} ms delays every announcement"
    last = max(when for when, _wanted, given in calls if given)
    assert closed[0] - last >= 3 * period, "the device closed while the last frames were still queued"


def test_8_windows_runs_the_player_as_a_script_that_imports_nothing_of_toguz(tmp_path: Path) -> None:
    path = tmp_path / "said.wav"
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(b"\0\0" * 2205)
    with use_system("win32"):
        argv = player_command()
    done = subprocess.run([argv[0], "-X", "importtime", *argv[1:], "--backend", "null", str(path)],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line]
    assert argv[1] == "-P" and done.returncode == 0 and "miniaudio" in imported, done.stderr[-500:]
    assert not [name for name in imported if name.split(".")[0] == "speech"], "each announcement imports toguz"


# -- 3 and 9. macOS: VoiceOver through osascript -------------------------------------------------------------

OSASCRIPT = """#!/bin/sh
# osascript as macOS runs it (the text is the last argument, after --): the first Apple event a terminal
# sends to VoiceOver raises the automation prompt, and osascript waits for the user's answer
# (Prism doc/src/api/backend-notes.md, VoiceOver; osascript(1)). A refusal is error -1743,
# errAEEventNotPermitted: "Not authorized to send Apple events to VoiceOver."
for text; do :; done
echo $$ >> "{log}.pids"
if [ ! -e "{answered}" ]; then
    sleep {answer_after}
    : > "{answered}"
    if [ "{answer}" = refuse ]; then
        echo "execution error: Not authorized to send Apple events to VoiceOver. (-1743)" >&2
        exit 1
    fi
fi
if [ -e "{answered}" ] && [ "{answer}" = refuse ]; then
    echo "execution error: Not authorized to send Apple events to VoiceOver. (-1743)" >&2
    exit 1
fi
echo "$$ $text" >> "{log}"
case "$text" in *long*) exec sleep 30 ;; esac
"""
PGREP = "#!/bin/sh\n[ \"$2\" = VoiceOver ] && echo 4242\n"


def fake_mac(folder: Path, tmp_path: Path, answer: str = "ok", answer_after: float = 0.0,
             answered: bool = False) -> Path:
    """``osascript`` and ``pgrep`` (VoiceOver running) on PATH; the log of texts told to VoiceOver."""
    log, consent = tmp_path / "voiceover.log", tmp_path / "answered"
    log.touch()
    if answered:
        consent.touch()
    write_program(folder, "osascript", OSASCRIPT.format(answered=consent, answer=answer, answer_after=answer_after,
                                                        log=log))
    write_program(folder, "pgrep", PGREP)
    return log


def told(log: Path) -> list[str]:
    return [line.split(" ", 1)[1] if " " in line else "" for line in log.read_text().splitlines()]


def test_3_the_first_announcement_waits_for_macos_consent_given_late(fake_bin: Path, tmp_path: Path) -> None:
    log = fake_mac(fake_bin, tmp_path, answer_after=6.5)  # longer than any 5 s toguz allowed
    with use_system("darwin"):
        began = time.monotonic()
        speaker = ScreenReaderSpeaker(VoiceOverLink)
        try:
            assert time.monotonic() - began < 4.0, "the interface is not held while macOS asks"
            assert "asking whether your terminal may control VoiceOver" in (speaker.last_error or "")
            speaker.speak("You sow 9 stones.")
            until(lambda: "You sow 9 stones." in told(log), timeout=20.0)
        finally:
            speaker.close()


def test_3_a_refusal_is_said_with_where_to_allow_it_and_toguzs_own_voice_speaks(fake_bin: Path,
                                                                                   tmp_path: Path) -> None:
    fake_mac(fake_bin, tmp_path, answer="refuse", answered=True)
    with pytest.raises(ReaderUnreachable) as refused:
        VoiceOverLink()
    assert refused.value.reason.why is Unreachable.VOICEOVER_FORBIDDEN
    assert "System Settings, Privacy & Security, Automation" in unreachable_words(refused.value.reason)
    (tmp_path / "answered").unlink()
    fake_mac(fake_bin, tmp_path, answer="refuse", answer_after=3.0)
    own = RecordingSpeaker()
    with use_system("darwin"):
        speaker = ScreenReaderSpeaker(VoiceOverLink)
        speaker.fallback = lambda: own
        try:
            speaker.speak("Your turn.")
            until(lambda: own.spoken == ["Your turn."], timeout=20.0)
            assert "Privacy & Security, Automation" in (speaker.last_error or "")
        finally:
            speaker.close()


def test_3_closing_while_macos_asks_ends_the_osascript_waiting(fake_bin: Path, tmp_path: Path) -> None:
    log = fake_mac(fake_bin, tmp_path, answer_after=60)
    with use_system("darwin"):
        speaker = ScreenReaderSpeaker(VoiceOverLink)
        pid = int(Path(f"{log}.pids").read_text().split()[0])
        began = time.monotonic()
        speaker.close()
    assert time.monotonic() - began < 2.0
    until(lambda: not running(pid), timeout=2.0)


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] == "Z")


def test_9_a_stop_cuts_off_the_osascript_in_flight(fake_bin: Path, tmp_path: Path) -> None:
    log = fake_mac(fake_bin, tmp_path, answered=True)
    speaker = ScreenReaderSpeaker(VoiceOverLink)
    try:
        speaker.speak("A long announcement")
        until(lambda: "A long announcement" in told(log))
        pid = int(log.read_text().splitlines()[-1].split(" ", 1)[0])
        speaker.stop()
        assert speaker.wait(2.0), "the stop waited for the osascript in flight"
        until(lambda: not running(pid), timeout=2.0)
        assert told(log)[-1] == "", "then VoiceOver is silenced"
        assert speaker.last_error is None, "a run cut off is no failure"
    finally:
        speaker.close()


def test_9_what_else_works_still_does(fake_bin: Path, tmp_path: Path) -> None:
    log = fake_mac(fake_bin, tmp_path, answered=True)
    link = VoiceOverLink()
    done = threading.Event()

    def say() -> None:
        link.output('He said "7"; end tell', interrupt=True)
        done.set()

    threading.Thread(target=say).start()
    assert done.wait(5.0)
    assert told(log) == ["", 'He said "7"; end tell']
    link.cut()  # nothing in flight: nothing happens
    link.stop()
    assert told(log)[-1] == ""
