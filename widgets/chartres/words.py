"""Chartres in words for the views: short labels for the small printed spaces, the decision kinds for the turn line,
and why a reveal did or did not activate a card (with the rule ids)."""

from __future__ import annotations

from games.chartres import ChartresGame
from games.chartres.abilities import atom_words
from widgets.shared.text import seat_label

from .positions import last_reveal

#: Decision kinds in words, for the turn line.
KIND_WORDS = {"setup-row": "setup: choose the starting action row", "location": "Phase A: locations",
              "commit-row": "Phase C: play to the action row", "commit-act": "Phase C: play to the activation row",
              "discard": "Phase E: pay for an ability", "resolve": "Phase E: resolve an ability once more, or stop",
              "path": "place a citizen", "bonus": "Phase F: bonus tiles",
              "pour": "Phase F: wine", "over": "game over"}
#: Short labels of gain atoms for the small printed spaces (the glossary words go into tooltips).
SHORT_WORDS = {"gain_citizen": "+citizen", "place_citizen": "citizen → path", "shield": "shield +1",
               "cross": "cross +1", "barrel": "barrel +1", "score_windows": "score windows",
               "score_cross": "score cross", "tavern": "tavern"}


def short_words(atom: str) -> str:
    """``ip:1`` → ``+1 IP``, ``draw:1`` → ``+1 card``, ``gain_citizen`` → ``+citizen``: a label for a small space."""
    kind, _, arg = atom.partition(":")
    if kind == "ip":
        return f"+{arg} IP"
    if kind == "draw":
        return f"+{arg} card{'s' if arg != '1' else ''}"
    if kind == "reputation":
        return f"+{arg} rep"
    if kind == "window":
        return f"{arg} window"
    return SHORT_WORDS.get(kind, atom_words(atom))


def explain_activation(game: ChartresGame, seat: int) -> str:
    """In words, with the rule ids: what ``seat`` revealed last and why that did or did not activate a card. The
    verdict is the engine's (:meth:`ChartresGame.activated`); the words name the two colours it compared."""
    reveal = last_reveal(game, seat)
    if reveal is None or not reveal.get("act"):
        return f"{seat_label(seat)} has played no activation card yet."
    cards = game.parts.cards
    view = game.observe(None)["seats"][seat]
    slot, under = reveal["slot"], reveal["act"]
    above = view["row"][slot - 1] if view["row"] and 0 < slot <= len(view["row"]) else ""
    played = f"{reveal['row']} ({cards[reveal['row']].colour}) to the right end of the action row and " \
        if reveal.get("row") else ""
    text = (f"{seat_label(seat)} revealed {played}{under} ({cards[under].colour}) under position {slot} "
            f"[play.reveal]. ")
    if not above:
        return text + "That position is no longer in the action row."
    if game.activated(seat) != above:
        return text + (f"The card above it, {above}, is {cards[above].colour}: the colours differ, so nothing is "
                       "activated this round [act.match].")
    fresh = " (the card just played)" if above == reveal.get("row") else " (an older card: the activated card need " \
        "not be the one just played)"
    main = cards[above].main.words()
    return text + (f"The card above it, {above}{fresh}, is {cards[above].colour} too: {above} is activated "
                   f"[act.match] and its ability is resolved in Phase E, in initiative order: {main}.")


__all__ = ["KIND_WORDS", "explain_activation", "short_words"]
