"""``toguz sounds``: writing the cues as WAV files without ever overwriting a file by surprise, and listing them."""

from __future__ import annotations

from pathlib import Path

import pytest

from speech.sounds import sounds_command
from speech.sounds.cues import CUE_NAMES


def test_it_writes_every_cue_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "new" / "cues"
    assert sounds_command.main(["--wav", str(folder)]) == 0
    assert sorted(path.name for path in folder.iterdir()) == sorted(f"{name}.wav" for name in CUE_NAMES)
    out, err = capsys.readouterr()
    assert out == f"wrote {len(CUE_NAMES)} sound cues to {folder}\n" and err == ""


def test_it_refuses_to_overwrite_a_file_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "turn.wav"
    mine.write_bytes(b"my own recording")
    status = sounds_command.main(["--wav", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status != 0 and out == ""
    assert err.count("\n") == 1 and str(mine) in err and "--replace" in err and "Traceback" not in err
    assert mine.read_bytes() == b"my own recording"
    assert [path.name for path in tmp_path.iterdir()] == ["turn.wav"]


def test_replace_replaces_the_cue_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "turn.wav"
    old.write_bytes(b"old")
    assert sounds_command.main(["--wav", str(tmp_path), "--replace"]) == 0
    assert old.read_bytes()[:4] == b"RIFF"
    assert len(list(tmp_path.iterdir())) == len(CUE_NAMES)
    assert capsys.readouterr().out.startswith("wrote ")


def test_list_names_every_cue_with_its_length(capsys: pytest.CaptureFixture[str]) -> None:
    assert sounds_command.main(["--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(CUE_NAMES)
    assert all(line.endswith(" ms") and int(line.split()[1]) > 0 for line in lines)


def test_a_folder_that_is_a_file_gives_one_plain_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cues"
    path.write_text("not a folder")
    status = sounds_command.main(["--wav", str(path)])
    out, err = capsys.readouterr()
    assert status in (1, 2) and out == ""
    assert err == f"toguz sounds: {path} is a file, not a folder\n"
    assert path.read_text() == "not a folder"


@pytest.mark.parametrize("args", [[], ["--wav"], ["--list", "--wav", "x"], ["--loud"]])
def test_a_mistake_on_the_command_line_is_one_plain_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert sounds_command.main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("toguz sounds: ") and "Traceback" not in err


def test_help_is_printed_and_succeeds(capsys: pytest.CaptureFixture[str]) -> None:
    assert sounds_command.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "--wav DIR" in out and "--replace" in out and "--list" in out
