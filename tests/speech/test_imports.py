"""``speech`` stands on ``rules`` and the standard library: no Textual, no prompt_toolkit, no pyttsx3."""

from __future__ import annotations

import subprocess
import sys


def test_importing_speech_loads_neither_textual_nor_prompt_toolkit() -> None:
    code = (
        "import sys, speech, speech.words.announce, speech.voices.speech_command, speech.voices\n"
        "bad = sorted(name for name in sys.modules if name.split('.')[0] in "
        "('textual', 'prompt_toolkit', 'pyttsx3', 'accessible_output2'))\n"
        "print(','.join(bad))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
