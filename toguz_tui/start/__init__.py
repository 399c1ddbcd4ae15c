"""Starting: the session built from the command line's options (``launch``), and the question asked at the
first start (``first_run``)."""
