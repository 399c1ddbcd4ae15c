"""The second hostile pass (issue 28) on the WAV files of ``toguz speech --wav`` and ``toguz sounds --wav``
(items 2, 3, 9, 12 and 16) and on the speech queue (item 11), each test named after its item and run as
the user ran it."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
import wave
from pathlib import Path

import pytest

from speech.sounds import sounds_command
from speech.sounds.cues import CUE_NAMES
from speech.system.machine import Machine
from speech.voices.espeak import EspeakSpeaker
from speech.voices.speech_command import main as speech_main
from tests.fakes import HERMETIC
from tests.needs import need_program
from tests.speech.conftest import started
from tests.speech.test_speakers import SlowProgram


def one_plain_line(capsys: pytest.CaptureFixture[str]) -> str:
    """What was printed on stderr, checked to be one line without a traceback, and nothing on stdout."""
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err and "Exception" not in err, (out, err)
    return err


def test_2_speech_wav_never_overwrites_a_file_or_writes_through_a_link(
    real_machine: Machine, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    need_program("espeak-ng")
    mine, secret = tmp_path / "mine.wav", tmp_path / "secret.txt"
    mine.write_bytes(b"my recording")
    secret.write_text("my secret")
    link = tmp_path / "link.wav"
    link.symlink_to(secret)
    assert speech_main(["--speech", "espeak-ng", "--wav", str(mine), "hi"]) == 2
    assert "already exists; add --replace" in one_plain_line(capsys) and mine.read_bytes() == b"my recording"
    for replace in ([], ["--replace"]):
        assert speech_main(["--speech", "espeak-ng", "--wav", str(link), "hi", *replace]) == 2
        assert "is a link" in one_plain_line(capsys)
        assert secret.read_text() == "my secret" and link.is_symlink()
    assert speech_main(["--speech", "espeak-ng", "--wav", str(mine), "hi", "--replace"]) == 0
    assert capsys.readouterr().out == f"wrote {mine}\n"
    with wave.open(str(mine), "rb") as sound:
        assert sound.getnframes() > 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["link.wav", "mine.wav", "secret.txt"]  # no leftovers


def test_3_sounds_replace_never_writes_through_a_link_in_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    folder, secret = tmp_path / "cues", tmp_path / "secret.txt"
    folder.mkdir()
    secret.write_text("my secret")
    (folder / f"{CUE_NAMES[0]}.wav").symlink_to(secret)
    assert sounds_command.main(["--wav", str(folder), "--replace"]) == 1
    assert "is a link" in one_plain_line(capsys)
    assert secret.read_text() == "my secret"
    (folder / f"{CUE_NAMES[0]}.wav").unlink()
    (folder / f"{CUE_NAMES[1]}.wav").write_bytes(b"old")
    assert sounds_command.main(["--wav", str(folder), "--replace"]) == 0
    assert (folder / f"{CUE_NAMES[1]}.wav").read_bytes()[:4] == b"RIFF"
    assert len(list(folder.iterdir())) == len(CUE_NAMES)


def test_9_a_fifo_where_a_wav_goes_is_refused_at_once(
    real_machine: Machine, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    need_program("espeak-ng")
    fifo = tmp_path / "fifo.wav"
    os.mkfifo(fifo)
    folder = tmp_path / "cues"
    folder.mkdir()
    os.mkfifo(folder / f"{CUE_NAMES[-1]}.wav")
    statuses: dict[str, int] = {}
    runs = {"speech": lambda: speech_main(["--speech", "espeak-ng", "--wav", str(fifo), "hi", "--replace"]),
            "sounds": lambda: sounds_command.main(["--wav", str(folder), "--replace"])}
    for name, run in runs.items():
        worker = threading.Thread(target=lambda name=name, run=run: statuses.update({name: run()}), daemon=True)
        worker.start()
        worker.join(20)
        if worker.is_alive():  # a reader that lets the hung writer go, so that the test ends
            for pipe in (fifo, folder / f"{CUE_NAMES[-1]}.wav"):
                os.close(os.open(pipe, os.O_RDONLY | os.O_NONBLOCK))
            pytest.fail(f"{name} --wav onto a FIFO hung")
    assert statuses == {"speech": 2, "sounds": 1}
    err = capsys.readouterr().err
    assert err.count("is not a regular file") == 2 and "Traceback" not in err
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_12_sounds_into_a_read_only_folder_is_one_plain_line(tmp_path: Path) -> None:
    folder = tmp_path / "cues"
    folder.mkdir()
    folder.chmod(0o555)
    if os.access(folder, os.W_OK):  # root writes into read-only folders: /proc refuses everyone
        folder = Path("/proc")
    try:
        toguz = str(Path(sys.executable).with_name("toguz"))
        done = subprocess.run([toguz, "sounds", "--wav", str(folder)], capture_output=True, text=True, timeout=60,
                              env=dict(os.environ, HOME=str(tmp_path), **HERMETIC))
    finally:
        (tmp_path / "cues").chmod(0o755)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("toguz sounds: cannot write the sound cues to") and done.stderr.count("\n") == 1


@pytest.mark.parametrize("where", ["a folder", "/dev/full", "an empty name"])
def test_16_speech_wav_never_says_wrote_when_nothing_was_written(
    where: str, real_machine: Machine, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    need_program("espeak-ng")
    target = {"a folder": str(tmp_path), "/dev/full": "/dev/full", "an empty name": ""}[where]
    assert speech_main(["--speech", "espeak-ng", "--wav", target, "hi"]) == 2
    assert "wrote" not in one_plain_line(capsys)


def test_11_a_flood_of_announcements_is_folded_into_one_line_in_the_speech_queue(slow_program: SlowProgram) -> None:
    program, log = slow_program("espeak-ng", 0.2)
    speaker = EspeakSpeaker(command=str(program))
    try:
        speaker.speak("first")
        started(log)
        for number in range(1, 101):
            speaker.speak(f"event {number}", interrupt=False)
        assert speaker.wait(20.0)
    finally:
        speaker.close()
    said = [args.rsplit("-- ", 1)[1] for _, args in started(log, 11)]
    assert said == ["first", "91 announcements skipped.", *(f"event {number}" for number in range(92, 101))]
