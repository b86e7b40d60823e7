"""A search bot for every game: information-set Monte Carlo tree search over the kernel API.

The bot searches from what its seat may know. Each iteration takes a deal of the hidden part of the game from the
seat's point of view (:meth:`Game.redeal`, determinization; the random stream that decides future dice and draws is
replaced too, since no seat sees it), walks down a tree of action sequences choosing by UCB1 among the actions legal
in that deal (availability counts, as in single-observer information-set MCTS: an action is scored against the
times it was available, not the parent's visits), adds one node, plays on for a few moves by the game's playout
policy and rates the position reached. Rewards are per seat, so every seat in the tree maximises its own.

The rating of a position cut off before the end is the game's search evaluation (``SearchSettings.evaluation``, or
the greedy bot's ``Game.heuristic``): each seat's lead over the best other seat, squashed into 0..1 by a scale (how
big a lead is clear); a finished game pays 1 to its winners (ties share).

What a game tunes (``Game.search_settings``, :class:`~games.core.search_settings.SearchSettings`): the budget, the
playout depth, the UCB constant, how many root actions it considers (the best by the greedy rating,
``Game.lookaheads``, ties at the cut kept: every legal action is still listed in the ratings, the others with no
visits), a pull towards the greedy rating at the root (progressive bias) with the root's children tried best first,
progressive widening below the root, deals shared by a decision's iterations, and its own evaluation with weights
that ``bench/tune_search.py`` tunes by self-play (``docs/bots.md``).

Budget: ``playouts`` iterations (by default the game's ``iterations``), and optionally ``seconds`` of time, whichever
ends first. Without ``seconds`` a search is a pure function of the position as its seat sees it and the bot's seed,
so games replay on any machine. The tree under the action taken is kept for the next decision when the game has
moved on only by actions it can follow (``reuse``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from .action import Action
from .bots import Allow, allowed_of
from .game import Game
from .rng import Rng
from .search_settings import SETTLE_MOST, SearchSettings


@dataclass(slots=True)
class Node:
    """One action sequence from the root: who decided it and what it earned for each seat."""

    player: int  # the seat that chose the action leading here (-1 at the root)
    visits: int = 0
    available: int = 0  # how many iterations this node's action was legal in the deal
    rewards: list[float] = field(default_factory=list)  # summed reward per seat
    children: dict[Action, Node] = field(default_factory=dict)
    #: The implicit minimax value (per seat): the rating where the node was added, then its best child's for the
    #: seat that chooses among them (only kept when the game's ``minimax`` weight is above 0).
    best: list[float] | None = None
    #: Below the root, the pull towards the greedy rating of this node's actions (``prior_below``): made on the deal
    #: that first walks on from here, kept for the node.
    bias: dict[Action, float] | None = None

    def mean(self, seat: int) -> float:
        return self.rewards[seat] / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Rating:
    """How the search rated one of the root's actions: mean reward for the deciding seat, and its visits."""

    action: Action
    value: float
    visits: int


class MCTSBot:
    """Information-set MCTS (see the module docstring). ``MCTSBot(seed, playouts=None, seconds=None, depth=None,
    exploration=None)``: ``playouts`` per decision (``None``: the game's ``iterations``), ``seconds`` an optional time
    cap on ``clock`` (``None``: none, the search replays), ``depth`` and ``exploration`` in place of the game's;
    ``settings`` a whole :class:`SearchSettings` in place of the game's (a tuning run's candidate)."""

    def __init__(self, seed: int = 0, playouts: int | None = None, seconds: float | None = None,
                 depth: int | None = None, exploration: float | None = None, reuse: bool = True,
                 allow: Allow | None = None, clock: Callable[[], float] = time.process_time,
                 settings: SearchSettings | None = None) -> None:
        if (playouts is not None and playouts < 1) or (seconds is not None and seconds <= 0) or \
                (depth is not None and depth < 0):
            raise ValueError("playouts must be at least 1, seconds above 0 and depth 0 or more")
        self.name = "mcts"
        self.seed = seed
        self.rng = Rng(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.depth = depth
        self.exploration = exploration
        self.settings = settings
        self.reuse = reuse
        #: A restriction (``games.core.bots``): the root's choices it passes, all when it passes none. The search
        #: still imagines every seat free deeper in the tree.
        self.allow = allow
        #: What ``seconds`` is counted on: process time, or the wall clock where a learner waits.
        self.clock = clock
        self._root: Node | None = None
        self._kept: tuple[tuple, list[Action]] | None = None  # the game and the history the kept tree starts at
        #: Iterations of the last search (for iterations-per-second figures).
        self.last_playouts = 0

    def settings_for(self, game: Game) -> SearchSettings:
        """The settings this bot searches ``game`` with: the game's (or its own ``settings``), with the budget,
        depth and exploration it was given."""
        base = self.settings or game.search_settings
        changes = {name: value for name, value in (("iterations", self.playouts), ("depth", self.depth),
                                                   ("exploration", self.exploration)) if value is not None}
        return replace(base, **changes) if changes else base

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
            self.last_playouts = 0
            return [Rating(legal[0], 0.0, 0)]
        settings = self.settings_for(game)
        root = self._start(game)
        seat = decision.player
        # The greedy ratings of the root's actions are made on a deal too: a game's look-ahead that draws (Kutná Hora
        # shuffles the tiles it cannot see) then draws from the bot's stream, never from the game's hidden one.
        greedy = None
        if (settings.candidates and len(legal) > settings.candidates) or settings.prior:
            greedy = one_step(_Deals(game, seat, self.rng, 0).fresh(), legal, seat, settings)
        allowed = candidates(game, legal, seat, greedy, settings)
        if allowed is None and self.allow is not None and len(legal) < len(game.legal_actions()):
            allowed = frozenset(legal)
        search = _Search(self.rng, settings, game.players, seat, root, allowed, prior(game, greedy, settings),
                         game.evaluation_scale)
        deals = _Deals(game, seat, self.rng, settings.deals)
        budget = settings.iterations
        if settings.per_action:
            considered = len(allowed) if allowed is not None else len(legal)
            budget = min(budget, settings.per_action * considered)
        done = 0
        if self.seconds is None or self.seconds == math.inf:
            for _ in range(budget):
                search.iterate(deals.next())
            done = budget
        else:
            deadline = self.clock() + self.seconds
            while done < budget and (done % 8 or self.clock() < deadline):
                search.iterate(deals.next())
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


class _Deals:
    """The deals one decision's iterations start from: a fresh one each time (``shared`` 0), or ``shared`` deals made
    once and taken in turn. Each deal also gets a random stream of its own (the future no seat sees)."""

    def __init__(self, game: Game, seat: int, rng: Rng, shared: int) -> None:
        self.game, self.seat, self.rng = game, seat, rng
        self.kept: list[Game] = []
        self.shared = shared
        self.turn = 0
        if not game.hidden_information and shared:
            self.shared = 1  # nothing hidden: one deal is the game itself

    def fresh(self) -> Game:
        deal = self.game.redeal(self.seat, self.rng) if self.game.hidden_information else self.game.clone()
        deal.rng.state = self.rng.next_u64()
        return deal

    def next(self) -> Game:
        if not self.shared:
            return self.fresh()
        if len(self.kept) < self.shared:
            self.kept.append(self.fresh())
        deal = self.kept[self.turn % self.shared]
        self.turn += 1
        return deal.clone()


class _Search:
    """One decision's search: the tree from ``root``, the settings, and what the root knows from the greedy rating
    (the ``allowed`` candidates, their ``bias`` and the order they are tried in)."""

    def __init__(self, rng: Rng, settings: SearchSettings, players: int, seat: int, root: Node,
                 allowed: frozenset[Action] | None, bias: dict[Action, float] | None,
                 scale_of_prior: float = 10.0) -> None:
        self.rng = rng
        self.settings = settings
        self.players = players
        self.seat = seat
        self.root = root
        self.allowed = allowed
        self.bias = bias
        self.widening = settings.widening
        self.minimax = settings.minimax
        self.prior_below = settings.prior_below
        self.scale_of_prior = scale_of_prior

    def iterate(self, state: Game) -> None:
        root, players = self.root, self.players
        path = [root]
        node = root
        while True:
            player = state._decider()
            if player is None:
                break
            legal: Sequence[Action] = state.legal_actions()
            if node is root and self.allowed is not None:
                legal = [a for a in legal if a in self.allowed]
            children = node.children
            bias = self.bias if node is root else node.bias
            if bias is None and self.prior_below and node is not root:
                bias = node.bias = pull(state.lookaheads(legal, player), legal, self.prior_below / self.scale_of_prior)
            untried = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            # Progressive widening: a node visited n times has at most 1 + widening * sqrt(n) children legal here
            # (all of them without widening, or when none of its children is legal in this deal).
            if untried and (not self.widening or len(untried) == len(legal) or
                            len(legal) - len(untried) < 1 + self.widening * math.sqrt(node.visits)):
                action = self._expansion(node, state, legal, untried, bias)
                child = Node(player, available=1, rewards=[0.0] * players)
                children[action] = child
                state.apply_unchecked(action)
                path.append(child)
                break
            action = self._select(node, legal, player, bias)
            node = children[action]
            state.apply_unchecked(action)
            path.append(node)
        rewards = self._rate(state)
        for visited in path:
            visited.visits += 1
            summed = visited.rewards
            for p in range(players):
                summed[p] += rewards[p]
        if self.minimax:
            self._back_up(path, rewards)

    def _back_up(self, path: list[Node], rewards: list[float]) -> None:
        """Implicit minimax backups (Lanctot, Winands, Pepels & Sturtevant 2014): the node just added keeps its
        rating, and each node above takes its best child's value for the seat choosing among the children."""
        leaf = path[-1]
        if leaf.best is None:
            leaf.best = list(rewards)
        for node in reversed(path[:-1]):
            best = None
            for child in node.children.values():
                value = child.best
                if value is not None and (best is None or value[child.player] > best[child.player]):
                    best = value
            node.best = best

    def _expansion(self, node: Node, state: Game, legal: Sequence[Action], untried: list[Action],
                   bias: dict[Action, float] | None) -> Action:
        """The next child to add: the best by the greedy rating where the search pulls towards it (the root with a
        ``prior``, every node with a ``prior_below``), else the best by the game's order (when it has one), else one
        at random."""
        if len(untried) == 1:
            return untried[0]
        if bias:
            return max(untried, key=lambda a: bias.get(a, -math.inf))
        order = self.settings.order
        if order is not None:
            scores = dict(zip(legal, order(state, legal), strict=True))
            return max(untried, key=scores.__getitem__)
        return untried[self.rng.below(len(untried))]

    def _select(self, node: Node, legal: Sequence[Action], player: int,
                bias: dict[Action, float] | None = None) -> Action:
        best, best_score = legal[0], -math.inf
        c = self.settings.exploration
        alpha = self.minimax
        children = node.children
        log, sqrt = math.log, math.sqrt
        for action in legal:
            child = children.get(action)
            if child is None:
                continue
            visits = child.visits
            score = child.rewards[player] / visits + c * sqrt(log(max(child.available, 1)) / visits)
            if alpha and child.best is not None:
                score += alpha * (child.best[player] - child.rewards[player] / visits)
            if bias:
                score += bias.get(action, -1.0) / sqrt(visits + 1)
            if score > best_score:
                best, best_score = action, score
        return best

    def _rate(self, state: Game) -> list[float]:
        settings = self.settings
        move = self._greedy_move if settings.playout == "greedy" else self._game_move
        for _ in range(settings.depth):
            if state._decider() is None:
                break
            state.apply_unchecked(move(state))
        settle = settings.settle
        if settle is not None:
            for _ in range(SETTLE_MOST):
                if state._decider() is None or settle(state):
                    break
                state.apply_unchecked(move(state))
        return rewards_of(state, settings)

    def _game_move(self, state: Game) -> Action:
        return state.playout_action(state.legal_actions(), self.rng)

    def _greedy_move(self, state: Game) -> Action:
        """The greedy bot's move: the best one-step rating for the seat to decide (the first listed of the best)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rated = state.lookaheads(legal, state._decider())
        return legal[max(range(len(legal)), key=rated.__getitem__)]


def one_step(game: Game, legal: Sequence[Action], seat: int,
             settings: SearchSettings | None = None) -> dict[Action, float] | None:
    """The greedy rating (``Game.lookaheads``) of every root action, when the search uses it (root candidates or
    the prior); else ``None``, and nothing is rated."""
    settings = settings or game.search_settings
    if not (settings.candidates and len(legal) > settings.candidates) and not settings.prior:
        return None
    return dict(zip(legal, game.lookaheads(legal, seat), strict=True))


def candidates(game: Game, legal: Sequence[Action], seat: int, rated: dict[Action, float] | None = None,
               settings: SearchSettings | None = None) -> frozenset[Action] | None:
    """The root actions a search considers: the game's ``candidates`` best by its one-step rating (ties at the cut
    all kept), or ``None`` (all) when the game sets no limit or lists no more than that. ``rated``: the ratings if
    already made (:func:`one_step`)."""
    settings = settings or game.search_settings
    keep = settings.candidates
    if not keep or len(legal) <= keep:
        return None
    if rated is None:
        rated = one_step(game, legal, seat, settings)
        assert rated is not None
    cut = sorted(rated.values(), reverse=True)[keep - 1] - 1e-9
    return frozenset(action for action, value in rated.items() if value >= cut)


def prior(game: Game, rated: dict[Action, float] | None,
          settings: SearchSettings | None = None) -> dict[Action, float] | None:
    """The root's progressive bias (``prior``): each action's shortfall against the best one-step rating, in the
    game's ``evaluation_scale``, times the weight; 0 for the best. ``None`` when the game sets none."""
    settings = settings or game.search_settings
    if not settings.prior or not rated:
        return None
    return pull(list(rated.values()), list(rated), settings.prior / game.evaluation_scale)


def pull(values: Sequence[float], actions: Sequence[Action], weight: float) -> dict[Action, float]:
    """A progressive bias: each action's shortfall against the best of ``values`` (its one-step ratings), times
    ``weight``; 0 for the best."""
    top = max(values)
    return {action: weight * (value - top) for action, value in zip(actions, values, strict=True)}


def rewards_of(game: Game, settings: SearchSettings | None = None) -> list[float]:
    """Each seat's share of a position for the search: a finished game pays its winners (ties share 1); a position
    cut off is rated by the search evaluation (``settings.evaluation``: each seat's lead over the best other seat,
    squashed by ``settings.scale``), or by the greedy evaluation (:func:`rank_rewards`) when the game has none."""
    settings = settings or game.search_settings
    evaluation = settings.evaluation
    if evaluation is None:
        return rank_rewards(game, settings.scale)
    n = game.players
    if game._decider() is None:
        if not settings.by_score:
            return _final(game)
        values: Sequence[float] = game.scores()
    else:
        values = evaluation(game)
    scale = settings.scale or game.evaluation_scale
    if n == 1:
        return [_squash(values[0] / scale)]
    first = max(range(n), key=values.__getitem__)
    best = values[first]
    second = max(v for p, v in enumerate(values) if p != first)
    return [_squash((v - (second if p == first else best)) / scale) for p, v in enumerate(values)]


def _final(game: Game) -> list[float]:
    outcome = game.outcome()
    assert outcome is not None
    return [1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(game.players)]


def rank_rewards(game: Game, scale: float | None = None) -> list[float]:
    """Each seat's share of a position by the greedy evaluation: a finished game pays its winners (ties share 1);
    a position cut off is rated by each seat's evaluation against the best other seat's (its lead; for an
    evaluation that is already a lead, the lead over the seat best placed against it), squashed into 0..1 by
    ``scale`` (the game's ``evaluation_scale`` unless given: how big a lead is clear). Rating the lead, not the
    evaluation itself, keeps the signal alive when a game's evaluation estimates its own final points (Chartres,
    Catan), which would saturate the squash late in a game and ignore how the others fare."""
    n = game.players
    outcome = game.outcome()
    if outcome is not None:
        return [1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(n)]
    scale = scale or game.evaluation_scale
    values = [game.heuristic(p) for p in range(n)]
    if n == 1:
        return [_squash(values[0] / scale)]
    order = sorted(range(n), key=values.__getitem__, reverse=True)
    first, second = values[order[0]], values[order[1]]
    return [_squash((v - (second if p == order[0] else first)) / scale) for p, v in enumerate(values)]


def _squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))
