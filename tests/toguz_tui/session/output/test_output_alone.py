"""``Output`` alone: the one stream of announcements, what is spoken and cued, and the order of speech, as
every part of the session meets it (no session built)."""

from __future__ import annotations

from speech.sounds.player import RecordingPlayer
from speech.voices import RecordingSpeaker
from tests.toguz_tui.session.fake_session import cues, spoken
from toguz_tui.files.settings import Settings
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.output import Output


def test_say_keeps_the_reply_in_the_stream_speaks_it_and_writes_out_control_characters() -> None:
    output = Output(Settings(), RecordingSpeaker())
    try:
        said = output.say(Reply("Pit 3\x1b[31m played.", spoken="pit three"), interrupt=False)
        assert said.text == "Pit 3\\x1b[31m played."  # safe to show: the escape written out, never sent
        assert output.stream.said == [said]
        assert spoken(output) == ["pit three"]
        speaker = output.voice.speaker
        assert isinstance(speaker, RecordingSpeaker) and speaker.interrupts == [False]
    finally:
        output.close()


def test_an_answer_interrupts_and_an_error_is_a_sentence_with_the_error_cue() -> None:
    output = Output(Settings(), RecordingSpeaker(), RecordingPlayer())
    try:
        output.answer("Move 1: White's turn.")
        reply = output.error("there is no pit 12")
        assert reply.text == "There is no pit 12." and reply.kind == "error"
        assert output.stream.texts == ["Move 1: White's turn.", "There is no pit 12."]
        speaker = output.voice.speaker
        assert isinstance(speaker, RecordingSpeaker) and speaker.interrupts == [True, True]
        assert speaker.stops == 1  # the error cut off the answer
        assert cues(output) == ["illegal"]
    finally:
        output.close()


def test_repeat_and_step_walk_the_history_without_keeping_it_again() -> None:
    output = Output(Settings(), RecordingSpeaker())
    try:
        assert output.repeat().text == "Nothing has been said yet."
        for text in ("first", "second", "third"):
            output.answer(text)
        assert output.repeat().text == "third"
        assert output.step(-1).text == "second"
        assert output.step(-1).text == "first"
        assert output.step(-1).text == "first"  # kept within the history
        assert output.step(+1).text == "second"
        assert len(output.stream) == 3  # said again, never kept again
        assert spoken(output)[3:] == ["third", "second", "first", "first", "second"]
    finally:
        output.close()


def test_the_wording_follows_the_settings_and_close_silences_the_speaker() -> None:
    output = Output(Settings(verbosity="full"), RecordingSpeaker(), RecordingPlayer())
    output.reword(Settings(verbosity="brief"))
    assert output.announcer.verbosity == "brief" and output.game_announcer.verbosity == "brief"
    output.close()
    speaker = output.voice.speaker
    player = output.sounds.player
    assert isinstance(speaker, RecordingSpeaker) and speaker.closed
    assert isinstance(player, RecordingPlayer) and player.closed
