"""A tiny game used to test the kernel on its own: two players take 1-3 stones from a pile; the pile size is
drawn from the game's own random stream; whoever takes the last stone scores 1. A player who takes 3 must
then also name a colour (an extra decision by the same player), so compound decisions are exercised."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core import Action, ConfigError, Decision, Game, Record, Rule, RuleBook

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
class ToyState(Record):
    pile: int
    turn: int
    must_colour: bool
    colours: list[str]
    winner: int


class ToyGame(Game):
    game_id = "toy"
    title = "Toy pile"
    rules = RULES
    Config = ToyConfig
    min_players = 2
    max_players = 3

    state: ToyState

    def _check_config(self, config: ToyConfig) -> None:
        if not 2 <= config.players <= 3:
            raise ConfigError("toy takes 2 or 3 players")

    def _setup(self) -> ToyState:
        pile = 10 + self.rng.below(10)
        self.emit("setup", f"The pile holds {pile} stones.", pile=pile)
        return ToyState(pile, 0, False, [], -1)

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.state.turn % self.config.players

    def is_terminal(self) -> bool:
        return self.state.pile == 0 and not self.state.must_colour

    def pending(self) -> Decision | None:
        if self.is_terminal():
            return None
        p = self.current_player
        if self.state.must_colour:
            return Decision(p, "colour", "name a colour")
        return Decision(p, "turn", "take stones")

    def _legal(self) -> list[Action]:
        if self.state.must_colour:
            return [Action("colour", (c,)) for c in ("red", "blue")]
        return [Action("take", (n,)) for n in range(1, min(self.config.max_take, self.state.pile) + 1)]

    def _why_illegal(self, action: Action) -> str | None:
        if action.verb == "take" and self.state.must_colour:
            return "name a colour first."
        return None

    def _apply(self, action: Action) -> None:
        s = self.state
        if action.verb == "colour":
            s.colours.append(str(action.args[0]))
            self.emit("colour", f"colour {action.args[0]}")
            s.must_colour = False
            s.turn += 1
            return
        n = int(action.args[0])
        s.pile -= n
        self.emit("take", f"takes {n}", n=n)
        if s.pile == 0:
            s.winner = s.turn % self.config.players
            self.emit("last", "took the last stone")
        if n == 3:
            s.must_colour = True
        else:
            s.turn += 1

    def scores(self) -> tuple[int, ...]:
        return tuple(int(p == self.state.winner) for p in range(self.config.players))

    def _observe(self, player: int | None) -> dict[str, Any]:
        return {"pile": self.state.pile}
