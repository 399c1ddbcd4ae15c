"""Every user-facing word goes through the catalogue, and each vocabulary is written out once.

The first test walks the syntax tree of ``speech`` and ``toguz_tui`` and fails on a string literal
that reads as words (two words, or a capitalised word such as "Cancel") anywhere but in a call of
the catalogue (``_``, ``n_``, ``p_``, ``np_``, ``N_``, ``Np_``), a docstring, or a place that is
not text for a person: a comparison, a subscript, a keyword naming a widget or a file, and a short
list of technical strings below, each with its reason. ``rules`` holds no wording at all: its
errors are typed (``rules.errors``), apart from the ``ValueError`` a programming mistake raises.

The second test finds, for each vocabulary (variants, verbosities, speech choices, themes,
opponents, sides, languages), every tuple, list or ``Literal`` that writes out two or more of its
words: there must be exactly one, its definition; everything else derives from it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.needs import REPO

CATALOGUE_CALLS = {"_", "n_", "p_", "np_", "N_", "Np_"}
WORDS = re.compile(r"[A-Za-z]{2,}[,.:;!?'()]*\s+[('\"]*[A-Za-z]{2,}|^[A-Z][a-z]{2,}$")
COMMAND_EXAMPLE = re.compile(r"^\s*(toguz|printf)\b")  # a command line shown as an example is typed as is
NOT_TEXT_KEYWORDS = {"id", "classes", "name", "prefix", "encoding", "mode", "errors", "newline", "thread_name_prefix",
                     "action", "group", "metavar", "dest", "prog", "version"}

# Strings that read as words but are not text for a person, with the reason.
TECHNICAL: dict[str, str] = {
    "from toguz_tui.session.preparation import compile_here; compile_here()": "the Python a child process runs",
    "Toguz Kumalak": "the Variant tag's value in records (notation, not a word said)",
    "Event": "a record's tag name", "White": "a record's tag name", "Black": "a record's tag name",
    "Result": "a record's tag name", "Date": "a record's tag name", "Site": "a record's tag name",
    "PlayOK": "a product's name", "Orca": "a program's name", "Fenrir": "a program's name",
    "Speakup": "a program's name", "BRLTTY": "a program's name",
    "toguz speech": "the command's own name (argparse prog)",
    "English": "a language's name in itself, as a list of languages shows it",
    "Deutsch": "a language's name in itself, as a list of languages shows it",
    "Polski": "a language's name in itself, as a list of languages shows it",
    "Nederlands": "a language's name in itself, as a list of languages shows it",
    "Round": "a record's tag name",
    "Variant": "a record's tag name",
    "gzip, deflate": "an HTTP header's value (the encodings toguz unpacks)",
    "Kozdatu": "the Variant tag's value in records", "Bestemshe": "the Variant tag's value in records",
    "toguz kumalak": "a name of the game as records and people write it, read, not said",
    "togyz kumalak": "a name of the game as records and people write it, read, not said",
    "toguz korgool": "a name of the game as records and people write it, read, not said",
    "togyz qumalaq": "a name of the game as records and people write it, read, not said",
    "tuzdyks=yes|no, no_move=collect|lose, stop_at_majority=yes|no, unrestricted_tuzdyk=yes|no":
        "the options a record's VariantOptions tag may hold, in its notation",
    "dialog help": "CSS classes",
    "time forfeit": "a record's Termination tag value for a game lost on time (PGN's own words, not said)",
    "Owner": "a record's tag name (toguz's own: whose games an export holds)",
    "Anonymous": "a player's name in an exported record, as lila writes one without an account (User.anonymous)",
    "PlayStrategy AI level ": "the name of PlayStrategy's computer in an exported record, as lila writes it",
    "Authorization": "an HTTP header's name", "Accept": "an HTTP header's name",
    "Togyzqumalaq": "the name PlayStrategy keys its Togyzkumalak TV channel by in /api/tv/channels (a JSON key)",
    "Translators: lesson ": "a note to translators in the catalogue (Babel's extractor of the lesson files)",
    "Narrator": "a program's name",
    "Context": "the name of prismatoid's class, looked up on the module (speech.system.readers)",
    "on run argv": "AppleScript's source, given to osascript (speech.system.readers)",
    'tell application "VoiceOver" to output (item 1 of argv)': "AppleScript's source, given to osascript",
    "end run": "AppleScript's source, given to osascript",
    "usage: python -m speech.voices.wav_player [--backend NAME] FILE|--serve":
        "the usage of a module that toguz itself runs (its voice's player on Windows), never a person",
}


def sources(*packages: str) -> Iterator[Path]:
    for package in packages:
        yield from sorted((REPO / package).rglob("*.py"))


def _exempt_nodes(tree: ast.AST) -> set[int]:
    exempt: set[int] = set()

    def mark(node: ast.AST) -> None:
        exempt.update(id(inner) for inner in ast.walk(node))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and body and \
                isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            mark(body[0])
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in CATALOGUE_CALLS or name == "TypeVar":  # a type variable's name is code, not words
                mark(node)
            for keyword in node.keywords:
                if keyword.arg in NOT_TEXT_KEYWORDS:
                    mark(keyword.value)
        if isinstance(node, ast.Subscript):
            mark(node.slice)
        if isinstance(node, ast.Compare):
            mark(node)
        if isinstance(node, ast.Assign) and any(getattr(target, "id", "") == "__all__" for target in node.targets):
            mark(node)
    return exempt


def wording_outside_the_catalogue(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exempt = _exempt_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in exempt or not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if WORDS.search(node.value) and node.value not in TECHNICAL and not COMMAND_EXAMPLE.match(node.value):
            found.append(f"{path.relative_to(REPO)}:{node.lineno}: {node.value[:70]!r}")
    return found


def test_every_word_for_a_person_goes_through_the_catalogue() -> None:
    found = [line for path in sources("speech", "toguz_tui") for line in wording_outside_the_catalogue(path)]
    assert not found, "\n".join(found)


def test_no_message_hides_where_the_catalogue_cannot_find_it() -> None:
    """Babel extracts no message written inside an f-string: such a message would never be translated."""
    found = []
    for path in sources("speech", "toguz_tui"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and getattr(inner.func, "id", "") in CATALOGUE_CALLS and \
                        any(isinstance(argument, ast.Constant) for argument in inner.args):
                    found.append(f"{path.relative_to(REPO)}:{inner.lineno}")
    assert not found, found


def test_the_rules_hold_no_wording() -> None:
    found = []
    for path in sources("rules"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exempt = _exempt_nodes(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and \
                    getattr(node.exc.func, "id", "") == "ValueError":
                exempt.update(id(inner) for inner in ast.walk(node))  # a programming mistake, not a user's
        found += [f"{path.relative_to(REPO)}:{node.lineno}: {node.value[:70]!r}" for node in ast.walk(tree)
                  if id(node) not in exempt and isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and WORDS.search(node.value) and node.value not in TECHNICAL]
    assert not found, "\n".join(found)


VOCABULARIES: dict[str, set[str]] = {
    "variants": {"toguz", "kozdatu", "bestemshe"},
    "verbosities": {"brief", "normal", "full"},
    "speech backends": {"pyttsx3", "espeak-ng", "speech-dispatcher", "screen-reader", "silent"},
    "themes": {"default", "high-contrast", "terminal"},
    "opponents": {"computer", "human"},
    "sides": {"white", "black"},
    "languages": {"en", "kk", "ru", "ky", "cs", "de", "pl", "nl"},
}
# Defined by records, not by a list of words: rules.Side (its members' names, lowered) and the
# Language entries of speech.words.i18n (each code once, with its name and voice).
DEFINED_BY_RECORDS = {"sides", "languages"}


def collections_naming(words: set[str]) -> list[str]:
    """Every tuple, list, set or Literal[...] that writes out two or more of ``words``."""
    found = []
    for path in sources("rules", "speech", "toguz_tui"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Tuple | ast.List | ast.Set):
                items = node.elts
            elif isinstance(node, ast.Dict):
                items = [key for key in node.keys if key is not None]
            else:
                continue
            named = {item.value for item in items if isinstance(item, ast.Constant) and item.value in words}
            if len(named) >= 2:
                found.append(f"{path.relative_to(REPO)}:{node.lineno}")
    return found


@pytest.mark.slow
def test_each_vocabulary_is_written_out_once() -> None:
    for name, words in VOCABULARIES.items():
        places = collections_naming(words)
        expected = 0 if name in DEFINED_BY_RECORDS else 1
        assert len(places) == expected, f"{name} written out in {len(places)} places: {places}"
