"""The dialogs that stand in for the words of ``new``, ``set``, ``save``, ``open`` and ``goto``.

Each builder returns a ``FormDialog``; each ``*_args`` turns its values into the words the command
table's handler takes, so the dialogs run exactly the same code as the line mode.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.widget import Widget

from rules import Side
from toguz_tui.screens.dialogs import FormDialog, Speak, text_field
from toguz_tui.session import GameSession
from toguz_tui.settings import SPEECH_NAMES, THEMES, VERBOSITIES
from toguz_tui.widgets.choice import Choice

VARIANTS = ("toguz", "kozdatu", "bestemshe")
VARIANT_SHOWN = ("Toguz Kumalak", "Kozdatu", "Bestemshe")
LEVELS = tuple(str(level) for level in range(1, 9))
ON_OFF = ("on", "off")
RATES = ("120", "150", "180", "220", "260", "300", "350")
VOLUMES = ("0.2", "0.4", "0.6", "0.8", "1.0")
MAX_VOICES = 200


def _show_number(value: float) -> str:
    """A volume as the settings list shows it (``1.0``, ``0.6``)."""
    return f"{value:.1f}"


def _variant_word(session: GameSession) -> str:
    pits = session.setup.variant.pits
    return {5: "bestemshe", 7: "kozdatu"}.get(pits, "toguz")


def new_game_dialog(session: GameSession, speak: Speak, plain: bool = False,
                    close_keys: Iterable[str] = ()) -> FormDialog:
    """Game, opponent, level and side, starting from the game being played."""
    setup = session.setup
    side = "black" if setup.human is Side.BLACK else "white"
    fields = [
        Choice("Game", VARIANTS, _variant_word(session), name="variant", shown=VARIANT_SHOWN),
        Choice("Opponent", ("computer", "human"), setup.opponent, name="opponent",
               shown=("the computer", "a second player here")),
        Choice("Computer level", LEVELS, str(setup.level), name="level"),
        Choice("Your side against the computer", ("white", "black"), side, name="colour",
               shown=("White, moves first", "Black")),
    ]
    def relevant(field: Widget, values: dict[str, str]) -> bool:  # level and side only against the computer
        return field.name not in ("level", "colour") or values.get("opponent") == "computer"

    return FormDialog("New game", speak, fields, ok="Start", plain=plain, close_keys=close_keys, relevant=relevant)


def new_game_args(values: dict[str, str]) -> list[str]:
    """The words of ``new`` for the dialog's values."""
    return [values["variant"], values["opponent"], "level", values["level"], values["colour"]]


def settings_dialog(session: GameSession, speak: Speak, plain: bool = False,
                    close_keys: Iterable[str] = ()) -> FormDialog:
    """The settings that a choice can set."""
    settings = session.settings

    def on_off(value: bool) -> str:
        return "on" if value else "off"

    rates = RATES if str(settings.rate) in RATES else (*RATES, str(settings.rate))
    volume = _show_number(settings.volume)
    volumes = VOLUMES if volume in VOLUMES else (*VOLUMES, volume)
    voices = ("", *session.speaker.voices()[:MAX_VOICES])
    voice = settings.voice if settings.voice in voices else ""
    fields = [
        Choice("Speech", SPEECH_NAMES, settings.speech, name="speech"),
        Choice("Verbosity", VERBOSITIES, settings.verbosity, name="verbosity"),
        Choice("Voice", voices, voice, name="voice", shown=("the default", *voices[1:])),
        Choice("Speech rate", rates, str(settings.rate), name="rate"),
        Choice("Volume", volumes, volume, name="volume"),
        Choice("Theme", THEMES, settings.theme, name="theme"),
        Choice("Screen-reader mode", ON_OFF, on_off(settings.screen_reader), name="screen_reader"),
        Choice("Board shown in the screen-reader mode", ON_OFF, on_off(settings.reader_board),
               name="reader_board"),
        Choice("Digits play at once", ON_OFF, on_off(settings.digit_plays), name="digit_plays"),
        Choice("Board turns to the player", ON_OFF, on_off(settings.board_turns), name="board_turns"),
        Choice("Computer level", LEVELS, str(settings.level), name="level"),
    ]
    return FormDialog("Settings", speak, fields, ok="Apply", plain=plain, close_keys=close_keys)


def changed_settings(session: GameSession, values: dict[str, str]) -> list[tuple[str, str]]:
    """The settings whose value the dialog changed, as ``(name, value)``."""
    current = dict(session.settings.describe())
    current["volume"] = _show_number(session.settings.volume)
    current["voice"] = session.settings.voice
    return [(name, value) for name, value in values.items() if current.get(name) != value]


def save_dialog(speak: Speak, plain: bool = False, close_keys: Iterable[str] = ()) -> FormDialog:
    """A file name (empty: the archive) and the notation."""
    fields = [
        text_field("File name, empty for the archive", placeholder="games/my-game.pgn"),
        Choice("Notation", ("federation", "playok"), "federation", name="style"),
    ]
    return FormDialog("Save the game as a record", speak, fields, ok="Save", plain=plain, close_keys=close_keys)


def save_args(values: dict[str, str]) -> list[str]:
    """The words of ``save``."""
    words = [values.get("File name, empty for the archive", "").strip()]
    if values.get("style") == "playok":
        words.append("playok")
    return [word for word in words if word]


def open_dialog_form(speak: Speak, recent: list[Path], plain: bool = False,
                     close_keys: Iterable[str] = ()) -> FormDialog:
    """A record opened lately, or a file name."""
    fields: list[Widget] = []
    if recent:
        fields.append(Choice("Records opened lately", [str(path) for path in recent], str(recent[0]),
                             name="recent", shown=[f"{path.name} in {path.parent}" for path in recent]))
    fields.append(text_field("Other file name", placeholder="games.pgn"))
    return FormDialog("Open a record or a FEN file", speak, fields, ok="Open", plain=plain,
                      close_keys=close_keys)


def open_path_chosen(values: dict[str, str]) -> str:
    """The file the open dialog chose: the name typed, else the record opened lately."""
    return values.get("Other file name", "").strip() or values.get("recent", "")


def game_dialog(speak: Speak, name: str, labels: list[str], plain: bool = False,
                close_keys: Iterable[str] = ()) -> FormDialog:
    """Which game of a collection to open, by its players, result and date."""
    choice = Choice("Game", [str(number) for number in range(1, len(labels) + 1)], "1", name="game", shown=labels)
    return FormDialog(f"{len(labels)} games in {name}", speak, [choice], ok="Open", plain=plain,
                      close_keys=close_keys)


def goto_dialog(speak: Speak, total: int, plain: bool = False, close_keys: Iterable[str] = ()) -> FormDialog:
    """The move to go to in a review."""
    return FormDialog(f"Go to a move, 0 to {total}", speak, [text_field("Move number")], ok="Go", plain=plain,
                      close_keys=close_keys)


def goto_args(values: dict[str, str]) -> list[str]:
    """The words of ``goto``."""
    number = values.get("Move number", "").strip()
    return [number] if number else []
