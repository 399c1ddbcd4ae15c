"""The puzzles: the shipped file replayed with the rules and the engine, the ratings and the order, the
words of the verdicts (brief ones within a 40-cell braille line), and ``toguz puzzles`` as a player
meets it in the line mode: one puzzle answered wrongly, then rightly."""

from __future__ import annotations

import importlib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rules import Side
from rules.engine import Engine
from rules.move import play_move
from speech.words.announce import Announcer, Perspective
from speech.words.i18n import LANGUAGES, set_language
from speech.words.naming import Verbosity
from tests.toguz_tui.conftest import environment, reviewing, toguz_command, training
from toguz_tui.training.coach import PuzzleCoach
from toguz_tui.training.progress import Progress, load_progress, progress_path
from toguz_tui.training.puzzles import (
    DEPTH,
    MARGIN,
    NEAR,
    PILE,
    PUZZLE_FILE,
    RATINGS,
    START_RATING,
    THEMES,
    Puzzle,
    PuzzleFileError,
    best_gain,
    load_puzzles,
    most_threatened,
    next_puzzle,
    rated,
)

ROOT = Path(__file__).resolve().parents[3]


def builder() -> Any:
    """``tools/build_puzzles.py``, the script that found the puzzles."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module("build_puzzles")
    finally:
        sys.path.remove(str(ROOT / "tools"))


def test_the_shipped_file_holds_at_least_500_puzzles_of_every_theme_and_difficulty() -> None:
    puzzles = load_puzzles()
    assert len(puzzles) >= 500
    themes = Counter(puzzle.theme for puzzle in puzzles)
    assert set(themes) == set(THEMES) and min(themes.values()) >= 10, themes
    assert {puzzle.difficulty for puzzle in puzzles} == set(RATINGS)
    assert len({puzzle.position for puzzle in puzzles}) == len(puzzles)  # no position twice
    assert PUZZLE_FILE.stat().st_size < 400_000  # a small file in the package


@pytest.mark.slow
def test_every_puzzle_is_the_engines_clear_best_and_its_theme_is_what_the_move_does() -> None:
    build = builder()
    engine = Engine(level=8, book=False)
    for puzzle in load_puzzles():
        position = puzzle.position
        ranked = engine.analyse(position, depth=DEPTH)
        assert ranked[0].pit == puzzle.answer, puzzle.number
        assert ranked[0].score - ranked[1].score >= MARGIN, puzzle.number
        scores = {item.pit: item.score for item in ranked}
        assert build.theme_of(position, puzzle.answer, scores) == puzzle.theme, puzzle.number
        _after, report = play_move(position, puzzle.answer)
        if puzzle.theme == "capture":
            assert report.captured > 0
        elif puzzle.theme == "tuzdyk":
            assert report.tuzdyk_made is not None
        assert build.difficulty_of(position, puzzle.answer, engine) == puzzle.difficulty, puzzle.number
        assert puzzle.rating == RATINGS[puzzle.difficulty]
        # The reply the verdict names is the engine's best answer to the move, one ply less deep.
        after, report = play_move(position, puzzle.answer)
        if report.outcome is None:
            assert puzzle.replies[puzzle.answer] == engine.analyse(after, depth=DEPTH - 1)[0].pit, puzzle.number
        assert set(puzzle.replies) == {move for move in position.legal_moves()
                                       if play_move(position, move)[1].outcome is None}


@pytest.mark.slow
def test_the_replies_to_wrong_moves_are_the_engines_too() -> None:
    engine = Engine(level=8, book=False)
    for puzzle in load_puzzles()[::7]:  # a seventh of them: the script computes every one the same way
        for move, reply in puzzle.replies.items():
            after, _report = play_move(puzzle.position, move)
            assert reply == engine.analyse(after, depth=DEPTH - 1)[0].pit, (puzzle.number, move)


def test_a_fresh_player_always_gets_the_same_first_puzzle_and_a_seed_changes_it() -> None:
    puzzles = load_puzzles()
    first = next_puzzle(puzzles, START_RATING, frozenset(), 0, 0)
    assert all(next_puzzle(puzzles, START_RATING, frozenset(), 0, 0) == first for _ in range(3))
    assert abs(first.rating - START_RATING) <= NEAR
    others = {next_puzzle(puzzles, START_RATING, frozenset(), seed, 0).number for seed in range(1, 8)}
    assert others - {first.number}


def test_a_seen_puzzle_does_not_come_again_until_all_were_seen() -> None:
    puzzles = load_puzzles()[:3]
    seen = frozenset(puzzle.number for puzzle in puzzles[:2])
    assert next_puzzle(puzzles, START_RATING, seen, 0, 2) == puzzles[2]
    assert next_puzzle(puzzles, START_RATING, frozenset(p.number for p in puzzles), 0, 3) in puzzles  # round again


def test_ratings_move_by_elo_and_stay_bounded() -> None:
    easy = load_puzzles()[0]
    assert easy.rating == RATINGS[1]
    assert rated(1200, easy, True) == 1212  # expected 0.64: 32 * 0.36
    assert rated(1200, easy, False) == 1180
    hard = next(puzzle for puzzle in load_puzzles() if puzzle.difficulty == 3)
    assert rated(1200, hard, True) - 1200 > 25  # beating a hard puzzle is worth more
    assert rated(100, easy, False) == 100 and rated(3500, easy, True) == 3500


def test_a_broken_puzzle_file_is_a_reason_not_a_crash(tmp_path: Path) -> None:
    broken = tmp_path / "puzzles.json"
    for text in ("{", '{"puzzles": []}', '{"puzzles": [{"fen": "x"}]}',
                 '{"puzzles": [{"fen": "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1", "answer": 12, '
                 '"theme": "capture", "difficulty": 1, "rating": 1100, "replies": {}}]}'):
        broken.write_text(text, encoding="utf-8")
        with pytest.raises(PuzzleFileError):
            load_puzzles.__wrapped__(broken)


def coach(verbosity: Verbosity = "normal", player: str = "") -> tuple[PuzzleCoach, Announcer]:
    progress, problem = load_progress()
    assert problem is None
    trainer = PuzzleCoach(load_puzzles(), progress, player, 0)
    return trainer, Announcer(Perspective(you=trainer.side, trainer=True), verbosity)


def wrong_move(puzzle: Puzzle) -> int:
    return next(pit for pit in puzzle.position.legal_moves() if pit != puzzle.answer)


def test_a_wrong_answer_says_what_it_does_and_the_reply_then_the_right_one_moves_on() -> None:
    trainer, announcer = coach()
    puzzle = trainer.puzzle
    wrong = wrong_move(puzzle)
    said = trainer.answer(announcer, wrong)
    assert said.wrong
    assert said.text.startswith("Not the best move. Your pit ")
    _after, report = play_move(puzzle.position, wrong)
    if report.outcome is None:
        reply = puzzle.replies[wrong]
        assert f"Best reply: the opponent's pit {reply}, " in said.text
    assert "Puzzle rating 1180 (-20); streak 0." in said.text and said.text.endswith("Try again.")
    assert trainer.puzzle == puzzle  # the same puzzle, to try again
    said = trainer.answer(announcer, puzzle.answer)
    assert not said.wrong
    assert said.text.startswith(f"Right, the best move. Your pit {puzzle.answer}: ")
    assert "rating" not in said.text.split("Puzzle ")[0]  # a second try changes no rating
    assert trainer.puzzle != puzzle and f"Puzzle {trainer.puzzle.number}: a position from " in said.text
    saved = load_progress()[0].players[""]
    assert (saved.rating, saved.streak, saved.solved, saved.tried, saved.seen) == (1180, 0, 0, 1, [puzzle.number])


def test_two_wrong_answers_give_the_answer_and_the_next_puzzle() -> None:
    trainer, announcer = coach()
    puzzle = trainer.puzzle
    trainer.answer(announcer, wrong_move(puzzle))
    said = trainer.answer(announcer, wrong_move(puzzle))
    assert said.wrong and f"The best move was pit {puzzle.answer}." in said.text
    assert trainer.puzzle != puzzle


def test_the_streak_grows_with_each_puzzle_solved_at_the_first_try_and_is_kept_per_player() -> None:
    trainer, announcer = coach(player="Aigerim")
    for count in range(1, 4):
        said = trainer.answer(announcer, trainer.puzzle.answer)
        assert f"streak {count}." in said.text
    assert load_progress()[0].players["Aigerim"].streak == 3
    other, _announcer = coach(player="Bolat")
    assert other.score.streak == 0 and other.score.rating == START_RATING


def test_skip_says_the_answer_and_ends_the_streak_without_touching_the_rating() -> None:
    trainer, announcer = coach()
    trainer.answer(announcer, trainer.puzzle.answer)
    puzzle = trainer.puzzle
    rating = trainer.score.rating
    text = trainer.skip(announcer)
    assert text.startswith(f"Skipped. The best move was pit {puzzle.answer}.")
    assert trainer.score.streak == 0 and trainer.score.rating == rating


def test_the_theme_is_said_on_request() -> None:
    trainer, announcer = coach()
    words = {"capture": "a capture", "tuzdyk": "making a tuzdyk", "defence": "saving a pile",
             "ending": "winning the ending"}
    assert trainer.theme(announcer) == f"The theme: {words[trainer.puzzle.theme]}."


def test_the_why_of_every_defence_and_ending_is_said_with_the_rules_figures() -> None:
    trainer, announcer = coach()
    for puzzle in load_puzzles():
        if puzzle.theme not in ("defence", "ending"):
            continue
        trainer.puzzle = puzzle
        trainer.side = puzzle.position.to_move
        announcer.perspective = Perspective(you=trainer.side, trainer=True)
        said = trainer.answer(announcer, puzzle.answer).text
        if puzzle.theme == "ending":
            assert "It wins the ending, whatever the opponent does." in said
        else:
            after, _report = play_move(puzzle.position, puzzle.answer)
            threat, left = most_threatened(puzzle.position), best_gain(after)
            assert threat >= PILE and left * 2 <= threat
            assert f"before it the opponent could take {threat} at once, after it at most {left}." in said


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_brief_puzzle_words_fit_a_40_cell_braille_line(language: str) -> None:
    set_language(language)
    try:
        trainer, announcer = coach("brief")
        for _turn in range(40):
            puzzle = trainer.puzzle
            texts = [trainer.words(announcer), trainer.theme(announcer)]
            texts.append(trainer.answer(announcer, wrong_move(puzzle)).text)
            texts.append(trainer.answer(announcer, puzzle.answer).text)
            texts.append(trainer.skip(announcer))
            for text in texts:
                for line in text.splitlines():
                    assert len(line) <= 40, (language, line)
    finally:
        set_language("en")


def test_puzzles_as_a_player_meets_them_one_wrong_answer_then_the_right_one(tmp_path: Path) -> None:
    import subprocess

    first = next_puzzle(load_puzzles(), START_RATING, frozenset(), 0, 0)
    wrong = wrong_move(first)
    result = subprocess.run([*toguz_command(), "puzzles", "--line", "--speech", "off", "--screen-reader"],
                            input=f"hint\n{wrong}\n{first.answer}\nclose\nquit\n", capture_output=True, text=True,
                            timeout=120, env=environment(tmp_path))
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    side = "White" if first.position.to_move is Side.WHITE else "Black"
    assert lines[0].startswith(f"Puzzle {first.number}: a position from ")
    assert f"You play {side}; find the best move." in lines[0] and lines[0].endswith("Your puzzle rating is 1200.")
    assert lines[1].startswith("The theme: ")
    assert lines[2].startswith(f"Not the best move. Your pit {wrong}: ") and lines[2].endswith("Try again.")
    assert lines[3].startswith(f"Right, the best move. Your pit {first.answer}: ")
    assert "Puzzle " in lines[3]  # the next puzzle follows
    assert lines[4].startswith("You left the puzzles. Puzzles: 0 of 1 solved at the first try; rating 1180;")
    assert lines[4].endswith("Move 1: your turn.")
    data = json.loads(progress_path().read_text(encoding="utf-8")) if progress_path().exists() else \
        json.loads((tmp_path / "data" / "training.json").read_text(encoding="utf-8"))
    assert data["players"][""]["rating"] == 1180


def test_a_broken_progress_file_is_kept_aside_and_training_starts_afresh(tmp_path: Path) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"version": 1, "players": {"x": {"rating": 99999}}}', encoding="utf-8")
    progress, problem = load_progress()
    assert progress == Progress()
    assert problem is not None and problem.startswith("Your training progress could not be read (rating is not")
    assert "The old file was kept as training.broken-" in problem
    assert not path.exists() and len(list(path.parent.glob("training.broken-*.json"))) == 1


def test_asking_for_the_puzzle_again_does_not_rate_it_again() -> None:
    trainer, announcer = coach()
    puzzle = trainer.puzzle
    trainer.answer(announcer, wrong_move(puzzle))
    trainer.open()  # "puzzle": the same puzzle said again, its tries kept
    trainer.open(puzzle.number)
    said = trainer.answer(announcer, puzzle.answer)
    assert "rating" not in said.text.split(f"Puzzle {trainer.puzzle.number}:")[0].lower()
    assert (trainer.score.rating, trainer.score.tried, trainer.score.solved) == (1180, 1, 0)
    trainer.open(puzzle.number)  # chosen again by its number: seen, so not rated again
    said = trainer.answer(announcer, puzzle.answer)
    assert (trainer.score.rating, trainer.score.tried, trainer.score.streak) == (1180, 1, 0)


def test_when_every_puzzle_was_seen_they_come_round_in_a_new_order() -> None:
    puzzles = load_puzzles()
    seen = frozenset(puzzle.number for puzzle in puzzles)
    picked = [next_puzzle(puzzles, START_RATING, seen, 0, turn).number for turn in range(800, 820)]
    assert len(set(picked)) > 10


def test_the_progress_file_keeps_the_fifty_players_seen_last_and_stays_readable() -> None:
    progress = load_progress()[0]
    for number in range(60):
        progress.player(f"pupil{number}").tried = number + 1
    progress.player("pupil5")  # seen again: kept
    from toguz_tui.training.progress import MOST_PLAYERS, save_progress

    assert save_progress(progress) is None
    again, problem = load_progress()
    assert problem is None and len(again.players) == MOST_PLAYERS
    assert "pupil5" in again.players and "pupil59" in again.players and "pupil10" not in again.players


def test_puzzles_in_a_second_toguz_say_the_game_is_open_elsewhere_and_still_open(tmp_path: Path) -> None:
    import subprocess
    import time

    from toguz_tui.cli import play_parser
    from toguz_tui.start.launch import build_session
    from toguz_tui.start.start_options import StartOptions

    holder = subprocess.Popen([*toguz_command(), "play", "--line", "--opponent", "human", "--speech", "off"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=environment(tmp_path))
    try:
        assert holder.stdout is not None
        holder.stdout.readline()  # its game has started: it holds the game in progress
        time.sleep(0.2)
        session = build_session(StartOptions.parsed(play_parser().parse_args(["--line", "--speech", "off"]), "puzzles"))
        replies = session.output.stream.said
        try:
            texts = [reply.text for reply in replies]
            assert texts[0].startswith("The game in progress is open in another toguz; this game will not be saved")
            assert texts[1].startswith("Puzzle ") and training(session) is not None and reviewing(session) is None
        finally:
            session.close()
    finally:
        holder.communicate("quit\n", timeout=60)
