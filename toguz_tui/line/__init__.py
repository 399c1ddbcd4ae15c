"""The line mode: typed commands and printed announcements, for screen readers, braille and scripts."""
