"""An append-only list that a game and its clones share: ``copy`` costs a few dozen items, not the whole list.

A game's history (its actions) and its log (its events) only grow at the end: an action is taken, its events are
logged. Search bots clone positions a thousand decisions deep all the time, and copying two lists of a thousand items
or more would cost more than the copy of the state itself. A :class:`SharedList` keeps its items in two parts:

* **frozen chunks**: a tuple of tuples, never changed, so a copy holds the very same tuple (no items copied);
* **a tail**: a plain list that takes the appends, private to one copy.

``copy`` first freezes a tail of :data:`CHUNK` items or more into a new chunk (so both copies share it from then on),
then copies only what is left of the tail. Chunks are merged like the digits of a binary counter (a chunk joins the
one before it when that one is no longer), so there are only a few of them and each item is copied again only a few
times in a whole game (about log2 of the length over CHUNK). Appending goes to the tail, and reading, slicing,
iterating and comparing behave as they do for a list: ``len(game.history)``, ``game.log[-1]``, ``game.history[:10]``
(a list), ``list(game.log)``, ``game.history == []``. Saves are unchanged: they list the items.

The game kernel appends to ``_tail`` and reads ``_frozen`` directly (the events of the action it applies are the newest
items of the tail): that runs for every action and event, and this class's own ``append``, ``len`` and slicing are
Python calls, several times slower than a list's.

Anything other than appending at the end (``del log[start:]`` after a failed action, any other change) works as well,
on the tail when it can and otherwise by rebuilding the list in one tail.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import Any, Callable, TypeVar, overload

T = TypeVar("T")

#: A tail this long is frozen into a shared chunk at the next copy; a shorter one is copied.
CHUNK = 32

_new = object.__new__


class SharedList(Sequence[T]):
    """A list of items that only grows at the end, copied without copying its older items (see the module)."""

    __slots__ = ("_chunks", "_frozen", "_tail")

    _chunks: tuple[tuple[T, ...], ...]  # frozen items, oldest first, shared between copies
    _frozen: int  # how many items the chunks hold
    _tail: list[T]  # the newest items, this copy's own

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._chunks, self._frozen, self._tail = (), 0, list(items)

    def copy(self) -> SharedList[T]:
        """An independent copy sharing every frozen item (see the module)."""
        tail = self._tail
        if len(tail) >= CHUNK:
            self._freeze(tail)
            tail = []
        twin = _new(SharedList)
        twin._chunks = self._chunks
        twin._frozen = self._frozen
        twin._tail = tail.copy()
        return twin

    def _freeze(self, tail: list[T]) -> None:
        """Move the tail into the chunks, merging it with the last chunks while they are no longer than it. The tail
        is replaced, not emptied: an iterator over it still sees what it held."""
        chunks, new = list(self._chunks), tuple(tail)
        while chunks and len(chunks[-1]) <= len(new):
            new = chunks.pop() + new
        chunks.append(new)
        self._chunks, self._frozen, self._tail = tuple(chunks), self._frozen + len(tail), []

    def append(self, item: T) -> None:
        self._tail.append(item)

    def extend(self, items: Iterable[T]) -> None:
        self._tail.extend(items)

    def __iadd__(self, items: Iterable[T]) -> SharedList[T]:
        self._tail.extend(items)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied by the ``copy`` module as the list of its items (a copy made slot by slot would share
        the tail)."""
        return SharedList, (self._as_list(),)

    def _as_list(self) -> list[T]:
        if not self._chunks:
            return self._tail[:]
        out = [item for chunk in self._chunks for item in chunk]
        out += self._tail
        return out

    # ------------------------------------------------------------------ reading, as a list
    def __len__(self) -> int:
        return self._frozen + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        frozen = self._frozen
        if type(index) is slice:
            start, stop, step = index.indices(frozen + len(self._tail))
            if start >= frozen and step == 1:  # the newest items (the events of the last action)
                return self._tail[start - frozen:max(stop - frozen, 0)]
            return self._as_list()[index]
        if index < 0:
            index += frozen + len(self._tail)
            if index < 0:
                raise IndexError("list index out of range")
        if index >= frozen:
            return self._tail[index - frozen]
        for chunk in self._chunks:
            if index < len(chunk):
                return chunk[index]
            index -= len(chunk)
        raise AssertionError("unreachable: the chunks hold _frozen items")

    def __iter__(self) -> Iterator[T]:
        return chain(*self._chunks, self._tail)

    def __reversed__(self) -> Iterator[T]:
        return chain(reversed(self._tail), *map(reversed, reversed(self._chunks)))

    def __bool__(self) -> bool:
        return bool(self._frozen or self._tail)

    def __eq__(self, other: object) -> bool:
        """Equal to a list or another shared list with the same items (as a list is, and not to a tuple)."""
        if isinstance(other, SharedList):
            if len(self) != len(other):
                return False
            return other._chunks is self._chunks and other._tail == self._tail or self._as_list() == other._as_list()
        if isinstance(other, list):
            return len(self) == len(other) and self._as_list() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as a list

    def __repr__(self) -> str:
        return repr(self._as_list())

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """In a notebook, shown as the list it is (one item a line when long)."""
        printer.pretty(self._as_list())

    # ------------------------------------------------------------------ changing other than at the end
    def __delitem__(self, index: int | slice) -> None:
        frozen = self._frozen
        if type(index) is slice:
            start, stop, step = index.indices(frozen + len(self._tail))
            if start >= frozen and step == 1:  # the newest items (a failed action's events)
                del self._tail[start - frozen:max(stop - frozen, 0)]
                return
        self._rebuild(lambda items: items.__delitem__(index))

    def __setitem__(self, index: Any, value: Any) -> None:
        self._rebuild(lambda items: items.__setitem__(index, value))

    def _rebuild(self, change: Callable[[list[T]], None]) -> None:
        """Apply ``change`` to the items as one list, which becomes the tail (the copies keep their own items)."""
        items = self._as_list()
        change(items)
        self._chunks, self._frozen, self._tail = (), 0, items
