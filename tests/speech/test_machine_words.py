"""The seam's typed reasons in words (``speech.words.machine_words``): the seam (``speech.system``) words
nothing, and what it reports reads as it always has."""

from __future__ import annotations

import sys
from pathlib import Path

from speech.system.locks import HeldElsewhere
from speech.system.machine import Machine, PlayFailure
from speech.system.readers import Unreachable, UnreachableReader
from speech.system.sound import NoAudio
from speech.words.machine_words import held_lock_words, no_audio_words, play_failure_words, unreachable_words


def test_a_player_that_fails_says_why_in_one_line(tmp_path: Path) -> None:
    assert play_failure_words(PlayFailure("aplay", error="[Errno 2] No such file")) == \
        "aplay could not run ([Errno 2] No such file)"
    assert play_failure_words(PlayFailure("aplay", said="audio open error", status=1)) == \
        "aplay failed (audio open error)"
    assert play_failure_words(PlayFailure("afplay", status=3)) == "afplay failed (exit status 3)"
    player = tmp_path / "player"
    player.write_text("import sys\nprint('cannot open device', file=sys.stderr)\nsys.exit(1)\n")
    failure = Machine().play_fails([sys.executable, str(player)])
    assert failure == PlayFailure(Path(sys.executable).name, said="cannot open device", status=1)
    assert Machine().play_fails([sys.executable, "-c", "pass"]) is None
    missing = Machine().play_fails([str(tmp_path / "no-such-player")])
    assert missing is not None and missing.program == "no-such-player" and missing.error


def test_every_reason_has_its_own_words() -> None:
    said = {why: unreachable_words(UnreachableReader(why, "NVDA")) for why in Unreachable}
    assert len(set(said.values())) == len(Unreachable)
    assert said[Unreachable.NOT_ANSWERING] == "NVDA does not answer toguz"
    assert said[Unreachable.PRISM_MISSING] == "the prismatoid package is missing (pip install prismatoid)"
    assert {no_audio_words(absence) for absence in NoAudio} == {
        "no audio output: no sound card under /dev/snd and no PulseAudio or PipeWire server (connect or enable a "
        "sound device; for desktop sound: sudo apt install pipewire-audio)",
        "no audio output: the system lists no playback device (connect one, or enable it in the sound settings)"}
    assert held_lock_words(HeldElsewhere(Path("index.lock"), 10.0)) == \
        "another toguz has held index.lock for over 10 seconds"

