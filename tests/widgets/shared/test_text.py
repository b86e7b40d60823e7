"""The lessons' results shown as prose: a sentence, a list or a table as HTML for the page and as the same words in
plain text, escaped, with no quotes, brackets or reprs."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from widgets.shared.text import bullets, rows_table, sentence

REPR_MARKS = re.compile(r"^[\[\(\{']|\bat 0x")


def test_a_sentence_is_its_words_with_bold_kept_and_html_escaped():
    shown = sentence("Player **1** scores", 8, "points <now>.")
    assert repr(shown) == str(shown) == "Player 1 scores 8 points <now>."
    assert shown._repr_html_() == "<p class='bg-result'>Player <b>1</b> scores 8 points &lt;now&gt;.</p>"


def test_a_list_shows_each_line_as_a_bullet_under_its_title():
    shown = bullets(["A: 8 points", "B: 5 points"], title="France")
    assert repr(shown) == "France\n• A: 8 points\n• B: 5 points"
    assert shown._repr_html_().count("<li>") == 2 and "France" in shown._repr_html_()
    assert repr(bullets([])) == "• (none)"


def test_a_table_aligns_numbers_right_and_text_left():
    shown = rows_table([("silver", 3, 9), ("ore", 6, 24)], ["good", "production", "groschen"], title="Income")
    assert repr(shown).splitlines() == ["Income", "good    production  groschen", "silver           3         9",
                                        "ore              6        24"]
    assert shown._repr_html_().count("<tr>") == 3 and "text-align: right'>24<" in shown._repr_html_()


def test_a_row_of_the_wrong_length_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="every row needs 2 cells, one per column"):
        rows_table([(1, 2, 3)], ["a", "b"])


CELL = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=8)


@given(st.lists(st.lists(CELL, min_size=2, max_size=2), max_size=5), CELL)
def test_any_cells_are_escaped_and_never_shown_as_a_repr(rows, title):
    shown = rows_table(rows, ["x", "y"], title=title)
    page = shown._repr_html_()
    assert "<script" not in page.replace("&lt;script", "")
    assert len(repr(shown).split("\n")) == len(rows) + 1 + bool(title)
    assert page.count("<tr>") == len(rows) + 1
    if not title.startswith(("[", "(", "{", "'")):
        assert not REPR_MARKS.search(repr(shown).split("\n")[0])
