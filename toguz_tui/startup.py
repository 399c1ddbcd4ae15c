"""Starting a session from the command line's options: settings, speech, the game to play."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from rules import IllegalMoveError, NotationError, Position
from speech import phrases
from speech.speakers import open_speaker
from toguz_tui import files, storage
from toguz_tui.session import GameSession, Reply
from toguz_tui.settings import Settings, load_settings
from toguz_tui.setup import GameSetup

GAME_OPTIONS = ("variant", "opponent", "colour", "fen")


def effective_settings(options: argparse.Namespace, settings: Settings) -> Settings:
    """The saved settings with this run's command-line choices laid over them (not saved)."""
    for name in ("speech", "verbosity", "level", "variant", "opponent", "colour", "screen_reader"):
        value = getattr(options, name, None)
        if value is not None:
            settings = replace(settings, **{name: value})
    return settings


def build_session(options: argparse.Namespace,
                  notify: Callable[[Reply], None] | None = None) -> tuple[GameSession, list[Reply]]:
    """A session with its game chosen as the options say; the replies to show first."""
    stored, settings_problem = load_settings()
    settings = effective_settings(options, stored)
    speaker, speech_problem = open_speaker(settings.voice_backend, rate=settings.rate, voice=settings.voice or None,
                                           volume=settings.volume)
    session = GameSession(settings, speaker, notify, stored=stored)
    replies: list[Reply] = []
    if settings_problem:
        replies.append(session.error(settings_problem))
    if speech_problem:
        replies.append(session.say(Reply(phrases.speech_problem(speech_problem), kind="error")))
    replies.extend(choose_game(session, options))
    if options.open:
        replies.append(files.open_path(session, Path(options.open).expanduser()))
    return session, replies


def choose_game(session: GameSession, options: argparse.Namespace) -> list[Reply]:
    """Resume the saved game, or start the one the options and settings ask for; what was said."""
    setup = GameSetup.from_settings(session.settings, options.seed)
    said: list[Reply] = []
    if options.fen:
        try:
            position = Position.from_fen(options.fen)
        except NotationError as error:
            said.append(session.error(str(error)))
        else:
            return [session.start_game(setup.changed(variant=position.variant), position)]
    asked_for_new = options.new or any(getattr(options, name, None) for name in GAME_OPTIONS)
    saved, problem = storage.load_current()
    if problem:
        kept = keep_broken_file()
        said.append(session.error(phrases.broken_saved_game(problem, kept)))
    elif saved is not None:
        try:
            if not asked_for_new:
                return [session.resume(saved)]
            session.restore(saved)  # so that starting the new game keeps this one in the archive
        except (ValueError, TypeError, IllegalMoveError) as error:
            kept = keep_broken_file()
            reason = f"the saved game could not be restored ({error})"
            said.append(session.error(phrases.broken_saved_game(reason, kept)))
    return [*said, session.start_game(setup)]


def keep_broken_file() -> str:
    """Move a broken saved game aside so that it is not lost; its new name."""
    path = storage.current_game_path()
    target = path.with_name("current-game.broken.json")
    try:
        path.replace(target)
    except OSError:
        return str(path)
    return str(target)
