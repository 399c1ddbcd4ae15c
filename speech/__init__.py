"""Speech: what is said (``speech.words.announce``, pure text) and how it is spoken (``speech.voices``)."""

from speech.voices import BACKENDS, RecordingSpeaker, SilentSpeaker, Speaker, open_speaker, render_wav
from speech.words.announce import VERBOSITIES, Announcer, Perspective, Verbosity

__all__ = [
    "BACKENDS", "VERBOSITIES", "Announcer", "Perspective", "RecordingSpeaker", "SilentSpeaker", "Speaker",
    "Verbosity", "open_speaker", "render_wav",
]
