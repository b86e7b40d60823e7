"""Positions that cover every decision kind of every game a table shows: seeded games are played (by a seeded random
chooser that may lean towards some actions) and the first position of each kind is kept, with the seat deciding it;
then also the first position of a kind whose legal actions bring a verb the kept ones of that kind did not have
(Kutná Hora's first Mine decision may offer only "discard": a later one offers "mine TILE SPACE").

Used by the every-choice check (``tests/widgets/test_every_choice.py``) and by the browser suite's fixture notebook
(``tests/browser/fixtures/every_kind.ipynb``), so both click the same positions. Deterministic: the same seeds give
the same positions in every process.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable

from games.catan.cities_knights import CKGame
from games.catan.game import CatanGame
from games.chartres import ChartresGame
from games.core import Rng
from games.kardinal_koenig import CardGame
from games.kutna_hora.game import KutnaHoraGame
from games.kutna_hora.state import Pending


@dataclass(frozen=True)
class Position:
    """A game at a decision of ``kind`` (the first one, or the first to offer a verb the kept ones did not); ``seat``
    decides it; ``how`` says where it came from."""

    kind: str
    game: Any
    seat: int
    how: str

    @property
    def verbs(self) -> set[str]:
        return {a.split()[0] for a in self.game.legal_actions().texts()}


def _kh_leaning(action: str) -> int:
    """Kutná Hora's rare kinds lie behind St. Barbara (tiles 3, 6, 10): lean towards the cathedral and buildings."""
    verb, *args = action.split()
    if "barbara" in action or (verb in ("build", "rights") and args and args[0].endswith("-4")):
        return 0
    if verb in ("play", "joker") and args[-1] in ("rights", "build", "plot", "income"):
        return 1
    return 2


@dataclass(frozen=True)
class Search:
    """How to find one game's positions: its class, the player counts and seeds to play, and (optionally) how much
    each action is preferred (lower first; the chooser takes a most-preferred action 19 times in 20)."""

    game_class: type
    players: tuple[int, ...]
    seeds: range
    leaning: Callable[[str], int] | None = None
    #: Config options each seed is played with in turn (a game whose decision kinds depend on a config switch).
    options: tuple[dict[str, Any], ...] = ({},)


def _ck_leaning(action: str) -> int:
    """Cities & Knights' rare kinds lie behind progress cards, improvements and knights: lean towards them."""
    verb = action.split()[0]
    return 0 if verb in ("play", "improve", "knight", "activate", "promote", "chase", "displace", "move", "wall",
                         "harbor") else 1


SEARCHES = {
    "kutna_hora": Search(KutnaHoraGame, (2, 3, 4), range(400), _kh_leaning),
    "chartres": Search(ChartresGame, (3, 2, 4), range(60)),
    "kardinal_koenig": Search(CardGame, (4, 3, 5), range(60)),
    "catan": Search(CatanGame, (4, 3), range(40)),
    # the commit decision needs the meanies variant, the hand-limit one fifth_card="choose"
    "catan_ck": Search(CKGame, (3, 4), range(60), _ck_leaning, ({}, {"meanies": True, "fifth_card": "choose"})),
}


def _choose(game: Any, rng: Rng, leaning: Callable[[str], int] | None) -> str:
    texts = game.legal_actions().texts()
    if leaning is not None and rng.below(20) < 19:
        best = min(map(leaning, texts))
        texts = [a for a in texts if leaning(a) == best]
    return texts[rng.below(len(texts))]


def _kh_remove_house(found: dict[str, list[Position]]) -> Position:
    """No tile of the designed component set prints the remove-house icon, so the decision never comes up in play:
    the first Build position that builds, its first build made, gets the icon's decision put on top as if the tile
    printed it."""
    build = next(p for p in found["build"] if "build" in p.verbs)
    game = build.game.clone()
    action = next(a for a in game.legal_actions().texts() if a.startswith("build "))
    game.apply(action)
    game.state.stack.append(Pending("remove-house", build.seat, tile=action.split()[1]))
    return Position("remove-house", game, build.seat, f"{build.how}, then '{action}' and the icon's decision")


@functools.cache
def first_positions(name: str) -> dict[str, list[Position]]:
    """Positions of every decision kind of game ``name`` (a key of :data:`SEARCHES`), by kind: the first of each
    kind, then the first to offer a verb the ones kept for its kind did not (module docstring)."""
    search = SEARCHES[name]
    kinds = {step.kind for step in search.game_class.steps.decisions()}  # the automatic steps ask nobody
    found: dict[str, list[Position]] = {}
    verbs: dict[str, set[str]] = {}
    for seed in search.seeds:
        for players, options in ((n, o) for n in search.players for o in search.options):
            game = search.game_class(None, seed, players=players, **options)
            rng = Rng(seed * 8 + players)
            while not game.is_terminal():
                decision = game.pending()
                offered = {a.split()[0] for a in game.legal_actions().texts()}
                if not offered <= verbs.setdefault(decision.kind, set()):
                    verbs[decision.kind] |= offered
                    found.setdefault(decision.kind, []).append(Position(
                        decision.kind, game.clone(), decision.player,
                        f"seed {seed}, {players} players{f', {options}' if options else ''}, step "
                        f"{len(game.history)}"))
                game.apply(_choose(game, rng, search.leaning))
            if name == "kutna_hora" and "build" in verbs.get("build", ()) and "remove-house" not in found:
                found["remove-house"] = [_kh_remove_house(found)]
            if set(found) >= kinds:
                return dict(sorted(found.items()))
    missing = sorted(kinds - set(found))
    raise AssertionError(f"{name}: no position of {', '.join(missing)} in seeds {search.seeds}")
