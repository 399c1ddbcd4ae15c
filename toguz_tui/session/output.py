"""Settings taking effect: one setting changed from a command or a dialog, checked, applied to the
session's voice, announcer, clocks and sound cues at once, and kept in the settings file (that line
only). The session calls ``change_setting``; nothing else in the program changes a setting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from speech.sounds.player import open_player
from speech.voices import open_speaker
from speech.words import phrases
from speech.words.i18n import set_language
from toguz_tui.files.settings import save_setting, setting_label
from toguz_tui.session.sound_cues import SoundCues

if TYPE_CHECKING:
    from toguz_tui.session.facade import GameSession, Reply


def change_setting(session: GameSession, name: str, value: str) -> Reply:
    """Change one setting, apply it now and keep it in the settings file; what to say."""
    try:
        settings = session.settings.changed(name, value)
        stored = session.stored.changed(name, value)
    except ValueError as error:
        return session.error(str(error))
    session.settings, session.stored = settings, stored
    if name == "level":
        session.setup = session.setup.changed(level=settings.level, started=session.setup.started)
    if name == "clock_warnings" and session.clocks is not None:
        session.clocks.thresholds = settings.warning_thresholds  # this game's warnings too
    reason = apply_settings(session)
    if name == "speech" and reason and session.speaker.name == "silent":
        return session.answer(phrases.speech_not_on(reason))
    problems = [phrases.speech_problem(reason)] if reason else []
    if name in ("sounds", "sound_volume"):
        silent = apply_sounds(session)
        if silent is not None:  # kept for when sound can be heard; said why not now
            problems.append(phrases.sounds_not_on(silent))
    if session.persist:
        written = save_setting(name, getattr(stored, name))
        if written:
            problems.append(written)
    text = phrases.setting_changed(setting_label(name), dict(settings.describe())[name])
    if name == "clock" and not session.game.is_over and settings.time_control != session.setup.clock:
        text = f"{text} {phrases.clock_for_new_games()}"
    return session.answer(" ".join([text, *problems]))


def apply_settings(session: GameSession) -> str | None:
    """Make the current settings take effect (language, verbosity, the voice); why speech could not start,
    if that is news."""
    settings = session.settings
    set_language(settings.language_code)
    session.announcer.verbosity = settings.verbosity
    session.view_changed()
    speaker = session.speaker
    wanted = settings.voice_backend
    if wanted != speaker.name and not (wanted == "auto" and speaker.name != "silent"):
        speaker.close()
        session.speaker, problem = open_speaker(wanted, rate=settings.rate, voice=settings.speech_voice,
                                                volume=settings.volume)
        return session.speech_problem_news(problem)
    speaker.set_rate(settings.rate)
    speaker.set_volume(settings.volume)
    speaker.set_voice(settings.speech_voice or "")  # "": the engine's own voice (English)
    return None


def apply_sounds(session: GameSession) -> str | None:
    """Turn the sound cues on or off, at the volume set; why they could not start, if they could not."""
    settings = session.settings
    if settings.sounds != session.sounds.player.enabled:
        session.sounds.close()
        player, problem = open_player(settings.sounds, settings.sound_volume, hush=False)  # a screen may be up
        session.sounds = SoundCues(player)
        return problem
    session.sounds.player.set_volume(settings.sound_volume)
    return None
