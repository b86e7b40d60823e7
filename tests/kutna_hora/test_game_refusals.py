"""Illegal actions in every kind of decision of the full game are refused with a sentence that names what was wrong,
and the game is left exactly as it was (its save text, snapshot included, does not change)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Action, IllegalAction
from games.kutna_hora.game import KutnaHoraGame
from tests.checks import assert_not_notation, assert_refused, refusal_cases

from . import scenario

ROCK = 5  # seed 0, 2 players: mine setup card 11 puts a rock on row 1, column 6


# ---------------------------------------------------------------- one position per kind of decision


def play_step():
    game = scenario.new_game(2)
    scenario.play(game, "idle 1")  # card 1 is spent; player 1 still plays one card this turn
    return game


def guilds_step():
    return KutnaHoraGame(players=3, seed=0)


def rows_step():
    game = KutnaHoraGame(players=2, seed=4)
    scenario.play(game, "guilds 1")
    return game


def tax_step():
    game = scenario.new_game(2)
    game.state.tax = 3
    while game.pending().kind == "play":
        game.apply(f"idle {min(game.state.seats[game.pending().player].cards)}")
    return game


def miners_step():
    game = scenario.new_game(2)
    seat = game.state.seats[0]
    seat.pool, seat.reserve = 0, 9
    scenario.play(game, "play 1 mine")
    return game


def mine_step():
    game = scenario.new_game(2)
    scenario.draw_mine_tiles(game, "i-1")
    return game


def poor_mine_step():
    game = mine_step()
    game.state.seats[0].groschen = 3  # an entrance costs 2 wood × 2
    return game


def rights_step():
    game = scenario.new_game(2)
    scenario.play(game, "play 4 rights")
    return game


def poor_rights_step():
    game = rights_step()
    game.state.seats[0].groschen = 0
    return game


def plot_step():
    game = scenario.new_game(2)
    scenario.put_building(game, 1, "scribes-1", 12)  # only plots 7, 11, 13 and 17 are for sale, at 3
    game.state.seats[0].groschen = 4
    scenario.play(game, "play 1 plot")
    return game


def poor_plot_step():
    game = plot_step()
    game.state.seats[0].groschen = 2  # plot 7 costs 3: plot 12's plot value
    return game


def build_step():
    game = scenario.new_game(2)
    scenario.give_tile(game, 0, "builders-1")
    scenario.give_tile(game, 0, "builders-4")  # 4 wood: 8 groschen
    scenario.put_marker(game, 0, 12)
    game.state.seats[0].groschen = 7
    scenario.play(game, "play 3 build")
    return game


def no_demand_build_step():
    game = build_step()
    game.stands.sliders["wood"] = 2
    return game


def tech_step():
    game = scenario.new_game(2)
    scenario.give_tile(game, 0, "miners-1")
    scenario.put_marker(game, 0, 12)
    scenario.play(game, "play 3 build", "build miners-1 12")
    return game


def council_step():
    game = scenario.new_game(2)
    game.state.bank["green"], game.state.pool["green"] = 2, 1
    scenario.play(game, "play 4 income")
    return game


def house_step():
    game = scenario.barbara(3)
    for i, plot in ((1, 0), (2, 1), (3, 2), (4, 3)):
        scenario.put_building(game, 0, f"builders-{i}", plot)  # the builders row is empty
    scenario.play(game, "play 6 barbara")
    return game


def noble_step():
    game = scenario.barbara(6)
    game.state.bank["red"], game.state.council["red"] = 0, 3
    scenario.play(game, "play 6 barbara")
    return game


def score_step():
    game = scenario.barbara(10)
    scenario.put_building(game, 0, "builders-1", 6)
    scenario.put_building(game, 1, "scribes-1", 7)
    scenario.play(game, "play 6 barbara")
    return game


def game_over():
    game = scenario.new_game(2, seed=3)
    rng = random.Random(3)
    while not game.is_terminal():
        game.apply(rng.choice(list(game.legal_actions())))
    return game


CASES = [
    # play an action card
    ("play", play_step, "mine i-1 1", r"now: Player 1, round 1, turn 1: play an action card \(1 to play this turn\)\. "
                                      "Write play, joker or idle."),
    ("play", play_step, "xyzzy 1 2", "Write play, joker or idle"),
    ("play", play_step, "play 1 plot", r"card 1 was already played this round; your cards are \[2, 3, 4, 5, 6\]"),
    ("play", play_step, "idle 1", "card 1 was already played this round"),
    ("play", play_step, "play 7 mine", "name an action card 1-6"),
    ("play", play_step, "play mine", r"'play mine' has 1 word\(s\) after 'play'; write it as 'play CARD ACTION'"),
    ("play", play_step, "play 2 rights", "card 2 shows mine / joker; write 'play 2 mine'"),
    ("play", play_step, "play 2 joker", "card 2 shows mine / joker"),
    ("play", play_step, "joker 4 mine", "card 4 has no joker; it shows rights / income"),
    ("play", play_step, "joker 2 dance", "a joker takes another action: mine, rights, plot, build, income, barbara"),
    ("play", play_step, "play 3 build", "you cannot take Build now: you need a held tile and a plot."),
    ("play", play_step, "play 6 barbara", "you cannot take St. Barbara now: you have no unused pelican."),
    ("play", play_step, "pass", "this step cannot be passed: Player 1, round 1"),
    # guild sets and rows
    ("guilds", guilds_step, "guilds 4", "guilds 4 is not possible now"),
    ("guilds", guilds_step, "rows miners builders tavern", "now: Player 3: choose a guild set on setup card 8. "
                                                           "Write guilds."),
    ("guilds", guilds_step, "pass", "this step cannot be passed: Player 3: choose a guild set"),
    ("rows", rows_step, "rows scribes tavern grocers", "rows scribes tavern grocers is not possible now"),
    ("rows", rows_step, "guilds 1", "Write rows."),
    # tax
    ("tax", tax_step, "tax maybe", "tax maybe is not possible now"),
    ("tax", tax_step, "pass", r"this step cannot be passed: Player 1: pay 3 groschen tax, or refuse and lose 1 "
                              "reputation"),
    ("tax", tax_step, "play 6 income", "Write tax pay or tax refuse."),
    # a permit for miners
    ("miners", miners_step, "miners 3", r"a permit costs 2 \(you have 40\); 1 or 2 miners, reserve 9"),
    ("miners", miners_step, "mine i-1 1", "Write miners 1, miners 2 or pass."),
    # keep a drawn mine tile
    ("mine", mine_step, "mine i-9 1", r"keep one of the drawn tiles \['i-1'\]: 'mine TILE SPACE'"),
    ("mine", mine_step, f"mine i-1 {ROCK}", f"no mine may go on space {ROCK}: space {ROCK} is a rock: no mine goes on "
                                           "a rock"),
    ("mine", mine_step, "mine i-1 13", "no mine may go on space 13: space 13 is not next to a mine: a space needs a "
                                       "mine left or right of it or above it"),
    ("mine", mine_step, "mine i-1 99", "no mine may go on space 99: there is no space 99; the mine's spaces are "
                                       "numbered 0 to"),
    ("mine", mine_step, "mine i-1", r"write it as 'mine TILE SPACE'"),
    ("mine", mine_step, "pass", "this step cannot be passed: Player 1: keep one of 1 drawn mine tile and"),
    ("mine", mine_step, "tech 1", "Write mine TILE SPACE or discard."),
    ("mine", poor_mine_step, "mine i-1 1", "space 1 costs 2 wood × 2 and you have 3"),
    # rights
    ("rights", rights_step, "rights scribes-1", "scribes-1 is a scribes building, and you do not belong to the "
                                                "scribes guild"),
    ("rights", rights_step, "rights builders-2", "builders-2 is not the top tile of a stack in the town hall: only "
                                                 "top tiles may be taken"),
    ("rights", rights_step, "rights red-1", "red-1 is not the top tile of a stack in the town hall"),
    ("rights", poor_rights_step, "rights builders-1", r"builders-1 in column \d costs .* and you have 0"),
    ("rights", rights_step, "rights", r"'rights' has 0 word\(s\) after 'rights'; write it as 'rights TILE'"),
    ("rights", rights_step, "plot 3", "Write rights TILE or pass."),
    # plot
    ("plot", plot_step, "plot 3", "plot 3 is not next to a building: while an empty plot next to a building is "
                                  "left, only those may be bought"),
    ("plot", plot_step, "plot 12", "plot 12 is taken: the building scribes-1 stands on it"),
    ("plot", plot_step, "plot 99", "there is no plot 99; the town's plots are numbered 0 to 24"),
    ("plot", poor_plot_step, "plot 7", "plot 7 costs 3 groschen and you have 2"),
    ("plot", plot_step, "build builders-1 7", "Write plot SPACE or pass."),
    # build
    ("build", build_step, "build builders-4 12", "builders-4 costs 4 wood × 2; you have 7"),
    ("build", build_step, "build builders-1 13", "plot 13 does not carry your plot marker"),
    ("build", build_step, "build builders-2 12", r"build one of your held tiles \['builders-1', 'builders-4'\] on "
                                                 r"one of your plots \[12\]"),
    ("build", build_step, "build builders-1", "write it as 'build TILE PLOT'"),
    ("build", build_step, "rights builders-2", "Write build TILE PLOT or pass."),
    ("build", no_demand_build_step, "build builders-1 12", "you cannot build builders-1: no demand: the wood price "
                                                           "shows a red ✗"),
    # technology tile
    ("tech", tech_step, f"tech {ROCK}", f"no mine may go on space {ROCK}: space {ROCK} is a rock"),
    ("tech", tech_step, "pass", "this step cannot be passed: Player 1: place the technology tile"),
    ("tech", tech_step, "mine t-1 1", "Write tech SPACE or tech-remove."),
    # council, St. Barbara 3, 6, 10
    ("council", council_step, "council red", "there is no red noble in the pool"),
    ("council", council_step, "noble green", "Write council COLOUR or pass."),
    ("house", house_step, "house builders", "your builders row has no house left"),
    ("house", house_step, "house scribes", "your board has no scribes row"),
    ("house", house_step, "council green", "Write house GUILD or pass."),
    ("noble", noble_step, "noble red", "there is no red noble left in the bank"),
    ("noble", noble_step, "noble purple", "there are no purple nobles: the nobles are"),
    ("score", score_step, "score 7", "plot 7 holds no building"),
    ("score", score_step, "score 12", "plot 12 holds no building"),
    ("score", score_step, "house miners", "Write score PLOT or pass."),
    # after the end
    ("over", game_over, "play 1 mine", "the game is over; no more actions can be taken."),
    ("over", game_over, "pass", "the game is over"),
]


@refusal_cases(CASES)
def test_an_illegal_action_is_refused_with_a_reason_and_changes_nothing(kind, make, action, reason):
    assert_refused(make(), action, reason, kind)


STEPS = [play_step, guilds_step, rows_step, tax_step, miners_step, mine_step, rights_step, plot_step, build_step,
         tech_step, council_step, house_step, noble_step, score_step]


def test_every_kind_of_pending_decision_has_refusal_cases():
    kinds = {make().pending().kind for make in STEPS}
    assert kinds == {"play", "guilds", "rows", "tax", "miners", "mine", "rights", "plot", "build", "tech",
                     "council", "house", "noble", "score"}
    assert {c[0] for c in CASES} == kinds | {"over"}


@pytest.mark.parametrize("make", STEPS, ids=[m.__name__ for m in STEPS])
def test_every_legal_action_of_a_decision_is_accepted_and_the_refused_step_still_waits(make):
    game = make()
    d = game.pending()
    with pytest.raises(IllegalAction):
        game.apply("xyzzy")
    assert game.pending() == d
    for action in scenario.legal(game):
        game.clone().apply(action)  # everything listed really is accepted


@pytest.mark.parametrize("text", ["", "   ", "play 1 mine!", "PLAY 1 MINE?", "mine i_1 #1", "build 'x'"])
def test_text_that_is_not_an_action_is_refused_as_notation_and_changes_nothing(text):
    assert_not_notation(build_step(), text)


def test_a_refused_action_leaves_the_same_player_to_decide_the_same_thing():
    game = rights_step()
    with pytest.raises(IllegalAction):
        game.apply("rights scribes-1")
    assert game.pending().player == 0 and game.pending().kind == "rights"
    scenario.turn(game, 1)
    scenario.play(game, "play 4 rights", "rights scribes-1")
    assert game.state.seats[1].held == ["scribes-1"]


# ---------------------------------------------------------------- random illegal actions in random games

VERBS = ("play", "joker", "idle", "guilds", "rows", "tax", "pass", "miners", "mine", "discard", "rights", "plot",
         "build", "tech", "tech-remove", "council", "house", "noble", "score", "income", "advance", "xyzzy")
WORDS = ("mine", "rights", "plot", "build", "income", "barbara", "joker", "pay", "refuse", "green", "silver",
         "yellow", "red", "purple", "builders", "miners", "scribes", "tavern", "grocers", "metallurgists",
         "i-1", "ii-5", "iii-9", "t-1", "builders-1", "scribes-4", "green-2", "red-3", "rock-1")


def random_action(rng: random.Random) -> Action:
    verb = rng.choice(VERBS)
    args = [rng.choice((rng.randint(-2, 40), rng.choice(WORDS))) for _ in range(rng.randint(0, 3))]
    return Action(verb, tuple(args))


def fingerprint(game: KutnaHoraGame, full: bool):
    """The whole save text (``full``), or a copy of the state with the random stream and the log and history lengths
    (cheap: the log is append-only, so its length shows any change)."""
    if full:
        return game.to_json()
    return game.state.copy(), game.rng.state, len(game.log), len(game.history)


def probe(game: KutnaHoraGame, actions, full: bool = True) -> int:
    """Apply each action not legal now; every one must be refused with a reason and change nothing."""
    legal_now = game.legal_actions()
    marks = (len(game.history), len(game.log), game.rng.state)
    before = fingerprint(game, full)
    refused = 0
    for action in actions:
        if action in legal_now:
            continue
        with pytest.raises(IllegalAction) as err:
            game.apply(action)
        assert err.value.reason.strip(), f"{action}: empty reason"
        assert (len(game.history), len(game.log), game.rng.state) == marks, f"{action} changed the game"
        refused += 1
    assert fingerprint(game, full) == before
    return refused


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13)])
def test_random_illegal_actions_at_every_step_of_a_random_game_are_all_refused(players, seed):
    rng = random.Random(seed)
    game = KutnaHoraGame(players=players, seed=seed, events=players > 2)
    refused = 0
    while not game.is_terminal():
        legal_now = list(game.legal_actions())
        near = [Action(a.verb, a.args[:-1]) for a in legal_now if a.args] + \
               [Action(a.verb, (*a.args, 1)) for a in rng.sample(legal_now, min(2, len(legal_now)))]
        actions = [random_action(rng) for _ in range(4)] + rng.sample(near, min(2, len(near)))
        refused += probe(game, actions, full=len(game.history) % 25 == 0)
        game.apply(rng.choice(legal_now))
    assert refused > 4 * len(game.history)
    assert probe(game, [random_action(rng) for _ in range(10)]) == 10


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 120), picks=st.lists(st.tuples(
    st.sampled_from(VERBS), st.lists(st.one_of(st.integers(-5, 60), st.sampled_from(WORDS)), max_size=3)),
    min_size=1, max_size=6))
def test_hypothesis_illegal_actions_anywhere_in_a_game_are_refused_without_a_trace(seed, steps, picks):
    rng = random.Random(seed)
    game = KutnaHoraGame(players=2 + seed % 3, seed=seed)
    for _ in range(steps):
        if game.is_terminal():
            break
        game.apply(rng.choice(list(game.legal_actions())))
    probe(game, [Action(verb, tuple(args)) for verb, args in picks])


# ---------------------------------------------------------------- reasons that blame the wrong thing


def test_a_pass_with_an_argument_is_not_refused_as_if_passing_were_forbidden():
    game = rights_step()
    assert game.is_legal("pass")
    with pytest.raises(IllegalAction) as refused:
        game.apply("pass 3")
    assert "cannot be passed" not in refused.value.reason


def test_an_idle_card_with_an_action_named_is_not_refused_for_a_lack_of_miners():
    game = scenario.new_game(2)
    assert game.is_legal("idle 2") and game.is_legal("play 2 mine")
    with pytest.raises(IllegalAction) as refused:
        game.apply("idle 2 mine")
    assert "no miners left" not in refused.value.reason


def test_a_rights_action_with_an_extra_word_does_not_deny_that_the_tile_may_be_taken():
    game = rights_step()
    assert game.is_legal("rights builders-1")
    with pytest.raises(IllegalAction) as refused:
        game.apply("rights builders-1 5")
    assert "is not the top tile" not in refused.value.reason and "costs" not in refused.value.reason
