"""The player's settings: a small TOML file in the user's config directory."""

from __future__ import annotations

import os
import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import platformdirs

from toguz_tui.storage import write_atomically

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
    theme: str = "default"
    board_turns: bool = False
    white_name: str = "White"
    black_name: str = "Black"

    def changed(self, name: str, value: str) -> Settings:
        """A copy with one setting changed from text; ``ValueError`` with a plain reason if bad."""
        known = {field.name: field for field in fields(self)}
        if name not in known:
            raise ValueError(f"unknown setting: {name}; settings are {', '.join(sorted(known))}")
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
        raise ValueError(f"{name} must be on or off, not {value}")
    if isinstance(current, int | float):
        kind = int if isinstance(current, int) else float
        try:
            number = kind(str(value))
        except ValueError:
            raise ValueError(f"{name} must be a number, not {value}") from None
        low, high = _RANGES.get(name, (float("-inf"), float("inf")))
        if not low <= number <= high:
            raise ValueError(f"{name} must be from {_show(kind(low))} to {_show(kind(high))}, not {value}")
        return number
    if name in _CHOICES and text not in _CHOICES[name]:
        raise ValueError(f"{name} must be one of {', '.join(_CHOICES[name])}, not {value}")
    return str(value).strip() if name in ("voice", "white_name", "black_name") else text


def config_dir() -> Path:
    """Where settings live (platformdirs; ``TOGUZ_CONFIG_DIR`` overrides)."""
    override = os.environ.get("TOGUZ_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("toguz"))


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.toml"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """Settings from the file (defaults where it is missing) and a one-line problem, if any."""
    path = path or settings_path()
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return Settings(), f"the settings file {path} could not be read ({_reason(error)}); using defaults"
    settings = Settings()
    problems = []
    for key, value in data.items():
        try:
            settings = settings.changed(key, value)
        except ValueError as error:
            problems.append(str(error))
    if problems:
        return settings, f"the settings file {path} has problems: {'; '.join(problems)}; defaults used there"
    return settings, None


def stored_setting_names(path: Path | None = None) -> set[str]:
    """The names the settings file sets (empty when it is missing or unreadable)."""
    path = path or settings_path()
    try:
        return set(tomllib.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return set()


def _reason(error: Exception) -> str:
    text = str(error)
    return text.split("\n")[0] if text else type(error).__name__


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings as TOML, atomically."""
    lines = ["# toguz settings; change them inside the program with 'set NAME VALUE'"]
    for key, value in asdict(settings).items():
        if isinstance(value, bool):
            lines.append(f"{key} = {'true' if value else 'false'}")
        elif isinstance(value, int | float):
            lines.append(f"{key} = {value}")
        else:
            escaped = str(value).replace("\\", "\\\\").replace('"', '\\"')
            lines.append(f'{key} = "{escaped}"')
    write_atomically(path or settings_path(), "\n".join(lines) + "\n")
