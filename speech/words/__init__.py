"""What is said: the message catalogue (``i18n``), the names of things (``vocabulary``, ``naming``), the
sentences (``phrases``), the announcements built from the rules' facts (``announce``), and problems worded
for a person (``problems``). Pure text: no voice, no terminal."""
