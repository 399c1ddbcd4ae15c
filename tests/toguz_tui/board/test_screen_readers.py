"""What real screen readers say: the board and the line mode heard through Fenrir and Orca.

``../shared/tools/listen.py`` runs toguz inside Fenrir (in tmux), types keys and records every
utterance Fenrir started, heard in full or cut off, with a voice that takes as long as a real one.
``../shared/tools/orca/orca_listen.py`` runs it in a VTE terminal with Orca watching. These tests
assert what a blind player hears, key by key: every expected sentence heard in full, nothing read
that is made of box-drawing characters, and little more than the pit for a focus move.

They need Fenrir and tmux (Orca, Xvfb and xdotool for Orca), which ``.ci/run`` installs; elsewhere
they are skipped with the package to install (failed on CI).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from speech.system.machine import SCREEN_READER_VARIABLE
from tests.needs import SHARED_DATA, need_program, need_shared_data, need_shared_tool
from tests.toguz_tui.board.fenrir_listening import FenrirListener

pytestmark = pytest.mark.slow

TOGUZ = str(Path(sys.executable).with_name("toguz"))
BOX_DRAWING = re.compile("[\u2500-\u259f]")


def flat(text: str) -> str:
    """Text as compared: screen readers turn line breaks into pauses (Fenrir adds commas)."""
    return re.sub(r"[\s,]+", " ", text).strip()


def private_env(tmp_path: Path, reader: str) -> dict[str, str]:
    """The environment of a listening tool and the toguz it starts: private folders, and ``reader`` the
    one screen reader toguz sees running (the one the tool runs; not another on this computer)."""
    env = dict(os.environ)
    env.update(TOGUZ_DATA_DIR=str(tmp_path / "data"), TOGUZ_CONFIG_DIR=str(tmp_path / "config"))
    env[SCREEN_READER_VARIABLE] = reader
    env.pop("CI", None)  # CI's own variable is not toguz's business
    return env


def fenrir(tmp_path: Path, command: list[str], keys: list[str]) -> list[dict[str, Any]]:
    """Every utterance Fenrir started while ``command`` ran and ``keys`` were typed, each key typed once
    what the last one made heard has been said (``tests/toguz_tui/board/fenrir_listening.py``)."""
    need_program("fenrir")
    need_program("tmux")
    tool = need_shared_tool("listen.py")
    return FenrirListener(tool, command, private_env(tmp_path, "Fenrir")).run(keys)


# Orca runs once per user: at start it asks ``pgrep -u UID -x orca`` (through the shell, so the first
# pgrep on PATH) and refuses to start ("Another Orca process is already running") when any other
# process of that name is found: the developer's own Orca, another test's (xdist), another checkout's.
# The tool's Orca is alone on its own Xvfb display and D-Bus session, in the way of none of them;
# this pgrep, first on its PATH, finds nothing.
LONE_PGREP = "#!/bin/sh\nexit 1\n"


def lone_orca_env(tmp_path: Path) -> dict[str, str]:
    """The environment of the Orca tool, with a ``pgrep`` that finds no other Orca."""
    folder = tmp_path / "lone-orca"
    folder.mkdir(exist_ok=True)
    pgrep = folder / "pgrep"
    pgrep.write_text(LONE_PGREP)
    pgrep.chmod(0o755)
    env = private_env(tmp_path, "Orca")
    env["PATH"] = f"{folder}{os.pathsep}{env.get('PATH', '')}"
    return env


def orca(tmp_path: Path, command: list[str], keys: list[str]) -> list[dict[str, Any]]:
    """Per key, what Orca sent to its speech while ``command`` ran."""
    for program in ("orca", "Xvfb", "xdotool"):
        need_program(program)
    tool = need_shared_tool("orca/orca_listen.py")
    out = tmp_path / "orca.json"
    done = subprocess.run([sys.executable, str(tool), "--json", str(out), "--", *command, ":::", *keys],
                          env=lone_orca_env(tmp_path), capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(out.read_text())
    steps: list[dict[str, Any]] = result["steps"]
    return steps


def heard_in_full(heard: list[dict[str, Any]], key: str, sentence: str) -> bool:
    """Whether ``sentence`` was said in full after ``key`` (``*``: after any key): in one utterance, or in
    utterances heard one after the other (a message on two screen lines, drawn in two frames, may come
    as two)."""
    after_key = [item for item in heard if key in ("*", item["key"])]
    for start in range(len(after_key)):
        run = ""
        for item in after_key[start:]:
            if item["fate"] != "heard":
                break
            run = f"{run} {item['text']}"
            if flat(sentence) in flat(run):
                return True
    return False


BOARD_KEYS = ["Right", "Left", "7", "Enter", "b", "h", "Down", "q", "q", "Right", "Enter"]
BOARD_HEARD = [
    ("start", "New game of Toguz Kumalak: you play White against the computer at level 1. Move 1: your turn."),
    ("Right", "Your pit 2: 9 stones."),
    ("Left", "Your pit 1: 9 stones."),
    ("7", "Pit 7: 9 stones, the last lands in the computer's pit 6, captures 10."),
    ("Enter", "You sow 9 stones from pit 7; the last stone falls into the computer's pit 6, which now holds 10. "
              "You capture 10. You lead 10 to 0."),
    ("Enter", "The computer sows"),
    ("b", "Your row from pit 1:"),
    ("h", "Help: Up and Down read the keys one by one; q, h or Escape closes."),
    ("Down", "Up, Down: switch rows"),
    ("q", "Quit toguz. Your game is saved and will be offered next time. Quit now? Press y for quit, n for stay. "
          "Quit is selected."),
    ("Right", "Stay is selected."),
    ("Enter", "Quit toguz: cancelled."),
]


def fenrir_hears(tmp_path: Path, command: list[str], keys: list[str],
                 expected: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """What Fenrir heard, every ``expected`` sentence heard in full after its key. Fenrir polls the
    screen: now and then (about one run in five on a loaded 2-core machine) it takes the two lines of a
    message drawn in one frame as two changes, and the second cuts the first. Three runs tell such a race
    from a message that is never heard whole (two were too few while a full run loads both cores)."""
    for attempt in (1, 2, 3):
        run = tmp_path / f"run{attempt}"
        run.mkdir()
        heard = fenrir(run, command, keys)
        missing = [(key, sentence) for key, sentence in expected if not heard_in_full(heard, key, sentence)]
        if not missing:
            break
    assert not missing, (missing, json.dumps(heard, ensure_ascii=False, indent=1))
    return heard


def test_fenrir_hears_every_message_of_the_board_in_full(tmp_path: Path) -> None:
    command = [TOGUZ, "--speech", "off", "--new", "--opponent", "computer", "--level", "1", "--seed", "3",
               "--screen-reader"]
    heard = fenrir_hears(tmp_path, command, BOARD_KEYS, BOARD_HEARD)
    assert not [item for item in heard if BOX_DRAWING.search(item["text"])]
    for key in ("Right", "Left"):
        focus = [item for item in heard if item["key"] == key][:2]
        # Blanks left where a longer line was cleared are not spoken; the words are what count.
        assert sum(len(flat(item["text"])) for item in focus) < 80, focus


RUSSIAN_KEYS = ["TEXT:и", "7", "Enter", "TEXT:л", "TEXT:р", "Down", "TEXT:й"]
RUSSIAN_HEARD = [
    ("TEXT:и", "Ваш ряд с лунки 1: 9 9 9, 9 9 9, 9 9 9."),  # и is b on a Latin keyboard: the board
    ("7", "Лунка 7: 9 камней, последний попадёт в лунку 6 компьютера, возьмёт 10."),
    ("Enter", "Вы раскладываете 9 камней из лунки 7;"),
    ("Enter", "Компьютер раскладывает"),
    ("TEXT:л", "Счёт равный, по 10."),  # л is k: the kazans
    ("TEXT:р", "Справка:"),  # р is h: the help
    ("Down", "2 из 74"),
    ("TEXT:й", "Ваша лунка 7: 1 камень."),  # й is q: the help closes
]


def test_fenrir_hears_a_russian_game_played_with_cyrillic_keys(tmp_path: Path) -> None:
    command = [TOGUZ, "--speech", "off", "--language", "ru", "--new", "--opponent", "computer", "--level", "1",
               "--seed", "3", "--screen-reader"]
    heard = fenrir_hears(tmp_path, command, RUSSIAN_KEYS, RUSSIAN_HEARD)
    assert not any("ничего не делает" in item["text"] for item in heard), "no Cyrillic key is dead"


CZECH_KEYS = ["TEXT:ý", "Enter", "b", "k", "h", "q"]
CZECH_HEARD = [
    ("TEXT:ý", "Důlek 7: 9 kuliček"),  # ý is 7 on the Czech keyboard's digit row: the preview of pit 7
    ("Enter", "Rozdáváte důlek 7: 9 kuliček; poslední kulička padá do důlku 6 počítače, který teď má 10."),
    ("Enter", "Počítač rozdává"),
    ("b", "Vaše řada od důlku 1:"),
    ("k", "Shodně po 10."),  # the kazans
    ("h", "Nápověda:"),
]


def test_fenrir_hears_a_czech_game_played_on_the_czech_digit_row(tmp_path: Path) -> None:
    command = [TOGUZ, "--speech", "off", "--language", "cs", "--new", "--opponent", "computer", "--level", "1",
               "--seed", "3", "--screen-reader"]
    heard = fenrir_hears(tmp_path, command, CZECH_KEYS, CZECH_HEARD)
    assert not any(word in item["text"] for item in heard for word in ("stones", "pit ", "Help")), heard


def test_fenrir_hears_the_line_mode_in_order_and_in_full(tmp_path: Path) -> None:
    command = [TOGUZ, "--line", "--speech", "off", "--new", "--opponent", "computer", "--level", "1", "--seed",
               "3", "--screen-reader"]
    keys = ["TEXT:7", "Enter", "TEXT:board", "Enter", "TEXT:help", "Enter"]
    heard = fenrir_hears(tmp_path, command, keys, [("Enter", sentence) for sentence in (
        "You sow 9 stones from pit 7; the last stone falls into the computer's pit 6, which now holds 10. You "
        "capture 10. You lead 10 to 0.", "The computer sows", "Your row from pit 1:", "Help comes in topics:")])
    after_enter = [flat(item["text"]) for item in heard if item["key"] == "Enter"]
    # Fenrir may first read (part of) the line just typed, as the terminal keeps it: "Your move 0 to 0> 7".
    echo = flat("Your move, 0 to 0> 7")
    after_echo = [text for text in after_enter if not (text and echo.startswith(text))]
    assert after_echo[0].startswith("You sow 9 stones"), "the move is out before the next prompt is drawn"


def test_orca_hears_each_message_once_and_nothing_from_the_board(tmp_path: Path) -> None:
    command = [TOGUZ, "--speech", "off", "--new", "--opponent", "computer", "--level", "1", "--seed", "3",
               "--screen-reader"]
    keys = ["Right", "7", "Enter", "b", "q", "n"]
    steps = orca(tmp_path, command, keys)
    spoken = {step["step"]: " ".join(step["spoken"]) for step in steps}
    assert flat("Your pit 2: 9 stones.") in flat(spoken["Right"])
    assert flat("Pit 7: 9 stones, the last lands in the computer's pit 6, captures 10.") in flat(spoken["7"])
    enter = flat(spoken["Enter"])
    assert enter.count("You sow 9 stones from pit 7") == 1 and "The computer sows" in enter
    assert not re.search(r"\bkazan\b|pit 9 8 7", enter), "the board's changes are not read after the move"
    assert flat("Your row from pit 1:") in flat(spoken["b"])
    assert flat("Quit now? Press y for quit, n for stay. Quit is selected.") in flat(spoken["q"])
    assert flat("Quit toguz: cancelled.") in flat(spoken["n"])
    assert not BOX_DRAWING.search(" ".join(spoken.values()))


@pytest.mark.parametrize(("fen", "pit", "said"), [
    ("2,1S,1,t,2,2S,4S/1,t,2,1S,1,1S,1S,2S 75 75 S 91", "8", "You sow 1 stone from pit 8"),  # one on each row
    ("6S,8S,2S,5S,3S,9S,4S,4S,2S/9S,2S,22S,21S,t,3S,3S,3S,4S 30 22 S 17", "8", "That pit becomes your tuzdyk"),
], ids=["tuzdyks-standing", "tuzdyk-made"])
def test_orca_reads_no_board_after_a_move_with_tuzdyks(tmp_path: Path, fen: str, pit: str, said: str) -> None:
    # The plain board once showed a tuzdyk as "tuz" in its line of counts, and Orca read the counts
    # after every move: a change that brings words or signs is read, one of digits alone is not.
    command = [TOGUZ, "--speech", "off", "--new", "--opponent", "computer", "--level", "1", "--seed", "3",
               "--screen-reader", "--fen", fen]
    steps = orca(tmp_path, command, [pit, "Enter"])
    enter = flat(" ".join(next(step["spoken"] for step in steps if step["step"] == "Enter")))
    assert said in enter and "The computer sows" in enter
    assert not re.search(r"\btuz\b|\b(\d+ ){5}", enter), enter


def test_fenrir_hears_the_clocks_a_warning_and_the_flag_fall_in_full(tmp_path: Path) -> None:
    command = [TOGUZ, "--speech", "off", "--new", "--opponent", "human", "--clock", "0.2", "--screen-reader"]
    heard = fenrir(tmp_path, command, ["7", "Enter", "c", "UNTIL:Game over"])
    # White's 12 seconds, or a second or two less where a loaded machine was slow to draw the first move;
    # Fenrir may still be on Enter's words when c's come.
    assert any(heard_in_full(heard, "*", f"White: {left} seconds. Black: ") for left in (12, 11, 10)), heard
    warned = [item for item in heard if "10 seconds left." in item["text"]]
    assert [item["fate"] for item in warned] == ["heard"], warned
    assert any(item["fate"] == "heard" and flat("Game over: Black's time is up. White wins 10 to 0.") in
               flat(item["text"]) for item in heard), heard


def test_orca_hears_the_clocks_and_a_key_that_does_nothing(tmp_path: Path) -> None:
    command = [TOGUZ, "--speech", "off", "--new", "--opponent", "human", "--clock", "5", "--screen-reader"]
    steps = orca(tmp_path, command, ["7", "Enter", "c", "z", "d"])
    spoken = {step["step"]: flat(" ".join(step["spoken"])) for step in steps}
    assert re.fullmatch(r"White: 5 minutes\. Black: 4 minutes 5\d running\.", spoken["c"]), spoken["c"]
    assert spoken["z"].startswith(flat("Clocks paused. Press z or type resume to go on. White: 5 minutes."))
    assert spoken["d"] == flat("The key d does nothing here; press h for the keys.")


def test_fenrir_and_orca_hear_the_account_of_a_game_in_full(tmp_path: Path) -> None:
    need_shared_data()
    record = str(SHARED_DATA / "kazakh-masters-742.pgn")
    for reader in ("fenrir", "orca"):
        (tmp_path / reader).mkdir()
    heard = fenrir_hears(tmp_path / "fenrir", [TOGUZ, "--line", "--speech", "off", "--screen-reader", "--open", record],
                         ["TEXT:account", "Enter", "UNTIL:The account of the game."],
                         # The account comes some seconds after Enter, while Fenrir may still be on Enter's
                         # utterances or already waiting for it: heard after either.
                         [("*", "The account of the game.")])
    account = [item for item in heard if "The account of the game." in item["text"]]
    assert len(account) == 1 and account[0]["fate"] == "heard", heard
    assert "White's play:" in account[0]["text"] and "Black's play:" in account[0]["text"], account
    # Orca's tool waits for a time, not for words: it reads the account Fenrir's run kept, said at once
    shutil.copytree(max((tmp_path / "fenrir").glob("run*/data/accounts")), tmp_path / "orca" / "data" / "accounts")
    steps = orca(tmp_path / "orca", [TOGUZ, "--speech", "off", "--screen-reader", "--open", record], ["A"])
    spoken = flat(" ".join(" ".join(step["spoken"]) for step in steps))
    assert spoken.count("The account of the game.") == 1, spoken
    assert "White's play: " in spoken and "Black's play: " in spoken, spoken
