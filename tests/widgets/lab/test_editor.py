"""The variant editor (widgets.lab.VariantEditor): intents in, state out. Good edits build a checked Variant; every
kind of refusal leaves the variant as it was and says why; a table's cells open, filter and reset; nonsense
intents are answered in a sentence; a sync carries only what an edit changed."""

from __future__ import annotations

import json

import comm
import pytest

from games import GAMES
from games.core.parameters import cells_of
from games.lab import Variant, parameters
from tests.widgets.messages import click, spy, updates
from tests.widgets.render import draw, explore
from widgets.lab.editor import MAX_CELLS, Unreadable, VariantEditor, read_text

GAME = "catan.base"


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)


def needs(game: str, *names: str) -> None:
    """Skip, with the reason, while a game does not list the parameters a test edits (they are being added)."""
    listed = {row["parameter"] for row in parameters(game)}
    missing = [n for n in names if n not in listed]
    if missing:
        pytest.skip(f"{game} does not list {', '.join(missing)} yet")


@pytest.fixture
def editor(monkeypatch):
    needs(GAME, "points_to_win", "costs", "layout", "terrain_counts")
    return spy(VariantEditor(GAME), monkeypatch)


def state(editor: VariantEditor) -> tuple:
    """What a refused intent must leave alone: the variant and everything drawn from it."""
    return (editor.variant, editor.variant.name, json.dumps([editor.changed, editor.diff, editor.info, editor.cells],
                                                            sort_keys=True))


def refused(editor: VariantEditor, intent: dict, *words: str) -> str:
    before = state(editor)
    seq = editor.message_seq
    click(editor, intent)
    assert editor.message_seq == seq + 1, "every intent is answered"
    assert editor.message_kind == "error", editor.message
    assert state(editor) == before, "a refused intent changes nothing"
    for word in words:
        assert word in editor.message, (word, editor.message)
    assert "Traceback" not in editor.message
    return editor.message


# ---------------------------------------------------------------------- good edits
def test_a_scalar_edit_builds_a_checked_variant_and_shows_the_diff(editor):
    seen = []
    editor.on_change(seen.append)
    click(editor, {"intent": "edit", "path": "points_to_win", "text": " 12 "})
    assert editor.message_kind == "info" and editor.message.startswith("points_to_win: 10 → 12 (printed 10).")
    assert "victory.declare" in editor.message
    assert editor.variant == Variant(GAME, {"points_to_win": 12}) and seen == [editor.variant]
    assert editor.changed == {"points_to_win": "12"}
    assert [(c["change"], c["printed"], c["value"]) for g in editor.diff for c in g["changes"]] == \
        [("points_to_win", "10", "12")]
    assert editor.diff[0]["rules"] == ["victory.declare"] and editor.diff[0]["source"] == "published"
    assert editor.diff[0]["count"] == 1
    assert editor.info["hash"] == editor.variant.hash and json.loads(editor.info["json"])["changes"] == {
        "points_to_win": 12}
    # the same value again changes nothing; the printed value takes the change back
    assert not editor.edit("points_to_win", "12") and "already" in editor.message
    assert editor.edit("points_to_win", "10") and editor.variant.is_printed and "back at its printed" in editor.message


def test_switches_and_choices_are_read_from_their_text(editor):
    assert editor.edit("layout", "beginner")
    assert editor.variant.changes == {"layout": "beginner"}
    row = next(r for r in editor.catalog["rows"] if r["name"] == "layout")
    assert row["choices"] == ["variable", "beginner"] and row["kind"] == "choice"
    bools = [(g, p["parameter"]) for g in sorted(GAMES) for p in parameters(g) if p["kind"] == "bool"]
    if not bools:
        pytest.skip("no game lists a true/false parameter yet")
    game, name = bools[0]
    other = VariantEditor(game)
    printed = next(p["value"] for p in parameters(game) if p["parameter"] == name)
    assert other.edit(name, "TRUE" if not printed else "false")
    assert other.variant.changes[name] is (not printed)
    assert next(r for r in other.catalog["rows"] if r["name"] == name)["choices"] == ["true", "false"]


def test_one_cell_of_a_table_and_several_at_once(editor):
    assert editor.edit("costs.city.ore", "2")
    assert editor.variant.changes == {"costs.city.ore": 2}
    assert editor.changed == {"costs": "1 cell changed"}
    # a change that only makes sense with another: a hex moved from hills to fields keeps 19 hexes
    refused(editor, {"intent": "edit", "path": "terrain_counts.hills", "text": "4"}, "19 hexes")
    table = dict(parameters(GAME)[[p["parameter"] for p in parameters(GAME)].index("terrain_counts")]["value"])
    table["hills"] += 1
    table["fields"] -= 1
    assert editor.edit("terrain_counts", json.dumps(table))
    assert editor.variant.changes["terrain_counts.hills"] == table["hills"]
    assert "terrain_counts.fields" in editor.message and "terrain_counts.hills" in editor.message


def test_a_name_labels_the_variant_and_keeps_its_hash(editor):
    editor.edit("points_to_win", "12")
    digest = editor.variant.hash
    click(editor, {"intent": "name", "name": "  long game "})
    assert editor.variant.name == "long game" and editor.variant.hash == digest
    assert editor.info["label"] == "long game" and editor.message == "Named the variant 'long game'."
    refused(editor, {"intent": "name", "name": "x" * 201}, "200 characters")
    assert editor.rename("") and editor.info["label"] == f"variant {digest}"


# ---------------------------------------------------------------------- refusals
@pytest.mark.parametrize("path, text, words", [
    ("points_to_win", "twelve", ["Not understood: points_to_win is a whole number, not 'twelve'", "3..30"]),
    ("points_to_win", "12.5", ["whole number"]),
    ("points_to_win", "31", ["Not allowed:", "at most 30, not 31"]),
    ("points_to_win", "2", ["at least 3"]),
    ("layout", "round", ["one of variable, beginner"]),
    ("costs.city.ore", "12", ["costs.city.ore is at most 9, not 12"]),
    ("costs.city.ore", "-1", ["at least 0"]),
    ("costs.city.gold", "1", ["no cell \"gold\""]),
    ("costs.city.ore.x", "1", ["costs"]),
    ("nonsense", "1", ["no parameter \"nonsense\""]),
    ("costs", "7", ["costs is a table: give it as JSON"]),
    ("costs", "{\"road\": 1}", ["costs"]),
    ("terrain_counts.hills", "5", ["the island has 19 hexes"]),  # the game's own check
    ("", "1", ["names a parameter"]),
])
def test_every_kind_of_refusal_leaves_the_variant_alone_and_says_why(editor, path, text, words):
    editor.edit("points_to_win", "12")  # something changed already: it must stay
    refused(editor, {"intent": "edit", "path": path, "text": text}, *words)
    assert editor.variant.changes == {"points_to_win": 12}


def test_a_variant_whose_game_cannot_be_set_up_is_refused():
    needs("catan.base", "pieces")
    editor = VariantEditor("catan.base")
    refused(editor, {"intent": "edit", "path": "pieces.road", "text": "0"}, "pieces")
    assert editor.variant.is_printed


def test_resets_take_back_one_change_a_table_or_everything(editor):
    editor.edit("points_to_win", "12")
    editor.edit("costs.city.ore", "2")
    editor.edit("costs.road.brick", "2")
    click(editor, {"intent": "reset", "path": "costs.city.ore"})
    assert editor.variant.changes == {"costs.road.brick": 2, "points_to_win": 12}
    assert editor.message == "Reset costs.city.ore to the printed value."
    refused(editor, {"intent": "reset", "path": "costs.city.ore"}, "not changed")
    refused(editor, {"intent": "reset", "path": "gold"}, "no parameter")
    editor.edit("costs.city.ore", "2")
    click(editor, {"intent": "reset", "path": "costs"})
    assert editor.variant.changes == {"points_to_win": 12} and "2 changed cells" in editor.message
    click(editor, {"intent": "reset_all"})
    assert editor.variant.is_printed and editor.diff == [] and editor.changed == {}
    refused(editor, {"intent": "reset_all"}, "changes nothing yet")


def test_the_variant_can_be_set_from_code_for_the_same_game_only(editor):
    editor.variant = Variant(GAME, {"points_to_win": 14}, name="marathon")
    assert editor.info["label"] == "marathon" and editor.changed == {"points_to_win": "14"}
    with pytest.raises(ValueError, match="variants of catan.base, not of kardinal_koenig.cards"):
        editor.variant = Variant("kardinal_koenig.cards")
    with pytest.raises(TypeError, match="games.lab.Variant"):
        VariantEditor(GAME, variant={"points_to_win": 12})


# ---------------------------------------------------------------------- a table's cells
def test_a_table_opens_its_cells_filtered_and_closes(editor):
    click(editor, {"intent": "open", "parameter": "costs"})
    cells = editor.cells
    assert cells["parameter"] == "costs" and cells["total"] == cells["matched"] == len(cells["rows"])
    assert ["city.ore", "3", "3", False, "int"] in cells["rows"]
    assert json.loads(cells["json"])["city"]["ore"] == 3
    editor.edit("costs.city.ore", "2")
    assert ["city.ore", "3", "2", True, "int"] in editor.cells["rows"]
    click(editor, {"intent": "filter", "text": "ORE"})
    assert editor.cells["filter"] == "ORE" and {r[0] for r in editor.cells["rows"]} == {
        f"{piece}.ore" for piece in ("road", "settlement", "city", "development")}
    assert editor.message == "4 cells of costs match 'ORE'."
    click(editor, {"intent": "open", "parameter": None})
    assert editor.cells == {}
    refused(editor, {"intent": "filter", "text": "ore"}, "open a table's cells first")
    refused(editor, {"intent": "open", "parameter": "points_to_win"}, "single value")
    refused(editor, {"intent": "open", "parameter": "gold"}, "no parameter 'gold'")


def test_a_big_table_sends_at_most_its_first_cells_and_counts_the_rest():
    big = [(g, p["parameter"]) for g in sorted(GAMES) for p in parameters(g) if p["kind"] == "table"
           and sum(1 for _ in cells_of(p["value"])) > MAX_CELLS]
    if not big:
        pytest.skip(f"no game lists a table of more than {MAX_CELLS} cells yet")
    game, name = big[0]
    editor = VariantEditor(game)
    assert editor.show_cells(name)
    cells = editor.cells
    assert len(cells["rows"]) == MAX_CELLS and cells["more"] == cells["total"] - MAX_CELLS > 0
    assert len(json.dumps(editor.cells)) < 12_000
    first = cells["rows"][0][0]
    assert editor.filter_cells(first) and editor.cells["rows"][0][0] == first and editor.cells["matched"] >= 1


# ---------------------------------------------------------------------- nonsense and syncs
@pytest.mark.parametrize("intent, words", [
    ("edit", ["an intent is an object"]),
    ({"intent": "fly"}, ["unknown intent 'fly'", "edit, reset"]),
    ({"intent": "edit", "path": "points_to_win"}, ["'edit' needs text"]),
    ({"intent": "edit", "path": "points_to_win", "text": "12", "seat": 1}, ["not seat"]),
    ({"intent": "edit", "path": "points_to_win", "text": 12}, ["takes the text typed"]),
    ({"intent": "edit", "path": 3, "text": "12"}, ["names a parameter or a cell"]),
    ({"intent": "reset", "path": None}, ["'reset' names a change"]),
    ({"intent": "filter", "text": 5}, ["the filter is a text"]),
    ({"intent": "name", "name": ["a"]}, ["takes name as a text like 'cheap cities', not ['a']"]),
    ({"intent": "open", "parameter": 7}, ["no parameter 7"]),
])
def test_nonsense_intents_are_answered_in_a_sentence(editor, intent, words):
    editor.edit("points_to_win", "12")
    refused(editor, intent, *words)


def test_an_edit_syncs_only_what_it_changed_and_the_catalog_once(editor):
    editor.outbox.clear()
    click(editor, {"intent": "edit", "path": "costs.city.ore", "text": "2"})
    sent = updates(editor)
    assert len(sent) == 1, "one sync message per edit"
    keys = set(sent[0]["state"])
    assert "catalog" not in keys and {"changed", "diff", "info", "message"} <= keys
    assert len(json.dumps(sent[0]["state"])) < 3_000
    editor.outbox.clear()
    click(editor, {"intent": "edit", "path": "costs.city.ore", "text": "99"})
    assert set(updates(editor)[0]["state"]) == {"message", "message_kind", "message_seq"}


def test_read_text_reads_each_kind():
    assert read_text(" 7 ", 3, "x") == 7 and read_text("7.0", 3, "x") == 7
    assert read_text("2.5", 1.0, "x") == 2.5
    assert read_text("Yes", False, "x") is True and read_text("off", True, "x") is False
    assert read_text("  4x ", "2", "x") == "4x" and read_text("", "", "x") == ""
    for text, printed in (("nan", 1.0), ("inf", 1.0), ("maybe", True), ("1e400", 1), ("", 3)):
        with pytest.raises(Unreadable):
            read_text(text, printed, "x")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_opens_in_the_editor_and_takes_an_edit(game):
    rows = parameters(game)
    if not rows:
        pytest.skip(f"{game} lists no designable parameters yet")
    editor = VariantEditor(game)
    assert [r["name"] for r in editor.catalog["rows"]] == [r["parameter"] for r in rows]
    assert len(json.dumps(editor.catalog)) < 40_000
    whole = [r for r in rows if r["kind"] == "int"]
    for row in whole:  # the first number that may go one up (or down)
        for value in (row["value"] + 1, row["value"] - 1):
            if editor.edit(row["parameter"], str(value)):
                assert editor.variant.changes == {row["parameter"]: value}
                return
    pytest.skip(f"{game} lists no whole-number parameter that can move by one")


# ---------------------------------------------------------------------- the front end
@pytest.mark.slow
def test_the_front_end_draws_rows_cells_and_the_diff_and_sends_intents(editor):
    editor.edit("points_to_win", "12")
    editor.edit("costs.city.ore", "2")
    editor.show_cells("costs")
    page = draw(editor)
    row = page.by_id("lab-ed-row-points_to_win")
    assert row.data["changed"] == "true" and "lab-ed-row--changed" in row.classes
    assert page.by_id("lab-ed-input-points_to_win").attrs["value"] == "12"
    assert page.by_id("lab-ed-row-layout").data["changed"] == "false"
    assert page.by_id("lab-ed-input-layout").tag == "select"
    assert page.by_id("lab-ed-cell-costs.city.ore").data["changed"] == "true"
    assert page.by_id("lab-ed-cell-input-costs.city.ore").attrs["value"] == "2"
    diff = page.by_id("lab-ed-diff")
    assert diff.has_id("lab-ed-diff-points_to_win") and diff.has_id("lab-ed-diff-costs")  # one entry per parameter
    assert "victory.declare" in page.by_id("lab-ed-diff-points_to_win").all_text
    assert page.by_id("lab-ed-hash").all_text == f"# {editor.variant.hash}"
    rule = next(n for n in page.by_id("lab-ed-row-points_to_win").walk() if "bg-rule" in n.classes)
    assert rule.attrs["title"] == editor.catalog["rules"]["victory.declare"]  # the rule's words on hover
    sent = {json.dumps(m, sort_keys=True) for c in explore(editor).clicks for m in c.sent}
    assert json.dumps({"intent": "reset", "path": "points_to_win"}, sort_keys=True) in sent
    assert json.dumps({"intent": "reset_all"}) in sent
    assert json.dumps({"intent": "open", "parameter": None}, sort_keys=True) in sent


@pytest.mark.slow
def test_a_game_without_parameters_says_so():
    editor = VariantEditor(GAME)
    editor.catalog = {**editor.catalog, "rows": []}  # what the front end gets from a game that lists none
    assert draw(editor).by_id("lab-ed-params").all_text == "This game lists no designable parameters yet."


# ---------------------------------------------------------------------- hostile text (issue 36)
def test_a_table_typed_as_a_thousand_brackets_is_refused_in_a_sentence():
    editor = VariantEditor("kutna_hora.game")
    before = editor.variant
    for text in ("[" * 1000, "[" * 1000 + "]" * 1000, "{" * 1999, '[["' + "[" * 1990 + '"]]'):
        click(editor, {"intent": "edit", "path": "reputation_points", "text": text})
        assert editor.message_kind == "error" and editor.message.startswith(("Not understood: reputation_points ",
                                                                              "Not allowed: "))
        assert "went wrong" not in editor.message and len(editor.message) <= 300
    assert not editor.edit("reputation_points", "[" * 200_000) and "at most 100,000 characters" in editor.message
    assert editor.variant == before


@pytest.mark.parametrize("intent", [
    {"intent": "name", "name": "cheap \ud800 cities"},
    {"intent": "filter", "text": "\udfff"},
    {"intent": "edit", "path": "points_to_win", "text": "1\ud800"},
    {"intent": "edit", "path": "points\ud800", "text": "12"},
])
def test_a_lone_surrogate_never_reaches_a_synced_trait(intent, monkeypatch):
    editor = VariantEditor(GAME)
    editor.show_cells("costs")
    spy(editor, monkeypatch)
    click(editor, intent)
    assert editor.message_kind == "error" and "not text" in editor.message
    for message in editor.outbox:  # every byte Jupyter would send is UTF-8
        json.dumps(message, ensure_ascii=False).encode("utf-8")
    assert editor.variant.name == "" and editor.cells["filter"] == ""


def test_a_refusal_never_echoes_what_was_typed_at_length():
    for game in sorted(GAMES):
        editor = VariantEditor(game)
        for row in editor.catalog["rows"]:
            for text in ("x" * 2000, "1" * 2000, "9" * 5000, "-" + "1" * 30):
                click(editor, {"intent": "edit", "path": row["name"], "text": text})
                assert len(editor.message) <= 300, (game, row["name"], editor.message[:80])
                assert "went wrong" not in editor.message
        assert not editor.rename("n" * 2000) and len(editor.message) <= 300


def test_a_long_diff_folds_to_one_entry_per_parameter():
    from games.kutna_hora.prices import price_changes

    ore = price_changes("ore", lambda card, notch, cell: max(1, cell.value - card // 10))
    editor = VariantEditor("kutna_hora.game", Variant("kutna_hora.game", ore, name="ore falls faster"))
    (group,) = editor.diff
    assert group["parameter"] == "prices" and group["count"] == len(ore) == 125
    assert len(group["changes"]) == 12 and group["rules"]
    assert len(json.dumps(editor.diff)) < 4000  # the rules' words are in the catalog once, not per cell
