"""The Catan tables say what a click does, in the words of what the board shows: places by terrain and number (never
an index the board does not draw), each highlighted spot with its own look and tooltip, a main-phase prompt that
lists what can be done, and a message line that tells what happened (the stolen card to the thief alone)."""

from __future__ import annotations

import random
import re

import pytest

from games.catan import board
from games.catan.data import rulebook
from widgets.catan import CatanTable, CKTable
from widgets.catan.choices import main_prompt, plan
from widgets.catan.places import PlaceWords
from widgets.shared.table_words import rules_catalog

#: An engine index as the board does not show it: "hex 10", "road 19", "settle 49", "intersection 31", "at 24".
RAW_ID = re.compile(r"\b(?:hex|intersection|node|path|edge|settle|city|road|robber|knight|at|on) \d+\b(?! \(|:)")


def _texts(table) -> list[str]:
    """Every text a learner reads on a table now: prompt, message, buttons, tooltips, choices' hints, the log."""
    status = table.status
    choices = status["choices"]
    out = [status["prompt"], table.message, choices["hint"]]
    out += [text for c in choices["each"] for text in (c.get("words", c["action"]), c.get("title", ""))]
    out += list(choices["try_words"].values()) + [table.catalog["geometry"]["words"][k][0] for k in ("hex", "node")]
    for s in choices["selects"].values():
        out += [s["title"], s["hint"]]
    out += [text for _, text, _ in table.events]
    return out


def test_a_hex_is_its_terrain_and_number_and_a_corner_its_hexes():
    words = PlaceWords(["forest", "hills", "desert"] + ["pasture"] * 16, [3, 8, 0] + [5] * 16)
    assert words.hex(0) == "forest 3" and words.hex(2) == "the desert"
    for v in range(board.N_NODES):
        said = words.node(v)
        assert said.startswith(("the corner of ", "the outer corner of "))
        assert said.count("the sea") == (len(board.NODE_HEXES[v]) < 3) or said.startswith("the outer")
    for e in range(board.N_EDGES):
        assert words.edge(e).startswith(("the path between ", "the coast of "))


@pytest.mark.parametrize("seed", range(6))
def test_every_intersection_and_path_of_a_real_island_has_words_of_its_own(seed):
    game = CatanTable(players=3, seed=seed).game
    words = PlaceWords.of(game)
    if len(set(words.all["hex"])) == board.N_HEXES:  # two hexes alike (forest 3 twice) may name two places alike
        assert len(set(words.all["node"])) == board.N_NODES and len(set(words.all["edge"])) == board.N_EDGES
    numbers = game.state.numbers
    robber = game.state.robber
    terrain = rulebook.TERRAINS[game.state.terrain[robber]]
    assert words.hex(robber) == (f"{terrain} {numbers[robber]}" if numbers[robber] else f"the {terrain}")


@pytest.mark.slow
@pytest.mark.parametrize("cls", [CatanTable, CKTable])
def test_no_text_of_a_table_names_a_place_by_an_index_the_board_does_not_show(cls):
    rng = random.Random(7)
    table = cls(players=3, seed=7)
    seen = 0
    for _ in range(120):
        if table.game.is_terminal():
            break
        for text in _texts(table):
            assert not RAW_ID.search(text), f"an index in {text!r}"
            seen += 1
        legal = table.status["legal"]
        if not legal:
            break
        table.act(rng.choice(legal))
    assert seen > 500


def test_the_robber_is_named_by_the_hex_it_stands_on():
    from games.core import Event

    table = CatanTable(players=3, seed=1)
    game = table.game
    setup = [table.event_text(game, e) for e in game.log if e.rule == "setup.robber"]
    assert setup == ["The robber starts on the desert."]
    assert table.status["game"]["robber_words"] == PlaceWords.of(game).hex(game.state.robber)
    forest = next(h for h in range(board.N_HEXES) if game.state.terrain[h] == rulebook.TERRAINS.index("forest"))
    moved = Event(5, "robber.move", "", f"Player 3 moves the robber to hex {forest}.", {"player": 2, "hex": forest})
    assert table.event_text(game, moved) == f"Player 3 moves the robber to forest {game.state.numbers[forest]}."


def _ck_main_with_knights():
    from tests.widgets.positions import first_positions

    for positions in first_positions("catan_ck").values():
        for position in positions:
            verbs = position.verbs
            if position.kind == "main" and verbs & {"move", "chase", "activate", "promote"}:
                return position
    pytest.skip("no C&K main-phase position with a knight to use among the kept positions")


@pytest.mark.slow
def test_each_highlighted_spot_looks_like_what_a_click_does_and_says_it():
    position = _ck_main_with_knights()
    table = CKTable(position.game.clone(), human=position.seat)
    choices = table.status["choices"]
    looks = {c["look"] for c in choices["each"]
             if len(c.get("places", [])) == 1 and c.get("places", [])[0] not in choices["selects"]}
    looks |= {s["look"] for s in choices["selects"].values()}
    verbs = {a.split()[0] for a in table.status["legal"]}
    assert len(looks) >= len(verbs & {"settle", "city", "knight", "activate", "wall"}) + (
        "knight" in looks), looks
    labels = {c["action"]: c.get("words", c["action"]) for c in choices["each"]}
    assert set(labels) == set(table.status["legal"]) and all(labels.values())  # a legal spot's tooltip: its words
    for key, action in choices["tries"].items():  # a refused one's says why not
        assert action not in labels and "not possible now" in choices["try_words"][key.split(":")[0]]
    for selection in choices["selects"].values():
        if selection["look"] == "knight":
            assert selection["mark"] == "⚔" and "your knight at the corner of" in selection["title"]
            assert "then choose" in selection["title"]
    if any(s["look"] == "knight" for s in choices["selects"].values()):
        assert "knight" in choices["hint"] and ("move it" in choices["hint"] or "chase" in choices["hint"])


def test_looks_differ_by_what_a_click_does():
    words = PlaceWords(["forest"] * 19, [3] * 19)
    legal = ["settle 10", "city 20", "knight 30", "activate 40", "promote 41", "move 42 43", "chase 42", "end"]
    forms = {"settle": "settle NODE", "city": "city NODE", "knight": "knight NODE", "activate": "activate NODE",
             "promote": "promote NODE", "move": "move NODE NODE", "chase": "chase NODE", "end": "end"}
    made = plan(legal, forms, words).to_json()
    looks = {c.get("places", [])[0]: c["look"] for c in made["each"]
             if len(c.get("places", [])) == 1 and c.get("places", [])[0] not in made["selects"]}
    assert looks == {"node:10": "settlement", "node:20": "city", "node:30": "new-knight", "node:40": "activate",
                     "node:41": "promote"}
    knight = made["selects"]["node:42"]
    from_knight = {c["action"]: c.get("places", []) for c in made["each"] if c.get("places", [])[:1] == ["node:42"]}
    assert knight["look"] == "knight" and from_knight == {"move 42 43": ["node:42", "node:43"], "chase 42": ["node:42"]}
    assert "move it" in knight["title"] and "chase the robber" in knight["title"]
    assert [(c["action"], c.get("words")) for c in made["each"] if not c.get("places", [])] == [("end", "end the turn")]
    assert "Click one of your knights" in made["hint"]


def test_the_main_phase_prompt_says_what_can_be_done_now():
    prompt = "Player 1: build, trade, buy or play a card, or end the turn (rolled 8)"
    assert main_prompt(prompt, ["road 3", "road 5", "trade wool ore", "end"]) == (
        "Player 1 (rolled 8): you can build a road (2 places), trade with the bank (1 trade) or end the turn.")
    assert main_prompt(prompt, ["end"]) == "Player 1 (rolled 8): you can end the turn."


def test_a_maritime_trade_button_shows_its_rate_and_an_offer_names_the_seat():
    words = PlaceWords(["forest"] * 19, [3] * 19)
    forms = {"trade": "trade GIVE GET", "ask": "ask PLAYER|all", "propose": "propose"}
    assert words.action("trade wool ore", forms, {"wool": 2}) == "trade 2 wool for 1 ore (2:1)"
    assert words.action("ask 2", forms) == "ask Player 2 (blue)" and words.action("ask all", forms) == "ask everyone"
    assert words.action("propose", forms) == "make a trade offer to the other players"


def _steal_position():
    from tests.widgets.positions import first_positions

    return first_positions("catan")["steal"][0]


@pytest.mark.slow
def test_the_stolen_card_is_told_to_the_thief_only():
    position = _steal_position()
    thief = CatanTable(position.game.clone(), human=position.seat)
    action = thief.status["legal"][0]
    assert thief.act(action)
    taken = re.search(r"You took (\w+) \(only you see which card\)", thief.message)
    assert taken and taken.group(1) in rulebook.RESOURCES, thief.message
    # every other seat's table shows the same events without the card
    victim = int(action.split()[1]) - 1
    watcher = CatanTable(position.game.clone(), human=victim)
    watcher.game.apply(action)
    watcher.refresh("")
    assert not any("You took" in text for _, text, _ in watcher.events)
    assert "You took" not in " ".join(text for _, text, _ in thief.events), "the log stays public"


def test_the_message_line_says_what_a_roll_produced():
    rng = random.Random(3)
    table = CatanTable(players=3, seed=3)
    for _ in range(200):
        legal = table.status["legal"]
        if "roll" in legal:
            table.act("roll")
            produced = [text for _, text, rule in table.events if rule == "production.yield"
                        and text.startswith("Roll")]
            rolled = [text for _, text, rule in table.events if rule == "turn.roll"]
            assert rolled and rolled[0] in table.message
            assert all(text in table.message for text in produced[:2])
            return
        table.act(rng.choice(legal))
    pytest.fail("no roll in 200 decisions")


def test_a_rule_section_that_cites_a_notes_file_is_named_not_a_path():
    table = CKTable(players=3, seed=1)
    sections = table.catalog["sections"]
    assert not any("docs/" in s or s.endswith(".md") for s in sections)
    assert any(s.startswith("How this project reads the rules") for s in sections)
    assert rules_catalog([])["sections"] == []


@pytest.mark.parametrize("text, data", [
    ("Player 1's strong knight moves from 19 to 25 and becomes inactive (knights.action).", {"start": 19, "end": 25}),
    ("Player 1's strong knight moves from 16 onto Player 4's weaker basic knight at 3 and becomes inactive.",
     {"start": 16, "end": 3}),
    ("Player 3: move your displaced knight from 29 to an empty intersection along your roads", {}),
    ("Player 1 builds a city wall under the city at 23: they may hold 9 cards on a 7 (walls.safe-hand).", {"node": 23}),
    ("Knights at 48, 49 change Player 3's longest road to 6 (was 11).", {}),
    ("Player 2 places the merchant on hex 18 (pasture): they trade wool 2:1 while it stays (+1 point).", {"hex": 18}),
])
def test_engine_sentences_about_knights_walls_and_the_merchant_name_places_in_words(text, data):
    words = PlaceWords(["forest"] * 19, [3] * 19)
    said = words.sentence(text, data)
    places = [*data.values(), *map(int, re.findall(r"(?:from|at|hex) (\d+)\b(?!:\d)", text)),
              *map(int, re.findall(r"\b(\d+), (?=\d)", text))]
    for index in places:
        assert not re.search(rf"\b(?:from|to|at|onto|on|hex) {index}\b(?!:\d)", said), (index, said)
    assert "the corner of forest 3" in said or "forest 3" in said
    assert "2:1" in said if "2:1" in text else True
