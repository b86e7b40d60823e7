"""The coach every table has: hints for the human's decision, and a review of the human's own decisions.

Both ask the strongest bot there is, the search bot (:class:`games.core.mcts.MCTSBot`), from the human seat's point
of view only: every search deals again what that seat cannot see (``Game.redeal``), so a hint never knows another
seat's secrets. A choice's **chance** is the search's estimate of the seat's share of the win after it (0 to 1);
its **reason** says what the choice does that the learner can check on the board (the seat's own pieces, cards,
money, points: :func:`seat_record`), then what the evaluation (``Game.terms``) sees after the seat's own next choices.
A hint and a review word the same move at the same step alike (:func:`move_words` of :mod:`.coach_words`, seeded
by the step), and a table words its choices and places as its boards do (``Coaching.coach_words``,
``coach_reason``).

* :func:`hints` - the best few choices of the pending decision, highest chance first, each with its chance and
  reason (a decision with one legal choice: that choice, with no chance to weigh).
* :func:`review` - the seat's decisions (or the ``steps`` a table says the learner made) that the search rates far
  below its best choice, each with the better choice and both reasons; a view's "look" button shows the position
  the decision was made in.

A whole game's review screens every decision of the learner's with a search of its own (:data:`REVIEW_PLAYOUTS`
iterations at least; the hint's search is reused where the learner asked one), and compares only the decisions it
doubts with its choice on equal terms, in a longer search whose root may take just those two. Every search has a
fixed count of iterations and a seed, so hints and reviews are the same on any machine; a wall-clock cap
(:data:`REVIEW_SECONDS`) keeps a slow machine's review short and says what it left unchecked.
:class:`Coaching` gives a table the ``coach`` trait and the ``hint``, ``review``, ``coach_cancel`` and
``coach_close`` intents; a review asked from the browser runs in a thread while the table stays usable.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import asdict, dataclass
from typing import Any, Callable, ClassVar, Sequence

import traitlets

from games.core import Action, Game, IllegalAction, Rng
from games.core.mcts import MCTSBot, Rating, rank_rewards

from .coach_words import FOLLOW_THROUGH, MOST_CHANGES, changes, move_words, opened, reason_words, seat_record

#: A hint searches the game's own budget (``Game.search_settings.iterations``: a fixed count of iterations, so the
#: same position gets the same hint on any machine, calibrated per game to stay under a second on one core), in
#: chunks between which the view shows progress.
HINT_CHUNKS = 6
#: A whole review: the iterations every decision of the learner's gets (or the game's own budget, where that is
#: smaller), and how much lower a chance must be to call a decision a mistake. A doubtful decision is compared with
#: the search's choice in a search of the game's own budget (a hint's) whose root may take only those two.
REVIEW_PLAYOUTS, MISTAKE_GAP = 100, 0.12
#: A whole review's wall-clock cap, for a slow machine or a browser (on one core of a laptop a long Catan game's
#: review takes a few seconds: bench/bench_coach.py); the screening may take ``SCREEN_SHARE`` of it, and what the
#: cap leaves unchecked is counted and said.
REVIEW_SECONDS, SCREEN_SHARE = 20.0, 0.7
#: Random plays after a choice in :func:`chance_after` (the bot exercises' quick rating of two choices).
COMPARE_PLAYS = 40


class ReviewCancelled(Exception):
    """The review was cancelled before it finished."""


@dataclass(frozen=True, slots=True)
class Hint:
    """One choice as the search rates it for the seat to decide; ``chance`` ``None``: the decision's only legal
    choice (nothing to weigh)."""

    action: str
    chance: float | None
    visits: int
    reason: str


@dataclass(frozen=True, slots=True)
class Mistake:
    """A decision the search rates far below its best choice: ``step`` is the number of decisions before it (the
    position it was made in is the game after ``step`` decisions); ``reason`` is the better choice's words,
    ``played_reason`` the played one's."""

    step: int
    played: str
    played_chance: float
    best: str
    best_chance: float
    reason: str
    played_reason: str = ""


@dataclass(frozen=True, slots=True)
class Review:
    """A review's findings: the mistakes, how many decisions had a choice to review, and how many the time budget
    left unchecked (not searched, or doubtful and not compared)."""

    mistakes: list[Mistake]
    reviewed: int
    unchecked: int


def search_key(game: Game) -> tuple[Any, ...]:
    """A position by its game and history: where a hint's search is kept for the review to reuse."""
    return (game.game_id, game.seed, repr(game.config), tuple(map(str, game.history)))


def hints(game: Game, seat: int, *, top: int = 3, playouts: int | None = None, chunks: int = HINT_CHUNKS,
          seconds: float | None = None, seed: int = 0, progress: Callable[[float], None] | None = None,
          searches: dict[tuple[Any, ...], list[Rating]] | None = None) -> list[Hint]:
    """The best ``top`` choices of ``seat``'s pending decision, best first (``seat`` must be the one to decide).
    The search makes ``playouts`` iterations (``None``: the game's own budget) in ``chunks``, with an optional
    wall-clock cap of ``seconds``; ``searches``, when given, keeps its ratings for a review (:func:`search_key`)."""
    decision = game.pending()
    if decision is None:
        raise IllegalAction("hint", "the game is over, so there is no decision left to hint at.")
    if decision.player != seat:
        raise IllegalAction("hint", "a hint is for your own decision: it is not yours now.")
    total = playouts or game.search_settings.iterations
    bot = MCTSBot(seed, playouts=1)
    ratings: list[Rating] = []
    stop = None if seconds is None else time.perf_counter() + seconds
    done = 0
    for k in range(chunks):
        bot.playouts = max(1, total * (k + 1) // chunks - done)
        ratings = bot.ratings(game)  # the tree is kept: each chunk searches on
        done += bot.playouts
        last = k + 1 == chunks or done >= total or (stop is not None and time.perf_counter() >= stop)
        if progress is not None:
            progress(1.0 if last else (k + 1) / chunks)
        if last:
            break
    if searches is not None:
        searches[search_key(game)] = ratings
    return listed(game, seat, ratings, top, seed)


def listed(game: Game, seat: int, ratings: Sequence[Rating], top: int, seed: int) -> list[Hint]:
    """The hints a learner reads from the search's ``ratings``: its ``top`` choices (the most searched), highest chance
    first, each with its reason; a decision with one legal choice is that choice with no chance (``None``: there is
    nothing to weigh, and a chance the search never worked out would read as "0 % of a win")."""
    if len(ratings) == 1:
        only = ratings[0].action
        return [Hint(str(only), None, 0, move_words(game, seat, only, seed))]
    best = sorted(ratings[:top], key=lambda r: -r.value)  # stable: equal chances keep the search's order
    return [Hint(str(r.action), round(r.value, 3), r.visits, move_words(game, seat, r.action, seed)) for r in best]


def chance_after(game: Game, seat: int, action: Action, rng: Rng, plays: int = COMPARE_PLAYS) -> float:
    """The seat's mean share after ``action``, over deals of what it cannot see and short random plays on (the bot
    exercises' rating of a choice; a review compares choices in a search, :func:`compare`)."""
    total = 0.0
    for _ in range(plays):
        twin = game.redeal(seat, rng)
        twin.apply_unchecked(action)
        for _ in range(4):
            if twin.is_terminal():
                break
            legal = twin.legal_actions()
            twin.apply_unchecked(legal[rng.below(len(legal))])
        total += rank_rewards(twin)[seat]
    return total / plays


def compare(game: Game, seat: int, best: Action, played: Action, seed: int,
            playouts: int | None = None) -> tuple[float, float]:
    """The seat's chance after ``best`` and after ``played`` on equal terms: one search of ``playouts`` iterations
    (``None``: the game's own budget) whose root may take only those two (the same deals, the same tree below), each
    rated by its mean reward."""
    pair = {best, played}
    bot = MCTSBot(seed, playouts=playouts or game.search_settings.iterations, allow=pair.__contains__)
    rated = {r.action: r.value for r in bot.ratings(game)}
    return rated[best], rated[played]


def review(game: Game, seat: int, **options: Any) -> list[Mistake]:
    """``seat``'s decisions in ``game`` whose choice the search rates at least ``gap`` below its best, in order
    (:func:`review_report` lists the options)."""
    return review_report(game, seat, **options).mistakes


def review_report(game: Game, seat: int, *, steps: Sequence[int] | None = None,
                  searches: dict[tuple[Any, ...], list[Rating]] | None = None, seconds: float | None = None,
                  playouts: int | None = None, gap: float = MISTAKE_GAP, seed: int = 0,
                  progress: Callable[[float], None] | None = None,
                  cancelled: Callable[[], bool] | None = None) -> Review:
    """Review ``seat``'s decisions in ``game`` (only the ``steps`` given, when a table knows which ones the learner
    made: the bots' decisions for the seat are not the learner's). First a search of ``playouts`` iterations per
    decision with a choice (``None``: :data:`REVIEW_PLAYOUTS`, or the game's own budget where that is smaller; the
    hint's search from ``searches`` instead where there is one), then the decisions it doubts, most doubtful first,
    compared with its best choice on equal terms (:func:`compare`); those at least ``gap`` below are the mistakes.
    Every search is seeded, so a review says the same on any machine, unless the wall-clock cap ``seconds``
    (``None``: :data:`REVIEW_SECONDS`) cuts it short: what it leaves is counted as unchecked. ``cancelled`` is asked
    between decisions (:class:`ReviewCancelled` when it says so)."""
    seconds = REVIEW_SECONDS if seconds is None else seconds
    wanted = None if steps is None else set(steps)
    replay = type(game)(game.config, game.seed)
    positions: list[tuple[int, Game, Action]] = []
    for i, action in enumerate(game.history):
        decision = replay.pending()
        assert decision is not None, "a played history is legal"
        mine = decision.player == seat if wanted is None else i in wanted and decision.player == seat
        if mine and len(replay.legal_actions()) > 1:
            positions.append((i, replay.clone(), action))
        replay.apply_unchecked(action)
    budget = playouts or min(REVIEW_PLAYOUTS, game.search_settings.iterations)
    start = time.perf_counter()
    screen_end = start + seconds * SCREEN_SHARE
    doubts: list[tuple[float, int, Game, Action, Action]] = []
    # Spread over the game (a golden-ratio stride), so a cap too short for every decision still screens the whole
    # game evenly; the hints' searches first (they cost nothing).
    kept = searches or {}
    order = sorted(range(len(positions)), key=lambda k: (search_key(positions[k][1]) not in kept, k * 0.618034 % 1))
    unscreened = 0
    for n, k in enumerate(order):
        i, position, action = positions[k]
        if cancelled is not None and cancelled():
            raise ReviewCancelled
        ratings = kept.get(search_key(position))
        if ratings is None:
            if n and time.perf_counter() >= screen_end:
                unscreened += 1  # out of time: said in the answer, not guessed
                continue
            ratings = MCTSBot(seed + i, playouts=budget).ratings(position)
        best = ratings[0]
        played = next((r for r in ratings if r.action == action), None)
        if best.action != action:
            # A played choice the search visited and rates within half the gap is no mistake, nor one the search
            # barely looked at: not compared.
            doubt = best.value - (played.value if played is not None and played.visits else 0.0)
            seen = played is not None and played.visits > 0
            if (seen and doubt >= gap / 2) or (not seen and best.visits >= 3):
                doubts.append((doubt, i, position, action, best.action))
        if progress is not None:
            progress(SCREEN_SHARE * (n + 1) / len(positions))
    doubts.sort(key=lambda item: (-item[0], item[1]))
    mistakes = []
    checked = 0
    for _doubt, i, position, action, best in doubts:
        if cancelled is not None and cancelled():
            raise ReviewCancelled
        if checked and time.perf_counter() >= start + seconds:
            break
        checked += 1
        chance_best, chance_played = compare(position, seat, best, action, seed + i)
        if chance_best - chance_played >= gap:
            mistakes.append(Mistake(i, str(action), round(chance_played, 3), str(best), round(chance_best, 3),
                                    move_words(position, seat, best, i), move_words(position, seat, action, i)))
        if progress is not None:
            progress(SCREEN_SHARE + (1 - SCREEN_SHARE) * checked / len(doubts))
    if progress is not None:
        progress(1.0)
    mistakes.sort(key=lambda m: m.step)
    return Review(mistakes, len(positions), len(doubts) - checked + unscreened)


class Coaching(traitlets.HasTraits):
    """What a table adds for its coach: the ``coach`` trait and the ``hint``, ``review``, ``coach_cancel`` and
    ``coach_close`` intents.

    ``coach``: ``{}`` when nothing is asked; while the search runs ``{"busy": "hint"|"review", "progress": 0..1,
    "eta": seconds left (a review)}``; then ``{"hints": [...], "step": n}`` or ``{"review": [...], "step": n,
    "decisions": k}`` for the position of step ``n``. A new answer replaces the one before; the view keeps it in its
    bar until the learner closes it (``close_coach``), folded to one line once the game has moved on, so a click on
    the board never makes it vanish and the board jump up.

    A review asked from the browser (``review(wait=False)``, with the kernel's event loop running) works in a thread
    on a copy of the game: the table stays usable; hints wait for it (and say so); ``coach_cancel`` stops it; undo
    and reset stop it too (its positions would be gone). The driver says which decisions were the learner's own
    (``_my_steps``): the review looks at those only."""

    coach = traitlets.Dict().tag(sync=True)
    #: Whether a hint says what a move makes possible in the same decision (Catan: a trade, then a build); a table
    #: whose decisions go on after every move (a card game's takes) leaves it off: "then you can stop" says nothing.
    coach_opens: ClassVar[bool] = False

    _game: Any
    _human: int | None
    _view: int | None
    _review_job: tuple[threading.Event, int] | None = None  # the running review's stop flag and its number
    _review_count = 0

    def _my_steps(self) -> list[int]:  # pragma: no cover - the driver says
        raise NotImplementedError

    @property
    def _searches(self) -> dict[tuple[Any, ...], list[Rating]]:
        """The hints' searches of this table's game, kept for its review."""
        kept = self.__dict__.get("_kept_searches")
        if kept is None or kept[0] is not self._game:
            kept = (self._game, {})
            self.__dict__["_kept_searches"] = kept
        return kept[1]

    def _coach_refusal(self, what: str) -> str | None:
        if self._human is None:
            return f"watch mode has no seat to {what} for: give the table a human seat."
        if self._view is not None:
            return "you are looking back (read-only); move the slider to the end first."
        if self._review_job is not None:
            done = round(100 * (self.coach.get("progress") or 0))
            return (f"the review is still running ({done} % done): wait for it, or click 'cancel' to stop it and "
                    f"then ask for the {what}.")
        return None

    def _busy(self, what: str) -> Callable[[float], None]:
        started = time.perf_counter()

        def report(done: float) -> None:
            state: dict[str, Any] = {"busy": what, "progress": round(done, 2)}
            if what == "review":
                spent = time.perf_counter() - started
                state["eta"] = round(spent / done * (1 - done)) if done > 0.05 else round(REVIEW_SECONDS)
            self.coach = state  # sent at once: the view shows the bar
        report(0.0)
        return report

    def hint(self) -> bool:
        """The best few choices of the human's decision now, each with its chance and reason (``coach``)."""
        def step() -> str:
            refusal = self._coach_refusal("hint")
            if refusal:
                raise IllegalAction("hint", refusal)
            if self._game.is_terminal():
                raise IllegalAction("hint", "the game is over, so there is no decision left to hint at: 'review' "
                                    "looks back at your decisions, undo or reset plays on.")
            decision = self._game.pending()
            if decision is None or decision.player != self._human:
                raise IllegalAction("hint", "a hint is for your own decision, and this one is a bot's: click 'bots "
                                    "move' first.")
            step_now = len(self._game.history)
            found = hints(self._game, self._human, seed=step_now, progress=self._busy("hint"),
                          searches=self._searches)
            lines = self._hint_lines(self._game, found, step_now)
            self.coach = {"hints": lines, "step": step_now}
            best = lines[0]
            if best["chance"] is None:
                return f"Hint: there is only one choice here: '{best['words']}'. Click it to play it."
            return (f"Hint: the search likes '{best['words']}' best ({best['chance']:.0%} of a win): "
                    f"{best['reason']}. Others below; click one to play it.")
        return self._coached(step)

    # ------------------------------------------------------------------ the coach's words, as the table words them
    def coach_words(self, game: Game, actions: Sequence[str]) -> dict[str, str]:
        """``actions`` of the human's decision at ``game`` in the words the table's choices show for them (the bar's
        buttons, the board's tooltips: "build a road on the path between hills 10 and mountains 8"); an action the
        choices word only by its look shares those words. A table whose choices say too little words them here."""
        now = self.redraw_of(game, True)  # type: ignore[attr-defined]  # the driver's
        choices = self.choices_of(now)  # type: ignore[attr-defined]
        wanted = set(actions)
        return {c.action: c.words or choices.looks.get(c.look, "") or c.action for c in choices.each
                if c.action in wanted}

    def coach_reason(self, game: Game, action: str, reason: str) -> str:
        """A hint's or a review's reason for ``action`` at ``game`` as the table words it (its places in words, what
        the choice means on the table's boards)."""
        return reason

    def _coach_line(self, game: Game, action: str, reason: str, seed: int) -> tuple[str, str]:
        """``action``'s words and its reason at ``game``: the table's, and what it is for when the seat goes on
        deciding after it (:func:`opened`: "then you can build a road on ...")."""
        words = self.coach_words(game, [action]).get(action, action)
        said = self.coach_reason(game, action, reason)
        move = next((a for a in game.legal_actions() if str(a) == action), None) if self.coach_opens else None
        if move is not None:
            twin, new = opened(game, self._human, move, seed)
            if new:
                named = self.coach_words(twin, [str(a) for a in new])
                by_verb: dict[str, list[str]] = {}
                for a in new:
                    by_verb.setdefault(a.verb, []).append(named.get(str(a), str(a)))
                can = [said_of[0] + (f" (or {len(said_of) - 1} more)" if len(said_of) > 1 else "")
                       for said_of in list(by_verb.values())[:2]]
                said += f"; then you can {' or '.join(can)}"
        return words, said

    def _hint_lines(self, game: Game, found: Sequence[Hint], seed: int) -> list[dict[str, Any]]:
        lines = []
        for hint in found:
            words, reason = self._coach_line(game, hint.action, hint.reason, seed)
            lines.append({**asdict(hint), "words": words, "reason": reason})
        return lines

    def review(self, wait: bool = True) -> bool:
        """Your own decisions so far that the search rates far below its best choice (``coach``); a "look" button
        shows each position. ``wait=False`` (the browser's button): in a kernel, the review works in the background
        and its answer arrives when done; from code it is there when this returns."""
        def step() -> str:
            refusal = self._coach_refusal("review")
            if refusal:
                raise IllegalAction("review", refusal)
            if not self._game.history:
                raise IllegalAction("review", "there is nothing to review yet: no decision has been made.")
            mine = self._my_steps()
            if not mine:
                self.coach = {}
                return ("Review: there is nothing of yours to review: every decision so far was a bot's (in 'play a "
                        "round' and 'play to end' a bot decides for your seat too). Decide yourself, then ask again.")
            loop = None if wait else _running_loop()
            if loop is None:
                found = review_report(self._game, self._human, steps=mine, searches=self._searches,
                                      seconds=REVIEW_SECONDS, progress=self._busy("review"))
                return self._review_answer(found, len(mine), len(self._game.history))
            return self._review_in_background(loop, mine)
        return self._coached(step)

    def _review_answer(self, found: Review, decided: int, step: int) -> str:
        # "look" shows the game just after the decision: the move on the board, its events in the log, the slider at
        # the step the line names (the position it was made in is one step back).
        self.coach = {"review": [self._review_line(m) for m in found.mistakes], "step": step, "decisions": decided}
        mine = "decision" if decided == 1 else "decisions"
        late = (f" ({found.unchecked} of {found.reviewed} left unchecked to keep the review short)"
                if found.unchecked else "")
        if not found.mistakes:
            if not found.reviewed:
                return (f"Review: your {decided} {mine} had no choice to weigh (each had one legal action), so "
                        "there is nothing to compare.")
            # no praise: a choice that does nothing may still be within the gap of the search's own
            return (f"Review: none of your {decided} {mine} is {round(100 * MISTAKE_GAP)} points or more below the "
                    f"search's chance for its own choice{late}. 'hint' shows its choices for your next decision.")
        return (f"Review: {len(found.mistakes)} of your {decided} {mine} the search rates clearly lower than its "
                f"choice{late}; 'look' shows the position each was made in.")

    def _review_line(self, mistake: Mistake) -> dict[str, Any]:
        """A review's line with its choices and reasons in the table's words, at the position it was decided in."""
        position = self._game.at(mistake.step)
        played, played_reason = self._coach_line(position, mistake.played, mistake.played_reason, mistake.step)
        best, reason = self._coach_line(position, mistake.best, mistake.reason, mistake.step)
        return {**asdict(mistake), "look": mistake.step + 1, "played_words": played, "best_words": best,
                "reason": reason, "played_reason": played_reason}

    def _review_in_background(self, loop: asyncio.AbstractEventLoop, mine: list[int]) -> str:
        game, seat, searches = self._game.clone(), self._human, dict(self._searches)
        history = list(map(str, game.history))
        stop = threading.Event()
        self._review_count += 1
        number = self._review_count
        self._review_job = (stop, number)
        progress = self._busy("review")

        def post(fn: Callable[[], None]) -> None:  # trait changes happen in the kernel's thread only
            if not stop.is_set():
                loop.call_soon_threadsafe(lambda: self._review_job == (stop, number) and fn())

        def work() -> None:
            try:
                found = review_report(game, seat, steps=mine, searches=searches, seconds=REVIEW_SECONDS,
                                      cancelled=stop.is_set, progress=lambda done: post(lambda: progress(done)))
            except ReviewCancelled:
                return
            except Exception as err:  # noqa: BLE001 - a learner gets a sentence, never a traceback
                failed = f"The review failed ({type(err).__name__}: {err}); ask again."
                post(lambda: self._review_over(failed, "error"))
                return
            post(lambda: self._review_done(found, len(mine), history))

        threading.Thread(target=work, name="coach-review", daemon=True).start()
        return (f"Reviewing your {len(mine)} decisions in the background (at most {round(REVIEW_SECONDS)} s); the "
                "table stays usable, 'cancel' stops it.")

    def _review_done(self, found: Review, decided: int, history: list[str]) -> None:
        if list(map(str, self._game.history[:len(history)])) != history:
            self._review_over("The review stopped: the game changed under it (undo or reset); click 'review' to ask "
                              "again.", "error")
            return
        self._review_job = None
        text = self._review_answer(found, decided, len(history))
        self.say(text, "info")  # type: ignore[attr-defined]

    def _review_over(self, text: str, kind: str) -> None:
        self._review_job = None
        self.coach = {}
        self.say(text, kind)  # type: ignore[attr-defined]

    def stop_review(self) -> str:
        """Stop a review running in the background: ``""`` when none runs, else a sentence saying it stopped."""
        if self._review_job is None:
            return ""
        self._review_job[0].set()
        self._review_job = None
        self.coach = {}
        return " (The review stopped: the game changed; ask again when you like.)"

    def cancel_coach(self) -> bool:
        """Cancel the review running in the background."""
        if self._review_job is None:
            return self.refuse("There is no review running to cancel.")  # type: ignore[attr-defined]
        self.stop_review()
        self.say("Review cancelled; 'review' asks again.", "info")  # type: ignore[attr-defined]
        return True

    def _coached(self, step: Callable[[], str]) -> bool:
        ok = self._run(step)  # type: ignore[attr-defined]  # the driver's one handler: refusals become messages
        if not ok and self._review_job is None:
            self.coach = {}
        return ok

    def close_coach(self) -> bool:
        """Put the coach's hints or review away (the bar gives their room back to the board)."""
        if not self.coach or self.coach.get("busy"):
            return self.refuse("There are no hints or review to close.")  # type: ignore[attr-defined]
        self.coach = {}
        self.say("Hints and review closed; 'hint' or 'review' asks again.", "info")  # type: ignore[attr-defined]
        return True

    def intent_hint(self) -> bool:
        return self.hint()

    def intent_coach_close(self) -> bool:
        return self.close_coach()

    def intent_coach_cancel(self) -> bool:
        return self.cancel_coach()

    def intent_review(self) -> bool:
        return self.review(wait=False)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop this thread runs (a kernel's), or ``None`` (plain Python: the review runs at once)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


__all__ = ["FOLLOW_THROUGH", "MOST_CHANGES", "Coaching", "Hint", "Mistake", "Review", "ReviewCancelled", "changes",
           "hints", "listed", "move_words", "opened", "reason_words", "review", "review_report", "search_key",
           "seat_record"]
