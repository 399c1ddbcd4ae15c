"""Starting, for ``toguz`` and ``toguz online`` alike: the session built from the command line's options
(``launch``), a face run over it (``faces``), and the question asked at the first start (``first_run``)."""
