"""Sound cues: generated and panned as the board lies (``cues``), played without waiting for speech
(``player``), and written to WAV files by ``toguz sounds`` (``cli``)."""
