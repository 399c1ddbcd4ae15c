"""The commands: the one table (``table``) that both faces read, the words after a command (``words``),
and the handlers, one module per topic of the help (``board``, ``game``, ``speech``, ``review``,
``learn``, ``online``, ``settings``; ``records`` for the record files)."""
