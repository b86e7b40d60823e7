"""The coach every table has: hints for the human's decision, and a review of a game's decisions.

Both ask the strongest bot there is, the search bot (:class:`games.core.mcts.MCTSBot`), from the human seat's point
of view only: every search deals again what that seat cannot see (``Game.redeal``), so a hint never knows another
seat's secrets. A choice's **chance** is the search's estimate of the seat's share of the win after it (0 to 1);
its **reason** names the parts of the seat's evaluation (``Game.terms``: points, money, position...) that the
choice changes most.

* :func:`hints` - the best few choices of the pending decision, best first, each with its chance and reason.
* :func:`review` - the human's decisions of a game that the search rates far below its best choice, each with the
  better choice and why; a view's "look" button jumps the time-travel slider to the decision.

:class:`Coaching` gives a table the ``coach`` trait and the ``hint`` and ``review`` intents; the search runs in
chunks and the view shows its progress between them, so a hint arrives in about a second and a review in a few.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Callable

import traitlets

from games.core import Action, Game, IllegalAction, Rng
from games.core.bots import GreedyBot
from games.core.mcts import MCTSBot, rank_rewards

#: Search budget of a hint (iterations, in chunks between which the view shows progress) and of each reviewed
#: decision; how much lower a chance must be to call a decision a mistake.
HINT_PLAYOUTS, HINT_CHUNKS, REVIEW_PLAYOUTS, MISTAKE_GAP = 900, 6, 240, 0.12
#: Random plays after a choice when two choices are compared on equal terms; the seat's own follow-up choices a
#: reason looks through.
COMPARE_PLAYS, FOLLOW_THROUGH = 40, 3


@dataclass(frozen=True, slots=True)
class Hint:
    """One choice as the search rates it for the seat to decide."""

    action: str
    chance: float
    visits: int
    reason: str


@dataclass(frozen=True, slots=True)
class Mistake:
    """A decision the search rates far below its best choice: ``step`` is the position it was made in."""

    step: int
    played: str
    played_chance: float
    best: str
    best_chance: float
    reason: str


def _number(x: float) -> str:
    text = f"{x:+.1f}".replace("-", "−")
    return text[:-2] if text.endswith(".0") else text


def reason_words(before: dict[str, float], after: dict[str, float], most: int = 2) -> str:
    """The terms that change most from ``before`` to ``after``, in words: ``"town +3, groschen −1.2"``."""
    changes = [(name, after.get(name, 0.0) - before.get(name, 0.0)) for name in dict.fromkeys([*before, *after])]
    changes = [(name, delta) for name, delta in changes if abs(delta) >= 0.05]
    changes.sort(key=lambda item: -abs(item[1]))
    if not changes:
        return "changes nothing yet that the evaluation sees: it opens a later choice"
    return ", ".join(f"{name} {_number(delta)}" for name, delta in changes[:most])


def terms_after(game: Game, seat: int, action: Action, rng: Rng) -> dict[str, float]:
    """The seat's terms after ``action`` in a deal of what it cannot see, and after the seat's own choices it opens
    (a card's action, then its tile or space: the greedy bot makes them, a few at most)."""
    twin = game.redeal(seat, rng)
    twin.apply_unchecked(action)
    bot = GreedyBot(rng.below(1 << 30))
    for _ in range(FOLLOW_THROUGH):
        decision = twin.pending()
        if decision is None or decision.player != seat:
            break
        twin.apply_unchecked(bot.choose(twin))
    return twin.terms(seat)


def hints(game: Game, seat: int, *, top: int = 3, playouts: int = HINT_PLAYOUTS, chunks: int = HINT_CHUNKS,
          seed: int = 0, progress: Callable[[float], None] | None = None) -> list[Hint]:
    """The best ``top`` choices of ``seat``'s pending decision, best first (``seat`` must be the one to decide)."""
    decision = game.pending()
    if decision is None or decision.player != seat:
        raise IllegalAction("hint", "a hint is for your own decision: it is not yours now.")
    bot = MCTSBot(seed, playouts=max(1, playouts // chunks), seconds=2.0 / chunks)
    ratings = []
    for k in range(chunks):
        ratings = bot.ratings(game)  # the tree is kept: each chunk searches on
        if progress is not None:
            progress((k + 1) / chunks)
    before = game.terms(seat)
    out = []
    for rating in ratings[:top]:
        after = terms_after(game, seat, rating.action, Rng(seed))
        out.append(Hint(str(rating.action), round(rating.value, 3), rating.visits, reason_words(before, after)))
    return out


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


def review(game: Game, seat: int, *, playouts: int = REVIEW_PLAYOUTS, gap: float = MISTAKE_GAP, seed: int = 0,
           progress: Callable[[float], None] | None = None) -> list[Mistake]:
    """``seat``'s decisions in ``game`` whose choice the search rates at least ``gap`` below its best, in order.
    The best choice and the one played are compared on equal terms (the same deals and plays)."""
    replay = type(game)(game.config, game.seed)
    mistakes = []
    for i, action in enumerate(game.history):
        decision = replay.pending()
        assert decision is not None, "a played history is legal"
        if decision.player == seat and len(replay.legal_actions()) > 1:
            best = MCTSBot(seed + i, playouts=playouts, seconds=1.0).ratings(replay)[0].action
            if best != action:
                chance_best = chance_after(replay, seat, best, Rng(seed + i))
                chance_played = chance_after(replay, seat, action, Rng(seed + i))
                if chance_best - chance_played >= gap:
                    words = reason_words(terms_after(replay, seat, action, Rng(seed)),
                                         terms_after(replay, seat, best, Rng(seed)))
                    mistakes.append(Mistake(i, str(action), round(chance_played, 3), str(best),
                                            round(chance_best, 3), words))
        replay.apply_unchecked(action)
        if progress is not None:
            progress((i + 1) / len(game.history))
    return mistakes


class Coaching(traitlets.HasTraits):
    """What a table adds for its coach: the ``coach`` trait and the ``hint`` / ``review`` intents.

    ``coach``: ``{}`` when nothing is asked; while the search runs ``{"busy": "hint"|"review", "progress": 0..1}``;
    then ``{"hints": [...], "step": n}`` or ``{"review": [...], "step": n, "decisions": k}`` for the position of step
    ``n``. The view keeps them in its bar until the learner closes them (``close_coach``, the ``coach_close``
    intent), marked as earlier once the game has moved on, so a click on the board never makes them vanish and the
    board jump up."""

    coach = traitlets.Dict().tag(sync=True)

    _game: Any
    _human: int | None
    _view: int | None

    def _coach_refusal(self, what: str) -> str | None:
        if self._human is None:
            return f"watch mode has no seat to {what} for: give the table a human seat."
        if self._view is not None:
            return "you are looking back (read-only); move the slider to the end first."
        return None

    def _busy(self, what: str) -> Callable[[float], None]:
        def report(done: float) -> None:
            self.coach = {"busy": what, "progress": round(done, 2)}  # sent at once: the view shows the bar
        report(0.0)
        return report

    def hint(self) -> bool:
        """The best few choices of the human's decision now, each with its chance and reason (``coach``)."""
        def step() -> str:
            refusal = self._coach_refusal("hint")
            if refusal:
                raise IllegalAction("hint", refusal)
            found = hints(self._game, self._human, seed=len(self._game.history), progress=self._busy("hint"))
            self.coach = {"hints": [asdict(h) for h in found], "step": len(self._game.history)}
            best = found[0]
            return (f"Hint: the search likes '{best.action}' best ({best.chance:.0%} of a win): {best.reason}. "
                    "Others below; click one to play it.")
        return self._coached(step)

    def review(self) -> bool:
        """Your decisions so far that the search rates far below its best choice (``coach``); a "look" button
        jumps the time-travel slider to each."""
        def step() -> str:
            refusal = self._coach_refusal("review")
            if refusal:
                raise IllegalAction("review", refusal)
            if not self._game.history:
                raise IllegalAction("review", "there is nothing to review yet: no decision has been made.")
            found = review(self._game, self._human, progress=self._busy("review"))
            decided = sum(1 for p in self._deciders() if p == self._human)
            self.coach = {"review": [asdict(m) for m in found], "step": len(self._game.history),
                          "decisions": decided}
            if not found:
                return f"Review: none of your {decided} decisions is far below the search's choice. Well played."
            return (f"Review: {len(found)} of your {decided} decisions the search rates clearly lower than its "
                    "choice; 'look' shows each position.")
        return self._coached(step)

    def _coached(self, step: Callable[[], str]) -> bool:
        ok = self._run(step)  # type: ignore[attr-defined]  # the driver's one handler: refusals become messages
        if not ok:
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

    def intent_review(self) -> bool:
        return self.review()
