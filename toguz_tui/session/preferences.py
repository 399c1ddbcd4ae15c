"""The settings as the session keeps them: those in force (this run's command-line choices laid over the
file's) and the settings file's own. A change is checked, applied at once to what is said and heard (the
output's wording, its voice, its sound cues, its braille display: each takes its own settings), kept in the
file (that line only) and said; the session then applies what it owns (the level of the game, the clocks'
warnings, the point of view)."""

from __future__ import annotations

from rules.clock import TimeControl
from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.files.settings import Settings, save_setting, setting_label
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.output import Output


class Preferences:
    """The settings in force and the settings file's."""

    def __init__(self, settings: Settings, stored: Settings, persist: bool, output: Output) -> None:
        self.settings = settings
        self.stored = stored  # the settings file, without this run's command-line choices
        self.persist = persist  # whether changes are written to the settings file
        self.output = output
        self.clock_set = False  # whether a clock was set (``set clock``) since the game began: the next one's

    def change(self, name: str, value: str, game_clock: TimeControl | None, game_over: bool) -> Reply:
        """Change one setting, apply it to the output and keep it in the settings file; what was said.
        ``game_clock``: the game's time control (a new ``clock`` is for new games, said while one goes on)."""
        output = self.output
        try:
            settings, stored = self.settings.changed(name, value), self.stored.changed(name, value)
        except ValueError as error:
            return output.error(str(error))
        self.settings, self.stored = settings, stored
        self.clock_set = self.clock_set or name == "clock"
        output.reword(settings)
        reason = output.voice.apply(settings)
        if name == "speech" and reason and output.voice.speaker.name == "silent":
            return output.answer(phrases.speech_not_on(reason))
        problems = [phrases.speech_problem(reason)] if reason else []
        silent = output.sounds.apply(settings) if name in ("sounds", "sound_volume") else None
        if silent is not None and name == "sounds":  # kept on for when sound can be heard; never "now on" here
            return output.answer(" ".join([_("Sound is set on, but the cues cannot be heard here: {reason}. They "
                                             "play once a sound device works.").format(reason=silent), *problems,
                                           *self._kept(name, stored)]))
        if silent is not None:
            problems.append(_("The sound cues stay silent: {reason}.").format(reason=silent))
        if name in ("braille", "braille_cells") and (direct := output.braille.apply(settings)) is not None:
            problems.append(_("Braille is read from the screen: {reason}.").format(reason=direct))
        problems.extend(self._kept(name, stored))
        text = phrases.setting_changed(setting_label(name), dict(settings.describe())[name])
        if name == "clock" and not game_over and settings.time_control != game_clock:
            text = " ".join((text, _("New games get it; this game keeps its own clock.")))
        return output.answer(" ".join([text, *problems]))

    def next_clock(self, game_clock: TimeControl | None) -> TimeControl | None:
        """The time control a new game gets (``new`` without a clock word, the new-game dialog): one set since
        the game began, else the game's own (``game_clock``)."""
        return self.settings.time_control if self.clock_set else game_clock

    def game_began(self) -> None:
        """A game began: a clock set before it is its own, not kept for the next."""
        self.clock_set = False

    def _kept(self, name: str, stored: Settings) -> list[str]:
        """The setting ``name`` kept in the settings file: nothing to say, or why it could not be."""
        written = save_setting(name, getattr(stored, name)) if self.persist else None
        return [written] if written else []
