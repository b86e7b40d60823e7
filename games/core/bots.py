"""Bots that play any game of this package through the shared API.

* :class:`RandomBot` – a uniformly random legal action (seeded, so games replay).
* :class:`GreedyBot` – one-step lookahead: try every legal action on a clone and keep the one whose position
  :meth:`Game.heuristic` rates best for the deciding player; ties are broken by its own seeded stream.

Every bot takes ``allow``, a test of an action: a **restricted bot** (the design lab's "never builds a wall") chooses
only among the legal actions it allows, unless it allows none of them (then it must take what the rules leave).

:func:`play_out` drives a game to its end with one bot per seat. Bots only read what the deciding player may know:
each game's ``heuristic`` is written from that player's point of view (see the game's module).
"""

from __future__ import annotations

from typing import Callable, Mapping, Protocol, Sequence

from .action import Action
from .game import TIE, Game
from .rng import Rng


class Bot(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


#: A restriction: whether a bot may take an action (``None``: every action).
Allow = Callable[[Action], bool]


def allowed_of(legal: Sequence[Action], allow: Allow | None) -> Sequence[Action]:
    """The actions of ``legal`` a restricted bot may take: those ``allow`` passes, or all of them when it passes none
    (a bot must still decide) or when there is no restriction."""
    if allow is None:
        return legal
    kept = [a for a in legal if allow(a)]
    return kept if kept else legal


class RandomBot:
    """Picks uniformly among the legal actions (those ``allow`` passes, see the module docstring)."""

    def __init__(self, seed: int = 0, allow: Allow | None = None) -> None:
        self.name = "random"
        self.rng = Rng(seed)
        self.allow = allow

    def choose(self, game: Game) -> Action:
        legal = allowed_of(game.legal_actions(), self.allow)
        return legal[self.rng.below(len(legal))]


class GreedyBot:
    """Plays the action after which ``game.heuristic(player)`` is highest (one step ahead)."""

    def __init__(self, seed: int = 0, allow: Allow | None = None) -> None:
        self.name = "greedy"
        self.rng = Rng(seed)
        self.allow = allow

    def ratings(self, game: Game) -> list[tuple[Action, float]]:
        """Every legal action it may take with the heuristic value of the position it leads to, best first."""
        player = game._decider()  # pending().player without the prompt: asked at every decision of every game
        if player is None:
            return []
        legal = allowed_of(game.legal_actions(), self.allow)
        rated = list(zip(legal, game.lookaheads(legal, player), strict=True))
        return sorted(rated, key=lambda pair: -pair[1])

    def choose(self, game: Game) -> Action:
        """The best rated action, drawn among those within :data:`~games.core.game.TIE` of the best (in their order
        of rating, best first; ties in the order listed). Only the contenders are rated exactly
        (:meth:`Game.contenders`), and a decision with one legal action is not rated at all: the draw is still made,
        so the bot's stream, and every later choice, is as if all were rated."""
        player = game._decider()
        legal = allowed_of(game.legal_actions(), self.allow) if player is not None else ()
        if len(legal) == 1:
            self.rng.below(1)
            return legal[0]
        if not legal:
            raise IndexError(f"{self.name} has nothing to choose: the game is over")
        values = game.contenders(legal, player)
        best = None  # plain loops: every decision of every greedy game comes through here
        for value in values:
            if value is not None and (best is None or value > best):
                best = value
        floor = best - TIE  # type: ignore[operator]
        top = []
        for action, value in zip(legal, values, strict=True):
            if value is not None and value >= floor:
                top.append((action, value))
        if len(top) > 1:
            top.sort(key=_rating)  # best first, ties in the order listed (a stable sort)
        return top[self.rng.below(len(top))][0]


def _rating(pair: tuple[Action, float]) -> float:
    """The sort key that puts the best rated first."""
    return -pair[1]


#: The bot kinds :func:`make_bot` knows; a search kind takes a budget, ``"mcts:200"`` (200 playouts per decision).
BOT_KINDS = ("random", "greedy", "mcts")


def parse_bot(kind: str) -> tuple[str, int | None]:
    """``"mcts:200"`` -> ``("mcts", 200)``; ``"greedy"`` -> ``("greedy", None)``. The one place bot kinds are read;
    a ``ValueError`` names an unknown kind, a budget on a bot that takes none, or a budget that is not a count."""
    name, colon, budget = str(kind).strip().lower().partition(":")
    if name not in BOT_KINDS:
        raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(BOT_KINDS)} (and mcts:N for N playouts)")
    if not colon:
        return name, None
    if name != "mcts":
        raise ValueError(f"bot {kind!r}: only mcts takes a budget (mcts:N playouts), {name} does not")
    if not budget.strip().isdecimal() or int(budget) < 1:
        raise ValueError(f"bot {kind!r}: the budget after 'mcts:' is a whole number of playouts, at least 1")
    return name, int(budget)


def make_bot(kind: str, seed: int = 0, allow: Allow | None = None) -> Bot:
    """``"random"``, ``"greedy"``, ``"mcts"`` (:class:`games.core.mcts.MCTSBot` at its default budget) or
    ``"mcts:N"`` (the search bot with N playouts per decision, its time cap unchanged); ``allow`` restricts it."""
    name, budget = parse_bot(kind)
    if name == "random":
        return RandomBot(seed, allow)
    if name == "greedy":
        return GreedyBot(seed, allow)
    from .mcts import MCTSBot  # the search module imports this one's neighbours; loaded when asked for

    return MCTSBot(seed, allow=allow) if budget is None else MCTSBot(seed, playouts=budget, allow=allow)


def play_out(game: Game, bots: Sequence[Bot] | Mapping[int, Bot], max_steps: int = 100_000,
             stop_at: int | None = None) -> Game:
    """Let the bots decide until the game ends (or until it is seat ``stop_at``'s decision, for a human seat)."""
    for _ in range(max_steps):
        decision = game.pending()
        if decision is None or decision.player == stop_at:
            return game
        game.apply(bots[decision.player].choose(game))
    raise RuntimeError(f"the game did not end within {max_steps} decisions")
