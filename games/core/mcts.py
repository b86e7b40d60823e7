"""A search bot for every game: information-set Monte Carlo tree search over the kernel API.

The bot searches from what its seat may know. Each iteration deals the hidden part of the game again from the
seat's point of view (:meth:`Game.redeal`, determinization), walks down a tree of action sequences choosing by UCB1
among the actions legal in that deal (availability counts, as in single-observer information-set MCTS: an action
is scored against the times it was available, not the parent's visits), adds one node, plays on at random for a
few decisions and rates the position reached. Rewards are per seat, so every seat in the tree maximises its own.

The rating of a position cut off before the end is the game's own evaluation (``Game.heuristic``, which reads only
what each seat may know): every seat gets a share by rank (1 for the best, ties share, 0 for the worst), a finished
game pays 1 to its winners. Ranks need no scale, so one bot fits every game.

A game whose decisions list many actions that a one-step rating already calls poor (Catan's trade offers) names
how many root actions the search considers (``Game.search_candidates``): the best by the greedy bot's rating
(``Game.lookahead``, which reads only the seat's knowledge), ties at the cut kept; every legal action is still
listed in the ratings, the others with no visits.

Two more hooks let a game steer the search without the kernel knowing its rules: ``Game.search_prior`` pulls the
root's choices towards the greedy rating (progressive bias, fading with visits), and ``Game.playout_action`` picks
the playouts' moves (uniform by default).

Budget: ``playouts`` iterations (by default the game's ``search_playouts``: 1,000, or fewer where a playout costs
more), or ``seconds`` of process time per decision, whichever ends first. The bot's
random stream is its own (seeded), so a game with the same seeds replays. The tree under the action taken is kept
for the next decision when the game has moved on only by actions it can follow (``reuse``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable

from .action import Action
from .bots import Allow, allowed_of
from .game import Game
from .rng import Rng

#: The bot's default time cap: 1 s of process time per decision. Its default playouts are the game's
#: (``Game.search_playouts``: 1,000 unless the game sets fewer), whichever ends first (about 0.2-0.5 s per decision
#: for the games here on a 2-core machine).
DEFAULT_SECONDS = 1.0


@dataclass(slots=True)
class Node:
    """One action sequence from the root: who decided it and what it earned for each seat."""

    player: int  # the seat that chose the action leading here (-1 at the root)
    visits: int = 0
    available: int = 0  # how many iterations this node's action was legal in the deal
    rewards: list[float] = field(default_factory=list)  # summed reward per seat
    children: dict[Action, Node] = field(default_factory=dict)

    def mean(self, seat: int) -> float:
        return self.rewards[seat] / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Rating:
    """How the search rated one of the root's actions: mean reward for the deciding seat, and its visits."""

    action: Action
    value: float
    visits: int


class MCTSBot:
    """Information-set MCTS (see the module docstring). ``MCTSBot(seed, playouts=None, seconds=1.0, depth=4,
    exploration=0.3)``: ``playouts`` per decision (``None``: the game's ``search_playouts``), ``depth`` random
    decisions after the tree before the position is rated (short playouts and the game's evaluation beat long
    random ones in every game here), ``exploration`` the UCB1 constant."""

    def __init__(self, seed: int = 0, playouts: int | None = None, seconds: float = DEFAULT_SECONDS,
                 depth: int = 4, exploration: float = 0.3, reuse: bool = True, allow: Allow | None = None,
                 clock: Callable[[], float] = time.process_time) -> None:
        if (playouts is not None and playouts < 1) or seconds <= 0 or depth < 0:
            raise ValueError("playouts must be at least 1, seconds above 0 and depth 0 or more")
        self.name = "mcts"
        self.rng = Rng(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.depth = depth
        self.exploration = exploration
        self.reuse = reuse
        #: A restriction (``games.core.bots``): the root's choices it passes, all when it passes none. The search
        #: still imagines every seat free deeper in the tree.
        self.allow = allow
        #: What ``seconds`` is counted on: process time (the bots' figures: the machine's other work does not count),
        #: or the wall clock where a learner waits (the coach: ``time.perf_counter``).
        self.clock = clock
        self._root: Node | None = None
        self._kept: tuple[tuple, list[Action]] | None = None  # the game and the history the kept tree starts at
        #: Iterations of the last search (for playouts-per-second figures).
        self.last_playouts = 0

    # ------------------------------------------------------------------ choosing
    def choose(self, game: Game) -> Action:
        ratings = self.ratings(game)
        best = max(r.visits for r in ratings)
        top = [r for r in ratings if r.visits == best]
        return max(top, key=lambda r: r.value).action

    def ratings(self, game: Game) -> list[Rating]:
        """Search from ``game`` and rate every legal action of the seat to decide, best first."""
        decision = game.pending()
        if decision is None:
            return []
        legal = allowed_of(game.legal_actions(), self.allow)
        if len(legal) == 1:
            return [Rating(legal[0], 0.0, 0)]
        root = self._start(game)
        seat = decision.player
        greedy = one_step(game, legal, seat)
        allowed = candidates(game, legal, seat, greedy)
        if allowed is None and self.allow is not None and len(legal) < len(game.legal_actions()):
            allowed = frozenset(legal)
        bias = prior(game, greedy)
        deadline = self.clock() + self.seconds
        done = 0
        budget = self.playouts or game.search_playouts
        while done < budget and (done % 8 or self.clock() < deadline):
            self._iterate(game, root, seat, allowed, bias)
            done += 1
        self.last_playouts = done
        rated = [Rating(a, root.children[a].mean(seat), root.children[a].visits) if a in root.children
                 else Rating(a, 0.0, 0) for a in legal]
        return sorted(rated, key=lambda r: (-r.visits, -r.value))

    def _start(self, game: Game) -> Node:
        """The tree to search from: the kept subtree if the same game moved on along it, else a new root."""
        key = (game.game_id, game.seed, game.config)
        if self.reuse and self._root is not None and self._kept is not None and self._kept[0] == key:
            node: Node | None = self._root
            at = len(self._kept[1])
            if game.history[:at] == self._kept[1]:
                for action in game.history[at:]:
                    node = node.children.get(action) if node is not None else None
                if node is not None:
                    self._root, self._kept = node, (key, list(game.history))
                    return node
        self._root, self._kept = Node(-1, rewards=[0.0] * game.players), (key, list(game.history))
        return self._root

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, game: Game, root: Node, seat: int, allowed: frozenset[Action] | None = None,
                 bias: dict[Action, float] | None = None) -> None:
        """One iteration; at the root only the ``allowed`` actions (all when ``None``), chosen with ``bias`` added
        (see :func:`prior`)."""
        state = game.redeal(seat, self.rng)
        path = [root]
        node = root
        while not state.is_terminal():
            decision = state.pending()
            assert decision is not None
            legal = state.legal_actions()
            if node is root and allowed is not None:
                legal = [a for a in legal if a in allowed]
            untried = [a for a in legal if a not in node.children]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[self.rng.below(len(untried))]
                child = Node(decision.player, available=1, rewards=[0.0] * game.players)
                node.children[action] = child
                state.apply_unchecked(action)
                path.append(child)
                break
            action = self._select(node, legal, decision.player, bias if node is root else None)
            node = node.children[action]
            state.apply_unchecked(action)
            path.append(node)
        rewards = self._playout(state)
        for visited in path:
            visited.visits += 1
            for p, r in enumerate(rewards):
                visited.rewards[p] += r

    def _select(self, node: Node, legal: list[Action], player: int,
                bias: dict[Action, float] | None = None) -> Action:
        best, best_score = legal[0], -math.inf
        c = self.exploration
        for action in legal:
            child = node.children[action]
            score = child.mean(player) + c * math.sqrt(math.log(max(child.available, 1)) / child.visits)
            if bias:
                score += bias[action] / math.sqrt(child.visits + 1)
            if score > best_score:
                best, best_score = action, score
        return best

    def _playout(self, state: Game) -> list[float]:
        for _ in range(self.depth):
            if state.is_terminal():
                break
            state.apply_unchecked(state.playout_action(state.legal_actions(), self.rng))
        return rank_rewards(state)


def one_step(game: Game, legal: list[Action], seat: int) -> dict[Action, float] | None:
    """The greedy rating (``Game.lookahead``) of every root action, when the game uses it in its search
    (``search_candidates`` or ``search_prior``); else ``None``, and nothing is rated."""
    if not (game.search_candidates and len(legal) > game.search_candidates) and not game.search_prior:
        return None
    return dict(zip(legal, game.lookaheads(legal, seat), strict=True))


def candidates(game: Game, legal: list[Action], seat: int,
               rated: dict[Action, float] | None = None) -> frozenset[Action] | None:
    """The root actions a search considers: the game's ``search_candidates`` best by its one-step rating (ties at
    the cut all kept), or ``None`` (all) when the game sets no limit or lists no more than that. ``rated``: the
    ratings if already made (:func:`one_step`)."""
    keep = game.search_candidates
    if not keep or len(legal) <= keep:
        return None
    if rated is None:
        rated = one_step(game, legal, seat)
    cut = sorted(rated.values(), reverse=True)[keep - 1] - 1e-9
    return frozenset(action for action, value in rated.items() if value >= cut)


def prior(game: Game, rated: dict[Action, float] | None) -> dict[Action, float] | None:
    """The root's progressive bias (``Game.search_prior``): each action's shortfall against the best one-step
    rating, in the game's ``evaluation_scale``, times the weight; 0 for the best. ``None`` when the game sets none."""
    if not game.search_prior or not rated:
        return None
    top = max(rated.values())
    weight = game.search_prior / game.evaluation_scale
    return {action: weight * (value - top) for action, value in rated.items()}


def rank_rewards(game: Game) -> list[float]:
    """Each seat's share of a position: a finished game pays its winners (ties share 1); a position cut off is
    rated by each seat's evaluation against the best other seat's (its lead; for an evaluation that is already a
    lead, the lead over the seat best placed against it), squashed into 0..1 by the game's ``evaluation_scale``
    (how big a lead is clear). Rating the lead, not the evaluation itself, keeps the signal alive when a game's
    evaluation estimates its own final points (Chartres, Catan), which would saturate the squash late in a game and
    ignore how the others fare."""
    n = game.players
    outcome = game.outcome()
    if outcome is not None:
        return [1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(n)]
    scale = game.evaluation_scale
    values = [game.heuristic(p) for p in range(n)]
    if n == 1:
        return [_squash(values[0] / scale)]
    order = sorted(range(n), key=values.__getitem__, reverse=True)
    first, second = values[order[0]], values[order[1]]
    return [_squash((v - (second if p == order[0] else first)) / scale) for p, v in enumerate(values)]


def _squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))
