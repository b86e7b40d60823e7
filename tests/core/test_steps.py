"""The kernel's Step units and flow: a game written as steps gets pending(), legal actions, refusals and apply from
its table of steps and the stack of pending step records; automatic steps run by themselves; a wrong verb or a wrong
number of words is refused before a step is asked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from games.core import Action, Automatic, DataError, IllegalAction, Record, RuleBook, Step, StepGame, Steps
from games.core.conformance import check_random_game

RULES = RuleBook.from_json("""{"game": "pile", "sections": {"T": "Taking"}, "rules": [
    {"id": "take", "section": "T", "text": "Take 1 to 3 stones."},
    {"id": "colour", "section": "T", "text": "After taking 3, name a colour.", "source": "decision"},
    {"id": "count", "section": "T", "text": "After each turn the pile is counted."}]}""")


@dataclass(frozen=True)
class PileConfig:
    players: int = 2


@dataclass(slots=True)
class Pending(Record):
    kind: str  # a step kind
    player: int


@dataclass(slots=True)
class PileState(Record):
    pile: int
    turn: int
    stack: list[Pending]
    counted: int  # how often the automatic step ran


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
            game.push(Pending("colour", at.player))
        else:
            s.turn += 1
            game.push(Pending("count", -1))


class Colour(Step):
    kind = "colour"
    forms = {"colour": "colour NAME", "pass": "pass"}

    def prompt(self, game: Any, at: Any) -> str:
        return "name a colour, or pass"

    def options(self, game: Any, at: Any) -> list[Action]:
        return [Action("pass"), Action("colour", ("red",)), Action("colour", ("blue",))]

    def apply(self, game: Any, at: Any, action: Action) -> None:
        game.emit("colour", f"says {action}")
        game.state.turn += 1


class Count(Automatic):
    kind = "count"

    def run(self, game: Any, at: Any) -> None:
        game.state.counted += 1
        game.emit("count", f"{game.state.pile} stones left")


class PileGame(StepGame):
    game_id = "pile"
    title = "Pile"
    rules = RULES
    Config = PileConfig
    min_players = max_players = 2
    steps = Steps(Take(), Colour(), Count())

    def _setup(self) -> PileState:
        return PileState(7 + self.rng.below(5), 0, [], 0)

    def _next_steps(self) -> bool:
        s = self.state
        if s.pile:
            self.push(Pending("take", s.turn % 2))
        return bool(s.pile)

    def scores(self) -> tuple[int, ...]:
        return tuple(int(p == (self.state.turn - 1) % 2) for p in range(2))

    def _observe(self, player: int | None) -> dict[str, Any]:
        return {"pile": self.state.pile}


class Chatter(Colour):
    """Colours are named until a pass: the decision goes on after every effect that pushes nothing."""

    goes_on = True

    def apply(self, game: Any, at: Any, action: Action) -> None:
        if action.verb == "pass":
            game.state.turn += 1
            game.push(Pending("count", -1))
        else:
            game.emit("colour", f"says {action}")


class ChatterGame(PileGame):
    steps = Steps(Take(), Chatter(), Count())


def test_a_step_that_goes_on_gets_its_record_back_when_its_effect_pushes_nothing():
    game = ChatterGame(None, 1)
    game.apply("take 3")
    for said in range(3):
        game.apply("colour red")
        assert (game.pending().kind, game.pending().player, len(game.state.stack)) == ("colour", 0, 1), said
    assert game.state.counted == 0
    game.apply("pass")
    assert (game.pending().kind, game.pending().player, game.state.counted) == ("take", 1, 1)
    assert ChatterGame.step_of("colour") is ChatterGame.steps["colour"] and ChatterGame.step_of("colour").goes_on
    with pytest.raises(KeyError):
        ChatterGame.step_of("shout")


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


def test_the_kernel_runs_automatic_steps_and_ends_the_game_when_nothing_is_next():
    game = PileGame(None, 1)
    pile = game.state.pile
    game.apply("take 1")
    assert game.state.counted == 1 and game.log[-1].rule == "count", "the automatic step ran at once"
    assert [frame.kind for frame in game.state.stack] == ["take"] and game.pending().player == 1
    while not game.is_terminal():
        game.apply(game.legal_actions()[0])
    assert game.state.stack == [] and game.pending() is None and len(game.legal_actions()) == 0
    assert game.state.counted == game.state.turn and pile > 0


def test_an_automatic_step_takes_no_verb_and_a_decision_takes_one():
    class Noisy(Automatic):
        kind = "noisy"
        forms = {"shout": "shout"}

    class Mute(Step):
        kind = "mute"
        forms = {}

    with pytest.raises(ValueError, match="automatic"):
        Steps(Noisy())
    with pytest.raises(ValueError, match="takes no verb"):
        Steps(Mute())
    assert [step.kind for step in PileGame.steps.automatic()] == ["count"]
    assert [step.kind for step in PileGame.steps.decisions()] == ["take", "colour"]


def test_a_verb_step_is_its_verbs_forms_options_refusals_and_effects():
    from games.core import Verb, VerbStep

    class Shout(Verb):
        verb, form = "shout", "shout WORD"

        def options(self, game: Any, at: Any, given: Any = None) -> list[Action]:
            return [Action("shout", ("hey",))]

        def refusal(self, game: Any, at: Any, action: Action) -> str | None:
            return f"only 'hey' may be shouted, not {action.args[0]!r}."

        def apply(self, game: Any, at: Any, action: Action) -> None:
            game.said.append(str(action))

    class Wait(Verb):
        verb, form = "wait", "wait"

        def options(self, game: Any, at: Any, given: Any = None) -> list[Action]:
            return [Action("wait")]

        def apply(self, game: Any, at: Any, action: Action) -> None:
            game.said.append("...")

    class Talk(VerbStep):
        kind = "talk"
        verbs = (Shout(), Wait())

    class Game:
        said: list[str] = []

    talk, game = Talk(), Game()
    assert talk.forms == {"shout": "shout WORD", "wait": "wait"}
    assert [str(a) for a in talk.options(game, None)] == ["shout hey", "wait"]
    assert talk.refusal(game, None, Action("shout", ("ho",))) == "only 'hey' may be shouted, not 'ho'."
    assert talk.refusal(game, None, Action("wait")) is None
    talk.apply(game, None, Action("wait"))
    talk.apply(game, None, Action("shout", ("hey",)))
    assert game.said == ["...", "shout hey"]
    with pytest.raises(ValueError, match="listed twice"):
        type("Twice", (VerbStep,), {"kind": "twice", "verbs": (Wait(), Wait())})


def test_a_verb_that_goes_on_gets_its_record_back_and_every_verb_sees_what_its_step_gives():
    from games.core import Verb, VerbStep

    class Add(Verb):
        verb, form, goes_on = "add", "add N", True

        def options(self, game: Any, at: Any, given: Any = None) -> list[Action]:
            return [Action("add", (n,)) for n in given]

        def apply(self, game: Any, at: Any, action: Action) -> None:
            game.total += int(action.args[0])
            if game.total > 5:
                game.state.stack.append("over")  # pushed something: the decision does not go on

    class Stop(Verb):
        verb, form = "stop", "stop"

        def options(self, game: Any, at: Any, given: Any = None) -> list[Action]:
            return [Action("stop")] if given else []

        def apply(self, game: Any, at: Any, action: Action) -> None:
            pass

    class Sum(VerbStep):
        kind = "sum"
        verbs = (Add(), Stop())

        def given(self, game: Any, at: Any) -> Any:
            return (1, 2)

    class State:
        stack: list[Any] = []

    class Game:
        total, state = 0, State()

    step, game, at = Sum(), Game(), "at"
    assert [str(a) for a in step.options(game, at)] == ["add 1", "add 2", "stop"]
    step.apply(game, at, Action("add", (2,)))
    assert game.state.stack == ["at"] and game.total == 2
    game.state.stack.clear()
    step.apply(game, at, Action("stop"))
    assert game.state.stack == [], "a verb that does not go on leaves the stack as its effect left it"
    step.apply(game, at, Action("add", (4,)))
    assert game.state.stack == ["over"] and game.total == 6


def test_a_game_subclasses_step_game_and_never_game_itself():
    from games.core import Game

    with pytest.raises(TypeError, match="a game subclasses games.core.StepGame"):
        type("Loose", (Game,), {})
    assert issubclass(type("Tight", (PileGame,), {}), StepGame)
