"""``mistakes``: the player's own worst moves, from the accounts of their games, played again as puzzles.

Every move of the player's own (the sides in ``KeptAccount.yours``) that the analysis calls a mistake
becomes a position to answer: the position before it, played by the same side. A pit the engine
scored within a stone of the best (``MoveVerdict.near``) is right; the pit played in the game is
refused (it is not a new answer); another pit is wrong: a hint first, the answer at the second. Right at
the first try twice, a mistake is retired. The streak and the retirements are kept apart from the
puzzle rating (``mistake_record``).

The costliest are chosen from the index of the accounts (``toguz_tui.files.account_index``), which knows each
mistake's game, move and cost without reading the accounts; each is read from its own account, checked
against the game, when its turn comes.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

from rules import Game, Position, Side
from rules.engine.game_analysis import MoveVerdict
from rules.move import play_move
from speech.words import phrases
from speech.words.announce import Announcer
from speech.words.i18n import _, n_, p_
from toguz_tui.files.account_index import Entry
from toguz_tui.files.kept_accounts import KeptAccount, load_account
from toguz_tui.training.coach import TRIES, Coach, Said, brief_row, sentences, side_words
from toguz_tui.training.mistake_record import MistakeRecord, save_record
from toguz_tui.training.progress import Progress
from toguz_tui.training.puzzles import best_gain

MOST_MISTAKES = 200  # the costliest this many are offered at once
NAME_LENGTH = 60  # an opponent's name is said up to this many characters (as long as a name toguz keeps)
DATE_LENGTH = 20  # a game's date, likewise


@dataclass(frozen=True)
class Mistake:
    """One of the player's mistakes: where it is from, the position before it, and the engine's verdict."""

    key: str  # the game's key and the ply: what the record counts the right answers by
    position: Position
    verdict: MoveVerdict
    move_number: int
    opponent: str  # the other player's name, "" when unknown
    date: str  # the game's date, "" when unknown

    @property
    def accepted(self) -> tuple[int, ...]:
        """The pits that answer it: within a stone of the best (the best alone when none were kept)."""
        legal = self.position.legal_moves()
        return tuple(pit for pit in self.verdict.near if pit in legal) or (self.verdict.best,)


def _known(text: str, longest: int) -> str:
    """A tag's text as the words say it: "" when unknown, else clipped to ``longest`` characters."""
    return "" if not text.strip("?. ") else phrases.clipped(text, longest)


def mistake_at(account: KeptAccount, ply: int) -> Mistake | None:
    """The player's mistake at ``ply`` in ``account`` (checked against the game), or None when there is none."""
    verdicts = account.analysis.verdicts
    if not 0 <= ply < len(verdicts) or verdicts[ply].mover not in account.yours or not verdicts[ply].mistake:
        return None
    verdict, tags = verdicts[ply], dict(account.tags)
    opponent = ""
    if len(account.yours) == 1:
        opponent = _known(tags.get("Black" if account.yours[0] is Side.WHITE else "White", ""), NAME_LENGTH)
    game = Game(account.game.variant, account.game.start_position)
    for pit in account.game.moves[:ply]:
        game.play(pit)
    if game.position.to_move is not verdict.mover or verdict.pit != account.game.moves[ply] \
            or verdict.best not in game.legal_moves():
        return None
    return Mistake(f"{account.analysis.key}:{ply}", game.position, verdict, game.position.move_number, opponent,
                   _known(tags.get("Date", ""), DATE_LENGTH))


@dataclass(frozen=True)
class Lead:
    """A mistake as the index of the accounts knows it: its game's key, its ply and the stones it gave up (the
    order it is offered in); what is offered is read from the account itself (``resolved``)."""

    key: str
    ply: int
    cost: float


def resolved(lead: Lead) -> Mistake | None:
    """The mistake ``lead`` points to, read from its account file; None when the file no longer holds it."""
    account = load_account(lead.key)
    return None if account is None else mistake_at(account, lead.ply)


@dataclass(frozen=True)
class Collected:
    """The mistakes to play again (costliest first), whether any game of the player's was kept, whether any
    mistake in them is retired, and how many of those games are not analysed to their end yet."""

    leads: list[Lead]
    games: bool
    retired: bool
    pending: int = 0


def collect(entries: Iterable[Entry], record: MistakeRecord, last: bool) -> Collected:
    """The mistakes to play again, the costliest first (at most ``MOST_MISTAKES``), from the index's entries
    (newest first): over the newest account with moves of the player's (``last``) or over all of them."""
    heap: list[tuple[float, int, Lead]] = []  # the costliest kept: the cheapest, then the latest, on top
    order = 0  # the newer game, the earlier move first among equal costs
    found = retired = False
    pending = 0
    for entry in entries:
        if not entry.sound or not entry.yours:
            continue
        found = True
        pending += not entry.complete
        for ply, cost in entry.mistakes:
            if record.retired(f"{entry.key}:{ply}"):
                retired = True
                continue
            order += 1
            item = (cost, -order, Lead(entry.key, ply, cost))
            if len(heap) < MOST_MISTAKES:
                heapq.heappush(heap, item)
            else:
                heapq.heappushpop(heap, item)
        if last:
            break
    ordered = [lead for _cost, _order, lead in sorted(heap, key=lambda item: (-item[0], -item[1]))]
    return Collected(ordered, found, retired, pending)


class MistakeCoach(Coach):
    """The player's mistakes, one after another, the costliest first; each read from its account when its turn
    comes (one whose account no longer holds it is passed over)."""

    kind = "mistakes"

    def __init__(self, leads: list[Lead], record: MistakeRecord, last: bool = False) -> None:
        super().__init__(Progress())  # the lessons' and puzzles' progress is not touched
        self.last = last  # the mistakes of the last game only
        self.leads = leads
        self.record = record
        self.index = 0
        self.right = 0  # answered right at the first try, in this sitting
        self.tried = 0
        self._last_problem: str | None = None  # the last save's problem: told once, not again while it lasts
        found = self._found_from(0)
        self.over = found is None
        self._mistake = found
        self.side = found.position.to_move if found is not None else Side.WHITE

    def _found_from(self, index: int) -> Mistake | None:
        """The first mistake from ``leads[index]`` on that its account still holds (the others dropped)."""
        while index < len(self.leads):
            found = resolved(self.leads[index])
            if found is not None:
                return found
            del self.leads[index]
        return None

    @property
    def mistake(self) -> Mistake:
        """The mistake under way (the last one once all were answered)."""
        assert self._mistake is not None  # a coach with none is over before it begins
        return self._mistake

    @property
    def position(self) -> Position:
        return self.mistake.position

    def save(self) -> None:
        """Write the answers not written yet (merged with another toguz's, see ``mistake_record``); a
        problem is told once, not again while the same one lasts."""
        if not self.record.unsaved and self.saved:
            return
        problem = save_record(self.record)
        self.saved = problem is None
        if problem != self._last_problem:  # the same one again: told already, or still to be told
            self.save_problem = problem
        self._last_problem = problem

    def status(self) -> str:
        """The mistake and the streak, for the status line."""
        return _("Mistake {number} of {count}, streak {streak}").format(
            number=min(self.index + 1, len(self.leads)), count=len(self.leads), streak=self.record.streak)

    def where(self) -> str:
        """Which game and which move the mistake is from."""
        mistake = self.mistake
        number, opponent, date = mistake.move_number, mistake.opponent, mistake.date
        if opponent and date:
            return _("From your game against {opponent} on {date}, move {number}:").format(
                opponent=opponent, date=date, number=number)
        if opponent:
            return _("From your game against {opponent}, move {number}:").format(opponent=opponent, number=number)
        if date:
            return _("From your game on {date}, move {number}:").format(date=date, number=number)
        return _("From one of your games, move {number}:").format(number=number)

    def _cost(self) -> str:
        """What the move played gave up: "gave up 14 stones", "let a win go"."""
        verdict = self.mistake.verdict
        if verdict.missed_win:
            return _("let a win go")
        if verdict.walked_into_loss:
            return _("walked into a forced loss")
        count = round(verdict.cost)
        return n_("gave up {count} stone", "gave up {count} stones", count).format(count=count)

    def words(self, announcer: Announcer) -> str:
        """The mistake said: where it is from, the board, what was played and what it cost."""
        if self.over:
            return self.nothing_under_way()
        mistake = self.mistake
        position = mistake.position
        if announcer.verbosity == "brief":
            return sentences(announcer, [
                p_("brief", "Mistake, move {number}, you {side}.").format(number=mistake.move_number,
                                                                          side=side_words(position)),
                brief_row(position, self.side, p_("brief", "You:")),
                brief_row(position, self.side.opponent, p_("brief", "Them:")),
                p_("brief", "You played {pit}. Better?").format(pit=mistake.verdict.pit)])
        return " ".join((
            _("Mistake {number} of {count}.").format(number=self.index + 1, count=len(self.leads)),
            self.where(), _("you play {side}.").format(side=side_words(position)), announcer.compact(position),
            _("You played pit {pit} there and {cost}. Find a better move.").format(
                pit=mistake.verdict.pit, cost=self._cost())))

    def task(self, announcer: Announcer) -> str:
        return self.words(announcer)

    @staticmethod
    def nothing_under_way() -> str:
        """Every mistake offered was answered."""
        return _("That was the last of these mistakes. Type mistakes to play the ones not retired again, or close "
                 "to go back to your game.")

    def help_words(self, announcer: Announcer) -> str:
        return self.nothing_under_way() if self.over else self._theme(hint=True)

    def _theme(self, hint: bool) -> str:
        """What makes the better move better, from the rules: a capture, a tuzdyk, stones kept safe."""
        mistake = self.mistake
        position, best = mistake.position, mistake.verdict.best
        after, report = play_move(position, best)
        if report.tuzdyk_made is not None:
            return _("A better move makes a tuzdyk.") if hint else _("The best move makes a tuzdyk.")
        if report.captured > 0:
            text = (n_("A better move captures {count} stone.", "A better move captures {count} stones.",
                       report.captured) if hint else
                    n_("The best move captures {count} stone.", "The best move captures {count} stones.",
                       report.captured))
            return text.format(count=report.captured)
        played_after, _played = play_move(position, mistake.verdict.pit)
        safe, unsafe = best_gain(after), best_gain(played_after)
        if safe < unsafe:
            text = (_("A better move keeps your stones safe: after it the opponent can take at most {safe} at once, "
                      "after yours {unsafe}.") if hint else
                    _("It keeps your stones safe: after it the opponent can take at most {safe} at once, after the "
                      "move you played {unsafe}."))
            return text.format(safe=safe, unsafe=unsafe)
        return _("A better move takes nothing at once: it is about the moves after it.") if hint else ""

    def answer(self, announcer: Announcer, pit: int) -> Said:
        """The player's move: refused when it is the one played in the game; else right or wrong, and why."""
        if self.over:
            return Said(self.nothing_under_way(), wrong=True)
        problem = self.legal_problem(announcer, pit)
        if problem is not None:
            return Said(problem, wrong=True)  # not a try
        mistake = self.mistake
        if pit == mistake.verdict.pit and pit not in mistake.accepted:
            return Said(_("That is the move you played in the game: it {cost}. Try another.").format(
                cost=self._cost()), wrong=True)  # not a try: it is not a new answer
        first = self.tries == 0
        self.tries += 1
        right = pit in mistake.accepted
        if first:
            self.tried += 1
            self.right += 1 if right else 0
            self.record.answered(mistake.key, right)
            self.save()  # now: what is said next (retired, the streak) counts another toguz's answers too
        _after, self.last_report = play_move(mistake.position, pit)
        effects = announcer.effects_of(mistake.position, pit)
        if right:
            best = mistake.verdict.best
            verdict = (_("Right, the engine's best move.") if pit == best else
                       _("Right: as good as the engine's best move, pit {best}.").format(best=best))
            words = [verdict, effects, self._theme(hint=False) if pit == best else "", self._retired(first)]
            return Said(self._and_next(announcer, words))
        if self.tries < TRIES:
            self.save()
            return Said(sentences(announcer, [_("Not better."), effects, self._theme(hint=True), _("Try again."),
                                              self.pending_problem()]), wrong=True)
        return Said(self._and_next(announcer, [_("Not better."), effects, self._given(announcer)]), wrong=True)

    def _given(self, announcer: Announcer) -> str:
        """The answer, given: the best pit, what it does and why."""
        mistake = self.mistake
        best = mistake.verdict.best
        return sentences(announcer, [_("The best move was pit {pit}.").format(pit=best),
                                     announcer.effects_of(mistake.position, best), self._theme(hint=False)])

    def _retired(self, first: bool) -> str:
        """Whether the mistake is retired now, and the streak."""
        streak = _("Mistakes streak {streak}.").format(streak=self.record.streak)
        if not first:
            return streak
        if self.record.retired(self.mistake.key):
            return _("This mistake is retired: answered right twice.") + " " + streak
        return _("Answer it right once more and it is retired.") + " " + streak

    def skip(self, announcer: Announcer) -> str:
        """Leave this mistake (the streak ends unless it was tried): its answer, then the next."""
        if self.over:
            return self.nothing_under_way()
        if self.tries == 0:
            self.record.answered(self.mistake.key, False)  # the streak ends
        return self._and_next(announcer, [_("Skipped."), self._given(announcer)])

    def _and_next(self, announcer: Announcer, words: list[str]) -> str:
        """``words``, then the next mistake said (or that these were all)."""
        self.save()
        problem = self.pending_problem()
        self.tries = 0
        found = self._found_from(self.index + 1)
        if found is not None:
            self.index += 1
            self._mistake = found
            self.side = found.position.to_move
        else:
            self.index = len(self.leads)
            self.over = True
        return sentences(announcer, [*words, problem, self.words(announcer)])

    def summary(self) -> str:
        """This sitting's answers and the streak, in a sentence."""
        return _("Mistakes: {right} of {tried} right at the first try; streak {streak}, best {best}.").format(
            right=self.right, tried=self.tried, streak=self.record.streak, best=self.record.best_streak)
