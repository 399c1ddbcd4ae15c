"""``toguz speech``: --check, --voices, --say, --wav, and plain one-line errors.

The tests of --check and --say state the machine they assume; the tests that list real voices and
write real WAV files need espeak-ng or its library (``tests.needs``: skipped with the package to
install, failed on CI).
"""

from __future__ import annotations

import subprocess
import sys
import time
import wave
from collections.abc import Callable
from pathlib import Path

import pytest

from speech.system.machine import FakeMachine, Machine
from speech.voices import audio
from speech.voices.speech_command import main
from tests.needs import need_library, need_program
from tests.speech.conftest import started

SlowProgram = Callable[[str, float], tuple[Path, Path]]


def test_check_on_a_bare_machine_names_every_backend_with_its_fix(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"pyttsx3: not available: {audio.fix_pyttsx3()}",
        f"espeak-ng: not available: {audio.fix_espeak_ng()}",
        f"speech-dispatcher: not available: {audio.fix_spd_say()}",
        "screen-reader: not available: on Linux your screen reader reads the terminal: use the screen-reader mode",
        "silent: works (text only)",
        f"WAV files (--wav): not available: {audio.fix_espeak_ng()}; {audio.fix_pyttsx3()}",
        "English (en): the engine's own voice",
        f"Kazakh (kk): no voice list here ({audio.fix_espeak_ng()})",
        f"Russian (ru): no voice list here ({audio.fix_espeak_ng()})",
        f"Kyrgyz (ky): no voice list here ({audio.fix_espeak_ng()})",
        *(f"{name}: no voice list here ({audio.fix_espeak_ng()})"
          for name in ("Czech (cs)", "German (de)", "Polish (pl)", "Dutch (nl)")),
    ]


def test_check_on_a_machine_with_voices_and_sound_says_they_work(
    machine: FakeMachine, capsys: pytest.CaptureFixture[str],
) -> None:
    machine.programs |= {"espeak-ng", "aplay"}
    machine.libraries.add("espeak-ng")
    machine.modules.add("pyttsx3")
    machine.has_sound_device = True
    machine.voices = ["en-us", "kk", "ru", "cs", "de", "pl"]
    main(["--check"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["pyttsx3: works", "espeak-ng: works"]
    assert lines[-9:] == ["WAV files (--wav): works", "English (en): the engine's own voice", "Kazakh (kk): voice kk",
                          "Russian (ru): voice ru",
                          "Kyrgyz (ky): espeak-ng has no voice ky; the default voice reads it",
                          "Czech (cs): voice cs", "German (de): voice de", "Polish (pl): voice pl",
                          "Dutch (nl): espeak-ng has no voice nl; the default voice reads it"]


def test_check_without_sound_explains_the_fix(machine: FakeMachine, capsys: pytest.CaptureFixture[str]) -> None:
    machine.programs |= {"espeak-ng", "aplay"}
    main(["--check"])
    out = capsys.readouterr().out
    assert f"espeak-ng: not available: {audio.fix_audio()}\n" in out
    assert "WAV files (--wav): works\n" in out, "WAV files need no sound card"


def test_voices_lists_espeak_ng_languages(real_machine: Machine, capsys: pytest.CaptureFixture[str]) -> None:
    need_program("espeak-ng")
    assert main(["--voices", "--speech", "espeak-ng"]) == 0
    voices = capsys.readouterr().out.split()
    assert {"en-us", "kk", "ru"} <= set(voices)


def test_voices_lists_pyttsx3_voice_ids(real_machine: Machine, capsys: pytest.CaptureFixture[str]) -> None:
    need_library("espeak-ng")
    assert main(["--voices", "--speech", "pyttsx3"]) == 0
    assert "gmw/en" in capsys.readouterr().out.split()


def test_wav_writes_a_sound_file(real_machine: Machine, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    need_program("espeak-ng")
    target = tmp_path / "said.wav"
    assert main(["--speech", "espeak-ng", "--wav", str(target), "You capture 10."]) == 0
    assert capsys.readouterr().out == f"wrote {target}\n"
    with wave.open(str(target), "rb") as wav:
        assert wav.getnframes() > 0


def test_say_speaks_and_waits_until_done(
    fake_bin: Path, slow_program: SlowProgram, machine: FakeMachine, capsys: pytest.CaptureFixture[str],
) -> None:
    _, log = slow_program("espeak-ng", 0.4)
    machine.programs.add("espeak-ng")
    machine.has_sound_device = True
    began = time.monotonic()
    assert main(["--speech", "espeak-ng", "--say", "Your turn."]) == 0
    assert time.monotonic() - began >= 0.4, "--say waits until the voice has finished"
    assert started(log)[0][1] == "-- Your turn."
    assert capsys.readouterr().out == "Your turn.\n"


def test_say_without_a_voice_prints_the_text_and_the_reason(
    machine: FakeMachine, capsys: pytest.CaptureFixture[str],
) -> None:
    machine.programs.add("espeak-ng")
    assert main(["--speech", "espeak-ng", "--say", "Your turn."]) == 2
    out, err = capsys.readouterr()
    assert out == "Your turn.\n"
    assert err == f"toguz speech: Speech is off, text only: espeak-ng: {audio.fix_audio()}.\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "toguz speech: one of the arguments --check --voices --say --wav is required"),
        (["--wav", "x.wav"], "toguz speech: --wav FILE needs the TEXT to say"),
        (["--say", "hi", "there"], "toguz speech: TEXT is only for --wav; use --say TEXT to speak"),
        (["--check", "--voices"], "toguz speech: argument --voices: not allowed with argument --check"),
        (["--speech", "festival", "--check"], "toguz speech: argument --speech: invalid choice: 'festival'"),
        (["--speech", "speech-dispatcher", "--wav", "x.wav", "hi"], "toguz speech: cannot write WAV files"),
    ],
)
def test_mistakes_are_one_plain_line_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(message)
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_wav_into_a_missing_folder_is_a_plain_error(
    real_machine: Machine, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    need_program("espeak-ng")
    assert main(["--speech", "espeak-ng", "--wav", str(tmp_path / "no" / "such" / "x.wav"), "hi"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("toguz speech: cannot write ") and err.count("\n") == 1


def test_help_explains_the_four_modes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for word in ("--check", "--voices", "--say", "--wav", "--speech", "examples:"):
        assert word in out


def test_the_toguz_command_reaches_speech(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from toguz_tui.cli import main; sys.exit(main(sys.argv[1:]))",
         "speech", "--check"],
        capture_output=True, text=True, timeout=30,
    )
    assert done.returncode == 0, done.stderr
    assert "silent: works (text only)" in done.stdout
