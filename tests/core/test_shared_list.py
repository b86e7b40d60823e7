"""The shared list behind every game's history and log: random appends, copies and cut-backs (as undo and a failed
action do) behave exactly as plain lists, and a copy never sees what is done to another."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.shared_list import CHUNK, SharedList

# One step on the family of copies: (what, which copy, a number).
steps = st.lists(st.tuples(st.sampled_from(["append", "append", "append", "extend", "copy", "cut", "cut-some", "delete",
                                                            "set"]),
                           st.integers(0, 1_000), st.integers(-3 * CHUNK, 3 * CHUNK)), max_size=120)


def same(shared: SharedList[int], model: list[int]) -> None:
    """``shared`` reads as ``model`` in every way a list is read."""
    assert len(shared) == len(model) and bool(shared) == bool(model)
    assert list(shared) == model and list(reversed(shared)) == model[::-1]
    assert shared == model and model == shared and not shared != model and shared == SharedList(model)
    assert repr(shared) == repr(model)
    for i in range(-len(model), len(model)):
        assert shared[i] == model[i]
    for bounds in [(None, None), (1, None), (-1, None), (-CHUNK - 2, None), (2, -3), (None, 5), (7, 2), (0, None, 2),
                   (None, None, -1), (-1, 2), (len(model), None), (-len(model) - 5, 3 * len(model) + 1)]:
        assert shared[slice(*bounds)] == model[slice(*bounds)], bounds
    for i in reversed(range(len(model) + 1)):  # every place a chunk may end (the newest first: a cut that is
        # not in the tail rebuilds the list in one tail)
        assert shared[i:] == model[i:] and shared[i:i + 3] == model[i:i + 3] and shared[i:max(i - 1, 0)] == []
        del shared[i:max(i - 1, 0)]  # nothing
    assert list(shared) == model
    with pytest.raises(IndexError):
        shared[len(model)]
    with pytest.raises(IndexError):
        shared[-len(model) - 1]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(steps, st.lists(st.integers(), max_size=3 * CHUNK))
def test_appends_copies_and_cuts_behave_as_lists(steps: list[tuple[str, int, int]], start: list[int]) -> None:
    family = [(SharedList(start), list(start))]
    fresh = iter(range(10**6, 10**7))
    for what, which, number in steps:
        shared, model = family[which % len(family)]
        if what == "append":
            for _ in range(abs(number)):  # runs long enough to fill chunks
                item = next(fresh)
                shared.append(item)
                model.append(item)
        elif what == "extend":
            items = [next(fresh) for _ in range(abs(number) % 5)]
            shared += items
            shared.extend(items)
            model += items + items
        elif what == "copy":
            family.append((shared.copy(), list(model)))
        elif what == "cut":  # undo of the last actions, or a failed action's events taken back
            del shared[number:]
            del model[number:]
        elif what == "cut-some":
            upto = number + which % 7 - 3
            del shared[number:upto]
            del model[number:upto]
        elif what == "delete" and model:
            del shared[number % len(model)]
            del model[number % len(model)]
        elif what == "set" and model:
            shared[number % len(model)] = -number
            model[number % len(model)] = -number
        for other, other_model in family:
            assert list(other) == other_model
    for shared, model in family:
        same(shared, model)


def test_a_copy_shares_the_frozen_items_and_copies_only_a_short_tail() -> None:
    long = SharedList(range(10 * CHUNK))
    twin = long.copy()
    assert twin._chunks is long._chunks and not twin._tail and not long._tail
    assert len(long._chunks) <= 4, "chunks merge: only a few of them"
    twin.append(-1)
    again = twin.copy()
    assert again._chunks is twin._chunks and again._tail == [-1] and again._tail is not twin._tail
    assert long == list(range(10 * CHUNK)) and twin == [*range(10 * CHUNK), -1]


def test_an_iterator_keeps_what_it_started_with_when_the_list_is_copied() -> None:
    items = SharedList(range(2 * CHUNK))
    seen = []
    for item in items:
        seen.append(item)
        items.copy()  # freezes the tail the iterator walks
    assert seen == list(range(2 * CHUNK))


def test_a_shared_list_equals_lists_only_as_a_list_does() -> None:
    assert SharedList([1, 2]) == [1, 2] and SharedList([1, 2]) != (1, 2) and SharedList() == []
    assert SharedList([1, 2]) != [1, 2, 3] and SharedList([1, 2]) != SharedList([2, 1])
    with pytest.raises(TypeError):
        hash(SharedList())


def test_pickles_and_the_copy_module_give_independent_lists() -> None:
    items = SharedList(range(2 * CHUNK))
    items.copy()
    items.append(-1)
    for twin in (copy.copy(items), copy.deepcopy(items), pickle.loads(pickle.dumps(items))):
        twin.append(-2)
        assert twin == [*range(2 * CHUNK), -1, -2] and items == [*range(2 * CHUNK), -1]
