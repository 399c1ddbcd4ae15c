"""Starting a session from the command line's options: settings, speech, sound, the game to play.

``open_session`` is the one way a launcher builds its session, ``toguz`` as ``toguz online``: the settings
with the options laid over them, the voice, the sound cues, and the problems met on the way said first;
``toguz online`` gives it its connection. ``build_session`` then chooses the local game.

The saved game in progress is taken up, unless the options ask for another game: then it is
kept in the archive first, and when that fails it is taken up after all, with the reason said.
A saved game that had already ended is archived, never offered as unfinished; a broken one is
moved aside. When another toguz has the game in progress open, this one shows it read-only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from rules import IllegalMoveError, NotationError, Position, RulesError
from speech.sounds.player import open_player
from speech.system.machine import machine
from speech.user_path import UnknownUser, user_path
from speech.voices import open_speaker
from speech.voices.audio import audio_problem
from speech.words import phrases, problems
from speech.words.i18n import _, set_language
from toguz_tui.files import storage
from toguz_tui.files.settings import Settings, load_settings
from toguz_tui.session.facade import GameSession
from toguz_tui.session.opponent import OnlineConnection
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.records.review import Review
from toguz_tui.session.setup import GameSetup, saved_game
from toguz_tui.start.start_options import StartOptions

T = TypeVar("T")


def effective_settings(options: StartOptions, settings: Settings) -> Settings:
    """The saved settings with this run's command-line choices laid over them (not saved)."""
    sounds = None if options.sounds is None else options.sounds == "on"
    return replace(settings, speech=given(options.speech, settings.speech),
                   verbosity=given(options.verbosity, settings.verbosity),
                   level=given(options.level, settings.level),
                   variant=given(options.variant, settings.variant),
                   opponent=given(options.opponent, settings.opponent),
                   colour=given(options.colour, settings.colour),
                   screen_reader=given(options.screen_reader, settings.screen_reader),
                   language=given(options.language, settings.language),
                   clock=given(options.clock, settings.clock),
                   plain_input=given(options.plain_input, settings.plain_input),
                   sounds=given(sounds, settings.sounds))


def given(option: T | None, setting: T) -> T:
    """The command line's choice where it made one, else the setting."""
    return setting if option is None else option


def open_session(options: StartOptions, online: OnlineConnection | None = None) -> GameSession:
    """A session with the options laid over the saved settings, its voice and its sound cues, before any
    game is chosen; what went wrong on the way is said first, in its stream: the letters the terminal
    cannot show, the settings file, the voice, the sound cues. ``online``: toguz online's connection (its
    games are played on the server, none kept here)."""
    stored, settings_problem = load_settings()
    settings = effective_settings(options, stored)
    set_language(settings.language_code)
    speaker, speech_problem = open_speaker(settings.voice_backend, rate=settings.rate, voice=settings.speech_voice,
                                           volume=settings.volume)
    player, sounds_problem = open_player(settings.sounds, settings.sound_volume)
    session = GameSession(settings, speaker, stored=stored, player=player, online=online)
    output = session.output
    if options.cannot_show:  # the terminal cannot show the language's letters
        output.say(Reply(options.cannot_show, kind="error"))
    if settings_problem:
        output.error(settings_problem)
    if speech_problem:
        output.say(Reply(phrases.speech_problem(speech_problem), kind="error"))
    if sounds_problem and sounds_problem != audio_problem():  # no sound at all: speech's line says it, if any
        output.say(Reply(phrases.capital(sounds_problem) + ".", kind="error"))
    return session


def build_session(options: StartOptions) -> GameSession:
    """A session with its game chosen as the options say (what it said first is in its stream)."""
    session = open_session(options)
    settings, output = session.settings, session.output
    choose_game(session, options)
    if options.training:
        session.trainer.choose_player(options.player, options.seed or 0)
        if options.training == "puzzles":
            session.trainer.open_puzzles()
        else:
            session.trainer.open_lessons()
    for words in options.first_start_words:  # the first start's last answers (braille):
        output.say(Reply(words), interrupt=False)  # after the game's first message, which starts the window
    readers = machine().screen_readers()
    if readers and not settings.screen_reader and options.screen_reader is None:
        output.say(Reply(phrases.reader_running(readers)))
    if options.open:
        try:
            session.record_files.open_path(user_path(options.open))
        except UnknownUser as error:
            output.error(phrases.open_failed(options.open, str(error)))
    return session


def asked_for_another_game(options: StartOptions, start: Position | None) -> bool:
    """True when the options ask for a game other than the saved one (a FEN only when it could be read:
    a refused one changes nothing)."""
    return options.other_game or start is not None


def choose_game(session: GameSession, options: StartOptions) -> list[Reply]:
    """Resume the saved game, or start the one the options and settings ask for (a lesson or the puzzles:
    quietly, the game waiting); what was said."""
    setup = GameSetup.from_settings(session.settings, options.seed)
    quiet = options.training is not None
    said: list[Reply] = []
    start: Position | None = None
    if options.fen is not None:
        try:
            start = Position.from_fen(options.fen) if options.fen.strip() else None
            if start is None:
                said.append(session.output.error(_("The position given is empty: give a FEN, such as the one fen "
                                                   "says.")))
        except NotationError as error:
            said.append(session.output.error(problems.described(error)))
    if not session.store.claim():
        return [*said, *show_elsewhere(session, setup, quiet)]
    saved, problem = storage.load_current()
    if problem:
        said.append(session.output.error(phrases.broken_saved_game(problem, session.store.keep_broken())))
    elif saved is not None:
        try:
            session.restore(saved)
        except (ValueError, TypeError, IllegalMoveError) as error:
            reason = _("the saved game could not be restored ({reason})").format(
                reason=problems.describe(error) if isinstance(error, RulesError) else str(error))
            said.append(session.output.error(phrases.broken_saved_game(reason, session.store.keep_broken())))
        else:
            if session.game.is_over:
                said.append(archive_finished(session))
            elif not asked_for_another_game(options, start):
                if quiet:  # toguz learn or puzzles: the game waits (restored, not offered), said on close
                    return said
                return [*said, session.resume()]
    if start is not None:
        setup = setup.changed(variant=start.variant)
    reply = session.start_game(setup, start, quiet=quiet)
    if reply.kind == "error":  # the unfinished game could not be archived: it goes on
        return [*said, reply, session.output.answer(session.view.turn_words(session.output.announcer))]
    return [*said, reply]


def archive_finished(session: GameSession) -> Reply:
    """The saved game had ended (its archiving failed last time): archive it now and say so."""
    outcome = session.game.outcome
    result = session.output.announcer.outcome(outcome) if outcome is not None else ""
    try:
        path = session.store.archive(session.store.record_text(), session.store.archive_names())
    except OSError as error:  # the finished game stays where it is: nothing is saved over it
        reason = error.strerror or str(error)
        session.store.stop_saving(_("your last game, finished, stays saved until it can be archived"))
        return session.output.error(phrases.finished_restored(result, None, reason))
    session.store.forget()
    return session.output.say(Reply(phrases.finished_restored(result, path.name, None)))


def show_elsewhere(session: GameSession, setup: GameSetup, quiet: bool = False) -> list[Reply]:
    """Another toguz has the game in progress: show it read-only in a review, over a new game that
    will not be saved as the game in progress (``quiet``, under a lesson or the puzzles: only say so)."""
    session.start_game(setup, quiet=quiet)
    saved, _problem = storage.load_current()
    if saved is None or quiet:
        return [session.output.say(Reply(phrases.open_elsewhere_new()))]
    try:
        _setup, game = saved_game(saved)
    except (ValueError, TypeError, IllegalMoveError):
        return [session.output.say(Reply(phrases.open_elsewhere_new()))]
    review = Review.of_game(game, result="*", names=None)
    review.go_to(review.total)
    return [session.reviewer.open(review, _("Your game in progress is open in another toguz. Here it is to look at, "
                                            "without changing it: forward and back step through it, close starts a new "
                                            "game, which will not be saved as the game in progress."))]
