"""The lessons: every step played with the rules (its answer legal and doing what its words say), the
words in the message catalogue, the coach's answers, saved progress, and lesson 1 in the line mode
as a newcomer meets it: one wrong answer (what it does and the hint), then the right one."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from rules import Side
from rules.move import play_move
from speech.words.announce import Announcer, Perspective
from tests.toguz_tui.conftest import environment, toguz_command
from tests.toguz_tui.training.lesson_rules import problems
from toguz_tui.training.coach import LessonCoach
from toguz_tui.training.lessons import LESSON_DIR, WORDS, Lesson, LessonFileError, load_lessons, read_lesson
from toguz_tui.training.progress import load_progress

ROOT = Path(__file__).resolve().parents[3]
TOPICS = ("board", "sowing", "captures", "tuzdyk", "into-tuzdyk", "majority", "no-moves", "bestemshe", "kozdatu")


def test_about_ten_lessons_cover_every_topic_the_newcomer_needs() -> None:
    lessons = load_lessons()
    assert 9 <= len(lessons) <= 14
    keys = [lesson.key for lesson in lessons]
    assert set(TOPICS) <= set(keys), keys
    assert all(2 <= len(lesson.steps) <= 6 for lesson in lessons)
    variants = {step.position.variant.pits for lesson in lessons for step in lesson.steps}
    assert variants == {5, 7, 9}  # Bestemshe and Kozdatu are taught on their own boards


@pytest.mark.parametrize("lesson", load_lessons(), ids=lambda lesson: lesson.key)
def test_every_step_is_played_with_the_rules_and_does_what_its_words_say(lesson: Lesson) -> None:
    for number, step in enumerate(lesson.steps, 1):
        assert problems(step) == [], (lesson.key, number)
        for pit in step.answer if step.task == "move" else (step.pit,):
            play_move(step.position, pit)  # legal (raises otherwise)
        assert step.position.to_move is Side.WHITE


def test_every_word_of_the_lessons_is_in_the_message_catalogue() -> None:
    catalogue = (ROOT / "speech" / "locale" / "toguz.pot").read_text(encoding="utf-8")
    joined = catalogue.replace('"\n"', "")
    for lesson in load_lessons():
        for text in (lesson.title, lesson.goal, *(getattr(step, name) for step in lesson.steps
                                                  for name in WORDS if name not in ("title", "goal"))):
            assert f'msgid "{text}"' in joined, text


def test_a_broken_lesson_file_names_the_file_and_the_fault(tmp_path: Path) -> None:
    good = (LESSON_DIR / "01-board.toml").read_text(encoding="utf-8")
    for broken, fault in ((good.replace("answer = 1\n", "answer = 12\n", 1), "answer"),
                          (good.replace('task = "move"', 'task = "dance"', 1), "task"),
                          (good.replace("sown = 9", "sown = 9, colour = 1", 1), "expect"),
                          ("key = [", "")):
        path = tmp_path / "99-broken.toml"
        path.write_text(broken, encoding="utf-8")
        with pytest.raises(LessonFileError, match=r"99-broken\.toml") as caught:
            read_lesson(path, 99)
        assert fault in str(caught.value)


def announcer() -> Announcer:
    return Announcer(Perspective(you=Side.WHITE, trainer=True), "normal")


def test_a_wrong_move_says_what_it_does_and_the_hint_then_the_answer_after_the_second() -> None:
    coach = LessonCoach(load_lessons(), load_progress()[0])
    coach.open(1)
    step = coach.step
    said = coach.answer(announcer(), 2)
    assert said.wrong
    assert said.text == ("Your pit 2: 9 stones, the last lands in the opponent's pit 1, captures 10. Not this one. "
                         f"{step.hint} Try again.")
    said = coach.answer(announcer(), 3)
    assert said.wrong and "The answer is pit 1. You sow 9 stones from pit 1;" in said.text
    assert coach.step_index == 1 and said.text.endswith(coach.lesson.steps[1].say)


def test_an_empty_pit_is_not_a_try() -> None:
    coach = LessonCoach(load_lessons(), load_progress()[0])
    coach.open(1)
    coach.answer(announcer(), 1)  # step 2: pit 2 is empty
    said = coach.answer(announcer(), 2)
    assert said.wrong and "empty" in said.text
    assert coach.tries == 0


def test_progress_is_saved_after_every_step_and_taken_up_again() -> None:
    coach = LessonCoach(load_lessons(), load_progress()[0])
    coach.open(2)
    first = coach.step
    coach.answer(announcer(), first.answer[0])
    again = LessonCoach(load_lessons(), load_progress()[0])
    assert (again.lesson.number, again.step_index) == (2, 1)
    assert again.open().startswith(f"Lesson 2 of {len(load_lessons())}: ")


def test_lessons_are_listed_repeated_and_skipped() -> None:
    lessons = load_lessons()
    coach = LessonCoach(lessons, load_progress()[0])
    coach.open(1)
    for step in lessons[0].steps:
        coach.answer(announcer(), step.answer[0])
    text = coach.skip()  # lesson 2 is skipped
    assert text.startswith("Lesson 2 skipped. Lesson 3 of ")
    listing = coach.listing()
    assert "1. The board (done)" in listing and "(skipped)" in listing and "(not done yet)" in listing
    assert coach.open(1).startswith(f"Lesson 1 of {len(lessons)}: The board")  # repeated from its start
    assert coach.step_index == 0


def test_the_last_lesson_done_says_so_and_names_any_left(tmp_path: Path) -> None:
    lessons = load_lessons()
    coach = LessonCoach(lessons, load_progress()[0])
    coach.open(len(lessons))
    for step in lessons[-1].steps:
        said = coach.answer(announcer(), step.answer[0])
    assert "That was the last lesson. Lessons not done yet: 1, 2" in said.text
    assert coach.answer(announcer(), 1).text.startswith("There is no lesson under way.")


def test_lesson_one_in_the_line_mode_with_one_wrong_answer(tmp_path: Path) -> None:
    steps = load_lessons()[0].steps
    answers = "\n".join(str(step.answer[0]) for step in steps[1:])
    result = subprocess.run([*toguz_command(), "learn", "--line", "--speech", "off", "--screen-reader"],
                            input=f"2\n1\nm\n{answers}\nlessons\nclose\nquit\n", capture_output=True, text=True,
                            timeout=120, env=environment(tmp_path))
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"Lesson 1 of {len(load_lessons())}: The board: the two rows")
    assert "Step 1 of 4." in lines[0]
    assert lines[1].startswith("Your pit 2: 9 stones, the last lands in the opponent's pit 1, captures 10. "
                               "Not this one. Your pit 1 is the first pit on your left.")
    assert lines[2].startswith("Right. You sow 9 stones from pit 1; the last stone falls into your pit 9")
    assert "Step 2 of 4." in lines[2]
    assert lines[3] == "Your row from pit 1: 4 0 7, 2 12 1, 3 5 6."  # questions answer about the lesson's board
    assert all(line.startswith("Right.") for line in lines[4:7])
    assert "Lesson 1 done: The board. Lesson 2 of " in lines[6]
    assert lines[7].startswith("Lessons: 1. The board (done); 2. ")
    assert lines[8].startswith("You left the lesson; your progress is kept. Back to your game.")
    again = subprocess.run([*toguz_command(), "learn", "--line", "--speech", "off", "--screen-reader"],
                           input="quit\n", capture_output=True, text=True, timeout=120, env=environment(tmp_path))
    assert again.stdout.startswith(f"Lesson 2 of {len(load_lessons())}: ")  # taken up where it was left


def test_toguz_learn_keeps_the_game_in_progress_waiting_and_offers_no_resume_over_the_lesson(tmp_path: Path) -> None:
    from toguz_tui.cli import play_parser
    from toguz_tui.start.launch import build_session
    from toguz_tui.start.start_options import StartOptions

    subprocess.run([*toguz_command(), "play", "--line", "--opponent", "human", "--speech", "off"], input="7\nquit\n",
                   capture_output=True, text=True, timeout=120, env=environment(tmp_path), check=True)
    session = build_session(StartOptions.parsed(play_parser().parse_args(["--line", "--speech", "off"]), "learn"))
    replies = session.output.stream.said
    try:
        assert not session.resumed  # the board would otherwise ask over the lesson whether to resume
        assert session.game.moves == (7,)
        assert [reply.text[:9] for reply in replies] == ["Lesson 1 "]
        assert session.quit().text == "Goodbye. Your game is saved and will be offered next time."
    finally:
        session.close()


def test_a_skip_after_a_wrong_answer_leaves_the_next_lesson_its_hint() -> None:
    coach = LessonCoach(load_lessons(), load_progress()[0])
    coach.open(1)
    coach.answer(announcer(), 2)
    coach.skip()
    wrong = next(pit for pit in coach.step.position.legal_moves() if pit not in coach.step.answer) \
        if coach.step.task == "move" else coach.step.answer[0] % coach.step.position.variant.pits + 1
    said = coach.answer(announcer(), wrong)
    assert said.wrong and said.text.endswith("Try again.") and "The answer is" not in said.text


def test_toguz_learn_refuses_open_and_fen_in_one_line(tmp_path: Path) -> None:
    result = subprocess.run([*toguz_command(), "learn", "--open", "games.pgn"], capture_output=True, text=True,
                            timeout=60, env=environment(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip().endswith(
        "--open and --fen start a game; toguz learn and toguz puzzles do not take them")
    assert "Traceback" not in result.stderr
