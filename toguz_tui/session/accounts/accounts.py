"""The accounts of games: the engine's verdict on every move, worked out in a thread of its own and said
when it is done; kept on disk (``toguz_tui.files.kept_accounts``), so that a second ``account`` is instant.

One analysis runs at a time, one search after another (``rules.engine.game_analysis.step``), and between
two it waits while the computer thinks on its move, so it never holds up play. ``account stop`` (or
leaving) stops it and keeps what was done; ``account`` goes on from there. What is said: at the start,
how many moves and about how long; when asked meanwhile, how far it is; every ``PROGRESS_SECONDS`` of a
long one, a progress line; at the end, the account (or, for ``course``, the course as sound and its
turning points). The game is the one looked at: the review's, else the game when it is over.

``account all`` analyses every game of the player's kept but not analysed, one after another, found from
the index of the accounts (``toguz_tui.session.accounts.kept_games``); an ``account`` asked meanwhile goes first
and the line goes on after it. Each game analysed is claimed (a lock ``accounts/claims/KEY.lock``, let go
when its analysis ends or stops, however the program ends), so that two copies of toguz never analyse one
game at once: a game another copy holds is left to it.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Literal

from rules import WHITE, Game, Side
from rules.engine import Engine
from rules.engine.engine import compiled
from rules.engine.game_analysis import ANALYSIS_NODES, GameAnalysis, analysis_engine, game_key, step
from speech.sounds.course import BODY_MS, HOLD_MS, TAIL_MS
from speech.system.locks import FileLock
from speech.words.account import AccountWords
from speech.words.i18n import _, n_
from toguz_tui.files import account_index, kept_accounts, storage
from toguz_tui.session.accounts.account_line import Line, claim_of, elsewhere_words, let_go
from toguz_tui.session.accounts.asked_game import AskedGame, looked_at, people_sides
from toguz_tui.session.accounts.kept_games import KeptGames, Reading, Unreadable, reading_words, unreadable_words
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.output import Output
from toguz_tui.session.port import ReadPort
from toguz_tui.session.thinker import Thinker

PROGRESS_SECONDS = 10.0  # a long analysis says how far it is this often
SAVE_SECONDS = 5.0  # a partial analysis is kept this often
COURSE_SECONDS = (BODY_MS + HOLD_MS + TAIL_MS) / 1000  # the course's sound, then its turning points
WAIT_SECONDS = 0.1  # how often a waiting analysis looks whether the computer has moved
Then = Literal["account", "course", "quiet"]  # what is done when an analysis ends ("quiet": the next in line)


@dataclass
class _Job:
    """One analysis under way."""

    looked: AskedGame
    analysis: GameAnalysis
    words: AccountWords
    then: Then
    listener: Side
    claim: FileLock  # held while it runs (when accounts are kept)
    place: tuple[int, int] | None = None  # its number in ``account all``'s line, and how many are in it
    stop: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
    engine: Engine = field(default_factory=analysis_engine)
    unsaved: bool = False  # a save failed (said once)
    guard: threading.Lock = field(default_factory=threading.Lock)  # over the two below
    stepping: bool = False  # a search is under way
    cut: bool = False  # the computer began to think during it: its verdict is dropped
    finished: threading.Event = field(default_factory=threading.Event)  # the thread is done


class Accounts:
    """The accounts of the games looked at: asked for, worked out, said, kept."""

    def __init__(self, lock: threading.RLock, output: Output, thinker: Thinker, port: ReadPort, persist: bool) -> None:
        self.lock = lock  # the session's
        self.output = output
        self.thinker = thinker  # while the computer thinks, the analysis waits
        self.port = port  # the game looked at, the ``sounds`` setting
        self.persist = persist  # whether accounts are kept on disk
        self.games = KeptGames(output)  # the kept games, looked through for ``account all`` and ``mistakes``
        self.folder = kept_accounts.accounts_dir()  # where (a thread still writing after its session ends writes here)
        self._done: dict[str, kept_accounts.KeptAccount] = {}  # complete ones, by key
        self._job: _Job | None = None
        self.shown: GameAnalysis | None = None  # the last complete analysis said (the board draws its course)
        self.nodes = ANALYSIS_NODES  # each search's budget (tests make it smaller)
        self._ready: kept_accounts.KeptAccount | None = None  # finished while another game was looked at
        self.line = Line()  # the games ``account all`` analyses next

    def _looked(self) -> AskedGame | str:
        """The game an account is asked for now (``toguz_tui.session.accounts.asked_game``), or why there is none."""
        return looked_at(self.port.view, self.port.setup.human, self.port.online)

    def _find(self, key: str) -> kept_accounts.KeptAccount | None:
        """What is known of the game's analysis at this budget: done here, or kept on disk (complete or partial;
        one of another budget, or doubted, with no verdicts)."""
        if key in self._done and self._done[key].analysis.nodes == self.nodes:
            return self._done[key]
        found = kept_accounts.load_account(key, self.folder) if self.persist else None
        if found is not None and found.analysis.nodes != self.nodes:  # its verdicts are not mixed with these
            fresh = GameAnalysis(key, found.analysis.plies, nodes=self.nodes)
            found = kept_accounts.KeptAccount(found.game, found.yours, fresh, found.tags, found.doubted)
        if found is not None and found.analysis.complete:
            self._done[key] = found
        return found

    def _claim(self, key: str) -> FileLock | None:
        """The claim on analysing the game ``key`` (taken when accounts are kept), or None: another toguz holds it."""
        claim = claim_of(self.folder, key)
        return None if self.persist and not claim.take(wait=False) else claim

    def ask(self, then: Then = "account") -> Reply:
        """``account`` (or ``course``): say it now if it is known; else analyse in the background and say it
        when done (and how far it is, when it is under way)."""
        with self.lock:
            looked = self._looked()
            if isinstance(looked, str) and self._ready is not None:  # the game asked about, no longer open
                looked = AskedGame(self._ready.game, self._ready.yours, self._ready.tags)
            if isinstance(looked, str):
                return self.output.error(looked)
            self._ready = None
            words = AccountWords(self.output.announcer)
            listener = self.output.announcer.perspective.you or WHITE
            key = game_key(looked.game)
            found = self._find(key)
            if found is not None and found.analysis.complete:
                return self._deliver(found.analysis, looked.game, words, then, listener, interrupt=True)
            job = self._job
            if job is not None and job.analysis.key == key and not job.stop.is_set():
                job.then, job.words, job.listener = then, words, listener
                return self.output.answer(" ".join((words.progress(len(job.analysis.verdicts), job.analysis.plies),
                                                    _("The rest follows when it is done."))))
            claim = self._claim(key)
            if claim is None:
                return self.output.error(_("Another toguz is analysing this game: type account again when it is "
                                           "done."))
            job = self._job
            self.line.set_aside(job.analysis.key if job is not None and job.place is not None and not job.stop.is_set()
                                else None, key)
            self._stop_job()
            job = self._start(looked, found, words, then, listener, claim)
            return self.output.answer(self._starting_words(job, found is not None and found.doubted))

    def _starting_words(self, job: _Job, doubted: bool) -> str:
        """What is said as ``job`` begins: how many moves and about how long (after why, when the analysis kept
        was ``doubted``), and that ``account all``'s line goes on after it."""
        left = job.analysis.plies - len(job.analysis.verdicts)
        seconds = max(1, round(left * (0.15 if compiled() else 3.0)))
        reports = job.looked.game.reports
        said = [job.words.starting(reports[-1].move_number - reports[0].move_number + 1, seconds,
                                   job.then == "course")]
        if doubted:
            said.insert(0, _("The analysis kept of this game did not agree with its moves: it is made again."))
        if self.line.asked:
            said.append(_("Your other games waiting for their accounts are analysed after it."))
        return " ".join(said)

    def _start(self, looked: AskedGame, found: kept_accounts.KeptAccount | None, words: AccountWords, then: Then,
               listener: Side, claim: FileLock, place: tuple[int, int] | None = None) -> _Job:
        """Analyse ``looked`` in the background from what was ``found`` kept of it."""
        start = found.analysis if found is not None else \
            GameAnalysis(game_key(looked.game), len(looked.game.moves), nodes=self.nodes)
        job = _Job(looked, start, words, then, listener, claim, place)
        job.thread = threading.Thread(target=self._run, args=(job,), name="toguz-account", daemon=True)
        self._job = job
        job.thread.start()
        return job

    def game_over(self, game: Game, human: Side | None) -> None:
        """A game of the player's (``human``'s, or both sides' between two people) ended: kept as waiting for
        its account (``account all`` makes it), so that ``mistakes`` knows of it."""
        yours = people_sides(human)
        if self.persist and game.moves and yours and kept_accounts.load_account(game_key(game), self.folder) is None:
            account_index.keep(kept_accounts.KeptAccount(game, yours, GameAnalysis(game_key(game), len(game.moves),
                                                                          nodes=self.nodes)), self.folder)

    def ask_all(self, interrupt: bool = True) -> Reply:
        """``account all``: analyse, one after another in the background, every game of the player's kept
        but not analysed to its end (those another toguz is analysing left to it)."""
        shelf = self.games.look(self.folder, "account_all", self._after_look)
        if isinstance(shelf, Unreadable):
            return self.output.error(unreadable_words(shelf))
        if isinstance(shelf, Reading):
            return self.output.answer(reading_words(shelf, mistakes=False), interrupt=interrupt)
        waiting = [entry.key for entry in shelf if entry.yours and (not entry.complete or entry.nodes != self.nodes)]
        with self.lock:
            if not waiting:
                return self.output.answer(_("Every game of yours that toguz kept is analysed."), interrupt=interrupt)
            own = self._job.analysis.key if self._job is not None else None  # its claim is this toguz's own
            free = [key for key in waiting if key == own or self._free(key)]
            elsewhere = len(waiting) - len(free)
            if not free:
                return self.output.answer(n_("Another toguz is analysing the {count} game of yours that waits.",
                                             "Another toguz is analysing the {count} games of yours that wait.",
                                             elsewhere).format(count=elsewhere), interrupt=interrupt)
            self._stop_job()
            self.line.begin(free)
            said = [n_("Analysing {count} game of yours in the background, one after another; type account stop "
                       "to stop.",
                       "Analysing {count} games of yours in the background, one after another; type account stop "
                       "to stop.", len(free)).format(count=len(free))]
            if elsewhere:
                said.append(elsewhere_words(elsewhere))
            reply = self.output.answer(" ".join(said), interrupt=interrupt)
            self._next()
            return reply

    def _after_look(self) -> None:
        """The kept games were looked through in the background for ``account all``: it begins."""
        self.ask_all(interrupt=False)

    def _free(self, key: str) -> bool:
        """Whether no other toguz is analysing the game ``key`` now (a claim made only while one is analysed)."""
        if not claim_of(self.folder, key).path.exists():
            return True
        claim = self._claim(key)
        if claim is not None:
            claim.release()
        return claim is not None

    def _next(self) -> None:
        """The next game in ``account all``'s line that is not analysed yet, or that all are done (under the
        lock)."""
        line = self.line
        while line.keys:
            key = line.keys.pop(0)
            claim = self._claim(key)
            if claim is None:  # another toguz took it meanwhile
                line.elsewhere += 1
                continue
            found = self._find(key)
            if found is None or found.analysis.complete:  # gone, or analysed meanwhile
                line.analysed += found is not None
                let_go(claim, found is not None)
                continue
            self._start(AskedGame(found.game, found.yours, found.tags), found, AccountWords(self.output.announcer),
                        "quiet", WHITE, claim, line.place())
            return
        if line.asked:
            words = line.end_words()
            line.end()
            self.output.say(Reply(words), interrupt=False)

    def chart(self) -> GameAnalysis | None:
        """The analysis to draw beside the board: the last one said, when it is of the game looked at."""
        shown = self.shown
        if shown is None:
            return None
        looked = self._looked()
        return shown if isinstance(looked, AskedGame) and game_key(looked.game) == shown.key else None

    def stop(self) -> Reply:
        """``account stop``: stop the analysis under way (and ``account all``'s line), keeping what was done."""
        with self.lock:
            job = self._job
            if job is None or job.stop.is_set():
                return self.output.error(_("No analysis is under way."))
            self._stop_job()
            stopped = self.line.stop_words() if self.line.asked else ""
            self.line.end()
            problem = self._keep(job, once=False)  # now, so that what was done is on disk when it is said
            if problem is not None:
                return self.output.answer(_("Analysis stopped.") + " " + problem)
            said = []
            if job.place is None:
                percent = len(job.analysis.verdicts) * 100 // max(1, job.analysis.plies)
                said.append(_("Analysis stopped at {percent} of the game; type account to go on from there.").format(
                    percent=f"{percent}%"))
            return self.output.answer(" ".join([*said, stopped]).strip())

    def _stop_job(self) -> None:
        job, self._job = self._job, None
        if job is not None:
            job.stop.set()
            job.engine.stop()  # the search under way returns at once (its verdict is dropped)
            job.claim.release()  # its thread's last save cannot go back on another's further one

    def close(self) -> None:
        """Stop the analysis under way (what was done is kept) and the reading of the kept games (what was read
        is in the index), and wait a little for them."""
        self.games.close()
        job = self._job
        self._stop_job()
        if job is not None and job.thread is not None:
            job.thread.join(2.0)

    def _keep(self, job: _Job, once: bool = True) -> str | None:
        """Keep what the job has done; why it could not be kept (``once``: only the first time a job), or
        None."""
        if not self.persist:
            return None
        problem = account_index.keep(kept_accounts.KeptAccount(job.looked.game, job.looked.yours, job.analysis,
                                                      job.looked.tags), self.folder)
        if problem is not None and not (once and job.unsaved):
            job.unsaved = True
            return _("The analysis could not be kept ({reason}): it starts again next time.").format(reason=problem)
        return None

    def _run(self, job: _Job) -> None:
        """The analysis thread: the analysis, kept; then said (or the next game in line), or why it failed."""
        watcher = threading.Thread(target=self._watch, args=(job,), name="toguz-account-watch", daemon=True)
        watcher.start()
        try:
            self._analyse(job)
            self._say_problem(self._keep(job))
        except Exception as error:  # said in a sentence; the details go to the log
            storage.log_failure(error)
            with self.lock:
                if self._job is job:
                    self._job = None  # ``account`` (or ``account all``) starts it again
                    self.line.end()
            self._say_problem(_("The analysis failed: {reason}.").format(reason=error))
            return
        finally:
            let_go(job.claim, job.analysis.complete)
            job.finished.set()
        self._finish(job)

    def _analyse(self, job: _Job) -> None:
        """One search after another, waiting while the computer thinks (a search under way when it begins to
        think is stopped, its verdict dropped, and made again afterwards); kept every ``SAVE_SECONDS``."""
        saved = said = time.monotonic()
        while not job.analysis.complete and not job.stop.is_set():
            if self.thinker.busy:
                job.stop.wait(WAIT_SECONDS)
                continue
            with job.guard:
                job.stepping, job.cut = True, False
            further = step(job.looked.game, job.analysis, job.engine, self.nodes)
            with job.guard:
                job.stepping, cut = False, job.cut
            if job.stop.is_set():
                break  # a search stopped half-way: its verdict is not a whole one
            if cut:
                job.engine = analysis_engine()  # the stop may outlive the search it was meant for
                continue
            job.analysis = further
            now = time.monotonic()
            if now - saved >= SAVE_SECONDS:
                self._say_problem(self._keep(job))
                saved = now
            if now - said >= PROGRESS_SECONDS and not job.analysis.complete and not job.stop.is_set():
                done, plies = len(job.analysis.verdicts), job.analysis.plies
                self.output.say(Reply(job.words.progress(done, plies) if job.place is None else
                                      job.words.line_progress(*job.place, done, plies)), interrupt=False)
                said = now

    def _finish(self, job: _Job) -> None:
        """A job's thread ended: its account said (or said to be ready), and ``account all``'s line goes on."""
        with self.lock:
            if self._job is job:
                self._job = None
            if job.stop.is_set() or not job.analysis.complete:
                return
            done = kept_accounts.KeptAccount(job.looked.game, job.looked.yours, job.analysis, job.looked.tags)
            self._done[job.analysis.key] = done
            self.line.analysed += job.place is not None
            if job.then != "quiet":
                looked = self._looked()
                if isinstance(looked, AskedGame) and game_key(looked.game) == job.analysis.key:
                    self._deliver(job.analysis, job.looked.game, job.words, job.then, job.listener, interrupt=False)
                else:  # another game is looked at now: said when asked for, not over the new game's words
                    self._ready = done
                    self.output.say(Reply(_("The account of the game you asked about is ready: type account to "
                                            "hear it.")), interrupt=False)
            if self.line.asked:
                self._next()

    def _watch(self, job: _Job) -> None:
        """While ``job`` runs: when the computer begins to think, stop the search under way."""
        while not job.finished.wait(WAIT_SECONDS / 2):
            if self.thinker.busy:
                with job.guard:
                    if job.stepping and not job.cut:
                        job.cut = True
                        job.engine.stop()

    def _say_problem(self, problem: str | None) -> None:
        if problem is not None:
            self.output.say(Reply(problem, kind="error"), interrupt=False)

    def _deliver(self, analysis: GameAnalysis, game: Game, words: AccountWords, then: Then, listener: Side,
                 interrupt: bool) -> Reply:
        """Say the account, or play the course and say its turning points."""
        self.shown = analysis
        if then == "account":
            return self.output.say(Reply(words.account(analysis, game.reports)), interrupt)
        points = " ".join(words.course(analysis, game.reports))
        if self.output.sounds.course(analysis, listener):  # the turning points are said after it
            timer = threading.Timer(COURSE_SECONDS, lambda: self.output.say(Reply(points), interrupt=False))
            timer.daemon = True
            timer.start()
            return self.output.say(Reply(_("The course of the game, from the first move on the left to the last on "
                                           "the right; its turning points follow."), spoken=""), interrupt)
        reason = getattr(self.output.sounds.player, "reason", "")  # a silent player says why it is silent
        why = _("The course is played as tones, and they cannot play here: {reason}.").format(reason=reason) \
            if self.port.settings.sounds and reason else \
            _("Sounds are off, and the course is played as tones: type sounds on to hear it.")
        return self.output.say(Reply(f"{why} {points}"), interrupt)
