"""The player's settings: a small TOML file in the user's config directory."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any, Literal, get_args

import platformdirs
import tomlkit
import tomlkit.exceptions

from rules import VARIANT_KEYS, VARIANT_WORDS, Side, VariantKey
from rules.clock import MAX_MINUTES, MAX_WARNINGS, WARNINGS, ClockError, TimeControl, parse_warnings, warnings_text
from rules.engine import LEVELS
from speech.system import system
from speech.voices import AUTO, OFF, ON, RATE_RANGE, SCREEN_READER, SILENT, SPEECH_CHOICES, language_voice, speech_label
from speech.words import phrases
from speech.words.announce import BRAILLE_CELLS
from speech.words.i18n import LANGUAGES, N_, _, from_environment, p_
from speech.words.naming import VERBOSITIES, Verbosity
from speech.words.vocabulary import language_label, on_off, side_title, variant_for, verbosity_label
from toguz_tui.files.storage import OPPONENT_KEYS, Opponent, keep_aside, printable_name
from toguz_tui.files.user_files import FileProblem, folder_from, read_text, too_long_number, write_text

OPPONENTS: tuple[Opponent, ...] = OPPONENT_KEYS
Theme = Literal["default", "high-contrast", "terminal"]
THEMES: tuple[Theme, ...] = get_args(Theme)
COLOURS: tuple[str, ...] = tuple(side.key for side in Side)
LANGUAGE_CHOICES: tuple[str, ...] = (AUTO, *LANGUAGES)
NO_CLOCK = "none"
# The keyboard layouts the board reads keys in, by their place (auto: the language's own layout).
KEYBOARDS: tuple[str, ...] = (AUTO, "latin", "russian", "kazakh", "kazakh-latin", "kyrgyz", "czech", "german")
CELLS = (12, 80)  # the braille window's widths that braille_cells takes
NO_CLOCK_WORDS = (NO_CLOCK, "off", "no", "")  # not 0: a clock of no minutes is refused, never taken for none

# What each setting is called in messages and dialogs (its name stays the word typed after set).
SETTING_LABELS: dict[str, str] = {
    "speech": N_("speech"), "voice": N_("voice"), "rate": N_("speech rate"), "volume": N_("volume"),
    "verbosity": N_("verbosity"), "level": N_("computer level"), "variant": N_("game"), "opponent": N_("opponent"),
    "colour": N_("your side against the computer"), "digit_plays": N_("digits play at once"),
    "screen_reader": N_("screen-reader mode"), "reader_board": N_("board shown in the screen-reader mode"),
    "theme": N_("theme"), "board_turns": N_("board turns to the player"), "white_name": N_("White's name"),
    "black_name": N_("Black's name"), "language": N_("language"), "clock": N_("clock"),
    "clock_warnings": N_("clock warning list"), "sounds": N_("sound"), "sound_volume": N_("sound volume"),
    "keyboard": N_("keyboard layout"), "braille": N_("braille display"),
    "braille_cells": N_("braille cells"), "plain_input": N_("plain input in the line mode"),
}


def setting_label(name: str) -> str:
    """A setting as people call it, in the language spoken now."""
    return _(SETTING_LABELS[name]) if name in SETTING_LABELS else name


def opponent_label(opponent: str) -> str:
    """The computer, or a second player at the keyboard."""
    labels: dict[str, str] = dict(zip(OPPONENTS, (_("the computer"), _("a second player here")), strict=True))
    return labels.get(opponent, opponent)


def theme_label(theme: str) -> str:
    """A theme in words."""
    words = (p_("theme", "default"), p_("theme", "high contrast"), p_("theme", "the terminal's"))
    labels: dict[str, str] = dict(zip(THEMES, words, strict=True))
    return labels.get(theme, theme)


def keyboard_label(keyboard: str) -> str:
    """A keyboard layout in words."""
    words = (p_("keyboard", "the language's"), p_("keyboard", "Latin (QWERTY)"), p_("keyboard", "Russian"),
             p_("keyboard", "Kazakh"), p_("keyboard", "Kazakh Latin"), p_("keyboard", "Kyrgyz"),
             p_("keyboard", "Czech (QWERTZ)"), p_("keyboard", "German (QWERTZ)"))
    labels: dict[str, str] = dict(zip(KEYBOARDS, words, strict=True))
    return labels.get(keyboard, keyboard)


@dataclass(frozen=True)
class Settings:
    """Everything the player can set; each field has a safe default. ``white_name`` and ``black_name``
    are "" for White and Black in the language spoken; ``language`` ``auto`` follows the system."""

    speech: str = AUTO
    voice: str = ""
    rate: int = 180
    volume: float = 1.0
    verbosity: Verbosity = VERBOSITIES[1]
    level: int = 3
    variant: VariantKey = VARIANT_WORDS[0]
    opponent: Opponent = OPPONENTS[0]
    colour: str = Side.WHITE.key
    digit_plays: bool = False
    screen_reader: bool = False
    reader_board: bool = True
    theme: Theme = THEMES[0]
    board_turns: bool = False
    white_name: str = ""
    black_name: str = ""
    language: str = AUTO
    clock: str = NO_CLOCK
    clock_warnings: str = warnings_text(WARNINGS)
    sounds: bool = True
    sound_volume: float = 0.6
    keyboard: str = AUTO
    braille: bool = False
    braille_cells: int = 0  # 0: as the display tells (BrlAPI), else BRAILLE_CELLS
    plain_input: bool = False  # the line mode at a terminal only appends (no prompt-toolkit redrawing)

    @property
    def time_control(self) -> TimeControl | None:
        """The clock new games get (None: no clock)."""
        return None if self.clock == NO_CLOCK else TimeControl.parse(self.clock)

    @property
    def warning_thresholds(self) -> tuple[float, ...]:
        """The seconds left at which a player is warned."""
        return parse_warnings(self.clock_warnings)

    def changed(self, name: str, value: object) -> Settings:
        """A copy with one setting changed from text; ``ValueError`` with a plain reason if bad."""
        known = {field.name: field for field in fields(self)}
        if name not in known:
            raise ValueError(_("unknown setting: {name}; settings are {names}").format(
                name=phrases.clipped(name), names=", ".join(sorted(known))))
        current = getattr(self, name)
        changes: dict[str, Any] = {name: _convert(name, value, current)}
        return replace(self, **changes)

    @property
    def voice_backend(self) -> str:
        """The speech backend to open: ``auto`` (and ``on``) is the user's screen reader through its own
        interface where one runs (NVDA or JAWS on Windows, VoiceOver on macOS), else toguz's own voice;
        in the screen-reader mode ``auto`` is only the screen reader: on Linux it reads the terminal, so
        toguz says nothing itself (two voices at once help nobody); ``off`` is silence."""
        if self.speech in (OFF, SILENT):
            return SILENT
        if self.speech == AUTO and self.screen_reader:
            return SILENT if system() == "linux" else SCREEN_READER
        return AUTO if self.speech == ON else self.speech

    @property
    def speech_voice(self) -> str | None:
        """The voice to speak with: the one chosen, else the one of the language spoken."""
        return self.voice or language_voice(self.language_code)

    @property
    def language_code(self) -> str:
        """The language to speak: the setting's, or the system's (``LANGUAGE``, ``LANG`` ...)."""
        return self.language if self.language in LANGUAGES else from_environment(os.environ)

    @property
    def keyboard_layout(self) -> str:
        """The keyboard layout keys are read in: the setting's, or the language's own."""
        if self.keyboard != AUTO:
            return self.keyboard
        return LANGUAGES[self.language_code].keyboard

    def display_cells(self, found: int | None) -> int:
        """The braille window's width: the one set, else the one the display tells (``found``), else 40."""
        if self.braille_cells:
            return self.braille_cells
        return found if found is not None and CELLS[0] <= found <= CELLS[1] else BRAILLE_CELLS

    @property
    def player_names(self) -> tuple[str, str]:
        """White's and Black's own names ("" for none)."""
        return (self.white_name, self.black_name)

    def describe(self) -> list[tuple[str, str]]:
        """Each setting's name (as typed after set) and its value in words."""
        return [(key, show_value(key, value)) for key, value in asdict(self).items()]


def show_value(name: str, value: object) -> str:
    """A setting's value in words, in the language spoken now."""
    if isinstance(value, bool):
        return on_off(value)
    if name == "braille_cells" and value == 0:
        return p_("cells", "as the display tells")
    if value == "" or (name == "language" and value == AUTO):
        return language_label(AUTO) if name == "language" else _("the default")
    shown: dict[str, Callable[[str], str]] = {
        "verbosity": verbosity_label, "speech": speech_label, "opponent": opponent_label, "theme": theme_label,
        "language": language_label, "keyboard": keyboard_label, "colour": lambda key: side_title(Side[key.upper()]),
        "variant": lambda key: variant_for(VARIANT_KEYS[key].pits) if key in VARIANT_KEYS else key,
        "clock": lambda typed: phrases.time_control(TimeControl.parse(typed)) if typed != NO_CLOCK
        else phrases.no_clock_word(),
    }
    return shown[name](str(value)) if name in shown else str(value)


_CHOICES: dict[str, tuple[str, ...]] = {
    "verbosity": VERBOSITIES, "opponent": OPPONENTS, "colour": COLOURS, "variant": tuple(VARIANT_KEYS),
    "theme": THEMES, "speech": SPEECH_CHOICES, "language": LANGUAGE_CHOICES, "keyboard": KEYBOARDS,
}
_RANGES: dict[str, tuple[float, float]] = {"rate": RATE_RANGE, "volume": (0.0, 1.0), "level": (1, len(LEVELS)),
                                           "sound_volume": (0.0, 1.0), "braille_cells": CELLS}
_TRUE, _FALSE = ("on", "yes", "true", "1"), ("off", "no", "false", "0")


def _convert(name: str, value: object, current: object) -> object:
    """``value`` (text from a user or a TOML value) turned into the type of ``current``, checked."""
    text = str(value).strip().lower() if not isinstance(value, bool) else value
    said = phrases.clipped(str(value)) if str(value).strip() else _("an empty value")
    called = name.replace("_", " ")  # braille_cells is said as "braille cells", as when it is set
    if isinstance(current, bool):
        if isinstance(text, bool):
            return text
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise ValueError(_("{name} must be on or off, not {value}").format(name=called, value=said))
    if name == "braille_cells":
        return _braille_cells(value, text, said)
    if isinstance(current, int | float):
        kind = int if isinstance(current, int) else float
        try:
            number = kind(str(value))
        except ValueError:
            raise ValueError(_("{name} must be a number, not {value}").format(name=called, value=said)) from None
        low, high = _RANGES.get(name, (float("-inf"), float("inf")))
        if not low <= number <= high:
            raise ValueError(_("{name} must be from {low} to {high}, not {value}").format(
                name=called, low=kind(low), high=kind(high), value=said))
        return number
    if name == "clock":
        return clock_setting(str(value))
    if name == "clock_warnings":
        try:
            return warnings_text(parse_warnings(str(value)))
        except ClockError as error:
            raise ValueError(_warnings_problem(error, said)) from None
    if name in ("voice", "white_name", "black_name"):
        name_text = value.strip() if isinstance(value, str) else ""
        if not name_text and isinstance(value, str):
            return ""
        if not printable_name(name_text) and not (name == "voice" and voice_name(name_text)):  # a SAPI id is long
            raise ValueError(_("{name} must be a short line of printable text, not {value}").format(
                name=called, value=said))
        if name == "voice" and not voice_name(name_text):
            raise ValueError(_("voice must be a voice's name, such as en, ru or gmw/en (toguz speech --check lists "
                               "them), not {value}").format(value=said))
        return name_text
    if name in _CHOICES and text not in _CHOICES[name]:
        raise ValueError(_("{name} must be one of {choices}, not {value}").format(
            name=called, choices=", ".join(_CHOICES[name]), value=said))
    return text


def _braille_cells(value: object, text: object, said: str) -> int:
    """The braille display's width: 12 to 80 cells, or auto (kept as 0 in the file, but never typed as 0)."""
    if text == AUTO or (value == 0 and not isinstance(value, str | bool)):
        return 0
    low, high = CELLS
    try:
        number = int(str(value))
    except ValueError:
        number = 0
    if not low <= number <= high or isinstance(value, bool):
        raise ValueError(_("braille cells must be from {low} to {high}, or auto, not {value}").format(
            low=low, high=high, value=said))
    return number


VOICE_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9+_.-]*")


def voice_name(text: str) -> bool:
    """Whether ``text`` has the shape of a voice's name (``en``, ``gmw/en``, ``ru+f3``,
    ``HKEY_...\\TTS_MS_EN-US_ZIRA_11.0``, ``com.apple.voice.compact.ru-RU.Milena``): words of letters, digits
    and ``+ _ . -`` joined by single slashes or backslashes, none a path's ``.`` or ``..``, not starting
    with a slash."""
    parts = re.split(r"[/\\]", text)
    return 0 < len(text) <= 200 and all(VOICE_PART.fullmatch(part) and part not in (".", "..") for part in parts)


def _warnings_problem(error: ClockError, said: str) -> str:
    """Why a clock warning list was refused, as it truly is: a word that is no time, a time out of range,
    or more times than a list holds."""
    if error.reason == "count":
        return _("clock warnings are at most {most} times, not {count}").format(most=MAX_WARNINGS, count=error.text)
    if error.reason == "range":
        return _("a clock warning is from 1 second to {most} minutes, not {value}").format(
            most=MAX_MINUTES, value=phrases.clipped(error.text))
    return _("clock warnings must be times such as 5m 1m 30s 10s, or none, not {value}").format(value=said)


def clock_setting(text: str) -> str:
    """A clock as typed (``20``, ``15+10``, ``none``) in the form the settings keep; ``ValueError`` with
    a plain reason when it is none of these."""
    word = text.strip().lower()
    if word in NO_CLOCK_WORDS:
        return NO_CLOCK
    try:
        return TimeControl.parse(word).typed
    except ClockError:
        raise ValueError(_("a clock is minutes and an increment in seconds, such as 20, 15+10 or 5+3 (minutes from "
                           "0.1 to {most}), or none; not {value}").format(most=MAX_MINUTES,
                                                                         value=phrases.clipped(text))) from None


def config_dir() -> Path:
    """Where settings live (platformdirs; ``TOGUZ_CONFIG_DIR`` overrides)."""
    return folder_from("TOGUZ_CONFIG_DIR") or Path(platformdirs.user_config_dir("toguz"))


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.toml"


SETTINGS_LIMIT = 64 * 1024  # bytes: the settings file is a few hundred


def header() -> str:
    """The first line of a new settings file."""
    return "# " + _("toguz settings; change them inside the program with 'set NAME VALUE'") + "\n"


def _readable(error: Exception) -> str:
    """The reason for a parser's ``ValueError``, in words: Python's own text for a number too long to read
    names a function of Python's, no help to a player."""
    if "integer string conversion" in str(error):
        return too_long_number()
    return _reason(error)[:80]


def _parse(text: str) -> dict[str, Any]:
    """The settings file's table; ``ValueError`` with a short reason when it is not readable TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(_reason(error)) from None
    except RecursionError:
        raise ValueError(_("it is nested too deeply")) from None
    except ValueError as error:  # a number too long to read, among others
        raise ValueError(_readable(error)) from None


def _read(path: Path) -> str | None:
    """The settings file's text, or None when there is none; ``ValueError`` when it cannot be read."""
    if not path.exists() and not path.is_symlink():
        return None
    try:
        return read_text(path, SETTINGS_LIMIT)
    except FileProblem as problem:
        raise ValueError(str(problem)) from None


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """Settings from the file (defaults where it is missing) and a one-line problem, if any.

    A file that cannot be read as TOML is moved aside (under a new name each time) and the
    defaults are used; a file with a wrong value keeps it, and the default stands in for it.
    """
    path = path or settings_path()
    try:
        text = _read(path)
        data = {} if text is None else _parse(text)
    except ValueError as error:
        return Settings(), _set_aside(path, str(error))
    settings = Settings()
    problems = []
    for key, value in data.items():
        if key in ("white_name", "black_name") and value in ("White", "Black"):
            value = ""  # the defaults of older versions, in English: now White and Black in the language spoken
        try:
            settings = settings.changed(key, value)
        except ValueError as error:
            problems.append(str(error))
    if problems:
        return settings, _("the settings file {name} has problems: {problems}; defaults used there").format(
            name=path.name, problems="; ".join(problems))
    return settings, None


def _set_aside(path: Path, reason: str) -> str:
    """A settings file that is not TOML: move it aside, never over an earlier one; what to say."""
    try:
        kept = keep_aside(path)
    except OSError as error:
        return _("the settings file {name} could not be read ({reason}) nor moved aside ({error}); the defaults "
                 "are used and the file is left as it is").format(name=path.name, reason=reason,
                                                                  error=error.strerror or error)
    return _("the settings file {name} could not be read ({reason}); it was moved aside as {kept} and the "
             "defaults are used").format(name=path.name, reason=reason, kept=kept.name)


def stored_setting_names(path: Path | None = None) -> set[str]:
    """The names the settings file sets (empty when it is missing or unreadable)."""
    try:
        text = _read(path or settings_path())
        return set(_parse(text)) if text is not None else set()
    except ValueError:
        return set()


def stored_language(path: Path | None = None) -> str:
    """The language the settings file asks for (``auto`` when it says none or cannot be read): read
    only, so that a broken file is still there for ``load_settings`` to report and set aside."""
    try:
        text = _read(path or settings_path())
        value = _parse(text).get("language", AUTO) if text is not None else AUTO
    except ValueError:
        return AUTO
    return value if isinstance(value, str) and value in LANGUAGE_CHOICES else AUTO


def _reason(error: Exception) -> str:
    text = str(error)
    return text.split("\n")[0] if text else type(error).__name__


def save_setting(name: str, value: object, path: Path | None = None) -> str | None:
    """Keep one setting in the settings file, changing that line only: every other line, comment and
    value stays as the user wrote it. A problem to say, if it could not be written."""
    path = path or settings_path()
    try:
        text = _read(path)
        document = tomlkit.parse(text) if text is not None else tomlkit.parse(header())
    except (ValueError, tomlkit.exceptions.TOMLKitError, RecursionError) as error:
        return phrases.settings_not_written(_("the file is not readable TOML ({reason}); it is left as it is").format(
            reason=_readable(error)))
    document[name] = value
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text(path, tomlkit.dumps(document), mode="replace" if text is not None else "new")
    except (OSError, FileProblem) as error:
        return phrases.settings_not_written(getattr(error, "strerror", None) or str(error))
    return None
