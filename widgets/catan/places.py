"""Places of the island as a learner sees them, never by the engine's index: a hex by its terrain and number ("forest
3"), an intersection by the hexes that meet there ("the corner of forest 3, hills 8 and the sea"), a path by the
two hexes it lies between ("the path between forest 3 and hills 8") or, on the coast, by its hex and its neighbours
("the coast of forest 3 by hills 8"); a corner that only one hex touches is told apart by the hex next along the
coast ("the corner of forest 3 and the sea, next to hills 8", or "the outer corner of forest 3").

:class:`PlaceWords` holds the words of one position (the Inventor swaps numbers, so they are read per redraw) and
rewrites what the views show: an action (``settle 17`` -> "build a settlement at the corner of ..."), an engine
sentence that names places by index ("The robber starts on the desert (hex 11)", "a road at 24"), and a refusal.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Mapping, Sequence

from games.catan import board
from games.catan.data import rulebook
from games.core import seat_label
from widgets.shared.palette import seat_name

#: What each verb does, in words; ``{0}``, ``{1}``: its arguments as words (places named, players with their colour).
#: A verb not listed reads as itself with its arguments in words.
VERB_WORDS: dict[str, str] = {
    "settle": "build a settlement at {0}", "city": "build a city at {0}", "road": "build a road on {0}",
    "robber": "move the robber to {0}", "merchant": "put the merchant on {0}", "steal": "steal a card from {0}",
    "roll": "roll the dice", "end": "end the turn", "buy": "buy a development card", "play": "play {0}",
    "propose": "make a trade offer to the other players", "give": "offer 1 {0}", "want": "ask for 1 {0}",
    "withdraw": "withdraw the offer", "accept": "accept the offer", "decline": "decline the offer",
    "confirm": "trade with {0}", "discard": "discard 1 {0}", "take": "take 1 {0}", "name": "name {0}",
    "activate": "activate the knight at {0}", "chase": "chase the robber with the knight at {0}",
    "knight": "place a knight at {0}", "move": "move the knight at {0} to {1}",
    "displace": "move the knight at {0} to displace the knight at {1}", "promote": "promote the knight at {0}",
    "wall": "build a city wall at {0}", "improve": "improve {0}", "metropolis": "put the metropolis on {0}",
    "swap": "swap the numbers of {0} and {1}", "dice": "set the dice to red {0}, yellow {1}",
    "retreat": "retreat the knight to {0}", "commit": "send the knight at {0} against the barbarians",
    "pillage": "let the barbarians pillage {0}", "draw": "draw a {0} card", "bottom": "put {0} under its deck",
    "target": "choose {0}", "harbor": "give {0} 1 {1}", "done": "done", "pass": "pass",
    "trade": "trade {0} for 1 {1}",  # a bot's trade as everyone hears it (the learner's own names its rate)
}
#: An argument word of a form and the kind of place it names.
PLACE_WORDS = {"NODE": "node", "EDGE": "edge", "HEX": "hex"}


def _list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class PlaceWords:
    """The words of every place of one position: ``PlaceWords(terrain, numbers)`` (terrain names per hex, number
    tokens per hex, 0 on the desert), or :meth:`of` a game."""

    def __init__(self, terrain: Sequence[str], numbers: Sequence[int]) -> None:
        self.terrain, self.numbers = list(terrain), list(numbers)
        self._said: dict[tuple[Any, ...], str] = {}

    @classmethod
    def of(cls, game: Any) -> PlaceWords:
        """The words of ``game``'s island now (the state's numbers: the Inventor may have swapped two)."""
        return _words(tuple(game.state.terrain), tuple(game.state.numbers))

    @functools.cached_property
    def all(self) -> dict[str, list[str]]:
        """Every place in words, by kind (what the board's tooltips say); built once per island."""
        return {"hex": [self.hex(h) for h in range(len(self.terrain))],
                "node": [self.node(v) for v in range(board.N_NODES)],
                "edge": [self.edge(e) for e in range(board.N_EDGES)]}

    def hex(self, h: int) -> str:
        """``forest 3``; the desert (it has no number)."""
        if not 0 <= h < len(self.terrain):
            return f"hex {h}"
        return f"{self.terrain[h]} {self.numbers[h]}" if self.numbers[h] else f"the {self.terrain[h]}"

    def node(self, v: int) -> str:
        """``the corner of forest 3, hills 8 and the sea``."""
        if not 0 <= v < board.N_NODES:
            return f"intersection {v}"
        hexes = board.NODE_HEXES[v]
        names = [self.hex(h) for h in hexes]
        said = "the corner of " + _list(names + ["the sea"] * (len(names) < 3))
        if len(hexes) > 1:
            return said
        # a coast hex has two or three such corners: each is told apart by the hex next along the coast
        near = sorted({h for w in board.NODE_NEIGHBOURS[v] for h in board.NODE_HEXES[w]} - set(hexes))
        return f"{said}, next to {_list([self.hex(h) for h in near])}" if near else f"the outer corner of {names[0]}"

    def edge(self, e: int) -> str:
        """``the path between forest 3 and hills 8``; on the coast ``the coast of forest 3 by hills 8``."""
        if not 0 <= e < board.N_EDGES:
            return f"path {e}"
        sides = [h for h in range(board.N_HEXES) if e in board.HEX_EDGES[h]]
        if len(sides) == 2:
            return f"the path between {self.hex(sides[0])} and {self.hex(sides[1])}"
        a, b = board.EDGE_NODES[e]
        near = sorted({h for v in (a, b) for h in board.NODE_HEXES[v]} - set(sides))
        by = f" by {_list([self.hex(h) for h in near])}" if near else ""
        return f"the coast of {self.hex(sides[0])}{by}"

    def place(self, kind: str, index: int) -> str:
        said = self.all[kind]  # worked out once per island
        return said[index] if 0 <= index < len(said) else {"node": self.node, "edge": self.edge, "hex": self.hex}[
            kind](index)

    # ------------------------------------------------------------------ actions
    def action(self, text: str, forms: Mapping[str, str], rates: Mapping[str, int] | None = None) -> str:
        """An action text in words: ``settle 17`` -> ``build a settlement at the corner of ...``; a maritime trade
        with its rate (``rates``: card -> the seat's rate). ``forms``: the pending decision's verbs and how each is
        written (``{"settle": "settle NODE"}``)."""
        if not text.split():  # not an action at all: the rules' refusal says so
            return text
        verb, *args = text.split()
        kinds = forms.get(verb, verb).split()[1:]
        if verb == "trade" and len(args) == 2 and rates and args[0] in rates:
            rate = rates[args[0]]
            return f"trade {rate} {args[0]} for 1 {args[1]} ({rate}:1)"
        words = []
        for k, arg in enumerate(args):
            kind = kinds[k] if k < len(kinds) else ""
            if kind in PLACE_WORDS and arg.isdigit():
                words.append(self.place(PLACE_WORDS[kind], int(arg)))
            elif kind.startswith("PLAYER") and arg.isdigit():
                words.append(f"{seat_label(int(arg) - 1)} ({seat_name(int(arg) - 1)})")
            elif kind.startswith("PLAYER") and arg == "all":
                words.append("everyone")
            else:
                words.append(arg.replace("-", " "))
        template = VERB_WORDS.get(verb)
        if template is None or template.count("{") > len(words):
            return " ".join([verb.replace("-", " "), *words])
        if verb in ("give", "take") and kinds and kinds[0] == "CARD":  # a card by name, not "1 merchant"
            return f"{verb} {words[0]}"
        if verb == "remove":  # the Diplomat removes a road, the Deserter a knight
            return f"remove the {'road on' if kinds and kinds[0] == 'EDGE' else 'knight at'} {words[0]}"
        return template.format(*words)

    # ------------------------------------------------------------------ engine sentences
    _HEX = re.compile(r"\bhex (\d+)(?: \([a-z]+\))?")
    _CORNER = re.compile(r"\bthe corner hex (\d+)")
    _AFTER = re.compile(r" \(hex (\d+)\)")
    _PATH = re.compile(r"\b(?:at )?(path|edge) (\d+)\b")
    _NODE = re.compile(r"\bintersection (\d+)\b")
    _PIECE = re.compile(r"\b(settlement|city|knight|wall|metropolis|road) at (\d+)\b(?!:\d)")
    _FROM = re.compile(r"\bknight from (\d+)\b")
    _KNIGHTS = re.compile(r"\bKnights at (\d+(?:, \d+)*)\b")
    _CLOSED = re.compile(r"intersection\(s\) [\d, ]+ next to (\d+)")

    def sentence(self, text: str, data: Mapping[str, Any] | None = None) -> str:
        """An engine sentence with its places in words. ``data`` (an event's numbers) says what a bare "at 24"
        names: its ``node`` or its ``edge``."""
        data = data or {}
        # the event log is said again at every redraw: each sentence is worked out once per island
        key = (text, *(data.get(k) if isinstance(data.get(k), int) else None for k in ("node", "edge", "start", "end")))
        said = self._said.get(key)
        if said is None:
            said = self._said[key] = self._sentence(text, data)
        return said

    def _sentence(self, text: str, data: Mapping[str, Any]) -> str:
        text = self._CLOSED.sub(lambda m: f"the intersections next to {self.node(int(m.group(1)))}", text)
        text = self._CORNER.sub(lambda m: f"{self.hex(int(m.group(1)))} in the corner", text)
        # "the desert (hex 10)" says the desert twice in words: only a hex with a number keeps its words
        text = self._AFTER.sub(lambda m: "" if not self._numbered(int(m.group(1))) else
                               f" ({self.hex(int(m.group(1)))})", text)
        text = self._HEX.sub(lambda m: self.hex(int(m.group(1))), text)
        text = self._PATH.sub(lambda m: ("on " if m.group(0).startswith("at ") else "") + self.edge(int(m.group(2))),
                              text)
        text = self._NODE.sub(lambda m: self.node(int(m.group(1))), text)
        text = self._PIECE.sub(self._piece_match, text)
        text = self._KNIGHTS.sub(lambda m: "Knights at " + _list([self.node(int(v)) for v in m.group(1).split(", ")]),
                                 text)
        text = self._FROM.sub(lambda m: f"knight from {self.node(int(m.group(1)))}", text)
        start, end = data.get("start"), data.get("end")  # a knight's move: from one intersection to another
        if isinstance(start, int) and isinstance(end, int) and not isinstance(start, bool):
            text = re.sub(rf"\bfrom {start} (to|onto)\b", lambda m: f"from {self.node(start)} {m.group(1)}", text)
            text = re.sub(rf"\b(to|at) {end}\b(?!:\d)", lambda m: f"{m.group(1)} {self.node(end)}", text)
        for key, words in (("node", self.node), ("edge", self.edge)):
            value = data.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                said, on_edge = words(value), key == "edge"
                text = re.sub(rf"\b(at|next to) {value}\b(?!:\d)",
                              lambda m, said=said, on_edge=on_edge: ("on " if on_edge else m.group(1) + " ") + said,
                              text)
        return text

    def _piece_match(self, m: re.Match[str]) -> str:
        piece, index = m.group(1), int(m.group(2))
        return f"road on {self.edge(index)}" if piece == "road" else f"{piece} at {self.node(index)}"

    def _numbered(self, h: int) -> bool:
        return 0 <= h < len(self.numbers) and bool(self.numbers[h])


@functools.lru_cache(maxsize=64)
def _words(terrain: tuple[int, ...], numbers: tuple[int, ...]) -> PlaceWords:
    # one island's words are asked for many times per redraw (every event, every action): built once
    return PlaceWords([rulebook.TERRAINS[t] for t in terrain], numbers)


__all__ = ["PlaceWords", "VERB_WORDS"]
