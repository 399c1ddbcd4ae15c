"""Files: where toguz keeps its own (``storage``: the game in progress, the archive, the log, the game
lock), the settings file (``settings``), and the player's own files, read and written safely
(``user_files``)."""
