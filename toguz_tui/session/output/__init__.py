"""The session's output: the one stream of announcements, over its voice, sound cues, braille display and
background work, and the faces' one way out (``follower``)."""
