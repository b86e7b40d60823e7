"""A game left as a notebook cell's last line shows a short readable summary (its title, how far it is, who decides
what or how it ended, the points), never an object address or a dataclass repr; its decision and outcome read as
sentences too. Lesson pages hide the code, so what a cell shows is all a learner reads."""

import re

import pytest

from games import GAMES, game_class
from tests.checks import random_positions
from tests.core.toy import ToyGame

RAW = re.compile(r"\bat 0x|^\w+\(\w+=|<\w+\.\w+", re.M)


def visible_text(html_text: str) -> str:
    return re.sub(r"<[^>]+>", "\n", html_text)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_shows_itself_in_words_from_start_to_end(game_id):
    cls = game_class(game_id)
    for seed in (0, 1):
        for game in random_positions(lambda: cls(None, seed), seed, every=40):  # noqa: B023 - used at once
            lines = game.summary()
            shown = game._repr_html_()
            text = visible_text(shown)
            assert not RAW.search(text), text
            assert lines[0].startswith(f"{game.title}, {game.players} players, seed {seed}: "
                                       f"{len(game.history)} actions so far.")
            if game.is_terminal():
                winners = game.outcome().winners
                assert lines[1].startswith("Game over: Player ")
                assert all(f"Player {w + 1}" in lines[1] for w in winners)
            else:
                assert game.pending().prompt in lines[1]
                assert lines[-1] == "Points so far: " + ", ".join(
                    f"Player {p + 1} {s}" for p, s in enumerate(game.scores())) + "."
            assert game.pending() is None or not RAW.search(visible_text(game.pending()._repr_html_()))


def test_the_summary_escapes_html_and_names_the_decider_once():
    game = ToyGame(None, 3)
    game.title = "Pile <b>& stones</b>"  # an instance attribute: the class keeps its title
    shown = game._repr_html_()
    assert "&lt;b&gt;&amp; stones&lt;/b&gt;" in shown and "<b>&" not in shown
    decision = game.pending()
    assert game.summary()[1] == f"Now: Player {decision.player + 1} decides: {decision.prompt}" \
        or game.summary()[1] == f"Now: {decision.prompt}"
    assert decision._repr_html_().count(f"Player {decision.player + 1}") == 1


def test_an_outcome_reads_as_one_sentence_with_every_seat():
    game = ToyGame(None, 5)
    while not game.is_terminal():
        game.apply(game.legal_actions()[0])
    outcome = game.outcome()
    words = outcome.words()
    assert words.startswith(f"Player {outcome.winners[0] + 1} wins with {outcome.scores[outcome.winners[0]]} points")
    assert words.endswith(", ".join(f"Player {p + 1} {s}" for p, s in enumerate(outcome.scores)) + ".")
    assert outcome._repr_html_() == f"<p>{words}</p>"
    assert game.summary()[1] == f"Game over: {words}"
    assert len(game.summary()) == 2


def test_a_shared_win_is_said_as_shared():
    from games.core.game import Outcome

    assert Outcome((0, 2), "tied", (5, 3, 5)).words() == (
        "Player 1 and Player 3 share the win with 5 points (tied); Player 1 5, Player 2 3, Player 3 5.")
