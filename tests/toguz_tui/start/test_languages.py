"""The game in Kazakh, Russian, Kyrgyz, Czech, German, Polish and Dutch, as a player meets it: chosen by
``--language``, by the setting, by ``set language`` in the middle of a game, or by the system's locale; every
word of a game in the line mode is in that language (the words typed, which stay English, and the record's
notation aside), and the voice that speaks it is the language's."""

from __future__ import annotations

import re
import subprocess
import wave
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rules import Side
from speech.system.machine import FakeMachine
from speech.voices import RecordingSpeaker
from speech.words.i18n import DOMAIN, LANGUAGES, LOCALES, language, set_language
from tests.needs import need_program
from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, make_app, said, screen_of
from tests.toguz_tui.conftest import MakeSession, environment, toguz_command
from toguz_tui.commands.table import COMMANDS, run_line
from toguz_tui.files.settings import Settings

__all__ = ["make_app"]  # the fixture

SHIPPED = [code for code in LANGUAGES if code != "en"]
# Every query of the board, a move of each verbosity, the computer's replies, and leaving.
SCRIPT = ("7\nboard\ncompact\nkazans\ntuzdyks\nwhere 3\npit their 5\nthreats\nchances\nmoves\nhistory\nlast\n"
          "turn\nplayers\nverbosity brief\n5\nboard\nkazans\nverbosity full\n3\nboard\nquit\n")
TYPED = {word for command in COMMANDS for word in command.words} | {"toguz"}
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
CYRILLIC = re.compile("[А-Яа-яӘәҒғҚқҢңӨөҰұҮүҺһІі]")
WORD = re.compile(r"[^\W\d_]{2,}")


@cache
def vocabulary(code: str) -> frozenset[str]:
    """Every word of the catalogue's messages (``en``: its message ids), lower case."""
    found: set[str] = set()
    path = LOCALES / f"{DOMAIN}.pot" if code == "en" else LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as file:
        for message in read_po(file):
            if not message.id:
                continue
            texts = message.id if code == "en" else message.string
            for text in [texts] if isinstance(texts, str) else texts or ():
                found |= {word.lower() for word in WORD.findall(re.sub(r"\{[^{}]*\}", " ", text))}
    return frozenset(found)


def english_left(out: list[str], code: str) -> list[str]:
    """The English words in what was printed: for a language in Cyrillic every Latin word (the words typed,
    which stay English, aside); for one in Latin letters, a word of the English messages that no message of
    the language has (a word both share, as "fen", "remis", "online", is not English there)."""
    if LANGUAGES[code].keyboard in ("russian", "kazakh", "kyrgyz"):
        return sorted({word for line in out for word in LATIN_WORD.findall(line) if word.lower() not in TYPED})
    printed = {word for line in out for word in WORD.findall(line) if word.lower() not in TYPED}  # učit whole
    return sorted(word for word in printed if word.lower() in vocabulary("en") - vocabulary(code))


def play(tmp_path: Path, *args: str, lines: str = SCRIPT, env: dict[str, str] | None = None) -> list[str]:
    done = subprocess.run([*toguz_command(), "play", "--line", "--speech", "off", *args], input=lines,
                          capture_output=True, text=True, timeout=120, env=env or environment(tmp_path))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout.splitlines()


@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.slow
def test_a_game_in_the_line_mode_says_no_english_word(tmp_path: Path, code: str) -> None:
    out = play(tmp_path, "--language", code, "--new", "--opponent", "computer", "--level", "1", "--seed", "3")
    english = english_left(out, code)
    assert not english, (english, out)
    worded = [line for line in out if re.search(r"[^\W\d_]", line)]  # lines with letters, not only digits
    assert len(worded) > 20
    if LANGUAGES[code].keyboard in ("russian", "kazakh", "kyrgyz"):
        assert all(CYRILLIC.search(line) for line in worded)
    else:  # every line with words has some of the language's messages ("22 do 10." in Polish)
        unknown = [line for line in worded if not set(map(str.lower, WORD.findall(line))) & vocabulary(code)]
        assert not unknown, unknown


@pytest.mark.parametrize("code", SHIPPED)
def test_a_game_between_two_players_names_the_sides_in_the_language(tmp_path: Path, code: str) -> None:
    out = play(tmp_path, "--language", code, "--new", "--opponent", "human", lines="7\n5\nboard\nplayers\nquit\n")
    english = english_left(out, code)
    assert not english, (english, out)


@pytest.mark.slow
def test_the_language_follows_the_system_unless_the_setting_or_the_option_says_otherwise(tmp_path: Path) -> None:
    env = environment(tmp_path)
    env.pop("LANGUAGE", None)
    env.update(LANG="ru_RU.UTF-8", LC_ALL="", LC_MESSAGES="")
    first = play(tmp_path, "--new", "--opponent", "human", lines="quit\n", env=env)[0]
    assert "Тогыз" in first or "Тоғыз" in first or "Тогуз" in first, first
    english = play(tmp_path, "--new", "--opponent", "human", "--language", "en", lines="quit\n", env=env)[0]
    assert english.startswith("New game of Toguz Kumalak")
    (tmp_path / "config").mkdir(exist_ok=True)
    (tmp_path / "config" / "settings.toml").write_text('language = "kk"\n')
    kazakh = play(tmp_path, "--new", "--opponent", "human", lines="quit\n", env=env)[0]
    assert kazakh != first and kazakh != english


def test_set_language_changes_every_word_at_once_and_is_kept(make_session: MakeSession,
                                                            tmp_path: Path) -> None:
    session = make_session()
    english = run_line(session, "kazans")
    assert english is not None and english.text == "Tied at 0."
    changed = run_line(session, "set language ru")
    assert changed is not None and changed.kind != "error" and language() == "ru"
    assert changed.text != "Language is now Русский."  # said in Russian
    move = run_line(session, "7")
    assert move is not None
    assert "лунк" in move.text.lower(), move.text
    assert session.settings.language == "ru"
    back = run_line(session, "set language en")
    assert back is not None and back.text == "Language is now English."
    assert language() == "en"


def test_a_wrong_language_is_refused_with_the_choices(make_session: MakeSession) -> None:
    session = make_session()
    reply = run_line(session, "set language fr")
    assert reply is not None and reply.kind == "error"
    assert reply.text == "Language must be one of auto, en, kk, ru, ky, cs, de, pl, nl, not fr."
    assert language() == "en" and session.settings.language == "auto"


def test_the_voice_follows_the_language_unless_one_is_chosen(make_session: MakeSession,
                                                            machine: FakeMachine) -> None:
    session = make_session()
    speaker = session.output.voice.speaker
    assert isinstance(speaker, RecordingSpeaker)
    run_line(session, "set language kk")
    assert speaker.voice == "kk"
    run_line(session, "set voice ru")
    run_line(session, "set language ky")
    assert speaker.voice == "ru", "the voice chosen wins over the language's"
    assert Settings(language="ky").speech_voice == "ky" and Settings(language="en").speech_voice is None


def test_the_sides_have_their_names_in_each_language() -> None:
    from speech.words.vocabulary import side_title

    names = set()
    for code in SHIPPED:
        set_language(code)
        names.add((side_title(Side.WHITE), side_title(Side.BLACK)))
    set_language("en")
    assert len(names) == len(SHIPPED) and ("White", "Black") not in names


@pytest.mark.parametrize("code", ["ru", "kk", "ky"])
def test_toguz_speech_writes_a_wav_in_the_languages_voice(tmp_path: Path, code: str) -> None:
    need_program("espeak-ng")
    text = {"ru": "Вы забираете 10 камней.", "kk": "Сіз 10 құмалақ аласыз.", "ky": "Сиз 10 коргоол аласыз."}[code]
    said = {}
    for voice in (code, "en"):
        path = tmp_path / f"{voice}.wav"
        done = subprocess.run([*toguz_command(), "speech", "--language", code if voice == code else "en",
                               "--speech", "espeak-ng", "--wav", str(path), text], capture_output=True, text=True,
                              timeout=60, env=environment(tmp_path))
        assert done.returncode == 0, done.stderr
        with wave.open(str(path)) as wav:
            said[voice] = wav.getnframes() / wav.getframerate()
    report = subprocess.run(["espeak-ng", "--voices=" + code], capture_output=True, text=True, timeout=10).stdout
    assert f" {code} " in report and LANGUAGES[code].english in report  # espeak-ng names the voice it used
    # An English voice spells Cyrillic letter by letter: the language's own voice is far shorter.
    assert said[code] < said["en"] * 0.7, said


@pytest.mark.parametrize(("code", "text"), [("cs", "Berete 10 kuliček."), ("de", "Du fängst 10 Steine."),
                                             ("pl", "Zdobywasz 10 kamieni."), ("nl", "Je slaat er 10.")])
def test_toguz_speech_writes_a_wav_in_a_european_languages_voice(tmp_path: Path, code: str, text: str) -> None:
    need_program("espeak-ng")
    frames = {}
    for voice in (code, "en"):
        path = tmp_path / f"{voice}.wav"
        done = subprocess.run([*toguz_command(), "speech", "--language", voice, "--speech", "espeak-ng", "--wav",
                               str(path), text], capture_output=True, text=True, timeout=60, env=environment(tmp_path))
        assert done.returncode == 0, done.stderr
        with wave.open(str(path)) as wav:
            assert wav.getnframes() / wav.getframerate() > 0.5  # speech, not a click
            frames[voice] = wav.readframes(wav.getnframes())
    report = subprocess.run(["espeak-ng", "--voices=" + code], capture_output=True, text=True, timeout=10).stdout
    assert f" {code} " in report  # espeak-ng has the language's own voice, which read it
    assert frames[code] != frames["en"]  # not the English voice reading the same letters


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_keys_line_fits_80_columns_in_every_language(code: str) -> None:
    from toguz_tui.board.screens.keys import footer_text

    set_language(code)
    try:
        for pits in (9, 7, 5):
            for reviewing in (False, True):
                line = footer_text(pits, reviewing)
                assert len(line) <= 80, (code, line)
    finally:
        set_language("en")


async def test_the_board_speaks_russian_from_its_first_word(make_app: MakeApp) -> None:
    app = make_app(opponent="computer", language="ru")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7")
        await pilot.pause()
        assert "лунк" in said(app)[-1].lower(), said(app)
        footer = screen_of(app).footer.shown_text
        assert not LATIN_WORD.search(re.sub(r"\b[A-Za-z]\b", "", str(footer)).replace("Enter", "")), footer
        await pilot.press("h")
        await pilot.pause(0.3)
        assert re.search("[А-Яа-я]", said(app)[-1]), said(app)[-1]
