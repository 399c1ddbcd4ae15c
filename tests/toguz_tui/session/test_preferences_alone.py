"""``Preferences`` alone: a setting changed is checked, applied at once to the output's wording, kept in the
settings file (that line only, never this run's command-line choices) and said; a clock set is the next game's."""

from __future__ import annotations

import tomllib
from pathlib import Path

from rules.clock import TimeControl
from toguz_tui.files.settings import Settings, settings_path
from toguz_tui.session.output.output import Output
from toguz_tui.session.preferences import Preferences


def kept() -> dict[str, object]:
    """The settings file as it is on disk (in the test's private config folder)."""
    return tomllib.loads(settings_path().read_text(encoding="utf-8"))


def test_a_change_is_said_applied_to_the_wording_and_kept_in_the_file_alone(output: Output,
                                                                            private_dirs: Path) -> None:
    assert settings_path().is_relative_to(private_dirs)
    preferences = Preferences(Settings(level=5), Settings(), True, output)  # level 5 from the command line
    reply = preferences.change("verbosity", "brief", None, False)
    assert reply.text == "Verbosity is now brief." and reply.kind == "info"
    assert output.stream.texts == ["Verbosity is now brief."]
    assert output.announcer.verbosity == "brief"
    assert preferences.settings.verbosity == "brief" and preferences.settings.level == 5
    assert preferences.stored.verbosity == "brief" and preferences.stored.level == 3
    assert kept() == {"verbosity": "brief"}  # the command line's level is not written


def test_a_bad_value_is_refused_and_changes_nothing(output: Output) -> None:
    preferences = Preferences(Settings(), Settings(), True, output)
    reply = preferences.change("verbosity", "loud", None, False)
    assert reply.kind == "error"
    assert reply.text == "Verbosity must be one of brief, normal, full, not loud."
    assert preferences.settings == Settings() and preferences.stored == Settings()
    assert output.announcer.verbosity == Settings().verbosity
    assert not settings_path().exists()


def test_without_persisting_nothing_is_written(output: Output) -> None:
    preferences = Preferences(Settings(), Settings(), False, output)
    assert preferences.change("verbosity", "full", None, False).text == "Verbosity is now full."
    assert preferences.settings.verbosity == "full"
    assert not settings_path().exists()


def test_a_clock_set_during_a_game_is_the_next_games_until_a_game_begins(output: Output) -> None:
    preferences = Preferences(Settings(), Settings(), True, output)
    game_clock = TimeControl(600.0)
    assert preferences.next_clock(game_clock) == game_clock  # nothing set: a new game keeps this one's
    reply = preferences.change("clock", "5+3", game_clock, False)
    assert reply.text == ("Clock is now 5 minutes each plus 3 seconds a move. New games get it; this game keeps "
                          "its own clock.")
    assert preferences.next_clock(game_clock) == TimeControl(300.0, 3.0)
    assert kept() == {"clock": "5+3"}
    preferences.game_began()  # the new game took it
    assert preferences.next_clock(game_clock) == game_clock
