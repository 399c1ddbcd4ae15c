"""Starting a session from the command line's options: settings, speech, the game to play.

The saved game in progress is taken up, unless the options ask for another game: then it is
kept in the archive first, and when that fails it is taken up after all, with the reason said.
A saved game that had already ended is archived, never offered as unfinished; a broken one is
moved aside. When another toguz has the game in progress open, this one shows it read-only.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from rules import IllegalMoveError, NotationError, Position, RulesError
from speech.machine import machine
from speech.sounds.player import open_player
from speech.voices import open_speaker
from speech.voices.audio import audio_problem
from speech.words import phrases, problems
from speech.words.i18n import set_language
from toguz_tui.commands import records as files
from toguz_tui.files import storage
from toguz_tui.files.settings import Settings, load_settings
from toguz_tui.session import reviewer as reviewing
from toguz_tui.session.facade import GameSession, Reply
from toguz_tui.session.review import Review
from toguz_tui.session.setup import GameSetup

GAME_OPTIONS = ("variant", "opponent", "colour", "clock")


def effective_settings(options: argparse.Namespace, settings: Settings) -> Settings:
    """The saved settings with this run's command-line choices laid over them (not saved)."""
    for name in ("speech", "verbosity", "level", "variant", "opponent", "colour", "screen_reader", "language",
                 "clock"):
        value = getattr(options, name, None)
        if value is not None:
            settings = replace(settings, **{name: value})
    if getattr(options, "sounds", None) is not None:
        settings = replace(settings, sounds=options.sounds == "on")
    return settings


def build_session(options: argparse.Namespace,
                  notify: Callable[[Reply], None] | None = None) -> tuple[GameSession, list[Reply]]:
    """A session with its game chosen as the options say; the replies to show first."""
    stored, settings_problem = load_settings()
    settings = effective_settings(options, stored)
    set_language(settings.language_code)
    speaker, speech_problem = open_speaker(settings.voice_backend, rate=settings.rate, voice=settings.speech_voice,
                                           volume=settings.volume)
    player, sounds_problem = open_player(settings.sounds, settings.sound_volume)
    session = GameSession(settings, speaker, notify, stored=stored, player=player)
    replies: list[Reply] = []
    if settings_problem:
        replies.append(session.error(settings_problem))
    if speech_problem:
        replies.append(session.say(Reply(phrases.speech_problem(speech_problem), kind="error")))
    if sounds_problem and sounds_problem != audio_problem():  # no sound at all: speech's line says it, if any
        replies.append(session.say(Reply(phrases.capital(sounds_problem) + ".", kind="error")))
    chosen = choose_game(session, options)
    training = getattr(options, "training", None)
    if options.open or training:  # the game is taken up quietly: the review's (the lesson's) opening is said first
        kept = [reply for reply in chosen if reply.kind == "error"]
        if training and session.persist and not session.store.autosave and session.review is not None:
            session.review = None  # another toguz holds the game: the game here is a new one, not saved
            kept.append(session.say(Reply(phrases.open_elsewhere_new())))
        chosen = kept
    replies.extend(chosen)
    if training:
        from toguz_tui.session import trainer as coaching

        name: str = getattr(options, "player", "") or ""
        session.puzzle_player = "".join(char for char in name if char.isprintable())[:60]
        session.puzzle_seed = options.seed or 0
        replies.append(coaching.open_puzzles(session) if training == "puzzles" else coaching.open_lessons(session))
    readers = machine().screen_readers()
    if readers and not settings.screen_reader and options.screen_reader is None:
        replies.append(session.say(Reply(phrases.reader_running(readers))))
    if options.open:
        replies.append(files.open_path(session, Path(options.open).expanduser()))
    return session, replies


def asked_for_another_game(options: argparse.Namespace, start: Position | None) -> bool:
    """True when the options ask for a game other than the saved one (a FEN only when it could be read:
    a refused one changes nothing)."""
    return bool(options.new or start is not None or any(getattr(options, name, None) for name in GAME_OPTIONS))


def choose_game(session: GameSession, options: argparse.Namespace) -> list[Reply]:
    """Resume the saved game, or start the one the options and settings ask for; what was said."""
    setup = GameSetup.from_settings(session.settings, options.seed)
    quiet = bool(getattr(options, "training", None))
    said: list[Reply] = []
    start: Position | None = None
    if options.fen is not None:
        try:
            start = Position.from_fen(options.fen) if options.fen.strip() else None
            if start is None:
                said.append(session.error(phrases.empty_fen()))
        except NotationError as error:
            said.append(session.error(problems.described(error)))
    if not session.store.claim():
        return [*said, *show_elsewhere(session, setup)]
    saved, problem = storage.load_current()
    if problem:
        said.append(session.error(phrases.broken_saved_game(problem, session.store.keep_broken())))
    elif saved is not None:
        try:
            session.restore(saved)
        except (ValueError, TypeError, IllegalMoveError) as error:
            reason = phrases.unrestorable(problems.describe(error) if isinstance(error, RulesError) else str(error))
            said.append(session.error(phrases.broken_saved_game(reason, session.store.keep_broken())))
        else:
            if session.game.is_over:
                said.append(archive_finished(session))
            elif not asked_for_another_game(options, start):
                if quiet:  # toguz learn or puzzles: the game waits (restored, not offered), said on close
                    return said
                return [*said, session.resume(saved)]
    if start is not None:
        setup = setup.changed(variant=start.variant)
    reply = session.start_game(setup, start, quiet=quiet)
    if reply.kind == "error":  # the unfinished game could not be archived: it goes on
        return [*said, reply, session.say(session.turn())]
    return [*said, reply]


def archive_finished(session: GameSession) -> Reply:
    """The saved game had ended (its archiving failed last time): archive it now and say so."""
    outcome = session.game.outcome
    result = session.announcer.outcome(outcome) if outcome is not None else ""
    try:
        path = session.store.archive(session.record_text(), session.archive_names())
    except OSError as error:  # the finished game stays where it is: nothing is saved over it
        reason = error.strerror or str(error)
        session.store.stop_saving(phrases.finished_stays_reason())
        return session.error(phrases.finished_restored(result, None, reason))
    session.store.forget()
    return session.say(Reply(phrases.finished_restored(result, path.name, None)))


def show_elsewhere(session: GameSession, setup: GameSetup) -> list[Reply]:
    """Another toguz has the game in progress: show it read-only in a review, over a new game that
    will not be saved as the game in progress."""
    session.start_game(setup)
    saved, _problem = storage.load_current()
    if saved is None:
        return [session.say(Reply(phrases.open_elsewhere_new()))]
    try:
        look = GameSession(session.settings, session.speaker, persist=False, watch=False)
        look.restore(saved)
    except (ValueError, TypeError, IllegalMoveError):
        return [session.say(Reply(phrases.open_elsewhere_new()))]
    review = Review.of_game(look.game, result="*", names=None)
    review.go_to(review.total)
    return [reviewing.open_review(session, review, phrases.open_elsewhere())]
