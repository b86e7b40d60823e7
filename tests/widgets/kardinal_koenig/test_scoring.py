"""Kardinal & König's scoring chart, sandbox and exercises: every number is the engine's, bad input is a message."""

from __future__ import annotations

import html

import comm
import pandas as pd
import pytest

import widgets.kardinal_koenig as kk_widgets
from games import kardinal_koenig
from games.core.bots import RandomBot, play_out
from games.kardinal_koenig import country_points, crest_points, load_deck, road_points, score_chart
from games.kardinal_koenig.data.rulebook import COUNTRIES, COUNTRY_CARDS
from widgets.kardinal_koenig import (
    ChartView,
    CountryExercise,
    CrestExercise,
    Holding,
    RoadExercise,
    ScoringSandbox,
    chart_frame,
    explain_country,
    explain_crests,
    explain_roads,
    problems,
    score_holdings,
    stand_in_displays,
)
from widgets.shared.exercises import Feedback

LABELS = ["France", "Saxony", "Hungary", "Castile", "Franconia", "Bavaria", "Italy", "England", "Denmark"]


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)  # also beats pytest-ipywidgets' comm


@pytest.fixture(scope="module")
def finished_games():
    games = []
    for players, seed in ((3, 1), (4, 2), (5, 3), (4, 11)):
        game = kardinal_koenig.new_game(players=players, seed=seed)
        play_out(game, [RandomBot(seed * 10 + p) for p in range(players)])
        games.append(game)
    return games


def from_browser(widget, **state):
    """What the front end sends when the learner edits a control."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


def rulebook_table():
    """The rule text's examples on one table: France 5/2/1, Denmark 2/2, crests 4 crosses v 3 fans, roads."""
    sb = ScoringSandbox(players=3)
    for player, n in zip("ABC", (5, 2, 1), strict=True):
        sb.set_cards(player, "france", n)
    sb.set_crests("A", "france", cross=4)
    sb.set_crests("B", "france", fan=3)
    sb.set_cards("A", "denmark", 2)
    sb.set_cards("B", "denmark", 2)
    sb.set_cards("B", "saxony", 3)
    sb.set_cards("C", "hungary", 6)
    sb.set_cards("C", "castile", 3)
    sb.set_roads("A", ships=3, carriages=4)
    sb.set_roads("B", ships=7)
    sb.set_roads("C", ships=5, carriages=5)
    return sb


# ---------------------------------------------------------------------- chart_frame is the engine's chart
def test_chart_frame_holds_every_number_of_the_engines_chart(finished_games):
    for game in finished_games:
        chart = game.chart()
        df = chart_frame(chart)
        names = [f"Player {p + 1}" for p in range(game.players)]
        assert list(df.index) == [*LABELS, "subtotal", "roads & −2", "total"]
        assert list(df.columns) == [(nm, part) for nm in names for part in ("country", "crests")]
        for country, label in zip(COUNTRIES, LABELS, strict=True):
            land, crest = chart.rows[country]
            assert [df.loc[label, (nm, "country")] for nm in names] == list(land)
            assert [df.loc[label, (nm, "crests")] for nm in names] == list(crest)
        assert [df.loc["subtotal", (nm, "country")] for nm in names] == list(chart.subtotal)
        assert [df.loc["roads & −2", (nm, "country")] for nm in names] == list(chart.roads)
        assert [df.loc["roads & −2", (nm, "crests")] for nm in names] == list(chart.minus)
        assert [df.loc["total", (nm, "country")] for nm in names] == list(chart.total)
        assert df.loc[["subtotal", "total"], (slice(None), "crests")].isna().all().all()


def test_each_players_two_columns_add_up_row_by_row_as_on_paper(finished_games):
    for game in finished_games:
        df = chart_frame(game.chart(), names=list("ABCDE")[: game.players])
        per_player = df.T.groupby(level="player", sort=False).sum().T  # <NA> counts as 0
        countries = per_player.loc[LABELS].sum()
        assert (per_player.loc["subtotal"] == countries).all()
        assert (per_player.loc["total"] == per_player.loc["subtotal"] + per_player.loc["roads & −2"]).all()
        assert str(df.dtypes.iloc[0]) == "Int64"


def test_chart_frame_refuses_names_that_do_not_fit():
    chart = score_chart([[], [], []])
    with pytest.raises(ValueError, match="3 different player names"):
        chart_frame(chart, names=["A", "A", "B"])
    with pytest.raises(ValueError, match="3 different player names"):
        chart_frame(chart, names=["A", "B"])


def test_the_chart_view_draws_the_engines_chart_and_stars_the_winners(finished_games):
    game = finished_games[1]
    chart = game.chart()
    view = ChartView(chart, highlight="italy")
    assert [row[0] for row in view.chart["rows"]] == list(COUNTRIES)
    for country, land, crest in view.chart["rows"]:
        assert [land, crest] == [list(chart.rows[country][0]), list(chart.rows[country][1])]
    assert view.chart["total"] == list(chart.total) and view.chart["minus"] == list(chart.minus)
    assert view.chart["winners"] == list(chart.winners()) and view.chart["final"]
    assert view.names == [f"Player {p + 1}" for p in range(game.players)] and view.highlight == "italy"
    view.update(chart, names=list("ABCDE"[:game.players]))
    assert view.names[0] == "A" and view.highlight == ""
    with pytest.raises(ValueError, match="highlight a country"):
        view.update(chart, highlight="narnia")
    for words in ("決算チャート", "中間集計", "合計", "国 country", "紋章 crests", "★ winner"):
        assert words in ChartView._esm, words


# ---------------------------------------------------------------------- the rule text's examples, in words
def test_france_five_two_one_is_explained_one_rank_up():
    lines = explain_country("france", [5, 2, 1], ["A", "B", "C"])
    assert country_points([5, 2, 1], 8) == [8, 5, 2]
    assert lines[0].startswith("A: 5 cards, the most → 8 points = the card count of France (8)")
    assert lines[1].startswith("B: 2 cards → 5 points = A's count (5), the rank just above")
    assert lines[2].startswith("C: 1 card → 2 points = B's count (2), the rank just above")


def test_denmark_two_two_is_a_shared_first_place():
    lines = explain_country("denmark", [2, 2, 0], ["A", "B", "C"])
    assert "tied with B" in lines[0] and "→ 4 points = the card count of Denmark (4)" in lines[0]
    assert "tied with A" in lines[1]
    assert lines[2].startswith("C: no Denmark cards → 0 points")


def test_ties_below_the_top_score_the_count_above_them():
    lines = explain_country("saxony", [3, 1, 1, 2], list("ABCD"))
    assert country_points([3, 1, 1, 2], 7) == [7, 2, 2, 3]
    assert lines[1].startswith("B: 1 card (tied with C") and "→ 2 points = D's count (2)" in lines[1]
    assert "→ 3 points = A's count (3)" in lines[3]


def test_crest_examples_only_the_top_scores_and_a_shared_top_scores_alike():
    first = explain_crests("france", [{"cross": 4}, {"fan": 3}], ["A", "B"])
    assert crest_points([{"cross": 4}, {"fan": 3}]) == [4, 0]
    assert first[0] == "A: 4 ✚ crosses, the most of one kind → 4 points [score.crests]."
    assert first[1].startswith("B: best 3 ◗ fans, fewer than 4 → 0")
    shared = explain_crests("france", [{"fan": 2}, {"cross": 2}, {"cross": 2}], ["A", "B", "C"])
    assert all("→ 2 points" in line and "shared with" in line for line in shared)
    once = explain_crests("france", [{"fan": 2, "cross": 2}, {"lily": 1}], ["A", "B"])
    assert "top in 2 kinds (fan and cross), scored once → 2 points" in once[0]
    assert explain_crests("italy", [{}, {}, {}], list("ABC")) == [
        "Nobody has a crest in Italy: no crest points [score.crests]."]


def test_road_examples():
    assert explain_roads(3, 4, "A").endswith("→ 0 road points [score.roads].")
    assert "fewer than 5" in explain_roads(3, 4, "A")
    assert explain_roads(7, 0, "B") == "B: 7 ships ⛵ score 7; no carriages → 7 road points [score.roads]."
    assert explain_roads(5, 5, "C").endswith("→ 10 road points [score.roads].")
    assert [road_points(3, 4), road_points(7, 0), road_points(5, 5)] == [0, 7, 10]


# ---------------------------------------------------------------------- the sandbox
def test_the_sandbox_scores_the_rulebook_table_with_the_engine():
    sb = rulebook_table()
    assert sb.message == "" and sb.chart is not None
    assert sb.chart.rows["france"] == ((8, 5, 2), (4, 0, 0))
    assert sb.chart.rows["denmark"] == ((4, 4, 0), (0, 0, 0))
    assert sb.chart.roads == (0, 7, 10)
    assert sb.chart == score_chart(stand_in_displays(sb.holdings))
    assert sb.frame().loc["France", ("B", "country")] == 5


def test_a_sandbox_edit_changes_the_chart_and_the_explanation():
    sb = ScoringSandbox(players=4)
    assert sb.chart.total == (0, 0, 0, 0)
    assert sb.set_cards("B", "bavaria", 3)
    assert sb.chart.rows["bavaria"][0] == (0, 6, 0, 0) and sb.country == "bavaria"
    assert sb.set_cards("D", "Bavaria", 2)  # by name, too
    assert sb.chart.rows["bavaria"][0] == (0, 6, 0, 3)
    assert "D: 2 cards → 3 points = B's count (3), the rank just above" in html.unescape(sb.explanation.value)
    assert sb.chart_view.highlight == "bavaria" and sb.chart_view.chart["rows"][5] == ["bavaria", [0, 6, 0, 3], [0] * 4]
    assert sb.inputs[(3, "cards")].value == 2  # the boxes show what code did


def test_editing_a_box_in_the_browser_rescores():
    sb = ScoringSandbox(players=3, country="england")
    from_browser(sb.inputs[(0, "cards")], value=3)
    from_browser(sb.inputs[(1, "cards")], value=2)
    from_browser(sb.inputs[(1, "tower")], value=3)
    from_browser(sb.inputs[(2, "ships")], value=0)
    assert sb.holdings[0].cards["england"] == 3 and sb.holdings[1].crests["england"]["tower"] == 3
    assert sb.chart.rows["england"] == ((5, 3, 0), (0, 3, 0))
    from_browser(sb.country_picker, index=COUNTRIES.index("france"))
    assert sb.country == "france" and sb.inputs[(0, "cards")].value == 0  # the boxes now show France
    from_browser(sb.inputs[(0, "cards")], value=1)
    assert sb.holdings[0].cards == {**{c: 0 for c in COUNTRIES}, "england": 3, "france": 1}


def test_changing_the_player_count_keeps_the_first_players_displays():
    sb = ScoringSandbox(players=3)
    sb.set_cards("C", "italy", 4)
    sb.players = 5
    assert sb.names == list("ABCDE") and len(sb.chart.total) == 5
    assert sb.chart.rows["italy"][0] == (0, 0, 6, 0, 0)
    assert sb.country == "italy" and sb.inputs[(2, "cards")].value == 4 and (4, "minus") in sb.inputs
    sb.set_cards("E", "italy", 2)
    five_players = sb.inputs[(4, "cards")]
    sb.players = 3
    assert sb.chart.rows["italy"][0] == (0, 0, 6)
    assert len(sb.country_grid.children) == 1 + 3 * 6  # one header, then per player a name and 5 boxes
    assert five_players.comm is None  # the old boxes are closed, not left behind in the kernel


def test_loading_a_game_gives_the_games_own_chart(finished_games):
    for game in finished_games:
        sb = ScoringSandbox.from_game(game)
        assert sb.players == game.players
        assert sb.chart == game.chart()  # −2 chips included: the game is over
        assert sb.frame().equals(chart_frame(game.chart(), names=sb.names))
    live = kardinal_koenig.new_game(players=3, seed=5)
    bot = RandomBot(1)
    for _ in range(20):
        live.apply(bot.choose(live))
    assert not live.is_terminal() and any(live.state.displays)
    assert ScoringSandbox.from_game(live).chart == live.chart()  # mid-game: −2 chips still face down


def test_stand_in_cards_carry_exactly_the_counts():
    deck = load_deck().cards
    displays = [list(deck[0:20]), list(deck[20:38]), list(deck[38:56])]
    holdings = [Holding.of(d) for d in displays]
    again = [Holding.of(d) for d in stand_in_displays(holdings)]
    assert again == holdings
    assert score_holdings(holdings) == score_chart(displays)
    assert all(len(card.crests) <= 2 for d in stand_in_displays(holdings) for card in d)


# ---------------------------------------------------------------------- impossible tables: a message
def test_more_cards_than_the_country_has_is_a_message_not_a_traceback():
    sb = ScoringSandbox(players=3)
    assert sb.set_cards("A", "denmark", 3)
    before = sb.chart
    assert not sb.set_cards("B", "denmark", 2)
    assert sb.chart is None
    assert sb.message.startswith("Denmark has only 4 cards, but the players hold 5 together (A 3, B 2)")
    assert "role='alert'" in sb.message_html.value and sb.explanation.value == ""
    assert "The chart still shows the last possible table" in sb.message
    assert sb.frame().equals(chart_frame(before, names=sb.names))
    assert sb.set_cards("B", "denmark", 1) and sb.message == "" and sb.chart.rows["denmark"][0] == (4, 3, 0)


def test_impossible_crests_routes_and_negative_numbers_are_explained():
    sb = ScoringSandbox(players=3)
    assert not sb.set_crests("A", "castile", fan=1)
    assert "A has 1 crest in Castile on 0 cards, but we take a card to show at most 2 crests (our inference from " \
           "the rule text), so at most 0" in sb.message
    sb.set_cards("A", "castile", 2)
    assert sb.message == ""
    assert not sb.set_crests("A", "castile", cross=4)
    assert "5 crests in Castile on 2 cards" in sb.message
    sb.set_crests("A", "castile", cross=0)
    assert not sb.set_roads("A", ships=2, carriages=1)
    assert "A has 2 ships and 1 carriage but only 2 cards: we take a card to show a ship or a carriage, " \
           "never both" in sb.message
    sb.set_roads("A", ships=0, carriages=0)
    from_browser(sb.inputs[(1, "cards")], value=-1)
    assert "B cannot hold -1 Castile cards: type 0 or more." in sb.message
    from_browser(sb.inputs[(1, "cards")], value=0)
    assert sb.set_minus("A", 2)
    assert not sb.set_minus("B", 1)
    assert "There are 2 −2 law chips in the game" in sb.message


def test_problems_lists_every_reason_and_nothing_for_a_real_table(finished_games):
    for game in finished_games:
        assert problems([Holding.of(d) for d in game.displays()]) == []
    bad = [Holding(), Holding()]
    assert problems(bad) == ["The game is for 3 to 5 players, not 2."]
    with pytest.raises(ValueError, match="3 to 5 players"):
        stand_in_displays(bad)


def test_code_that_names_no_player_or_country_says_what_exists():
    sb = ScoringSandbox(players=3)
    with pytest.raises(ValueError, match="players A, B, C"):
        sb.set_cards("D", "france", 1)
    with pytest.raises(ValueError, match="no country 'Prussia'"):
        sb.set_cards("A", "Prussia", 1)
    with pytest.raises(ValueError, match="no crest kind eagle"):
        sb.set_crests("A", "france", eagle=1)
    with pytest.raises(ValueError, match="3 to 5 players"):
        ScoringSandbox(players=2)


# ---------------------------------------------------------------------- exercises
@pytest.mark.parametrize("ex", [
    CountryExercise("France", "france", {"A": 5, "B": 2, "C": 1}, ask="C"),
    CountryExercise("Denmark", "denmark", [2, 2, 0], ask="B"),
    CountryExercise("Saxony", "saxony", {"A": 3, "B": 1, "C": 1, "D": 2}, ask="B"),
    CrestExercise("Crests", "france", {"A": {"cross": 4}, "B": {"fan": 3}}, ask="B"),
    CrestExercise("Shared", "france", [{"fan": 2}, {"cross": 2}, {"cross": 2}], ask="A"),
    RoadExercise("Roads", ships=5, carriages=5),
    RoadExercise("Short roads", ships=4, carriages=3, ask="B"),
])
def test_exercises_take_their_answer_from_the_engine_and_accept_it(ex):
    if isinstance(ex, CountryExercise):
        truth = country_points(ex.counts, COUNTRY_CARDS.value[ex.country])[ex.names.index(ex.ask)]
    elif isinstance(ex, CrestExercise):
        truth = crest_points(ex.crests)[ex.names.index(ex.ask)]
    else:
        truth = road_points(ex.ships, ex.carriages)
    assert ex.answer() == truth
    fb = ex.check(truth)
    assert fb.correct and fb.text.startswith(f"Right: {ex.ask} scores {truth}. ")
    assert ex.check(str(truth)).correct and ex.check(f" {truth} ").correct and ex.check(float(truth)).correct


def test_a_wrong_answer_is_explained_with_the_rule():
    ex = CountryExercise("Three in France", "france", {"A": 5, "B": 2, "C": 1}, ask="C",
                         hint="Look one rank up.")
    fb = ex.check(1)
    assert fb == Feedback(False, fb.text)
    assert fb.text.startswith("Not quite: you said 1, but C scores 2. ")
    assert "C: 1 card → 2 points = B's count (2), the rank just above [score.country-next]." in fb.text
    assert fb.text.endswith("Hint: Look one rank up.")
    crest = CrestExercise("Crests", "france", {"A": {"cross": 4}, "B": {"fan": 3}}, ask="B")
    assert "only the most of one kind scores" in crest.check(3).text
    road = RoadExercise("Roads", ships=7, carriages=4)
    assert "4 carriages 🛒 score 0 (fewer than 5)" in road.check(11).text


def test_the_question_shows_the_display_but_not_the_answer():
    ex = CountryExercise("Three in France", "france", {"A": 5, "B": 2, "C": 1}, ask="C")
    assert ex.question == ("France has 8 cards. At the end: A 5 cards, B 2 cards, C 1 card. "
                           "How many country points does C score in France?")
    crest = CrestExercise("Crests", "france", {"A": {"cross": 4}, "B": {"fan": 3}, "C": {}}, ask="A")
    assert "A: 4 ✚ crosses; B: 3 ◗ fans; C: no crests." in crest.question
    assert "score" not in ex.question_html().split("?")[-1]


@pytest.mark.parametrize(("answer", "says"), [
    (None, "Type your answer first"), ("", "Type your answer first"), ("five", "'five' is not a number"),
    (2.5, "Points are whole numbers"), (True, "not True"), (-2, "never negative"), ([2], "not a list"),
])
def test_unreadable_answers_get_a_sentence(answer, says):
    fb = RoadExercise("Roads", ships=5, carriages=0).check(answer)
    assert not fb.correct and says in fb.text


def test_a_broken_exercise_fails_when_it_is_made():
    with pytest.raises(ValueError, match="Denmark has only 4 cards"):
        CountryExercise("x", "denmark", [3, 2, 0], ask="A")
    with pytest.raises(ValueError, match="ask about one of A, B, C"):
        CountryExercise("x", "france", [3, 2, 0], ask="D")
    with pytest.raises(ValueError, match="crests by kind"):
        CrestExercise("x", "france", [{"eagle": 2}, {}], ask="A")
    with pytest.raises(ValueError, match="ships must be a whole number"):
        RoadExercise("x", ships=-1, carriages=0)


def test_the_exercise_box_checks_on_click_and_never_raises():
    box = CountryExercise("Three in France", "france", {"A": 5, "B": 2, "C": 1}, ask="B").show()
    box.check_button.click()
    assert "Type your answer first" in box.feedback.value and "✗" in box.feedback.value
    from_browser(box.answer, value="5")
    box.check_button.click()
    assert "✓ Right: B scores 5." in box.feedback.value


@pytest.mark.slow
def test_import_widgets_does_not_import_pandas_for_scoring():
    import subprocess
    import sys

    code = "import sys, widgets.kardinal_koenig; print('pandas' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "False"
    assert isinstance(chart_frame(score_chart([[], [], []])), pd.DataFrame)
    assert kk_widgets.__all__
