"""Law chips (法律チップが置かれた国カードを取る場合): taken face down with their card, played on the owner's turn.

Chips are played inside two steps (taking, and the claim step for "return"), so this module is not a step of its
own: :mod:`.taking` and :mod:`.claim_stones` offer :func:`playable`, refuse with :func:`refusal` and carry out
:func:`play`. The −2 chip is never played; it counts at the end (:func:`.flow.end_game`). Because a chip's kind is
secret, a player holding chips is asked at every step even when nothing else could be done (:func:`must_ask`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action, seat_label

from .data import rulebook
from .state import Turn

if TYPE_CHECKING:
    from .game import CardGame

PLAY = {kind: Action("play", (kind,)) for kind in rulebook.PLAYABLE_CHIPS}


def must_ask(game: CardGame) -> bool:
    """Whether the player whose turn it is must be asked at a step nobody else would need to decide: steps are
    skipped automatically only when that reveals nothing (``decision.public-steps``), so a player holding law chips
    is always asked (``stop`` / ``skip`` / ``pass``), whatever the chips' kinds, because others see only the count."""
    s = game.state
    return bool(s.chips[s.turn.player])


def pick_up(game: CardGame, turn: Turn, cell: int) -> None:
    """The chip lying on a card just taken goes face down to the taker (its kind is not logged: others may not
    know it)."""
    s = game.state
    s.chips[turn.player].append(s.chip[cell])
    s.chip[cell] = ""
    game.emit("chips.take", f"{seat_label(turn.player)} takes the face-down law chip lying on it.", player=turn.player)


def playable(game: CardGame, claiming: bool = False) -> list[Action]:
    """Law chips whose effect would change something now, in sorted order (colours, return, three).

    "three" and "colours" only widen what may be taken, so they are offered only while taking and only while some
    end card is not blocked by a claim stone the player cannot pay for (decision.chip-timing)."""
    s = game.state
    turn = s.turn
    held = s.chips[turn.player]
    if not held:
        return []
    widen = not claiming and ("colours" in held or "three" in held) and _some_end_unblocked(game, turn.player)
    out = []
    if widen and "colours" in held and not turn.colours:
        out.append(PLAY["colours"])
    if "return" in held and s.lost[turn.player] > 0:
        out.append(PLAY["return"])
    if widen and "three" in held and not turn.three:
        out.append(PLAY["three"])
    return out


def _some_end_unblocked(game: CardGame, player: int) -> bool:
    s = game.state
    ends = game.geometry.ends(s.lo, s.hi)
    if s.hand[player] + s.placed[player] > 0:
        return bool(ends)
    return any(s.stone[c] < 0 or s.stone[c] == player for c in ends)


def refusal(game: CardGame, action: Action, taking: bool, paying: bool = False) -> str:
    """Why ``play ...`` is refused: in the taking step (``taking``), in the claim step, or while a claimed card is
    paid for (``paying``)."""
    s = game.state
    turn = s.turn
    kind = str(action.args[0]) if len(action.args) == 1 else ""
    if kind not in rulebook.LAW_CHIP_KINDS.value:
        return f"law chips are played by kind: {', '.join(rulebook.PLAYABLE_CHIPS)}."
    if kind == "minus2":
        return "the −2 chip is not played; it is revealed at the end of the game."
    if kind not in s.chips[turn.player]:
        return f"you hold no '{kind}' law chip."
    if paying:
        return "no law chip is played while paying for a claimed card; discard one of your stones first."
    if kind == "return":
        return "none of your claim stones has been discarded, so there is nothing to return."
    if not taking:
        return f"'{kind}' changes what you may take; taking is over for this turn."
    if turn.three if kind == "three" else turn.colours:
        return f"'{kind}' is already in effect this turn."
    return (f"every end card carries another player's claim stone and you have no claim stone to pay with, so "
            f"'{kind}' would change nothing.")


def play(game: CardGame, turn: Turn, kind: str) -> None:
    """The chip's effect; then it lies face up among the player's played chips. The step that played it decides
    whether anything is left to ask."""
    s = game.state
    p = turn.player
    s.chips[p].remove(kind)
    s.played[p].append(kind)
    name = rulebook.LAW_CHIP_KINDS.value[kind][1]
    if kind == "return":
        s.lost[p] -= 1
        s.hand[p] += 1
        game.emit("chips.return", f"{seat_label(p)} plays '{name}': a discarded claim stone returns to their hand.",
                  player=p)
    elif kind == "three":
        turn.three = True
        game.emit("chips.three", f"{seat_label(p)} plays '{name}': up to {game.limit_with_chip} "
                  "crests this turn.", player=p)
        game.emit("decision.three-crests", "The chip raises the crest total, not the number of crest kinds.")
    else:
        turn.colours = True
        game.emit("chips.colours", f"{seat_label(p)} plays '{name}': the cards need not be of one country this "
                  "turn.", player=p)
