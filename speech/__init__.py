"""Speech: what is said (``speech.announce``, pure text) and how it is spoken (``speech.speakers``)."""

from speech.announce import VERBOSITIES, Announcer, Perspective, Verbosity
from speech.speakers import BACKENDS, RecordingSpeaker, SilentSpeaker, Speaker, open_speaker, render_wav

__all__ = [
    "BACKENDS", "VERBOSITIES", "Announcer", "Perspective", "RecordingSpeaker", "SilentSpeaker", "Speaker",
    "Verbosity", "open_speaker", "render_wav",
]
