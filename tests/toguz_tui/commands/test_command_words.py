"""Commands in the player's words: every command has words in every shipped language, none shared by
two commands (the English words counted in each language's set), the line mode answers them as it
answers the English ones, a word typed in the wrong layout is named, and the Kazakh digit row plays."""

from __future__ import annotations

import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from speech.words.i18n import LANGUAGES, language, set_language
from tests.toguz_tui.conftest import MakeSession, environment, toguz_command
from toguz_tui.commands.lexicon import (
    COMMAND,
    MESSAGES,
    SETTING,
    WORD,
    english_word,
    typed_answer,
    word_table,
    words_in,
)
from toguz_tui.commands.table import COMMANDS, find, run_line
from toguz_tui.keyboards.layouts import layout_digits, meant_word
from toguz_tui.line.console import CommandCompleter

SHIPPED = [code for code in LANGUAGES if code != "en"]


@pytest.fixture
def speaking() -> Iterator[None]:
    before = language()
    yield
    set_language(before)


@pytest.mark.parametrize("code", SHIPPED)
def test_every_command_has_words_in_every_language_and_no_two_share_one(code: str) -> None:
    owners: Counter[str] = Counter()
    for command in COMMANDS:
        native = words_in(code, COMMAND, command.name)
        assert native, (code, command.name)
        owners.update({*native, *command.words})
    owners.update(words_in(code, COMMAND, "more"))
    assert [word for word, count in owners.items() if count > 1] == []
    for context in (WORD, SETTING):
        words = [word for message in MESSAGES[context] for word in words_in(code, context, message)]
        assert len(words) >= len(MESSAGES[context]) and len(words) == len(set(words)), (code, context)


def test_a_word_of_both_sets_means_what_it_means_in_the_players_language() -> None:
    table = word_table({"board": ("board", "b"), "kazans": ("kazans", "k")}, {"kazans": ("b",)})
    assert table["b"] == "kazans" and table["board"] == "board"


@pytest.mark.usefixtures("speaking")
def test_the_players_words_find_the_commands_and_english_still_does() -> None:
    set_language("ru")
    assert find("доска") is find("board") is find("Д") is not None
    assert english_word("чужой") == "their" and english_word("подробность", SETTING) == "verbosity"
    set_language("en")
    assert find("доска") is None


@pytest.mark.usefixtures("speaking")
def test_tab_completes_the_players_words() -> None:
    set_language("kk")

    def completions(text: str) -> list[str]:
        found = CommandCompleter().get_completions(Document(text, len(text)), CompleteEvent(completion_requested=True))
        return [completion.text for completion in found]

    assert "тақта" in completions("та") and completions("bo") == ["board"]
    assert "қысқа" in completions("толықтық қ")


def test_a_word_in_the_wrong_layout_is_what_the_other_layout_types() -> None:
    def known(word: str) -> bool:
        return word in ("board", "доска")

    assert meant_word("ищфкв", ("russian",), known) == "board"
    assert meant_word("ljcrf", ("russian",), known) == "доска"
    assert meant_word("board", ("russian",), known) is None and meant_word("xyz", ("russian",), known) is None
    assert layout_digits(".", "kazakh") == "7" and layout_digits("ә", "kazakh") == "2"
    assert layout_digits(".", "russian") == "." and layout_digits("ә", "latin") == "ә"


@pytest.mark.usefixtures("speaking")
@pytest.mark.parametrize(("code", "yes", "no", "no_word"), [
    ("ru", "д", "т", "нет"), ("kk", "и", "ж", "жоқ"), ("ky", "о", "ж", "жок"), ("cs", "a", "n", "ne"),
    ("de", "j", "n", "nein"), ("pl", "t", "n", "nie"), ("nl", "j", "n", "nee")])
def test_the_answers_to_a_question_in_each_language_and_layout(code: str, yes: str, no: str, no_word: str) -> None:
    set_language(code)
    assert tuple(typed_answer(typed) for typed in (yes, no, "y", "n", "й")) == ("y", "n", "y", "n", "q")
    assert typed_answer(no_word) == "n"


@pytest.mark.usefixtures("speaking")
def test_under_the_kazakh_keyboard_the_digit_row_plays(make_session: MakeSession) -> None:
    set_language("kk")
    kazakh = make_session()
    kazakh.settings = kazakh.settings.changed("keyboard", "kazakh")
    played, typed = run_line(make_session(), "7"), run_line(kazakh, ".")
    assert played is not None and typed is not None and typed.text == played.text


# Each line typed in a language and in English: the answers are the same.
SCRIPT = ("board", "kazans", "moves", "where their 3", "history", "verbosity brief", "help", "quit")
WORDS = {
    "kk": ("тақта", "қазандар", "жүрістер", "қайда қарсылас 3", "тарих", "баптау толықтық қысқа", "анықтама", "шығу"),
    "ru": ("доска", "казаны", "ходы", "куда чужой 3", "история", "настройки подробность кратко", "справка", "выход"),
    "ky": ("такта", "казандар", "жүрүштөр", "кайда каршылаш 3", "тарых", "жөндөө толуктук кыска", "жардам", "чыгуу"),
    "cs": ("deska", "pokladnice", "tahy", "kam soupeře 3", "historie", "nastavení podrobnost stručně", "nápověda",
           "ukončit"),
    "de": ("brett", "stand", "züge", "wohin gegner 3", "verlauf", "einstellungen ausführlichkeit kurz", "hilfe",
           "beenden"),
    "pl": ("plansza", "kazany", "ruchy", "gdzie przeciwnika 3", "historia", "ustawienia szczegółowość krótko", "pomoc",
           "wyjdź"),
    "nl": ("bord", "stand", "zetten", "waar hun 3", "geschiedenis", "instellingen uitvoerigheid kort", "hulp",
           "stoppen"),
}
ENGLISH_SCRIPT = ("board", "kazans", "moves", "where their 3", "history", "set verbosity brief", "help", "quit")


def piped(tmp_path: Path, code: str, lines: tuple[str, ...]) -> list[str]:
    done = subprocess.run([*toguz_command(), "play", "--line", "--speech", "off", "--language", code, "--new",
                           "--opponent", "human"], input="7\n" + "\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120, env=environment(tmp_path))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout.splitlines()


@pytest.mark.parametrize("code", SHIPPED)
def test_the_commands_typed_in_the_language_answer_as_the_english_ones(tmp_path: Path, code: str) -> None:
    native = piped(tmp_path / "native", code, WORDS[code])
    english = piped(tmp_path / "english", code, ENGLISH_SCRIPT)
    assert native == english and len(native) > 10
    wrong = piped(tmp_path / "wrong", code, ("ищфкв", "quit"))
    assert any("board" in line.lower() and "ищфкв" not in line for line in wrong), wrong


def test_under_kk_a_full_stop_plays_pit_7_in_the_line_mode(tmp_path: Path) -> None:
    assert piped(tmp_path / "a", "kk", (".", "history")) == piped(tmp_path / "b", "kk", ("7", "history"))


def _table_in(page: str, opening: str, closing: str, *chosen: str) -> tuple[str, str]:
    """The table between ``opening`` and ``closing`` in ``page`` (a path under the project), and what
    tools/command_words.py prints for ``chosen``."""
    import importlib.util

    path = Path(__file__).resolve().parents[3] / "tools" / "command_words.py"
    spec = importlib.util.spec_from_file_location("command_words", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = (path.parents[1] / page).read_text(encoding="utf-8")
    return text.split(opening + "\n")[1].split("\n" + closing)[0], module.table(*chosen)


def test_the_guides_table_of_command_words_is_the_catalogues() -> None:
    shown, printed = _table_in("docs/languages-and-keyboards.md", "<!-- command words: tools/command_words.py -->",
                               "<!-- end of command words -->")
    assert shown == printed


def test_the_readmes_table_of_online_command_words_is_the_catalogues() -> None:
    shown, printed = _table_in("README.md", "<!-- online command words: tools/command_words.py online games -->",
                               "<!-- end of online command words -->", "online", "games")
    assert shown == printed
