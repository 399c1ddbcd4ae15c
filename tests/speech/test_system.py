"""The platform seam (``speech.system``), a branch of each system tested on this one: Linux's for real,
Windows' and macOS's with the system faked (``use_system``) and their own calls given as fakes that
record what the real ones are documented to take."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from speech.system import System, processes, system, use_system
from speech.system.locks import FileLock, HeldElsewhere, LockHeld, lock_type, locked
from speech.system.readers import (
    PrismLink,
    ReaderUnreachable,
    Unreachable,
    UnreachableReader,
    VoiceOverLink,
    link_problem,
    open_link,
    running_readers,
)
from speech.system.sound import NoAudio, no_output, sound_device, sound_server
from speech.voices.screen_reader import ReaderNotReached, ScreenReaderSpeaker
from speech.words.machine_words import held_lock_words, no_audio_words, unreachable_words
from tests.needs import REPO
from tests.waiting import until

# -- which system ----------------------------------------------------------------------------------------


def test_the_system_is_this_one_unless_faked() -> None:
    assert system() == ("win32" if sys.platform == "win32" else "darwin" if sys.platform == "darwin" else "linux")
    with use_system("win32"):
        assert system() == "win32"
        with use_system("darwin"):
            assert system() == "darwin"
        assert system() == "win32"


# -- processes ---------------------------------------------------------------------------------------------

TREE = "import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); " \
       "print('started', flush=True); time.sleep(60)"


def descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (Linux's /proc)."""
    children: list[int] = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == pid:
                children.append(int(entry.name))
    return children


def gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state == "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc")
def test_on_linux_stopping_a_voice_stops_what_it_started_too() -> None:
    assert processes.detached() == {"start_new_session": True}
    process = subprocess.Popen([sys.executable, "-c", TREE], stdout=subprocess.PIPE, **processes.detached())
    assert process.stdout is not None and process.stdout.readline() == b"started\n"
    until(lambda: descendants(process.pid))
    (child,) = descendants(process.pid)
    processes.stop(process)
    process.wait(10)
    until(lambda: gone(child), what=lambda: "the voice's own child went with it")


def test_on_windows_a_voice_starts_in_a_process_group_of_its_own_and_is_terminated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with use_system("win32"):
        assert processes.detached() == {"creationflags": 0x00000200}  # CREATE_NEW_PROCESS_GROUP

    def no_process_groups(*args: object) -> None:
        raise AssertionError("Windows has no killpg")

    monkeypatch.setattr(os, "killpg", no_process_groups)
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    with use_system("win32"):
        processes.stop(process)  # TerminateProcess there: Popen.terminate
        assert process.wait(10) != 0
        processes.stop(process)  # ended already: left alone
    hard = subprocess.Popen([sys.executable, "-c", "import signal, time; signal.signal(signal.SIGTERM, "
                                                   "signal.SIG_IGN); print(1, flush=True); time.sleep(60)"],
                            stdout=subprocess.PIPE)
    assert hard.stdout is not None and hard.stdout.readline() == b"1\n"
    with use_system("win32"):
        processes.stop(hard, hard=True)  # Popen.kill
        assert hard.wait(10) != 0


# -- locks ---------------------------------------------------------------------------------------------------

CLAIMER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from speech.system.locks import FileLock
    claim = FileLock(Path(sys.argv[1]))
    print(claim.take(wait=False), flush=True)
    sys.stdin.readline()
""")


def test_one_copy_at_a_time_claims_a_file_and_the_system_lets_go_when_it_ends(tmp_path: Path) -> None:
    path = tmp_path / "folder" / "current-game.lock"
    other = subprocess.Popen([sys.executable, "-c", CLAIMER, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, cwd=REPO)
    assert other.stdout is not None and other.stdout.readline() == "True\n"
    mine = FileLock(path)
    assert mine.take(wait=False) is False and not mine.held  # the other copy holds it
    other.kill()  # however it ends, the system lets go
    other.wait(10)
    assert mine.take(wait=False) is True and mine.held
    again = FileLock(path)
    assert again.take(wait=False) is False, "a second claim in the same process is refused too"
    mine.release()
    assert again.take(wait=False) is True
    again.release()


def test_merges_wait_for_each_other_and_a_lock_never_held_long_says_so(tmp_path: Path) -> None:
    path = tmp_path / "training.lock"
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import sys
        from pathlib import Path
        from speech.system.locks import locked
        with locked(Path(sys.argv[1])):
            print("held", flush=True)
            sys.stdin.readline()
    """), str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    with pytest.raises(TimeoutError) as held, locked(path, 0.2):
        pass
    assert isinstance(held.value, LockHeld) and held.value.held == HeldElsewhere(path, 0.2)
    assert held_lock_words(held.value.held) == f"another toguz has held {path} for over 0.2 seconds"
    assert holder.stdin is not None
    holder.stdin.write("\n")
    holder.stdin.close()
    holder.wait(10)
    with locked(path):  # let go: taken at once
        pass


def test_each_system_locks_with_its_own_call_through_the_library() -> None:
    import filelock

    with use_system("win32"):
        assert lock_type() is filelock.WindowsFileLock  # LockFileEx
    with use_system("darwin"):
        assert lock_type() is filelock.UnixFileLock  # flock
    with use_system("linux"):
        assert lock_type() is filelock.UnixFileLock


def test_a_lock_in_a_folder_that_cannot_be_made_holds_nothing_and_the_write_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with locked(blocker / "training.lock"):
        pass  # nothing held: the write that follows fails and is said
    claim = FileLock(blocker / "current-game.lock")
    assert claim.take(wait=False) is True and not claim.held


# -- screen readers found ---------------------------------------------------------------------------------

def test_on_linux_speakup_and_the_readers_among_the_processes_are_found(tmp_path: Path) -> None:
    proc, sys_path = tmp_path / "proc", tmp_path / "sys"
    for pid, name in ((40, "brltty"), (7, "orca"), (90, "bash")):
        (proc / str(pid)).mkdir(parents=True)
        (proc / str(pid) / "comm").write_text(name + "\n")
    (sys_path / "accessibility" / "speakup").mkdir(parents=True)
    with use_system("linux"):
        assert running_readers(proc, sys_path) == ["Speakup", "Orca", "BRLTTY"]


def test_on_windows_nvda_and_jaws_are_found_by_their_windows_and_narrator_by_its_process() -> None:
    asked: list[tuple[str, str | None]] = []

    def windows(window: str, title: str | None) -> bool:
        asked.append((window, title))
        return window == "wxWindowClassNR" and title == "NVDA"

    def tasklist(argv: list[str]) -> str:
        assert argv[0] == "tasklist"
        return '"Narrator.exe","4242","Console","1","30,000 K"\n'

    with use_system("win32"):
        assert running_readers(find_window=windows, run=tasklist) == ["NVDA", "Narrator"]
        assert running_readers(find_window=lambda window, title: False, run=lambda argv: "") == []
    assert asked == [("wxWindowClassNR", "NVDA"), ("JFWUI2", None)]


def test_on_macos_voiceover_is_found_by_its_process() -> None:
    with use_system("darwin"):
        assert running_readers(run=lambda argv: "512\n" if argv == ["pgrep", "-x", "VoiceOver"] else "") == \
            ["VoiceOver"]
        assert running_readers(run=lambda argv: "") == []


# -- screen readers spoken to --------------------------------------------------------------------------------

class FakePrism:
    """Stands in for prismatoid: ``Context().create(BackendId.X)`` gives a backend of a running reader
    (``speak``, ``braille``, ``output`` as the two, ``stop``: prismatoid 0.18.3 ``prism/core.py:45-135``), or
    raises as the library does for one that does not run."""

    class PrismError(Exception):
        pass

    class BackendId:
        NVDA, JAWS, ONE_CORE = "nvda", "jaws", "one_core"

    def __init__(self, running: set[str]) -> None:
        self.running = running
        self.calls: list[tuple[str, ...]] = []
        prism = self

        class Backend:
            def __init__(self, name: str) -> None:
                self.name = name

            def speak(self, text: str, interrupt: bool = False) -> None:
                if self.name not in prism.running:
                    raise prism.PrismError("internal")
                prism.calls.append((self.name, "speak", text, str(interrupt)))

            def braille(self, text: str) -> None:
                if self.name not in prism.running:
                    raise prism.PrismError("internal")
                prism.calls.append((self.name, "braille", text))

            def output(self, text: str, interrupt: bool = False) -> None:
                self.speak(text, interrupt)
                self.braille(text)

            def stop(self) -> None:
                prism.calls.append((self.name, "stop"))

        class Context:
            def create(self, backend_id: str) -> Backend:
                prism.calls.append(("create", backend_id))
                if backend_id not in prism.running:
                    raise prism.PrismError("not available")
                return Backend(backend_id)

        self.Context = Context


def test_nvda_is_spoken_to_before_jaws_and_never_windows_own_voice() -> None:
    prism = FakePrism({"nvda", "jaws"})
    link = PrismLink(prism)
    assert link.name == "NVDA" and link.braille
    link.output("You sow 9 stones.", interrupt=True)
    link.output("", interrupt=True)  # never sent: the interface refuses an empty text
    link.stop()
    assert prism.calls == [("create", "nvda"), ("nvda", "speak", "You sow 9 stones.", "True"),
                           ("nvda", "braille", "You sow 9 stones."), ("nvda", "stop")]
    jaws = FakePrism({"jaws"})
    assert PrismLink(jaws).name == "JAWS"
    with pytest.raises(ReaderUnreachable) as none:
        PrismLink(FakePrism({"one_core"}))
    assert none.value.reason == UnreachableReader(Unreachable.NO_NVDA_OR_JAWS)


def test_an_nvda_restarted_is_reached_again() -> None:
    prism = FakePrism({"nvda"})
    link = PrismLink(prism)
    prism.running = set()
    with pytest.raises(ReaderUnreachable) as gone:
        link.output("gone", interrupt=True)
    assert gone.value.reason == UnreachableReader(Unreachable.NO_NVDA_OR_JAWS)  # spoken to again: not there
    prism.running = {"nvda"}
    link.output("back", interrupt=True)
    assert prism.calls[-2:] == [("nvda", "speak", "back", "True"), ("nvda", "braille", "back")]


class FakeOsascript:
    """Records the programs run: ``pgrep`` answers whether VoiceOver runs, ``osascript`` whether
    AppleScript may control it (VoiceOver Utility's setting; its error, unlike the automation refusal's
    -1743, is not documented: "AppleEvent handler failed", -10000, is a guess)."""

    def __init__(self, running: bool = True, allowed: bool = True) -> None:
        self.running, self.allowed = running, allowed
        self.runs: list[list[str]] = []

    def __call__(self, argv: list[str]) -> subprocess.CompletedProcess[str]:
        self.runs.append(argv)
        if argv[0] == "pgrep":
            return subprocess.CompletedProcess(argv, 0 if self.running else 1, "", "")
        return subprocess.CompletedProcess(argv, 0 if self.allowed else 1, "",
                                           "" if self.allowed else "execution error: VoiceOver got an error: "
                                           "AppleEvent handler failed. (-10000)")


def test_voiceover_is_told_through_applescript_with_the_text_as_an_argument() -> None:
    run = FakeOsascript()
    link = VoiceOverLink(run)
    link.output('He said "7"; end tell', interrupt=True)
    link.stop()
    said = [argv[-1] for argv in run.runs if argv[0] == "osascript"]
    assert said == ["", 'He said "7"; end tell', ""]
    script = run.runs[1][:-2]
    assert script == ["osascript", "-e", "on run argv", "-e", 'tell application "VoiceOver" to output (item 1 of argv)',
                      "-e", "end run"] and run.runs[1][-2] == "--"


def test_voiceover_not_running_is_never_started_and_not_allowed_is_said_with_the_setting() -> None:
    quiet = FakeOsascript(running=False)
    with pytest.raises(ReaderUnreachable) as off:
        VoiceOverLink(quiet)
    assert off.value.reason.why is Unreachable.VOICEOVER_OFF
    assert unreachable_words(off.value.reason) == "VoiceOver is not running"
    assert [argv[0] for argv in quiet.runs] == ["pgrep"], "nothing told to VoiceOver, which would start it"
    with pytest.raises(ReaderUnreachable) as unscripted:
        VoiceOverLink(FakeOsascript(allowed=False))
    assert unscripted.value.reason.why is Unreachable.VOICEOVER_UNSCRIPTED
    assert "Allow VoiceOver to be controlled with AppleScript" in unreachable_words(unscripted.value.reason)


def test_each_system_has_its_line_to_the_reader_or_says_why_not() -> None:
    with use_system("linux"):
        found = link_problem()
        assert found == UnreachableReader(Unreachable.TERMINAL_READ)
        assert unreachable_words(found) == "on Linux your screen reader reads the terminal: use the screen-reader mode"
        with pytest.raises(ReaderUnreachable):
            open_link()
    with use_system("darwin"):
        assert link_problem() is None


def test_an_announcement_reaches_nvda_as_speech_and_braille_and_a_new_one_cuts_the_old_off() -> None:
    prism = FakePrism({"nvda"})
    speaker = ScreenReaderSpeaker(lambda: PrismLink(prism))
    try:
        speaker.speak("White sows 9 stones from pit 7.")
        speaker.speak("Black sows 10 stones from pit 6.", interrupt=True)
        speaker.speak("Move 2.", interrupt=False)
        assert speaker.wait(10)
        speaker.stop()
        until(lambda: prism.calls[-1] == ("nvda", "stop"))
    finally:
        speaker.close()
    outputs = [call for call in prism.calls if call[1] in ("speak", "braille")]
    assert outputs[-4:] == [("nvda", "speak", "Black sows 10 stones from pit 6.", "True"),
                            ("nvda", "braille", "Black sows 10 stones from pit 6."),
                            ("nvda", "speak", "Move 2.", "False"), ("nvda", "braille", "Move 2.")]
    assert speaker.reader == "NVDA" and speaker.last_error is None


def test_a_reader_not_running_leaves_the_voice_to_toguz_and_one_gone_later_is_reached_again() -> None:
    with pytest.raises(ReaderNotReached, match="neither NVDA nor JAWS is running"):
        ScreenReaderSpeaker(lambda: PrismLink(FakePrism(set())))
    prism = FakePrism({"nvda"})
    speaker = ScreenReaderSpeaker(lambda: PrismLink(prism))
    try:
        prism.running = set()  # NVDA quits while toguz runs
        speaker.speak("hello")
        assert speaker.wait(10)
        assert speaker.last_error == "neither NVDA nor JAWS is running"
        prism.running = {"jaws"}  # JAWS started instead
        speaker.speak("again")
        assert speaker.wait(10)
    finally:
        speaker.close()
    assert prism.calls[-2:] == [("jaws", "speak", "again", "True"), ("jaws", "braille", "again")]


# -- sound ---------------------------------------------------------------------------------------------------

def test_sound_is_judged_from_the_audio_librarys_devices_on_windows_and_macos(tmp_path: Path) -> None:
    systems: tuple[System, ...] = ("win32", "darwin")
    for name in systems:
        with use_system(name):
            assert sound_device(playbacks=lambda: 2) is True
            assert sound_device(playbacks=lambda: 0) is False
            assert sound_server() is False
            assert no_output() is NoAudio.NO_PLAYBACK_DEVICE and "/dev/snd" not in no_audio_words(no_output())
    snd = tmp_path / "snd"
    snd.mkdir()
    with use_system("linux"):
        assert sound_device(snd) is False
        (snd / "pcmC0D0p").write_text("")
        assert sound_device(snd) is True
        assert no_output() is NoAudio.NO_CARD_OR_SERVER and "/dev/snd" in no_audio_words(no_output())


# -- toguz's own voice where the system has no player program ----------------------------------------------

def silence_wav(path: Path, seconds: float) -> Path:
    """A WAV file of ``seconds`` of silence."""
    import wave

    with wave.open(str(path), "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(2)
        sound.setframerate(8000)
        sound.writeframes(b"\0\0" * int(8000 * seconds))
    return path


def test_the_wav_player_plays_a_file_to_its_end_and_says_a_failure_in_one_line(tmp_path: Path) -> None:
    short = silence_wav(tmp_path / "short.wav", 0.5)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "speech.voices.wav_player", "--backend", "null", str(short)],
                          capture_output=True, text=True, cwd=REPO, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert time.monotonic() - started >= 0.5, "played to its end"
    missing = subprocess.run([sys.executable, "-m", "speech.voices.wav_player", "--backend", "null",
                              str(tmp_path / "none.wav")], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert missing.returncode == 1 and missing.stderr.startswith("wav_player: ") and missing.stderr.count("\n") == 1


def test_on_windows_a_new_announcement_cuts_the_stale_one_off_without_process_groups(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from speech.voices.base import WorkerSpeaker

    long = silence_wav(tmp_path / "long.wav", 60)
    played: list[str] = []

    class WavSpeaker(WorkerSpeaker):
        name = "wav"

        def _utter(self, text: str, generation: int, interrupt: bool) -> None:
            played.append(text)
            status = self._run([sys.executable, "-m", "speech.voices.wav_player", "--backend", "null", str(long)],
                               generation, timeout=120)
            played.append(f"{text}: {'cut' if status is None else status}")

    def no_process_groups(*args: object) -> None:
        raise AssertionError("Windows has no killpg")

    monkeypatch.setattr(os, "killpg", no_process_groups)
    monkeypatch.setattr(processes, "detached", dict)  # Windows' creation flag cannot start a process here
    monkeypatch.setattr(WavSpeaker, "kill_grace", 0.3)
    with use_system("win32"):
        speaker = WavSpeaker()
        try:
            speaker.speak("stale")
            until(lambda: speaker._process is not None)
            started = time.monotonic()
            speaker.speak("new", interrupt=True)
            until(lambda: "stale: cut" in played, 20, lambda: (played, speaker.last_error))
            assert time.monotonic() - started < 20, "cut at once, not played for a minute"
            speaker.stop()
            assert speaker.wait(20)
        finally:
            speaker.close()
    assert played[:2] == ["stale", "stale: cut"], played
