"""A tiny game used to test the kernel on its own: two players take 1-3 stones from a pile; the pile size is
drawn from the game's own random stream; whoever takes the last stone scores 1. A player who takes 3 must
then also name a colour (an extra decision by the same player), so compound decisions are exercised. Written as
steps (:class:`~games.core.StepGame`), like every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core import Action, ConfigError, Record, Rule, RuleBook, Step, StepGame, Steps

RULES = RuleBook("toy", [
    Rule("take", "Taking", "Take 1 to 3 stones."),
    Rule("colour", "Taking", "After taking 3, name a colour."),
    Rule("setup", "Setup", "The pile holds 10 to 19 stones."),
    Rule("last", "End", "Taking the last stone scores 1."),
])


@dataclass(frozen=True)
class ToyConfig:
    players: int = 2
    max_take: int = 3


@dataclass(slots=True)
class Pending(Record):
    kind: str  # "turn" or "colour"
    player: int


@dataclass(slots=True)
class ToyState(Record):
    pile: int
    turn: int
    must_colour: bool
    colours: list[str]
    winner: int
    stack: list[Pending]


class Take(Step):
    kind = "turn"
    forms = {"take": "take N"}
    presorted = True

    def prompt(self, game: ToyGame, at: Pending) -> str:
        return "take stones"

    def options(self, game: ToyGame, at: Pending) -> list[Action]:
        return [Action("take", (n,)) for n in range(1, min(game.config.max_take, game.state.pile) + 1)]

    def apply(self, game: ToyGame, at: Pending, action: Action) -> None:
        s = game.state
        n = int(action.args[0])
        s.pile -= n
        game.emit("take", f"takes {n}", n=n)
        if s.pile == 0:
            s.winner = s.turn % game.config.players
            game.emit("last", "took the last stone")
        if n == 3:
            s.must_colour = True
            game.push(Pending("colour", at.player))
        else:
            s.turn += 1


class Colour(Step):
    kind = "colour"
    forms = {"colour": "colour NAME"}

    def prompt(self, game: ToyGame, at: Pending) -> str:
        return "name a colour"

    def spelling(self, game: ToyGame, at: Pending, action: Action) -> str | None:
        return "name a colour first." if action.verb == "take" else super().spelling(game, at, action)

    def options(self, game: ToyGame, at: Pending) -> list[Action]:
        return [Action("colour", (c,)) for c in ("red", "blue")]

    def apply(self, game: ToyGame, at: Pending, action: Action) -> None:
        s = game.state
        s.colours.append(str(action.args[0]))
        game.emit("colour", f"colour {action.args[0]}")
        s.must_colour = False
        s.turn += 1


class ToyGame(StepGame):
    game_id = "toy"
    title = "Toy pile"
    rules = RULES
    Config = ToyConfig
    min_players = 2
    max_players = 3
    steps = Steps(Take(), Colour())

    state: ToyState

    def _check_config(self, config: ToyConfig) -> None:
        if not 2 <= config.players <= 3:
            raise ConfigError("toy takes 2 or 3 players")

    def _setup(self) -> ToyState:
        pile = 10 + self.rng.below(10)
        self.emit("setup", f"The pile holds {pile} stones.", pile=pile)
        return ToyState(pile, 0, False, [], -1, [])

    def _next_steps(self) -> bool:
        s = self.state
        if s.pile:
            self.push(Pending("turn", s.turn % self.config.players))
        return bool(s.pile)

    def scores(self) -> tuple[int, ...]:
        return tuple(int(p == self.state.winner) for p in range(self.config.players))

    def _observe(self, player: int | None) -> dict[str, Any]:
        return {"pile": self.state.pile}
