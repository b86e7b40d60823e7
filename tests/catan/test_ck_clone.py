"""Clones deep in a Cities & Knights game (issue 16): clones share the older actions and events with the game they
were made from (games.core.shared_list), yet each plays on by itself and its own history replays to exactly its
state, random stream and log."""

import pytest

from games.catan.cities_knights import new_game
from games.core import Rng

pytestmark = pytest.mark.slow  # every test here takes seconds (tests/README.md)


def test_clones_made_again_and_again_play_apart_and_each_replays_from_its_own_history():
    family = [(new_game(players=4, seed=11), Rng(11))]
    for step in range(1, 700):
        if step % 40 == 0:  # a clone of a clone of ... every 40 decisions, each choosing its own way on
            parent, _ = family[step // 40 % len(family)]
            family.append((parent.clone(), Rng(step)))
        for game, pick in family:
            if not game.is_terminal():
                legal = game.legal_actions()
                game.apply_unchecked(legal[pick.below(len(legal))])
    assert len(family) == 18 and min(len(game.history) for game, _ in family) >= 600
    assert len({tuple(map(str, game.history)) for game, _ in family}) == len(family), "every clone went its own way"
    for game, _ in family:
        replayed = type(game).replay(game.config, game.seed, game.history)
        assert replayed.to_dict() == game.to_dict() and replayed.log == game.log and game.invariant_breaks() == []
