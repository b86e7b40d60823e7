"""The effects of the rule text's symbol glossary, carried out for one player: influence points, drawing cards,
citizens, windows, reputation, and the gains of an ability, a track bonus, a window bonus or a bonus tile.

A gain names the rule it follows: gains of an ability log under the glossary's own rule (``effect.*``), gains of
a printed bonus under the bonus's rule (``track.status``, ``window.bonus``, ...), so the log says why each
happened. Track movements (shield, cross, barrel) are :mod:`.tracks`: the bonus a move reaches is gained here at
once, through :func:`gain`, so chains resolve depth first.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Callable

from games.core import seat_label

from . import tracks
from .data import rulebook
from .influence import gain_ip
from .windows import build_window, rightmost_value

if TYPE_CHECKING:
    from .game import ChartresGame

#: The rule name an ability's gains carry: each then logs under the glossary's rule for its effect.
FROM_ABILITY = "ability"


def refill(game: ChartresGame, pile: str, discards: str, rule: str) -> bool:
    """An empty ``pile`` of the state is rebuilt from its shuffled ``discards``; ``False`` when both are empty."""
    s = game.state
    if getattr(s, pile) or not getattr(s, discards):
        return bool(getattr(s, pile))
    fresh = getattr(s, discards)
    game.rng.shuffle(fresh)
    setattr(s, pile, fresh)
    setattr(s, discards, [])
    game.emit(rule, f"The deck ran out: {len(fresh)} discards shuffled into a new deck.")
    return True


def draw(game: ChartresGame, p: int, n: int, rule: str, limit: bool = True) -> None:
    """``p`` draws ``n`` cards; with ``limit``, each card beyond the hand limit scores 1 IP instead."""
    s = game.state
    hand = s.hand[p]
    most = game.hand_limit(p) if limit else 0
    drawn = over = 0
    for _ in range(n):
        if limit and len(hand) >= most:
            over += 1
            continue
        if not s.deck and not refill(game, "deck", "discard", "deck.reshuffle"):  # (refill replaces the deck)
            break
        insort(hand, s.deck.pop())  # hands are kept sorted, so legal actions come out sorted
        drawn += 1
    if drawn and rule != "setup.deal":
        game.emit(rule, f"{seat_label(p)} draws {drawn} card{'s' if drawn != 1 else ''}.", player=p, cards=drawn)
    if over:  # (gain_ip gives nothing for 0: the sentence is not written then)
        gain_ip(game, p, over * game.numbers.hand_limit_ip, "hand.limit", f"{over} card{'s' if over != 1 else ''} "
                f"beyond the hand limit of {most}")


def gain_citizen(game: ChartresGame, p: int, rule: str) -> None:
    """A citizen of ``p``'s colour from the common supply to the personal supply (none left: nothing)."""
    s = game.state
    if s.common[p] <= 0:
        game.emit("inferred.per-colour-citizens", f"{seat_label(p)}: no citizen of their colour is left in the "
                  "common supply.", player=p)
        return
    s.common[p] -= 1
    s.personal[p] += 1
    game.emit(rule, f"{seat_label(p)} takes a citizen from the common supply ({s.personal[p]} in the personal "
              "supply).", player=p)


def path_options(game: ChartresGame, p: int) -> list[int]:
    """The paths (indexes of ``PATHS``) where ``p`` could put a citizen now."""
    s = game.state
    if s.personal[p] <= 0:
        return []
    return [k for k, path in enumerate(s.paths) if -1 in path]


def place_citizen(game: ChartresGame, p: int, path: int, rule: str) -> None:
    """A citizen of ``p``'s personal supply on the first empty space of ``path``, counted from the building."""
    s = game.state
    space = s.paths[path].index(-1)
    s.paths[path][space] = p
    s.personal[p] -= 1
    game.emit(rule, f"{seat_label(p)} puts a citizen on the {rulebook.PATHS[path]} path, space {space + 1} from the "
              "building.", player=p, path=rulebook.PATHS[path], space=space)


def window(game: ChartresGame, p: int, wanted: str) -> None:
    """Build a ``wanted`` window (a colour, ``white`` or ``any``) in ``p``'s leftmost empty space."""
    s, parts = game.state, game.parts
    built = build_window(parts.window_colours, parts.window_bonuses, len(s.windows[p]), wanted,
                         game.numbers.window_overflow)
    if built.space < 0:
        gain_ip(game, p, built.ip, "window.full", f"a {built.glass} window after all {len(parts.window_colours)} "
                "are built")
        return
    s.windows[p].append(built.glass)
    game.emit(built.rule, f"{seat_label(p)} builds a {built.glass} window on space {built.space + 1} "
              f"({parts.window_colours[built.space]}).", player=p, space=built.space, glass=built.glass)
    if built.bonus:
        gain(game, p, built.bonus, "window.bonus")


def gain(game: ChartresGame, p: int, atom: str, rule: str) -> None:
    """Carry out one gain atom for ``p`` under ``rule`` (:data:`FROM_ABILITY` for an ability's own gains)."""
    kind, _, arg = atom.partition(":")
    if rule == "decision.stairs":
        game.emit(rule, f"{seat_label(p)} reaches the stairs symbol: cross up 1 (placeholder).", player=p)
    elif rule == "decision.tile-free":
        game.emit(rule, f"{seat_label(p)}: the bonus tile's window costs no cards.", player=p)
    _GAINS[kind](game, p, arg, rule)


def _move(track: Callable[[ChartresGame, int], tracks.Bonus | None]) -> Callable[[ChartresGame, int, str, str], None]:
    """The gain of one step of a marker on a track: the printed bonus it reaches is gained at once (a chain)."""

    def step(game: ChartresGame, p: int, arg: str, rule: str) -> None:
        reached = track(game, p)
        if reached is not None:
            gain(game, p, *reached)

    return step


def _own(rule: str, glossary_rule: str) -> str:
    """An ability's gain logs under the glossary's rule; a printed bonus's under the bonus's."""
    return glossary_rule if rule == FROM_ABILITY else rule


def _first_free_path(game: ChartresGame, p: int, arg: str, rule: str) -> None:
    # with a choice of paths an ability asks (Path); a printed bonus takes the first path with room
    options = path_options(game, p)
    if options:
        place_citizen(game, p, options[0], "effect.place-citizen")


def _score_windows(game: ChartresGame, p: int, arg: str, rule: str) -> None:
    built = len(game.state.windows[p])
    gain_ip(game, p, rightmost_value(game.parts.window_final, built), "effect.score-windows",
            f"windows scored, {built} built")


def _score_cross(game: ChartresGame, p: int, arg: str, rule: str) -> None:
    level = game.state.cross[p]
    gain_ip(game, p, game.parts.cross_ip[level - 1], "effect.score-cross", f"cross at level {level}")
    draw(game, p, game.parts.cross_cards[level - 1], "effect.score-cross")


def _reputation(game: ChartresGame, p: int, arg: str, rule: str) -> None:
    game.state.reputation[p] += int(arg)
    game.emit(_own(rule, "effect.reputation"), f"{seat_label(p)} gains {arg} reputation "
                                               f"token{'s' if arg != '1' else ''}.",
              player=p)


#: Each gain of the glossary, by the atom's kind: ``(game, player, argument, rule)``.
_GAINS: dict[str, Callable[[ChartresGame, int, str, str], None]] = {
    "window": lambda game, p, arg, rule: window(game, p, arg),
    "gain_citizen": lambda game, p, arg, rule: gain_citizen(game, p, _own(rule, "effect.citizen")),
    "place_citizen": _first_free_path,
    "shield": _move(tracks.shield),
    "cross": _move(tracks.cross),
    "barrel": _move(tracks.barrel),
    "score_windows": _score_windows,
    "score_cross": _score_cross,
    "draw": lambda game, p, arg, rule: draw(game, p, int(arg), _own(rule, "effect.draw")),
    "reputation": _reputation,
    "ip": lambda game, p, arg, rule: gain_ip(game, p, int(arg), _own(rule, "decision.ability-ip"),
                                             "an ability" if rule == FROM_ABILITY else "printed bonus"),
    "tavern": lambda game, p, arg, rule: None,  # the location step keeps the tavern beside the row
}
