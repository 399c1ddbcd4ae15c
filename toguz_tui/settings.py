"""The player's settings: a small TOML file in the user's config directory."""

from __future__ import annotations

import os
import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import platformdirs
import tomlkit
import tomlkit.exceptions

from speech import phrases
from toguz_tui.storage import keep_aside, printable_name
from toguz_tui.user_files import FileProblem, read_text, write_text

VERBOSITIES = ("brief", "normal", "full")
OPPONENTS = ("computer", "human")
COLOURS = ("white", "black")
VARIANT_NAMES = ("toguz", "kozdatu", "bestemshe")
THEMES = ("default", "high-contrast", "terminal")
SPEECH_NAMES = ("auto", "on", "pyttsx3", "espeak-ng", "speech-dispatcher", "screen-reader", "silent", "off")


@dataclass(frozen=True)
class Settings:
    """Everything the player can set; each field has a safe default."""

    speech: str = "auto"
    voice: str = ""
    rate: int = 180
    volume: float = 1.0
    verbosity: str = "normal"
    level: int = 3
    variant: str = "toguz"
    opponent: str = "computer"
    colour: str = "white"
    digit_plays: bool = False
    screen_reader: bool = False
    reader_board: bool = True
    theme: str = "default"
    board_turns: bool = False
    white_name: str = "White"
    black_name: str = "Black"

    def changed(self, name: str, value: str) -> Settings:
        """A copy with one setting changed from text; ``ValueError`` with a plain reason if bad."""
        known = {field.name: field for field in fields(self)}
        if name not in known:
            raise ValueError(f"unknown setting: {phrases.clipped(name)}; settings are {', '.join(sorted(known))}")
        current = getattr(self, name)
        changes: dict[str, Any] = {name: _convert(name, value, current)}
        return replace(self, **changes)

    @property
    def voice_backend(self) -> str:
        """The speech backend to open: ``auto`` is toguz's own voice except in the screen-reader mode,
        where the user's screen reader speaks (two voices at once help nobody); ``on`` is toguz's
        voice in any mode; ``off`` is silence."""
        if self.speech in ("off", "silent") or (self.speech == "auto" and self.screen_reader):
            return "silent"
        return "auto" if self.speech == "on" else self.speech

    def describe(self) -> list[tuple[str, str]]:
        """Each setting's name and value as text."""
        return [(key, _show(value) if value != "" else "default") for key, value in asdict(self).items()]


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


_CHOICES: dict[str, tuple[str, ...]] = {
    "verbosity": VERBOSITIES, "opponent": OPPONENTS, "colour": COLOURS, "variant": VARIANT_NAMES,
    "theme": THEMES, "speech": SPEECH_NAMES,
}
_RANGES: dict[str, tuple[float, float]] = {"rate": (80, 450), "volume": (0.0, 1.0), "level": (1, 8)}


def _convert(name: str, value: object, current: object) -> object:
    """``value`` (text from a user or a TOML value) turned into the type of ``current``, checked."""
    text = str(value).strip().lower() if not isinstance(value, bool) else value
    if isinstance(current, bool):
        if isinstance(text, bool):
            return text
        if text in ("on", "yes", "true", "1"):
            return True
        if text in ("off", "no", "false", "0"):
            return False
        raise ValueError(f"{name} must be on or off, not {phrases.clipped(str(value))}")
    if isinstance(current, int | float):
        kind = int if isinstance(current, int) else float
        try:
            number = kind(str(value))
        except ValueError:
            raise ValueError(f"{name} must be a number, not {phrases.clipped(str(value))}") from None
        low, high = _RANGES.get(name, (float("-inf"), float("inf")))
        if not low <= number <= high:
            raise ValueError(f"{name} must be from {_show(kind(low))} to {_show(kind(high))}, "
                             f"not {phrases.clipped(str(value))}")
        return number
    if name in ("voice", "white_name", "black_name"):
        name_text = value.strip() if isinstance(value, str) else ""
        if name == "voice" and not name_text and isinstance(value, str):
            return ""
        if not printable_name(name_text):
            raise ValueError(f"{name} must be a short line of printable text, not {phrases.clipped(str(value))}")
        return name_text
    if name in _CHOICES and text not in _CHOICES[name]:
        raise ValueError(f"{name} must be one of {', '.join(_CHOICES[name])}, not {phrases.clipped(str(value))}")
    return text


def config_dir() -> Path:
    """Where settings live (platformdirs; ``TOGUZ_CONFIG_DIR`` overrides)."""
    override = os.environ.get("TOGUZ_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("toguz"))


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.toml"


SETTINGS_LIMIT = 64 * 1024  # bytes: the settings file is a few hundred
HEADER = "# toguz settings; change them inside the program with 'set NAME VALUE'\n"


def _parse(text: str) -> dict[str, Any]:
    """The settings file's table; ``ValueError`` with a short reason when it is not readable TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(_reason(error)) from None
    except RecursionError:
        raise ValueError("it is nested too deeply") from None
    except ValueError as error:  # a number too long to read, among others
        raise ValueError(_reason(error)[:80]) from None


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
        try:
            settings = settings.changed(key, value)
        except ValueError as error:
            problems.append(str(error))
    if problems:
        return settings, f"the settings file {path.name} has problems: {'; '.join(problems)}; defaults used there"
    return settings, None


def _set_aside(path: Path, reason: str) -> str:
    """A settings file that is not TOML: move it aside, never over an earlier one; what to say."""
    try:
        kept = keep_aside(path)
    except OSError as error:
        return (f"the settings file {path.name} could not be read ({reason}) nor moved aside "
                f"({error.strerror or error}); the defaults are used and the file is left as it is")
    return f"the settings file {path.name} could not be read ({reason}); it was moved aside as {kept.name} " \
           "and the defaults are used"


def stored_setting_names(path: Path | None = None) -> set[str]:
    """The names the settings file sets (empty when it is missing or unreadable)."""
    try:
        text = _read(path or settings_path())
        return set(_parse(text)) if text is not None else set()
    except ValueError:
        return set()


def _reason(error: Exception) -> str:
    text = str(error)
    return text.split("\n")[0] if text else type(error).__name__


def save_setting(name: str, value: object, path: Path | None = None) -> str | None:
    """Keep one setting in the settings file, changing that line only: every other line, comment and
    value stays as the user wrote it. A problem to say, if it could not be written."""
    path = path or settings_path()
    try:
        text = _read(path)
        document = tomlkit.parse(text) if text is not None else tomlkit.parse(HEADER)
    except (ValueError, tomlkit.exceptions.TOMLKitError, RecursionError) as error:
        return phrases.settings_not_written(f"the file is not readable TOML ({_reason(error)[:80]}); "
                                            "it is left as it is")
    document[name] = value
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text(path, tomlkit.dumps(document), mode="replace" if text is not None else "new")
    except (OSError, FileProblem) as error:
        return phrases.settings_not_written(getattr(error, "strerror", None) or str(error))
    return None
