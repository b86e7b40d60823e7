"""The kernel's Step units: a game written as steps gets pending(), legal actions, refusals and apply from its
table of steps; a wrong verb or a wrong number of words is refused before a step is asked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from games.core import Action, DataError, IllegalAction, Record, RuleBook, Step, StepGame, Steps
from games.core.conformance import check_random_game

RULES = RuleBook.from_json("""{"game": "pile", "sections": {"T": "Taking"}, "rules": [
    {"id": "take", "section": "T", "text": "Take 1 to 3 stones."},
    {"id": "colour", "section": "T", "text": "After taking 3, name a colour.", "source": "decision"}]}""")


@dataclass(frozen=True)
class PileConfig:
    players: int = 2


@dataclass(slots=True)
class PileState(Record):
    pile: int
    turn: int
    asks: str  # the pending step's kind


class Take(Step):
    kind = "take"
    forms = {"take": "take N"}
    presorted = True

    def prompt(self, game: Any, at: Any) -> str:
        return f"Player {game.state.turn % 2 + 1}: take 1 to 3 of {game.state.pile} stones"

    def options(self, game: Any, at: Any) -> list[Action]:
        return [Action("take", (n,)) for n in range(1, min(3, game.state.pile) + 1)]

    def refusal(self, game: Any, at: Any, action: Action) -> str | None:
        return f"take 1 to {min(3, game.state.pile)} stones, not {action.args[0]}."

    def apply(self, game: Any, at: Any, action: Action) -> None:
        s = game.state
        s.pile -= int(action.args[0])
        game.emit("take", f"takes {action.args[0]}")
        if action.args[0] == 3 and s.pile:
            s.asks = "colour"
        else:
            s.turn += 1


class Colour(Step):
    kind = "colour"
    forms = {"colour": "colour NAME", "pass": "pass"}

    def prompt(self, game: Any, at: Any) -> str:
        return "name a colour, or pass"

    def options(self, game: Any, at: Any) -> list[Action]:
        return [Action("pass"), Action("colour", ("red",)), Action("colour", ("blue",))]

    def apply(self, game: Any, at: Any, action: Action) -> None:
        game.emit("colour", f"says {action}")
        game.state.asks = "take"
        game.state.turn += 1


class PileGame(StepGame):
    game_id = "pile"
    title = "Pile"
    rules = RULES
    Config = PileConfig
    min_players = max_players = 2
    steps = Steps(Take(), Colour())

    def _setup(self) -> PileState:
        return PileState(7 + self.rng.below(5), 0, "take")

    def _step_now(self) -> tuple[Step, Any, int] | None:
        s = self.state
        return None if not s.pile else (self.steps[s.asks], s, s.turn % 2)

    @property
    def current_player(self) -> int | None:
        return None if not self.state.pile else self.state.turn % 2

    def is_terminal(self) -> bool:
        return not self.state.pile

    def scores(self) -> tuple[int, ...]:
        return tuple(int(p == (self.state.turn - 1) % 2) for p in range(2))

    def _observe(self, player: int | None) -> dict[str, Any]:
        return {"pile": self.state.pile}


def test_the_pending_step_gives_the_decision_and_its_sorted_options():
    game = PileGame(None, 1)
    assert game.pending().kind == "take" and game.pending().prompt.startswith("Player 1: take 1 to 3")
    assert game.legal_actions().texts() == ["take 1", "take 2", "take 3"]
    game.apply("take 3")
    assert game.pending().kind == "colour"
    assert game.legal_actions().texts() == ["colour blue", "colour red", "pass"], "sorted by the kernel"


@pytest.mark.parametrize("text, says", [
    ("fly", "now: Player 1: take 1 to 3 of"), ("fly", "Write take N."), ("take", "has 0 word(s) after 'take'"),
    ("take 1 2", "write it as 'take N'"), ("take 9", "take 1 to 3 stones, not 9."),
])
def test_refusals_name_the_spelling_first_and_then_the_rule(text, says):
    game = PileGame(None, 1)
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(text)
    assert says in err.value.reason and game.to_json() == before


def test_a_step_game_passes_the_kernels_random_play_checks():
    for seed in range(30):
        check_random_game(lambda s: PileGame(None, s), seed, deep_every=3)


def test_a_kind_or_a_form_registered_wrongly_is_refused():
    with pytest.raises(ValueError, match="registered twice"):
        Steps(Take(), Take())

    class Bad(Take):
        kind = "bad"
        forms = {"take": "grab N"}

    with pytest.raises(ValueError, match="does not start with its verb"):
        Steps(Bad())
    assert Steps(Take(), Colour()).verbs() == {"take": "take N", "colour": "colour NAME", "pass": "pass"}


@pytest.mark.parametrize("text, says", [
    ("[]", "exactly game, sections and rules"), ('{"game": "x", "sections": {}, "rules": [{}]}', "a rule holds"),
    ('{"game": "x", "sections": {"S": "s"}, "rules": [{"id": "a", "section": "T", "text": "t"}]}', "unknown section"),
    ('{"game": "x", "sections": {"S": "s"}, "rules": [{"id": "a", "section": "S", "text": "t", "source": "dream"}]}',
     "source must be one of"),
    ('{"game": "x", "sections": {"S": "s"}, "rules": [{"id": "a", "section": "S", "text": "t"},'
     ' {"id": "a", "section": "S", "text": "u"}]}', "registered twice"), ("{", "not JSON"),
])
def test_a_malformed_rule_book_names_what_is_wrong(text, says):
    with pytest.raises(DataError, match=says):
        RuleBook.from_json(text)
