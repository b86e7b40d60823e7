"""Generic checks every game must pass, shared by the test suite and the fuzz command.

:func:`check_random_game` plays one seeded game at random and, at every decision, checks the kernel's promises:
a decision is pending with something to choose (:func:`decision_breaks`); legal actions sorted, unique and
round-tripping through text; nobody but the deciding player has actions; the game's own invariants hold
(:meth:`Game.invariant_breaks`). Every ``deep_every``-th decision it also checks that illegal actions are refused
without changing anything, that clones are independent, that a few actions off the path played lead to a decision
with something to choose (or the end), that the position survives JSON and back, and (every third time) that
replaying the history leads to the same position; at the end it loads the whole save back and compares the replay
of the whole history. A broken promise raises ``AssertionError`` with the seed and step, so any failure can be
replayed.

Which random play (``policy``). ``"uniform"`` picks every legal action alike (the default here, and the games
every seed always played); ``"game"`` picks by the game's :meth:`Game.random_weights`, one whole-number weight per
legal action, which is uniform unless a game says otherwise. The fuzz command uses ``"game"`` by default and the
shared random-play test runs a share of its games with each. Why a game weighs its actions: uniform Catan players
spend half their decisions composing trade offers and end most turns before building, so a game lasts 2,000-2,900
decisions, about 300 turns, and most of those positions are alike; weighted towards building, buying and playing
cards, a game ends by points in a few hundred decisions, and every kind of decision is still reached. A policy
changes which positions are visited, never which checks run: every check below runs at every decision (or every
``deep_every``-th) whatever the policy.

How the deep checks stay cheap without checking less. Actions and events are immutable values that the game only
ever appends to its history and log, so each is compared by content once, when it is new, and by identity after
that:

* "nothing changed" (after the refusals, after playing on a clone) compares the state and the random stream in
  full and the history and log entry by entry, the same objects in the same places (:class:`_Position`);
* the JSON round trip sends the whole state and the random stream through JSON and back at every deep check, the
  (frozen) config once, and each event once, at the first deep check that sees it; each action's text is read
  back when the action is first listed;
* the replay is one shadow game that replays the history from config and seed as the game goes, each action
  checked again as :meth:`Game.replay` checks it, and is compared with the game at every third deep check and,
  in full, at the end, field by field (the state and the log entries as exact ``marshal`` texts, which are
  stricter than sorted JSON for two values built by the same code);
* the refusal probes share the listing of the legal actions made for the position (the position is unchanged:
  each probe is checked for that, and the whole position after all of them).

The games' own invariants are recomputed from scratch at every decision; they are kept cheap by how they compute,
not by checking less (Catan's, for one, with bit masks and byte tables rather than loops over bits:
``games/catan/checks.py``).
"""

from __future__ import annotations

import json
import marshal
from operator import lt
from typing import Any, Callable

from .action import Action, LegalActions
from .config import config_from_dict, config_to_dict
from .errors import GameError, IllegalAction
from .events import Event
from .game import Decision, Game, seat_label
from .rng import Rng


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _fingerprint(game: Game) -> str:
    """Everything a save holds, as one text (the whole log: used once per game)."""
    return _dumps(game.to_dict())


def _exact(value: Any) -> bytes:
    """``value`` (JSON-ready) as an exact text: ``marshal`` (format 2, without references) tells every JSON type apart
    as JSON does (``True`` from ``1``, ``1.0`` from ``1``) and is written several times faster; it also keeps the
    order of dict keys and tells a tuple from a list, so it is stricter than sorted JSON for two values built by the
    same code (a position and its copies or its replay)."""
    return marshal.dumps(value, 2)


def _state(game: Game) -> bytes:
    """The state as an exact text (:func:`_exact`): the position's own copies and a JSON round trip keep the order of
    its dict keys."""
    return _exact(game.state.to_dict())


class _Position:
    """A position as the deep checks compare it: config, seed and state (as exact texts) and the random stream in
    full; the history and the log as lists of their (immutable) entries."""

    __slots__ = ("head", "state", "rng", "history", "log")

    def __init__(self, game: Game) -> None:
        self.head = _head(game)
        self.state = _state(game)
        self.rng = game.rng.state
        self.history = list(game.history)
        self.log = list(game.log)

    def differs(self, game: Game) -> str:
        """What of ``game`` differs from this position (``""``: nothing). The entries of the history and log are
        compared as lists (the same objects, for the game itself and its clones, compare at once)."""
        if _head(game) != self.head:
            return "config or seed"
        if _state(game) != self.state:
            return "state"
        if game.rng.state != self.rng:
            return "random stream"
        if game.history != self.history:
            return "history"
        if game.log != self.log:
            return "log"
        return ""


_HEADS: dict[int, tuple[Any, int, str]] = {}


def _head(game: Game) -> str:
    """The game id, config and seed as sorted JSON (written once per config object and seed)."""
    known = _HEADS.get(id(game.config))
    if known is None or known[0] is not game.config or known[1] != game.seed:
        if len(_HEADS) > 64:
            _HEADS.clear()
        known = _HEADS[id(game.config)] = (game.config, game.seed,
                                           _dumps([game.game_id, config_to_dict(game.config), game.seed]))
    return known[2]


class _Witness:
    """What one game's deep checks remember between deep checks: how far the history and log were sent through JSON
    and back, and the shadow game that replays the history."""

    def __init__(self) -> None:
        self.config: Any = None  # the config object already sent through JSON and back
        self.events_sent = 0
        self.shadow: Game | None = None
        self.shadow_compared = 0  # log entries of the shadow already compared with the game's
        self.shadow_history = 0  # and actions of its history


def decision_breaks(game: Game) -> list[str]:
    """The kernel's promise about who decides, in words (``[]`` when kept): a game that is not over asks a seat for a
    decision, a pending decision always has something to choose, and a finished game asks nobody. A decision with no
    legal action stops the game for good (no action can ever be applied), so every game is held to it after every
    decision of random play, on the clones the deep checks play on, and on the redealt twins search plays from."""
    over = game.is_terminal()
    return _decision_breaks(over, game.pending(), game.legal_actions())


def _decision_breaks(over: bool, decision: Decision | None, legal: LegalActions) -> list[str]:
    if over:
        return ["the game is over but still asks for a decision"] if decision is not None or legal else []
    if decision is None:
        return ["the game is not over, but nobody is asked to decide"]
    if not legal:
        return [f"{seat_label(decision.player)} is asked to decide ({decision.kind}: {decision.prompt}) with nothing "
                "to choose: no legal action"]
    return []


POLICIES = ("game", "uniform")


def pick(game: Game, legal: LegalActions, stream: Rng, policy: str = "uniform") -> Action:
    """One of ``legal`` at random from ``stream``: uniformly, or (``policy="game"``) by the game's
    :meth:`Game.random_weights` (uniformly when it gives none). The uniform pick is one draw of ``below(len(legal))``
    (``Rng.choice``), so the uniform games of a seed are the ones they always were."""
    weights = game.random_weights(legal) if policy == "game" else None
    if weights is None:
        return stream.choice(legal)
    total = sum(weights)
    assert len(weights) == len(legal) and total > 0 and min(weights) >= 0, \
        f"{game.game_id}: random_weights gave {list(weights)} for {len(legal)} actions"
    left = stream.below(total)
    for action, weight in zip(legal, weights, strict=True):
        left -= weight
        if left < 0:
            return action
    raise AssertionError("unreachable: the weights sum to their total")


def check_random_game(make: Callable[[int], Game], seed: int, max_steps: int = 10_000,
                      deep_every: int = 7, policy: str = "uniform") -> Game:
    """Play ``make(seed)`` to the end at random, checking invariants; return the finished game.

    ``deep_every``: run the costly checks (clone, JSON, illegal probes, every third time the replay) at every n-th
    decision. ``policy``: ``"uniform"`` picks every legal action alike, ``"game"`` by the game's
    :meth:`Game.random_weights` (see the module docstring).
    """
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}, not {policy!r}")
    game = make(seed)
    stream = Rng(seed ^ 0x5EED)
    seen: set[str] = set()  # the texts of every action listed so far
    probes: list[tuple[str, Action]] = []  # and those actions, in the order first seen (what the refusals probe)
    witness = _Witness()
    where = f"{game.game_id} seed {seed}"
    for step in range(max_steps):
        if game.is_terminal():
            break
        decision = game.pending()
        legal = game.legal_actions()
        stuck = _decision_breaks(False, decision, legal)
        assert not stuck, f"{where} step {step}: {'; '.join(stuck)}"
        assert decision is not None  # for the type checker: stuck says so otherwise
        keys = [a.sort_key for a in legal]  # sorted and unique: each key below the next
        assert all(map(lt, keys, keys[1:])), f"{where} step {step}: unsorted/duplicate"
        for a in legal:
            text = str(a)
            if text not in seen:  # parsing is deterministic: each text needs checking once per game
                assert Action.parse(text) == a, f"{where} step {step}: '{a}' does not parse back"
                seen.add(text)
                probes.append((text, a))
        for other in range(game.players):
            if other != decision.player:
                assert not game.legal_actions(other), f"{where} step {step}: seat {other} has actions out of turn"
        broken = game.invariant_breaks()
        assert not broken, f"{where} step {step}: invariant broken: {'; '.join(broken)}"
        if step % deep_every == 0:
            here = f"{where} step {step}"
            now = _Position(game)
            _check_refusals(game, legal, probes, here, step, now)
            _check_clone(game, legal, here, now)
            _check_successors(game, legal, here, step)
            _check_round_trip(game, witness, here, now)
            if step % (3 * deep_every) == 0:
                _check_replay(game, witness, here, now)
        game.apply(pick(game, legal, stream, policy))
    else:
        raise AssertionError(f"{where}: not over after {max_steps} decisions")
    stuck = decision_breaks(game)
    assert not stuck, f"{where} at the end: {'; '.join(stuck)}"
    broken = game.invariant_breaks()
    assert not broken, f"{where}: invariant broken at the end: {'; '.join(broken)}"
    scores = game.scores()
    assert len(scores) == game.players, f"{where}: {len(scores)} scores for {game.players} players"
    outcome = game.outcome()
    assert outcome is not None and outcome.winners, f"{where}: finished without winners"
    final = _fingerprint(game)
    assert _fingerprint(type(game).from_json(game.to_json(), trust_snapshot=True)) == final, \
        f"{where}: the whole save loads back different"
    _check_replay(game, witness, f"{where} at the end", _Position(game), whole=True)
    return game


def _check_refusals(game: Game, legal: LegalActions, items: list[tuple[str, Action]], where: str, step: int,
                    before: _Position, probes: int = 40) -> None:
    """Actions seen legal elsewhere but not legal here must be refused with a reason and change nothing.

    Probes rotate through everything seen so far; each probe gets a cheap check (history, log, random stream) and
    the whole position is compared once after all of them. ``apply`` lists the legal actions of the position to
    refuse a probe: every probe is given the listing already made here (``legal``), not a new one of the same
    position. (The objects listed are not probed, so ``apply`` is told it listed none: each probe goes straight to
    the check of its legality, not through a search of the listing for that very object first.)
    """
    marks = (len(game.history), len(game.log), game.rng.state)
    decider = game.pending()

    def listed(player: int | None = None) -> LegalActions:
        return legal if player is None or decider is None or player == decider.player else LegalActions(())

    chosen = {(step * 7 + k * 13) % len(items) for k in range(min(probes, len(items)))}
    tried = []
    members = frozenset(legal)
    memo = game._legal_memo
    game._legal_memo = None
    game.legal_actions = listed  # type: ignore[method-assign]  # this instance only, until the probes are done
    try:
        for text, action in (items[i] for i in sorted(chosen)):
            if action in members:
                continue
            tried.append(text)
            try:
                game.apply(action)
            except IllegalAction as err:
                assert err.reason, f"{where}: refusal of '{text}' has no reason"
            else:
                raise AssertionError(f"{where}: '{text}' is not listed as legal but was applied")
            assert (len(game.history), len(game.log), game.rng.state) == marks, \
                f"{where}: refused '{text}' changed the game"
    finally:
        del game.legal_actions
        game._legal_memo = memo
    changed = before.differs(game)
    assert not changed, f"{where}: one of the refused {tried} changed the game ({changed})"


def _check_clone(game: Game, legal: LegalActions, where: str, before: _Position) -> None:
    twin = game.clone()
    changed = before.differs(twin)
    assert not changed, f"{where}: clone differs from the original ({changed})"
    twin.apply(legal[-1])
    changed = before.differs(game)
    assert not changed, f"{where}: playing on a clone changed the original ({changed})"
    stuck = decision_breaks(twin)
    assert not stuck, f"{where}, then '{legal[-1]}' (on a clone): {'; '.join(stuck)}"


def _check_successors(game: Game, legal: LegalActions, where: str, step: int, probes: int = 3) -> None:
    """A few of the actions random play did not take here (rotating through the listing), each played on a clone:
    the position it leads to asks a decision with something to choose, or is over (:func:`decision_breaks`). Random
    play walks one path; this looks one step off it at every deep check."""
    count = len(legal)
    for i in sorted({(step * 5 + k * 11) % count for k in range(min(probes, count))}):
        twin = game.clone()
        twin.apply(legal[i])
        stuck = decision_breaks(twin)
        assert not stuck, f"{where}, then '{legal[i]}' (on a clone): {'; '.join(stuck)}"


def _check_round_trip(game: Game, witness: _Witness, where: str, now: _Position) -> None:
    """The position through JSON and back, as a save carries it: the state (validated field by field, as a snapshot
    loads) and the random stream every time, the config once per config object (it is frozen), and the events
    logged since the last deep check. (Every action's text was read back when it was first listed.)"""
    if witness.config is not game.config:
        config = config_from_dict(type(game).Config, json.loads(json.dumps(config_to_dict(game.config))))
        loaded = _dumps([game.game_id, config_to_dict(config), json.loads(json.dumps(game.seed))])
        assert loaded == now.head, f"{where}: JSON round trip differs (config or seed)"
        witness.config = game.config
    state = type(game.state).from_dict(json.loads(json.dumps(game.state.to_dict())), "snapshot.state")
    assert marshal.dumps(state.to_dict(), 2) == now.state, f"{where}: JSON round trip differs (state)"
    assert json.loads(json.dumps(game.rng.state)) == now.rng, f"{where}: JSON round trip differs (random stream)"
    text = _dumps([e.to_dict() for e in game.log[witness.events_sent:]])
    assert _dumps([Event.from_dict(e).to_dict() for e in json.loads(text)]) == text, \
        f"{where}: JSON round trip differs (the events since step {witness.events_sent})"
    witness.events_sent = len(game.log)


def _replay_to(game: Game, witness: _Witness, where: str) -> Game:
    """The shadow game, replayed from config and seed up to the game's history (as :meth:`Game.replay` replays a
    save: each action written as text, read back and applied through the checked path)."""
    if witness.shadow is None:
        witness.shadow = type(game)(config_from_dict(type(game).Config, config_to_dict(game.config)), game.seed)
    shadow = witness.shadow
    for i in range(len(shadow.history), len(game.history)):
        try:
            shadow.apply(Action.parse(str(game.history[i])))
        except GameError as err:
            raise AssertionError(f"{where}: action {i + 1} ({game.history[i]}) cannot be replayed: {err}") from err
    return shadow


def _check_replay(game: Game, witness: _Witness, where: str, now: _Position, whole: bool = False) -> None:
    """The history replayed from config and seed leads to this very position (the shadow game goes on from where
    it was at the last replay check; each action is written as text, read back and checked again). The history and
    the log are compared from where the last check stopped, or (``whole``, at the end) in full."""
    if whole:
        witness.shadow_history = witness.shadow_compared = 0
    shadow = _replay_to(game, witness, where)
    assert _head(shadow) == now.head, f"{where}: replay of the history differs (config or seed)"
    assert _state(shadow) == now.state, f"{where}: replay of the history differs (state)"
    assert shadow.rng.state == now.rng, f"{where}: replay of the history differs (random stream)"
    done = witness.shadow_history
    assert len(shadow.history) == len(now.history) and shadow.history[done:] == now.history[done:], \
        f"{where}: replay of the history differs (history)"
    witness.shadow_history = len(now.history)
    assert len(shadow.log) == len(game.log), f"{where}: replay of the history differs (log length)"
    start = witness.shadow_compared
    assert _exact([e.to_dict() for e in shadow.log[start:]]) == _exact([e.to_dict() for e in game.log[start:]]), \
        f"{where}: replay of the history differs (log)"
    witness.shadow_compared = len(game.log)
