"""``mistakes``: the player's own worst moves from the accounts kept, played again as puzzles, as a player
meets them in the line mode: the move played is refused, a move near the best is right and explained,
twice right retires a mistake; the streak is kept apart from the puzzle rating; broken files are one
sentence."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path

from rules import BLACK, WHITE, Game, Position, Side
from rules.engine.game_analysis import GameAnalysis, MoveVerdict, game_key
from rules.move import play_move
from tests.toguz_tui.conftest import MakeSession, environment, reviewing, toguz_command, training
from tests.toguz_tui.session.test_clocks import say
from toguz_tui.commands.table import run_line
from toguz_tui.files.kept_accounts import KeptAccount, account_path, save_account
from toguz_tui.session.facade import GameSession
from toguz_tui.training.mistake_record import load_record, record_path
from toguz_tui.training.mistakes import MistakeCoach
from toguz_tui.training.progress import progress_path

NO_MISTAKES = "You have no mistakes to play again: after a game, type account to find them."


def moves_of(seed: int, plies: int = 20) -> list[int]:
    """A game's moves, chosen at random (the same for the same seed)."""
    rng, game = random.Random(seed), Game()
    for _ in range(plies):
        game.play(rng.choice(game.legal_moves()))
    return list(game.moves)


def positions(moves: list[int]) -> list[Position]:
    game, before = Game(), []
    for pit in moves:
        before.append(game.position)
        game.play(pit)
    return before


def better(position: Position, played: int) -> int:
    """A legal pit other than the one played: the best of the made-up verdict."""
    return next(pit for pit in position.legal_moves() if pit != played)


def kept(seed: int, costs: dict[int, float], yours: tuple[Side, ...] = (WHITE,), opponent: str = "toguz level 1",
         date: str = "2026.11.26", near: int | None = None) -> KeptAccount:
    """A game whose verdicts are made up: the moves at the plies of ``costs`` gave up that many stones
    against a better pit (``near``: a second pit as good); the other moves were the best."""
    moves = moves_of(seed)
    game = Game()
    verdicts = []
    for ply, (position, pit) in enumerate(zip(positions(moves), moves, strict=True)):
        _after, report = play_move(position, pit)  # what the move made, as a kept verdict must say
        made, captured = report.tuzdyk_made is not None, report.captured
        if ply in costs:
            best = better(position, pit)
            goods = tuple(sorted({best, near})) if near is not None and near in position.legal_moves() else (best,)
            verdict = MoveVerdict(position.to_move, pit, best, 2.0, 2.0 - costs[ply], made, None, captured, False,
                                  goods)
        else:
            verdict = MoveVerdict(position.to_move, pit, pit, 0.0, 0.0, made, None, captured, False, (pit,))
        verdicts.append(verdict)
        game.play(pit)
    analysis = GameAnalysis(game_key(game), len(moves), tuple(verdicts), 0.0)
    white, black = ("Player", opponent) if yours == (WHITE,) else (opponent, "Player")
    return KeptAccount(game, yours, analysis, (("White", white), ("Black", black), ("Date", date)))


def keep(account: KeptAccount, age: int = 0) -> KeptAccount:
    """Save ``account``, made ``age`` hours old (the newest first)."""
    assert save_account(account) is None
    stamp = 1_700_000_000 - age * 3600
    os.utime(account_path(account.analysis.key), (stamp, stamp))
    return account


def coach(session: GameSession) -> MistakeCoach:
    trainer = training(session)
    assert isinstance(trainer, MistakeCoach)
    return trainer


def test_the_mistake_is_said_the_played_pit_refused_and_a_better_one_explained(make_session: MakeSession) -> None:
    account = keep(kept(1, {2: 6.0, 6: 14.0}))
    session = make_session()
    say(session, "7")
    before = session.game.position
    text = say(session, "mistakes")
    position = positions(list(account.game.moves))[6]
    played, best = account.game.moves[6], better(position, account.game.moves[6])
    number = position.move_number
    assert text.startswith(f"Mistake 1 of 2. From your game against toguz level 1 on 2026.11.26, move {number}: "
                           "you play White. Yours: ")
    assert text.endswith(f"You played pit {played} there and gave up 14 stones. Find a better move.")
    assert training(session) is not None and session.view.position == position
    reply = run_line(session, str(played))
    assert reply is not None and reply.kind == "error"
    assert reply.text == "That is the move you played in the game: it gave up 14 stones. Try another."
    assert coach(session).tries == 0 and coach(session).index == 0 and load_record()[0].streak == 0
    text = say(session, str(best))
    _after, report = play_move(position, best)
    assert text.startswith(f"Right, the engine's best move. Your pit {best}: ")
    assert "Answer it right once more and it is retired. Mistakes streak 1. Mistake 2 of 2." in text
    if report.captured:
        assert f"The best move captures {report.captured} stone" in text
    assert "gave up 6 stones" in text  # the next one
    assert load_record()[0].rights == {f"{account.analysis.key}:6": 1}
    assert session.game.position == before  # the game waits
    assert say(session, "close").startswith("You left your mistakes. Mistakes: 1 of 1 right at the first try; "
                                            "streak 1, best 1. Back to your game.")
    assert training(session) is None


def test_a_pit_near_the_best_is_right_too_and_names_the_best(make_session: MakeSession) -> None:
    moves = moves_of(2)
    position = positions(moves)[4]
    best = better(position, moves[4])
    other = next(pit for pit in position.legal_moves() if pit not in (best, moves[4]))
    keep(kept(2, {4: 9.0}, near=other))
    session = make_session()
    say(session, "mistakes")
    text = say(session, str(other))
    assert text.startswith(f"Right: as good as the engine's best move, pit {best}. Your pit {other}: ")


def test_answered_right_twice_a_mistake_is_retired_and_not_offered_again(make_session: MakeSession) -> None:
    account = keep(kept(1, {6: 14.0}))
    best = better(positions(list(account.game.moves))[6], account.game.moves[6])
    first = make_session()
    say(first, "mistakes")
    assert "Answer it right once more" in say(first, str(best))
    say(first, "close")
    second = make_session()  # a new session: the record is read again
    say(second, "mistakes")
    text = say(second, str(best))
    assert "This mistake is retired: answered right twice. Mistakes streak 2." in text
    assert text.endswith("That was the last of these mistakes. Type mistakes to play the ones not retired again, "
                         "or close to go back to your game.")
    say(second, "close")
    third = make_session()
    assert say(third, "mistakes") == "All your mistakes are retired."
    assert say(third, "mistakes last") == "All the mistakes of your last game are retired."
    assert training(third) is None


def test_the_mistakes_streak_is_not_the_puzzle_rating(make_session: MakeSession) -> None:
    account = keep(kept(1, {6: 14.0}))
    best = better(positions(list(account.game.moves))[6], account.game.moves[6])
    session = make_session()
    say(session, "mistakes")
    say(session, str(best))
    assert not progress_path().exists()  # the lessons' and puzzles' progress is not touched
    assert json.loads(record_path().read_text(encoding="utf-8"))["streak"] == 1
    say(session, "close")
    assert say(session, "puzzle").endswith("Your puzzle rating is 1200.")


def test_mistakes_last_takes_the_newest_of_your_games_and_others_records_give_none(make_session: MakeSession) -> None:
    keep(kept(3, {4: 20.0}, opponent="Older"), age=5)
    keep(kept(4, {3: 5.0}, yours=(BLACK,), opponent="Newer", date="2026.11.25"), age=2)
    keep(kept(5, {3: 30.0}, yours=(), opponent="Someone"), age=0)  # someone else's record: none of yours
    session = make_session()
    text = say(session, "mistakes last")
    assert text.startswith("Mistake 1 of 1. From your game against Newer on 2026.11.25, move ")
    assert "you play Black." in text
    say(session, "close")
    text = say(session, "mistakes")  # every game: the costliest first
    assert text.startswith("Mistake 1 of 2. From your game against Older on ") and "gave up 20 stones" in text
    assert "Someone" not in text


def test_only_other_peoples_records_and_no_accounts_give_no_mistakes(make_session: MakeSession) -> None:
    session = make_session()
    assert say(session, "mistakes") == NO_MISTAKES
    keep(kept(5, {3: 30.0}, yours=()))
    assert say(session, "mistakes") == NO_MISTAKES
    assert say(session, "mistakes last") == NO_MISTAKES
    keep(kept(6, {}))  # a game of yours without a mistake
    assert say(session, "mistakes") == "Your games have no mistakes to play again."
    assert say(session, "mistakes now") == "Mistakes needs: mistakes, or mistakes last."
    assert training(session) is None


def test_a_broken_record_is_one_sentence_and_a_fresh_start(make_session: MakeSession) -> None:
    keep(kept(1, {6: 14.0}))
    path = record_path()
    path.write_text('{"version": 1, "streak": 99999999999}', encoding="utf-8")
    session = make_session()
    text = say(session, "mistakes")
    assert text.startswith("Your record of mistakes could not be read (streak is not a whole number from 0 to ")
    assert "starting afresh. The old file was kept as mistakes.broken-" in text and "Mistake 1 of 1." in text
    say(session, "close")
    assert say(session, "mistakes").startswith("Mistake 1 of 1.")  # said once


def test_a_broken_account_file_is_left_out(make_session: MakeSession) -> None:
    keep(kept(1, {6: 14.0}))
    (account_path("0" * 32)).write_text("{not an account", encoding="utf-8")
    session = make_session()
    assert say(session, "mistakes").startswith("Mistake 1 of 1.")


def test_hint_a_wrong_pit_twice_skip_and_an_illegal_pit(make_session: MakeSession) -> None:
    account = keep(kept(1, {2: 6.0, 6: 14.0, 10: 9.0}))
    before = positions(list(account.game.moves))
    session = make_session()
    say(session, "mistakes")
    position, played = before[6], account.game.moves[6]
    best = better(position, played)
    assert say(session, "hint").startswith("A better move ")
    for command in ("chances", "threats"):
        reply = run_line(session, command)
        assert reply is not None and reply.kind == "error" and reply.text.startswith("In a puzzle, what each move ")
    empty = next((pit for pit in range(1, 10) if position.pit(position.to_move, pit) == 0), None)
    if empty is not None:
        reply = run_line(session, str(empty))
        assert reply is not None and reply.kind == "error" and coach(session).tries == 0
    wrong = [pit for pit in position.legal_moves() if pit not in (best, played)]
    text = say(session, str(wrong[0]))
    assert text.startswith(f"Not better. Your pit {wrong[0]}: ") and text.endswith("Try again.")
    assert "A better move " in text
    text = say(session, str(wrong[-1]))
    assert f"The best move was pit {best}." in text and "Mistake 2 of 3." in text
    assert load_record()[0].streak == 0 and coach(session).index == 1
    text = say(session, "skip")
    assert text.startswith("Skipped. The best move was pit ") and "Mistake 3 of 3." in text
    assert say(session, "turn").startswith("Mistake 3 of 3.")
    assert say(session, "mistakes").startswith("Mistake 3 of 3.")  # the one under way, said again
    assert say(session, "review").endswith("type close to go back to your game first.")


def test_mistakes_wait_for_a_review_to_close(make_session: MakeSession) -> None:
    keep(kept(1, {6: 14.0}))
    session = make_session()
    say(session, "7")
    say(session, "review")
    assert reviewing(session) is not None
    assert say(session, "mistakes") == "Close the review first: lessons and puzzles open over your game."


def test_mistakes_as_a_player_meets_them_in_toguz_line(tmp_path: Path) -> None:
    account = keep(kept(1, {6: 14.0}))
    played = account.game.moves[6]
    best = better(positions(list(account.game.moves))[6], played)
    result = subprocess.run([*toguz_command(), "play", "--line", "--opponent", "human", "--speech", "off",
                             "--screen-reader"], input=f"mistakes\n{played}\n{best}\nclose\nquit\n",
                            capture_output=True, text=True, timeout=120, env=environment(tmp_path))
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith("Mistake 1 of 1."))
    assert lines[start].endswith(f"You played pit {played} there and gave up 14 stones. Find a better move.")
    assert lines[start + 1] == "That is the move you played in the game: it gave up 14 stones. Try another."
    assert lines[start + 2].startswith(f"Right, the engine's best move. Your pit {best}: ")
    assert lines[start + 3].startswith("You left your mistakes. Mistakes: 1 of 1 right at the first try;")
