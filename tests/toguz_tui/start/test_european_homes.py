"""The game in the languages of its European homes (issue 54): Czech, German, Polish and Dutch, as a player
meets them in the line mode (the commands typed in the language's words, not one English word printed, the
stones counted in each language's plural forms) and in the catalogue."""

from __future__ import annotations

import gettext
import re
import subprocess
from pathlib import Path

import pytest

from speech.words.i18n import DOMAIN, LOCALES
from tests.toguz_tui.conftest import environment, toguz_command
from tests.toguz_tui.start.test_languages import english_left

# A move, the board, the kazans, the moves list, the help, a word toguz does not know, and quitting: each typed
# in the language's own words.
SCRIPTS = {
    "cs": ("7", "deska", "pokladnice", "tahy", "nápověda", "blabol", "ukončit"),
    "de": ("7", "brett", "stand", "züge", "hilfe", "quatsch", "beenden"),
    "pl": ("7", "plansza", "kazany", "ruchy", "pomoc", "bzdura", "wyjdź"),
    "nl": ("7", "bord", "stand", "zetten", "hulp", "onzin", "stoppen"),
}
# The stones' forms for 1, 2, 5, 21, 22 and 25, as each language's players count them.
STONES = {
    "cs": ("kulička", "kuličky", "kuliček", "kuliček", "kuliček", "kuliček"),
    "de": ("Stein", "Steine", "Steine", "Steine", "Steine", "Steine"),
    "pl": ("kamień", "kamienie", "kamieni", "kamieni", "kamienie", "kamieni"),
    "nl": ("kraal", "kralen", "kralen", "kralen", "kralen", "kralen"),
}
COUNTS = (1, 2, 5, 21, 22, 25)


def played(tmp_path: Path, code: str, lines: tuple[str, ...]) -> list[str]:
    done = subprocess.run([*toguz_command(), "play", "--line", "--speech", "off", "--language", code, "--new",
                           "--opponent", "human"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=120, env=environment(tmp_path))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout.splitlines()


@pytest.mark.parametrize("code", sorted(SCRIPTS))
def test_a_scripted_game_prints_no_english_word_and_counts_the_stones_in_the_language(tmp_path: Path,
                                                                                       code: str) -> None:
    out = played(tmp_path, code, SCRIPTS[code])
    assert not english_left(out, code), (english_left(out, code), out)
    text = "\n".join(out)
    assert f"9 {STONES[code][2]}" in text, out  # the first move sows 9: the form of 5 and more
    unknown = SCRIPTS[code][5]
    assert any(unknown in line for line in out), out  # the unknown word is answered, naming it
    assert len(out) > 12  # the help was printed, and the board, the kazans and the moves answered


@pytest.mark.parametrize("code", sorted(STONES))
def test_the_stones_take_each_languages_plural_form(code: str) -> None:
    read = gettext.translation(DOMAIN, LOCALES, languages=[code])
    said = [read.ngettext("{count} stone", "{count} stones", count).format(count=count) for count in COUNTS]
    assert said == [f"{count} {form}" for count, form in zip(COUNTS, STONES[code], strict=True)]


@pytest.mark.parametrize("code", ["kk", "ru", "ky", *sorted(SCRIPTS)])
def test_help_on_every_command_is_headed_by_the_languages_word_for_all(tmp_path: Path, code: str) -> None:
    out = played(tmp_path, code, ("help all",))
    heading = out[1]  # after the line of the new game
    assert "all" not in re.findall(r"\w+", heading), heading  # "all" is also a word of board: not the topic


ARGPARSE_WORDS = ("usage:", "options:", "positional arguments:", "show this help", "show program's version")


@pytest.mark.parametrize("command", [(), ("speech",), ("sounds",), ("online",), ("bot",)])
@pytest.mark.parametrize("code", ["kk", "ru", "ky", *sorted(SCRIPTS)])
def test_the_command_lines_help_has_argparses_own_words_in_the_language(tmp_path: Path, code: str,
                                                                         command: tuple[str, ...]) -> None:
    env = {**environment(tmp_path), "LANGUAGE": code}  # toguz online and toguz bot follow the system's language
    done = subprocess.run([*toguz_command(), *command, "--help"], capture_output=True, text=True, timeout=60,
                          env=env)
    assert done.returncode == 0, done.stderr
    assert not [words for words in ARGPARSE_WORDS if words in done.stdout], done.stdout[:600]
    assert "-h, --help" in done.stdout
