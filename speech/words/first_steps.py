"""The words a newcomer meets first: the answer to the first start's screen-reader question (and why toguz's
own voice is silent then), the board's Enter before a pit is chosen, and what ``speech`` alone says of the
voice."""

from __future__ import annotations

from speech.words.i18n import _


def first_start_done(chosen: bool, own_voice_silent: bool) -> str:
    """After the first start's screen-reader question: the mode chosen and how to change it; with the
    screen-reader mode (``chosen``) where toguz's own voice is then silent (``own_voice_silent``: the screen
    reader reads the terminal), that it is, why, and how to hear it too."""
    if chosen and own_voice_silent:
        return _("Screen-reader mode on. Your screen reader speaks every message, so toguz's own voice is off. To "
                 "hear it too, type speech on (on the board, press : first). Change the mode any time with: set "
                 "screen_reader off (or --no-screen-reader).")
    if chosen:
        return _("Screen-reader mode on. Change it any time with: set screen_reader off (or --no-screen-reader).")
    return _("Screen-reader mode off. Change it any time with: set screen_reader on (or --screen-reader).")


def pit_not_chosen(pits: int) -> str:
    """Enter on the board after the first start, before any pit was chosen (a key typed for a question that
    was not asked plays nothing)."""
    return _("Choose a pit first: press its number, 1 to {pits}; then Enter plays it.").format(pits=pits)


def speech_state(speaking: bool, through_reader: bool, turned_off: bool, screen_reader: bool) -> str:
    """``speech`` alone: whether toguz's voice speaks now (``through_reader``: through the screen reader's own
    voice), and how to change it. When silent: ``turned_off`` by the speech setting, or (the setting
    automatic) because the screen-reader mode leaves speaking to the screen reader, or no voice works here."""
    if speaking and through_reader:
        return _("Speech is on: toguz speaks through your screen reader. To stop it: speech off.")
    if speaking:
        return _("Speech is on: toguz's own voice speaks. To stop it: speech off.")
    if turned_off:
        return _("Speech is off: toguz's own voice is silent. To hear it: speech on.")
    if screen_reader:
        return _("Speech is off: in the screen-reader mode your screen reader speaks, so toguz's own voice is "
                 "silent. To hear it too: speech on.")
    return _("Speech is off: no voice can be heard here. toguz speech --check tells why and what fixes it.")
