"""Playing a learner at the ipywidgets controls of a sandbox or an exercise box."""

from __future__ import annotations

from typing import Any


def from_browser(widget: Any, **state: Any) -> None:
    """What the front end sends when the learner picks an option, types or ticks a box."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


def refused_and_unchanged(view: Any, intent: Any, says: str, picture: Any, callback: str) -> None:
    """``intent`` is refused with a sentence holding ``says``, through ``handle_intent`` and through the comm, and
    neither ``picture(view)`` nor the view's ``callback`` (``on_space``, ``on_plot``) is touched."""
    from tests.widgets.messages import click, updates

    called: list[Any] = []
    setattr(view, callback, called.append)
    before, seq = picture(view), view.message_seq
    view.outbox.clear()
    assert view.handle_intent(intent) is False
    assert view.message_kind == "error" and says in view.message, view.message
    assert view.message.startswith(("Not allowed: ", "Not understood: ")) and "Traceback" not in view.message
    assert picture(view) == before and called == []
    assert view.message_seq == seq + 1  # the same refusal twice still reaches the view
    changed = {k for m in updates(view) for k in m["state"]}
    assert changed <= {"message", "message_kind", "message_seq"}
    click(view, intent)  # through the comm as well: no exception escapes the handler
    assert picture(view) == before and view.message_kind == "error" and called == []
