"""What a lesson step claims, checked with the rules: ``problems(step)`` lists where its ``expect``,
``others`` and ``only`` disagree with what the moves really do (an empty list for a good step)."""

from __future__ import annotations

from typing import Any

from rules import MoveReport, Position
from rules.move import play_move
from toguz_tui.training.lessons import Step, move_of


def facts(report: MoveReport) -> dict[str, Any]:
    """What a move did, as a step's ``expect`` table states it."""
    mover = report.mover
    side = "own" if report.landing_side is mover else "their"
    return {
        "sown": report.sown, "lands": f"{side} {report.landing_pit}", "holds": report.landing_count,
        "captures": report.captured, "tuzdyk": report.tuzdyk_made or 0, "income": report.tuzdyk_income[mover],
        "gives": report.tuzdyk_income[mover.opponent], "kazan": report.kazans[mover],
        "wins": report.outcome is not None and report.outcome.winner is mover,
        "ends": report.outcome is not None,
    }


def does(position: Position, pit: int, what: str, step: Step) -> bool:
    """Whether ``pit`` does ``what`` (an ``only`` word) in ``position``."""
    _after, report = play_move(position, pit)
    if what == "captures":
        return report.captured > 0
    if what == "tuzdyk":
        return report.tuzdyk_made is not None
    if what == "wins":
        return report.outcome is not None and report.outcome.winner is report.mover
    if what == "empties":
        return report.sown == 1
    if what == "lands":
        return bool(facts(report)["lands"] == step.expect["lands"])
    if what == "income":
        return report.tuzdyk_income[report.mover] > 0
    gains = {move: play_move(position, move)[1].kazans[position.to_move] for move in position.legal_moves()}
    return gains[pit] == max(gains.values())


def problems(step: Step) -> list[str]:
    """Where the step's words and the rules disagree."""
    found = []
    position = step.position
    _after, report = play_move(position, move_of(step))
    if step.task == "landing" and step.answer != (report.landing_pit,):
        found.append(f"pit {step.pit}'s last stone lands in pit {report.landing_pit}, not {step.answer}")
    claimed = [(move, step.expect) for move in (step.answer if step.task == "move" else (step.pit,))]
    claimed += list(step.others.items())
    for move, expect in claimed:
        told = facts(play_move(position, move)[1])
        found.extend(f"pit {move}: {name} is {told[name]!r}, not {value!r}"
                     for name, value in expect.items() if told[name] != value)
    if step.only:
        doing = {move for move in position.legal_moves() if does(position, move, step.only, step)}
        if doing != set(step.answer):
            found.append(f"the moves that do '{step.only}' are {sorted(doing)}, the answer {list(step.answer)}")
    return found
