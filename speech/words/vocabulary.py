"""The words for the game's vocabularies: sides, games, ends, levels, verbosities, languages.

Each vocabulary is defined once, where the program needs it (``rules.VARIANT_KEYS``,
``rules.engine.LEVELS``, ``speech.words.naming.VERBOSITIES``, ``speech.words.i18n.LANGUAGES``); this module
only gives each value its words, in the language spoken now. The speech setting's values are worded where
they are defined, beside the voices (``speech.voices.speech_label``), which this layer never imports.
"""

from __future__ import annotations

from rules import Side, Termination, Variant
from rules.engine import LEVELS
from speech.words.i18n import LANGUAGES, _, p_
from speech.words.naming import VERBOSITIES


def side_title(side: Side) -> str:
    """``"White"`` or ``"Black"``, as a name."""
    return p_("name", "White") if side is Side.WHITE else p_("name", "Black")


def variant_for(pits: object) -> str:
    """The name of the game played with ``pits`` pits a row."""
    names = {9: _("Toguz Kumalak"), 7: _("Kozdatu"), 5: _("Bestemshe")}
    return names.get(pits if isinstance(pits, int) else 0, _("Toguz Kumalak"))


def variant_title(variant: Variant) -> str:
    """The variant's name, with its options when they differ from the defaults."""
    extras = []
    if variant.pits == 7 and variant.tuzdyks:
        extras.append(_("with tuzdyks"))
    if variant.no_move == "lose":
        extras.append(_("a player who cannot move loses"))
    if not variant.stop_at_majority:
        extras.append(_("played to the end"))
    if variant.unrestricted_tuzdyk:
        extras.append(_("tuzdyks anywhere"))
    name = variant_for(variant.pits)
    return _("{name} ({options})").format(name=name, options=", ".join(extras)) if extras else name


def termination_word(reason: Termination) -> str:
    """How a game ended, in a few words."""
    return {Termination.MAJORITY: _("by majority"), Termination.NO_MOVES: _("no moves left"),
            Termination.RESIGNATION: _("by resignation"), Termination.AGREEMENT: _("by agreement"),
            Termination.TIME: _("on time"), Termination.ADJUDICATION: _("by the server's decision")}[reason]


def level_name(number: int) -> str:
    """A level's name: ``"Beginner"`` to ``"Grandmaster"``."""
    names = (_("Beginner"), _("Novice"), _("Casual"), _("Club player"), _("Strong club player"), _("Expert"),
             _("Master"), _("Grandmaster"))
    return dict(zip((level.number for level in LEVELS), names, strict=True)).get(number, str(number))


def level_label(number: int) -> str:
    """A level as a list shows it: ``"3, Casual"``."""
    return _("{number}, {name}").format(number=number, name=level_name(number))


def verbosity_label(value: str) -> str:
    """A verbosity in words (the setting keeps its English word)."""
    labels: dict[str, str] = dict(zip(VERBOSITIES, (
        p_("verbosity", "brief"), p_("verbosity", "normal"), p_("verbosity", "full")), strict=True))
    return labels.get(value, value)


def on_off(value: bool) -> str:
    """A yes-or-no setting in words."""
    return p_("setting", "on") if value else p_("setting", "off")


def language_label(code: str) -> str:
    """A language by its own name (``"Қазақша"``), or automatic."""
    if code in LANGUAGES:
        return LANGUAGES[code].name
    return p_("language", "as the system")
