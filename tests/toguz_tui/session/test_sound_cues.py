"""The sound cues a player hears from the game: which event plays which cue, where it sounds, that a cue
never waits for speech, and turning them off (a recording player stands in for the sound device)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from rules import Side
from speech.sounds.player import RecordingPlayer, SilentPlayer
from speech.voices import RecordingSpeaker
from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, make_app, screen_of
from tests.toguz_tui.conftest import recorder
from toguz_tui.commands.table import run_line
from toguz_tui.files.settings import Settings
from toguz_tui.session.facade import GameSession
from toguz_tui.session.setup import GameSetup

__all__ = ["make_app"]


@pytest.fixture
def heard() -> Iterator[tuple[GameSession, RecordingPlayer]]:
    player = RecordingPlayer()
    settings = Settings(opponent="computer", level=1, colour="white")
    session = GameSession(settings, RecordingSpeaker(), player=player, watch=False)
    session.start_game(GameSetup.from_settings(settings, 3))
    yield session, player
    session.close()


def balance(sound: np.ndarray) -> float:
    """From -1 (all left) to +1 (all right)."""
    left, right = float(np.sum(sound[:, 0] ** 2)), float(np.sum(sound[:, 1] ** 2))
    return (right - left) / (right + left)


def test_a_move_plays_its_sound_and_the_computers_reply_ends_with_your_turn(
        heard: tuple[GameSession, RecordingPlayer]) -> None:
    session, player = heard
    run_line(session, "7")
    session.opponents.wait()
    assert player.names == ["move", "move"]
    yours, theirs = player.sounds
    assert len(theirs) > len(yours), "the computer's move is followed by the your-turn cue"


def test_a_refused_move_buzzes_and_a_resignation_ends_with_the_loss_motif(
        heard: tuple[GameSession, RecordingPlayer]) -> None:
    session, player = heard
    run_line(session, "12")
    run_line(session, "nonsense")
    assert player.names == ["illegal", "illegal"]
    run_line(session, "resign now")
    assert player.names[-1] == "end"


def test_the_move_sound_starts_where_the_pit_lies_as_the_board_is_drawn() -> None:
    """Against the computer your row is at the bottom: White's pit 1 sounds at the left for White, and
    at the right for a player of Black, whose row is then drawn at the bottom, mirrored."""
    firsts = {}
    for colour in ("white", "black"):
        player = RecordingPlayer()
        settings = Settings(opponent="human", board_turns=False)
        session = GameSession(settings, RecordingSpeaker(), player=player, watch=False)
        setup = GameSetup.from_settings(settings, 3)
        if colour == "black":
            setup = setup.changed(human=Side.BLACK)
            session.setup = setup
        session.start_game(setup)
        session.setup = setup.changed(human=None) if colour == "white" else setup
        session.game.play(1)  # White's pit 1 holds 9: the first stone goes back into it
        report = session.game.last_report
        assert report is not None
        session._moved(report, interrupt=True)
        first_tick = player.sounds[0][: int(0.03 * 44100)]
        firsts[colour] = balance(first_tick)
        session.close()
    assert firsts["white"] < -0.5 < 0.5 < firsts["black"]


def test_sounds_off_silences_them_and_on_without_a_device_says_why(make_session: object) -> None:
    player = RecordingPlayer()
    session = GameSession(Settings(opponent="human"), RecordingSpeaker(), player=player, watch=False)
    session.start_game(GameSetup.from_settings(session.settings, 3))
    reply = run_line(session, "sounds off")
    assert reply is not None and reply.text == "Sound is now off."
    assert player.closed
    assert isinstance(session.output.sounds.player, SilentPlayer)
    run_line(session, "7")
    assert player.names == []
    reply = run_line(session, "sounds on")  # the fake machine has no audio output
    assert reply is not None
    assert reply.text.startswith("Sound is set on, but the cues cannot be heard here: no audio output")
    reply = run_line(session, "sounds loud")
    assert reply is not None and reply.text == "Sounds needs: sounds on, or sounds off."
    session.close()


async def test_the_focus_knocks_at_the_end_of_a_row(make_app: MakeApp) -> None:
    app = make_app()
    player = RecordingPlayer()
    app.session.output.sounds.player = player
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("left")  # already on pit 1
        await pilot.press("right")
        await pilot.press("end")
        await pilot.press("right")  # already on pit 9
        await pilot.pause()
    assert player.names == ["edge", "edge"]
    assert balance(player.sounds[0]) < -0.5 < 0.5 < balance(player.sounds[1])


async def test_the_boxed_board_shows_both_clocks_and_c_reads_them(make_app: MakeApp) -> None:
    app = make_app(clock="10+5")
    async with app.run_test(size=SIZE) as pilot:
        status = screen_of(app).status.shown_text
        assert status.endswith("| White 10:00, Black 10:00")
        await pilot.press("7")
        await pilot.press("enter")
        await pilot.press("c")
        await pilot.pause()
        assert recorder(app.session).spoken[-1].startswith("White: 10 minutes. Black: ")
        assert ", running." in recorder(app.session).spoken[-1]


async def test_a_key_the_board_does_not_use_says_so_once_and_buzzes(make_app: MakeApp) -> None:
    app = make_app()
    player = RecordingPlayer()
    app.session.output.sounds.player = player
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert recorder(app.session).spoken[-1] == "The key d does nothing here; press h for the keys."
        count = len(recorder(app.session).spoken)
        await pilot.press("b")  # a key the board uses says only its own answer
        await pilot.pause()
        assert len(recorder(app.session).spoken) == count + 1
        assert recorder(app.session).spoken[-1].startswith("White's row from pit 1")
        await pilot.press("0")
        await pilot.pause()
    assert player.names == ["illegal", "illegal"]
    assert app.session.game.moves == ()
