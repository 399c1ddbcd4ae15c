"""Issue 50, the fourth hostile pass, at the platform seam: a keyring whose module breaks or that never
answers, a core module that will not import, a held ``mistakes.lock``, and a sound device whose opening
blocks. Each is met as the user meets it: the installed ``toguz`` with piped input, the broken module put
first on ``PYTHONPATH`` (a stand-in with the real one's names), and what is said is asserted."""

from __future__ import annotations

import os
import subprocess
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from speech.system.locks import FileLock
from tests.toguz_tui.conftest import MakeSession, environment, toguz_command
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.session.test_clocks import say
from tests.toguz_tui.training.test_mistakes import better, keep, kept, positions
from toguz_tui.online.network import token_store
from toguz_tui.online.network.client import server_address
from toguz_tui.training.mistake_record import load_record, record_path

NO_ANSWER = "The system keyring did not answer within 5 seconds: toguz uses its own token file instead."
WATCHING_ONLY = "Not logged in to PlayStrategy: you can watch live games"

# The keyring package as toguz uses it: ``get_keyring()`` and its backend's ``priority``, the module's own
# ``get_password``, ``set_password`` and ``delete_password``, and ``keyring.backends.fail.Keyring``.
LOCKED_KEYRING = '''
import time


class _SecretService:  # a locked Secret Service: every question waits for an unlock that never comes
    priority = 5


def get_keyring():
    return _SecretService()


def get_password(service, username):
    time.sleep(300)


def set_password(service, username, password):
    time.sleep(300)


def delete_password(service, username):
    time.sleep(300)
'''


@pytest.fixture
def server() -> Iterator[FakePlayStrategy]:
    """A stand-in PlayStrategy, running for the test."""
    fake = FakePlayStrategy().start()
    yield fake
    fake.stop()


def put_module(folder: Path, name: str, text: str) -> Path:
    """A package ``name`` in ``folder`` whose ``__init__`` is ``text`` (keyring's ``backends.fail`` too)."""
    package = folder / name
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text(textwrap.dedent(text))
    if name == "keyring":
        (package / "backends").mkdir(exist_ok=True)
        (package / "backends" / "__init__.py").write_text("")
        (package / "backends" / "fail.py").write_text("class Keyring:\n    priority = 0\n")
    return folder


def with_modules(tmp_path: Path, folder: Path) -> dict[str, str]:
    """The test environment with ``folder``'s modules found before the installed ones."""
    env = {**environment(tmp_path), token_store.ENVIRONMENT: ""}
    env["PYTHONPATH"] = os.pathsep.join(part for part in (str(folder), env.get("PYTHONPATH", "")) if part)
    return env


def run(args: list[str], given: str, env: dict[str, str],
        timeout: float = 60) -> tuple[subprocess.CompletedProcess[str], float]:
    """``toguz args`` given ``given`` as its input; what it did, and how many seconds it took."""
    began = time.monotonic()
    done = subprocess.run([*toguz_command(), *args], input=given, capture_output=True, text=True, timeout=timeout,
                          env=env)
    return done, time.monotonic() - began


# -- item 6: a keyring whose import raises, a core module that will not import ---------------------------------

@pytest.mark.parametrize("raised, told", [
    ("RuntimeError('its backend is broken')", "RuntimeError: its backend is broken"),
    ("SystemExit(3)", "SystemExit: 3"),
    ("KeyboardInterrupt()", "KeyboardInterrupt"),
    ("OSError(5, 'Input/output error')", "OSError: [Errno 5] Input/output error"),
], ids=["RuntimeError", "SystemExit", "KeyboardInterrupt", "OSError"])
def test_6_a_keyring_whose_import_raises_is_no_keyring_said_once_and_online_goes_on(
        tmp_path: Path, raised: str, told: str) -> None:
    env = with_modules(tmp_path, put_module(tmp_path / "modules", "keyring", f"raise {raised}\n"))
    done, _seconds = run(["online", "--line", "--speech", "off"], "quit\n", env)
    assert done.returncode == 0, done.stderr
    assert WATCHING_ONLY in done.stdout and "Goodbye." in done.stdout
    assert done.stderr == (f"The system keyring could not be loaded ({told}): toguz uses its own token file "
                           "instead.\n")
    assert "went wrong" not in done.stdout + done.stderr


@pytest.mark.slow
def test_6_login_with_a_broken_keyring_keeps_the_token_in_its_file_and_says_why(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    env = with_modules(tmp_path, put_module(tmp_path / "modules", "keyring", "raise SystemExit(3)\n"))
    done, _seconds = run(["online", "login", "--server", server.url], server.token + "\n", env)
    assert done.returncode == 0, done.stderr
    path = token_store.token_file(tmp_path / "config", server_address(server.url))
    assert f"the token is kept in {path}, readable only by you." in done.stdout
    assert done.stderr.count("The system keyring could not be loaded (SystemExit: 3)") == 1


@pytest.mark.parametrize("raised", ["RuntimeError('a broken build')", "ImportError('no _api')"])
def test_6_a_core_module_that_will_not_import_is_one_plain_line_at_start(tmp_path: Path, raised: str) -> None:
    env = with_modules(tmp_path, put_module(tmp_path / "modules", "filelock", f"raise {raised}\n"))
    done, _seconds = run(["--line", "--speech", "off"], "quit\n", env)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("toguz cannot start: the Python package filelock it needs could not be loaded (")
    assert lines[0].endswith("install toguz again the way you installed it.")


# -- item 10: a keyring that never answers ---------------------------------------------------------------------

@pytest.mark.slow
def test_10_a_keyring_that_never_answers_is_said_and_online_goes_on_without_it(tmp_path: Path) -> None:
    env = with_modules(tmp_path, put_module(tmp_path / "modules", "keyring", LOCKED_KEYRING))
    done, seconds = run(["online", "--line", "--speech", "off"], "quit\n", env)
    assert done.returncode == 0, done.stderr
    assert done.stderr == NO_ANSWER + "\n"
    assert WATCHING_ONLY in done.stdout
    assert seconds < 20, f"{seconds:.1f} s: the keyring was waited for past its deadline"


@pytest.mark.slow
def test_10_login_with_a_keyring_that_never_answers_keeps_the_token_in_its_file(
        tmp_path: Path, server: FakePlayStrategy) -> None:
    env = with_modules(tmp_path, put_module(tmp_path / "modules", "keyring", LOCKED_KEYRING))
    done, seconds = run(["online", "login", "--server", server.url], server.token + "\n", env)
    assert done.returncode == 0, done.stderr
    assert done.stderr == NO_ANSWER + "\n", "said once, though asked to keep the token too"
    path = token_store.token_file(tmp_path / "config", server_address(server.url))
    assert f"the token is kept in {path}, readable only by you." in done.stdout
    assert seconds < 20, f"{seconds:.1f} s: the keyring was waited for past its deadline"
    played, _seconds = run(["online", "--line", "--speech", "off", "--server", server.url], "quit\n", env)
    assert "Connected to PlayStrategy as me." in played.stdout, "the token kept in the file is used"
    assert played.stderr == NO_ANSWER + "\n"


# -- item 9: a held mistakes.lock --------------------------------------------------------------------------------

HELD = ("Your answers are not saved yet: another toguz is writing your record of mistakes. They are kept and saved "
        "with your next answer.")


def test_9_a_held_mistakes_lock_never_keeps_the_answer_waiting_and_the_answers_are_saved_later(
        make_session: MakeSession) -> None:
    account = keep(kept(1, {6: 14.0, 10: 9.0}))
    moves = list(account.game.moves)
    first, second = (better(positions(moves)[ply], moves[ply]) for ply in (6, 10))
    session = make_session()
    assert say(session, "mistakes").startswith("Mistake 1 of 2.")
    other = FileLock(record_path().with_suffix(".lock"))  # another toguz writing the record, and stuck there
    assert other.take(wait=False)
    try:
        began = time.monotonic()
        text = say(session, str(first))
        seconds = time.monotonic() - began
    finally:
        other.release()
    assert seconds < 3, f"the answer waited {seconds:.1f} s for the other toguz's lock"
    assert text.startswith("Right") and text.count(HELD) == 1, text
    assert load_record()[0].rights == {}, "nothing written while the other toguz held the record"
    text = say(session, str(second))
    assert HELD not in text and "could not be saved" not in text
    assert load_record()[0].rights == {f"{account.analysis.key}:6": 1, f"{account.analysis.key}:10": 1}
    assert "your progress could not be saved" not in say(session, "close")


# -- item 11: a sound device whose opening blocks --------------------------------------------------------------

# miniaudio as toguz uses it, its sound server taking the connection and never answering: the device's
# opening (``PlaybackDevice(...)``, which starts the backend) never returns.
BLOCKING_MINIAUDIO = '''
import enum
import time


class SampleFormat(enum.Enum):
    FLOAT32 = 5


class Backend(enum.Enum):
    NULL = 0
    ALSA = 1
    PULSEAUDIO = 2


class PlaybackDevice:
    def __init__(self, output_format=SampleFormat.FLOAT32, nchannels=2, sample_rate=44100, buffersize_msec=200,
                 device_id=None, callback_periods=0, backends=None, thread_prio=None, app_name=""):
        time.sleep(300)
'''
NO_DEVICE = "the sound device did not answer within 3 seconds"


@pytest.mark.slow
def test_11_a_sound_device_whose_opening_blocks_is_said_and_the_game_starts_and_sounds_on_answers_at_once(
        tmp_path: Path) -> None:
    env = with_modules(tmp_path, put_module(tmp_path / "modules", "miniaudio", BLOCKING_MINIAUDIO))
    env["TOGUZ_AUDIO"] = "device"  # a sound card is there
    done, seconds = run(["--line", "--speech", "off", "--new"], "sounds on\nsounds off\nsounds on\nquit\n", env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"Sound cues are off: {NO_DEVICE}."
    assert lines[1].startswith("New game of Toguz Kumalak")
    assert sum(NO_DEVICE in line for line in lines if line.startswith("Sound is set on")) == 2
    assert lines[-1] == "Goodbye." and "went wrong" not in done.stdout + done.stderr
    assert seconds < 20, f"{seconds:.1f} s: the device was waited for past its deadline, or again"
