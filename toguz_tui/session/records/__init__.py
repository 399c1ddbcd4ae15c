"""The session's records: the game in progress on disk and the archive (``game_store``), record files
saved and opened, and the review of a game move by move."""
