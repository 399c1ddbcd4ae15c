"""The dialogs that stand in for the words of ``new``, ``set``, ``save``, ``open`` and ``goto``.

Each builder returns a ``FormDialog``; each ``*_args`` turns its values into the words the command
table's handler takes, so the dialogs run exactly the same code as the line mode.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from textual.widget import Widget

from rules import VARIANT_KEYS, Side, variant_key
from rules.clock import ClockError, TimeControl
from rules.engine import LEVELS
from speech.voices import SPEECH_CHOICES, speech_label
from speech.words import phrases
from speech.words.i18n import _, n_
from speech.words.naming import VERBOSITIES
from speech.words.vocabulary import (
    language_label,
    level_label,
    on_off,
    side_title,
    variant_for,
    verbosity_label,
)
from toguz_tui.board.screens.dialogs import FormDialog, Speak, text_field
from toguz_tui.board.widgets.choice import Choice
from toguz_tui.files.settings import (
    COLOURS,
    KEYBOARDS,
    LANGUAGE_CHOICES,
    NO_CLOCK,
    OPPONENTS,
    THEMES,
    Settings,
    keyboard_label,
    opponent_label,
    setting_label,
    show_value,
    theme_label,
)
from toguz_tui.session.setup import GameSetup

LEVEL_VALUES = tuple(str(level.number) for level in LEVELS)
ON_OFF = ("on", "off")
RATES = ("120", "150", "180", "220", "260", "300", "350")
VOLUMES = ("0.2", "0.4", "0.6", "0.8", "1.0")
MAX_VOICES = 200


def _show_number(value: float) -> str:
    """A volume as the settings list shows it (``1.0``, ``0.6``)."""
    return f"{value:.1f}"


def _label(name: str) -> str:
    """A setting's label as a dialog shows it: its first letter a capital."""
    return phrases.capital(setting_label(name))


def _levels(value: str) -> Choice:
    return Choice(_label("level"), LEVEL_VALUES, value, name="level",
                  shown=[level_label(level.number) for level in LEVELS])


def _on_off(name: str, value: bool) -> Choice:
    return Choice(_label(name), ON_OFF, ON_OFF[0] if value else ON_OFF[1], name=name,
                  shown=[on_off(True), on_off(False)])


def new_game_dialog(setup: GameSetup, speak: Speak, plain: bool = False,
                    close_keys: Iterable[str] = ()) -> FormDialog:
    """Game, opponent, level and side, starting from the game being played (``setup``)."""
    variants = tuple(VARIANT_KEYS)
    fields = [
        Choice(_label("variant"), variants, variant_key(setup.variant), name="variant",
               shown=[variant_for(VARIANT_KEYS[key].pits) for key in variants]),
        Choice(_label("opponent"), OPPONENTS, setup.opponent, name="opponent",
               shown=[opponent_label(opponent) for opponent in OPPONENTS]),
        _levels(str(setup.level)),
        Choice(_label("colour"), COLOURS, (setup.human or Side.WHITE).key, name="colour",
               shown=[_("White, moves first"), side_title(Side.BLACK)]),
        _clocks(setup.clock.typed if setup.clock is not None else NO_CLOCK),
    ]

    def relevant(field: Widget, values: dict[str, str]) -> bool:  # level and side only against the computer
        return field.name not in ("level", "colour") or values.get("opponent") == OPPONENTS[0]

    return FormDialog(phrases.new_game_word(), speak, fields, ok=_("Start"), plain=plain, close_keys=close_keys,
                      relevant=relevant)


def new_game_args(values: dict[str, str]) -> list[str]:
    """The words of ``new`` for the dialog's values."""
    words = [values["variant"], values["opponent"], "level", values["level"], values["colour"]]
    return [*words, "clock", values["clock"]] if "clock" in values else words


CLOCKS = (NO_CLOCK, "60", "20", "15+10", "10+5", "5+3", "3+2", "1+0")


def _clocks(value: str) -> Choice:
    """The time controls a new game may have (the one of the game being played among them)."""
    values = CLOCKS if value in CLOCKS else (*CLOCKS, value)
    return Choice(_label("clock"), values, value, name="clock", shown=[_clock_shown(item) for item in values])


def _clock_shown(typed: str) -> str:
    """A clock choice in words (as typed, should it not read)."""
    if typed == NO_CLOCK:
        return phrases.no_clock_word()
    try:
        return phrases.time_control(TimeControl.parse(typed))
    except ClockError:
        return typed


CELLS = ("0", "14", "20", "32", "40", "64", "80")


def _cells(value: int) -> Choice:
    """The braille display's widths (0: as the display tells)."""
    typed = str(value)
    values = CELLS if typed in CELLS else (*CELLS, typed)
    return Choice(_label("braille_cells"), values, typed, name="braille_cells",
                  shown=[show_value("braille_cells", int(item)) for item in values])


def settings_dialog(settings: Settings, voices_found: Sequence[str], speak: Speak, plain: bool = False,
                    close_keys: Iterable[str] = ()) -> FormDialog:
    """The settings that a choice can set, from ``settings`` (``voices_found``: the voice's own voices)."""
    rates = RATES if str(settings.rate) in RATES else (*RATES, str(settings.rate))
    volume = _show_number(settings.volume)
    volumes = VOLUMES if volume in VOLUMES else (*VOLUMES, volume)
    voices = ("", *voices_found[:MAX_VOICES])
    voice = settings.voice if settings.voice in voices else ""
    sound_volume = _show_number(settings.sound_volume)
    sound_volumes = VOLUMES if sound_volume in VOLUMES else (*VOLUMES, sound_volume)
    fields = [
        Choice(_label("language"), LANGUAGE_CHOICES, settings.language, name="language",
               shown=[language_label(code) for code in LANGUAGE_CHOICES]),
        Choice(_label("speech"), SPEECH_CHOICES, settings.speech, name="speech",
               shown=[speech_label(choice) for choice in SPEECH_CHOICES]),
        Choice(_label("verbosity"), VERBOSITIES, settings.verbosity, name="verbosity",
               shown=[verbosity_label(value) for value in VERBOSITIES]),
        Choice(_label("voice"), voices, voice, name="voice", shown=(_("the default"), *voices[1:])),
        Choice(_label("rate"), rates, str(settings.rate), name="rate"),
        Choice(_label("volume"), volumes, volume, name="volume"),
        Choice(_label("theme"), THEMES, settings.theme, name="theme", shown=[theme_label(theme) for theme in THEMES]),
        _on_off("screen_reader", settings.screen_reader),
        _on_off("braille", settings.braille),
        _cells(settings.braille_cells),
        _on_off("plain_input", settings.plain_input),
        _on_off("reader_board", settings.reader_board),
        _on_off("digit_plays", settings.digit_plays),
        Choice(_label("keyboard"), KEYBOARDS, settings.keyboard, name="keyboard",
               shown=[keyboard_label(keyboard) for keyboard in KEYBOARDS]),
        _on_off("board_turns", settings.board_turns),
        _levels(str(settings.level)),
        _on_off("sounds", settings.sounds),
        Choice(_label("sound_volume"), sound_volumes, sound_volume, name="sound_volume"),
        _clocks(settings.clock),
    ]
    return FormDialog(_("Settings"), speak, fields, ok=_("Apply"), plain=plain, close_keys=close_keys)


def changed_settings(settings: Settings, values: dict[str, str]) -> list[tuple[str, str]]:
    """The settings whose value the dialog changed from ``settings``, as ``(name, value)`` (values as ``set``
    takes them)."""
    current = {
        "language": settings.language, "keyboard": settings.keyboard, "speech": settings.speech,
        "verbosity": settings.verbosity, "voice": settings.voice, "rate": str(settings.rate),
        "volume": _show_number(settings.volume),
        "theme": settings.theme, "level": str(settings.level), "clock": settings.clock,
        "sound_volume": _show_number(settings.sound_volume), "braille_cells": str(settings.braille_cells),
        **{name: ON_OFF[0] if getattr(settings, name) else ON_OFF[1]
           for name in ("screen_reader", "braille", "plain_input", "reader_board", "digit_plays", "board_turns",
                        "sounds")},
    }
    return [(name, value) for name, value in values.items() if current.get(name) != value]


def save_dialog(speak: Speak, plain: bool = False, close_keys: Iterable[str] = ()) -> FormDialog:
    """A file name (empty: the archive) and the notation."""
    fields = [
        text_field(_("File name, empty for the archive"), "file", placeholder="games/my-game.pgn"),
        Choice(_("Notation"), ("federation", "playok"), "federation", name="style",
               shown=[_("federation"), "PlayOK"]),
    ]
    return FormDialog(_("Save the game as a record"), speak, fields, ok=_("Save"), plain=plain,
                      close_keys=close_keys)


def save_args(values: dict[str, str]) -> list[str]:
    """The words of ``save``."""
    words = [values.get("file", "").strip()]
    if values.get("style") == "playok":
        words.append("playok")
    return [word for word in words if word]


def open_dialog_form(speak: Speak, recent: list[Path], plain: bool = False,
                     close_keys: Iterable[str] = ()) -> FormDialog:
    """A record opened lately, or a file name."""
    fields: list[Widget] = []
    if recent:
        fields.append(Choice(_("Records opened lately"), [str(path) for path in recent], str(recent[0]),
                             name="recent", shown=[_("{name} in {folder}").format(name=path.name, folder=path.parent)
                                                   for path in recent]))
    fields.append(text_field(_("Other file name"), "file", placeholder="games.pgn"))
    return FormDialog(_("Open a record or a FEN file"), speak, fields, ok=_("Open"), plain=plain,
                      close_keys=close_keys)


def open_path_chosen(values: dict[str, str]) -> str:
    """The file the open dialog chose: the name typed, else the record opened lately."""
    return values.get("file", "").strip() or values.get("recent", "")


def game_dialog(speak: Speak, name: str, labels: list[str], plain: bool = False,
                close_keys: Iterable[str] = ()) -> FormDialog:
    """Which game of a collection to open, by its players, result and date."""
    choice = Choice(_("Game"), [str(number) for number in range(1, len(labels) + 1)], "1", name="game",
                    shown=labels)
    title = n_("{count} game in {name}", "{count} games in {name}", len(labels)).format(count=len(labels), name=name)
    return FormDialog(title, speak, [choice], ok=_("Open"), plain=plain, close_keys=close_keys)


def goto_dialog(speak: Speak, total: int, plain: bool = False, close_keys: Iterable[str] = ()) -> FormDialog:
    """The move to go to in a review."""
    return FormDialog(_("Go to a move, 0 to {total}").format(total=total), speak,
                      [text_field(_("Move number"), "move")], ok=_("Go"), plain=plain, close_keys=close_keys)


def goto_args(values: dict[str, str]) -> list[str]:
    """The words of ``goto``."""
    number = values.get("move", "").strip()
    return [number] if number else []


def command_dialog(speak: Speak, plain: bool = False, close_keys: Iterable[str] = ()) -> FormDialog:
    """Any command as the line mode types it (``seek 15+10``, ``say thanks``, ``pit their 4``)."""
    return FormDialog(_("Type a command"), speak, [text_field(_("Command, as in the line mode"), "line")],
                      ok=_("Run"), plain=plain, close_keys=close_keys)
