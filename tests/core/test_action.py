import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core import Action, InvalidNotation, LegalActions

words = st.from_regex(r"[a-z][a-z0-9_\-]{0,8}", fullmatch=True)
args = st.lists(st.one_of(st.integers(-50, 50), words), max_size=3)


@pytest.mark.slow
@given(words, args)
def test_every_action_text_parses_back_to_the_same_action(verb, arguments):
    action = Action(verb, tuple(arguments))
    assert Action.parse(str(action)) == action


def test_text_form_reads_like_a_player_says_it():
    assert str(Action("advance", ("ore", 2))) == "advance ore 2"
    assert Action.parse("  Advance   ORE 2 ") == Action("advance", ("ore", 2))


@pytest.mark.parametrize("text", ["", "   ", "2 advance", "build b@d", "build (beer)"])
def test_unreadable_text_is_invalid_notation(text):
    with pytest.raises(InvalidNotation):
        Action.parse(text)


def test_non_text_is_invalid_notation():
    with pytest.raises(InvalidNotation):
        Action.parse(42)  # type: ignore[arg-type]


def test_arguments_must_be_words_or_whole_numbers():
    with pytest.raises(InvalidNotation):
        Action("build", (1.5,))  # type: ignore[arg-type]
    with pytest.raises(InvalidNotation):
        Action("build", (True,))  # type: ignore[arg-type]


def test_numbers_sort_by_value_and_before_words():
    acts = [Action("advance", ("ore", 10)), Action("advance", ("ore", 2)), Action("advance", ("ore", "x"))]
    assert [str(a) for a in LegalActions(acts)] == ["advance ore 2", "advance ore 10", "advance ore x"]


def test_legal_actions_are_unique_and_answer_text_membership():
    legal = LegalActions([Action("income"), Action("income"), Action("build", ("beer",))])
    assert len(legal) == 2
    assert "income" in legal and "build beer" in legal
    assert "build wood" not in legal and "b@d" not in legal
    assert "2 legal actions" in repr(legal)


def test_actions_are_immutable_and_hashable():
    a = Action("income")
    with pytest.raises(AttributeError):
        a.verb = "x"  # type: ignore[misc]
    assert {a: 1}[Action.parse("income")] == 1
