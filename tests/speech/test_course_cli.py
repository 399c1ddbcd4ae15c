"""``toguz sounds --course RECORD --wav DIR``: a game of a record file analysed and its course written as a WAV
file, a progress line on stderr as it goes; every bad input one plain line and exit status 2, never a
traceback; never a file overwritten unless asked."""

from __future__ import annotations

import os
import subprocess
import sys
import wave
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.game import Game
from rules.records import write_records
from speech.sounds import course_cli, sounds_command
from tests.needs import REPO

MOVES = (7, 3, 9, 1, 5, 2, 8, 6)


def short_game() -> Game:
    game = Game()
    for pit in MOVES:
        game.play(pit)
    return game


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """Two games: the first of eight moves, the second of none."""
    path = tmp_path / "games.pgn"
    path.write_text(write_records([short_game(), Game()]), encoding="utf-8")
    return path


def seconds(path: Path) -> float:
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getframerate()) == (2, 44100)
        return wav.getnframes() / wav.getframerate()


def test_it_writes_the_first_games_course_saying_how_far_the_analysis_is(
        record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "out"
    assert sounds_command.main(["--course", str(record), "--wav", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert out == f"wrote the course of game 1 to {folder / 'course.wav'}\n"
    assert err == "Analysing move 1 of 8\n"
    assert 4.5 <= seconds(folder / "course.wav") <= 5.5
    assert [path.name for path in folder.iterdir()] == ["course.wav"]


def test_progress_is_said_every_few_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(course_cli, "PROGRESS_EVERY", 3)
    said: list[tuple[int, int]] = []
    analysis = course_cli.analysed(short_game(), nodes=2000, progress=lambda done, total: said.append((done, total)))
    assert analysis.complete and said == [(1, 8), (4, 8), (7, 8)]


def test_it_never_overwrites_unless_asked(record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "course.wav"
    mine.write_bytes(b"my own recording")
    status = sounds_command.main(["--course", str(record), "--wav", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 1 and out == "" and err.count("\n") == 1 and str(mine) in err and "--replace" in err
    assert "Analysing" not in err, "nothing is analysed for a file that cannot be written"
    assert mine.read_bytes() == b"my own recording"
    assert sounds_command.main(["--course", str(record), "--wav", str(tmp_path), "--replace", "--side", "black"]) == 0
    assert mine.read_bytes()[:4] == b"RIFF"


def test_another_game_has_a_file_of_its_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three.pgn"
    path.write_text(write_records([Game(), Game(), short_game()]), encoding="utf-8")
    assert sounds_command.main(["--course", str(path), "--game", "3", "--wav", str(tmp_path)]) == 0
    assert (tmp_path / "course-3.wav").is_file() and not (tmp_path / "course.wav").exists()
    assert capsys.readouterr().out.startswith("wrote the course of game 3 to ")


def broken(tmp_path: Path) -> Path:
    path = tmp_path / "broken.pgn"
    path.write_text(write_records([short_game()]).replace("2. 99", "2. 98"), encoding="utf-8")
    return path


def not_utf8(tmp_path: Path) -> Path:
    path = tmp_path / "latin.pgn"
    path.write_bytes(b'[Event "T\xe9st"]\n\n1. 76 *\n')
    return path


@pytest.mark.parametrize(("make", "args", "words"), [
    (lambda tmp, record: tmp / "missing.pgn", [], "missing.pgn: no such file"),
    (lambda tmp, record: tmp, [], "is a folder, not a record file"),
    (lambda tmp, record: broken(tmp), [], "line 9"),
    (lambda tmp, record: not_utf8(tmp), [], "is not UTF-8 text (byte 0xe9"),
    (lambda tmp, record: record, ["--game", "3"], "holds 2 games; there is no game 3"),
    (lambda tmp, record: record, ["--game", "2"], "game 2 of"),
    (lambda tmp, record: record, ["--game", "0"], "0 is not a game number"),
    (lambda tmp, record: record, ["--game", "x"], "x is not a game number"),
])
def test_each_bad_input_is_one_plain_line_and_status_2(
        make: Callable[[Path, Path], Path], args: list[str], words: str, record: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    source = make(tmp_path, record)
    status = sounds_command.main(["--course", str(source), *args, "--wav", str(tmp_path / "out")])
    out, err = capsys.readouterr()
    assert status == 2 and out == "", err
    assert err.count("\n") == 1 and err.startswith("toguz sounds: ") and words in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_the_broken_record_says_where_and_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = broken(tmp_path)
    assert sounds_command.main(["--course", str(path), "--wav", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "game 1" in err and "move 2 for White" in err, err
    assert "'98'" in err and "lands in pit 9, not 8" in err, err


def test_a_record_too_large_or_not_a_file_is_refused(record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    with monkeypatch.context() as patch:  # (undo would undo the English of every test too)
        patch.setattr(course_cli, "MOST_BYTES", 100)
        assert sounds_command.main(["--course", str(record), "--wav", str(tmp_path / "out")]) == 2
        assert f"{record} is larger than 100 bytes, the most toguz reads as a record" in capsys.readouterr().err
    assert course_cli._size(8 * 1024 * 1024) == "8 MB"
    if hasattr(os, "mkfifo"):
        pipe = tmp_path / "pipe.pgn"
        os.mkfifo(pipe)
        assert sounds_command.main(["--course", str(pipe), "--wav", str(tmp_path / "out")]) == 2
        assert "is not a regular file" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "words"), [
    (["--course", "x.pgn"], "--wav"),
    (["--course", "x.pgn", "--list"], "add --wav DIR"),
    (["--wav", "cues", "--game", "2"], "go with --course"),
    (["--list", "--side", "black"], "go with --course"),
])
def test_options_that_do_not_go_together_are_one_plain_line(args: list[str], words: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert sounds_command.main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and words in err


def test_it_runs_as_a_command(record: Path, tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        code = "import sys; from speech.sounds.sounds_command import main; sys.exit(main(sys.argv[1:]))"
        return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=REPO,
                              check=False, timeout=120, env={**os.environ, "LANGUAGE": "en", "LANG": "C.UTF-8"})

    done = run("--course", str(record), "--wav", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("wrote the course of game 1") and "Analysing move 1 of 8" in done.stderr
    missing = run("--course", str(tmp_path / "none.pgn"), "--wav", str(tmp_path / "other"))
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "Traceback" not in missing.stderr
