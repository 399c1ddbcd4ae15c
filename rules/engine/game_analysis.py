"""The engine's verdict on every move of a game: what each cost, what was better, how the game went.

The position before each move is analysed by the strongest level for a node budget
(``ANALYSIS_NODES``), every legal pit scored in the one search, so the move played and the best move are
compared at the same depth; a budget, not a time, so that the verdicts are the same on every machine
(about a tenth of a second a move with the compiled search). A move's cost is the stones it gave up
against the best, scores held within ``CHART_LIMIT`` so that a won game let go counts as the most a
move can cost; a proven win let go and a proven loss walked into are marked as such. The advantage after
each move (White's, in stones) is the next position's best score, and the last one is the result when
the game ended on the board. An analysis can be partial (stopped, to be resumed): ``verdicts`` covers
the first moves, and ``final`` is None until the position after the last move is scored.

``GameAnalysis.to_json`` and ``from_json`` keep it, the second checking every field and bounding every
number (the file is on the user's disk).
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.engine.book import masters_moves
from rules.engine.engine import WIN, Engine, is_proven
from rules.game import Game
from rules.move import play_move
from rules.position import Position
from rules.variant import BLACK, WHITE, Side

ANALYSIS_NODES = 400_000  # a search's budget for each position (some 0.1 s with the compiled search)
MISTAKE_STONES = 3.0  # a move that gives up this much against the best is a mistake
NEAR_BEST = 1.0  # a move this close to the best is as good (a mistake's puzzle accepts it)
CHART_LIMIT = 30.0  # scores are held within this many stones (a proven win counts as this)
LEAD_STONES = 3.0  # an advantage of this much is a lead; less is an even game
FORMAT = 2  # the stored analysis's format
ENGINE = 1  # the engine's mark in a kept analysis: raise it when the search or its evaluation changes
MOST_PLIES = 5000  # an analysis read from disk has at most this many moves (as a saved game)


def held(score: float) -> float:
    """``score`` held within ``CHART_LIMIT`` (a proven win or loss at the limit)."""
    return max(-CHART_LIMIT, min(CHART_LIMIT, score))


@dataclass(frozen=True, slots=True)
class MoveVerdict:
    """One move: who played which pit, the best pit and both scores (stones for the mover), whether
    the move made a tuzdyk, the pit whose move would have made one when the best move did and this one did
    not (else None), the stones the move captured, whether masters played it there (the opening book:
    such a move costs nothing, whatever the search says), and the pits that scored within ``NEAR_BEST``
    of the best (the best among them)."""

    mover: Side
    pit: int
    best: int
    best_score: float
    score: float
    tuzdyk_made: bool
    tuzdyk_missed: int | None
    captured: int
    book: bool = False
    near: tuple[int, ...] = ()

    @property
    def cost(self) -> float:
        """The stones given up against the best move (0 when the best, or a masters' move, was played)."""
        if self.book:
            return 0.0
        return max(0.0, held(self.best_score) - held(self.score))

    @property
    def missed_win(self) -> bool:
        """The best move won by force and this one does not."""
        return not self.book and _won(self.best_score) and not _won(self.score)

    @property
    def walked_into_loss(self) -> bool:
        """This move loses by force and the best one did not."""
        return not self.book and _won(-self.score) and not _won(-self.best_score)

    @property
    def mistake(self) -> bool:
        """The move gave up ``MISTAKE_STONES`` or more, or a won game, or walked into a lost one."""
        return self.cost >= MISTAKE_STONES or self.missed_win or self.walked_into_loss


def verdict_on(engine: Engine, position: Position, pit: int, nodes: int = ANALYSIS_NODES) -> MoveVerdict:
    """The verdict on playing ``pit`` in ``position`` (not over; ``pit`` legal there)."""
    scores = engine.analyse(position, nodes=nodes)
    best = scores[0]
    played = next(item for item in scores if item.pit == pit)
    _, report = play_move(position, pit)
    missed = None
    if report.tuzdyk_made is None and best.pit != pit and play_move(position, best.pit)[1].tuzdyk_made is not None:
        missed = best.pit
    near = tuple(sorted(item.pit for item in scores if held(best.score) - held(item.score) < NEAR_BEST
                        and not (_won(best.score) and not _won(item.score))))
    return MoveVerdict(position.to_move, pit, best.pit, best.score, played.score, report.tuzdyk_made is not None,
                       missed, report.captured, pit in masters_moves(position), near)


def position_score(engine: Engine, game: Game, nodes: int = ANALYSIS_NODES) -> float:
    """White's advantage in the game's position now: its result when over, else the best move's score."""
    outcome = game.outcome
    if outcome is not None:
        return 0.0 if outcome.winner is None else (CHART_LIMIT if outcome.winner == WHITE else -CHART_LIMIT)
    best = engine.analyse(game.position, nodes=nodes)[0].score
    return held(best if game.position.to_move == WHITE else -best)


def game_key(game: Game) -> str:
    """A name for the game's moves from its start (and its rules): the same game, the same key."""
    text = f"{game.variant!r}|{game.start_position.fen()}|{','.join(map(str, game.moves))}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """The verdicts on a game's first moves (all of them when complete) and, once the position after the
    last move is scored, White's advantage there (``final``)."""

    key: str
    plies: int
    verdicts: tuple[MoveVerdict, ...] = ()
    final: float | None = None
    nodes: int = ANALYSIS_NODES  # each search's budget: verdicts of another budget are not mixed in

    @property
    def complete(self) -> bool:
        """Every move judged and the last position scored."""
        return len(self.verdicts) == self.plies and self.final is not None

    def scores(self) -> list[float]:
        """White's score (stones, held) in each position judged, then after the last move when known. The
        side to move usually has a capture in hand, so these swing with the move: see ``advantage``."""
        points = [held(v.best_score if v.mover == WHITE else -v.best_score) for v in self.verdicts]
        if self.final is not None:
            points.append(self.final)
        return points

    def advantage(self) -> list[float]:
        """White's advantage after each move whose next position is scored: the mean of the scores before
        and after it, so that the stones the side to move has in hand count half for each side."""
        points = self.scores()
        return [(before + after) / 2 for before, after in itertools.pairwise(points)]

    def after(self, verdict: MoveVerdict | None, final: float | None = None) -> GameAnalysis:
        """This analysis with one more verdict (or the final score)."""
        verdicts = self.verdicts if verdict is None else (*self.verdicts, verdict)
        return GameAnalysis(self.key, self.plies, verdicts, final if final is not None else self.final, self.nodes)

    def by(self, side: Side) -> list[tuple[int, MoveVerdict]]:
        """The plies (from 0) and verdicts of ``side``'s moves."""
        return [(ply, verdict) for ply, verdict in enumerate(self.verdicts) if verdict.mover == side]

    def worst(self, side: Side, count: int = 3) -> list[tuple[int, MoveVerdict]]:
        """``side``'s mistakes, costliest first (the earlier first among equals), at most ``count``."""
        found = [(ply, verdict) for ply, verdict in self.by(side) if verdict.mistake]
        return sorted(found, key=lambda item: (-item[1].cost, item[0]))[:count]

    def average_cost(self, side: Side) -> float:
        """The stones ``side`` gave up a move on average against the best (0 without moves)."""
        moves = self.by(side)
        return sum(verdict.cost for _, verdict in moves) / len(moves) if moves else 0.0

    def lead_before(self, ply: int) -> float:
        """The advantage of the side that plays move ``ply`` (from 0) just before it: after the move before
        (see ``advantage``), or the first position's score for the first move."""
        points = self.advantage()
        white = points[ply - 1] if 0 < ply <= len(points) else self.scores()[0] if self.verdicts else 0.0
        return white if self.verdicts[ply].mover == WHITE else -white

    def leaders(self) -> list[Side | None]:
        """Who leads (by ``LEAD_STONES`` or more) after each move of ``advantage``; None: even, or still in the
        masters' opening (where the search's guesses swing most)."""
        return [None if verdict.book else WHITE if point >= LEAD_STONES else BLACK if point <= -LEAD_STONES else None
                for point, verdict in zip(self.advantage(), self.verdicts, strict=False)]

    def turns(self) -> list[tuple[int, Side]]:
        """The plies (from 0) whose moves gave the lead to the other side than the last to lead, with the new
        leader: the game's turning points."""
        turns: list[tuple[int, Side]] = []
        last: Side | None = None
        for ply, leader in enumerate(self.leaders()):
            if leader is not None and leader != last:
                if last is not None:
                    turns.append((ply, leader))
                last = leader
        return turns

    def first_lead(self) -> tuple[int, Side] | None:
        """The first move (ply from 0) after which a side led, and that side; None: always even."""
        for ply, leader in enumerate(self.leaders()):
            if leader is not None:
                return ply, leader
        return None

    def to_json(self) -> str:
        """The analysis as text to keep."""
        return json.dumps(self.to_data(), separators=(",", ":"))

    def to_data(self) -> dict[str, Any]:
        """The analysis as plain data (for JSON)."""
        return {"format": FORMAT, "engine": ENGINE, "nodes": self.nodes, "key": self.key, "plies": self.plies,
                "final": self.final,
                "verdicts": [[v.mover.key, v.pit, v.best, round(v.best_score, 2), round(v.score, 2), v.tuzdyk_made,
                              v.tuzdyk_missed, v.captured, v.book, list(v.near)] for v in self.verdicts]}

    @classmethod
    def from_json(cls, text: str) -> GameAnalysis:
        """The analysis kept in ``text``; ``ValueError`` saying what is wrong when it is not one."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"not JSON ({error.msg})") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: Any) -> GameAnalysis:
        """The analysis in plain ``data`` (``to_data``'s); ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("engine") != ENGINE:
            raise ValueError("not a toguz analysis of this format and engine")
        nodes = data.get("nodes")
        if not isinstance(nodes, int) or not _whole(nodes, 1, 10**9):
            raise ValueError("its node budget is wrong")
        key, plies, final, rows = data.get("key"), data.get("plies"), data.get("final"), data.get("verdicts")
        if not isinstance(key, str) or len(key) != 32 or not all(char in "0123456789abcdef" for char in key):
            raise ValueError("its key is not a game key")
        if not isinstance(plies, int) or not _whole(plies, 0, MOST_PLIES) or not isinstance(rows, list) \
                or len(rows) > plies:
            raise ValueError("its number of moves is wrong")
        if final is not None and not _number(final, CHART_LIMIT):
            raise ValueError("its final score is wrong")
        return cls(key, plies, tuple(_verdict(row, index) for index, row in enumerate(rows)),
                   None if final is None else float(final), nodes)


def _won(score: float) -> bool:
    """A proven win for the side whose score it is."""
    return is_proven(score) and score > 0


def _whole(value: Any, lowest: int, highest: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lowest <= value <= highest


def _number(value: Any, limit: float) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and -limit <= value <= limit


def _verdict(row: Any, index: int) -> MoveVerdict:
    """One kept verdict, checked."""
    if not isinstance(row, list) or len(row) != 10:
        raise ValueError(f"move {index + 1} is not a verdict")
    side, pit, best, best_score, score, made, missed, captured, book, near = row
    sides = {each.key: each for each in Side}
    if side not in sides or not _whole(pit, 1, 9) or not _whole(best, 1, 9):
        raise ValueError(f"move {index + 1} has a wrong side or pit")
    if not _number(best_score, WIN) or not _number(score, WIN) or not isinstance(made, bool):
        raise ValueError(f"move {index + 1} has a wrong score")
    if not (missed is None or _whole(missed, 1, 9)) or not _whole(captured, 0, 200) or not isinstance(book, bool):
        raise ValueError(f"move {index + 1} has a wrong tuzdyk, capture or book mark")
    if not isinstance(near, list) or len(near) > 9 or not all(_whole(item, 1, 9) for item in near):
        raise ValueError(f"move {index + 1} has wrong good moves")
    return MoveVerdict(sides[side], pit, best, float(best_score), float(score), made,
                       missed, captured, book, tuple(near))


def analyse_game(game: Game, engine: Engine | None = None, nodes: int = ANALYSIS_NODES,
                 start: GameAnalysis | None = None, pits: Sequence[int] | None = None) -> GameAnalysis:
    """The whole analysis of ``game`` in one go (tools and tests; the program's is ``step`` by step)."""
    engine = engine or analysis_engine()
    analysis = start or GameAnalysis(game_key(game), len(game.moves), nodes=nodes)
    while not analysis.complete:
        analysis = step(game, analysis, engine, nodes)
    return analysis


def analysis_engine() -> Engine:
    """The engine the analyses use: the strongest level, its node budget fixed, no opening book."""
    return Engine(level=8, seed=0, book=False, reproducible=True)


def step(game: Game, analysis: GameAnalysis, engine: Engine, nodes: int = ANALYSIS_NODES) -> GameAnalysis:
    """``analysis`` of ``game`` one search further: the next move's verdict, or the final score."""
    done = len(analysis.verdicts)
    if done < analysis.plies:
        replay = Game(game.variant, game.start_position)
        for pit in game.moves[:done]:
            replay.play(pit)
        return analysis.after(verdict_on(engine, replay.position, game.moves[done], nodes))
    return analysis.after(None, position_score(engine, game, nodes))
