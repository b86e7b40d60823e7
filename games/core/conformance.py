"""Generic checks every game must pass, shared by the test suite and the fuzz command.

:func:`check_random_game` plays one seeded game with a uniformly random policy and, at every decision, checks
the kernel's promises: legal actions sorted, unique and round-tripping through text; nobody but the deciding
player has actions; the game's own invariants hold (:meth:`Game.invariant_breaks`); illegal actions are refused
without changing anything; clones are independent; the JSON save loads back to the same game; and the history
replays to the same final state. A broken promise raises
``AssertionError`` with the seed and step, so any failure can be replayed.
"""

from __future__ import annotations

import json
from typing import Callable

from .action import Action
from .errors import IllegalAction
from .game import Game
from .rng import Rng


def _fingerprint(game: Game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def check_random_game(make: Callable[[int], Game], seed: int, max_steps: int = 10_000,
                      deep_every: int = 7) -> Game:
    """Play ``make(seed)`` to the end at random, checking invariants; return the finished game.

    ``deep_every``: run the costly checks (clone, JSON, illegal probes) at every n-th decision.
    """
    game = make(seed)
    policy = Rng(seed ^ 0x5EED)
    seen: dict[str, Action] = {}
    where = f"{game.game_id} seed {seed}"
    for step in range(max_steps):
        if game.is_terminal():
            break
        decision = game.pending()
        assert decision is not None, f"{where} step {step}: not over, but no pending decision"
        legal = game.legal_actions()
        assert legal, f"{where} step {step}: no legal action for {decision}"
        keys = [a.sort_key for a in legal]
        assert keys == sorted(keys) and len(set(keys)) == len(keys), f"{where} step {step}: unsorted/duplicate"
        for a in legal:
            text = str(a)
            if text not in seen:  # parsing is deterministic: each text needs checking once per game
                assert Action.parse(text) == a, f"{where} step {step}: '{a}' does not parse back"
                seen[text] = a
        for other in range(game.players):
            if other != decision.player:
                assert not game.legal_actions(other), f"{where} step {step}: seat {other} has actions out of turn"
        broken = game.invariant_breaks()
        assert not broken, f"{where} step {step}: invariant broken: {'; '.join(broken)}"
        if step % deep_every == 0:
            now = _fingerprint(game)
            _check_refusals(game, seen, where, step, now)
            _check_clone(game, legal, where, step, now)
            # Loading replays the whole log, so it is quadratic over a game: every third deep check replays,
            # the others load the (field-by-field validated) snapshot.
            replayed = step % (3 * deep_every) == 0
            loaded = type(game).from_json(game.to_json(), trust_snapshot=not replayed)
            assert _fingerprint(loaded) == now, f"{where} step {step}: JSON round trip differs"
        game.apply(legal[policy.below(len(legal))])
    else:
        raise AssertionError(f"{where}: not over after {max_steps} decisions")
    assert game.pending() is None and not game.legal_actions(), f"{where}: over but still asks for a decision"
    broken = game.invariant_breaks()
    assert not broken, f"{where}: invariant broken at the end: {'; '.join(broken)}"
    scores = game.scores()
    assert len(scores) == game.players, f"{where}: {len(scores)} scores for {game.players} players"
    outcome = game.outcome()
    assert outcome is not None and outcome.winners, f"{where}: finished without winners"
    again = type(game).replay(game.config, game.seed, game.history)
    assert _fingerprint(again) == _fingerprint(game), f"{where}: replay of the history differs"
    return game


def _check_refusals(game: Game, seen: dict[str, Action], where: str, step: int, before: str,
                    probes: int = 40) -> None:
    """Actions seen legal elsewhere but not legal here must be refused with a reason and change nothing.

    Probes rotate through everything seen so far; each probe gets a cheap check (history, log, random stream) and
    the full state is compared once after all of them.
    """
    marks = (len(game.history), len(game.log), game.rng.state)
    legal = game.legal_actions()
    items = list(seen.items())
    chosen = {(step * 7 + k * 13) % len(items) for k in range(min(probes, len(items)))}
    tried = []
    for text, action in (items[i] for i in sorted(chosen)):
        if action in legal:
            continue
        tried.append(text)
        try:
            game.apply(action)
        except IllegalAction as err:
            assert err.reason, f"{where} step {step}: refusal of '{text}' has no reason"
        else:
            raise AssertionError(f"{where} step {step}: '{text}' is not listed as legal but was applied")
        assert (len(game.history), len(game.log), game.rng.state) == marks, \
            f"{where} step {step}: refused '{text}' changed the game"
    assert _fingerprint(game) == before, f"{where} step {step}: one of the refused {tried} changed the game"


def _check_clone(game: Game, legal, where: str, step: int, before: str) -> None:
    twin = game.clone()
    assert _fingerprint(twin) == before, f"{where} step {step}: clone differs from the original"
    twin.apply(legal[-1])
    assert _fingerprint(game) == before, f"{where} step {step}: playing on a clone changed the original"
