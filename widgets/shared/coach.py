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

A whole game's review keeps to a time budget (:data:`REVIEW_SECONDS`): a quick search screens every decision (the
hint's search is reused where the learner asked one), and only the decisions it doubts are compared on equal terms.
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

#: Search budget of a hint: iterations, the chunks between which the view shows progress, and its wall-clock time
#: (the reasons take a little more: every hint within 2 s).
HINT_PLAYOUTS, HINT_CHUNKS, HINT_SECONDS = 900, 6, 1.0
#: A whole review's wall-clock budget (the last comparison and the reasons may take a little more: within 10 s),
#: the share of it the screening searches take, the most iterations one
#: decision's screening gets, and how much lower a chance must be to call a decision a mistake.
REVIEW_SECONDS, SCREEN_SHARE, REVIEW_PLAYOUTS, MISTAKE_GAP = 7.0, 0.6, 240, 0.12
#: Random plays after a choice when two choices are compared on equal terms (a reason's own numbers, what it looks
#: through and names, are in :mod:`.coach_words`).
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


def hints(game: Game, seat: int, *, top: int = 3, playouts: int = HINT_PLAYOUTS, chunks: int = HINT_CHUNKS,
          seconds: float = HINT_SECONDS, seed: int = 0, progress: Callable[[float], None] | None = None,
          searches: dict[tuple[Any, ...], list[Rating]] | None = None) -> list[Hint]:
    """The best ``top`` choices of ``seat``'s pending decision, best first (``seat`` must be the one to decide).
    The search stops after ``playouts`` iterations or ``seconds`` of wall-clock time; ``searches``, when given,
    keeps its ratings for a review (:func:`search_key`)."""
    decision = game.pending()
    if decision is None:
        raise IllegalAction("hint", "the game is over, so there is no decision left to hint at.")
    if decision.player != seat:
        raise IllegalAction("hint", "a hint is for your own decision: it is not yours now.")
    bot = MCTSBot(seed, playouts=max(1, playouts // chunks), seconds=seconds / chunks, clock=time.perf_counter)
    ratings: list[Rating] = []
    stop = time.perf_counter() + seconds
    for k in range(chunks):
        ratings = bot.ratings(game)  # the tree is kept: each chunk searches on
        last = k + 1 == chunks or time.perf_counter() >= stop
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
    """The seat's mean share after ``action``, over deals of what it cannot see and short random plays on."""
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


def review(game: Game, seat: int, **options: Any) -> list[Mistake]:
    """``seat``'s decisions in ``game`` whose choice the search rates at least ``gap`` below its best, in order
    (:func:`review_report` lists the options)."""
    return review_report(game, seat, **options).mistakes


def review_report(game: Game, seat: int, *, steps: Sequence[int] | None = None,
                  searches: dict[tuple[Any, ...], list[Rating]] | None = None, seconds: float = REVIEW_SECONDS,
                  playouts: int = REVIEW_PLAYOUTS, gap: float = MISTAKE_GAP, seed: int = 0,
                  progress: Callable[[float], None] | None = None,
                  cancelled: Callable[[], bool] | None = None) -> Review:
    """Review ``seat``'s decisions in ``game`` (only the ``steps`` given, when a table knows which ones the learner
    made: the bots' decisions for the seat are not the learner's). Within ``seconds`` of wall-clock time: first a
    search per decision with a choice (at most ``playouts`` iterations, its share of the screening time; the hint's
    search from ``searches`` instead where there is one), then the decisions it doubts, most doubtful first,
    compared with its best choice on equal terms (the same deals and plays); those at least ``gap`` below are the
    mistakes. ``cancelled`` is asked between decisions (:class:`ReviewCancelled` when it says so)."""
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
    start = time.perf_counter()
    screen_end = start + seconds * SCREEN_SHARE
    doubts: list[tuple[float, int, Game, Action, Action]] = []
    # Spread over the game (a golden-ratio stride), so a budget too short for every decision still screens the whole
    # game evenly; the hints' searches first (they cost nothing).
    kept = searches or {}
    order = sorted(range(len(positions)), key=lambda k: (search_key(positions[k][1]) not in kept, k * 0.618034 % 1))
    spent, iterations, unscreened = 0.0, 0, 0
    for n, k in enumerate(order):
        i, position, action = positions[k]
        if cancelled is not None and cancelled():
            raise ReviewCancelled
        ratings = kept.get(search_key(position))
        if ratings is None:
            now = time.perf_counter()
            share = (screen_end - now) / (len(positions) - n)
            per_iteration = spent / iterations if iterations else 0.0
            if now >= screen_end + seconds * (1 - SCREEN_SHARE) / 2:
                unscreened += 1  # out of time: said in the answer, not guessed
                continue
            # As many iterations as its share of the time allows at the pace so far: a shallow search where the
            # game is long, a deep one where it is short.
            budget = playouts if not per_iteration else max(2, min(playouts, int(share / per_iteration)))
            bot = MCTSBot(seed + i, playouts=budget, seconds=max(0.005, min(1.0, share)), clock=time.perf_counter)
            ratings = bot.ratings(position)
            spent += time.perf_counter() - now
            iterations += max(1, bot.last_playouts)
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
        chance_best = chance_after(position, seat, best, Rng(seed + i))
        chance_played = chance_after(position, seat, action, Rng(seed + i))
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
        return (f"Reviewing your {len(mine)} decisions in the background (about {round(REVIEW_SECONDS)} s); the "
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
