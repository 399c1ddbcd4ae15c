"""A newcomer's words (issue 52): ``speech`` alone says whether toguz speaks and how to change it, as the
installed ``toguz`` answers it in the line mode; the README's last part is one sentence, the match scores in
docs/computer.md, and the Makefile's ``match`` names the yardstick the code plays."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from bench.yardstick import DEFAULT
from tests.needs import REPO
from tests.toguz_tui.conftest import MakeSession, environment, toguz_command
from toguz_tui.commands.table import run_line


def line_mode(tmp_path: Path, *args: str, typed: str) -> str:
    """What ``toguz play --line ARGS`` writes for the lines ``typed``."""
    done = subprocess.run([*toguz_command(), "play", "--line", "--new", *args], input=typed, capture_output=True,
                          text=True, timeout=60, env=environment(tmp_path))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return " ".join(done.stdout.split())


@pytest.mark.parametrize("args, said", [
    (("--speech", "off"), "Speech is off: toguz's own voice is silent. To hear it: speech on."),
    (("--screen-reader",), "Speech is off: in the screen-reader mode your screen reader speaks, so toguz's own "
                           "voice is silent. To hear it too: speech on."),
    ((), "Speech is off: no voice can be heard here. toguz speech --check tells why and what fixes it."),
])
def test_speech_alone_says_whether_toguz_speaks_and_how_to_change_it(tmp_path: Path, args: tuple[str, ...],
                                                                     said: str) -> None:
    heard = line_mode(tmp_path, *args, typed="speech\nquit\n")
    assert said in heard
    assert "Speech needs" not in heard


def test_speech_alone_says_a_voice_that_speaks_is_on(make_session: MakeSession) -> None:
    session = make_session()
    reply = run_line(session, "speech")
    assert reply is not None and reply.text == "Speech is on: toguz's own voice speaks. To stop it: speech off."
    assert run_line(session, "speech loud") is not None  # other words are still refused with the usage
    assert session.view.settings.speech == "auto", "asking changes nothing"


def section(text: str, heading: str) -> str:
    """The Markdown section under ``heading`` (to the next heading of its level)."""
    return text.partition(f"\n{heading}\n")[2].split("\n## ")[0]


def test_the_readmes_last_part_is_a_sentence_and_the_match_scores_are_in_the_computer_chapter() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    development = section(readme, "## Development")
    assert "%" not in development, "the match percentages belong in docs/computer.md"
    assert "docs/computer.md" in development
    computer = (REPO / "docs" / "computer.md").read_text(encoding="utf-8")
    for score in ("70 %", "68.8 %", "67.5 %", "86.2 %"):
        assert score in computer, score
    assert f"by default {DEFAULT}" in computer


def test_the_makefiles_match_names_the_yardstick_the_code_plays() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    comment = makefile.partition("\nmatch:")[0].rsplit("\n\n", 1)[-1]
    commits = re.findall(r"\b[0-9a-f]{7}\b", comment)
    assert commits == [DEFAULT], comment
