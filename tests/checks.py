"""Checks the game test folders share: seeded random positions to test at, an illegal action refused with its
reason while nothing changes, a save loading back to itself, and a save with a bad config refused naming what is
wrong."""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator

import pytest

from games.core import Game, IllegalAction, Rng


def random_positions(make: Callable[[], Game], seed: int, every: int, final: bool = True) -> Iterator[Game]:
    """Every ``every``-th position of a game from ``make()`` played at random from ``seed`` (the game object itself,
    moving on), and the finished game last unless ``final`` is false."""
    game, pick = make(), Rng(seed)
    step = 0
    while not game.is_terminal():
        if step % every == 0:
            yield game
        legal = game.legal_actions()
        game.apply(legal[pick.below(len(legal))])
        step += 1
    if final:
        yield game


def random_moves(game: Game, seed: int) -> Iterator[list[Any]]:
    """Play ``game`` to its end at random from ``seed``, each move unchecked (it is one of the game's own legal
    actions): yields the legal actions of every position, the game still at it, before the move is played."""
    pick = Rng(seed)
    while not game.is_terminal():
        legal = game.legal_actions()
        yield legal
        game.apply_unchecked(legal[pick.below(len(legal))])


def twins_seen_alike(game: Game, make_twin: Callable[[Game, int | None], Game], seed: int
                     ) -> Iterator[tuple[int | None, Game]]:
    """Every viewer (the teacher, ``None``, and each seat) with its twin, ``make_twin(game, viewer)``: a game that
    differs from ``game`` only in what the viewer may not see, checked to look the same to it."""
    for viewer in [None, *range(game.players)]:
        twin = make_twin(game, viewer)
        assert twin.observe(viewer) == game.observe(viewer), f"seed {seed} step {len(game.history)} {viewer}"
        yield viewer, twin


def assert_refused(game: Game, action: Any, reason: str, kind: str | None = None) -> str:
    """``action`` is refused with ``reason`` (a regular expression), ``explain`` gives the same sentence, and the
    game, its history and its log are unchanged; ``kind``: the pending decision's kind (``"over"`` after the end).
    Returns the refusal."""
    if kind is not None:
        decision = game.pending()
        assert (decision.kind if decision else "over") == kind
    before, history, log = game.to_json(), list(game.history), len(game.log)
    assert not game.is_legal(action)
    with pytest.raises(IllegalAction, match=reason) as refused:
        game.apply(action)
    assert refused.value.reason and game.explain(action) == refused.value.reason
    assert game.to_json() == before and game.history == history and len(game.log) == log
    assert game.invariant_breaks() == []
    return refused.value.reason


def refusal_cases(cases: list[tuple]) -> Any:
    """The parametrisation of a game's table of refusals: rows (decision kind, position maker, action, reason), each
    test named "kind: action" (for :func:`assert_refused`)."""
    return pytest.mark.parametrize("kind, make, action, reason", cases, ids=[f"{c[0]}: {c[2]}" for c in cases])


def assert_not_notation(game: Game, text: str) -> None:
    """``text`` is refused as no action at all (:class:`~games.core.InvalidNotation`) and the game is unchanged."""
    from games.core import InvalidNotation

    before = game.to_json()
    with pytest.raises(InvalidNotation):
        game.apply(text)
    assert game.to_json() == before

def save_loader(cls: type[Game]) -> Callable[..., Game]:
    """``load(data, trust_snapshot=False)``: a save given as a dict, read back by ``cls.from_json``."""
    def load(data: dict, trust_snapshot: bool = False) -> Game:
        return cls.from_json(json.dumps(data), trust_snapshot=trust_snapshot)
    return load


def loads_back(cls: type[Game], data: dict) -> list[Game]:
    """A save (as a dict) loads back to the same save, replayed and from its trusted snapshot (the two games are
    returned, replayed first), and through the package's own ``games.load``."""
    import games

    again = [save_loader(cls)(data, trust) for trust in (False, True)]
    assert all(game.to_dict() == data for game in again)
    assert games.load(json.dumps(data)).to_dict() == data
    return again

def assert_save_refused(load: Callable[..., Any], data: dict, message: str, trust_snapshot: bool = False) -> None:
    """The save ``data`` (a dict) is refused by ``load`` with a ``SaveFileError`` matching ``message``."""
    from games.core import SaveFileError

    with pytest.raises(SaveFileError, match=message):
        load(data, trust_snapshot=True) if trust_snapshot else load(data)  # some loaders take the save alone


def assert_bad_config_refused(load: Callable[[dict], Any], data: dict, change: dict, message: str) -> None:
    """A save ``data`` (from a package's ``save``) with ``change`` written over its config, without its snapshot and
    actions, is refused by ``load`` with a ``SaveFileError`` matching ``message``."""
    data["config"].update(change)
    del data["snapshot"]
    data["actions"] = []
    assert_save_refused(load, data, message)


def in_a_thread(work: Any) -> Any:
    """Call ``work()`` in a thread of its own and return its result (or raise its exception). A test session may
    leave an event loop marked running in the main thread (Playwright's sync API does, after the browser suite):
    code that asks for the running loop then finds one that never runs, and ``asyncio.run`` refuses to start there.
    A new thread has no loop."""
    import threading

    out: dict[str, Any] = {}

    def main() -> None:
        try:
            out["value"] = work()
        except BaseException as err:  # handed to the caller below
            out["error"] = err

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def run_in_own_loop(make: Any) -> Any:
    """Run the coroutine ``make()`` to its end on a new event loop in a thread of its own (see :func:`in_a_thread`),
    and return its result."""
    import asyncio

    return in_a_thread(lambda: asyncio.run(make()))
