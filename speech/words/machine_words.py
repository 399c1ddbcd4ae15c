"""The seam's (``speech.system``'s) reports in the player's words: it words nothing itself.

It hands back typed reasons, each carrying its details, and this module says them in the player's
language: another toguz holding a lock (``locks.HeldElsewhere``), a sound player that failed
(``machine.PlayFailure``), no audio output at all (``sound.NoAudio``), no screen reader to speak to
(``readers.UnreachableReader``).
"""

from __future__ import annotations

from speech.system.locks import HeldElsewhere
from speech.system.machine import PlayFailure
from speech.system.readers import Unreachable, UnreachableReader
from speech.system.sound import NoAudio
from speech.words.i18n import _


def held_lock_words(held: HeldElsewhere) -> str:
    """Another toguz held a lock past the time waited for it."""
    return _("another toguz has held {path} for over {seconds} seconds").format(
        path=held.path, seconds=f"{held.seconds:g}")


def play_failure_words(failure: PlayFailure) -> str:
    """Why a sound player could not play: it could not run, or it ran and failed (its last line, else its exit
    status)."""
    if failure.error is not None:
        return _("{program} could not run ({error})").format(program=failure.program, error=failure.error)
    detail = failure.said if failure.said else _("exit status {status}").format(status=failure.status)
    return _("{program} failed ({detail})").format(program=failure.program, detail=detail)


def no_audio_words(absence: NoAudio) -> str:
    """No sound at all, and how to get some, in this system's terms."""
    if absence is NoAudio.NO_CARD_OR_SERVER:
        return _("no audio output: no sound card under /dev/snd and no PulseAudio or PipeWire server "
                 "(connect or enable a sound device; for desktop sound: sudo apt install pipewire-audio)")
    return _("no audio output: the system lists no playback device (connect one, or enable it in the sound "
             "settings)")


def unreachable_words(reason: UnreachableReader) -> str:
    """Why no screen reader can be spoken to, and what would fix it where something would."""
    why = reason.why
    if why is Unreachable.PRISM_MISSING:
        return _("the prismatoid package is missing (pip install prismatoid)")
    if why is Unreachable.PRISM_BROKEN:
        return _("the screen reader's interface, prismatoid, would not load: reinstall it (pip install "
                 "--force-reinstall prismatoid)")
    if why is Unreachable.NO_NVDA_OR_JAWS:
        return _("neither NVDA nor JAWS is running")
    if why is Unreachable.NOT_ANSWERING:
        return _("{reader} does not answer toguz").format(reader=reason.reader)
    if why is Unreachable.VOICEOVER_OFF:
        return _("VoiceOver is not running")
    if why is Unreachable.VOICEOVER_STOPPED:
        return _("VoiceOver stopped taking text from toguz")
    if why is Unreachable.VOICEOVER_FORBIDDEN:
        return _("macOS did not let the terminal control VoiceOver: allow it in System Settings, Privacy & "
                 "Security, Automation (your terminal, VoiceOver), then start toguz again")
    if why is Unreachable.VOICEOVER_UNSCRIPTED:
        return _("VoiceOver does not take text from toguz: in VoiceOver Utility, General, tick \"Allow VoiceOver to "
                 "be controlled with AppleScript\", and let the terminal control VoiceOver when macOS asks")
    return _("on Linux your screen reader reads the terminal: use the screen-reader mode")
