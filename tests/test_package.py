"""toguz as a player meets it: the wheel and the sdist built and checked as PyPI would, the wheel installed by
name into a fresh environment outside the checkout, with a fresh home and no compiled search, and a game
played there at once (the search compiled in the background meanwhile), lessons and puzzles included."""

from __future__ import annotations

import email.parser
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
import tomllib
import urllib.error
import urllib.request
import uuid
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.fakes import HERMETIC
from tests.needs import REPO, need, need_program
from toguz_tui import __version__

pytestmark = pytest.mark.slow

NAME = "toguz-kumalak"
BIN = Path(sys.executable).parent
# A middlegame out of the opening book (White to move, 22 to 32): the computer's answer is searched.
MIDDLEGAME = "6S,1S,14S,14S,2S,4S,3S,2S,15S/6S,1,5S,5S,14S,14S,1,1S,2S 22 32 S 6"
PREPARING = "fast search is being prepared"
COMPUTER_SOWS = "The computer sows"


@dataclass
class Installed:
    """The built distributions, and a fresh environment with the wheel installed in it."""

    wheel: Path
    sdist: Path
    venv: Path
    home: Path

    @property
    def toguz(self) -> Path:
        return self.venv / "bin" / "toguz"

    def environment(self) -> dict[str, str]:
        """A new user's: a home of their own, nothing of the checkout's or the tests' folders."""
        home = str(self.home)
        return {"HOME": home, "PATH": f"{self.venv / 'bin'}:/usr/bin:/bin", "LANG": "C.UTF-8",
                "XDG_CONFIG_HOME": f"{home}/.config", "XDG_DATA_HOME": f"{home}/.local/share",
                "XDG_CACHE_HOME": f"{home}/.cache", "XDG_STATE_HOME": f"{home}/.local/state", **HERMETIC}

    def cache(self) -> Path:
        """The folder under which the installed toguz keeps its compiled search."""
        found = list((self.venv / "lib").glob("python3*/site-packages/rules/engine"))
        assert len(found) == 1, found
        return found[0] / "__pycache__"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    """``python -m build`` and ``twine check``, then the wheel into a fresh virtual environment (uv: the
    dependencies from the index, as ``pipx install`` takes them)."""
    if importlib_missing("build") or importlib_missing("twine"):
        need(False, "the build and twine packages (pip install -e '.[test]')")
    outside = tmp_path_factory.mktemp("player")
    dist = outside / "dist"
    built = subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(REPO)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    wheels, sdists = list(dist.glob("*.whl")), list(dist.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, list(dist.iterdir())
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, wheels + sdists)],
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    venv, home = outside / "venv", outside / "home"
    home.mkdir()
    uv = BIN / "uv"
    subprocess.run([str(uv), "venv", "-q", "--python", sys.executable, str(venv)], check=True, timeout=120,
                   cwd=outside)
    done = subprocess.run([str(uv), "pip", "install", "-q", "--python", str(venv / "bin" / "python"), str(wheels[0])],
                          capture_output=True, text=True, timeout=600, cwd=outside)
    assert done.returncode == 0, done.stderr[-3000:]
    yield Installed(wheels[0], sdists[0], venv, home)
    end_compiling(venv)


def importlib_missing(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is None


def end_compiling(venv: Path) -> None:
    """Stop any process still compiling the search inside ``venv`` (the test's end: its folder goes)."""
    listed = subprocess.run(["pgrep", "-f", "toguz_tui.session.preparation"], capture_output=True, text=True)
    for pid in listed.stdout.split():
        try:
            if Path(f"/proc/{pid}/exe").resolve().is_relative_to(venv.resolve()) or \
                    str(venv) in Path(f"/proc/{pid}/cmdline").read_text():
                os.kill(int(pid), 9)
        except OSError:
            pass


def test_the_distribution_is_whole_and_says_what_it_is(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as wheel:
        names = set(wheel.namelist())
        info = next(name for name in names if name.endswith(".dist-info/METADATA"))
        metadata = email.parser.Parser().parsestr(wheel.read(info).decode())
    tracked = subprocess.run(["git", "ls-files", "rules", "speech", "toguz_tui"], cwd=REPO, capture_output=True,
                             text=True, check=True).stdout.split()
    program = [name for name in tracked if not name.startswith(("speech/locale/",)) or name.endswith((".mo", ".po"))]
    assert program and [name for name in program if name not in names] == [], "every file toguz reads is in the wheel"
    assert {"rules/engine/book.json", "toguz_tui/training/puzzles.json", "toguz_tui/keyboards/keyboards.json"} <= names
    assert sum(name.startswith("toguz_tui/training/lessons/") for name in names) >= 11
    assert {f"speech/locale/{code}/LC_MESSAGES/toguz.mo" for code in ("kk", "ru", "ky")} <= names
    assert metadata["Name"] == NAME and metadata["Version"] == __version__
    assert metadata["License-Expression"] == "MIT" and metadata["Summary"] and metadata["Keywords"]
    assert metadata["Description-Content-Type"] == "text/markdown"
    from trove_classifiers import classifiers

    given = metadata.get_all("Classifier") or []
    assert given and [name for name in given if name not in classifiers] == [], "PyPI's own classifiers only"
    assert {"Operating System :: Microsoft :: Windows", "Operating System :: MacOS"} <= set(given)
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert project["scripts"] == {"toguz": "toguz_tui.cli:main"}, "the command stays toguz"
    changelog = (REPO / "CHANGELOG.md").read_text()
    assert f"## [{__version__}]" in changelog, "each version has its part in the changelog"


def test_the_name_on_pypi_is_ours_or_free() -> None:
    """PyPI's ``toguz`` is another project: ours is served under a name that is free, or by us."""
    try:
        with urllib.request.urlopen(f"https://pypi.org/pypi/{NAME}/json", timeout=10) as answer:
            served = json.loads(answer.read(1 << 20))
    except urllib.error.HTTPError as error:
        assert error.code == 404, error
        return
    except (urllib.error.URLError, TimeoutError) as error:
        need(False, f"PyPI, to see whether {NAME} is free ({error})")
        return
    summary = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["description"]
    assert served["info"]["summary"] == summary, f"{NAME} on PyPI is somebody else's"


class Lines:
    """A process's output, line by line as it comes, each with the time it came."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.started = time.monotonic()
        self.seen: list[tuple[float, str]] = []
        self._queue: queue.Queue[tuple[float, str | None]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._queue.put((time.monotonic(), line.rstrip("\n")))
        self._queue.put((time.monotonic(), None))

    def send(self, text: str) -> float:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        return time.monotonic()

    def until(self, check: Callable[[str], bool], timeout: float) -> float:
        """When the first line from now that ``check`` holds for came (AssertionError after ``timeout``)."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                when, line = self._queue.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                break
            self.seen.append((when, line))
            if check(line):
                return when
        raise AssertionError(f"not seen in {timeout} s; seen:\n" + "\n".join(line for _, line in self.seen))

    def drain(self) -> None:
        """Take every line until the output's end."""
        while (got := self._queue.get(timeout=60))[1] is not None:
            self.seen.append((got[0], got[1]))

    def text(self) -> str:
        return "\n".join(line for _, line in self.seen)


def play(installed: Installed, *args: str) -> Lines:
    process = subprocess.Popen([str(installed.toguz), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, env=installed.environment(), cwd=installed.home)
    return Lines(process)


def finish(lines: Lines, *typed: str) -> str:
    """Type the last lines, wait for the end; everything it wrote."""
    for line in typed:
        lines.send(line)
    assert lines.process.stdin is not None
    lines.process.stdin.close()
    assert lines.process.wait(timeout=60) == 0, lines.text()
    lines.drain()
    return lines.text()


def test_a_first_game_from_the_wheel_never_waits_for_the_compiled_search(installed: Installed) -> None:
    cache = installed.cache()
    assert not list(cache.glob("numba-*/ready-toguz")), "a fresh install has no compiled search"
    game = play(installed, "play", "--line", "--level", "8", "--speech", "off", "--fen", MIDDLEGAME)
    game.until(lambda line: "your turn" in line, 30)
    typed = game.send("9")
    moved = game.until(lambda line: line.startswith(COMPUTER_SOWS), 60)
    assert moved - typed <= 15, f"the computer's first move came {moved - typed:.1f} s after the player's"
    assert game.text().count(PREPARING) == 1, "said once, in one line"
    for _move in range(2):  # the game goes on
        game.send("legal")
        game.until(lambda line: line.startswith("You can play"), 30)
        pit = next(word for word in game.seen[-1][1].replace(",", " ").replace(".", " ").split() if word.isdigit())
        game.send(pit)
        game.until(lambda line: line.startswith(COMPUTER_SOWS) or "game is over" in line.lower(), 60)
    said = finish(game, "board", "quit")
    assert "Your row from pit 1" in said and "saved" in said, said

    interactive_board_is_answered_at_once(installed)
    lessons_and_puzzles_work(installed)

    deadline = time.monotonic() + 600
    while not list(cache.glob("numba-*/ready-toguz")):  # the child compiling it, meanwhile
        assert time.monotonic() < deadline, "the compiled search was never made ready"
        time.sleep(0.5)
    again = play(installed, "play", "--line", "--level", "8", "--speech", "off", "--new", "--fen", MIDDLEGAME)
    again.until(lambda line: "your turn" in line, 30)
    typed = again.send("9")
    moved = again.until(lambda line: line.startswith(COMPUTER_SOWS), 30)
    said = finish(again, "quit")
    assert PREPARING not in said, "a later start finds the compiled search ready"
    assert moved - typed <= 10


def lessons_and_puzzles_work(installed: Installed) -> None:
    learned = subprocess.run([str(installed.toguz), "learn", "--line", "--speech", "off", "--screen-reader"],
                             input="1\nboard\nquit\n", capture_output=True, text=True, timeout=120,
                             env=installed.environment(), cwd=installed.home)
    assert learned.returncode == 0 and learned.stderr == "", learned.stderr
    assert learned.stdout.startswith("Lesson 1 of "), learned.stdout[:500]
    puzzles = subprocess.run([str(installed.toguz), "puzzles", "--line", "--speech", "off", "--screen-reader"],
                             input="hint\nclose\nquit\n", capture_output=True, text=True, timeout=120,
                             env=installed.environment(), cwd=installed.home)
    assert puzzles.returncode == 0 and puzzles.stderr == "", puzzles.stderr
    assert puzzles.stdout.startswith("Puzzle ") and "puzzle rating is 1200" in puzzles.stdout, puzzles.stdout[:500]


def interactive_board_is_answered_at_once(installed: Installed) -> None:
    """In a real terminal (tmux) the line mode answers ``board`` while the computer thinks, within a second."""
    need_program("tmux")
    socket, name = f"toguz-package-{os.getpid()}", f"first-{uuid.uuid4().hex[:8]}"
    env = installed.environment()
    command = " ".join([*(f"{key}={value}" for key, value in env.items()), "TERM=xterm-256color", "exec",
                        str(installed.toguz), "play", "--line", "--level", "8", "--new", "--speech", "off",
                        "--fen", f"'{MIDDLEGAME}'"])

    def tmux(*args: str) -> str:
        return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True, check=True,
                              timeout=10).stdout

    def screen() -> str:
        return tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", name)

    def wait(check: Callable[[str], bool], timeout: float) -> float:
        deadline = time.monotonic() + timeout
        while not check(shown := screen()):
            assert time.monotonic() < deadline, f"not on the screen in {timeout} s:\n{shown}"
            time.sleep(0.02)
        return time.monotonic()

    tmux("new-session", "-d", "-s", name, "-x", "160", "-y", "50", "-c", str(installed.home), command)
    try:
        for _question in range(3):  # the first start's questions, each answered no
            wait(lambda shown: "your turn" in shown or shown.rstrip().endswith("no):"), 30)
            if "your turn" in screen():
                break
            tmux("send-keys", "-t", name, "n", "Enter")
            wait(lambda shown: not shown.rstrip().endswith("no):"), 10)
        wait(lambda shown: "your turn" in shown, 30)
        tmux("send-keys", "-t", name, "9", "Enter")
        wait(lambda shown: "You sow" in shown, 10)
        typed = time.monotonic()
        tmux("send-keys", "-t", name, "board", "Enter")
        answered = wait(lambda shown: "Your row from pit 1" in shown, 10)
        assert COMPUTER_SOWS not in screen().split("Your row from pit 1")[0], "asked while the computer thinks"
        assert answered - typed <= 1.0, f"board answered {answered - typed:.2f} s after it was typed"
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)


def test_the_checkout_does_not_leak_into_the_fresh_environment(installed: Installed) -> None:
    """The installed toguz runs from the environment's own files, not the checkout's."""
    where = subprocess.run([str(installed.venv / "bin" / "python"), "-c", "import rules, toguz_tui; "
                            "print(rules.__file__); print(toguz_tui.__file__)"], capture_output=True, text=True,
                           env=installed.environment(), cwd=installed.home, check=True).stdout.split()
    assert where and all(Path(path).is_relative_to(installed.venv) for path in where), where
    assert shutil.which("toguz", path=installed.environment()["PATH"]) == str(installed.toguz)
